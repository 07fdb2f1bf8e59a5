/// The mark a text ends with, read in the forms the world's scripts write it: `。` is a full stop in
/// Japanese, `؟` a question mark in Arabic, `;` one in Greek, `।` a full stop in Hindi.
enum EndMark: String, Sendable {
    case period, colon, ellipsis, question, exclamation

    var name: String {
        switch self {
        case .period: return "full stop"
        case .colon: return "colon"
        case .ellipsis: return "ellipsis"
        case .question: return "question mark"
        case .exclamation: return "exclamation mark"
        }
    }

    var withArticle: String { self == .ellipsis || self == .exclamation ? "an \(name)" : "a \(name)" }
}

enum EndPunctuation {
    /// Closing quotes and brackets that may follow the final mark (`"Done."`, `(optional).`, `」`).
    /// `«` and `‹` close quotations in Danish and German (»so«).
    static func isCloser(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "\"", "'", ")", "]", "}", "\u{201D}", "\u{2019}", "\u{201C}", "\u{2018}", "\u{00BB}", "\u{00AB}", "\u{203A}", "\u{2039}",
             "\u{300D}", "\u{300F}", "\u{FF09}", "\u{3011}", "\u{3015}", "\u{3009}", "\u{300B}", "\u{FF3D}", "\u{FF63}":
            return true
        default: return false
        }
    }

    /// The mark one scalar spells in `language`, or nil when it is none.
    static func mark(_ s: Unicode.Scalar, language: String) -> EndMark? {
        switch s {
        case ":" where language == "hy":
            // Armenian writes its full stop `։` with the colon key: a sentence ends with ':'.
            return .period
        case "\u{2024}" where language == "hy":
            // The Armenian mijaket `․` does the colon's work (and the ASCII '.' stands in for it).
            return .colon
        case ".", "\u{3002}", "\u{FF0E}", "\u{FF61}", "\u{0964}", "\u{0965}", "\u{0589}", "\u{1362}", "\u{104B}",
             "\u{06D4}", "\u{17D4}", "\u{17D5}", "\u{0F0D}", "\u{1C7E}", "\u{A4FF}":
            return .period
        case ":", "\u{FF1A}", "\u{FE13}", "\u{1365}", "\u{1366}", "\u{02D0}", "\u{17D6}", "\u{0F14}", "\u{1804}":
            return .colon
        case "\u{2026}", "\u{22EF}", "\u{2025}", "\u{FE19}":
            return .ellipsis
        case "?", "\u{FF1F}", "\u{061F}", "\u{1367}", "\u{037E}", "\u{055E}", "\u{FE16}", "\u{2047}", "\u{2048}", "\u{2049}", "\u{203D}", "\u{2E2E}":
            return .question
        case "!", "\u{FF01}", "\u{055C}", "\u{FE15}", "\u{203C}", "\u{07F9}":
            return .exclamation
        case ";":
            // The Greek question mark is written with the semicolon key (U+037E normalises to it).
            return language == "el" ? .question : nil
        default:
            return nil
        }
    }

    /// The mark `text` ends with, looking past trailing white space, invisible marks and closing
    /// quotes and brackets. A run of marks counts as its strongest: `?!` is a question, `...` and
    /// `。。。` an ellipsis.
    static func endMark(of text: String, language: String) -> EndMark? {
        // The run of marks at the end, read backwards (at most four), as what it holds: no array is
        // made, as this runs twice for every compared text.
        var count = 0, last: EndMark? = nil
        var question = false, exclamation = false, ellipsis = false, colon = false
        func append(_ mark: EndMark) {
            count += 1
            last = mark
            switch mark {
            case .question: question = true
            case .exclamation: exclamation = true
            case .ellipsis: ellipsis = true
            case .colon: colon = true
            default: break
            }
        }
        var periods = 0, sections = 0
        var skippingClosers = true
        var spaced = false
        // Amharic and Tigrinya type the preface colon `፦` as the word space and a hyphen, `፡-`.
        let typesPrefaceColon = language == "am" || language == "ti"
        var hyphen = false
        for s in text.unicodeScalars.reversed() {
            if skippingClosers && (ContentTexts.isSpace(s) || ContentTexts.isInvisible(s) || isCloser(s)) { continue }
            if typesPrefaceColon && count == 0 && !hyphen && s == "-" { hyphen = true; skippingClosers = false; continue }
            if hyphen {
                hyphen = false
                guard s == "\u{1361}" else { break }
                append(.colon)
                continue
            }
            // Stops spaced apart ("۔ ۔ ۔", ". . .") are one ellipsis: a single space between two is looked past.
            if !skippingClosers && s == " " && last == .period && !spaced { spaced = true; continue }
            if spaced && mark(s, language: language) != .period { break }
            spaced = false
            skippingClosers = false
            // `・・・` is a Japanese ellipsis.
            if s == "\u{30FB}" { periods += 1; if periods >= 2 { append(.ellipsis) }; continue }
            // Mon writes its full stop as two little sections, `၊၊`.
            if s == "\u{104A}" { sections += 1; if sections == 2 { append(.period) }; if sections <= 2 { continue } else { break } }
            guard let mark = mark(s, language: language) else { break }
            if mark == .period { periods += 1 }
            append(mark)
            if count >= 4 { break }
        }
        if count == 0 { return nil }
        if question { return .question }
        if exclamation { return .exclamation }
        if ellipsis || periods >= 2 { return .ellipsis }
        if colon { return .colon }
        return .period
    }

    /// How `language` writes `mark`, for messages.
    static func form(_ mark: EndMark, language: String) -> String {
        let cjk = ["ja", "zh", "yue", "wuu"].contains(language)
        switch mark {
        case .period:
            if cjk { return "'。'" }
            switch language {
            case "hi", "ne", "bn", "pa", "as", "or", "sa", "mai", "bho", "new": return "'।'"
            case "am", "ti": return "'።'"
            case "hy": return "'։'"
            case "my", "mnw", "shn": return "'။'"
            case "km": return "'។'"
            case "bo", "dz": return "'།'"
            case "ur": return "'۔'"
            default: return "'.'"
            }
        case .colon: return cjk ? "'：'" : language == "hy" ? "'․' (the mijaket)" : "':'"
        case .ellipsis: return "'…'"
        case .question:
            if cjk { return "'？'" }
            switch language {
            case "ar", "ars", "fa", "ur", "ps", "ckb", "sd", "ug", "azb", "skr": return "'؟'"
            case "el": return "';'"
            case "hy": return "'՞' (on the stressed word)"
            case "es", "gl", "ast": return "'?' (and open it with '¿')"
            default: return "'?'"
            }
        case .exclamation:
            if cjk { return "'！'" }
            return ["es", "gl", "ast"].contains(language) ? "'!' (and open it with '¡')" : "'!'"
        }
    }

    /// Whether `translation`'s mark `found` renders the source's `expected` in `language`: the same
    /// mark, or a form the language uses instead.
    static func renders(_ expected: EndMark, as found: EndMark?, translation: String, language: String) -> Bool {
        if found == expected { return true }
        switch (expected, found) {
        case (.exclamation, .period?):
            // Many languages tone an exclamation down to a full stop (German, Japanese UI style).
            return true
        case (.exclamation, nil) where noExclamationLanguages.contains(language) || ["ja", "zh", "yue", "ko"].contains(language):
            // Burmese-script writing has no exclamation mark of its own (၊ and ။ are its marks): a
            // polite title ends without one; Chinese, Japanese and Korean interface text leaves it out.
            return true
        case (.period, .colon?), (.colon, .period?):
            // Armenian writes its full stop `։` with the colon key.
            return language == "hy"
        case (.question, nil) where language == "my" && burmeseQuestionParticles.contains(where: endTrimmed(translation).hasSuffix):
            // A Burmese question is asked by its final particle ("…ဖျက်မှာလား"); no mark is needed.
            return true
        case (.ellipsis, nil) where startsWithEllipsis(translation):
            // "Replace with…" in a verb-final language puts the omitted words, and so the ellipsis,
            // first ("...ဖြင့် အစားထိုးရန်"): the mark is kept where the language needs it.
            return true
        case (_, nil) where startsWith(expected, translation, language: language):
            // A right-to-left translation may carry the mark at its logical start ("!!Go Map").
            return true
        case (.question, _), (.exclamation, _):
            // Armenian marks a question or exclamation on the stressed word, not at the end.
            if language == "hy" && translation.unicodeScalars.contains(where: { $0 == "\u{055E}" || $0 == "\u{055C}" }) { return true }
            // Burmese, Mon, Shan, Khmer, Thai and Lao ask with a particle and end the sentence with
            // their full stop ("ပြမည်လား။").
            if expected == .question && found == .period && questionParticleLanguages.contains(language) { return true }
            // A Japanese question may end "…ますか。".
            if expected == .question && found == .period && language == "ja" {
                let scalars = Array(endTrimmed(translation).unicodeScalars)
                return scalars.count >= 2 && scalars[scalars.count - 2] == "\u{304B}"
            }
            return false
        default:
            return false
        }
    }

    static let questionParticleLanguages: Set<String> = ["my", "mnw", "shn", "km", "th", "lo"]
    static let noExclamationLanguages: Set<String> = ["my", "mnw", "shn"]
    /// လား (yes/no), လဲ and နည်း (what, which): the particles that end a Burmese question.
    static let burmeseQuestionParticles = ["\u{101C}\u{102C}\u{1038}", "\u{101C}\u{1032}", "\u{1014}\u{100A}\u{103A}\u{1038}"]

    static let rightToLeftLanguages: Set<String> = ["ar", "ars", "fa", "he", "iw", "ur", "ps", "sd", "ckb", "yi", "ug", "dv", "azb", "skr", "nqo", "syr"]

    /// Whether a right-to-left `text` starts with `mark`.
    static func startsWith(_ mark: EndMark, _ text: String, language: String) -> Bool {
        guard rightToLeftLanguages.contains(language),
              let first = text.unicodeScalars.first(where: { !ContentTexts.isSpace($0) && !ContentTexts.isInvisible($0) }) else { return false }
        return self.mark(first, language: language) == mark
    }

    /// The text before a parenthesis that closes it ("…합니다. (예시: ö = o)" → "…합니다. "), or nil
    /// when it does not end with one.
    static func beforeFinalAside(_ text: String) -> Substring? {
        let trimmed = text[...]
        var end = trimmed.endIndex
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)].isWhitespace { end = trimmed.index(before: end) }
        guard end > trimmed.startIndex, case let last = trimmed[trimmed.index(before: end)], last == ")" || last == "）" else { return nil }
        var depth = 0
        var i = end
        while i > trimmed.startIndex {
            i = trimmed.index(before: i)
            switch trimmed[i] {
            case ")", "）": depth += 1
            case "(", "（":
                depth -= 1
                if depth == 0 { return trimmed[..<i] }
            default: break
            }
        }
        return nil
    }

    /// Whether `text` starts with an ellipsis, `…` or three dots.
    static func startsWithEllipsis(_ text: String) -> Bool {
        let start = text.unicodeScalars.drop(while: { ContentTexts.isSpace($0) || ContentTexts.isInvisible($0) })
        return start.first == "\u{2026}" || start.starts(with: "...".unicodeScalars)
    }

    /// Languages whose writers often end a sentence without a mark: Thai and Lao separate sentences
    /// with spaces.
    static let markOptionalLanguages: Set<String> = ["th", "lo"]

    /// Whether a translation opens as a direct question: with Spanish "¿", or with a question word of
    /// its language ("Как сказать…", "Wie kann ich…"), so its question mark is the language's own.
    static func opensQuestion(_ text: String, language: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace || $0 == "\"" || $0 == "«" || $0 == "„" || $0 == "“" }
        if trimmed.first == "¿" { return true }
        guard let words = questionWords[language] else { return false }
        let first = trimmed.prefix { $0.isLetter || $0 == "'" }.lowercased()
        return words.contains(first)
    }

    /// Words that open a direct question, per language (the interrogative pronouns and adverbs).
    static let questionWords: [String: Set<String>] = [
        "en": ["how", "what", "who", "whom", "whose", "where", "when", "why", "which"],
        "de": ["wie", "was", "wer", "wen", "wem", "wessen", "wo", "wann", "warum", "weshalb", "welche", "welcher", "welches", "wohin", "woher"],
        "fr": ["comment", "que", "qu'est", "qui", "où", "quand", "pourquoi", "quel", "quelle", "quels", "quelles", "combien"],
        "es": ["cómo", "qué", "quién", "quiénes", "dónde", "cuándo", "cuál", "cuáles", "cuánto", "cuántos"],
        "it": ["come", "cosa", "che", "chi", "dove", "quando", "perché", "quale", "quali", "quanto", "quanti"],
        "pt": ["como", "que", "quem", "onde", "quando", "porque", "qual", "quais", "quanto", "quantos"],
        "nl": ["hoe", "wat", "wie", "waar", "wanneer", "waarom", "welke", "welk", "hoeveel"],
        "ru": ["как", "что", "кто", "где", "когда", "почему", "зачем", "какой", "какая", "какое", "какие", "сколько", "куда", "откуда", "чей"],
        "uk": ["як", "що", "хто", "де", "коли", "чому", "навіщо", "який", "яка", "яке", "які", "скільки", "куди", "звідки"],
        "pl": ["jak", "co", "kto", "gdzie", "kiedy", "dlaczego", "czemu", "który", "która", "które", "ile", "dokąd", "skąd"],
        "cs": ["jak", "co", "kdo", "kde", "kdy", "proč", "který", "která", "které", "kolik", "kam", "odkud"],
        "sk": ["ako", "čo", "kto", "kde", "kedy", "prečo", "ktorý", "ktorá", "ktoré", "koľko", "kam", "odkiaľ"],
    ]

    /// `text` without trailing white space, invisible marks and closing quotes and brackets.
    /// The mark before the placeholder that ends `text` ("Can't see the image? $1" → question), or
    /// nil when no placeholder (`$1`, `%@`, `%1$d`) ends it.
    static func markBeforeFinalPlaceholder(of text: String, language: String) -> EndMark? {
        let scalars = Array(endTrimmed(text).unicodeScalars)
        var end = scalars.count
        // TranslateWiki's `$1`: digits after a dollar sign.
        var digits = end
        while digits > 0 && ("0"..."9").contains(scalars[digits - 1]) { digits -= 1 }
        if digits < end && digits > 0 && scalars[digits - 1] == "$" {
            end = digits - 1
        } else if let last = FormatSpecifiers.scan(String(String.UnicodeScalarView(scalars))).arguments.last, last.range.upperBound == end {
            end = last.range.lowerBound
        } else {
            return nil
        }
        return endMark(of: String(String.UnicodeScalarView(scalars[..<end])), language: language)
    }

    static func endTrimmed(_ text: String) -> Substring {
        var end = text.endIndex
        let scalars = text.unicodeScalars
        while end > text.startIndex {
            let before = scalars.index(before: end)
            let s = scalars[before]
            guard ContentTexts.isSpace(s) || ContentTexts.isInvisible(s) || isCloser(s) else { break }
            end = before
        }
        return text[..<end]
    }

    /// True when the last visible scalar is a closing bracket: the text ends with a parenthesis.
    static func closedByBracket(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last(where: { !ContentTexts.isSpace($0) && !ContentTexts.isInvisible($0) }) else { return false }
        return last == ")" || last == "]" || last == "\u{FF09}"
    }

    /// A full stop that ends an abbreviation or an ordinal rather than a sentence: "z. B.", "e.g.",
    /// "usw.", "Supp.", German and Nordic ordinals after a number or a placeholder ("am %@.", "3.").
    static func periodIsAbbreviationOrOrdinal(_ text: String) -> Bool {
        guard let (scalars, start) = wordBeforeFinalStop(text), let last = scalars.last else { return false }
        // After a digit or a specifier's conversion: an ordinal.
        if last.properties.numericType != nil { return true }
        if let percent = scalars.lastIndex(of: "%"), scalars.count - percent <= 6,
           !FormatSpecifiers.scan(String(String.UnicodeScalarView(scalars[percent...]))).arguments.isEmpty {
            return true
        }
        guard start < scalars.count else { return false }
        let word = String(String.UnicodeScalarView(scalars[start...])).lowercased()
        if abbreviations.contains(word) { return true }
        // A short word alone or after a number ("ref.", "%@ mil.", "$1 с."): a unit or a label cut short.
        if word.unicodeScalars.count <= 5 && TextAnalysis.translatableWords(in: text).count <= 1 { return true }
        // "z.B.", "e.g.", "т.д.": a full stop inside the word; "z. B.", "d. h.": one or two letters
        // after another one- or two-letter abbreviation.
        if start > 0 && scalars[start - 1] == "." { return true }
        if word.unicodeScalars.count <= 2, start >= 3, scalars[start - 1] == " ", scalars[start - 2] == "." {
            var k = start - 2, letters = 0
            while k > 0 && scalars[k - 1].isAlphabeticFast { k -= 1; letters += 1 }
            return letters >= 1 && letters <= 2
        }
        return false
    }

    /// The scalars of `text` before the full stop that ends it (white space, invisible marks and
    /// closers after it dropped), and where the run of letters right before the stop starts (the
    /// scalars' count when there is none); nil when the text does not end with a full stop.
    static func wordBeforeFinalStop(_ text: String) -> (scalars: [Unicode.Scalar], wordStart: Int)? {
        var scalars = Array(endTrimmed(text).unicodeScalars)
        guard scalars.last == "." else { return nil }
        scalars.removeLast()
        var start = scalars.count
        while start > 0 && scalars[start - 1].isAlphabeticFast { start -= 1 }
        return (scalars, start)
    }

    /// Abbreviations that end a UI text with their own full stop, lowercased, in the languages the
    /// catalogs most often hold.
    static let abbreviations: Set<String> = [
        // English
        "etc", "approx", "min", "max", "sec", "hr", "hrs", "supp", "suppl", "misc", "ext", "ver", "vol", "nos", "inc", "llc", "llp", "co",
        "ltd", "corp", "dept", "fig", "jr", "sr", "st", "vs", "pp", "pg", "opt", "avg", "tel", "ft", "oz", "lb", "lbs", "sq",
        // German, Dutch, Nordic
        "usw", "bzw", "ca", "evtl", "inkl", "exkl", "ggf", "nr", "str", "vgl", "std", "sek", "mio", "mrd", "bspw", "zzgl", "abs",
        "enz", "blz", "bijv", "osv", "jne", "esim", "nro",
        // Romance
        "env", "cf", "ex", "pág", "págs", "núm", "sra", "srta", "dr", "dra", "prof", "pag", "ecc", "pex", "obs", "máx", "mín", "seg",
        // Slavic and others
        "др", "тд", "тп", "стр", "тыс", "млн", "млрд", "руб", "мин", "сек", "макс", "шт", "гг", "np", "itd", "itp", "tzn", "tj", "tzv", "atd", "apod",
        "vb", "örn", "sn", "dk", "dvs", "dna", "dl",
        // "and others", "for example", "and so on": Lithuanian, Latvian, Hungarian, Estonian, Finnish, Greek, Albanian
        "kt", "pvz", "utt", "stb", "pl", "jt", "ym", "yms", "κλπ", "κτλ", "etj",
    ]
}

