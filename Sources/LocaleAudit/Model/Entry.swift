/// One key of one table in one locale.
public struct Entry: Sendable, Hashable {
    /// The fields live in one shared, copy-on-write box: the index, the translation pairs and the
    /// rules hold hundreds of thousands of copies of entries, each now a single reference.
    ///
    /// The box is kept small (112 bytes of heap instead of 208): the value's location is two numbers
    /// in the key's file, and what only bilingual and catalog formats carry (state, source text,
    /// attributes) sits in a second box that `.strings` entries, most of a large app, never allocate.
    private final class Storage: @unchecked Sendable {
        // Mutated only through `Entry.update`, after making the box unique to one entry.
        var key: String
        var value: Value
        var comment: String?
        var location: SourceLocation
        /// Where the value starts in `location.file`; line 0 when the entry has no value location
        /// (or it lies in another file, which `extras` then holds).
        var valueLine: Int32
        var valueColumn: Int32
        var shouldTranslate: Bool
        var extras: Extras?

        init(key: String, value: Value, comment: String?, location: SourceLocation, valueLine: Int32, valueColumn: Int32,
             shouldTranslate: Bool, extras: Extras?) {
            self.key = key
            self.value = value
            self.comment = comment
            self.location = location
            self.valueLine = valueLine
            self.valueColumn = valueColumn
            self.shouldTranslate = shouldTranslate
            self.extras = extras
        }

        func copy() -> Storage {
            Storage(key: key, value: value, comment: comment, location: location, valueLine: valueLine, valueColumn: valueColumn,
                    shouldTranslate: shouldTranslate, extras: extras)
        }
    }

    /// The fields few formats fill. A change makes a new one, so boxes may share it; only
    /// `shareEqualStrings` writes one in place, with an equal value.
    private final class Extras: @unchecked Sendable {
        let state: TranslationState?
        var sourceValue: Value?
        let attributes: [String: String]
        /// A value location in another file than the key's (no reader makes one; kept for completeness).
        let valueLocationElsewhere: SourceLocation?
        /// Where the source text a bilingual entry carries starts, in the key's file; line 0 when unknown.
        let sourceLine: Int32, sourceColumn: Int32

        init(state: TranslationState?, sourceValue: Value?, attributes: [String: String], valueLocationElsewhere: SourceLocation?,
             sourceLine: Int32, sourceColumn: Int32) {
            self.state = state
            self.sourceValue = sourceValue
            self.attributes = attributes
            self.valueLocationElsewhere = valueLocationElsewhere
            self.sourceLine = sourceLine
            self.sourceColumn = sourceColumn
        }

        /// Nil when every field is empty: the box is only made when something needs it.
        static func make(state: TranslationState?, sourceValue: Value?, attributes: [String: String],
                         valueLocationElsewhere: SourceLocation?, sourceLine: Int32 = 0, sourceColumn: Int32 = 0) -> Extras? {
            if state == nil && sourceValue == nil && attributes.isEmpty && valueLocationElsewhere == nil && sourceLine == 0 { return nil }
            return Extras(state: state, sourceValue: sourceValue, attributes: attributes, valueLocationElsewhere: valueLocationElsewhere,
                          sourceLine: sourceLine, sourceColumn: sourceColumn)
        }
    }

    private var storage: Storage

