/// Writes `.strings` text that Apple's reader and `StringsReader` read back unchanged.
///
/// Each entry becomes an optional `/* comment */` line, then `"key" = "value";`, then a blank line.
/// Keys and values are always quoted; `"` `\` line breaks, tabs and other control characters are
/// escaped. Swift strings cannot hold lone surrogates, so the output never contains one.
public enum StringsWriter {
    public struct Item: Sendable, Hashable {
        public var key: String
        public var value: String
        /// Written as a block comment before the entry; nil or empty writes none. A block comment
        /// cannot contain its own terminator, so `*/` is written as `* /`.
        public var comment: String?

        public init(key: String, value: String, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
    }

    public enum Encoding: Sendable, Hashable {
        case utf8
        /// What Xcode long wrote for `.strings`: UTF-16 little-endian with a byte order mark.
        case utf16LittleEndianWithBOM
    }

    /// The `.strings` text for `items`. With `escapingNonASCII`, every non-ASCII character is written
    /// as `\UXXXX` (characters outside the BMP as a surrogate pair of two escapes), as some
    /// translation tools do, so the text is pure ASCII.
    public static func text(_ items: [Item], escapingNonASCII: Bool = false) -> String {
        var out = ""
        for item in items {
            if let comment = item.comment, !comment.isEmpty {
                out += "/* " + comment.replacingOccurrencesOfCommentEnd() + " */\n"
            }
            out += quoted(item.key, escapingNonASCII: escapingNonASCII)
            out += " = "
            out += quoted(item.value, escapingNonASCII: escapingNonASCII)
            out += ";\n\n"
        }
        return out
    }

    /// The bytes of `text(items)` in `encoding`.
    public static func bytes(_ items: [Item], encoding: Encoding = .utf8, escapingNonASCII: Bool = false) -> [UInt8] {
        let text = text(items, escapingNonASCII: escapingNonASCII)
        switch encoding {
        case .utf8:
            return Array(text.utf8)
        case .utf16LittleEndianWithBOM:
            var out: [UInt8] = [0xFF, 0xFE]
            out.reserveCapacity(2 + text.utf16.count * 2)
            for unit in text.utf16 {
                out.append(UInt8(unit & 0xFF))
                out.append(UInt8(unit >> 8))
            }
            return out
        }
    }

    /// `s` as a quoted `.strings` string.
    public static func quoted(_ s: String, escapingNonASCII: Bool = false) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += escape(UInt16(scalar.value))
                } else if escapingNonASCII && scalar.value >= 0x80 {
                    for unit in String(scalar).utf16 { out += escape(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// Always four digits: `\U` reads up to four, so a following hex digit is not swallowed.
    private static func escape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}

extension String {
    fileprivate func replacingOccurrencesOfCommentEnd() -> String {
        guard contains("*/") else { return self }
        // Scalars, not Characters: a combining mark after `/` must not hide the terminator.
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar? = nil
        for scalar in unicodeScalars {
            if scalar == "/" && previous == "*" { out.append(" ") }
            out.append(scalar)
            previous = scalar
        }
        return String(out)
    }
}
