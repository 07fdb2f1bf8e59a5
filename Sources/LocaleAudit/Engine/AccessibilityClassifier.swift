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
    public private(set) var patterns: Set<String>

    public init(patterns: [String] = AccessibilityClassifier.defaultPatterns) {
        self.patterns = Set(patterns.map { $0.lowercased() }.filter { !$0.isEmpty })
    }

    /// Adds patterns to the current ones (`--a11y-pattern`).
    public mutating func add(patterns more: [String]) {
        patterns.formUnion(more.map { $0.lowercased() }.filter { !$0.isEmpty })
    }

    /// The kind of an entry, nil when it is an ordinary string.
    public func classify(key: String, comment: String?) -> Kind? {
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
        if matchesPattern(key) { return .keyPattern }
        if let comment, Self.commentMentionsAccessibility(comment) { return .comment }
        return nil
    }

    /// `1rB-5w-de3.accessibilityLabel` → ("1rB-5w-de3", "accessibilityLabel"). Interface Builder object ids
    /// are three groups of alphanumerics joined by `-` (`abc-12-XyZ`), or longer generated ids; the
    /// property is an identifier, possibly with a subscript (`segmentTitles[0]`).
    public static func interfaceBuilderKey(_ key: String) -> (objectID: Substring, property: Substring)? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let id = key[..<dot], property = key[key.index(after: dot)...]
        guard isObjectID(id), let first = property.first, first.isASCII, first.isLetter, first.isLowercase,
              property.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "[" || $0 == "]") }) else { return nil }
        return (id, property)
    }

    static func isObjectID(_ id: Substring) -> Bool {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == 3 else { return false }
        return groups.allSatisfy { group in
            group.count >= 2 && group.count <= 4 && group.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    func matchesPattern(_ key: String) -> Bool {
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

    /// Lowercased tokens of a key split at `.`, `_`, `-`, spaces and camelCase boundaries.
    public static func tokens(of key: String) -> [String] {
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

    /// Phrases that say a string is read by assistive technology. A bare "accessibility" is not enough:
    /// "Opens the Accessibility settings" describes a visible title.
    static func commentMentionsAccessibility(_ comment: String) -> Bool {
        let lower = comment.lowercased()
        for phrase in ["voiceover", "voice over", "screen reader", "screenreader", "a11y", "for accessibility",
                       "accessibility label", "accessibility hint", "accessibility value", "accessibilitylabel",
                       "accessibilityhint", "accessibility text", "accessibility description", "accessibility announcement"]
        where lower.contains(phrase) {
            return true
        }
        return false
    }
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

    public init(_ index: ProjectIndex, classifier: AccessibilityClassifier) {
        var byLocale: [String: LocaleCoverage] = [:]
        for set in index.tableSets {
            for translation in set.translations {
                for key in translation.keys {
                    let entry = translation.entries[key]!
                    if let kind = classifier.classify(key: key, comment: entry.comment ?? set.source?.entries[key]?.comment) {
                        translationKinds[kind, default: 0] += 1
                    }
                }
            }
            guard let source = set.source else { continue }
            for key in source.keys {
                let entry = source.entries[key]!
                guard let kind = classifier.classify(key: key, comment: entry.comment) else { continue }
                sourceKinds[kind, default: 0] += 1
                guard kind.isSpoken, entry.shouldTranslate else { continue }
                for translation in set.translations {
                    var coverage = byLocale[translation.locale] ?? LocaleCoverage(locale: translation.locale, strings: 0, translated: 0, missing: 0)
                    coverage.strings += 1
                    if let value = translation.entries[key]?.value {
                        if value.texts.contains(where: { !$0.text.trimmingSpaces.isEmpty }) { coverage.translated += 1 }
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
