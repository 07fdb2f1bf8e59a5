import Foundation

// Language identification of whole translations (CLD2 on Linux, NaturalLanguage on Apple platforms):
// text of the right script can still be another language — Spanish in the Portuguese table, English
// left in the German one after the source changed. `wrong-script` cannot see it.

public struct WrongLanguageRule: Rule {
    public init() {}

    /// A translation needs this many words and letters (after placeholders, URLs and names are set
    /// aside) to be judged: CLD2 is often sure of three words and wrong.
    static let minimumWords = 4
    static let minimumLetters = 24
    /// The share of the text's letters the other language must hold (CLD2 percent, NL probability).
    static let minimumConfidence = 0.9
    /// From this many findings in one locale's table, they fold into one finding with examples.
    static let foldAtLeast = 4
    static let examplesShown = 5

    public static let description = RuleDescription(
        id: "wrong-language", name: "Translation in another language", severity: .warning,
        summary: "A translation of at least four words is reliably identified as another language than its locale's, in the same script (Spanish in the Portuguese table, English left in the German one).",
        rationale: """
        Users of the locale get a language they may not read, and VoiceOver reads it with their \
        language's voice. Found with language identification — Compact Language Detector 2 on Linux \
        (`libcld2-0`, loaded at run time: without it this rule reports nothing; `locale-audit rules` \
        says so), NaturalLanguage on Apple platforms — on translations of at least \(minimumWords) words \
        and \(minimumLetters) letters once placeholders, URLs and names are set aside, when it is \
        reliable and finds at least \(Int(minimumConfidence * 100)) % of the text in one other language \
        written in the locale's script, and when the project confirms it: most of the text's words occur \
        in the project's texts in that language (the source, or another locale) and at most half in the \
        locale's other texts (CLD2 takes many short Italian or Spanish phrases for English; their words \
        are the locale's own). Words kept from the source with a capital (`Duck Player`) are names and \
        set aside. Left out: text identical to the source (`untranslated`), \
        locales whose language the identifier does not know, and languages it confuses with the \
        locale's (Norwegian Bokmål, Nynorsk and Danish; Croatian, Serbian and Bosnian; Malay and \
        Indonesian; Czech and Slovak; Galician with Portuguese or Spanish; Hindi, Marathi and Nepali; \
        …); Spanish and Portuguese need \(Int(strongConfidence * 100)) %. From \(foldAtLeast) findings \
        in one locale's table they are one finding that lists them.
        """,
        triggering: [
            RuleExample("A Spanish value in the Portuguese table",
                .strings("en",
                            "\"photos.saved\" = \"Your photos are saved on this phone and never uploaded.\";\n\"photos.delete\" = \"Delete all photos from this phone?\";\n"),
                .strings("es",
                            "\"photos.saved\" = \"Tus fotos se guardan en este teléfono y nunca se suben.\";\n\"photos.delete\" = \"¿Borrar todas las fotos de este teléfono?\";\n"),
                .strings("pt",
                            "\"photos.saved\" = ↓\"Tus fotos se guardan en este teléfono y nunca se suben.\";\n\"photos.delete\" = \"Apagar todas as fotos deste telefone?\";\n")),
            RuleExample("English left in the German table after the source was edited",
                .strings("en",
                            "\"sync.failed\" = \"Syncing failed. Check your connection and try again later.\";\n"),
                .strings("de",
                            "\"sync.failed\" = ↓\"Syncing failed. Please check your internet connection.\";\n")),
        ],
        nonTriggering: [
            RuleExample("Portuguese with a placeholder and an English product name",
                .strings("en",
                            "\"share\" = \"Share %@ with your friends using the Photo Library\";\n"),
                .strings("pt",
                            "\"share\" = \"Compartilhe %@ com seus amigos usando a Photo Library\";\n")),
            RuleExample("A copy of the source is untranslated's finding, and three words are too few to judge",
                .strings("en",
                            "\"offline\" = \"You are offline. Check your connection and try again.\";\n\"ok\" = \"Got it\";\n"),
                .strings("de",
                            "\"offline\" = \"You are offline. Check your connection and try again.\";\n\"ok\" = \"Alles klar, danke\";\n")),
            RuleExample("Norwegian Bokmål that reads like Danish: a language the identifier confuses with it",
                .strings("en",
                            "\"welcome\" = \"Welcome to the app, here you can store your pictures\";\n"),
                .strings("nb",
                            "\"welcome\" = \"Velkommen til appen, her kan du gemme dine billeder\";\n")),
        ])