    /// Writes one field, first copying the box if another entry shares it.
    private mutating func set<T>(_ field: ReferenceWritableKeyPath<Storage, T>, _ value: T) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage[keyPath: field] = value
    }

    /// Replaces the extras with a copy that changes one field.
    private mutating func setExtras(state: TranslationState?? = nil, sourceValue: Value?? = nil, attributes: [String: String]? = nil,
                                    valueLocationElsewhere: SourceLocation?? = nil) {
        let old = storage.extras
        set(\.extras, Extras.make(state: state ?? old?.state, sourceValue: sourceValue ?? old?.sourceValue,
                                  attributes: attributes ?? old?.attributes ?? [:],
                                  valueLocationElsewhere: valueLocationElsewhere ?? old?.valueLocationElsewhere,
                                  sourceLine: old?.sourceLine ?? 0, sourceColumn: old?.sourceColumn ?? 0))
    }

    public var key: String { get { storage.key } set { set(\.key, newValue) } }
    public var value: Value { get { storage.value } set { set(\.value, newValue) } }
    /// The developer comment (`/* … */` before a `.strings` entry, an XLIFF `note`, a catalog `comment`).
    public var comment: String? { get { storage.comment } set { set(\.comment, newValue) } }
    /// The translation state where the format records one (XLIFF `state`, String Catalog `state`).
    public var state: TranslationState? { get { storage.extras?.state } set { setExtras(state: .some(newValue)) } }
    /// Where the entry starts (its key).
    public var location: SourceLocation {
        get { storage.location }
        set {
            // The value's line and column belong to the key's file: keep them with their file.
            let valueLocation = self.valueLocation
            set(\.location, newValue)
            self.valueLocation = valueLocation
        }
    }
    /// Where its value starts, where that differs from the key.
    public var valueLocation: SourceLocation? {
        get {
            if storage.valueLine > 0 {
                var location = storage.location
                location.line = Int(storage.valueLine)
                location.column = Int(storage.valueColumn)
                return location
            }
            return storage.extras?.valueLocationElsewhere
        }
        set {
            let (line, column, elsewhere) = Self.split(valueLocation: newValue, keyFile: storage.location.file)
            set(\.valueLine, line)
            set(\.valueColumn, column)
            if elsewhere != nil || storage.extras?.valueLocationElsewhere != nil { setExtras(valueLocationElsewhere: .some(elsewhere)) }
        }
    }
    /// In bilingual formats (XLIFF), the source-language text carried next to the translation.
    public var sourceValue: Value? { get { storage.extras?.sourceValue } set { setExtras(sourceValue: .some(newValue)) } }
    /// Where `sourceValue` starts (an XLIFF `<source>`'s text), in the entry's file.
    public var sourceValueLocation: SourceLocation? {
        guard let extras = storage.extras, extras.sourceLine > 0 else { return nil }
        var location = storage.location
        location.line = Int(extras.sourceLine)
        location.column = Int(extras.sourceColumn)
        return location
    }
    /// False for String Catalog `shouldTranslate: false`, XLIFF `translate="no"` and a comment that
    /// forbids translating the string (`DoNotTranslateComments`, applied by the engine after reading).
    public var shouldTranslate: Bool { get { storage.shouldTranslate } set { set(\.shouldTranslate, newValue) } }
    /// Format-specific facts kept for reports (e.g. `extractionState`), never interpreted by readers.
    public var attributes: [String: String] { get { storage.extras?.attributes ?? [:] } set { setExtras(attributes: newValue) } }

    /// A String Catalog key the last build no longer found in the code (`extractionState: stale`).
    public var isStale: Bool { storage.extras?.attributes["extractionState"] == "stale" }

    public init(key: String, value: Value, comment: String? = nil, state: TranslationState? = nil,
                location: SourceLocation, valueLocation: SourceLocation? = nil, sourceValue: Value? = nil,
                sourceValueLocation: SourceLocation? = nil, shouldTranslate: Bool = true, attributes: [String: String] = [:]) {
        let (line, column, elsewhere) = Self.split(valueLocation: valueLocation, keyFile: location.file)
        // Kept only in the key's file, where every reader's source text is.
        let (sourceLine, sourceColumn, _) = Self.split(valueLocation: sourceValueLocation, keyFile: location.file)
        storage = Storage(key: key, value: value, comment: comment, location: location, valueLine: line, valueColumn: column,
                          shouldTranslate: shouldTranslate,
                          extras: Extras.make(state: state, sourceValue: sourceValue, attributes: attributes,
                                              valueLocationElsewhere: elsewhere, sourceLine: sourceLine, sourceColumn: sourceColumn))
    }

    /// A value location as a line and column in the key's file, or (0, 0) and the location itself
    /// when it is elsewhere (or at line 0, which no reader writes).
    private static func split(valueLocation: SourceLocation?, keyFile: String) -> (Int32, Int32, SourceLocation?) {
        guard let valueLocation else { return (0, 0, nil) }
        guard valueLocation.file == keyFile, valueLocation.line > 0 else { return (0, 0, valueLocation) }
        return (Int32(clamping: valueLocation.line), Int32(clamping: valueLocation.column), nil)
    }

    /// Makes this entry's strings that are byte for byte `source`'s share their storage: its key, its
    /// comment, and its value or the source text it carries where they equal `source`'s value. The same
    /// key, note and source text in a hundred locales (an XLIFF export repeats them in every file) are
    /// then held once. It writes the shared boxes in place, which every copy sees; no value changes.
    func shareEqualStrings(with source: Entry) {
        let other = source.storage
        guard other !== storage else { return }
        if String.sameBytes(storage.key, other.key) { storage.key = other.key }
        if let comment = storage.comment, let shared = other.comment, String.sameBytes(comment, shared) { storage.comment = shared }
        guard case .text(let sourceText) = other.value else { return }
        if case .text(let text) = storage.value, String.sameBytes(text, sourceText) { storage.value = other.value }
        if let extras = storage.extras, case .text(let text)? = extras.sourceValue, String.sameBytes(text, sourceText) {
            extras.sourceValue = other.value
        }
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
