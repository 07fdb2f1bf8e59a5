/// A position in an input file. Lines and columns are 1-based; a column counts Unicode scalars from the
/// start of the line (a tab is one column), so it is the same whether the file is UTF-8 or UTF-16.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The path as the user named it (relative paths stay relative), so output is portable.
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        return a.column < b.column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
