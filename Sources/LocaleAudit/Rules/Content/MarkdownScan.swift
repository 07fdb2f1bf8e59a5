/// The inline Markdown SwiftUI renders in a text (`Text` with a `LocalizedStringKey` parses
/// CommonMark inline syntax): emphasis, strong emphasis, strikethrough, code spans and links. A
/// small scanner after CommonMark's delimiter rules: a `*` between spaces ("5 * 3") or a `_` inside a
/// word (`snake_case`) is no marker; format specifiers (`%*d`) and bare URLs are set aside first.
struct MarkdownScan {
    enum Style: String, CaseIterable, Sendable {
        case strong, emphasis, strikethrough, code

        var example: String {
            switch self {
            case .strong: return "bold (**…**)"
            case .emphasis: return "italic (*…*)"
            case .strikethrough: return "strikethrough (~~…~~)"
            case .code: return "code (`…`)"
            }
        }
    }

    /// Matched spans per style.
    var pairs: [Style: Int] = [:]
    /// Markers that match nothing, by how they are written (`*`, `**`, `_`, `~~`, `` ` ``); a marker
    /// inside a word (the German gender star "Nutzer*innen") is not counted: it shows as written.
    var unmatched: [String: Int] = [:]
    /// Link destinations of `[text](url)`, in order.
    var links: [String] = []
    /// `[text] (url)` (a space before the parenthesis) and `[text](url` without its `)`: shown as
    /// plain text.
    var brokenLinks = 0

    var hasMarkdown: Bool { !pairs.isEmpty || !links.isEmpty }

    /// Bytes that any construct needs: texts without them are not scanned.
    static func mayHaveMarkdown(_ text: String) -> Bool {
        // Over the contiguous bytes: this runs for every compared text.
        return text.withUTF8Bytes { bytes in
            bytes.contains { $0 == 0x2A || $0 == 0x5F || $0 == 0x7E || $0 == 0x60 || $0 == 0x5B }
        }
    }

    init(_ text: String) {
        guard MarkdownScan.mayHaveMarkdown(text) else { return }
        var a = text.scalarArray
        // Links are read first, from the text as written (their URLs are set aside afterwards).
        let destinations = scanLinks(a)
        for range in destinations { for k in range { a[k] = "x" } }
        MarkdownScan.maskSpecifiersAndURLs(&a, text)
        scanInline(a)
    }

    // MARK: Links

    /// Finds `[text](url)` and records the URL; returns the ranges of `](url)`, whose characters are
    /// no markers.
    private mutating func scanLinks(_ a: [Unicode.Scalar]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        guard a.contains("[") else { return ranges }
        var i = 0
        while i < a.count {
            if a[i] == "\\" { i += 2; continue }
            guard a[i] == "[", let close = MarkdownScan.matching(a, from: i, open: "[", close: "]") else { i += 1; continue }
            var j = close + 1
            if j < a.count && a[j] == "(" {
                if let end = MarkdownScan.matching(a, from: j, open: "(", close: ")") {
                    var destination = String(String.UnicodeScalarView(a[(j + 1)..<end]))
                    // `[text](url "title")`: the destination ends at the first space.
                    if let space = destination.firstIndex(of: " ") { destination = String(destination[..<space]) }
                    if destination.hasPrefix("<") && destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
                    links.append(destination)
                    ranges.append(close...end)
                    i = end + 1
                } else {
                    if MarkdownScan.looksLikeURL(a, from: j + 1) { brokenLinks += 1 }
                    i = close + 1
                }
                continue
            }
            // `[text] (https://…)`: the space breaks the link.
            while j < a.count && a[j] == " " { j += 1 }
            if j > close + 1 && j < a.count && a[j] == "(" && MarkdownScan.looksLikeURL(a, from: j + 1) { brokenLinks += 1 }
            i = close + 1
        }
        return ranges
    }

    /// The index of the bracket closing the one at `start`, nesting respected, escapes skipped.
    private static func matching(_ a: [Unicode.Scalar], from start: Int, open: Unicode.Scalar, close: Unicode.Scalar) -> Int? {
        var depth = 0
        var k = start
        while k < a.count {
            let s = a[k]
            if s == "\\" { k += 2; continue }
            if s == open { depth += 1 } else if s == close { depth -= 1; if depth == 0 { return k } }
            if s == "\n" && open == "(" { return nil }
            k += 1
        }
        return nil
    }

    /// A scheme and `:` (`https:`, `mailto:`) or a `/` or `#` path at `start`.
    private static func looksLikeURL(_ a: [Unicode.Scalar], from start: Int) -> Bool {
        guard start < a.count else { return false }
        if a[start] == "/" || a[start] == "#" { return true }
        var k = start
        while k < a.count && k - start < 12 && a[k].isASCII && a[k].isAlphabeticFast { k += 1 }
        return k > start && k < a.count && a[k] == ":"
    }

    /// Format specifiers become letters (`**%@**` is bold around a word) and bare URLs letters too
    /// (an underscore in a URL is no emphasis).
    private static func maskSpecifiersAndURLs(_ a: inout [Unicode.Scalar], _ text: String) {
        if text.containsByte(0x25) {
            for spec in FormatSpecifiers.scan(text).specifiers { for k in spec.range where k < a.count { a[k] = "x" } }
        }
        guard text.firstByteRange(of: "://") != nil else { return }
        var i = 0
        while i + 2 < a.count {
            if a[i] == ":" && a[i + 1] == "/" && a[i + 2] == "/" {
                var start = i
                while start > 0 && a[start - 1].isASCII && a[start - 1].isAlphabeticFast { start -= 1 }
                var end = i
                // Up to white space or the `)` closing a Markdown link around it.
                while end < a.count && !ContentTexts.isSpace(a[end]) && a[end] != ")" { end += 1 }
                for k in start..<end { a[k] = "x" }
                i = end
            } else {
                i += 1
            }
        }
    }