/// ASCII quotes and brackets at an edge of a translation that its source does not have there: a
/// stray `"` pasted from a spreadsheet, a `(` whose `)` was lost.
enum StrayEdgeCharacters {
    static let quotes: Set<Unicode.Scalar> = [
        "\"", "'", "\u{201C}", "\u{201D}", "\u{201E}", "\u{2018}", "\u{2019}", "\u{201A}", "\u{00AB}", "\u{00BB}",
        "\u{2039}", "\u{203A}", "\u{300C}", "\u{300D}", "\u{300E}", "\u{300F}",
    ]

    struct Stray: Equatable {
        var character: Character
        var atStart: Bool
        /// Both ends wrap the text in the same quote.
        var wraps: Bool
    }

    /// The stray characters of `translation` compared with `source`, at most one per end (a
    /// wrapping pair is one).
    static func find(translation: String, source: String) -> [Stray] {
        // Most texts start and end with a letter: only an ASCII quote or bracket at an edge is looked at.
        guard hasCandidateAtAnEdge(translation) else { return [] }
        let t = visible(translation), s = visible(source)
        guard t.count >= 2, let first = t.first, let last = t.last else { return [] }
        let sourceFirst = s.first, sourceLast = s.last
        // Wrapped in ASCII quotes that the source does not have at either end (a CSV cell's quoting).
        if (first == "\"" || first == "'") && last == first && t.count > 2,
           !(sourceFirst.map(quotes.contains) ?? false), !(sourceLast.map(quotes.contains) ?? false),
           t.filter({ $0 == first }).count == 2 {
            return [Stray(character: Character(first), atStart: true, wraps: true)]
        }
        var found: [Stray] = []
        let quoteCount = t.filter { quotes.contains($0) }.count
        for atStart in [true, false] {
            let c = atStart ? first : last
            // A quote the source has at the same end is the source's; brackets are counted instead.
            let sourceHasIt = c == (atStart ? sourceFirst : sourceLast)
            let neighbour = atStart ? t[1] : t[t.count - 2]
            switch c {
            case "\"":
                // The only quote of the text: nothing it could pair with (German „…" pairs with it).
                if quoteCount == 1 && !sourceHasIt { found.append(Stray(character: "\"", atStart: atStart, wraps: false)) }
            case "'":
                // "'n", "'s" (Afrikaans, Dutch) and "po'" (Italian) touch a letter: only a lone one counts.
                if quoteCount == 1 && !sourceHasIt && !neighbour.isAlphabeticFast && neighbour.properties.numericType == nil {
                    found.append(Stray(character: "'", atStart: atStart, wraps: false))
                }
            case "(", "[":
                // More opened than closed, and more so than in the source.
                let closer: Unicode.Scalar = c == "(" ? ")" : "]"
                if atStart && excess(c, over: closer, in: t) > excess(c, over: closer, in: s) {
                    found.append(Stray(character: Character(c), atStart: true, wraps: false))
                }
            case ")", "]":
                let opener: Unicode.Scalar = c == ")" ? "(" : "["
                // ":)" is a smiley; "a)" and "1)" are list markers.
                if c == ")" && (neighbour == ":" || neighbour == ";" || neighbour == "-") { continue }
                let isListMarker = t.count <= 3 || (t.count >= 3 && ContentTexts.isSpace(t[t.count - 3]) && (neighbour.isAlphabeticFast || neighbour.properties.numericType != nil))
                if !atStart && !isListMarker && excess(c, over: opener, in: t) > excess(c, over: opener, in: s) {
                    found.append(Stray(character: Character(c), atStart: false, wraps: false))
                }
            default:
                break
            }
        }
        return found
    }

