/// A minimal JSON writer that keeps members in the order they are written, so every report is
/// byte-for-byte the same from run to run (Foundation's encoder orders keys only alphabetically).
public struct JSONWriter {
    public private(set) var output = ""
    private var needsComma: [Bool] = [false]
    private let indentUnit: String
    private var pretty: Bool { !indentUnit.isEmpty }

    public init(pretty: Bool = true) { indentUnit = pretty ? "  " : "" }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
        if pretty && needsComma.count > 1 {
            output += "\n" + String(repeating: indentUnit, count: needsComma.count - 1)
        }
    }

    private mutating func open(_ bracket: String) {
        output += bracket
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadMembers = needsComma.removeLast()
        if pretty && hadMembers { output += "\n" + String(repeating: indentUnit, count: needsComma.count - 1) }
        output += bracket
    }

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open("{"); body(&self); close("}")
    }

    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        open("["); body(&self); close("]")
    }

    /// Starts a member; the next value call writes its value.
    public mutating func key(_ name: String) {
        separator()
        output += JSONWriter.quote(name) + (pretty ? ": " : ":")
        needsComma.append(false)  // the value that follows must not add a separator
        valuePending = true
    }

    private var valuePending = false

    private mutating func beginValue() {
        if valuePending {
            valuePending = false
            needsComma.removeLast()
        } else {
            separator()
        }
    }

    public mutating func objectValue(_ body: (inout JSONWriter) -> Void) { beginValue(); object(body) }
    public mutating func arrayValue(_ body: (inout JSONWriter) -> Void) { beginValue(); array(body) }
    public mutating func value(_ string: String) { beginValue(); output += JSONWriter.quote(string) }
    public mutating func value(_ string: String?) {
        beginValue()
        output += string.map(JSONWriter.quote) ?? "null"
    }
    public mutating func value(_ number: Int) { beginValue(); output += String(number) }
    public mutating func value(_ flag: Bool) { beginValue(); output += flag ? "true" : "false" }

    public mutating func member(_ name: String, _ string: String?) { key(name); value(string) }
    public mutating func member(_ name: String, _ number: Int) { key(name); value(number) }
    public mutating func member(_ name: String, _ flag: Bool) { key(name); value(flag) }

    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
