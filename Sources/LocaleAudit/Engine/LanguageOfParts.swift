import Foundation

/// A stretch of a string that VoiceOver should read in another language (WCAG 3.1.2 Language of Parts).
public struct SpeechRange: Sendable, Hashable {
    /// UTF-16 offset and length (NSRange semantics).
    public var location: Int
    public var length: Int
    /// BCP 47 language to set as `accessibilitySpeechLanguage`.
    public var language: String
    /// ISO 15924 script of the stretch (`Latn`, `Hani`, `Jpan`).
    public var script: String
    /// The stretch itself.
    public var text: String
    /// True when a configured term gave the language rather than the script.
    public var fromTerm: Bool
    /// Where `language` comes from.
    public var languageSource: LanguageSource = .script

    /// How a range's language was found.
    public enum LanguageSource: String, Sendable, Hashable {
        /// Language identification (CLD2 or NaturalLanguage) was reliable about the run.
        case identified
        /// The language ICU finds likely for the run's script (Latn → en, Cyrl → ru).
        case script
        /// A configured `--term-language`.
        case term
    }

    /// A name rather than a phrase: one word, or up to four words that each start with a capital or
    /// digit or carry one inside (`Duck Player`, `Apple Maps`, `macOS 27`). Brand and product names are
    /// kept in the original in most translations; `Arc de Triomphe` (with `de`) is a phrase.
    public var isNameLike: Bool {
        if isSingleWord { return true }
        if ["Hani", "Hira", "Kana", "Jpan", "Thai", "Laoo", "Khmr", "Mymr"].contains(script) { return false }
        // "Touch ID, Face ID", "Sync & Backup": words without letters (`&`) are neutral.
        let words = text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: \.isLetter) }
        guard words.count <= 4 else { return false }
        return words.allSatisfy { word in
            guard let first = word.first else { return true }
            return first.isUppercase || first.isNumber || word.contains(where: \.isUppercase)
        }
    }

    /// A person's or place's name with the lower-case particles names carry ("Leonardo da Vinci",
    /// "Ludwig van Beethoven"): capitalised first and last words, particles between.
    public var isNameWithParticles: Bool {
        let words = text.split(whereSeparator: { $0.isWhitespace })
        guard (3...5).contains(words.count), let first = words.first, let last = words.last,
              first.first?.isUppercase == true, last.first?.isUppercase == true else { return false }
        return words.dropFirst().dropLast().allSatisfy { $0.first?.isUppercase == true || Self.nameParticles.contains($0.lowercased()) }
    }

    static let nameParticles: Set<String> = ["da", "de", "del", "della", "di", "do", "dos", "das", "du", "van", "von", "der", "den", "ter", "la", "le", "y", "bin", "ibn", "al", "el"]

    /// A run of one word in a script that separates words with spaces, such as a brand name; more
    /// than one word reads as a phrase. Han and kana runs are never counted as one word (no spaces).
    public var isSingleWord: Bool {
        if ["Hani", "Hira", "Kana", "Jpan", "Thai", "Laoo", "Khmr", "Mymr"].contains(script) { return false }
        return !text.unicodeScalars.contains { $0.isWhitespaceFast }
    }
}

/// A term whose language is known (`Arc de Triomphe` is French), from `--term-language "Arc de Triomphe=fr-FR"`.
public struct TermLanguage: Sendable, Hashable {
    public var term: String
    public var language: String

    public init(term: String, language: String) {
        self.term = term
        self.language = language
    }

    /// Parses `TERM=LANGUAGE`; nil when either side is empty. The last `=` separates them.
    public init?(parsing text: String) {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let term = text[..<equals].trimmingCharacters(in: .whitespaces)
        let language = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !term.isEmpty, !language.isEmpty else { return nil }
        self.init(term: term, language: language)
    }
}

/// What one string holds beyond its locale's own scripts.
public struct LanguageOfPartsAnalysis: Sendable {
    /// Stretches in another script or configured terms in another language, by location.
    public var ranges: [SpeechRange]
    /// Whether any letters are in the locale's own scripts.
    public var hasNativeLetters: Bool
    /// Letters in the locale's script that are not in configured terms: none means the string is
    /// wholly in other scripts (or empty of words).
    public var isWhollyForeign: Bool { !hasNativeLetters && ranges.contains { !$0.fromTerm } }
    /// The ranges `language-of-parts` reports: configured terms always, script runs only beside
    /// letters of the locale's own scripts (a wholly foreign string is `wrong-script`'s finding).
    public var partRanges: [SpeechRange] { ranges.filter { $0.fromTerm || hasNativeLetters } }
}

