/// A place the scanner has passed: enough to compute a line and column later without rescanning.
/// Columns are computed only when a location is actually recorded, which keeps the hot loops free of
/// per-byte column bookkeeping.
struct ScanMark {
    var offset: Int
    var line: Int
    var lineStart: Int
}

/// One quoted or unquoted string token as scanned.
struct ScannedString {
    var text: String
    var start: ScanMark
    /// The offset just past the token (past the closing quote for a quoted string).
    var end: Int
    /// The line the token ends on.
    var endLine: Int
    /// For a quoted string that contains a literal line break: the end of its first line and the start
    /// of the next one. A missing closing quote looks like a multi-line string, so recovery needs both.
    var firstLineEnd: ScanMark?
    var afterFirstLineBreak: ScanMark?
    /// A quoted string that ran to the end of the file; already reported, and the scanner has moved
    /// back to the line after its first line break.
    var isUnterminated = false
}

/// The byte-level scanner behind `StringsReader`: an OpenStep dictionary without braces
/// (`key = value;`), as Apple's `.strings` files are written. It works on valid UTF-8 (the decoder
/// has already transcoded and repaired the input), never traps, reports every problem with a
/// location, and recovers so that the entries after an error are still read.
struct StringsScanner {
    private let p: UnsafeBufferPointer<UInt8>
    private let n: Int
    private let path: String
    /// Where escaped strings are decoded: as large as the input, owned by the caller.
    private let scratch: UnsafeMutableBufferPointer<UInt8>

    private var i = 0
    private var line = 1
    private var lineStart = 0

    // Column cache: entries on one long line (a minified file) would otherwise make column
    // computation quadratic.
    private var cachedLineStart = -1
    private var cachedOffset = 0
    private var cachedColumn = 1

    private(set) var entries: [Entry] = []
    private(set) var findings: [Finding] = []
    private var firstIndexByKey: [String: Int] = [:]

    /// The most recent comment before the current entry, as a byte range of its text.
    private var pendingComment: Range<Int>?
    /// The line on which the previous entry ended: a comment that starts there trails that entry.
    private var previousEntryEndLine = 0
    /// True while reading an outer `{ … }` dictionary.
    private var braced = false

    init(_ buffer: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>, path: String) {
        assert(scratch.count >= buffer.count, "the scratch buffer must be as large as the input")
        p = buffer
        n = buffer.count
        self.scratch = scratch
        self.path = path
        // Roughly one entry per 64 bytes in real files: reserving avoids rehashing every key as the
        // table grows.
        let expected = buffer.count / 64
        entries.reserveCapacity(expected)
        firstIndexByKey.reserveCapacity(expected)
    }

    // MARK: - Bytes

    private enum Byte {
        static let tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, verticalTab: UInt8 = 0x0B, formFeed: UInt8 = 0x0C
        static let carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20, quote: UInt8 = 0x22, star: UInt8 = 0x2A
        static let slash: UInt8 = 0x2F, semicolon: UInt8 = 0x3B, equals: UInt8 = 0x3D, backslash: UInt8 = 0x5C
        static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    }

    // Bit sets over ASCII of the OpenStep unquoted-string characters: letters, digits, `_ $ + / : . -`.
    private static let unquotedLow: UInt64 = {
        var bits: UInt64 = 0
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { bits |= 1 << UInt64(b) }
        for c in "_$+/:.-".utf8 where c < 64 { bits |= 1 << UInt64(c) }
        return bits
    }()
    private static let unquotedHigh: UInt64 = {
        var bits: UInt64 = 0
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { bits |= 1 << UInt64(b - 64) }
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { bits |= 1 << UInt64(b - 64) }
        bits |= 1 << UInt64(UInt8(ascii: "_") - 64)
        return bits
    }()