    /// Whether the first or the last visible character of `text` is an ASCII quote or bracket. Read
    /// from the bytes at both ends: this runs for every compared text.
    private static func hasCandidateAtAnEdge(_ text: String) -> Bool {
        func candidate(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
        }
        return text.withUTF8Bytes { bytes in
            // From the start: white space and invisible marks are passed over, the first other scalar decides.
            var i = 0
            while i < bytes.count {
                let (scalar, length) = bytes.scalar(startingAt: i)
                if ContentTexts.isSpace(scalar) || ContentTexts.isInvisible(scalar) { i += length; continue }
                if candidate(bytes[i]) { return true }
                break
            }
            // From the end: step back to each scalar's lead byte.
            var end = bytes.count
            while end > i {
                var start = end - 1
                while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
                let scalar = bytes.scalar(startingAt: start).scalar
                if ContentTexts.isSpace(scalar) || ContentTexts.isInvisible(scalar) { end = start; continue }
                return candidate(bytes[start])
            }
            return false
        }
    }

    /// How many more `a` than `b` the scalars hold.
    private static func excess(_ a: Unicode.Scalar, over b: Unicode.Scalar, in scalars: [Unicode.Scalar]) -> Int {
        var n = 0
        for s in scalars { if s == a { n += 1 } else if s == b { n -= 1 } }
        return n
    }

