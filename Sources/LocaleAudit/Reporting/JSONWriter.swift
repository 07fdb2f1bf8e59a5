/// A minimal JSON writer that keeps members in the order they are written, so every report is
/// byte-for-byte the same from run to run (Foundation's encoder orders keys only alphabetically).
/// It appends UTF-8 bytes to one buffer: reports of a hundred thousand findings stay fast.
public struct JSONWriter {
    private var bytes: [UInt8] = []
    /// One flag per open container: whether it already holds a member (so the next needs a comma).
    private var needsComma: [Bool] = [false]
    private var valuePending = false
    private let pretty: Bool
    /// Where `flush` hands the bytes written so far; nil keeps everything for `output`.
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

    public var output: String { String(decoding: bytes, as: UTF8.self) }

    public init(pretty: Bool = true) {
        self.pretty = pretty
        sink = nil
        bytes.reserveCapacity(1 << 16)
    }

    /// A writer that streams: `flush` passes what was written to `sink`, so a report of a hundred
    /// thousand findings never sits in memory whole.
    public init(pretty: Bool = true, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.pretty = pretty
        self.sink = sink
        bytes.reserveCapacity(1 << 20)
    }

    /// Hands the buffered bytes to the sink once there are at least `threshold` of them.
    public mutating func flush(threshold: Int = 0) {
        guard let sink, bytes.count >= threshold, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends raw text outside the JSON structure (a final newline).
    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

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
        var string = string
        string.withUTF8 { appendEscaped($0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Copies runs of bytes that need no escape in one go; escapes quotes, backslashes, control
    /// characters and U+2028/U+2029 (E2 80 A8/A9, which some JavaScript parsers take for line ends).
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        var i = 0
        let n = bytes.count
        func flush(_ end: Int) {
            if end > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while i < n {
            let byte = bytes[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
                i += 1
                continue
            }
            if byte == 0xE2 {
                if i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) {
                    flush(i)
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 3
                    runStart = i
                } else {
                    i += 1
                }
                continue
            }
            flush(i)
            switch byte {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
            i += 1
            runStart = i
        }
        flush(n)
    }
}
