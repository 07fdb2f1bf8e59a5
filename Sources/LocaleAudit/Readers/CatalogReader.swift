/// What a reader knows about a file before reading it: where it is and what its path implies.
public struct ReadContext: Sendable {
    /// The path as it will appear in findings.
    public var path: String
    /// The locale implied by an enclosing `X.lproj` folder (`Base` included), if any.
    public var locale: String?
    /// The table implied by the file name (`Localizable` for `Localizable.strings`).
    public var table: String

    public init(path: String, locale: String?, table: String) {
        self.path = path
        self.locale = locale
        self.table = table
    }
}

/// One reader per format. Readers never throw and never trap on bad input: whatever they cannot
/// read becomes a located finding (`syntax`, `encoding`, `duplicate-key`) and they keep going.
public protocol CatalogReader {
    static var format: CatalogFormat { get }
    static func read(_ bytes: [UInt8], context: ReadContext) -> ReadResult
}