    /// The scalars of `text` without white space or invisible marks at either end.
    private static func visible(_ text: String) -> [Unicode.Scalar] {
        var scalars = text.scalarArray
        while let l = scalars.last, ContentTexts.isSpace(l) || ContentTexts.isInvisible(l) { scalars.removeLast() }
        var start = 0
        while start < scalars.count, ContentTexts.isSpace(scalars[start]) || ContentTexts.isInvisible(scalars[start]) { start += 1 }
        return Array(scalars[start...])
    }
}

/// The words one locale writes, to tell a word cut short by a full stop from the end of a sentence:
/// ka "გამორთ." for "Off" where the locale writes "გამორთულია", nl "Katakana fonetische uitbr." where it
/// writes "uitbreidingen", es "modificad." where it also writes "Letras modificad. espaciadoras".
/// A locale's texts are searched for the word when one of its short translations adds a full stop.
struct CutShortWords {
    let texts: LocaleTextBuffers

    /// Whether the word before the full stop that ends `text` is cut short: the locale never writes
    /// it as a whole word, and writes a longer word that begins with it, or the same stop inside a
    /// text before a lower-case word. Texts of more than four words are sentences; words under three
    /// letters are left to `EndPunctuation.periodIsAbbreviationOrOrdinal`.
    func endsWithCutShortWord(_ text: String, locale: Int32) -> Bool {
        guard TextAnalysis.translatableWords(in: text).count <= 4 else { return false }
        guard let (scalars, start) = EndPunctuation.wordBeforeFinalStop(text), scalars.count - start >= 3 else { return false }
        let word = ByteSearch.asciiLowercased(String(String.UnicodeScalarView(scalars[start...])))
        return texts.texts(of: locale).withUnsafeBufferPointer { Self.isCutShort(word, in: $0) }
    }