    @inline(__always)
    private static func isUnquoted(_ b: UInt8, low: UInt64, high: UInt64) -> Bool {
        if b < 64 { return (low >> UInt64(b)) & 1 != 0 }
        if b < 128 { return (high >> UInt64(b - 64)) & 1 != 0 }
        return false
    }

    @inline(__always)
    private static func isLineBreak(_ b: UInt8) -> Bool { b == Byte.lineFeed || b == Byte.carriageReturn }

    /// Passes the line break at `j` (CRLF counts once) and returns the offset after it.
    @inline(__always)
    private mutating func passLineBreak(at j: Int) -> Int {
        var next = j + 1
        if p[j] == Byte.carriageReturn && next < n && p[next] == Byte.lineFeed { next += 1 }
        line += 1
        lineStart = next
        return next
    }

    // MARK: - Locations

    private var here: ScanMark { ScanMark(offset: i, line: line, lineStart: lineStart) }

    private mutating func location(_ mark: ScanMark) -> SourceLocation {
        var from = mark.lineStart
        var column = 1
        if mark.lineStart == cachedLineStart && mark.offset >= cachedOffset {
            from = cachedOffset
            column = cachedColumn
        }
        var k = from
        // Columns count scalars: every byte that is not a UTF-8 continuation byte starts one.
        while k < mark.offset {
            if p[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        cachedLineStart = mark.lineStart
        cachedOffset = mark.offset
        cachedColumn = column
        return SourceLocation(file: path, line: mark.line, column: column)
    }

    private mutating func report(_ message: String, at mark: ScanMark, severity: Severity = .error,
                                 rule: String = ReaderRule.syntax, key: String? = nil) {
        findings.append(Finding(ruleID: rule, severity: severity, message: message, location: location(mark), key: key))
    }

    private mutating func describe(_ mark: ScanMark) -> String {
        let loc = location(mark)
        return "\(loc.line):\(loc.column)"
    }

    /// What is at `offset`, for messages: `'='`, `U+00A0 'x'`, or `end of file`.
    private func found(at offset: Int) -> String {
        guard offset < n else { return "end of file" }
        let b = p[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        var scalar = UInt32(b)
        if b >= 0x80 {
            var length = 1
            if b & 0xE0 == 0xC0 { length = 2; scalar = UInt32(b & 0x1F) }
            else if b & 0xF0 == 0xE0 { length = 3; scalar = UInt32(b & 0x0F) }
            else if b & 0xF8 == 0xF0 { length = 4; scalar = UInt32(b & 0x07) }
            var k = 1
            while k < length && offset + k < n { scalar = scalar << 6 | UInt32(p[offset + k] & 0x3F); k += 1 }
        }
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar >= 0x80, let s = Unicode.Scalar(scalar) { return "\(code) '\(Character(s))'" }
        return code
    }

    private static func quotedForMessage(_ s: String) -> String {
        let limit = 60
        var shown = s
        if s.unicodeScalars.count > limit {
            shown = String(String.UnicodeScalarView(s.unicodeScalars.prefix(limit))) + "…"
        }
        return "\"" + shown.replacingControlCharacters() + "\""
    }

    // MARK: - Grammar

    mutating func scan() {
        skipTrivia()
        var openBrace: ScanMark? = nil
        if i < n && p[i] == Byte.openBrace {
            openBrace = here
            braced = true
            i += 1
            previousEntryEndLine = line
            pendingComment = nil
        }
        while true {
            skipTrivia()
            if i >= n {
                if let brace = openBrace {
                    report("expected '}' to close the '{' at \(describe(brace)), found end of file", at: here)
                }
                return
            }
            if braced && p[i] == Byte.closeBrace {
                i += 1
                skipTrivia()
                if i < n { report("expected end of file after the closing '}', found \(found(at: i))", at: here) }
                return
            }
            let before = i
            scanEntry()
            pendingComment = nil
            // Defensive: every path above consumes input, but a scanner must never spin.
            if i == before { i += 1 }
        }
    }

    private mutating func scanEntry() {
        let comment = pendingComment
        guard i < n, let key = scanString() else {
            report("expected a key (a quoted or unquoted string), found \(found(at: i))", at: here)
            recover()
            return
        }
        if key.isUnterminated { return }
        skipTrivia()
        if i < n && p[i] == Byte.semicolon {
            // `"key";` is shorthand for `"key" = "key";`.
            i += 1
            addEntry(key: key.text, value: key.text, comment: comment, keyMark: key.start, valueMark: nil)
            return
        }
        guard i < n && p[i] == Byte.equals else {
            if reportUnterminatedIfLikely(key) { return }
            report("expected '=' or ';' after key \(Self.quotedForMessage(key.text)), found \(found(at: i))",
                   at: ScanMark(offset: key.end, line: key.endLine, lineStart: lineStartOf(key)), key: key.text)
            recover()
            return
        }
        i += 1
        skipTrivia()
        let valueMark = here
        guard i < n, let value = scanString() else {
            report("expected a value (a quoted or unquoted string) after '=' for key \(Self.quotedForMessage(key.text)), found \(found(at: i))",
                   at: here, key: key.text)
            recover()
            return
        }
        if value.isUnterminated { return }
        skipTrivia()
        if i < n && p[i] == Byte.semicolon {
            i += 1
            addEntry(key: key.text, value: value.text, comment: comment, keyMark: key.start, valueMark: valueMark)
            return
        }
        if reportUnterminatedIfLikely(value) { return }
        report("expected ';' after value for key \(Self.quotedForMessage(key.text)), found \(found(at: i))",
               at: ScanMark(offset: value.end, line: value.endLine, lineStart: lineStartOf(value)), key: key.text)
        // The entry itself is complete; keep it so later checks still see it.
        addEntry(key: key.text, value: value.text, comment: comment, keyMark: key.start, valueMark: valueMark)
        // A following quoted string most likely starts the next entry.
        if i < n && p[i] != Byte.quote { recover() }
    }

    /// The start of the line a token ends on.
    private func lineStartOf(_ token: ScannedString) -> Int {
        if token.endLine == token.start.line { return token.start.lineStart }
        var k = token.end
        while k > 0 && !Self.isLineBreak(p[k - 1]) { k -= 1 }
        return k
    }

    /// A quoted string with a literal line break, followed on its closing line by something the grammar
    /// does not allow, was almost certainly meant to end on its first line: its closing quote is missing
    /// and it swallowed the start of the next entry. Report that, and rescan from the next line.
    private mutating func reportUnterminatedIfLikely(_ token: ScannedString) -> Bool {
        guard let lineEnd = token.firstLineEnd, let resume = token.afterFirstLineBreak,
              i < n, line == token.endLine else { return false }
        report("unterminated string started at \(describe(token.start)): expected '\"' before the end of line \(token.start.line)",
               at: lineEnd)
        i = resume.offset
        line = resume.line
        lineStart = resume.lineStart
        previousEntryEndLine = 0
        return true
    }

    private mutating func addEntry(key: String, value: String, comment: Range<Int>?, keyMark: ScanMark, valueMark: ScanMark?) {
        let keyLocation = location(keyMark)
        let valueLocation = valueMark.map { location($0) }
        var commentText: String? = nil
        if let range = comment { commentText = trimmedText(range) }
        // One hash per key: the first definition is recorded by the same lookup that finds a repeat.
        if !firstIndexByKey.insertIfAbsent(entries.count, forKey: key), let first = firstIndexByKey[key] {
            let firstLocation = entries[first].location
            findings.append(Finding(
                ruleID: ReaderRule.duplicateKey, severity: .error,
                message: "duplicate key \(Self.quotedForMessage(key)) (first defined at \(firstLocation.line):\(firstLocation.column)); the platform keeps only one of the values",
                location: keyLocation, key: key,
                notes: [Finding.Note(message: "first definition of \(Self.quotedForMessage(key))", location: firstLocation)]))
        }
        entries.append(Entry(key: key, value: .text(value), comment: commentText, location: keyLocation,
                             valueLocation: valueLocation))
        previousEntryEndLine = line
    }

    /// Comment text without surrounding white space; an empty comment counts as none.
    private func trimmedText(_ range: Range<Int>) -> String? {
        var a = range.lowerBound, b = range.upperBound
        while a < b && Self.isBlank(p[a]) { a += 1 }
        while b > a && Self.isBlank(p[b - 1]) { b -= 1 }
        guard a < b else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: p[a..<b]), as: UTF8.self)
    }

    @inline(__always)
    private static func isBlank(_ b: UInt8) -> Bool {
        b == Byte.space || b == Byte.tab || b == Byte.lineFeed || b == Byte.carriageReturn
            || b == Byte.verticalTab || b == Byte.formFeed
    }

    // MARK: - White space and comments

    /// Skips white space and comments, remembering the last comment that does not trail the previous
    /// entry's line as the candidate comment for the next entry.
    private mutating func skipTrivia() {
        while i < n {
            let b = p[i]
            if b == Byte.space || b == Byte.tab || b == Byte.verticalTab || b == Byte.formFeed {
                i += 1
            } else if Self.isLineBreak(b) {
                i = passLineBreak(at: i)
            } else if b == Byte.slash && i + 1 < n && p[i + 1] == Byte.star {
                skipBlockComment()
            } else if b == Byte.slash && i + 1 < n && p[i + 1] == Byte.slash {
                let startLine = line
                let textStart = i + 2
                var j = textStart
                while j < n && !Self.isLineBreak(p[j]) { j += 1 }
                if startLine != previousEntryEndLine { pendingComment = textStart..<j }
                i = j
            } else {
                return
            }
        }
    }

    private mutating func skipBlockComment() {
        let start = here
        let textStart = i + 2
        var j = textStart
        var warnedNested = false
        var afterFirstLineBreak: ScanMark? = nil
        while j < n {
            let b = p[j]
            if b == Byte.star && j + 1 < n && p[j + 1] == Byte.slash {
                if start.line != previousEntryEndLine { pendingComment = textStart..<j }
                i = j + 2
                return
            }
            if Self.isLineBreak(b) {
                j = passLineBreak(at: j)
                if afterFirstLineBreak == nil { afterFirstLineBreak = ScanMark(offset: j, line: line, lineStart: lineStart) }
                continue
            }
            if b == Byte.slash && j + 1 < n && p[j + 1] == Byte.star && !warnedNested {
                // Comments do not nest: a `/*` here usually means an earlier `*/` is missing, and
                // every entry in between is silently commented out.
                warnedNested = true
                report("'/*' inside the comment started at \(describe(start)); comments do not nest: is a '*/' missing before it?",
                       at: ScanMark(offset: j, line: line, lineStart: lineStart), severity: .warning)
            }
            j += 1
        }
        report("unterminated comment: expected '*/' to close the comment started here", at: start)
        // Resume at the first later line that starts like an entry, so the rest of the file is read.
        guard let resume = afterFirstLineBreak else { i = n; return }
        i = resume.offset
        line = resume.line
        lineStart = resume.lineStart
        while i < n {
            var j = i
            while j < n && (p[j] == Byte.space || p[j] == Byte.tab) { j += 1 }
            if j < n && (p[j] == Byte.quote || (braced && p[j] == Byte.closeBrace)) { i = j; return }
            while j < n && !Self.isLineBreak(p[j]) { j += 1 }
            if j >= n { i = n; return }
            i = passLineBreak(at: j)
        }
    }

    // MARK: - Recovery

    /// After an error: skip to just past the next `;`, or to the next line that starts with a quote
    /// (or a comment, or the closing brace), whichever comes first. Quoted strings that close on
    /// their own line are skipped whole, so a `;` inside them does not end the skip.
    private mutating func recover() {
        if i < n && p[i] == Byte.quote && onlyBlanksBeforeOnLine(i) { return }
        while i < n {
            let b = p[i]
            if b == Byte.semicolon { i += 1; return }
            if Self.isLineBreak(b) {
                i = passLineBreak(at: i)
                var j = i
                while j < n && (p[j] == Byte.space || p[j] == Byte.tab) { j += 1 }
                if j < n {
                    let c = p[j]
                    if c == Byte.quote || (braced && c == Byte.closeBrace)
                        || (c == Byte.slash && j + 1 < n && (p[j + 1] == Byte.star || p[j + 1] == Byte.slash)) {
                        i = j
                        return
                    }
                }
                continue
            }
            if b == Byte.quote {
                var j = i + 1
                while j < n && p[j] != Byte.quote && !Self.isLineBreak(p[j]) {
                    j += p[j] == Byte.backslash && j + 1 < n && !Self.isLineBreak(p[j + 1]) ? 2 : 1
                }
                i = (j < n && p[j] == Byte.quote) ? j + 1 : i + 1
                continue
            }
            i += 1
        }
    }

    private func onlyBlanksBeforeOnLine(_ offset: Int) -> Bool {
        var k = lineStart
        while k < offset {
            if p[k] != Byte.space && p[k] != Byte.tab { return false }
            k += 1
        }
        return true
    }

    // MARK: - Strings

    /// Scans a quoted or unquoted string at `i`, or returns nil (consuming nothing) when none starts
    /// there. A quoted string that runs to the end of the file is reported; the result then has
    /// `isUnterminated` set and scanning resumes after its first line break.
    private mutating func scanString() -> ScannedString? {
        let b = p[i]
        if b == Byte.quote { return scanQuoted() }
        let low = Self.unquotedLow, high = Self.unquotedHigh
        guard Self.isUnquoted(b, low: low, high: high) else { return nil }
        let start = here
        var j = i + 1
        while j < n && Self.isUnquoted(p[j], low: low, high: high) { j += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[i..<j]), as: UTF8.self)
        i = j
        return ScannedString(text: text, start: start, end: j, endLine: line)
    }

