/// A minimal JSON writer that keeps members in the order they are written, so every report is
/// byte-for-byte the same from run to run (Foundation's encoder orders keys only alphabetically).
/// It appends UTF-8 bytes to one buffer: reports of a hundred thousand findings stay fast.
public struct JSONWriter {
    private var bytes: [UInt8] = []
    /// One flag per open container: whether it already holds a member (so the next needs a comma).
    private var needsComma: [Bool] = [false]
    private var valuePending = false
    private let pretty: Bool

    public var output: String { String(decoding: bytes, as: UTF8.self) }

    public init(pretty: Bool = true) {
        self.pretty = pretty
        bytes.reserveCapacity(1 << 16)
    }

    private mutating func newline(depth: Int) {
        bytes.append(0x0A)
        for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
    }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        if pretty && needsComma.count > 1 { newline(depth: needsComma.count - 1) }
    }

    /// Values after a key sit on the key's line; other values get their own line.
    private mutating func beginValue() {
        if valuePending { valuePending = false } else { separator() }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = needsComma.removeLast()
        if pretty && hadMembers { newline(depth: needsComma.count - 1) }
        bytes.append(bracket)
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{")); body(&self); close(UInt8(ascii: "}"))
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "[")); body(&self); close(UInt8(ascii: "]"))
    }

    /// Starts a member; the next value call writes its value.
    public mutating func key(_ name: String) {
        separator()
        JSONWriter.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(0x20) }
        valuePending = true
    }

    public mutating func objectValue(_ body: (inout JSONWriter) -> Void) { beginValue(); object(body) }
    public mutating func arrayValue(_ body: (inout JSONWriter) -> Void) { beginValue(); array(body) }
    public mutating func value(_ string: String) { beginValue(); JSONWriter.appendQuoted(string, to: &bytes) }
    public mutating func value(_ string: String?) {
        beginValue()
        if let string { JSONWriter.appendQuoted(string, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
    }
    public mutating func value(_ number: Int) { beginValue(); bytes.append(contentsOf: String(number).utf8) }
    public mutating func value(_ flag: Bool) { beginValue(); bytes.append(contentsOf: (flag ? "true" : "false").utf8) }

    public mutating func member(_ name: String, _ string: String?) { key(name); value(string) }
    public mutating func member(_ name: String, _ number: Int) { key(name); value(number) }
    public mutating func member(_ name: String, _ flag: Bool) { key(name); value(flag) }

    public static func quote(_ string: String) -> String {
        var out: [UInt8] = []
        appendQuoted(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes `"`, `\`, control characters and U+2028/U+2029 (which break JavaScript consumers);
    /// everything else is copied as UTF-8.
    static func appendQuoted(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Fast path: nothing to escape (0xE2 leads U+2028/U+2029, so it takes the slow path).
        var needsEscaping = false
        for byte in string.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 {
            needsEscaping = true
            break
        }
        if !needsEscaping {
            out.append(contentsOf: string.utf8)
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out.append(contentsOf: "\\\"".utf8)
                case "\\": out.append(contentsOf: "\\\\".utf8)
                case "\n": out.append(contentsOf: "\\n".utf8)
                case "\r": out.append(contentsOf: "\\r".utf8)
                case "\t": out.append(contentsOf: "\\t".utf8)
                default:
                    if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                        let hex = String(scalar.value, radix: 16)
                        out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                    } else {
                        out.append(contentsOf: String(scalar).utf8)
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
