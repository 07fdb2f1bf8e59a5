/// What the parser made of a file: the tree (complete, or everything read before a fatal error)
/// and located `syntax` findings.
public struct JSONParseResult: Sendable {
    /// Nil only when not even the start of a value could be read.
    public var root: JSONNode?
    public var findings: [Finding]
    /// False when a fatal error stopped the parse; `root` then holds the containers as far as
    /// they were read, closed where the error struck.
    public var isComplete: Bool
    /// The locations of the containers that the fatal error cut short, outermost first, so callers
    /// can tell "member missing" from "member never reached".
    public var unfinishedContainers: [SourceLocation]
}

/// An RFC 8259 JSON parser over UTF-8 bytes (run `TextDecoding.decode` first). It never throws or
/// traps: the first grammar error ends the parse with a finding that says what was expected, while
/// recoverable problems inside strings (bad escapes, lone surrogates, raw control characters) are
/// reported and parsing goes on. It keeps its own stack, so nesting depth costs no call stack.
public enum JSONParser {
    /// Deeper documents are cut off with a finding. Parsing needs no call stack, but Swift frees
    /// (and compares) the tree recursively: measured in release, a 10,000-deep tree overflows a
    /// 512 KB thread stack (macOS's secondary-thread default) and 2,000 a 256 KB one. 512 keeps a
    /// wide margin; real String Catalogs nest about a dozen levels.
    public static let maximumDepth = 512
    /// Findings from inside strings are capped so a damaged file cannot produce millions.
    static let maximumStringFindings = 100

    public static func parse(_ utf8: [UInt8], file: String) -> JSONParseResult {
        utf8.withUnsafeBufferPointer { bytes in
            var parser = Parser(bytes: bytes, file: file)
            let root = parser.parseDocument()
            if parser.suppressedFindings > 0 {
                parser.findings.append(Finding(
                    ruleID: ReaderRule.syntax, severity: .error,
                    message: "\(parser.suppressedFindings) more problems inside strings are not listed",
                    location: SourceLocation(file: file, line: 1, column: 1)))
            }
            return JSONParseResult(root: root, findings: parser.findings, isComplete: !parser.failed,
                                   unfinishedContainers: parser.unfinished)
        }
    }
}

