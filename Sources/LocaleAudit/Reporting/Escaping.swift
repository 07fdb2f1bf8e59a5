/// Escaping for every report that writes markup: HTML (the report, the diff page), XML (JUnit, XLIFF
/// fix-lists) and Markdown (summaries, the diff). One place, so a character one writer escapes is
/// escaped by all of them.
enum Escaping {
    /// The reference for a character that markup gives a meaning to (`&`, `<`, `>`, `"`, `'`), else nil.
    /// `&#39;` rather than `&apos;`: HTML 4 does not know the latter, XML knows both.
    @inline(__always)
    static func markupReference(for scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "'": return "&#39;"
        default: return nil
        }
    }

    /// Text for HTML content or a quoted attribute value.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let reference = markupReference(for: scalar) { out += reference } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// What to do with a character XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF).
    enum Unrepresentable { case drop, showAsEscape }

    /// Text for XML 1.0 content or a quoted attribute value. Line breaks and tabs become character
    /// references, so attribute values keep them exactly (a parser would normalise them to spaces).
    static func xml(_ text: String, unrepresentable: Unrepresentable) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let reference = markupReference(for: scalar) { out += reference; continue }
            switch scalar {
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                guard scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                if unrepresentable == .showAsEscape { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
            }
        }
        return out
    }

    /// Text for Markdown (a table cell or a list item): punctuation backslash-escaped, so a message
    /// cannot start a link, emphasis, a mention or an HTML tag, nor split a table row; a line break
    /// becomes `lineBreak` (`<br>` in a cell, a space in a list item).
    static func markdown(_ text: String, lineBreak: String = "<br>") -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "@", "#", "~", "!", "&", "$":
                out += "\\"; out.unicodeScalars.append(scalar)
            case "\n": out += lineBreak
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
