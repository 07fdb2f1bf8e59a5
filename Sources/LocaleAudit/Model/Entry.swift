/// One key of one table in one locale.
public struct Entry: Sendable, Hashable {
    /// The fields live in one shared, copy-on-write box: the index, the translation pairs and the
    /// rules hold hundreds of thousands of copies of entries, each now a single reference.
    private final class Storage: @unchecked Sendable {
        // Mutated only through `Entry.update`, after making the box unique to one entry.
        var key: String
        var value: Value
        var comment: String?
        var state: TranslationState?
        var location: SourceLocation
        var valueLocation: SourceLocation?
        var sourceValue: Value?
        var shouldTranslate: Bool
        var attributes: [String: String]

        init(key: String, value: Value, comment: String?, state: TranslationState?, location: SourceLocation,
             valueLocation: SourceLocation?, sourceValue: Value?, shouldTranslate: Bool, attributes: [String: String]) {
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

        func copy() -> Storage {
            Storage(key: key, value: value, comment: comment, state: state, location: location, valueLocation: valueLocation,
                    sourceValue: sourceValue, shouldTranslate: shouldTranslate, attributes: attributes)
        }
    }

    private var storage: Storage

    /// Writes one field, first copying the box if another entry shares it.
    private mutating func set<T>(_ field: ReferenceWritableKeyPath<Storage, T>, _ value: T) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage[keyPath: field] = value
    }

    public var key: String { get { storage.key } set { set(\.key, newValue) } }
    public var value: Value { get { storage.value } set { set(\.value, newValue) } }
    /// The developer comment (`/* … */` before a `.strings` entry, an XLIFF `note`, a catalog `comment`).
    public var comment: String? { get { storage.comment } set { set(\.comment, newValue) } }
    /// The translation state where the format records one (XLIFF `state`, String Catalog `state`).
    public var state: TranslationState? { get { storage.state } set { set(\.state, newValue) } }
    /// Where the entry starts (its key).
    public var location: SourceLocation { get { storage.location } set { set(\.location, newValue) } }
    /// Where its value starts, where that differs from the key.
    public var valueLocation: SourceLocation? { get { storage.valueLocation } set { set(\.valueLocation, newValue) } }
    /// In bilingual formats (XLIFF), the source-language text carried next to the translation.
    public var sourceValue: Value? { get { storage.sourceValue } set { set(\.sourceValue, newValue) } }
    /// False for String Catalog `shouldTranslate: false`, XLIFF `translate="no"` and a comment that
    /// forbids translating the string (`DoNotTranslateComments`, applied by the engine after reading).
    public var shouldTranslate: Bool { get { storage.shouldTranslate } set { set(\.shouldTranslate, newValue) } }
    /// Format-specific facts kept for reports (e.g. `extractionState`), never interpreted by readers.
    public var attributes: [String: String] { get { storage.attributes } set { set(\.attributes, newValue) } }

    /// A String Catalog key the last build no longer found in the code (`extractionState: stale`).
    public var isStale: Bool { storage.attributes["extractionState"] == "stale" }

    public init(key: String, value: Value, comment: String? = nil, state: TranslationState? = nil,
                location: SourceLocation, valueLocation: SourceLocation? = nil, sourceValue: Value? = nil,
                shouldTranslate: Bool = true, attributes: [String: String] = [:]) {
        storage = Storage(key: key, value: value, comment: comment, state: state, location: location,
                          valueLocation: valueLocation, sourceValue: sourceValue, shouldTranslate: shouldTranslate,
                          attributes: attributes)
    }

    public static func == (a: Entry, b: Entry) -> Bool {
        if a.storage === b.storage { return true }
        return a.key == b.key && a.value == b.value && a.comment == b.comment && a.state == b.state
            && a.location == b.location && a.valueLocation == b.valueLocation && a.sourceValue == b.sourceValue
            && a.shouldTranslate == b.shouldTranslate && a.attributes == b.attributes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
        hasher.combine(comment)
        hasher.combine(location)
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
