/// Markup and escapes that a decoded text shows literally: an XML entity of a value escaped twice
/// (`&amp;`), a backslash escape written as two characters (`\n`, `\"`).
enum EscapeArtifacts {
    /// One kind of artifact and how many times a text holds it.
    struct Count: Hashable {
        /// As the text writes it: `&amp;`, `&#39;`, `\n`.
        var text: String
        var count: Int
    }

    /// What each artifact stands for, for messages.
    static func meaning(of artifact: String) -> String {
        switch artifact {
        case "&amp;": return "&"
        case "&lt;": return "<"
        case "&gt;": return ">"
        case "&quot;": return "\""
        case "&apos;": return "'"
        case "&nbsp;": return "a no-break space"
        case "\\n": return "a line break"
        case "\\t": return "a tab"
        case "\\\"": return "\""
        case "\\'": return "'"
        default:
            if artifact.hasPrefix("&#") { return "the character it numbers" }
            if artifact.hasPrefix("\\u") || artifact.hasPrefix("\\U") { return "the character it numbers" }
            return artifact
        }
    }

    static let namedEntities: [String] = ["amp", "lt", "gt", "quot", "apos", "nbsp"]

    /// Every artifact in `text` with its count, in order of first appearance. Only texts with `&`
    /// or a backslash are scanned.
    static func scan(_ text: String) -> [Count] {
        guard text.containsByte(0x26) || text.containsByte(0x5C) else { return [] }
        let bytes = Array(text.utf8)
        var counts: [String: Int] = [:]
        var order: [String] = []
        func add(_ artifact: String) {
            if counts[artifact] == nil { order.append(artifact) }
            counts[artifact, default: 0] += 1
        }
        func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x26 { // &
                if let end = entityEnd(bytes, from: i) {
                    add(String(decoding: bytes[i...end], as: UTF8.self))
                    i = end + 1
                    continue
                }
            } else if b == 0x5C, i + 1 < n { // backslash
                let next = bytes[i + 1]
                if next == 0x5C { i += 2; continue } // an escaped backslash is one backslash shown
                switch next {
                case 0x6E: add("\\n"); i += 2; continue
                case 0x74: add("\\t"); i += 2; continue
                case 0x22: add("\\\""); i += 2; continue
                case 0x27: add("\\'"); i += 2; continue
                case 0x55, 0x75: // \U00E9, \u00e9
                    if i + 5 < n, (2...5).allSatisfy({ isHex(bytes[i + $0]) }) {
                        add(next == 0x55 ? "\\U" : "\\u")
                        i += 6
                        continue
                    }
                default: break
                }
            }
            i += 1
        }
        return order.map { Count(text: $0, count: counts[$0]!) }
    }

    /// The index of the `;` closing an entity that starts at `start` (`&amp;`, `&#39;`, `&#x27;`).
    private static func entityEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var j = start + 1
        let n = bytes.count
        guard j < n else { return nil }
        if bytes[j] == 0x23 { // &#
            j += 1
            var hex = false
            if j < n && (bytes[j] | 0x20) == 0x78 { hex = true; j += 1 }
            let digitsStart = j
            while j < n, j - digitsStart < 7,
                  (bytes[j] >= 0x30 && bytes[j] <= 0x39) || (hex && (bytes[j] | 0x20) >= 0x61 && (bytes[j] | 0x20) <= 0x66) { j += 1 }
            return j > digitsStart && j < n && bytes[j] == 0x3B ? j : nil
        }
        for name in namedEntities {
            let utf8 = Array(name.utf8)
            if j + utf8.count < n, Array(bytes[j..<(j + utf8.count)]) == utf8, bytes[j + utf8.count] == 0x3B {
                return j + utf8.count
            }
        }
        return nil
    }

    /// Percent signs outside specifiers and `%%`: single `%` a reader sees as is.
    static func percentSigns(_ text: String) -> (single: Int, doubled: Int) {
        guard text.containsByte(0x25) else { return (0, 0) }
        var single = 0, doubled = 0
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25 {
                if i + 1 < bytes.count && bytes[i + 1] == 0x25 { doubled += 1; i += 2; continue }
                single += 1
            }
            i += 1
        }
        return (single, doubled)
    }
}