    /// The share needed between Spanish and Portuguese, which share much vocabulary.
    static let strongConfidence = 0.97

    /// Languages the identifier mistakes for one another in catalog-sized texts: never reported.
    static let confusable: [Set<String>] = [
        ["nb", "nn", "no", "da"], ["hr", "sr", "bs", "cnr"], ["ms", "id"], ["cs", "sk"], ["gl", "pt"], ["gl", "es"],
        ["hi", "mr", "ne", "bh"], ["xh", "zu"], ["rw", "rn"], ["bo", "dz"], ["ca", "oc"], ["zh", "zh-Hant", "yue"],
        ["fa", "prs"], ["ru", "be"], ["tr", "az"], ["sw", "rw"], ["sco", "en"], ["bg", "mk", "sr"],
    ]
    /// Languages close enough that only the strongest evidence counts.
    static let close: [Set<String>] = [["pt", "es"], ["es", "ca"], ["it", "es"], ["nl", "af"], ["ru", "uk"], ["uk", "be"], ["bg", "mk"]]

    /// The language a locale's values should be in, as identification names it ("pt-BR" → pt).
    /// Languages whose texts the identifier takes for their sources (Interlingua, Occidental and Volapük
    /// for English or Romance, Scots for English): their locales are not judged.
    static let unjudged: Set<String> = ["ia", "ie", "vo", "sco"]

    static func expectedLanguage(of locale: String) -> String {
        let code = LanguageIdentifier.cld2Code(for: locale)
        if code == "zh-Hant" { return code }
        let base = LanguageOfParts.language(of: locale)
        return ["no": "nb", "tl": "fil", "iw": "he", "in": "id", "jw": "jv"][base] ?? base
    }

    static func areConfusable(_ a: String, _ b: String) -> Bool {
        a == b || confusable.contains { $0.contains(a) && $0.contains(b) }
    }

    static func areClose(_ a: String, _ b: String) -> Bool {
        close.contains { $0.contains(a) && $0.contains(b) }
    }

    struct Hit: Sendable {
        var pair: TranslationPair
        var text: String
        /// The text as identified: placeholders, URLs and names blanked.
        var masked: String
        var location: SourceLocation
        var found: LanguageIdentification
    }

