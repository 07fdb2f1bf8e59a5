/// The white space of one text that a translation must keep: at its edges, its line breaks, and
/// runs of two or more spaces inside it. One pass over the scalars.
struct WhitespaceFacts {
    /// White space scalars before the first visible one, and how many of them break the line.
    var leading = 0
    var leadingBreaks = 0
    var trailing = 0
    var trailingBreaks = 0
    /// Line breaks (`\n`, `\r\n`, a lone `\r`, U+2028, U+2029), each counted once.
    var lineBreaks = 0
    /// A backslash then `n` written as two characters: a line break that went through escaping
    /// twice (`escape-artifact` reports it; here it counts as the break it stands for).
    var literalLineBreaks = 0
    /// The first run of two or more horizontal spaces between visible text, as a scalar offset and length.
    var doubledSpace: (offset: Int, length: Int)? = nil
    /// The scalars around that run, for telling a French no-break space before `:` from a typo.
    var doubledSpaceNeighbours: (before: Unicode.Scalar?, after: Unicode.Scalar?) = (nil, nil)
    /// Whether the run holds a no-break or narrow no-break space.
    var doubledSpaceHasNoBreak = false
    /// The text has visible content.
    var hasContent = false

    /// Breaks between visible text, counting a literal `\n` as one.
    var innerBreaks: Int { lineBreaks + literalLineBreaks - leadingBreaks - trailingBreaks }

    init(_ text: String) {
        var offset = 0
        var previous: Unicode.Scalar? = nil
        var lastVisible: Unicode.Scalar? = nil
        // The white space run since the last visible scalar.
        var run = 0, runBreaks = 0, runHorizontal = 0, runStart = 0, runNoBreak = false
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { offset += 1; previous = scalar }
            let isBreak = scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029
            if isBreak {
                // `\r\n` is one break.
                if !(scalar == "\n" && afterCR) { lineBreaks += 1; runBreaks += 1 }
                afterCR = scalar == "\r"
                if run == 0 { runStart = offset }
                // Spaces before a line break end a line; they are no doubled space between words.
                if let doubled = doubledSpace, doubledSpaceNeighbours.after == nil, doubled.offset >= runStart { doubledSpace = nil }
                run += 1
                runHorizontal = 0
                continue
            }
            afterCR = false
            if ContentTexts.isSpace(scalar) {
                if run == 0 { runStart = offset }
                run += 1
                runHorizontal += 1
                if scalar.value == 0xA0 || scalar.value == 0x202F { runNoBreak = true }
                // A run inside the text (not at its start) of two horizontal spaces.
                if hasContent && runHorizontal == 2 && runBreaks == 0 && doubledSpace == nil {
                    doubledSpace = (offset - 1, 2)
                    doubledSpaceNeighbours.before = lastVisible
                }
                continue
            }
            if ContentTexts.isInvisible(scalar) { continue }
            if !hasContent {
                leading = run
                leadingBreaks = runBreaks
                hasContent = true
            } else if let doubled = doubledSpace, doubled.offset >= runStart, doubledSpaceNeighbours.after == nil {
                doubledSpace = (doubled.offset, runHorizontal)
                doubledSpaceNeighbours.after = scalar
                doubledSpaceHasNoBreak = runNoBreak
            }
            if scalar == "n" && previous == "\\" { literalLineBreaks += 1 }
            lastVisible = scalar
            run = 0; runBreaks = 0; runHorizontal = 0; runNoBreak = false
        }
        if hasContent {
            trailing = run
            trailingBreaks = runBreaks
            // A run that reached the end is trailing white space, not a doubled space.
            if let doubled = doubledSpace, doubledSpaceNeighbours.after == nil, doubled.offset >= runStart { doubledSpace = nil }
        } else {
            leading = run
            leadingBreaks = runBreaks
        }
    }
}