private enum Byte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E
    static let zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
    static let lowerE: UInt8 = 0x65, upperE: UInt8 = 0x45
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var offset = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `offset`: column = bytes minus these.
    /// Outside strings valid JSON is ASCII, so only the string scanner has to count them.
    var continuations = 0
    var findings: [Finding] = []
    var stringFindings = 0
    var suppressedFindings = 0
    var failed = false
    var unfinished: [SourceLocation] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// A container being read. Objects remember the member name whose value comes next.
    struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var members: [JSONMember] = []
        var elements: [JSONNode] = []
        var pendingName = ""
        var pendingNameLocation: SourceLocation

        var node: JSONNode {
            JSONNode(isObject ? .object(members) : .array(elements), at: location)
        }
    }

    /// Where a value is expected, for the wording of "expected a value" errors.
    enum ValueContext {
        case root, member(String), firstElement(SourceLocation), nextElement(SourceLocation)
    }

    // MARK: Positions

    @inline(__always) var here: SourceLocation {
        SourceLocation(file: file, line: line, column: offset - lineStart - continuations + 1)
    }

    @inline(__always) mutating func startLine() {
        line += 1
        lineStart = offset
        continuations = 0
    }

    @inline(__always) mutating func skipWhitespace() {
        while offset < bytes.count {
            let b = bytes[offset]
            if b == Byte.space || b == Byte.tab {
                offset += 1
            } else if b == Byte.lineFeed {
                offset += 1
                startLine()
            } else if b == Byte.carriageReturn {
                offset += 1
                if offset < bytes.count && bytes[offset] == Byte.lineFeed { offset += 1 }
                startLine()
            } else {
                return
            }
        }
    }

    @inline(__always) func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    // MARK: Findings

    /// A fatal error at the current position: the parse stops here.
    mutating func fail(_ expectation: String) {
        failed = true
        findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                message: "\(expectation) but found \(describeFound())", location: here))
    }

    mutating func failWith(message: String, at location: SourceLocation) {
        failed = true
        findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location))
    }

    /// A recoverable problem inside a string.
    mutating func report(_ message: String, at location: SourceLocation) {
        guard stringFindings < JSONParser.maximumStringFindings else {
            suppressedFindings += 1
            return
        }
        stringFindings += 1
        findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location))
    }

    /// Names what sits at the current offset, for "but found …".
    func describeFound() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let b = bytes[offset]
        if isWordByte(b) {
            // A bare word (`True`, `undefined`) reads better whole than as its first letter.
            var end = offset
            while end < bytes.count && end - offset < 24 && isWordByte(bytes[end]) { end += 1 }
            return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
        }
        if b < 0x20 || b == 0x7F { return "control character \(Self.codePoint(UInt32(b)))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        var length = 1
        while offset + length < bytes.count && length < 4 && bytes[offset + length] & 0xC0 == 0x80 { length += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "byte 0x\(String(b, radix: 16, uppercase: true))" }
        return "'\(text)' (\(Self.codePoint(scalar.value)))"
    }

    @inline(__always) func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= Byte.zero && b <= Byte.nine) || b == 0x5F
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func opened(_ kind: String, _ location: SourceLocation) -> String {
        "(\(kind) opened at \(location.line):\(location.column))"
    }

    // MARK: Document

    mutating func parseDocument() -> JSONNode? {
        var stack: [Frame] = []
        var context = ValueContext.root
        var root: JSONNode? = nil

        parsing: while true {
            // A value is expected here.
            skipWhitespace()
            guard offset < bytes.count else {
                fail(expectedValue(context))
                break parsing
            }
            let start = here
            var completed: JSONNode
            switch bytes[offset] {
            case Byte.openBrace, Byte.openBracket:
                let isObject = bytes[offset] == Byte.openBrace
                guard stack.count < JSONParser.maximumDepth else {
                    fail("nesting deeper than \(JSONParser.maximumDepth) levels: expected at most \(JSONParser.maximumDepth) nested arrays and objects")
                    break parsing
                }
                offset += 1
                stack.append(Frame(isObject: isObject, location: start, pendingNameLocation: start))
                skipWhitespace()
                if peek() == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    offset += 1
                    completed = stack.removeLast().node
                } else if isObject {
                    guard readMemberName(afterComma: false, in: &stack) else { break parsing }
                    context = .member(stack[stack.count - 1].pendingName)
                    continue parsing
                } else {
                    context = .firstElement(start)
                    continue parsing
                }
            case Byte.quote:
                guard let text = readString() else { break parsing }
                completed = JSONNode(.string(text), at: start)
            case Byte.minus, Byte.zero...Byte.nine:
                guard let number = readNumber() else { break parsing }
                completed = JSONNode(.number(number), at: start)
            default:
                if matchWord("true") {
                    completed = JSONNode(.bool(true), at: start)
                } else if matchWord("false") {
                    completed = JSONNode(.bool(false), at: start)
                } else if matchWord("null") {
                    completed = JSONNode(.null, at: start)
                } else {
                    fail(expectedValue(context))
                    break parsing
                }
            }

            // A value is complete: attach it to its container, closing every container that ends here.
            while true {
                guard !stack.isEmpty else {
                    root = completed
                    skipWhitespace()
                    if offset < bytes.count { fail("expected the end of the file after the top-level value") }
                    break parsing
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    let name = stack[top].pendingName
                    stack[top].members.append(JSONMember(name: name, nameLocation: stack[top].pendingNameLocation,
                                                         value: completed))
                    skipWhitespace()
                    if peek() == Byte.comma {
                        offset += 1
                        skipWhitespace()
                        guard readMemberName(afterComma: true, in: &stack) else { break parsing }
                        context = .member(stack[top].pendingName)
                        continue parsing
                    }
                    if peek() == Byte.closeBrace {
                        offset += 1
                        completed = stack.removeLast().node
                        continue
                    }
                    fail("expected ',' or '}' after member \"\(name)\" \(Self.opened("object", stack[top].location))")
                    break parsing
                } else {
                    stack[top].elements.append(completed)
                    skipWhitespace()
                    if peek() == Byte.comma {
                        offset += 1
                        context = .nextElement(stack[top].location)
                        continue parsing
                    }
                    if peek() == Byte.closeBracket {
                        offset += 1
                        completed = stack.removeLast().node
                        continue
                    }
                    fail("expected ',' or ']' after array element \(Self.opened("array", stack[top].location))")
                    break parsing
                }
            }
        }

        // After a fatal error, close what is still open so the caller sees everything read so far.
        // An innermost container is always the value of its parent's pending member or element.
        unfinished = stack.map(\.location)
        while let frame = stack.popLast() {
            let node = frame.node
            if stack.isEmpty {
                root = node
            } else if stack[stack.count - 1].isObject {
                let parent = stack.count - 1
                stack[parent].members.append(JSONMember(name: stack[parent].pendingName,
                                                        nameLocation: stack[parent].pendingNameLocation, value: node))
            } else {
                stack[stack.count - 1].elements.append(node)
            }
        }
        return root
    }

    func expectedValue(_ context: ValueContext) -> String {
        let kinds = "(object, array, string, number, true, false or null)"
        switch context {
        case .root: return "expected a JSON value \(kinds)"
        case .member(let name): return "expected a value \(kinds) for member \"\(name)\""
        case .firstElement(let location): return "expected a value or ']' \(Self.opened("array", location))"
        case .nextElement(let location): return "expected a value after ',' \(Self.opened("array", location))"
        }
    }

    /// Reads `"name" :` into the top frame; false after a fatal error.
    mutating func readMemberName(afterComma: Bool, in stack: inout [Frame]) -> Bool {
        let top = stack.count - 1
        guard peek() == Byte.quote else {
            let opened = Self.opened("object", stack[top].location)
            fail(afterComma ? "expected a member name in double quotes after ',' \(opened)"
                            : "expected a member name in double quotes or '}' \(opened)")
            return false
        }
        let nameLocation = here
        guard let name = readString() else { return false }
        skipWhitespace()
        guard peek() == Byte.colon else {
            fail("expected ':' after member name \"\(name)\"")
            return false
        }
        offset += 1
        stack[top].pendingName = name
        stack[top].pendingNameLocation = nameLocation
        return true
    }

    @inline(__always) mutating func matchWord(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        let expected = word.utf8Start
        for k in 0..<length where bytes[offset + k] != expected[k] { return false }
        // `nullx` or `true1` is one bad word, not a literal followed by garbage.
        if offset + length < bytes.count && isWordByte(bytes[offset + length]) { return false }
        offset += length
        return true
    }

    // MARK: Numbers

    mutating func readNumber() -> JSONNumber? {
        let start = offset
        if bytes[offset] == Byte.minus { offset += 1 }
        guard let first = peek(), first >= Byte.zero && first <= Byte.nine else {
            fail("expected a digit after '-'")
            return nil
        }
        offset += 1
        if first != Byte.zero { skipDigits() }
        if peek() == Byte.dot {
            offset += 1
            guard let digit = peek(), digit >= Byte.zero && digit <= Byte.nine else {
                fail("expected a digit after the decimal point")
                return nil
            }
            skipDigits()
        }
        if let e = peek(), e == Byte.lowerE || e == Byte.upperE {
            offset += 1
            if let sign = peek(), sign == Byte.plus || sign == Byte.minus { offset += 1 }
            guard let digit = peek(), digit >= Byte.zero && digit <= Byte.nine else {
                fail("expected a digit in the exponent")
                return nil
            }
            skipDigits()
        }
        return JSONNumber(literal: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    @inline(__always) mutating func skipDigits() {
        while offset < bytes.count, bytes[offset] >= Byte.zero && bytes[offset] <= Byte.nine { offset += 1 }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote; nil (after a fatal finding) when it does not
    /// close on its line. A raw line break inside a string is taken as a missing closing quote:
    /// that is almost always what it is, and it keeps the error next to its cause.
    mutating func readString() -> String? {
        let opening = here
        offset += 1
        let start = offset
        // Fast path: no escapes and no control characters, so the bytes are the string.
        while offset < bytes.count {
            let b = bytes[offset]
            if b == Byte.quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return text
            }
            if b == Byte.backslash || b < 0x20 { break }
            if b & 0xC0 == 0x80 { continuations += 1 }
            offset += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        return readStringSlowly(into: &buffer, opening: opening)
    }

    mutating func readStringSlowly(into buffer: inout [UInt8], opening: SourceLocation) -> String? {
        while offset < bytes.count {
            let b = bytes[offset]
            if b == Byte.quote {
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if b == Byte.lineFeed || b == Byte.carriageReturn {
                failWith(message: "expected '\"' to close the string opened at \(opening.line):\(opening.column) before the end of the line (line breaks in strings must be written \\n)",
                         at: here)
                return nil
            }
            if b < 0x20 {
                report("control character \(Self.codePoint(UInt32(b))) in a string: expected it escaped as \\u\(String(Self.codePoint(UInt32(b)).dropFirst(2)))",
                       at: here)
                buffer.append(b)
                offset += 1
                continue
            }
            if b == Byte.backslash {
                readEscape(into: &buffer)
                continue
            }
            if b & 0xC0 == 0x80 { continuations += 1 }
            buffer.append(b)
            offset += 1
        }
        failWith(message: "expected '\"' to close the string opened at \(opening.line):\(opening.column) but found the end of the file",
                 at: here)
        return nil
    }

    /// Reads one escape sequence at a backslash. Bad escapes are reported and kept as written.
    mutating func readEscape(into buffer: inout [UInt8]) {
        let location = here
        offset += 1
        guard offset < bytes.count else { return }  // the caller reports the unclosed string
        let e = bytes[offset]
        let simple: UInt8?
        switch e {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case 0x62: simple = 0x08  // b
        case 0x66: simple = 0x0C  // f
        case 0x6E: simple = Byte.lineFeed  // n
        case 0x72: simple = Byte.carriageReturn  // r
        case 0x74: simple = Byte.tab  // t
        case 0x75: simple = nil  // u
        default:
            report("invalid escape '\\\(describeEscapeByte(e))' in a string: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                   at: location)
            buffer.append(Byte.backslash)
            // Leave the byte for the caller, so quotes, line breaks and multi-byte characters
            // after the backslash are handled (and counted) as usual.
            return
        }
        if let simple {
            buffer.append(simple)
            offset += 1
            return
        }
        offset += 1
        guard let unit = readHex4() else {
            report("invalid \\u escape in a string: expected four hexadecimal digits after \\u", at: location)
            buffer.append(contentsOf: [Byte.backslash, 0x75])
            return
        }
        var scalar = unit
        if unit >= 0xD800 && unit <= 0xDBFF {
            // A high surrogate must be followed by an escaped low surrogate.
            if offset + 1 < bytes.count && bytes[offset] == Byte.backslash && bytes[offset + 1] == 0x75 {
                let saved = offset
                offset += 2
                if let low = readHex4(), low >= 0xDC00 && low <= 0xDFFF {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    offset = saved
                    scalar = 0xFFFD
                }
            } else {
                scalar = 0xFFFD
            }
            if scalar == 0xFFFD {
                report("lone high surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string: expected a low surrogate escape (\\uDC00–\\uDFFF) after it; replaced with U+FFFD",
                       at: location)
            }
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            report("lone low surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string: expected a high surrogate escape before it; replaced with U+FFFD",
                   at: location)
            scalar = 0xFFFD
        }
        TextDecoding.appendUTF8(scalar, to: &buffer)
    }

    func describeEscapeByte(_ b: UInt8) -> String {
        b >= 0x21 && b < 0x7F ? String(Character(Unicode.Scalar(b))) : Self.codePoint(UInt32(b))
    }

    /// Four hex digits at the offset, consumed only when all four are there.
    mutating func readHex4() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let b = bytes[offset + k]
            let digit: UInt8
            switch b {
            case Byte.zero...Byte.nine: digit = b - Byte.zero
            case 0x61...0x66: digit = b - 0x61 + 10
            case 0x41...0x46: digit = b - 0x41 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }
}
