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
            if let name = lostBackslashControls[artifact] { return name }
            if artifact.hasPrefix("&#") { return "the character it numbers" }
            if artifact.hasPrefix("\\u") || artifact.hasPrefix("\\U") { return "the character it numbers" }
            return artifact
        }
    }

    static let namedEntities: [String] = ["amp", "lt", "gt", "quot", "apos", "nbsp"]

    /// Bidi marks typed as `\u200F` whose backslash was lost on the way: the user reads "u200f".
    static let lostBackslashControls: [String: String] = [
        "u200e": "a left-to-right mark (U+200E)", "u200f": "a right-to-left mark (U+200F)", "u061c": "an Arabic letter mark (U+061C)",
        "u202a": "a left-to-right embedding (U+202A)", "u202b": "a right-to-left embedding (U+202B)",
        "u202c": "a pop directional formatting (U+202C)", "u202d": "a left-to-right override (U+202D)",
        "u202e": "a right-to-left override (U+202E)", "u2066": "a left-to-right isolate (U+2066)",
        "u2067": "a right-to-left isolate (U+2067)", "u2068": "a first strong isolate (U+2068)", "u2069": "a pop directional isolate (U+2069)",
    ]

    /// The bidi marks of `text` written as `u200f` without their backslash, lower-cased, in order: a
    /// `u` that no letter, digit or backslash precedes, four hex digits naming a mark, and no fifth.
    static func lostBackslashMarks(_ text: String) -> [String] {
        // One pass over the bytes: this runs for every compared translation.
        return text.withUTF8Bytes { bytes in
            func isWordByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x5C }
            func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
            var found: [String] = []
            var i = 0
            while i + 4 < bytes.count {
                defer { i += 1 }
                // "u20…" or "u061…"; a letter of another script may touch it ("u200fمرحبا"), an ASCII
                // letter, digit or backslash may not, and no fifth hex digit may follow.
                guard bytes[i] | 0x20 == 0x75, bytes[i + 1] == 0x32 || bytes[i + 1] == 0x30 else { continue }
                if i > 0, bytes[i - 1] < 0x80, isWordByte(bytes[i - 1]) { continue }
                if i + 5 < bytes.count, isHex(bytes[i + 5]) { continue }
                let code = "u" + String(decoding: bytes[(i + 1)...(i + 4)].map { $0 | 0x20 }, as: UTF8.self)
                if lostBackslashControls[code] != nil { found.append(code) }
            }
            return found
        }
    }

    /// Every artifact in `text` with its count, in order of first appearance: bidi marks that lost
    /// their backslash first, then entities and backslash escapes (only texts with `&` or a
    /// backslash are scanned for those).
    static func scan(_ text: String) -> [Count] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        func add(_ artifact: String) {
            if counts[artifact] == nil { order.append(artifact) }
            counts[artifact, default: 0] += 1
        }
        for mark in lostBackslashMarks(text) { add(mark) }
        guard text.containsByte(0x26) || text.containsByte(0x5C) else { return order.map { Count(text: $0, count: counts[$0]!) } }
        let bytes = Array(text.utf8)
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