    private mutating func scanQuoted() -> ScannedString {
        let start = here
        let contentStart = i + 1
        var j = contentStart
        var firstLineEnd: ScanMark? = nil
        var afterFirstLineBreak: ScanMark? = nil

        // Fast path: no escape yet, so the text is a slice of the input. Most bytes are none of
        // `"`, `\`, CR, LF, so skip them eight at a time.
        while j < n {
            j = nextQuotedSpecial(from: j)
            guard j < n else { break }
            let b = p[j]
            if b == Byte.quote {
                i = j + 1
                return ScannedString(text: String(decoding: UnsafeBufferPointer(rebasing: p[contentStart..<j]), as: UTF8.self),
                                     start: start, end: i, endLine: line, firstLineEnd: firstLineEnd,
                                     afterFirstLineBreak: afterFirstLineBreak)
            }
            if b == Byte.backslash { break }
            if b == Byte.lineFeed || b == Byte.carriageReturn {
                if firstLineEnd == nil { firstLineEnd = here(j) }
                j = passLineBreak(at: j)
                if afterFirstLineBreak == nil { afterFirstLineBreak = here(j) }
            }
        }

        // Escapes: decode in the same pass into the scratch buffer. Decoded text is never longer
        // than its escaped source (`\UXXXX` is 6 bytes for at most 3), so the buffer, as large as
        // the input, always suffices.
        var o = j - contentStart
        if o > 0 { scratch.baseAddress!.update(from: p.baseAddress! + contentStart, count: o) }
        let out = scratch
        @inline(__always) func append(scalar: UInt32) {
            if scalar < 0x80 {
                out[o] = UInt8(scalar); o += 1
            } else if scalar < 0x800 {
                out[o] = UInt8(0xC0 | (scalar >> 6)); out[o + 1] = UInt8(0x80 | (scalar & 0x3F)); o += 2
            } else if scalar < 0x10000 {
                out[o] = UInt8(0xE0 | (scalar >> 12)); out[o + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                out[o + 2] = UInt8(0x80 | (scalar & 0x3F)); o += 3
            } else {
                out[o] = UInt8(0xF0 | (scalar >> 18)); out[o + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                out[o + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F)); out[o + 3] = UInt8(0x80 | (scalar & 0x3F)); o += 4
            }
        }
        var closed = false
        while j < n {
            let b = p[j]
            if b == Byte.quote { closed = true; break }
            if b == Byte.lineFeed || b == Byte.carriageReturn {
                if firstLineEnd == nil { firstLineEnd = here(j) }
                let next = passLineBreak(at: j)
                while j < next { out[o] = p[j]; o += 1; j += 1 }
                if afterFirstLineBreak == nil { afterFirstLineBreak = here(j) }
                continue
            }
            if b != Byte.backslash {
                out[o] = b; o += 1; j += 1
                continue
            }
            // Escapes sit on the current line, so their mark is built only if one is reported.
            let escapeOffset = j
            guard j + 1 < n else { j = n; break }
            let e = p[j + 1]
            j += 2
            switch e {
            case UInt8(ascii: "n"): append(scalar: 0x0A)
            case UInt8(ascii: "t"): append(scalar: 0x09)
            case UInt8(ascii: "r"): append(scalar: 0x0D)
            case UInt8(ascii: "a"): append(scalar: 0x07)
            case UInt8(ascii: "b"): append(scalar: 0x08)
            case UInt8(ascii: "f"): append(scalar: 0x0C)
            case UInt8(ascii: "v"): append(scalar: 0x0B)
            case UInt8(ascii: "U"):
                let (value, digits) = hexEscape(at: j)
                j += digits
                if digits == 0 {
                    report("expected 1 to 4 hex digits after '\\U'", at: here(escapeOffset))
                } else if value >= 0xD800 && value <= 0xDBFF {
                    // A character outside the BMP is written as a surrogate pair of two `\U` escapes.
                    var low: (value: UInt32, digits: Int) = (0, 0)
                    if j + 1 < n && p[j] == Byte.backslash && p[j + 1] == UInt8(ascii: "U") { low = hexEscape(at: j + 2) }
                    if low.digits > 0 && low.value >= 0xDC00 && low.value <= 0xDFFF {
                        j += 2 + low.digits
                        append(scalar: 0x10000 + ((value - 0xD800) << 10) + (low.value - 0xDC00))
                    } else {
                        report("lone high surrogate '\\U\(String(value, radix: 16, uppercase: true))': expected a low surrogate escape (\\UDC00 to \\UDFFF) right after it",
                               at: here(escapeOffset), rule: ReaderRule.encoding)
                        append(scalar: 0xFFFD)
                    }
                } else if value >= 0xDC00 && value <= 0xDFFF {
                    report("lone low surrogate '\\U\(String(value, radix: 16, uppercase: true))': expected it right after a high surrogate escape (\\UD800 to \\UDBFF)",
                           at: here(escapeOffset), rule: ReaderRule.encoding)
                    append(scalar: 0xFFFD)
                } else {
                    append(scalar: value)
                }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - 0x30)
                var digits = 1
                while digits < 3 && j < n && p[j] >= 0x30 && p[j] <= 0x37 {
                    value = value << 3 | UInt32(p[j] - 0x30)
                    j += 1
                    digits += 1
                }
                if value >= 0x80 {
                    // Apple reads an octal escape as one byte in the NeXTSTEP encoding. Above 0x7F
                    // that encoding differs from Latin-1, which is what this reader uses instead;
                    // say so rather than guess silently.
                    report("octal escape '\\\(String(value, radix: 8))' is above \\177: Apple reads it as a NeXTSTEP-encoded byte, read here as U+00\(String(value, radix: 16, uppercase: true)); expected a '\\UXXXX' escape or the character itself",
                           at: here(escapeOffset), severity: .warning)
                }
                append(scalar: value)
            case Byte.lineFeed, Byte.carriageReturn:
                // An escaped line break is kept as written, and is still a line break.
                j -= 1
                if firstLineEnd == nil { firstLineEnd = here(j) }
                let next = passLineBreak(at: j)
                while j < next { out[o] = p[j]; o += 1; j += 1 }
                if afterFirstLineBreak == nil { afterFirstLineBreak = here(j) }
            default:
                // `\"`, `\\`, `\'` and unknown escapes keep the escaped character, as Apple does.
                // A multi-byte character's continuation bytes follow as ordinary bytes.
                out[o] = e; o += 1
            }
        }
        guard closed else {
            report("unterminated string started at \(describe(start)): expected '\"' before the end of the file",
                   at: ScanMark(offset: n, line: line, lineStart: lineStart))
            if let resume = afterFirstLineBreak {
                i = resume.offset
                line = resume.line
                lineStart = resume.lineStart
            } else {
                i = n
            }
            previousEntryEndLine = 0
            return ScannedString(text: "", start: start, end: n, endLine: line, isUnterminated: true)
        }
        i = j + 1
        return ScannedString(text: String(decoding: UnsafeBufferPointer(start: out.baseAddress, count: o), as: UTF8.self),
                             start: start, end: i, endLine: line, firstLineEnd: firstLineEnd,
                             afterFirstLineBreak: afterFirstLineBreak)
    }

