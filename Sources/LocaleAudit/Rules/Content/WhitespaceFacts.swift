/// The white space of one text that a translation must keep: at its edges, its line breaks, and
/// runs of two or more spaces inside it. One pass over the UTF-8 bytes (every translated string of a
/// project goes through it).
struct WhitespaceFacts {
    /// White space characters before the first visible one, and how many of them break the line.
    var leading = 0
    var leadingBreaks = 0
    var trailing = 0
    var trailingBreaks = 0
    /// Line breaks (`\n`, `\r\n`, a lone `\r`, U+2028, U+2029), each counted once.
    var lineBreaks = 0
    /// A backslash then `n` written as two characters: a line break that went through escaping
    /// twice (`escape-artifact` reports it; here it counts as the break it stands for).
    var literalLineBreaks = 0
    /// The first run of two or more horizontal spaces between visible text: its UTF-8 offset and
    /// how many spaces it holds.
    var doubledSpace: (offset: Int, length: Int)? = nil
    /// The visible characters around that run, for telling a French no-break space before `:` from a typo.
    var doubledSpaceNeighbours: (before: Unicode.Scalar?, after: Unicode.Scalar?) = (nil, nil)
    /// Whether the run holds a no-break or narrow no-break space.
    var doubledSpaceHasNoBreak = false
    /// The text has visible content.
    var hasContent = false

    /// Breaks between visible text, counting a literal `\n` as one.
    var innerBreaks: Int { lineBreaks + literalLineBreaks - leadingBreaks - trailingBreaks }

    /// What the character starting at a byte is, for this scan.
    enum Kind { case visible, space, noBreakSpace, lineBreak, invisible }

    /// The kind and byte length of the character at `i`: white space and invisible marks are
    /// recognised from their UTF-8 bytes, everything else is visible.
    @inline(__always)
    static func classify(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Kind, Int) {
        let c = b[i]
        if c < 0x80 {
            switch c {
            case 0x20, 0x09, 0x0B, 0x0C: return (.space, 1)
            case 0x0A, 0x0D: return (.lineBreak, 1)
            default: return (.visible, 1)
            }
        }
        let n = b.count
        switch c {
        case 0xC2 where i + 1 < n:
            if b[i + 1] == 0xA0 { return (.noBreakSpace, 2) }
            if b[i + 1] == 0x85 { return (.lineBreak, 2) }
        case 0xD8 where i + 1 < n && b[i + 1] == 0x9C: return (.invisible, 2) // U+061C
        case 0xE1 where i + 2 < n && b[i + 1] == 0x9A && b[i + 2] == 0x80: return (.space, 3) // U+1680
        case 0xE2 where i + 2 < n:
            let (b1, b2) = (b[i + 1], b[i + 2])
            if b1 == 0x80 {
                switch b2 {
                case 0x80...0x8A: return (.space, 3) // U+2000–200A
                case 0x8B...0x8F, 0xAA...0xAE: return (.invisible, 3) // U+200B–200F, U+202A–202E
                case 0xA8, 0xA9: return (.lineBreak, 3) // U+2028, U+2029
                case 0xAF: return (.noBreakSpace, 3) // U+202F
                default: break
                }
            } else if b1 == 0x81 {
                if b2 == 0x9F { return (.space, 3) } // U+205F
                if b2 == 0xA0 || (0xA6...0xA9).contains(b2) { return (.invisible, 3) } // U+2060, U+2066–2069
            }
        case 0xE3 where i + 2 < n && b[i + 1] == 0x80 && b[i + 2] == 0x80: return (.space, 3) // U+3000
        case 0xEF where i + 2 < n && b[i + 1] == 0xBB && b[i + 2] == 0xBF: return (.invisible, 3) // U+FEFF
        default: break
        }
        // Any other character: its length from the lead byte.
        let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
        return (.visible, min(length, n - i))
    }

