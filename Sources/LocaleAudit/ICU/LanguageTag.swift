import CICUShim

/// A well-formed BCP 47 (RFC 5646) language tag, split into its subtags as written.
///
/// Parsing is our own: ICU's parser is lenient (`en--US` becomes `en`) and rewrites silently
/// (`i-klingon` becomes `tlh`), so a checker could not say what is wrong with a tag. ICU is used
/// only afterwards, for canonical forms, likely subtags and names.
///
/// Thread safety: a value type; every member may be used from any thread.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    public struct ParseOptions: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Accept `_` as a separator (POSIX locales and Apple folder names such as `pt_BR.lproj`).
        /// The tag then reports `usedUnderscores` so a rule can suggest the hyphenated form.
        public static let allowUnderscores = ParseOptions(rawValue: 1)
    }

    public enum Form: Sendable, Hashable {
        /// language [-extlang] [-script] [-region] *variant *extension [-privateuse]
        case normal
        /// Only private use: `x-whatever`.
        case privateUse
        /// One of the tags RFC 5646 §2.2.8 keeps for compatibility. Irregular ones (`i-klingon`,
        /// `en-GB-oed`) do not follow the normal syntax; regular ones (`zh-min-nan`, `art-lojban`) do,
        /// but their subtags do not have their usual meaning.
        case grandfathered(irregular: Bool)
    }

    public struct Extension: Sendable, Hashable {
        /// The singleton as written, such as `u` or `t`.
        public let singleton: Character
        /// The subtags after the singleton, as written.
        public let subtags: [String]
    }

    /// The tag as given to the parser.
    public let original: String
    public let form: Form
    /// True when the tag was written with `_` separators (only accepted with `.allowUnderscores`).
    public let usedUnderscores: Bool
    /// Primary language subtag; nil for private-use-only and irregular grandfathered tags.
    public let language: String?
    public let extlangs: [String]
    public let script: String?
    public let region: String?
    public let variants: [String]
    public let extensions: [Extension]
    /// Subtags after `x-`, without the `x`.
    public let privateUse: [String]

    /// The tag as written but with `-` separators: what ICU and BCP 47 consumers expect.
    public var hyphenated: String { usedUnderscores ? original.replacingUnderscores() : original }

    public var description: String { original }

    /// Parses and checks well-formedness. Never traps; every problem is a `LanguageTagError`.
    public static func parse(_ string: String, options: ParseOptions = []) -> Result<LanguageTag, LanguageTagError> {
        do throws(LanguageTagError) {
            return .success(try LanguageTag(string, options: options))
        } catch {
            return .failure(error)
        }
    }

    public init(_ string: String, options: ParseOptions = []) throws(LanguageTagError) {
        self = try LanguageTagParser(string, options: options).parse()
    }

    fileprivate init(original: String, form: Form, usedUnderscores: Bool, language: String?, extlangs: [String],
                     script: String?, region: String?, variants: [String], extensions: [Extension],
                     privateUse: [String]) {
        self.original = original
        self.form = form
        self.usedUnderscores = usedUnderscores
        self.language = language
        self.extlangs = extlangs
        self.script = script
        self.region = region
        self.variants = variants
        self.extensions = extensions
        self.privateUse = privateUse
    }
}

// MARK: - ICU-backed views

extension LanguageTag {
    /// The canonical BCP 47 form: CLDR aliases applied (`iw`→`he`, `cmn-Hans-CN`→`zh-Hans-CN`,
    /// `sh`→`sr-Latn`, `sr-CS`→`sr-RS`) and case normalised (`zh-hans`→`zh-Hans`).
    /// Uses `icu::Locale::createCanonical`; note ICU leaves `no` alone (it is not an alias in CLDR 42).
    public var canonical: String {
        get throws(ICUError) {
            let tag = hyphenated
            return try ShimBuffer.utf8("canonicalize language tag '\(tag)'") { la_locale_canonical_tag(tag, $0, $1, $2) }
        }
    }

    /// Likely subtags added: `ja` → `ja-Jpan-JP`, `sr` → `sr-Cyrl-RS`.
    public var maximized: String {
        get throws(ICUError) {
            let tag = hyphenated
            return try ShimBuffer.utf8("add likely subtags to '\(tag)'") { la_locale_maximize(tag, $0, $1, $2) }
        }
    }

    /// Likely subtags removed: `zh-Hans-CN` → `zh`, `zh-Hant-TW` → `zh-TW`.
    public var minimized: String {
        get throws(ICUError) {
            let tag = hyphenated
            return try ShimBuffer.utf8("remove likely subtags from '\(tag)'") { la_locale_minimize(tag, $0, $1, $2) }
        }
    }

