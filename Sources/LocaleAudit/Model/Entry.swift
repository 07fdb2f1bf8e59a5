/// One key of one table in one locale.
public struct Entry: Sendable, Hashable {
    public var key: String
    public var value: Value
    /// The developer comment (`/* … */` before a `.strings` entry, an XLIFF `note`, a catalog `comment`).
    public var comment: String?
    /// The translation state where the format records one (XLIFF `state`, String Catalog `state`).
    public var state: TranslationState?
    /// Where the entry starts (its key).
    public var location: SourceLocation
    /// Where its value starts, where that differs from the key.
    public var valueLocation: SourceLocation?
    /// In bilingual formats (XLIFF), the source-language text carried next to the translation.
    public var sourceValue: Value?
    /// False for String Catalog `shouldTranslate: false` and XLIFF `translate="no"`.
    public var shouldTranslate: Bool
    /// Format-specific facts kept for reports (e.g. `extractionState`), never interpreted by readers.
    public var attributes: [String: String]

    public init(key: String, value: Value, comment: String? = nil, state: TranslationState? = nil,
                location: SourceLocation, valueLocation: SourceLocation? = nil, sourceValue: Value? = nil,
                shouldTranslate: Bool = true, attributes: [String: String] = [:]) {
        self.key = key
        self.value = value
        self.comment = comment
        self.state = state
        self.location = location
        self.valueLocation = valueLocation
        self.sourceValue = sourceValue
        self.shouldTranslate = shouldTranslate
        self.attributes = attributes
    }
}

/// A translation state as the file wrote it, with its meaning normalised across formats.
public struct TranslationState: Sendable, Hashable {
    public enum Meaning: String, Sendable, Hashable, Codable {
        case translated, new, needsReview = "needs-review", needsTranslation = "needs-translation", stale, final, other
    }
    public var raw: String
    public var meaning: Meaning
    public init(raw: String, meaning: Meaning) {
        self.raw = raw
        self.meaning = meaning
    }
}
