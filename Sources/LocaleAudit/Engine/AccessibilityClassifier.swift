/// Decides which strings VoiceOver reads rather than what the screen shows: Interface Builder
/// accessibility properties, keys with an accessibility token, entries whose comment says so.
/// Thread safety: a value type; safe from any thread.
public struct AccessibilityClassifier: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// `<objectID>.accessibilityLabel`: the name VoiceOver reads for a control.
        case label
        /// `<objectID>.accessibilityHint`.
        case hint
        /// `<objectID>.accessibilityValue`.
        case value
        /// `<objectID>.accessibilityIdentifier`: for UI tests, never read to users.
        case identifier
        /// A key with a configured token (`a11y.add.label`).
        case keyPattern = "key-pattern"
        /// A comment that says the string is for VoiceOver or accessibility.
        case comment

        /// True for every kind a user hears; an identifier is not one.
        public var isSpoken: Bool { self != .identifier }
    }

    public static let defaultPatterns = ["a11y", "accessibility", "voiceover", "screenreader"]

    /// Lowercased key tokens that mark a key as an accessibility string.
    public private(set) var patterns: Set<String> {
        didSet { patternBytes = patterns.sorted().map { Array($0.utf8) } }
    }
    /// The patterns' UTF-8, for the quick byte-level rejection in `matchesPattern`.
    private var patternBytes: [[UInt8]] = []

    public init(patterns: [String] = AccessibilityClassifier.defaultPatterns) {
        self.patterns = Set(patterns.map { $0.lowercased() }.filter { !$0.isEmpty })
        patternBytes = self.patterns.sorted().map { Array($0.utf8) }
    }

    /// Adds patterns to the current ones (`--a11y-pattern`).
    public mutating func add(patterns more: [String]) {
        patterns.formUnion(more.map { $0.lowercased() }.filter { !$0.isEmpty })
    }

    /// The kind of an entry, nil when it is an ordinary string. Only the key, the comment and the
    /// Interface Builder property decide, never the text: "Settings > Accessibility" is a path to show.
    /// A key that is itself the text (`sourceText`, or words with spaces as String Catalogs use) says
    /// nothing about where the string is used.
    public func classify(key: String, comment: String?, sourceText: String? = nil) -> Kind? {
        if let (_, property) = Self.interfaceBuilderKey(key) {
            switch property {
            case "accessibilityLabel": return .label
            case "accessibilityHint": return .hint
            case "accessibilityValue": return .value
            case "accessibilityIdentifier": return .identifier
            // Xcode's generated comment repeats the visible text, which may well say "accessibility".
            default: return nil
            }
        }
        if Self.isIdentifierKey(key, sourceText: sourceText), matchesPattern(key) { return .keyPattern }
        if let comment, Self.commentMentionsAccessibility(comment) { return .comment }
        return nil
    }

    /// A key written as an identifier (`settings.a11y.label`), not as the text it stands for.
    static func isIdentifierKey(_ key: String, sourceText: String?) -> Bool {
        if let sourceText, key == sourceText { return false }
        return !key.utf8.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }
    }

    /// `1rB-5w-de3.accessibilityLabel` → ("1rB-5w-de3", "accessibilityLabel"). Interface Builder object ids
    /// are three groups of alphanumerics joined by `-` (`abc-12-XyZ`), or longer generated ids; the
    /// property is an identifier, possibly with a subscript (`segmentTitles[0]`).
    public static func interfaceBuilderKey(_ key: String) -> (objectID: Substring, property: Substring)? {
        // Byte-level rejection first: this runs for every entry, and few keys are IB keys.
        guard mayBeInterfaceBuilderKey(key.utf8) else { return nil }
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let id = key[..<dot], property = key[key.index(after: dot)...]
        guard isObjectID(id), let first = property.first, first.isASCII, first.isLetter, first.isLowercase,
              property.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "[" || $0 == "]") }) else { return nil }
        return (id, property)
    }

    /// False when the bytes before the first `.` cannot be an object id (three groups of two to four
    /// ASCII letters or digits joined by `-`); true otherwise, to be confirmed by `isObjectID`.
    private static func mayBeInterfaceBuilderKey(_ utf8: String.UTF8View) -> Bool {
        var groups = 1, length = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."): return groups == 3 && length >= 2
            case UInt8(ascii: "-"):
                guard length >= 2 && groups < 3 else { return false }
                groups += 1
                length = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                length += 1
                if length > 4 { return false }
            default: return false
            }
        }
        return false
    }

    static func isObjectID(_ id: Substring) -> Bool {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == 3 else { return false }
        return groups.allSatisfy { group in
            group.count >= 2 && group.count <= 4 && group.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    func matchesPattern(_ key: String) -> Bool {
        // Classification runs for every entry of every locale, and almost no key matches. Joined
        // consecutive tokens are always part of the key lowercased without its separators, so a key
        // whose squashed form contains no pattern cannot match (ASCII keys; others take the long way).
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            var squashed: [UInt8] = []
            squashed.reserveCapacity(key.utf8.count)
            for byte in key.utf8 where !Self.isSeparator(byte) {
                squashed.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            if !patternBytes.contains(where: { ByteSearch.contains($0, in: squashed) }) { return false }
        }
        let tokens = Self.tokens(of: key)
        // A pattern may span tokens: `screenReader` splits into screen + reader but still says screenreader.
        for start in tokens.indices {
            var joined = ""
            for end in start..<min(tokens.count, start + 3) {
                joined += tokens[end]
                if patterns.contains(joined) { return true }
            }
        }
        return false
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "/")
    }

    /// Lowercased tokens of a key split at `.`, `_`, `-`, spaces and camelCase boundaries.
    public static func tokens(of key: String) -> [String] {
        // Keys are nearly all ASCII, and text-as-key catalogs make them long: split as bytes.
        key.utf8.allSatisfy({ $0 < 0x80 }) ? asciiTokens(of: key) : characterTokens(of: key)
    }

    /// `tokens(of:)` character by character, for keys with non-ASCII letters.
    static func characterTokens(of key: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var previousWasLower = false
        for character in key {
            if character == "." || character == "_" || character == "-" || character == " " || character == "/" {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower {
                tokens.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// `tokens(of:)` of an ASCII key, split and lowercased byte by byte.
    static func asciiTokens(of key: String) -> [String] {
        var tokens: [String] = []
        var current: [UInt8] = []
        var previousWasLower = false
        func flush() {
            tokens.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "/"):
                if !current.isEmpty { flush() }
                previousWasLower = false
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if previousWasLower { flush() }
                current.append(byte + 0x20)
                previousWasLower = false
            default:
                current.append(byte)
                previousWasLower = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            }
        }
        if !current.isEmpty { flush() }
        return tokens
    }

    /// Phrases that say a string is read by assistive technology. A bare "accessibility" is not enough:
    /// "Opens the Accessibility settings" describes a visible title.
    static func commentMentionsAccessibility(_ comment: String) -> Bool {
        // The phrases are ASCII, so lowercasing ASCII letters is enough, and bytes compare fast.
        let lower = ByteSearch.asciiLowercased(comment)
        return accessibilityPhrases.contains { ByteSearch.contains($0, in: lower) }
    }

    private static let accessibilityPhrases: [[UInt8]] = [
        "voiceover", "voice over", "screen reader", "screenreader", "a11y", "for accessibility",
        "accessibility label", "accessibility hint", "accessibility value", "accessibilitylabel",
        "accessibilityhint", "accessibility text", "accessibility description", "accessibility announcement",
    ].map { Array($0.utf8) }
}

/// How many accessibility strings each locale has, for the JSON summary: what a VoiceOver user of
/// that locale hears in their language and what falls back or is missing.
public struct AccessibilityCoverage: Sendable, Hashable {
    public struct LocaleCoverage: Sendable, Hashable {
        public var locale: String
        /// Spoken accessibility strings of the source in tables this locale has.
        public var strings: Int
        /// Present with a non-empty value.
        public var translated: Int
        /// Absent: VoiceOver reads the development language, or nothing.
        public var missing: Int
    }

    /// Source accessibility strings by kind (`label`, `hint`, …), identifiers included.
    public var sourceKinds: [AccessibilityClassifier.Kind: Int] = [:]
    /// Accessibility entries by kind in every translation, for a view of what was classified.
    public var translationKinds: [AccessibilityClassifier.Kind: Int] = [:]
    /// Sorted by locale.
    public var locales: [LocaleCoverage] = []

    public init() {}

    /// `sourceKinds` are the source keys' kinds the rules classified (by table set, then key
    /// position; see `classifyAccessibility`): a translation entry with its source's comment, or none,
    /// has its source's kind, so only the others are classified here.
    init(_ index: ProjectIndex, sourceKinds kindsByTable: [[AccessibilityClassifier.Kind?]], classifier: AccessibilityClassifier) {
        var byLocale: [String: LocaleCoverage] = [:]
        for (t, set) in index.tableSets.enumerated() {
            let kinds = kindsByTable[t]
            func sourceKind(_ position: Int) -> AccessibilityClassifier.Kind? { kinds.isEmpty ? nil : kinds[position] }
            // Keys the source lacks, classified once per key for the translations without a comment.
            var kindOfExtraKey: [String: AccessibilityClassifier.Kind?] = [:]
            for (l, translation) in set.translations.enumerated() {
                for (k, entry) in set.alignedEntries[l].enumerated() {
                    guard let entry else { continue }
                    let sourceEntry = set.sourceEntries[k]
                    let kind = entry.comment == nil || entry.comment == sourceEntry.comment
                        ? sourceKind(k)
                        : classifier.classify(key: entry.key, comment: entry.comment, sourceText: sourceEntry.value.plainText)
                    if let kind { translationKinds[kind, default: 0] += 1 }
                }
                guard set.hasKeysOutsideSource(l) else { continue }
                for (k, (key, entry)) in zip(translation.keys, translation.orderedEntries).enumerated() where translation.keySourcePositions[k] < 0 {
                    let comment = entry.comment
                    let kind: AccessibilityClassifier.Kind?
                    if comment == nil {
                        if let known = kindOfExtraKey[key] {
                            kind = known
                        } else {
                            kind = classifier.classify(key: key, comment: nil, sourceText: nil)
                            kindOfExtraKey[key] = kind
                        }
                    } else {
                        kind = classifier.classify(key: key, comment: comment, sourceText: nil)
                    }
                    if let kind { translationKinds[kind, default: 0] += 1 }
                }
            }
            guard set.source != nil else { continue }
            for (k, entry) in set.sourceEntries.enumerated() {
                guard let kind = sourceKind(k) else { continue }
                sourceKinds[kind, default: 0] += 1
                guard kind.isSpoken, entry.shouldTranslate else { continue }
                for (l, translation) in set.translations.enumerated() {
                    var coverage = byLocale[translation.locale] ?? LocaleCoverage(locale: translation.locale, strings: 0, translated: 0, missing: 0)
                    coverage.strings += 1
                    if let value = set.alignedEntries[l][k]?.value {
                        if value.containsText(where: { !$0.trimmingSpaces.isEmpty }) { coverage.translated += 1 }
                    } else {
                        coverage.missing += 1
                    }
                    byLocale[translation.locale] = coverage
                }
            }
        }
        locales = byLocale.keys.sorted().map { byLocale[$0]! }
    }
}