    /// The scripts the locale is written in (`uscript_getCode`): ja → Kana, Hira, Hani; ko → Hang, Hani;
    /// sr-Latn → Latn. Derived from likely subtags when the tag has no script.
    public var scripts: [ScriptCode] {
        get throws(ICUError) {
            let tag = hyphenated
            return try ShimBuffer.int32s("find the scripts of '\(tag)'") { la_locale_scripts(tag, $0, $1, $2) }
                .map(ScriptCode.init(rawValue:))
        }
    }

    /// The script of the maximized tag (`ja` → Jpan, `zh-TW` → Hant), nil if ICU knows none.
    public var maximizedScript: ScriptCode? {
        get throws(ICUError) {
            let maximal = try LanguageTag(maximizedOrSelf: maximized)
            return maximal?.script.flatMap(ScriptCode.init(name:))
        }
    }

    /// True when the locale's (likely) script is written right to left (ar, he, fa, ur, sd-Arab…).
    public var isRightToLeft: Bool { la_locale_is_right_to_left(hyphenated) != 0 }

    /// The English display name, such as "Portuguese (Brazil)".
    public var englishDisplayName: String {
        get throws(ICUError) { try displayName(in: "en") }
    }

    /// The display name in another language, given as a BCP 47 tag.
    public func displayName(in displayLanguage: String) throws(ICUError) -> String {
        let tag = hyphenated
        return try ShimBuffer.utf16("display name of '\(tag)' in '\(displayLanguage)'") {
            la_locale_display_name(tag, displayLanguage, $0, $1, $2)
        }
    }

    private init?(maximizedOrSelf tag: String) {
        guard let parsed = try? LanguageTag(tag) else { return nil }
        self = parsed
    }
}

// MARK: - Errors

/// Why a string is not a well-formed language tag, and where.
public struct LanguageTagError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case empty
        /// Two separators in a row, or one at the start or end.
        case emptySubtag
        /// A character other than ASCII letters, digits and the separator.
        case invalidCharacter
        /// `_` used as separator without `.allowUnderscores`.
        case underscoreSeparator
        case subtagTooLong
        /// A subtag that is well-formed text but cannot stand at its position.
        case unexpectedSubtag
        case duplicateVariant
        case duplicateSingleton
        /// An extension singleton or `x` with no subtag after it.
        case missingSubtagAfterSingleton
    }

    public let reason: Reason
    /// 0-based offset in Unicode scalars from the start of the tag.
    public let offset: Int
    /// The offending subtag as written (empty for an empty subtag).
    public let subtag: String
    /// What the parser expected at `offset`, in words.
    public let expected: String

    public var description: String {
        switch reason {
        case .empty: return "empty language tag: expected \(expected)"
        case .emptySubtag: return "empty subtag at offset \(offset): expected \(expected)"
        case .invalidCharacter: return "invalid character '\(subtag)' at offset \(offset): expected \(expected)"
        case .underscoreSeparator: return "'_' at offset \(offset): expected \(expected)"
        case .subtagTooLong: return "subtag '\(subtag)' at offset \(offset) is longer than 8 characters: expected \(expected)"
        case .unexpectedSubtag: return "unexpected subtag '\(subtag)' at offset \(offset): expected \(expected)"
        case .duplicateVariant: return "variant '\(subtag)' at offset \(offset) repeats an earlier variant: expected \(expected)"
        case .duplicateSingleton: return "extension '\(subtag)' at offset \(offset) repeats an earlier extension: expected \(expected)"
        case .missingSubtagAfterSingleton: return "'\(subtag)' at offset \(offset) has no subtag after it: expected \(expected)"
        }
    }
}

// MARK: - Parser

/// RFC 5646 §2.2.8: tags that predate the current syntax, compared case-insensitively.
private let irregularGrandfathered: Set<String> = [
    "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
    "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
]
private let regularGrandfathered: Set<String> = [
    "art-lojban", "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
]

private struct Subtag {
    let text: Substring
    let offset: Int
    var count: Int { text.utf8.count }
    var isAlpha: Bool { text.utf8.allSatisfy(isASCIILetter) }
    var isDigits: Bool { text.utf8.allSatisfy(isASCIIDigit) }
    var lowercased: String { text.lowercased() }
}

private func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
private func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

private struct LanguageTagParser {
    let input: String
    let options: LanguageTag.ParseOptions

    init(_ input: String, options: LanguageTag.ParseOptions) {
        self.input = input
        self.options = options
    }

    private static let anySubtag = "letters or digits, at most 8, separated by '-'"