    public func check(_ context: RuleContext) -> [Finding] {
        guard LanguageIdentifier.hasFullCoverage else { return [] }
        // Per locale: the expected language and the scripts it is written in, when the identifier
        // knows the language (else text in it is taken for a neighbour's).
        var expected: [String: (language: String, scripts: Set<String>)?] = [:]
        for pair in context.pairs where expected[pair.locale] == nil {
            let language = Self.expectedLanguage(of: pair.locale)
            let known = Self.unjudged.contains(language) ? [] : LanguageIdentifier.scripts(recognizing: language)
            let localeScripts = Set((LanguageOfParts.scripts(of: pair.locale) ?? []).map(\.shortName))
            let shared = known.intersection(localeScripts)
            expected[pair.locale] = known.isEmpty ? .some(nil) : (language, shared.isEmpty ? known : shared)
        }
        let languages = expected
        let pairs = context.pairs
        let chunk = 1024
        let starts = Array(stride(from: 0, to: pairs.count, by: chunk))
        let names = context.names
        // Each distinct text is identified once, on every core: a value copied into several trees
        // (Wikipedia's two) or shared by locales would otherwise be identified again for each copy.
        var seen = Set<String>()
        var distinct: [String] = []
        for pair in pairs where (languages[pair.locale] ?? nil) != nil {
            for (text, _) in pair.translation.value.texts where Self.roughLetterCount(text) >= Self.minimumLetters {
                if seen.insert(text).inserted { distinct.append(text) }
            }
        }
        let toIdentify = distinct
        let textStarts = Array(stride(from: 0, to: toIdentify.count, by: chunk))
        let identifiedChunks = Parallel.map(textStarts, workers: context.options.workers) { start in
            toIdentify[start..<min(start + chunk, toIdentify.count)].map { LanguageIdentifier.identify($0) }
        }
        let identified = Dictionary(uniqueKeysWithValues: zip(toIdentify, identifiedChunks.joined()))
        let scanned = Parallel.map(starts, workers: context.options.workers) { start -> (hits: [Hit], judged: [String: Int]) in
            var hits: [Hit] = []
            var judged: [String: Int] = [:]
            var locale = "", profile: (language: String, scripts: Set<String>)? = nil
            for pair in pairs[start..<min(start + chunk, pairs.count)] {
                // Pairs come locale by locale: one look-up per run of them.
                if pair.locale != locale { locale = pair.locale; profile = languages[locale] ?? nil }
                guard let (language, scripts) = profile, !NameTerms.appNameKeys.contains(pair.key) else { continue }
                let texts = pair.translation.value.texts
                guard texts.contains(where: { Self.roughLetterCount($0.text) >= Self.minimumLetters }) else { continue }
                let sourceTexts = pair.source.value.texts.map(\.text)
                for (text, location) in texts where !sourceTexts.contains(text) {
                    guard let (found, masked) = Self.foreignLanguage(of: text, identified: identified[text],
                                                                     expected: language, scripts: scripts,
                                                                     names: names, sourceTexts: sourceTexts,
                                                                     judged: &judged[pair.locale, default: 0]) else { continue }
                    hits.append(Hit(pair: pair, text: text, masked: masked, location: location ?? pair.location, found: found))
                    break  // one finding per entry, whatever its plural forms
                }
            }
            return (hits, judged)
        }
        let candidates = scanned.flatMap(\.hits)
        if candidates.isEmpty { return [] }
        var judged: [String: Int] = [:]
        for part in scanned { judged.merge(part.judged, uniquingKeysWith: +) }
        // A locale whose texts are largely in one other language (a table filled from another locale)
        // cannot vouch for its own words: only the other language's words count there.
        var foreignShare: [String: [String: Int]] = [:]
        for hit in candidates { foreignShare[hit.pair.locale, default: [:]][hit.found.language, default: 0] += 1 }
        func holdsAnother(_ locale: String, _ language: String) -> Bool {
            let count = foreignShare[locale]?[language] ?? 0
            return count >= Self.foldAtLeast && Double(count) >= 0.3 * Double(judged[locale] ?? 0)
        }
        // The identifier proposes, the catalogs confirm: the words must be the other language's words
        // in this project (its source or another locale in that language) and mostly not the locale's
        // own. CLD2 takes many short Romance texts for English; their words are the locale's.
        // Each language's texts are searched only for the words of the candidates that involve it.
        var needed: [String: Set<String>] = [:]
        for hit in candidates {
            let words = Self.words(hit.masked)
            needed[hit.found.language, default: []].formUnion(words)
            needed[Self.expectedLanguage(of: hit.pair.locale), default: []].formUnion(words)
        }
        let vocabularies = Vocabularies(context, needed: needed)
        let confirmed = candidates.filter { hit in
            vocabularies.confirms(hit.masked, isIn: hit.found.language, notIn: Self.expectedLanguage(of: hit.pair.locale),
                                  except: hit.text, ownCounts: !holdsAnother(hit.pair.locale, hit.found.language))
        }
        return findings(for: confirmed)
    }