    /// False when neither text can have white space worth comparing: no white space at an edge, no
    /// line break or backslash, and no two spaces or non-ASCII space in the translation. Byte
    /// searches only: most pairs stop here.
    static func mayDiffer(_ source: String, _ translation: String) -> Bool {
        func special(_ text: String) -> Bool {
            hasBlankEdge(text) || text.containsByte(0x0A) || text.containsByte(0x0D) || text.containsByte(0x5C)
        }
        if special(source) || special(translation) { return true }
        if translation.firstByteRange(of: "  ") != nil { return true }
        return hasNonASCIISpace(translation)
    }

    /// Whether the first or last character is white space or invisible (a letter of another script
    /// is neither: text in Cyrillic or Chinese starts and ends with non-ASCII bytes).
    static func hasBlankEdge(_ text: String) -> Bool {
        return text.withUTF8Bytes { b in
            guard let first = b.first, let last = b.last else { return false }
            if first <= 0x20 || last <= 0x20 { return true }
            if first >= 0x80 && classify(b, 0).0 != .visible { return true }
            guard last >= 0x80 else { return false }
            var start = b.count - 1
            while start > 0 && b[start] & 0xC0 == 0x80 { start -= 1 }
            return classify(b, start).0 != .visible
        }
    }

    /// Whether the text holds a no-break, narrow no-break, ideographic or other non-ASCII space, or
    /// an invisible character written with the same lead bytes (they start with 0xC2, 0xE1–0xE3).
    static func hasNonASCIISpace(_ text: String) -> Bool {
        return text.withUTF8Bytes { b in
            for i in b.indices where b[i] == 0xC2 || (b[i] >= 0xE1 && b[i] <= 0xE3) {
                if classify(b, i).0 != .visible { return true }
            }
            return false
        }
    }

    init(_ text: String) {
        self = text.withUTF8Bytes { WhitespaceFacts(bytes: $0) }
    }

    init(bytes b: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let n = b.count
        var previousByte: UInt8 = 0
        var lastVisible = 0, lastVisibleLength = 0
        // The white space run since the last visible character.
        var run = 0, runBreaks = 0, runHorizontal = 0, runStart = 0, runNoBreak = false
        var pending: (offset: Int, before: Int, beforeLength: Int)? = nil
        while i < n {
            let (kind, length) = Self.classify(b, i)
            defer { previousByte = b[i + length - 1]; i += length }
            switch kind {
            case .lineBreak:
                // `\r\n` is one break.
                if !(b[i] == 0x0A && previousByte == 0x0D) { lineBreaks += 1; runBreaks += 1 }
                if run == 0 { runStart = i }
                // Spaces before a line break end a line; they are no doubled space between words.
                pending = nil
                run += 1
                runHorizontal = 0
            case .space, .noBreakSpace:
                if run == 0 { runStart = i }
                run += 1
                runHorizontal += 1
                if kind == .noBreakSpace { runNoBreak = true }
                if hasContent && runHorizontal == 2 && runBreaks == 0 && pending == nil && doubledSpace == nil {
                    pending = (runStart, lastVisible, lastVisibleLength)
                }
            case .invisible:
                continue
            case .visible:
                if !hasContent {
                    leading = run
                    leadingBreaks = runBreaks
                    hasContent = true
                } else if let found = pending {
                    doubledSpace = (found.offset, runHorizontal)
                    doubledSpaceNeighbours = (Self.scalar(b, found.before, found.beforeLength), Self.scalar(b, i, length))
                    doubledSpaceHasNoBreak = runNoBreak
                    pending = nil
                }
                if b[i] == 0x6E && previousByte == 0x5C { literalLineBreaks += 1 } // backslash, n
                lastVisible = i
                lastVisibleLength = length
                run = 0; runBreaks = 0; runHorizontal = 0; runNoBreak = false
            }
        }
        // A run that reached the end is trailing white space, not a doubled space.
        if hasContent {
            trailing = run
            trailingBreaks = runBreaks
        } else {
            leading = run
            leadingBreaks = runBreaks
        }
    }

    private static func scalar(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ length: Int) -> Unicode.Scalar? {
        String(decoding: UnsafeBufferPointer(rebasing: b[i..<(i + length)]), as: UTF8.self).unicodeScalars.first
    }
}