    // MARK: Emphasis and code

    private struct Delimiter {
        var marker: Unicode.Scalar
        var count: Int
        var original: Int
        var canOpen: Bool
        var canClose: Bool
        /// Flanked by letters on both sides ("Nutzer*innen"), or by white space on both ("5 * 3"):
        /// shown as written when unmatched, so not counted as a lone marker.
        var shownAsWritten: Bool
    }

    private static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return s.properties.generalCategory != .uppercaseLetter && s.properties.generalCategory != .lowercaseLetter
            && s.properties.numericType == nil && !ContentTexts.isSpace(s) && s.value > 0x20 }
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    private mutating func scanInline(_ a: [Unicode.Scalar]) {
        var stack: [Delimiter] = []
        var i = 0
        let n = a.count
        while i < n {
            let s = a[i]
            if s == "\\" && i + 1 < n && MarkdownScan.isPunctuation(a[i + 1]) { i += 2; continue }
            if s == "`" {
                var j = i
                while j < n && a[j] == "`" { j += 1 }
                let length = j - i
                // The next run of exactly as many backticks closes the code span.
                var k = j, closed: Int? = nil
                while k < n {
                    if a[k] == "`" {
                        var m = k
                        while m < n && a[m] == "`" { m += 1 }
                        if m - k == length { closed = m; break }
                        k = m
                    } else {
                        k += 1
                    }
                }
                if let closed {
                    pairs[.code, default: 0] += 1
                    i = closed
                } else {
                    unmatched[String(repeating: "`", count: length), default: 0] += 1
                    i = j
                }
                continue
            }
            guard s == "*" || s == "_" || s == "~" else { i += 1; continue }
            var j = i
            while j < n && a[j] == s { j += 1 }
            let length = j - i
            defer { i = j }
            // `~~` only; runs of four or more (`****`, `____` blanks to fill in) are no markers.
            if s == "~" ? length != 2 : length > 3 { continue }
            let before: Unicode.Scalar? = i > 0 ? a[i - 1] : nil
            let after: Unicode.Scalar? = j < n ? a[j] : nil
            let beforeSpace = before.map(ContentTexts.isSpace) ?? true
            let afterSpace = after.map(ContentTexts.isSpace) ?? true
            let beforePunct = before.map(MarkdownScan.isPunctuation) ?? false
            let afterPunct = after.map(MarkdownScan.isPunctuation) ?? false
            let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
            let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
            var canOpen = left, canClose = right
            if s == "_" {
                canOpen = left && (!right || beforePunct)
                canClose = right && (!left || afterPunct)
            }
            let shownAsWritten = (left && right && !beforePunct && !afterPunct) || (!left && !right)
            var current = Delimiter(marker: s, count: length, original: length, canOpen: canOpen, canClose: canClose, shownAsWritten: shownAsWritten)
            if current.canClose {
                while current.count > 0, let openerIndex = stack.lastIndex(where: { $0.marker == s && $0.canOpen && $0.count > 0 }) {
                    let used: Int
                    if s == "~" { used = 2 } else { used = min(current.count, stack[openerIndex].count) >= 2 ? 2 : 1 }
                    let style: Style = s == "~" ? .strikethrough : (used == 2 ? .strong : .emphasis)
                    pairs[style, default: 0] += 1
                    stack[openerIndex].count -= used
                    current.count -= used
                    // Openers between the pair can no longer close anything after it.
                    for k in stack.indices where k > openerIndex { flushUnmatched(stack[k]); stack[k].count = 0 }
                    stack.removeSubrange((openerIndex + 1)...)
                    if stack[openerIndex].count == 0 { stack.remove(at: openerIndex) }
                }
            }
            if current.count > 0 {
                if current.canOpen { stack.append(current) } else { flushUnmatched(current) }
            }
        }
        for delimiter in stack { flushUnmatched(delimiter) }
    }

    private mutating func flushUnmatched(_ delimiter: Delimiter) {
        guard delimiter.count > 0, !delimiter.shownAsWritten else { return }
        unmatched[String(repeating: Character(delimiter.marker), count: delimiter.count), default: 0] += 1
    }

    /// Unmatched markers that would show in `style`'s place.
    func unmatchedCount(of style: Style) -> Int {
        switch style {
        case .strong: return (unmatched["**"] ?? 0) + (unmatched["__"] ?? 0) + (unmatched["***"] ?? 0) + (unmatched["___"] ?? 0)
        case .emphasis: return (unmatched["*"] ?? 0) + (unmatched["_"] ?? 0)
        case .strikethrough: return unmatched["~~"] ?? 0
        case .code: return unmatched.filter { $0.key.hasPrefix("`") }.values.reduce(0, +)
        }
    }

    /// The first unmatched marker of `style`'s characters, as written.
    func unmatchedMarker(of style: Style) -> String? {
        let candidates: [String]
        switch style {
        case .strong: candidates = ["**", "__", "***", "___"]
        case .emphasis: candidates = ["*", "_"]
        case .strikethrough: candidates = ["~~"]
        case .code: candidates = ["`", "``", "```"]
        }
        return candidates.first { (unmatched[$0] ?? 0) > 0 }
    }

    /// Whether two link destinations are the same once locale codes are set aside: a translation may
    /// link to its own language's page (`/de/privacy`, `de.wikipedia.org`, `?hl=de`).
    static func sameDestination(_ a: String, _ b: String, ignoring codes: Set<String>) -> Bool {
        if a == b { return true }
        func tokens(_ url: String) -> [Substring] {
            url.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).filter { !codes.contains(String($0)) }
        }
        return tokens(a) == tokens(b)
    }
}
