import Foundation

// Consistent identification (WCAG 3.2.4): within one locale, one source text should be translated one
// way. Decisions, documented in the rules' rationales:
// - Source texts are compared case-sensitively after trimming surrounding white space; "Close" and
//   "Close." are different source texts.
// - Translations are compared the same way, except that trailing sentence punctuation (. … ... : ! ?
//   and their full-width forms) is ignored: VoiceOver does not read it and a stray period is not a
//   second name for a control; typographic and typewriter quotes are one spelling; letter case and
//   invisible bidi controls and zero-width spaces do not make a second name either.
// - A context splits a group: an explicit marker in the developer comment (`context: verb`) or a
//   key that is its source text plus a suffix (`Open (verb)`, `Open|verb`, `Open#verb`, `Open::verb`);
//   for ordinary strings, a differing developer comment too (Xcode's generated Interface Builder
//   comments excepted: they name an object, not a meaning). `consistency.comments-as-context: false`
//   turns the last off.
// - Only plain texts are compared (plurals and variations differ in shape by design), never empty
//   translations (`empty-value` and `a11y-empty` report those).
// - Accessibility labels, hints and values are compared within their role; one key of one table is
//   one place, however many copies (an XLIFF export next to the catalog) repeat it.

/// One translation of a source text in one place.
private struct Occurrence {
    var pair: TranslationPair
    /// The translation without surrounding white space.
    var text: String
    /// What is compared: `text` without trailing sentence punctuation.
    var form: String
}

private struct GroupKey: Hashable {
    var locale: String
    var source: String
    var context: String
    /// Labels are compared with labels, hints with hints: "Close" as a name and as an instruction
    /// are rightly translated differently.
    var role: String
}

enum ConsistentIdentification {
    /// Trailing punctuation VoiceOver does not read and visible titles vary in without changing the name.
    private static let trailingPunctuation: Set<Unicode.Scalar> = [".", "…", ":", "!", "?", "。", "！", "？", "：", "؟", "।"]

    /// Whether two forms are one term inflected: as many words, each the same or differing only in
    /// an ending of up to two letters after a shared stem of three letters or more ("услови" and
    /// "услове", "satır" and "satırı"). A typo inside a word ("Надавние") or another word is no inflection.
    /// Whether two forms differ only by the definite article Arabic and Hebrew join to a word
    /// ("المحفوظة" and "محفوظة"): one word, with and without "the".
    static func differsByArticle(_ a: String, _ b: String) -> Bool {
        let wordsA = a.split(separator: " "), wordsB = b.split(separator: " ")
        guard wordsA.count == wordsB.count, wordsA != wordsB else { return false }
        return zip(wordsA, wordsB).allSatisfy { x, y in
            x == y || Self.joinedArticles.contains { article in
                (x.hasPrefix(article) && x.dropFirst(article.count) == y) || (y.hasPrefix(article) && y.dropFirst(article.count) == x)
            }
        }
    }
    static let joinedArticles = ["ال", "ה"]

    /// The spelling of a form to suggest, of its places' texts (which may differ in case): the one
    /// most places write; of equals, outside English, the one with fewest capitals after its first
    /// letter ("Décaler à droite", not the English-style title "Décaler à Droite").
    static func suggestedText(_ texts: [String], locale: String) -> String {
        var counts: [String: Int] = [:]
        for text in texts { counts[text, default: 0] += 1 }
        let titleCase = LanguageTag.languageSubtag(of: locale) == "en"
        func capitals(_ text: String) -> Int { text.dropFirst().reduce(0) { $0 + ($1.isUppercase ? 1 : 0) } }
        // In order of first place: the first of the best stays first.
        var best = texts[0]
        for text in texts.dropFirst() where text != best {
            let (n, m) = (counts[text]!, counts[best]!)
            if n > m || (n == m && !titleCase && capitals(text) < capitals(best)) { best = text }
        }
        return best
    }

    /// Whether one form is the other after an article or a preposition (es "De derecha a izquierda"
    /// and "Derecha a izquierda", fr "Le fichier" and "Fichier"): one name, written as a phrase or a
    /// title. Forms are lower-cased (`form`); the rest must be two words or more.
    static func differsByLeadingParticle(_ a: String, _ b: String) -> Bool {
        let (longer, shorter) = a.utf8.count > b.utf8.count ? (a, b) : (b, a)
        guard let space = longer.firstIndex(of: " "), leadingParticles.contains(String(longer[..<space])) else { return false }
        let rest = longer[longer.index(after: space)...]
        return rest == shorter[...] && shorter.contains(" ")
    }
    static let leadingParticles: Set<String> = ["the", "a", "an", "de", "del", "di", "da", "du", "des", "la", "le", "les", "el",
                                                "los", "las", "il", "lo", "der", "die", "das", "den", "het", "een", "of"]

    /// Whether two labels are one name once the word naming the control type is left out of either
    /// ("Schaltfläche Buch hinzufügen", "Buch hinzufügen"): `words` are
    /// `LabelNamesControlTypeRule.controlWords` of the locale's language.
    static func differsByControlWord(_ a: String, _ b: String, words: [String], locale: String) -> Bool {
        func withoutControlWord(_ form: String) -> [Substring]? {
            guard let folded = try? TextFolding.fold(form) else { return nil }
            return folded.split { !$0.isLetter }.compactMap { token in
                // A compound keeps its first part: "zuruckschaltflache" is "zuruck".
                guard let word = LabelNamesControlTypeRule.controlWord(in: token, words: words, locale: locale) else { return token }
                return token.count > word.count ? token.dropLast(word.count) : nil
            }
        }
        guard let x = withoutControlWord(a), let y = withoutControlWord(b), !x.isEmpty else { return false }
        return x == y
    }

    static func inflects(_ a: String, _ b: String) -> Bool {
        let wordsA = a.split(separator: " "), wordsB = b.split(separator: " ")
        guard wordsA.count == wordsB.count else { return false }
        return zip(wordsA, wordsB).allSatisfy { x, y in
            if x == y { return true }
            let x = Array(x), y = Array(y)
            guard x.allSatisfy(\.isLetter), y.allSatisfy(\.isLetter) else { return false }
            var stem = 0
            while stem < min(x.count, y.count), x[stem] == y[stem] { stem += 1 }
            return stem >= 3 && x.count - stem <= 2 && y.count - stem <= 2
        }
    }

