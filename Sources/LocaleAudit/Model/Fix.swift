/// A mechanical repair of a finding, for tools that apply fixes (SARIF `fixes`): the text to put at a
/// place in the file the finding is about. Rules say what to change; the SARIF reporter finds the
/// exact region in the file and leaves the fix out when the file no longer reads as expected.
public struct Fix: Sendable, Hashable {
    public enum Edit: Sendable, Hashable {
        /// `old` stands at `location` (columns in code points); it becomes `new`.
        case replace(SourceLocation, old: String, new: String)
        /// `text` goes just before the closing quote of the quoted string (a `.strings` or String
        /// Catalog value) that opens at `location`.
        case insertBeforeClosingQuote(SourceLocation, text: String)
    }

    /// What the fix does, in a sentence.
    public var description: String
    public var edit: Edit

    public init(_ description: String, _ edit: Edit) {
        self.description = description
        self.edit = edit
    }
}

/// Where an edit lands in a file's text: line and column (code points) of the region's start and end.
public struct FixRegion: Sendable, Hashable {
    public var startLine: Int, startColumn: Int, endLine: Int, endColumn: Int
    public var inserted: String
}

extension Fix {
    /// The region of the edit in `text` (the whole file), nil when the file does not hold what the
    /// fix expects there (it changed since, or the location is not a quoted string).
    public func region(in text: String) -> FixRegion? {
        switch edit {
        case .replace(let location, let old, let new):
            guard let start = Self.offset(of: location, in: text) else { return nil }
            let scalars = text.scalarArray
            let oldScalars = old.scalarArray
            guard start + oldScalars.count <= scalars.count, Array(scalars[start..<(start + oldScalars.count)]) == oldScalars,
                  !old.contains("\n") else { return nil }
            return FixRegion(startLine: location.line, startColumn: location.column, endLine: location.line,
                             endColumn: location.column + oldScalars.count, inserted: new)
        case .insertBeforeClosingQuote(let location, let inserted):
            guard let start = Self.offset(of: location, in: text) else { return nil }
            let scalars = text.scalarArray
            guard scalars[start] == "\"" else { return nil }
            var line = location.line, column = location.column + 1
            var i = start + 1
            while i < scalars.count {
                switch scalars[i] {
                case "\\":
                    // An escape: the next character is part of it (`\"` does not close the string).
                    i += 2
                    column += 2
                    continue
                case "\"":
                    return FixRegion(startLine: line, startColumn: column, endLine: line, endColumn: column, inserted: inserted)
                case "\n":
                    line += 1
                    column = 1
                default:
                    column += 1
                }
                i += 1
            }
            return nil
        }
    }

    /// The code-point offset of a line and column in `text`.
    static func offset(of location: SourceLocation, in text: String) -> Int? {
        var line = 1, offset = 0
        var scalars = text.unicodeScalars.makeIterator()
        while line < location.line {
            guard let next = scalars.next() else { return nil }
            offset += 1
            if next == "\n" { line += 1 }
        }
        var column = 1
        while column < location.column {
            guard let next = scalars.next(), next != "\n" else { return nil }
            offset += 1
            column += 1
        }
        return offset < text.unicodeScalars.count ? offset : nil
    }
}