    func parse() throws(LanguageTagError) -> LanguageTag {
        let (subtags, usedUnderscores) = try split()
        let lowered = subtags.map(\.lowercased).joined(separator: "-")
        if irregularGrandfathered.contains(lowered) {
            return LanguageTag(original: input, form: .grandfathered(irregular: true), usedUnderscores: usedUnderscores,
                               language: nil, extlangs: [], script: nil, region: nil, variants: [], extensions: [],
                               privateUse: [])
        }
        if subtags[0].lowercased == "x" {
            let privateUse = try parsePrivateUse(subtags, from: 0)
            return LanguageTag(original: input, form: .privateUse, usedUnderscores: usedUnderscores, language: nil,
                               extlangs: [], script: nil, region: nil, variants: [], extensions: [],
                               privateUse: privateUse)
        }
        let form: LanguageTag.Form = regularGrandfathered.contains(lowered) ? .grandfathered(irregular: false) : .normal
        return try parseLangtag(subtags, form: form, usedUnderscores: usedUnderscores)
    }

    /// Splits on separators, checking characters and lengths; offsets are in Unicode scalars.
    private func split() throws(LanguageTagError) -> ([Subtag], Bool) {
        guard !input.isEmpty else {
            throw LanguageTagError(reason: .empty, offset: 0, subtag: "", expected: "a language subtag such as 'en'")
        }
        var subtags: [Subtag] = []
        var usedUnderscores = false
        var start = input.unicodeScalars.startIndex
        var startOffset = 0
        var offset = 0
        var index = start
        func finishSubtag(at end: String.UnicodeScalarView.Index) throws(LanguageTagError) {
            let text = Substring(input.unicodeScalars[start..<end])
            if text.isEmpty {
                throw LanguageTagError(reason: .emptySubtag, offset: startOffset, subtag: "",
                                       expected: "a subtag (\(Self.anySubtag))")
            }
            if text.utf8.count > 8 {
                throw LanguageTagError(reason: .subtagTooLong, offset: startOffset, subtag: String(text),
                                       expected: "at most 8 letters or digits per subtag")
            }
            subtags.append(Subtag(text: text, offset: startOffset))
        }
        while index != input.unicodeScalars.endIndex {
            let scalar = input.unicodeScalars[index]
            if scalar == "-" || scalar == "_" {
                if scalar == "_" {
                    guard options.contains(.allowUnderscores) else {
                        throw LanguageTagError(reason: .underscoreSeparator, offset: offset, subtag: "_",
                                               expected: "'-' as separator (BCP 47 uses hyphens: write '\(input.replacingUnderscores())')")
                    }
                    usedUnderscores = true
                }
                try finishSubtag(at: index)
                start = input.unicodeScalars.index(after: index)
                startOffset = offset + 1
            } else if !(scalar.isASCII && (isASCIILetter(UInt8(scalar.value)) || isASCIIDigit(UInt8(scalar.value)))) {
                throw LanguageTagError(reason: .invalidCharacter, offset: offset, subtag: String(scalar),
                                       expected: Self.anySubtag)
            }
            index = input.unicodeScalars.index(after: index)
            offset += 1
        }
        try finishSubtag(at: index)
        return (subtags, usedUnderscores)
    }

    private func parsePrivateUse(_ subtags: [Subtag], from index: Int) throws(LanguageTagError) -> [String] {
        let rest = subtags[(index + 1)...]
        guard !rest.isEmpty else {
            throw LanguageTagError(reason: .missingSubtagAfterSingleton, offset: subtags[index].offset,
                                   subtag: String(subtags[index].text),
                                   expected: "at least one private-use subtag (1–8 letters or digits) after 'x'")
        }
        return rest.map { String($0.text) }
    }