    /// Whether two one-word forms are one root in two word classes: a one-word English source is
    /// often a noun and a verb at once ("Edit" as the Edit menu or a settings pane, and as a command),
    /// which other languages tell apart ("Úpravy", "Upravit"; "Edição", "Editar"). Compared without
    /// case and accents, they share a stem of three letters or more that is at least half the
    /// shorter word.
    /// Forms that differ only in accents ("Sangría", "Sangria") are one spelling gone wrong, and
    /// Chinese, Japanese and Korean words do not inflect: neither shares a root in this sense.
    static func sharesRoot(_ a: String, _ b: String) -> Bool {
        let x = Array(a.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        let y = Array(b.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        guard x != y, x.allSatisfy(\.isLetter), y.allSatisfy(\.isLetter),
              !(a + b).unicodeScalars.contains(where: Self.isUninflectedScript) else { return false }
        var stem = 0
        while stem < min(x.count, y.count), x[stem] == y[stem] { stem += 1 }
        return stem >= 3 && stem * 2 >= min(x.count, y.count)
    }

    /// Of two forms that differ only in accents ("sangría", "sangria"), the one the locale writes more
    /// often in all its texts (inside longer ones too), with both counts; nil when they differ
    /// otherwise, or the locale writes each as often.
    static func spellingByUsage(_ a: String, _ b: String, locale: Int32, buffers: LocaleTextBuffers) -> (preferred: Int, counts: (preferred: Int, other: Int))? {
        guard a != b, a.folding(options: .diacriticInsensitive, locale: nil) == b.folding(options: .diacriticInsensitive, locale: nil) else { return nil }
        let texts = buffers.lowercasedTexts(of: locale)
        let x = ByteSearch.count(of: Array(a.utf8), in: texts), y = ByteSearch.count(of: Array(b.utf8), in: texts)
        guard x != y else { return nil }
        return x > y ? (0, (x, y)) : (1, (y, x))
    }

    /// Which of two forms holds the locale's term, by how often it writes the one word they differ in
    /// (or words that word begins: "строк" in "строки", "номера строк") in all its texts.
    /// - A majority of up to three places is overturned (more likely a slip repeated, ru "Линии" for
    ///   text lines twice in one menu) when the other's word is written at least three times as often,
    ///   and five times beyond its places here; a larger majority is the locale's choice.
    /// - A tie is broken when one word is written nowhere but here (declined forms of a long word
    ///   count), and the other twice beyond its places here (tr "Dolaşma Çubuğu" in the menu's other
    ///   items, against one "Dolaşım").
    /// The form it favours, with both words and their counts; nil when usage settles nothing.
    static func formByUsage(_ a: (form: String, places: Int), _ b: (form: String, places: Int), tie: Bool, locale: Int32,
                            buffers: LocaleTextBuffers)
        -> (preferred: Int, words: (preferred: String, other: String), counts: (preferred: Int, other: Int))? {
        if !tie && a.places > 3 { return nil }
        guard let (wordA, wordB) = differingWord(a.form, b.form) else { return nil }
        // Counted as written in lower case and as a title: lowering every text of the locale costs
        // more than the two searches (the buffer lowers ASCII letters only).
        let texts = buffers.texts(of: locale)
        // Most questions are settled by a few occurrences: a search stops once `limit` are found.
        func count(_ word: String, limit: Int = .max) -> Int {
            let title = word.prefix(1).uppercased() + word.dropFirst()
            let found = ByteSearch.count(of: Array(word.utf8), in: texts, limit: limit)
            guard found < limit, title.first?.isASCII == false, title != word else { return found }
            return found + ByteSearch.count(of: Array(title.utf8), in: texts, limit: limit - found)
        }
        if tie {
            // Only a word the locale writes nowhere else gives way: a typo ("Раззмер"), or a word
            // chosen once. Two words it writes elsewhere may be two meanings ("Wstaw", "Sprawdź").
            // A long word is looked for without its last two letters: declined, it is the same word
            // (tr "kılavuzlarını" here, "Girintileme kılavuzları" elsewhere).
            func writtenNowhereElse(_ word: String, places: Int) -> Bool {
                count(word.count >= 8 ? String(word.dropLast(2)) : word, limit: places + 1) == places
            }
            let (x, y) = (count(wordA, limit: a.places + 2), count(wordB, limit: b.places + 2))
            if x == a.places + 2 && writtenNowhereElse(wordB, places: b.places) { return (0, (wordA, wordB), (count(wordA), y)) }
            if y == b.places + 2 && writtenNowhereElse(wordA, places: a.places) { return (1, (wordB, wordA), (count(wordB), x)) }
            return nil
        }
        // `a` is the majority: only its overturn is asked.
        let x = count(wordA)
        guard count(wordB, limit: max(3 * x, b.places + 5)) == max(3 * x, b.places + 5) else { return nil }
        return (1, (wordB, wordA), (count(wordB), x))
    }

    /// The one word, of four letters at least, in which two forms of as many words differ
    /// ("dolaşım", "dolaşma" of "dolaşım çubuğunu göster" and "dolaşma çubuğunu göster"); nil when
    /// they differ in more, in order, or by an ending.
    static func differingWord(_ a: String, _ b: String) -> (String, String)? {
        let x = a.split(separator: " "), y = b.split(separator: " ")
        guard x.count == y.count else { return nil }
        var found: (Substring, Substring)? = nil
        for (p, q) in zip(x, y) where p != q {
            if found != nil { return nil }
            found = (p, q)
        }
        guard let (p, q) = found, p.count >= 4, q.count >= 4, p.allSatisfy(\.isLetter), q.allSatisfy(\.isLetter),
              // One inside the other ("satır", "satırı") counts the longer twice: an ending, not a term.
              !p.contains(q), !q.contains(p) else { return nil }
        return (String(p), String(q))
    }

    /// Han, kana and Hangul.
    static func isUninflectedScript(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) || (0xAC00...0xD7A3).contains(scalar.value)
            || (0x1100...0x11FF).contains(scalar.value)
    }

    /// Whether one form is the other with words added at an end: a fragment of a sentence split
    /// across strings takes the words another word order moves into it ("칸" and "칸 들여쓰기" for
    /// "spaces" in "Indent wrapped lines by [4] spaces").
    static func extends(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard !short.isEmpty, short != long else { return false }
        if long.hasPrefix(short + " ") || long.hasSuffix(" " + short) { return true }
        // Chinese and Japanese write no spaces between words: "個空格" and "個空格縮排".
        let unspaced = !long.contains(" ") && long.unicodeScalars.contains { $0.properties.isIdeographic }
        return unspaced && (long.hasPrefix(short) || long.hasSuffix(short))
    }

    /// Texts Interface Builder gives new objects: a label, a button, a bar item, and the detail and
    /// subtitle labels of a table view cell's system styles, which the code fills in ("Title", their
    /// other default, is also a real word and stays compared).
    static let interfaceBuilderDefaults: Set<String> = ["Label", "Button", "Item", "Table View Cell", "Detail", "Subtitle"]

    static func capitalised(_ text: String) -> Bool { text.first(where: \.isLetter)?.isUppercase == true }

    static func form(_ text: String) -> String {
        // Case is not a second name: "Käyttöehdot" as a title and "käyttöehdot" inside a sentence
        // are one term. ASCII text without capitals (most of it) needs no lowercasing.
        var folded = text.utf8.allSatisfy({ $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }) ? text : text.lowercased()
        // Turkish "İ" lowers to "i" and a combining dot above, which "i" lacks: "GPX İzleri", "GPX izleri".
        if folded.utf8.count != text.utf8.count, folded.contains("i\u{307}") { folded = folded.replacingOccurrences(of: "i\u{307}", with: "i") }
        // Most texts end in a letter and have no curly quotes (’‘“”„ start with the byte E2 in UTF-8,
        // ʼ with CA), no bidi controls (E2 80 8E/8F/AA–AE, E2 81 A6–A9, D8 9C) and no zero-width
        // space, word joiner or byte order mark (E2 80 8B, E2 81 A0, EF BB BF): nothing to remove or fold.
        if let last = folded.unicodeScalars.last, !trailingPunctuation.contains(last), !last.isWhitespaceFast,
           last != ")", last != "]", !hasFoldableQuote(folded) {
            return folded
        }
        var scalars = Substring(folded).unicodeScalars[...]
        while let last = scalars.last, trailingPunctuation.contains(last) || last.isWhitespaceFast { scalars.removeLast() }
        // A term in brackets ("(nó)" as a suffix of a label) is the same term.
        if let first = scalars.first, let last = scalars.last, scalars.count > 2, (first == "(" && last == ")") || (first == "[" && last == "]") {
            scalars = scalars.dropFirst().dropLast()
        }
        // Typographic and typewriter quotes are one spelling ("d’ús" and "d'ús"): no one hears or
        // reads a different word; invisible bidi controls around a word do not change it either, nor
        // does a zero-width space (Khmer, Thai and Lao mark word boundaries with it).
        // Built as UTF-8 bytes: appending scalars to a String one by one is slow.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.utf8.count)
        for scalar in scalars where !invisibleFormatting.contains(scalar.value) { UTF8.encode(quoteFolding[scalar] ?? scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// LRM, RLM, ALM, the embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069), and
    /// the zero-width space, word joiner and zero-width no-break space (U+200B, U+2060, U+FEFF).
    private static let invisibleFormatting: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                                      0x2066, 0x2067, 0x2068, 0x2069, 0x200B, 0x2060, 0xFEFF]

    /// Whether the UTF-8 has ‘ ’ “ ” „ (E2 80 98/99/9C/9D/9E), ʼ (CA BC), a ZWNJ (E2 80 8C), a bidi
    /// control, a zero-width space (E2 80 8B), a word joiner (E2 81 A0) or a byte order mark (EF BB BF).
    private static func hasFoldableQuote(_ text: String) -> Bool {
        return text.withUTF8Bytes { bytes in
            var i = 0
            while i + 1 < bytes.count {
                let b = bytes[i]
                if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80 {
                    let c = bytes[i + 2]
                    if c == 0x98 || c == 0x99 || c == 0x9C || c == 0x9D || c == 0x9E || c == 0x8B || c == 0x8C || c == 0x8E || c == 0x8F
                        || (c >= 0xAA && c <= 0xAE) { return true }
                } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x81,
                          bytes[i + 2] == 0xA0 || (bytes[i + 2] >= 0xA6 && bytes[i + 2] <= 0xA9) {
                    return true
                } else if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
                    return true
                } else if (b == 0xCA && bytes[i + 1] == 0xBC) || (b == 0xD8 && bytes[i + 1] == 0x9C) {
                    return true
                }
                i += 1
            }
            return false
        }
    }

    private static let quoteFolding: [Unicode.Scalar: Unicode.Scalar] = [
        "’": "'", "‘": "'", "ʼ": "'", "“": "\"", "”": "\"", "„": "\"",
        // Persian writes a compound with a zero-width non-joiner or a space ("ذخیره‌شد", "ذخیره شد"):
        // one word either way.
        "\u{200C}": " ",
    ]

    /// Label, hint or value: from the Interface Builder property, else from the key's tokens.
    static func role(_ kind: AccessibilityClassifier.Kind, key: String) -> String {
        switch kind {
        case .label: return "label"
        case .hint: return "hint"
        case .value: return "value"
        case .identifier: return "identifier"
        case .keyPattern, .comment:
            let tokens = AccessibilityClassifier.tokens(of: key)
            if tokens.contains("hint") { return "hint" }
            if tokens.contains("value") { return "value" }
            return "label"
        }
    }

    /// The context a key or comment gives a string, "" for none.
    static func context(key: String, source: String, comment: String?, commentsAsContext: Bool) -> String {
        context(key: key, source: source, facts: comment.map(CommentFacts.init), commentsAsContext: commentsAsContext)
    }

    /// What a comment says about context, worked out once per distinct comment: the same source
    /// comment comes back in every locale, and telling Xcode's generated comments apart is costly.
    struct CommentFacts {
        /// `context: …` in the comment.
        var marker: String?
        /// The comment's words, single-spaced; nil for a generated Interface Builder comment or none.
        var words: String?

        init(_ comment: String) {
            marker = ConsistentIdentification.explicitContext(in: comment)
            if InterfaceBuilder.parseGeneratedComment(comment) == nil {
                let words = ConsistentIdentification.singleSpaced(comment)
                self.words = words.isEmpty ? nil : words
            }
        }
    }

    static func context(key: String, source: String, facts comment: CommentFacts?, commentsAsContext: Bool) -> String {
        if let marker = comment?.marker { return "context:" + marker }
        // Compared as bytes: `hasPrefix` normalises both strings first, and this runs for every pair.
        if key.utf8.count > source.utf8.count, key.utf8.starts(with: source.utf8) {
            let suffix = String(decoding: key.utf8.dropFirst(source.utf8.count), as: UTF8.self).trimmingCharacters(in: .whitespaces)
            for opener in ["(", "[", "|", "#", "::"] where suffix.hasPrefix(opener) && suffix.count > opener.count {
                return "key:" + suffix
            }
        }
        if commentsAsContext, let words = comment?.words { return "comment:" + words }
        return ""
    }

    private static let contextMarker: StaticString = "context:"

    /// The words of a comment joined by single spaces. An ASCII comment without tabs, line ends,
    /// double or outer spaces is returned as it is, without splitting it.
    static func singleSpaced(_ comment: String) -> String {
        var previous: UInt8 = 0x20
        var plain = true
        for byte in comment.utf8 {
            if byte >= 0x80 || byte < 0x20 || (byte == 0x20 && previous == 0x20) {
                plain = false
                break
            }
            previous = byte
        }
        if plain && previous != 0x20 { return comment }
        return comment.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `context: verb` anywhere in a comment, up to the end of its line or a `;`.
    static func explicitContext(in comment: String) -> String? {
        // ASCII case folding is enough for an ASCII marker; a byte search, as this runs for every pair.
        guard comment.containsByte(UInt8(ascii: ":")) else { return nil }
        let offset: Int? = ByteSearch.asciiLowercased(comment).withUnsafeBufferPointer { lower in
            ByteSearch.firstOffset(of: UnsafeBufferPointer(start: Self.contextMarker.utf8Start, count: Self.contextMarker.utf8CodeUnitCount),
                                   in: lower)
        }
        guard let offset else { return nil }
        let utf8 = comment.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        let range = lower..<utf8.index(lower, offsetBy: Self.contextMarker.utf8CodeUnitCount)
        let rest = comment[range.upperBound...].prefix { $0 != "\n" && $0 != ";" && $0 != ")" }
        let value = rest.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// A table whose values mostly equal the source in this locale (an Interface Builder table that
    /// was never sent to translators): its forms are not translators' choices.
    static func tableIsUntranslated(_ context: RuleContext, _ pair: TranslationPair) -> Bool {
        guard let row = context.coverage.row(locale: pair.locale, table: pair.table) else { return false }
        return row.identicalKeys.count * 2 > row.sourceKeys - row.missing
    }

    /// Source texts of more words than this are messages rather than names of things.
    static let maximumWords = 8

    static func check(_ context: RuleContext, rule: RuleDescription, accessibility: Bool) -> [Finding] {
        let configuration = context.options.configuration
        let ignoredTexts = Set(configuration.consistencyIgnoreTexts)
        let tableSets = context.index.tableSets
        // Most groups have one form: a group keeps its first and last pair and whether it varies, and
        // its pairs are chained through `next`; only the groups that vary become occurrence lists.
        // Most places of a group repeat its first text exactly: a text's form is worked out only when it
        // differs from the first text, and the first text's form only then.
        // Twelve bytes a group, its id interned apart: a large app has a quarter of a million groups.
        struct Group {
            var first: Int32
            var last: Int32
            var varies = false
        }
        // A group is one source text (with its context and role) in one locale, both interned.
        struct GroupID: Hashable {
            var locale: Int32
            var source: Int32
        }
        var groupIDs = Interner<GroupID>()
        var groups: [Group] = []
        var firstForms: [Int: String] = [:]  // by group, for the few whose texts differ
        var sourceGroups = Interner<GroupKey>()
        var next = [Int32](repeating: -1, count: context.pairs.count)
        // One place is one key of one table per locale: an XLIFF export or a second tree of the same
        // table repeats it (pairs come in table order, so the first tree wins), and a copy is not a
        // second place (nor is drift between copies this rule's concern).
        struct Place: Hashable {
            var locale: Int32
            var tableName: Int32
            var key: Int32
        }
        var placed: Set<Place> = []
        var commentFacts: [String: CommentFacts] = [:]
        func facts(_ comment: String) -> CommentFacts {
            if let known = commentFacts[comment] { return known }
            let facts = CommentFacts(comment)
            commentFacts[comment] = facts
            return facts
        }
        // What the source side decides (whether the key is compared at all, and its group), worked
        // out once per source entry rather than once per locale: by table set, then key position.
        let notCompared: Int32 = -1, unknown: Int32 = -2, dependsOnTranslation: Int32 = -3
        var sourceSides = tableSets.map { [Int32](repeating: unknown, count: $0.sourceEntries.count) }
        let role = { (kind: AccessibilityClassifier.Kind?, key: String) in kind.map { Self.role($0, key: key) } ?? "" }
        // The context when the source has no comment of its own and a translation's may give one.
        func group(_ pair: TranslationPair, source: String, comment: String?) -> Int32 {
            let kind = context.accessibilityKind(pair)
            // Accessibility comments mostly say where a control sits, not what it means: only explicit
            // markers split accessibility strings.
            let key = GroupKey(locale: "", source: source,
                               context: Self.context(key: pair.key, source: source, facts: comment.map(facts),
                                                     commentsAsContext: !accessibility && configuration.consistencyCommentsAsContext),
                               role: role(kind, pair.key))
            return Int32(sourceGroups.id(of: key))
        }
        func sourceSide(_ pair: TranslationPair) -> Int32 {
            guard case .text(let rawSource) = pair.source.value else { return notCompared }
            let kind = context.accessibilityKind(pair)
            if accessibility {
                guard let kind, kind.isSpoken else { return notCompared }
            } else if kind != nil {
                return notCompared
            }
            // A key the code no longer uses (`extractionState: stale`) shows nowhere: no second name.
            if pair.source.isStale { return notCompared }
            let source = rawSource.trimmingSpaces
            // A label or term, not a sentence: two translations of a long message are two wordings,
            // not one thing under two names.
            guard source.utf8.lazy.filter({ $0 == 0x20 }).count < Self.maximumWords else { return notCompared }
            // Interface Builder's default titles ("Label", "Button") on an object the code fills in at
            // run time: nobody sees them, so two translations of them are no second name.
            if Self.interfaceBuilderDefaults.contains(source), AccessibilityClassifier.interfaceBuilderKey(pair.key) != nil { return notCompared }
            guard source.hasLetter, !ignoredTexts.contains(source),
                  !configuration.consistencyIgnoreKeys.contains(where: { Glob.matches($0, pair.key) }) else { return notCompared }
            // TranslateWiki documents each message in `qqq` instead of a comment: "Title of the related
            // articles section" and "Button that opens the reverted edit" make two meanings of "Read more".
            let documentation = accessibility ? nil : tableSets[Int(pair.tableIndex)].documentation?.entries[pair.key]?.value.plainText
            guard let comment = pair.source.comment ?? documentation else { return dependsOnTranslation }
            return group(pair, source: source, comment: comment)
        }
        let pairs = context.pairs
        // Only pairs with plain text join a group.
        func trimmedText(_ index: Int) -> String {
            guard case .text(let rawText) = pairs[index].translation.value else { return "" }
            return rawText.trimmingSpaces
        }
        for index in pairs.indices {
            // A source already known to be left out settles the pair before it is copied out (most
            // are: sentences, and for each rule the other's kind of strings).
            if sourceSides[Int(pairs[index].tableIndex)][Int(pairs[index].keyPosition)] == notCompared { continue }
            let pair = pairs[index]
            guard case .text(let rawText) = pair.translation.value else { continue }
            // A translation waiting for review or a new one is not settled yet: translation-state says
            // so, and it is no second name until a translator confirms it.
            if let state = pair.translation.state?.meaning, state != .translated, state != .final, state != .other { continue }
            let t = Int(pair.tableIndex), k = Int(pair.keyPosition)
            var side = sourceSides[t][k]
            if side == unknown {
                side = sourceSide(pair)
                sourceSides[t][k] = side
            }
            if side == notCompared { continue }
            let text = rawText.trimmingSpaces
            guard !text.isEmpty else { continue }
            guard placed.insert(Place(locale: pair.localeID, tableName: tableSets[t].nameID, key: pair.keyID)).inserted else { continue }
            if side == dependsOnTranslation {
                guard case .text(let rawSource) = pair.source.value else { continue }
                side = group(pair, source: rawSource.trimmingSpaces, comment: pair.translation.comment)
            }
            let g = groupIDs.id(of: GroupID(locale: pair.localeID, source: side))
            guard g < groups.count else {
                groups.append(Group(first: Int32(index), last: Int32(index)))
                continue
            }
            next[Int(groups[g].last)] = Int32(index)
            groups[g].last = Int32(index)
            guard !groups[g].varies else { continue }
            let firstText = trimmedText(Int(groups[g].first))
            guard text != firstText else { continue }
            let firstForm = firstForms[g] ?? form(firstText)
            firstForms[g] = firstForm
            if form(text) != firstForm { groups[g].varies = true }
        }
        func chainedOccurrences(of group: Group) -> [Occurrence] {
            var out: [Occurrence] = []
            var index = Int(group.first)
            while index >= 0 {
                let text = trimmedText(index)
                out.append(Occurrence(pair: pairs[index], text: text, form: form(text)))
                index = Int(next[index])
            }
            return out
        }
        // A developer comment sets a source text's places apart ("Got It" under a tracker notice, "Got It"
        // in onboarding), and a context of two places ties one to one. Which form the locale prefers is
        // told by every place of the text that only a comment sets apart: those places vote and are
        // counted, while only the context's own places are compared and reported. Explicit markers and
        // key suffixes name different meanings: their places stay apart.
        struct SiblingKey: Hashable {
            var locale: Int32
            var source: String
            var role: String
        }
        func setApartByCommentOnly(_ key: GroupKey) -> Bool { key.context.isEmpty || key.context.hasPrefix("comment:") }
        var siblings: [SiblingKey: [Int]] = [:]
        let varyingSources = Set(groups.indices.lazy.filter { groups[$0].varies }.map { sourceGroups.values[Int(groupIDs.values[$0].source)].source })
        if !varyingSources.isEmpty {
            let joinsSiblings = sourceGroups.values.map { varyingSources.contains($0.source) && setApartByCommentOnly($0) }
            for (g, id) in groupIDs.values.enumerated() where joinsSiblings[Int(id.source)] {
                let key = sourceGroups.values[Int(id.source)]
                siblings[SiblingKey(locale: id.locale, source: key.source, role: key.role), default: []].append(g)
            }
        }
        var findings: [Finding] = []
        let localeTexts = context.localeTexts
        for (g, summary) in groups.enumerated() where summary.varies {
            let id = groupIDs.values[g]
            var group = sourceGroups.values[Int(id.source)]
            let siblingGroups = setApartByCommentOnly(group)
                ? siblings[SiblingKey(locale: id.locale, source: group.source, role: group.role)] ?? [g] : [g]
            group.locale = context.index.locales[Int(id.locale)]
            let occurrences = chainedOccurrences(of: summary)
            let ordered = occurrences.sorted { $0.pair.location < $1.pair.location }
            // Variants in order of first occurrence; the majority wins, ties go to the first.
            var variants: [(form: String, occurrences: [Occurrence])] = []
            // A source in lower case ("spaces") is a piece of a sentence another string holds.
            let isFragment = group.source.first?.isLowercase == true
            // "Custom…", a menu item that opens a dialog, is one word too (its ellipsis is compared
            // away); "Whitespace:" labels one thing, and its forms are one term.
            let word = group.source.hasSuffix("…") ? String(group.source.dropLast())
                : group.source.hasSuffix("...") ? String(group.source.dropLast(3)) : group.source
            let isOneWord = !word.isEmpty && word.allSatisfy(\.isLetter)
            // A label that adds the control type ("Schaltfläche Buch hinzufügen") is the same name:
            // a11y-label-names-control-type says to drop the word, which makes the forms one.
            let controlWords = accessibility ? LabelNamesControlTypeRule.controlWords[LanguageTag.languageSubtag(of: group.locale)] : nil
            func variant(of occurrence: Occurrence) -> Int? {
                if let index = variants.firstIndex(where: { $0.form == occurrence.form }) { return index }
                // A title, and the same term declined inside a sentence (sr "Услови коришћења" as a
                // menu item, "услове коришћења" where a sentence puts it in the accusative): grammar,
                // not a second name. Two titles that differ so ("Gardar", "Garder") may be a typo.
                return variants.firstIndex(where: {
                    (Self.inflects($0.form, occurrence.form) && Self.capitalised($0.occurrences[0].text) != Self.capitalised(occurrence.text))
                        || Self.differsByArticle($0.form, occurrence.form)
                        || Self.differsByLeadingParticle($0.form, occurrence.form)
                        || (isFragment && Self.extends($0.form, occurrence.form))
                        || (controlWords != nil && Self.differsByControlWord($0.form, occurrence.form, words: controlWords!, locale: group.locale))
                })
            }
            for occurrence in ordered {
                if let index = variant(of: occurrence) {
                    variants[index].occurrences.append(occurrence)
                } else {
                    variants.append((occurrence.form, [occurrence]))
                }
            }
            guard variants.count > 1 else { continue }
            // Every place that votes, by variant: the context's own, and its comment-only siblings'
            // places whose text is one of its variants.
            var places = variants
            if siblingGroups.count > 1 {
                places = variants.map { ($0.form, []) }
                let everyPlace = siblingGroups.flatMap { chainedOccurrences(of: groups[$0]) }.sorted { $0.pair.location < $1.pair.location }
                for occurrence in everyPlace {
                    if let index = variant(of: occurrence) { places[index].occurrences.append(occurrence) }
                }
            }
            // One word whose forms share a root, in different tables: a noun in one kind of control
            // and a verb in another ("Úpravy" for the Edit menu and a settings pane, "Upravit" for a
            // command), or a word agreeing with different nouns ("Ogólne", "Ogólny"). Which is right
            // depends on the control, which the catalogs do not say; within one table, two forms stay
            // two names.
            if isOneWord, Set(ordered.map(\.pair.tableIndex)).count > 1,
               variants.indices.allSatisfy({ i in variants.indices.allSatisfy { j in i == j || Self.sharesRoot(variants[i].form, variants[j].form) } }) {
                continue
            }
            // A value left untranslated (identical to the source where it has words to translate), or
            // from a table left mostly untranslated, is no vote: the form to recommend is one a
            // translator chose. Nothing chosen, nothing to recommend.
            func isVote(_ occurrence: Occurrence) -> Bool {
                if Self.tableIsUntranslated(context, occurrence.pair) { return false }
                return occurrence.text != group.source
                    || Coverage.mayStayIdentical(occurrence.pair.source.value, key: occurrence.pair.key,
                                                 locale: group.locale, names: context.names)
            }
            func votes(_ variant: (form: String, occurrences: [Occurrence])) -> Int { variant.occurrences.filter(isVote).count }
            let voteCounts = places.map(votes)
            guard let mostVotes = voteCounts.max(), mostVotes > 0 else { continue }
            let total = places.reduce(0) { $0 + $1.occurrences.count }
            let notes = places.map { variant -> Finding.Note in
                let places = variant.occurrences.map { "\($0.pair.table.name) \"\($0.pair.key.visibleExcerpt)\"" }
                let listed = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " and \(places.count - 3) more" : "")
                return Finding.Note(message: "\"\(variant.occurrences[0].text.visibleExcerpt)\" in \(variant.occurrences.count) of \(total) places: \(listed)",
                                    location: variant.occurrences[0].pair.location)
            }
            let sourceShown = "\"\(group.source.visibleExcerpt)\""
            func noun(_ occurrence: Occurrence) -> String {
                accessibility ? (context.accessibilityKind(occurrence.pair)?.noun ?? "accessibility string") : "source text"
            }
            let why = accessibility
                ? "VoiceOver should name the same control the same way on every screen"
                : "users meet one term under \(variants.count == 2 ? "two" : variants.count == 3 ? "three" : "\(variants.count)") names"
            let tied = variants.indices.filter { voteCounts[$0] == mostVotes }
            // Two spellings that differ only in accents ("Sangria" twice, "Sangría:" once): the one the
            // locale writes more often in all its texts is its spelling, whichever this source's places favour.
            let spelling = variants.count == 2
                ? Self.spellingByUsage(variants[0].form, variants[1].form, locale: id.locale, buffers: localeTexts) : nil
            // One finding where the variant `at` first appears, naming every form and picking none.
            func namingEveryForm(at variant: Int, _ how: String, _ advice: String) -> Finding {
                let occurrence = variants[variant].occurrences[0]
                let forms = places.map { variant in
                    "\"\(variant.occurrences[0].text.visibleExcerpt)\"\(variant.form == occurrence.form ? " here" : "") (\(variant.occurrences.count) of \(total))"
                }
                let message = "\(noun(occurrence)) \(sourceShown) is translated \(variants.count) ways in \(group.locale), \(how): \(forms.joined(separator: ", ")); \(advice)"
                return .entry(rule, message, at: occurrence.pair.location, locale: group.locale,
                              table: occurrence.pair.table, key: occurrence.pair.key, notes: notes)
            }
            // Two forms: which holds the word the locale writes in all its texts. It breaks a tie; against
            // a small majority, both are named and neither imposed.
            let usage = spelling == nil && variants.count == 2 && tied.count <= 2
                ? Self.formByUsage((variants[tied[0]].form, places[tied[0]].occurrences.count),
                                   (variants[1 - tied[0]].form, places[1 - tied[0]].occurrences.count), tie: tied.count == 2,
                                   locale: id.locale, buffers: localeTexts) : nil
            if let usage, tied.count == 1 {
                let (usual, rare) = (usage.words.preferred.visibleExcerpt, usage.words.other.visibleExcerpt)
                findings.append(namingEveryForm(at: tied[0], "and the form in fewer places holds the word \(group.locale) writes in all its texts (\"\(usual)\" \(usage.counts.preferred) times, \"\(rare)\" \(usage.counts.other))",
                                                "\(why): check which fits, likely \(group.locale)'s own word"))
                continue
            }
            if tied.count > 1 && spelling == nil && usage == nil {
                // No form is chosen more often: file order would pick one at random, and it may be the
                // typo. One finding, where the second form first appears, names them all and picks none.
                findings.append(namingEveryForm(at: tied[1], "none more often than the others", "\(why): choose one"))
                continue
            }
            // Three ways or more and none in half the places: "Edit" as a command ("Modifier"), the Edit menu
            // ("Édition") and a settings pane ("Éditeur") are different senses, each right in its place.
            // No form to impose: one finding names them all and asks for a check.
            if variants.count >= 3, mostVotes * 2 < voteCounts.reduce(0, +) {
                findings.append(namingEveryForm(at: 1, "none in half the places",
                                                "a word with several senses (a command, a menu, a title) may need several, but \(why): check that each fits its place"))
                continue
            }
            let majority = spelling?.preferred ?? usage.map { tied[$0.preferred] } ?? tied[0]
            let suggested = Self.suggestedText(places[majority].occurrences.map(\.text), locale: group.locale)
            let outvoted = majority != tied[0] || tied.count > 1
            for (index, variant) in variants.enumerated() where index != majority {
                for occurrence in variant.occurrences {
                    let noun = noun(occurrence)
                    let here = "\(noun) \(sourceShown) is translated \(variants.count) ways in \(group.locale): \"\(occurrence.text.visibleExcerpt)\" here (\(places[index].occurrences.count) of \(total))"
                    let suggestion = "\"\(suggested.visibleExcerpt)\" (\(places[majority].occurrences.count) of \(total))"
                    let message: String
                    if let spelling, outvoted {
                        let (preferred, other) = (variants[majority].form, variants[1 - majority].form)
                        message = "\(here); the two differ only in accents, and \(group.locale) writes \"\(preferred.visibleExcerpt)\" \(spelling.counts.preferred) times in its texts, \"\(other.visibleExcerpt)\" \(spelling.counts.other); \(why): spell it \"\(preferred.visibleExcerpt)\" as in \(suggestion)"
                    } else if let usage {
                        message = "\(here); \(group.locale) writes \"\(usage.words.preferred.visibleExcerpt)\" \(usage.counts.preferred) times in its texts, \"\(usage.words.other.visibleExcerpt)\" \(usage.counts.other); \(why): use \(suggestion)"
                    } else {
                        message = "\(here); \(why): use \(suggestion)"
                    }
                    findings.append(.entry(rule, message, at: occurrence.pair.location, locale: group.locale,
                                           table: occurrence.pair.table, key: occurrence.pair.key, notes: notes))
                }
            }
        }
        findings.sort(by: Finding.stableOrder)
        return findings
    }
}

public struct AccessibilityInconsistentLabelRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-inconsistent-label", name: "Accessibility label translated inconsistently", severity: .warning,
        summary: "Within one locale, the same source accessibility label, hint or value is translated differently in different places.",
        rationale: """
        WCAG 3.2.4 (Consistent Identification): controls with the same function are identified the same \
        way throughout the app. A \"Close\" button that VoiceOver announces as \"Schließen\" on one screen \
        and \"Zumachen\" on another makes users wonder whether it does the same thing, and Voice Control \
        users must guess which word to say. Every variant is listed with how often it occurs and where \
        it first does; the most frequent one is suggested and each place that differs from it is \
        reported. On a tie no form is suggested (the first in file order may be the typo): one finding, \
        where the second form first appears, names them all. Source texts are compared case-sensitively after \
        trimming white space; translations ignore a term declined inside a sentence (a capitalised \
        title and a lower-case form whose words differ by an ending of up to two letters), the Arabic \
        and Hebrew article joined to a word, an article or preposition that starts one form of two words \
        or more (es "De derecha a izquierda", "Derecha a izquierda"), for a lower-case source (a piece of a sentence) a form that \
        is the other with words added at an end (another word order gives it the verb), translations \
        still waiting for review, Interface Builder's default titles ("Label", "Button", a cell's \
        "Detail" and "Subtitle") on objects, trailing \
        sentence punctuation (. … : ! ?), which \
        VoiceOver does not read, the difference between typographic and typewriter quotes, letter case \
        (a term capitalised as a title and in lower case inside a sentence), invisible characters (bidi controls, zero-width spaces) \
        and a word naming the control type, which `a11y-label-names-control-type` reports (\"Schaltfläche Buch hinzufügen\"). Labels are compared with labels and hints with hints (from the \
        Interface Builder property or a `hint`/`value` token in the key), and one key of one table counts \
        once however many copies (XLIFF exports, a second tree) repeat it. An explicit context splits a group: `context: …` in the developer \
        comment, or a key that is its source text plus a suffix (`Back (card side)`, `Back|nav`). \
        Other comment differences do not: an accessibility comment mostly says where a control is. \
        Keys or texts that legitimately differ are left out with `consistency.ignore-keys` (globs) or \
        `consistency.ignore-texts` in `.locale-audit.yml`.
        """,
        triggering: [
            RuleExample("The close button says \"Zumachen\" in one storyboard, \"Schließen\" everywhere else",
                .strings("en", """
                "a11y.tabs.close" = "Close";
                "a11y.settings.close" = "Close";
                "a11y.reader.close" = "Close";

                """),
                .strings("de", """
                "a11y.tabs.close" = "Schließen";
                "a11y.settings.close" = ↓"Zumachen";
                "a11y.reader.close" = "Schließen.";

                """)),
            RuleExample("A tie: one finding names both forms and suggests neither", sourceLanguage: "en",
                VirtualFile("de.lproj/Main.strings", """
                /* Class = "UIButton"; accessibilityLabel = "Share"; ObjectID = "aaa-11-bbb"; */
                "aaa-11-bbb.accessibilityLabel" = "Teilen";
                /* Class = "UIButton"; accessibilityLabel = "Share"; ObjectID = "ccc-22-ddd"; */
                "ccc-22-ddd.accessibilityLabel" = ↓"Freigeben";

                """)),
        ],
        nonTriggering: [
            RuleExample("One translation everywhere; trailing punctuation and differing comments do not count",
                .strings("en", """
                /* Close button of the tab switcher, read by VoiceOver */
                "a11y.tabs.close" = "Close";
                /* Close button of the settings screen, read by VoiceOver */
                "a11y.settings.close" = "Close";

                """),
                .strings("de", "\"a11y.tabs.close\" = \"Schließen\";\n\"a11y.settings.close\" = \"Schließen.\";\n")),
            RuleExample("An explicit context marks two meanings of one word",
                .strings("en", """
                /* context: navigation */
                "a11y.nav.back" = "Back";
                /* context: the back side of a card */
                "a11y.card.back" = "Back";

                """),
                .strings("de", "\"a11y.nav.back\" = \"Zurück\";\n\"a11y.card.back\" = \"Rückseite\";\n")),
            RuleExample("One label adds the control type: one name, and a11y-label-names-control-type says to drop the word",
                .strings("en", "\"a11y.toolbar.add\" = \"Add book\";\n\"a11y.shelf.add\" = \"Add book\";\n"),
                .strings("de", "\"a11y.toolbar.add\" = \"Buch hinzufügen\";\n\"a11y.shelf.add\" = \"Schaltfläche Buch hinzufügen\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        ConsistentIdentification.check(context, rule: Self.description, accessibility: true)
    }
}

public struct InconsistentTranslationRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "inconsistent-translation", name: "Same text translated inconsistently", severity: .note,
        summary: "Within one locale, ordinary strings (up to eight words) with identical source text and context are translated differently.",
        rationale: """
        A \"Cancel\" button that reads \"Abbrechen\" in one dialog and \"Stornieren\" in the next looks \
        like two different actions (WCAG 3.2.4 for visible labels). Some identical source strings \
        legitimately differ by meaning, so this is a note, and context is respected: a differing \
        developer comment (Xcode's generated Interface Builder comments excepted; TranslateWiki's `qqq` \
        message documentation counts as one), `context: …` in the \
        comment, or a key that is its source text plus a suffix (`Open (verb)`, `Open|verb`). Comparison \
        as in `a11y-inconsistent-label` (case-sensitive, trimmed, trailing punctuation and quote style \
        ignored, copies of one key counted once). Turn \
        comments off as context with `consistency.comments-as-context: false`, leave keys or texts out \
        with `consistency.ignore-keys`/`consistency.ignore-texts`, or the rule off with \
        `rules: {inconsistent-translation: off}`. Accessibility strings are left to `a11y-inconsistent-label`. \
        A value identical to the source, or from a table mostly left untranslated, is never recommended: \
        it does not count as a vote. A one-word source is often a noun and a verb at once ("Edit" \
        as the Edit menu and as a command), which other languages tell apart ("Úpravy", "Upravit"): \
        forms of one root in different tables are left alone, since which is right depends on the \
        control; within one table, and for forms that differ only in accents, they are reported (of two \
        spellings that differ only in accents, the one the locale writes more often in all its texts is \
        recommended, however few of this text's places have it). Three \
        forms or more of which none holds half the places (fr "Modifier", "Édition", "Éditeur") are likely \
        several senses: one finding names them all and recommends none. A shared comment sets its places \
        apart from the others, but when they differ, every place of the same text that only a comment \
        sets apart votes on the form to recommend. Of two one-word forms, when the one in fewer places is \
        the word the locale writes in all its texts (three times as often as the other, and five times \
        beyond these places: ru \"строк\" against \"линии\" for text lines), a majority of up to three \
        places is more likely the slip: one finding names both, where the majority's form first appears, \
        and imposes neither. Two forms tied are told apart the same way when they differ in one word and \
        the locale writes one of the two nowhere else (a typo, \"Раззмер\"; a word chosen once; a word of \
        eight letters or more counts in other endings too) and the other at least twice more: that \
        form is recommended.
        """,
        triggering: [
            RuleExample("Two dialogs' Cancel buttons",
                .strings("en", "\"alert.cancel\" = \"Cancel\";\n\"sheet.cancel\" = \"Cancel\";\n\"export.cancel\" = \"Cancel\";\n"),
                .strings("de", "\"alert.cancel\" = \"Abbrechen\";\n\"sheet.cancel\" = ↓\"Stornieren\";\n\"export.cancel\" = \"Abbrechen\";\n")),
            RuleExample("Values left in English are no votes: the form translators chose most is recommended",
                .strings("en", "\"a\" = \"Share the article\";\n\"b\" = \"Share the article\";\n\"c\" = \"Share the article\";\n\"d\" = \"Share the article\";\n\"e\" = \"Share the article\";\n"),
                .strings("de", "\"a\" = \"Share the article\";\n\"b\" = \"Share the article\";\n\"c\" = \"Artikel teilen\";\n\"d\" = ↓\"Teile den Artikel\";\n\"e\" = \"Artikel teilen\";\n")),
            RuleExample("One word spelt two ways in two tables: an accent is no word class",
                VirtualFile("en.lproj/Main.strings", "\"menu.indent\" = \"Indentation\";\n\"pane.indent\" = \"Indentation\";\n"),
                VirtualFile("es.lproj/Main.strings", "\"menu.indent\" = \"Sangría\";\n\"pane.indent\" = \"Sangría\";\n"),
                VirtualFile("en.lproj/Localizable.strings", "\"action.indent\" = \"Indentation\";\n"),
                VirtualFile("es.lproj/Localizable.strings", "\"action.indent\" = ↓\"Sangria\";\n")),
            RuleExample("Two places drop the accent that the locale's other texts write: its spelling is recommended, not the majority here",
                VirtualFile("en.lproj/Main.strings", "\"menu.indent\" = \"Indentation\";\n\"pane.indent\" = \"Indentation\";\n"),
                VirtualFile("es.lproj/Main.strings", "\"menu.indent\" = ↓\"Sangria\";\n\"pane.indent\" = ↓\"Sangria\";\n"),
                VirtualFile("en.lproj/Localizable.strings", "\"action.indent\" = \"Indentation\";\n\"auto\" = \"Automatic indentation\";\n\"width\" = \"Indentation width\";\n"),
                VirtualFile("es.lproj/Localizable.strings", "\"action.indent\" = \"Sangría:\";\n\"auto\" = \"Sangría automática\";\n\"width\" = \"Ancho de sangría\";\n")),
            RuleExample("Three forms, none in most places: likely several senses, one finding that recommends none",
                VirtualFile("en.lproj/Main.strings", "\"menu.edit\" = \"Edit\";\n\"menu.edit.title\" = \"Edit\";\n"),
                VirtualFile("fr.lproj/Main.strings", "\"menu.edit\" = \"Edition\";\n\"menu.edit.title\" = \"Edition\";\n"),
                VirtualFile("en.lproj/Localizable.strings", "\"action.edit\" = \"Edit\";\n\"pane.edit\" = \"Edit\";\n\"toolbar.edit\" = \"Edit\";\n"),
                VirtualFile("fr.lproj/Localizable.strings", "\"action.edit\" = \"Modifier\";\n\"pane.edit\" = ↓\"Éditeur\";\n\"toolbar.edit\" = \"Édition\";\n")),
            RuleExample("Two places share a comment and differ: the locale's other places of the text decide which form to recommend",
                .strings("en", "/* Button under a tracker notice */\n\"tracker.ok\" = \"Got It\";\n/* Button under a tracker notice */\n\"owner.ok\" = \"Got It\";\n\"onboarding.ok\" = \"Got It\";\n\"broken.ok\" = \"Got It\";\n"),
                .strings("el", "\"tracker.ok\" = ↓\"Το έπιασα\";\n\"owner.ok\" = \"Το κατάλαβα\";\n\"onboarding.ok\" = \"Το κατάλαβα\";\n\"broken.ok\" = \"Το κατάλαβα\";\n")),
            RuleExample("The majority here is not the locale's word: Russian writes \"строк\" for text lines everywhere else",
                VirtualFile("en.lproj/Main.strings", "\"menu.lines\" = \"Lines\";\n\"toolbar.lines\" = \"Lines\";\n"),
                VirtualFile("ru.lproj/Main.strings", "\"menu.lines\" = ↓\"Линии\";\n\"toolbar.lines\" = \"Линии\";\n"),
                VirtualFile("en.lproj/Localizable.strings", "\"count.lines\" = \"Lines\";\n\"join\" = \"Join Lines\";\n\"sort\" = \"Sort Lines\";\n\"wrap\" = \"Wrap Lines\";\n\"numbers\" = \"Line Numbers\";\n\"delete\" = \"Delete Line\";\n"),
                VirtualFile("ru.lproj/Localizable.strings", "\"count.lines\" = \"Строк\";\n\"join\" = \"Объединить строки\";\n\"sort\" = \"Сортировать строки\";\n\"wrap\" = \"Перенос строк\";\n\"numbers\" = \"Номера строк\";\n\"delete\" = \"Удалить строку\";\n")),
            RuleExample("A tie, broken by a typo: Russian writes \"размер\" in its other strings, \"раззмер\" nowhere else",
                .strings("en", "\"menu.size\" = \"Text Size\";\n\"toolbar.size\" = \"Text Size\";\n\"font\" = \"Font Size\";\n\"tab\" = \"Tab Size\";\n"),
                .strings("ru", "\"menu.size\" = \"Размер текста\";\n\"toolbar.size\" = ↓\"Раззмер текста\";\n\"font\" = \"Размер шрифта\";\n\"tab\" = \"Размер табуляции\";\n")),
            RuleExample("A tie where the rarer word is the locale's term declined: Turkish writes \"kılavuzları\" elsewhere, so neither is recommended",
                .strings("en", "\"menu.guides\" = \"Show Indent Guides\";\n\"main.guides\" = \"Show Indent Guides\";\n\"hide\" = \"Hide Page Guide\";\n\"show\" = \"Show Page Guide\";\n\"pane\" = \"Indent guides\";\n"),
                .strings("tr", "\"menu.guides\" = \"Girintileme Kılavuzunu Göster\";\n\"main.guides\" = ↓\"Girintileme Kılavuzlarını Göster\";\n\"hide\" = \"Sayfa Kılavuzunu Gizle\";\n\"show\" = \"Sayfa Kılavuzunu Göster\";\n\"pane\" = \"Girintileme kılavuzları\";\n")),
            RuleExample("Two forms, each once: no majority, so neither is recommended",
                .strings("en", "\"recent.title\" = \"Recent\";\n\"recent.menu\" = \"Recent\";\n"),
                .strings("ru", "\"recent.title\" = \"Надавние\";\n\"recent.menu\" = ↓\"Недавние\";\n")),
        ],
        nonTriggering: [
            RuleExample("A title with and without its leading preposition: one name",
                .strings("en", "\"menu.rtl\" = \"Right to Left\";\n\"toolbar.rtl\" = \"Right to Left\";\n"),
                .strings("es", "\"menu.rtl\" = \"Derecha a izquierda\";\n\"toolbar.rtl\" = \"De derecha a izquierda\";\n")),
            RuleExample("\"Edit\" as the Edit menu (a noun) and as a command (a verb), in two tables",
                VirtualFile("en.lproj/Main.strings", "\"menu.edit\" = \"Edit\";\n\"pane.edit\" = \"Edit\";\n"),
                VirtualFile("cs.lproj/Main.strings", "\"menu.edit\" = \"Úpravy\";\n\"pane.edit\" = \"Úpravy\";\n"),
                VirtualFile("en.lproj/Localizable.strings", "\"action.edit\" = \"Edit\";\n"),
                VirtualFile("cs.lproj/Localizable.strings", "\"action.edit\" = \"Upravit\";\n")),
            RuleExample("\"Custom…\" agreeing with the noun of each menu, in two tables: one word with its ellipsis",
                VirtualFile("en.lproj/Main.strings", "\"tabs.custom\" = \"Custom…\";\n\"size.custom\" = \"Custom…\";\n"),
                VirtualFile("bg.lproj/Main.strings", "\"tabs.custom\" = \"Персонализирано…\";\n\"size.custom\" = \"Персонализирано…\";\n"),
                VirtualFile("en.lproj/Document.strings", "\"style.custom\" = \"Custom…\";\n"),
                VirtualFile("bg.lproj/Document.strings", "\"style.custom\" = \"Персонализиран…\";\n")),
            RuleExample("The same term in brackets: one name",
                .strings("en", "\"way.suffix\" = \"(node)\";\n\"node.suffix\" = \" (node)\";\n"),
                .strings("pt", "\"way.suffix\" = \"(nó)\";\n\"node.suffix\" = \" nó\";\n")),
            RuleExample("A translation of a key the code no longer uses (stale) is no second name",
                .catalog(strings: catalogKey("Details", ("zh-Hant", stringUnit("詳情"))).replacingOccurrences(of: "\"localizations\"", with: "\"extractionState\" : \"stale\",\n\"localizations\""),
                         catalogKey("Details ", ("zh-Hant", stringUnit("詳細內容"))))),
            RuleExample("Different comments: different meanings",
                .strings("en", """
                /* Verb: open a file */
                "file.open" = "Open";
                /* Adjective: the store is open */
                "store.state" = "Open";

                """),
                .strings("de", "\"file.open\" = \"Öffnen\";\n\"store.state\" = \"Geöffnet\";\n")),
            RuleExample("TranslateWiki's message documentation (qqq) tells two uses of \"Read more\" apart",
                .strings("en", "\"related.title\" = \"Read more\";\n\"reverted.action\" = \"Read more\";\n"),
                .strings("qqq", "\"related.title\" = \"Title of the related articles section at the end of an article\";\n\"reverted.action\" = \"Button that opens the page about a reverted edit\";\n"),
                .strings("ar", "\"related.title\" = \"إقرأ أيضا\";\n\"reverted.action\" = \"قراءة المزيد\";\n")),
            RuleExample("A context suffix in text-as-key catalogs",
                .strings("en", "\"Open (verb)\" = \"Open\";\n\"Open (adjective)\" = \"Open\";\n"),
                .strings("de", "\"Open (verb)\" = \"Öffnen\";\n\"Open (adjective)\" = \"Geöffnet\";\n")),
            RuleExample("A message of more than eight words may be worded two ways",
                .strings("en", "\"a\" = \"We collect only what we need to provide and improve the app\";\n\"b\" = \"We collect only what we need to provide and improve the app\";\n"),
                .strings("es", "\"a\" = \"Solo recopilamos lo necesario para ofrecer y mejorar la app\";\n\"b\" = \"Recopilamos solo lo que necesitamos para ofrecer y mejorar la app\";\n")),
            RuleExample("Interface Builder's default \"Label\", and a cell's \"Detail\", on labels the code fills in",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-def.text\" = \"Label\";\n\"ghi-34-jkl.text\" = \"Label\";\n\"mno-56-pqr.text\" = \"Detail\";\n\"stu-78-vwx.text\" = \"Detail\";\n"),
                VirtualFile("fr.lproj/Main.strings", "\"abc-12-def.text\" = \"Étiquette\";\n\"ghi-34-jkl.text\" = \"Libellé\";\n\"mno-56-pqr.text\" = \"Détail\";\n\"stu-78-vwx.text\" = \"Détails\";\n")),
            RuleExample("A sentence split across strings: Korean moves the verb into the fragment after the field",
                .strings("en", "\"indent.unit\" = \"spaces\";\n\"tab.unit\" = \"spaces\";\n"),
                .strings("ko", "\"indent.unit\" = \"칸 들여쓰기\";\n\"tab.unit\" = \"칸\";\n")),
            RuleExample("The same split sentence in Chinese, which writes no spaces",
                .strings("en", "\"indent.unit\" = \"spaces\";\n\"tab.unit\" = \"spaces\";\n"),
                .strings("zh-Hant", "\"indent.unit\" = \"個空格縮排\";\n\"tab.unit\" = \"個空格\";\n")),
            RuleExample("Translations still waiting for review are not compared (translation-state reports them)",
                .catalog(strings: catalogKey("a", ("en", stringUnit("Custom Fields")), ("nb", stringUnit("Egendefinerte forvalg", state: "needs_review"))),
                         catalogKey("b", ("en", stringUnit("Custom Fields")), ("nb", stringUnit("Tilpass forvalg", state: "needs_review"))))),
            RuleExample("One word with and without the Arabic article",
                .strings("en", "\"saved.tab\" = \"Saved\";\n\"saved.state\" = \"Saved\";\n"),
                .strings("ar", "\"saved.tab\" = \"المحفوظة\";\n\"saved.state\" = \"محفوظة\";\n")),
            RuleExample("A title, and the same term declined where a sentence takes it in",
                .strings("en", "\"menu.terms\" = \"Terms of Use\";\n\"upload.terms\" = \"Terms of Use\";\n"),
                .strings("sr", "\"menu.terms\" = \"Услови коришћења\";\n\"upload.terms\" = \"услове коришћења\";\n")),
            RuleExample("Letter case and invisible isolates make no second name",
                .strings("en", "\"menu.terms\" = \"Terms of Use\";\n\"upload.terms\" = \"Terms of Use\";\n\"a\" = \"location\";\n\"b\" = \"location\";\n"),
                .strings("fi", "\"menu.terms\" = \"Käyttöehdot\";\n\"upload.terms\" = \"käyttöehdot\";\n\"a\" = \"sijainti\";\n\"b\" = \"\u{2068}sijainti\u{2069}\";\n")),
            RuleExample("A zero-width space, with which Khmer marks word boundaries, makes no second name",
                .strings("en", "\"saved.title\" = \"Saved\";\n\"saved.tab\" = \"Saved\";\n"),
                .strings("km", "\"saved.title\" = \"រក្សាទុករួច\";\n\"saved.tab\" = \"\u{200B}រក្សាទុករួច\";\n")),
            RuleExample("Two copies left in English never outvote the translation (they are `untranslated` findings)",
                .strings("en", "\"a\" = \"Share the article\";\n\"b\" = \"Share the article\";\n\"c\" = \"Share the article\";\n"),
                .strings("de", "\"a\" = \"Share the article\";\n\"b\" = \"Share the article\";\n\"c\" = \"Artikel teilen\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        ConsistentIdentification.check(context, rule: Self.description, accessibility: false)
    }
}