    /// Every occurrence of `word` that starts a word: followed by a letter, it begins a longer word;
    /// by anything but a full stop, it is written whole (and so no cut); by ". " and a lower-case
    /// letter, it is an abbreviation inside a text.
    private static func isCutShort(_ word: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var evidence = false
        var from = 0
        while from < buffer.count, let offset = word.withUnsafeBufferPointer({ needle in
            ByteSearch.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: buffer[from...]))
        }) {
            let at = from + offset, end = at + word.count
            from = at + 1
            guard !letter(before: at, in: buffer) else { continue }
            if letter(at: end, in: buffer) {
                evidence = true
            } else if end < buffer.count && buffer[end] == UInt8(ascii: ".") {
                if end + 2 < buffer.count, buffer[end + 1] == 0x20, let next = scalar(at: end + 2, in: buffer), next.properties.isLowercase {
                    evidence = true
                }
            } else {
                return false
            }
        }
        return evidence
    }

    /// The scalar whose UTF-8 starts at `offset`, nil past the end or inside a scalar.
    private static func scalar(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard offset < buffer.count, buffer[offset] & 0xC0 != 0x80 else { return nil }
        // The buffer joins whole texts: a scalar that starts in it ends in it.
        return buffer.scalar(startingAt: offset).scalar
    }

    private static func letter(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        scalar(at: offset, in: buffer)?.isAlphabeticFast == true
    }

    private static func letter(before offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = offset - 1
        while start >= 0 && buffer[start] & 0xC0 == 0x80 { start -= 1 }
        return start >= 0 && letter(at: start, in: buffer)
    }
}