    /// The other language `text` is reliably in (with the text as identified), or nil.
    /// `identified` is the identification of `text` as it is, when already made.
    static func foreignLanguage(of text: String, identified: LanguageIdentification?? = .none, expected: String,
                                scripts: Set<String>, names: NameTerms,
                                sourceTexts: [String], judged: inout Int) -> (LanguageIdentification, String)? {
        // Cheap first: most values are too short to judge, and most of the others are in their
        // language, which one identification of the text as it is settles (CLD2 takes microseconds;
        // blanking names and placeholders costs more, and only makes another language less likely).
        guard roughLetterCount(text) >= minimumLetters,
              let raw = identified ?? LanguageIdentifier.identify(text) else { return nil }
        if raw.isReliable { judged += 1 }
        if raw.language == expected || areConfusable(raw.language, expected) { return nil }
        let masked = maskingKeptNames(names.masking(TextAnalysis.maskNonWords(text)), sourceTexts: sourceTexts)
        let (words, letters) = wordsAndLetters(masked)
        guard words >= minimumWords, letters >= minimumLetters else { return nil }
        guard let found = LanguageIdentifier.identify(masked), found.isReliable,
              found.confidence >= minimumConfidence else { return nil }
        let other = found.language
        if areConfusable(other, expected) { return nil }
        if areClose(other, expected) && found.confidence < strongConfidence { return nil }
        // Another script is wrong-script's finding; the identified language must be written in the locale's.
        guard !LanguageIdentifier.scripts(recognizing: other).isDisjoint(with: scripts) else { return nil }
        return (found, masked)
    }