/// Finds the parts of a translation written in another script than its locale's, ignoring format
/// specifiers, URLs, e-mail addresses, numbers, punctuation and terms that never need tagging.
/// Thread safety: immutable after init; safe to share.
public struct LanguageOfParts: Sendable {
    public var neverTag: [String]
    public var terms: [TermLanguage]
    /// Whether a run's language is identified from its words (when `LanguageIdentifier` is reliable
    /// about it) before falling back to its script's likely language.
    public var identifiesLanguages: Bool

    public init(neverTag: [String] = [], terms: [TermLanguage] = [], identifiesLanguages: Bool = true) {
        self.neverTag = neverTag.filter { !$0.isEmpty }
        self.terms = terms
        self.identifiesLanguages = identifiesLanguages
    }

    /// The scripts a locale writes in (ICU): ja → Hira, Kana, Hani; ko → Hang, Hani; sr-Latn → Latn.
    /// Nil when ICU knows none (an unknown language): then nothing is reported for it.
    /// A string the system shows, which takes no attributes: an Info.plist key's (a permission
    /// prompt, the app's name) of an `InfoPlist` table.
    static func isShownBySystem(table: String, key: String) -> Bool {
        table.hasSuffix("InfoPlist") && ExtraKeyRule.isInfoPlistKey(key)
    }

    public static func scripts(of locale: String) -> Set<ScriptCode>? {
        let lower = LanguageTag.caseFolded(locale)
        // TranslateWiki's Serbian codes name the script by a pseudo-region ("el" Latin, "ec" Cyrillic).
        let aliased = ["sr-el": "sr-Latn", "sr-ec": "sr-Cyrl"][lower] ?? locale
        guard let tag = try? LanguageTag(aliased, options: .allowUnderscores) else { return nil }
        var codes = (try? tag.scripts) ?? []
        // ICU's script list comes from locale data some languages lack (yi); likely subtags fill it in.
        if let likely = try? tag.maximizedScript { codes.append(likely) }
        // A language of no script subtag that is written in several everywhere: Berber languages in
        // Latin and Tifinagh (ICU's likely script is one of them only).
        if tag.script == nil, let more = Self.alsoWrittenIn[LanguageTag.languageSubtag(of: aliased)] { codes += more.compactMap { ScriptCode(name: $0) } }
        var set = Set<ScriptCode>()
        for script in codes {
            // Umbrella codes stand for the scripts text actually contains.
            switch script.shortName {
            case "Hans", "Hant": set.insert(.han)
            case "Jpan": set.formUnion([.han, .hiragana, .katakana])
            case "Kore": set.formUnion([.hangul, .han])
            case "Zyyy", "Zinh", "Zzzz": break
            default: set.insert(script)
            }
        }
        return set.isEmpty ? nil : set
    }

    /// Scripts a language is commonly written in beyond ICU's likely one.
    static let alsoWrittenIn: [String: [String]] = [
        "tzm": ["Latn", "Tfng"], "zgh": ["Tfng", "Latn"], "shi": ["Tfng", "Latn"], "rif": ["Latn", "Tfng"],
        "kab": ["Latn", "Tfng"], "ber": ["Latn", "Tfng"],
    ]

    private static let japanese = ScriptCode(name: "Jpan")