    private func parseLangtag(_ subtags: [Subtag], form: LanguageTag.Form,
                              usedUnderscores: Bool) throws(LanguageTagError) -> LanguageTag {
        let first = subtags[0]
        guard first.isAlpha, first.count >= 2 else {
            throw LanguageTagError(reason: .unexpectedSubtag, offset: first.offset, subtag: String(first.text),
                                   expected: "a language subtag (2–8 letters) or 'x' for private use")
        }
        var position = 1
        var extlangs: [String] = []
        if first.count <= 3 {
            while position < subtags.count, extlangs.count < 3, subtags[position].isAlpha, subtags[position].count == 3 {
                extlangs.append(String(subtags[position].text))
                position += 1
            }
        }
        var script: String?
        if position < subtags.count, subtags[position].isAlpha, subtags[position].count == 4 {
            script = String(subtags[position].text)
            position += 1
        }
        var region: String?
        if position < subtags.count,
           (subtags[position].isAlpha && subtags[position].count == 2) || (subtags[position].isDigits && subtags[position].count == 3) {
            region = String(subtags[position].text)
            position += 1
        }
        var variants: [String] = []
        var seenVariants: Set<String> = []
        while position < subtags.count, isVariant(subtags[position]) {
            let variant = subtags[position]
            guard seenVariants.insert(variant.lowercased).inserted else {
                throw LanguageTagError(reason: .duplicateVariant, offset: variant.offset, subtag: String(variant.text),
                                       expected: "each variant at most once")
            }
            variants.append(String(variant.text))
            position += 1
        }
        var extensions: [LanguageTag.Extension] = []
        var seenSingletons: Set<String> = []
        var privateUse: [String] = []
        while position < subtags.count {
            let subtag = subtags[position]
            guard subtag.count == 1 else {
                throw LanguageTagError(reason: .unexpectedSubtag, offset: subtag.offset, subtag: String(subtag.text),
                                       expected: expectation(extlangs: extlangs.count, languageLength: first.count,
                                                             script: script, region: region,
                                                             afterVariants: !variants.isEmpty,
                                                             afterExtensions: !extensions.isEmpty))
            }
            if subtag.lowercased == "x" {
                privateUse = try parsePrivateUse(subtags, from: position)
                position = subtags.count
                break
            }
            guard seenSingletons.insert(subtag.lowercased).inserted else {
                throw LanguageTagError(reason: .duplicateSingleton, offset: subtag.offset, subtag: String(subtag.text),
                                       expected: "each extension singleton at most once")
            }
            var body: [String] = []
            var next = position + 1
            while next < subtags.count, subtags[next].count >= 2 {
                body.append(String(subtags[next].text))
                next += 1
            }
            guard !body.isEmpty else {
                throw LanguageTagError(reason: .missingSubtagAfterSingleton, offset: subtag.offset,
                                       subtag: String(subtag.text),
                                       expected: "at least one extension subtag (2–8 letters or digits) after '\(subtag.text)'")
            }
            extensions.append(LanguageTag.Extension(singleton: Character(String(subtag.text)), subtags: body))
            position = next
        }
        return LanguageTag(original: input, form: form, usedUnderscores: usedUnderscores, language: String(first.text),
                           extlangs: extlangs, script: script, region: region, variants: variants,
                           extensions: extensions, privateUse: privateUse)
    }

    /// 5–8 letters or digits, or a digit followed by 3 letters or digits.
    private func isVariant(_ subtag: Subtag) -> Bool {
        if subtag.count >= 5 { return true } // split() already limited subtags to 8 alphanumerics
        return subtag.count == 4 && isASCIIDigit(subtag.text.utf8.first!)
    }

    /// The words for what could have stood where an unexpected subtag was found.
    private func expectation(extlangs: Int, languageLength: Int, script: String?, region: String?,
                             afterVariants: Bool, afterExtensions: Bool) -> String {
        var options: [String] = []
        if !afterExtensions {
            if !afterVariants {
                if script == nil && region == nil {
                    if languageLength <= 3 && extlangs < 3 { options.append("an extended language (3 letters)") }
                    options.append("a script (4 letters)")
                }
                if region == nil { options.append("a region (2 letters or 3 digits)") }
            }
            options.append("a variant (5–8 letters or digits, or a digit and 3 letters or digits)")
        }
        options.append("an extension (a singleton such as 'u' followed by subtags of 2–8)")
        options.append("private use ('x' followed by subtags)")
        if options.count == 1 { return options[0] }
        return options.dropLast().joined(separator: ", ") + " or " + options.last!
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(unicodeScalars.map { $0 == "_" ? "-" : Character($0) })
    }
}

extension LanguageTag {
    /// One spelling of a locale identifier however its case and separators are written
    /// ("sr-EC", "sr_ec" → "sr-ec"), for comparing identifiers, not for showing them.
    static func caseFolded(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The first subtag of a locale identifier as written, lower-cased: "pt" of "pt-BR" and of "PT_br",
    /// "" when there is none. No parsing and no ICU: the rules ask it of every text's locale.
    static func languageSubtag(of locale: String) -> String {
        let ascii: String? = locale.withUTF8Bytes { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            // Empty subtags ("-en", "en--US") are skipped, as a split that omits them would.
            var start = 0
            while start < bytes.count && (bytes[start] == 0x2D || bytes[start] == 0x5F) { start += 1 }
            var end = start
            while end < bytes.count && bytes[end] != 0x2D && bytes[end] != 0x5F { end += 1 }
            return String(decoding: bytes[start..<end].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        // Other characters (a folder name is not always a locale): split as characters, where a
        // combining mark may join a separator.
        return ascii ?? String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }
}
