/// A position in an input file. Lines and columns are 1-based; a column counts Unicode scalars from the
/// start of the line (a tab is one column), so it is the same whether the file is UTF-8 or UTF-16.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The path as the user named it (relative paths stay relative), so output is portable.
    public var file: String
    // Stored as 32-bit numbers: every entry holds one or two locations, and 24 bytes instead of 32
    // is several megabytes on a large app. A 2-billion-line file is not a catalog.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.storedLine != b.storedLine { return a.storedLine < b.storedLine }
        return a.storedColumn < b.storedColumn
    }

    public var description: String { "\(file):\(line):\(column)" }

    private enum CodingKeys: String, CodingKey { case file, line, column }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
                  column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }
}