    public func analyze(_ text: String, locale: String, scripts native: Set<ScriptCode>) -> LanguageOfPartsAnalysis {
        // Most strings have only letters of their locale's scripts: no segmentation needed.
        if terms.isEmpty, let allNative = Self.lettersAreAllNative(text, native) {
            return LanguageOfPartsAnalysis(ranges: [], hasNativeLetters: allNative)
        }
        var units = Array(text.utf16)
        // Specifiers, URLs and e-mail addresses become spaces of the same UTF-16 width, so offsets hold.
        let masked = TextAnalysis.maskNonWords(text).unicodeScalars
        var offset = 0
        for (original, replaced) in zip(text.unicodeScalars, masked) {
            let width = original.utf16.count
            if original != replaced { for k in offset..<(offset + width) { units[k] = 0x20 } }
            offset += width
        }
        Self.maskWikiSyntax(&units)
        var ranges: [SpeechRange] = []
        let localeLanguage = LanguageTag.languageSubtag(of: locale)
        for term in neverTag {
            for range in Self.occurrences(of: term, in: text) { for k in range { units[k] = 0x20 } }
        }
        for term in terms {
            for range in Self.occurrences(of: term.term, in: text) where units[range.lowerBound] != 0x20 {
                for k in range { units[k] = 0x20 }
                guard LanguageTag.languageSubtag(of: term.language) != localeLanguage else { continue }
                let script = term.term.unicodeScalars.lazy.map(Scripts.script(of:)).first { !$0.isCommonOrInherited }
                ranges.append(SpeechRange(location: range.lowerBound, length: range.count, language: term.language,
                                          script: script?.shortName ?? "Zyyy", text: Self.slice(text, range), fromTerm: true,
                                          languageSource: .term))
            }
        }
        let scanned = String(utf16Units: units)
        var hasNative = false
        for run in Scripts.groupingJapanese(Scripts.runs(in: scanned)) where !run.script.isCommonOrInherited {
            guard let trimmed = run.trimmed(in: scanned).flatMap({ Self.droppingMixedWords($0, in: units) })
                .flatMap({ Self.trimmingSymbols($0, in: units) }) else { continue }
            let scanned16 = Self.slice(scanned, trimmed.range)
            var letters = 0
            for scalar in scanned16.unicodeScalars where scalar.isAlphabeticFast { letters += 1 }
            if letters == 0 { continue }
            let isNative = native.contains(run.script)
                || (run.script == Self.japanese && native.contains(.hiragana))
            if isNative {
                hasNative = true
                continue
            }
            // One Latin or Cyrillic letter ("size S", "x") is a symbol, not a phrase; one ideograph is a word.
            let ideographic: Set<ScriptCode> = [.han, .hiragana, .katakana]
            if letters < 2 && !ideographic.contains(run.script) && run.script != Self.japanese { continue }
            let runText = Self.slice(text, trimmed.range)
            if Self.isAcronym(runText) || Self.hasOnlySingleLetters(scanned16) || Self.isCode(runText)
                || Self.isAddressPattern(runText) { continue }
            var language = Scripts.speechLanguage(for: run.script) ?? "und-\(run.script.shortName)"
            var source = SpeechRange.LanguageSource.script
            // "oʻzbekcha lotin Uzbek, Latin (uz-latin)": an entry of a language list, the language's own
            // name and then its English one (a run may hold several entries). No one voice reads both,
            // and where one ends the letters do not say: no range.
            if Self.bracketedCode(in: runText) != nil { continue }
            if identifiesLanguages, let identified = Self.identifiedLanguage(of: scanned16, script: run.script, letters: letters) {
                language = identified
                source = .identified
            }
            ranges.append(SpeechRange(location: trimmed.location, length: trimmed.length, language: language,
                                      script: run.script.shortName, text: runText, fromTerm: false, languageSource: source))
        }
        ranges.sort { $0.location < $1.location }
        return LanguageOfPartsAnalysis(ranges: ranges, hasNativeLetters: hasNative)
    }

    /// Runs of fewer letters are not identified: a name or two words say too little about a language.
    static let identificationMinimumLetters = 12

    /// The language of a run when identification is sure of it: a phrase of enough letters, a reliable answer
    /// about nearly all of them, and a language written in the run's script (a Latin run is never
    /// Russian). Runs short of 24 letters need CLD2's strongest evidence. Nil otherwise: the script's
    /// likely language stands.
    static func identifiedLanguage(of run: String, script: ScriptCode, letters: Int) -> String? {
        guard letters >= identificationMinimumLetters, LanguageIdentifier.isAvailable, !run.contains("\n") else { return nil }
        // Codes (`uz-cyrl`) are no words, and names are taken for the language they name ("Uzbek,
        // Cyrillic" → uz, "Crimean Tatar" → tt): only phrases of three words or more, not all capitalised.
        let tokens = run.split(whereSeparator: \.isWhitespace).filter { !isCode(String($0.trimmingCharacters(in: .punctuationCharacters))) }
        let words = tokens.filter { $0.contains(where: \.isLetter) }
        guard words.count >= 3, !words.allSatisfy({ $0.first(where: \.isLetter)!.isUppercase }),
              let found = LanguageIdentifier.identify(tokens.joined(separator: " ")), found.isReliable,
              found.confidence >= (letters < 24 ? 0.95 : 0.9) else { return nil }
        let scripts = LanguageIdentifier.scripts(recognizing: found.language)
        let name = script.shortName
        let written = scripts.contains(name) || (name == "Jpan" && found.language == "ja")
            || (name == "Hani" && (found.language == "zh" || found.language == "zh-Hant"))
        return written ? found.language : nil
    }