    /// The first offset at or after `j` holding `"`, `\`, CR or LF (or `n`). Whole 8-byte words are
    /// tested at once: a byte equal to `c` is a zero byte in `word ^ (c × 0x0101…)`, and the classic
    /// "has a zero byte" expression finds it, its lowest set bit marking the first match exactly.
    @inline(__always)
    private func nextQuotedSpecial(from start: Int) -> Int {
        var j = start
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let base = UnsafeRawPointer(p.baseAddress!)
        while j + 8 <= n {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: j, as: UInt64.self))
            let q = word ^ (ones &* 0x22), s = word ^ (ones &* 0x5C), lf = word ^ (ones &* 0x0A), cr = word ^ (ones &* 0x0D)
            let found = ((q &- ones) & ~q | (s &- ones) & ~s | (lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs
            if found != 0 { return j + found.trailingZeroBitCount / 8 }
            j += 8
        }
        while j < n {
            let b = p[j]
            if b == Byte.quote || b == Byte.backslash || b == Byte.lineFeed || b == Byte.carriageReturn { return j }
            j += 1
        }
        return n
    }

    @inline(__always)
    private func here(_ offset: Int) -> ScanMark { ScanMark(offset: offset, line: line, lineStart: lineStart) }

    /// Reads up to four hex digits at `k`: Apple's `\U` escape takes one to four.
    @inline(__always)
    private func hexEscape(at k: Int) -> (value: UInt32, digits: Int) {
        var value: UInt32 = 0, digits = 0
        while digits < 4 && k + digits < n {
            let b = p[k + digits]
            let d: UInt32
            if b &- 0x30 < 10 { d = UInt32(b &- 0x30) }
            else if (b | 0x20) &- 0x61 < 6 { d = UInt32((b | 0x20) &- 0x61) + 10 }
            else { break }
            value = value << 4 | d
            digits += 1
        }
        return (value, digits)
    }
}

extension String {
    /// The string with line breaks and tabs made visible, for one-line messages.
    func replacingControlCharacters() -> String {
        guard utf8.contains(where: { $0 < 0x20 }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