    /// Words the translation keeps from the source with a capital inside or not at a sentence's start
    /// ("Duck Address", "DuckDuckGo", "iCloud") are names: blanked, as they are in no language.
    static func maskingKeptNames(_ text: String, sourceTexts: [String]) -> String {
        let sources = sourceTexts.map { Array($0.utf8) }
        var scalars = Array(text.unicodeScalars)
        var changed = false
        var i = 0
        var sentenceStart = true
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar.properties.isAlphabetic else {
                if ".!?:¿¡".unicodeScalars.contains(scalar) { sentenceStart = true }
                i += 1
                continue
            }
            var j = i
            while j < scalars.count && (scalars[j].properties.isAlphabetic || scalars[j].properties.generalCategory == .nonspacingMark) { j += 1 }
            let word = scalars[i..<j]
            let capitals = word.filter { $0.properties.isUppercase }.count
            let onlyInitial = capitals == 1 && word.first!.properties.isUppercase
            if capitals > 0 && !(sentenceStart && onlyInitial) {
                var string = String.UnicodeScalarView()
                string.append(contentsOf: word)
                let bytes = Array(String(string).utf8)
                if sources.contains(where: { NameTerms.containsWord(bytes, in: $0) }) {
                    for k in i..<j { scalars[k] = " " }
                    changed = true
                }
            }
            sentenceStart = false
            i = j
        }
        guard changed else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Lower-case words (letter runs of two or more) of a text.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var bytes: [UInt8] = []
        var letters = 0
        var ascii = true
        func flush() {
            if letters >= 2 {
                let word = String(decoding: bytes, as: UTF8.self)
                out.append(ascii ? word : word.lowercased())
            }
            bytes.removeAll(keepingCapacity: true)
            letters = 0
            ascii = true
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let lower = UInt8(scalar.value) | 0x20
                if lower >= 0x61 && lower <= 0x7A {
                    bytes.append(lower)
                    letters += 1
                } else {
                    flush()
                }
            } else if scalar.properties.isAlphabetic || (letters > 0 && scalar.properties.generalCategory == .nonspacingMark) {
                UTF8.encode(scalar) { bytes.append($0) }
                letters += 1
                ascii = false
            } else {
                flush()
            }
        }
        flush()
        return out
    }

    /// The words each language's texts use in this project: the source's, and every locale's in it.
    struct Vocabularies {
        var words: [String: [String: Int]] = [:]

        init(_ context: RuleContext, needed neededByLanguage: [String: Set<String>]) {
            let languages = Set(neededByLanguage.keys)
            let sourceLanguage = WrongLanguageRule.expectedLanguage(of: context.project.sourceLanguage)
            var texts: [String: Set<String>] = [:]
            for set in context.index.tableSets {
                if languages.contains(sourceLanguage), let source = set.source {
                    for entry in source.entries.values { for (text, _) in entry.value.texts { texts[sourceLanguage, default: []].insert(text) } }
                }
                for tables in set.translations {
                    let language = WrongLanguageRule.expectedLanguage(of: tables.locale)
                    guard languages.contains(language) else { continue }
                    for entry in tables.entries.values { for (text, _) in entry.value.texts { texts[language, default: []].insert(text) } }
                }
            }
            // Distinct texts: a value copied into several trees counts once. Only the words of the
            // texts to confirm are counted, and a cheap hash of ASCII words rules out the others
            // without making strings of them.
            for (language, set) in texts {
                let needed = neededByLanguage[language] ?? []
                let asciiHashes = Set(needed.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Self.hash($0.utf8) })
                let needsNonASCII = needed.contains { $0.utf8.contains { $0 >= 0x80 } }
                var counts: [String: Int] = [:]
                for text in set {
                    Self.scan(text, asciiHashes: asciiHashes, needsNonASCII: needsNonASCII) { word in
                        if needed.contains(word) { counts[word, default: 0] += 1 }
                    }
                }
                words[language] = counts
            }
        }

        /// Whether the non-ASCII character ending just before `index` is punctuation (’ « » “ ” …).
        static func isPunctuationEnd(_ bytes: [UInt8], _ index: Int) -> Bool {
            var k = index - 1
            while k > 0 && bytes[k] & 0xC0 == 0x80 { k -= 1 }
            return String(decoding: bytes[k..<index], as: UTF8.self).unicodeScalars.first.map { !$0.properties.isAlphabetic } ?? true
        }

        /// Whether the non-ASCII character starting at `index` is punctuation.
        static func isPunctuationStart(_ bytes: [UInt8], _ index: Int) -> Bool {
            var k = index + 1
            while k < bytes.count && bytes[k] & 0xC0 == 0x80 { k += 1 }
            return String(decoding: bytes[index..<k], as: UTF8.self).unicodeScalars.first.map { !$0.properties.isAlphabetic } ?? true
        }

        static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
            var h: UInt64 = 0xcbf29ce484222325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
            return h
        }

        /// Calls `found` with the lower-case words of `text` that may be needed: ASCII words whose hash
        /// is wanted, and (when any needed word has other letters) words with non-ASCII letters.
        static func scan(_ text: String, asciiHashes: Set<UInt64>, needsNonASCII: Bool, _ found: (String) -> Void) {
            var start = -1, h: UInt64 = 0xcbf29ce484222325, nonASCII = false
            let bytes = Array(text.utf8)
            func end(_ i: Int) {
                defer { start = -1; h = 0xcbf29ce484222325; nonASCII = false }
                guard start >= 0 else { return }
                if nonASCII && needsNonASCII {
                    for word in WrongLanguageRule.words(String(decoding: bytes[start..<i], as: UTF8.self)) { found(word) }
                } else if nonASCII {
                    // Only ASCII words are needed: the ASCII letters between other characters ("l’app").
                    var k = start
                    while k < i {
                        guard bytes[k] < 0x80, (bytes[k] | 0x20) >= 0x61, (bytes[k] | 0x20) <= 0x7A else { k += 1; continue }
                        var j = k
                        while j < i, bytes[j] < 0x80, (bytes[j] | 0x20) >= 0x61, (bytes[j] | 0x20) <= 0x7A { j += 1 }
                        let lowered = bytes[k..<j].map { $0 | 0x20 }
                        // A segment that touches a non-ASCII letter is part of a longer word: skipped.
                        let touchesLetter = (k > start && bytes[k - 1] >= 0x80 && !Self.isPunctuationEnd(bytes, k))
                            || (j < i && bytes[j] >= 0xC0 && !Self.isPunctuationStart(bytes, j))
                        if j - k >= 2 && !touchesLetter && asciiHashes.contains(hash(lowered)) { found(String(decoding: lowered, as: UTF8.self)) }
                        k = j
                    }
                } else if i - start >= 2 && asciiHashes.contains(h) {
                    found(String(decoding: bytes[start..<i].map { $0 | 0x20 }, as: UTF8.self))
                }
            }
            for (i, byte) in bytes.enumerated() {
                let lower = byte | 0x20
                if byte < 0x80 && lower >= 0x61 && lower <= 0x7A {
                    if start < 0 { start = i }
                    h = (h ^ UInt64(lower)) &* 0x100000001b3
                } else if byte >= 0x80 {
                    // Non-ASCII: letters or not, the exact tokenizer decides.
                    if start < 0 { start = i }
                    nonASCII = true
                } else {
                    end(i)
                }
            }
            end(bytes.count)
        }

        /// True when most of the text's words occur in `other`'s texts and few in `own`'s (this text's
        /// own occurrence aside).
        func confirms(_ masked: String, isIn other: String, notIn own: String, except text: String, ownCounts: Bool) -> Bool {
            guard let otherWords = words[other] else { return false }
            let ownWords = words[own] ?? [:]
            let itself = Dictionary(WrongLanguageRule.words(text).map { ($0, 1) }, uniquingKeysWith: +)
            let distinct = Set(WrongLanguageRule.words(masked))
            guard distinct.count >= WrongLanguageRule.minimumWords else { return false }
            let inOther = distinct.filter { (otherWords[$0] ?? 0) > 0 }.count
            let inOwn = distinct.filter { (ownWords[$0] ?? 0) - (itself[$0] ?? 0) > 0 }.count
            let n = Double(distinct.count)
            guard Double(inOther) >= 0.6 * n else { return false }
            return !ownCounts || (Double(inOwn) <= 0.5 * n && inOther > inOwn)
        }
    }

    /// At least the letters of `text`: ASCII letters, and every other character taken for one.
    static func roughLetterCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 {
            if byte < 0x80 {
                let lower = byte | 0x20
                if lower >= 0x61 && lower <= 0x7A { count += 1 }
            } else if byte >= 0xC0 {
                count += 1  // the lead byte of a non-ASCII character
            }
        }
        return count
    }

    /// Words (runs of two letters or more) and their letters.
    static func wordsAndLetters(_ text: String) -> (words: Int, letters: Int) {
        var words = 0, letters = 0, run = 0
        for scalar in text.unicodeScalars {
            let isLetter = scalar.isASCII ? ((scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A) : scalar.properties.isAlphabetic
            if isLetter || (run > 0 && (scalar == "'" || scalar == "’")) {
                if isLetter { run += 1 }
                continue
            }
            if run >= 2 { words += 1; letters += run }
            run = 0
        }
        if run >= 2 { words += 1; letters += run }
        return (words, letters)
    }

    static func languageName(_ code: String) -> String {
        let name = (try? LanguageTag(code).englishDisplayName) ?? code
        return "\(name) (\(code))"
    }

    func findings(for hits: [Hit]) -> [Finding] {
        let rule = Self.description
        struct Group: Hashable { var locale: String; var table: TableID }
        var groups: [Group: [Hit]] = [:]
        var order: [Group] = []
        for hit in hits {
            let group = Group(locale: hit.pair.locale, table: hit.pair.table)
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(hit)
        }
        var findings: [Finding] = []
        for group in order {
            let hits = groups[group]!
            let expected = Self.languageName(Self.expectedLanguage(of: group.locale))
            if hits.count < Self.foldAtLeast {
                for hit in hits {
                    let percent = Int((hit.found.confidence * 100).rounded())
                    findings.append(.entry(rule, "\"\(hit.text.visibleEscaped.truncatedForMessage)\" is \(Self.languageName(hit.found.language)) (\(percent) % of its letters), not \(expected): translate it into \(group.locale)",
                                           at: hit.location, locale: group.locale, table: group.table, key: hit.pair.key,
                                           notes: [hit.pair.sourceNote]))
                }
                continue
            }
            var byLanguage: [String: Int] = [:]
            for hit in hits { byLanguage[hit.found.language, default: 0] += 1 }
            let languages = byLanguage.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\(Self.languageName($0.key)): \($0.value)" }.joined(separator: ", ")
            let first = hits[0]
            var notes = hits.prefix(Self.examplesShown).map { hit in
                Finding.Note(message: "\(hit.pair.key): \"\(hit.text.visibleEscaped.truncatedForMessage)\" is \(hit.found.language)", location: hit.location)
            }
            if hits.count > Self.examplesShown {
                notes.append(Finding.Note(message: "and \(hits.count - Self.examplesShown) more (every key is in the JSON report)"))
            }
            var finding = Finding.entry(rule, "\(hits.count) translations in this \(group.locale) table are in another language than \(expected) (\(languages)): translate them into \(group.locale)",
                                        at: first.location, locale: group.locale, table: group.table, key: first.pair.key, notes: notes)
            finding.keys = hits.map(\.pair.key)
            findings.append(finding)
        }
        return findings
    }
}