    /// TranslateWiki source strings: `$1` placeholders and `{{PLURAL:$1|…}}` magic words are markup,
    /// not words, whatever the locale; so are `${name}` template variables.
    static func maskWikiSyntax(_ units: inout [UInt16]) {
        let dollar: UInt16 = 0x24, brace: UInt16 = 0x7B, colon: UInt16 = 0x3A
        func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }
        func isUpper(_ u: UInt16) -> Bool { u >= 0x41 && u <= 0x5A }
        var i = 0
        while i < units.count {
            if units[i] == dollar, i + 1 < units.count, units[i + 1] == brace,
               let close = units[(i + 2)...].prefix(64).firstIndex(of: 0x7D) {
                // `${applicationName}`: a variable of App Intents and templates.
                for k in i...close { units[k] = 0x20 }
                i = close + 1
            } else if units[i] == dollar, i + 1 < units.count, isDigit(units[i + 1]) {
                var j = i + 1
                while j < units.count && isDigit(units[j]) { j += 1 }
                for k in i..<j { units[k] = 0x20 }
                i = j
            } else if units[i] == brace, i + 2 < units.count, units[i + 1] == brace, isUpper(units[i + 2]) {
                var j = i + 2
                while j < units.count && isUpper(units[j]) { j += 1 }
                if j < units.count && units[j] == colon { for k in i...j { units[k] = 0x20 } }
                i = j
            } else {
                i += 1
            }
        }
    }

    /// An acronym or unit (VPN, URL, GPS, CAPTCHA, MB): every voice spells it out the way its own
    /// language does, which is what users of that language expect, so it needs no tag.
    static func isAcronym(_ run: String) -> Bool {
        // "MB, VPN" is two acronyms in one run; a capitalised phrase of four words is shouting, not acronyms.
        var words = 0, letters = 0
        var inWord = false
        for scalar in run.unicodeScalars {
            if scalar.isAlphabeticFast {
                if !scalar.properties.isUppercase { return false }
                if !inWord { words += 1; letters = 0 }
                inWord = true
                letters += 1
                if letters > 8 { return false }
            } else {
                inWord = false
            }
        }
        return words > 0 && words <= 3
    }

    /// Symbols, emoji and punctuation at the run's edges (`|` of wiki markup, `🔥` after a name)
    /// belong to no language; `ScriptRun.trimmed` keeps symbols, so they are trimmed here.
    /// The alphabets whose look-alike letters get typed into each other's words.
    static let lookAlikeAlphabets: Set<ScriptCode> = [.latin, .cyrillic, .greek]

    /// `run` without a word at its edge that goes on in another of the look-alike alphabets: "cаъю"
    /// is a Tajik word with a Latin c typed for the Cyrillic one, not a part in another language
    /// (Japanese "iPhoneで" joins scripts by nature and keeps its run).
    static func droppingMixedWords(_ run: ScriptRun, in units: [UInt16]) -> ScriptRun? {
        guard lookAlikeAlphabets.contains(run.script) else { return run }
        func scalar(_ i: Int) -> Unicode.Scalar? { Unicode.Scalar(units[i]) }
        func isLetter(_ i: Int) -> Bool { scalar(i)?.isAlphabeticFast ?? false }
        func continuesInOtherAlphabet(_ i: Int) -> Bool {
            guard i >= 0, i < units.count, let neighbour = scalar(i), neighbour.isAlphabeticFast else { return false }
            let script = Scripts.script(of: neighbour)
            return script != run.script && lookAlikeAlphabets.contains(script)
        }
        var lower = run.location, upper = run.location + run.length
        if continuesInOtherAlphabet(upper) { while upper > lower, isLetter(upper - 1) { upper -= 1 } }
        if continuesInOtherAlphabet(lower - 1) { while lower < upper, isLetter(lower) { lower += 1 } }
        guard upper > lower else { return nil }
        return ScriptRun(script: run.script, location: lower, length: upper - lower)
    }

    /// `text`: the UTF-16 of the text the run was found in.
    static func trimmingSymbols(_ run: ScriptRun, in text: [UInt16]) -> ScriptRun? {
        var units = text[run.range]
        func scalarAtStart() -> (Unicode.Scalar, Int)? {
            guard let first = units.first else { return nil }
            if UTF16.isLeadSurrogate(first), units.count > 1 {
                return (Unicode.Scalar(UInt32(0x10000 + ((Int(first) - 0xD800) << 10) + (Int(units[units.startIndex + 1]) - 0xDC00)))!, 2)
            }
            return Unicode.Scalar(first).map { ($0, 1) }
        }
        func scalarAtEnd() -> (Unicode.Scalar, Int)? {
            guard let last = units.last else { return nil }
            if UTF16.isTrailSurrogate(last), units.count > 1 {
                let lead = units[units.endIndex - 2]
                return (Unicode.Scalar(UInt32(0x10000 + ((Int(lead) - 0xD800) << 10) + (Int(last) - 0xDC00)))!, 2)
            }
            return Unicode.Scalar(last).map { ($0, 1) }
        }
        func isFiller(_ s: Unicode.Scalar) -> Bool {
            !(s.isAlphabeticFast || s.properties.numericType != nil || s.properties.generalCategory == .nonspacingMark)
        }
        while let (s, width) = scalarAtStart(), isFiller(s) { units.removeFirst(width) }
        while let (s, width) = scalarAtEnd(), isFiller(s) { units.removeLast(width) }
        guard !units.isEmpty else { return nil }
        return ScriptRun(script: run.script, location: units.startIndex, length: units.count)
    }

    /// A language code or identifier (`zh-mo`, `crh-cyrl`, `file_name`): lowercase ASCII joined by `-`
    /// or `_`, no spaces. A voice cannot pronounce it in any language.
    /// A language code in brackets among a run's words ("(uz-latin", "(kk": the closing bracket may
    /// lie outside the run), or nil.
    static func bracketedCode(in run: String) -> String? {
        // Most runs have no bracket: they are not split into words.
        guard run.containsByte(UInt8(ascii: "(")) else { return nil }
        for token in run.split(whereSeparator: \.isWhitespace) where token.hasPrefix("(") {
            let code = String(token.dropFirst().prefix { $0 != ")" })
            let isLanguage = (2...3).contains(code.utf8.count) && code.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
            if isCode(code) || isLanguage { return code }
        }
        return nil
    }

    static func isCode(_ run: String) -> Bool {
        var sawJoiner = false
        for scalar in run.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9": continue
            case "-", "_": sawJoiner = true
            default: return false
            }
        }
        return sawJoiner
    }

    /// "a, b, c} .tile.org/{z}/{x}/{y} .png": the pieces of a URL or path template that a machine
    /// translation broke apart with spaces (so it is no URL to mask). Every word in it stands in a
    /// path, a brace or a domain's tail; single letters aside, there is nothing to pronounce.
    static func isAddressPattern(_ run: String) -> Bool {
        // A word of the pattern starts with "." or holds "/", "{" or "}": a run with none of them is
        // no pattern, and nearly every run is such (the words are not split for it).
        guard run.withUTF8Bytes({ $0.contains { $0 == 0x2E || $0 == 0x2F || $0 == 0x7B || $0 == 0x7D } }) else { return false }
        var sawAddress = false
        for token in run.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            if longestLetterRun(token.unicodeScalars) < 2 { continue }
            guard token.hasPrefix(".") || token.contains(where: { $0 == "/" || $0 == "{" || $0 == "}" }) else { return false }
            sawAddress = true
        }
        return sawAddress
    }

    /// "ö = o", "a/b": letters standing alone are symbols or examples, not words to pronounce.
    static func hasOnlySingleLetters(_ run: String) -> Bool {
        let ideographic = run.unicodeScalars.contains { [.han, .hiragana, .katakana].contains(Scripts.script(of: $0)) }
        return longestLetterRun(run.unicodeScalars) < 2 && !ideographic
    }

    /// The most letters in a row.
    static func longestLetterRun<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Int {
        var longest = 0, current = 0
        for scalar in scalars {
            if scalar.isAlphabeticFast { current += 1; longest = max(longest, current) } else { current = 0 }
        }
        return longest
    }

    static func slice(_ text: String, _ range: Range<Int>) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        // Ranges end on scalar boundaries: the slice is a copy of the bytes, with no transcoding.
        return String(utf16[start..<end]) ?? String(decoding: utf16[start..<end], as: UTF16.self)
    }

    /// True when the text has letters and all are in the native scripts, false when it has none, nil
    /// when some letter is in another script (the full analysis must run).
    static func lettersAreAllNative(_ text: String, _ native: Set<ScriptCode>) -> Bool? {
        let latinIsNative = native.contains(.latin)
        var sawLetter = false
        // Letters come in runs of one script: the set is asked once per run, not once per letter.
        var lastScript = ScriptCode.unknown, lastIsNative = false
        // Read as bytes: only the non-ASCII scalars are decoded (every text of the project passes here).
        return text.withUTF8Bytes { bytes -> Bool? in
            var i = 0
            while i < bytes.count {
                // Once a letter is seen in a locale that writes Latin, ASCII can change nothing: it is
                // passed over eight bytes at a time.
                if sawLetter && latinIsNative {
                    while i + 8 <= bytes.count,
                          UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
                    guard i < bytes.count else { break }
                }
                let byte = bytes[i]
                if byte < 0x80 {
                    i += 1
                    guard (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A else { continue }
                    if !latinIsNative { return nil }
                    sawLetter = true
                    continue
                }
                let (scalar, length) = bytes.scalar(startingAt: i)
                i += length
                guard scalar.isAlphabeticFast else { continue }
                let script = Scripts.script(of: scalar)
                if script.isCommonOrInherited { continue }
                if script != lastScript {
                    lastScript = script
                    lastIsNative = native.contains(script)
                }
                if !lastIsNative { return nil }
                sawLetter = true
            }
            return sawLetter
        }
    }

    /// Whole-word, case-insensitive occurrences of a term, as UTF-16 ranges.
    static func occurrences(of term: String, in text: String) -> [Range<Int>] {
        guard !term.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var searchStart = text.startIndex
        while searchStart < text.endIndex,
              let match = text.range(of: term, options: [.caseInsensitive], range: searchStart..<text.endIndex) {
            let before = match.lowerBound > text.startIndex ? text[text.index(before: match.lowerBound)] : nil
            let after = match.upperBound < text.endIndex ? text[match.upperBound] : nil
            // A letter of another script is a boundary too: "Bookshelfは" in Japanese.
            func continuesWord(_ neighbour: Character?, _ edge: Character) -> Bool {
                guard let neighbour, neighbour.isLetter || neighbour.isNumber else { return false }
                let a = Scripts.script(of: neighbour.unicodeScalars.first!), b = Scripts.script(of: edge.unicodeScalars.first!)
                return a == b || a.isCommonOrInherited || b.isCommonOrInherited
            }
            let first = text[match.lowerBound], last = text[text.index(before: match.upperBound)]
            if !continuesWord(before, first) && !continuesWord(after, last) {
                let lower = text.utf16.distance(from: text.utf16.startIndex, to: match.lowerBound)
                let upper = text.utf16.distance(from: text.utf16.startIndex, to: match.upperBound)
                found.append(lower..<upper)
            }
            searchStart = match.upperBound
        }
        return found
    }

    /// A Swift snippet that applies the range, for the finding's note.
    public static func swiftSnippet(key: String, table: String, range: SpeechRange) -> String {
        swiftSnippet(key: key, table: table, ranges: [range])
    }

    /// The same with one `addAttribute` line per range.
    public static func swiftSnippet(key: String, table: String, ranges: [SpeechRange]) -> String {
        let tableArgument = table == "Localizable" ? "" : ", table: \"\(table)\""
        return (["let text = NSMutableAttributedString(string: String(localized: \"\(key.swiftEscaped)\"\(tableArgument)))"]
            + ranges.map { "text.addAttribute(.accessibilitySpeechLanguage, value: \"\($0.language)\", range: NSRange(location: \($0.location), length: \($0.length)))" })
            .joined(separator: "\n")
    }
}

extension String {
    var swiftEscaped: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
