/// Small text facts the rules share: which words of a string a translator would translate.
public enum TextAnalysis {
    /// The words of `text` once format specifiers, URLs, e-mail addresses and numbers are set aside:
    /// runs of two or more letters. A string without any has nothing to translate.
    public static func translatableWords(in text: String) -> [Substring] {
        let masked = maskNonWords(text)
        // Most texts are ASCII: their letters and apostrophes are single bytes, words split as bytes.
        if masked.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(in: masked) }
        // Without a scalar that joins the one before it into one character, characters are scalars.
        if !masked.unicodeScalars.contains(where: ScalarTable.joinsPreviousCharacter.contains) { return scalarWords(in: masked) }
        return characterWords(in: masked)
    }

    /// `translatableWords` of an ASCII text: runs of two or more ASCII letters, apostrophes inside.
    static func asciiWords(in masked: String) -> [Substring] {
        words(in: masked, masked.utf8, isLetter: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }, isApostrophe: { $0 == 0x27 })
    }

    /// `translatableWords` of a text whose characters are single scalars (no combining marks,
    /// joiners or Hangul jamo): the same words as `characterWords`, without grapheme breaking.
    static func scalarWords(in masked: String) -> [Substring] {
        words(in: masked, masked.unicodeScalars, isLetter: \.isAlphabeticFast, isApostrophe: { $0 == "'" || $0 == "’" })
    }

    /// Runs of two or more letters, apostrophes inside, walking one view of the text (its bytes or
    /// its scalars) whose elements are its characters.
    @inline(__always)
    private static func words<View: Collection>(in masked: String, _ view: View, isLetter: (View.Element) -> Bool,
                                                isApostrophe: (View.Element) -> Bool) -> [Substring] where View.Index == String.Index {
        var words: [Substring] = []
        var start: String.Index? = nil, length = 0
        var index = view.startIndex
        while index < view.endIndex {
            let element = view[index]
            if isLetter(element) || (start != nil && isApostrophe(element)) {
                if start == nil { start = index }
                length += 1
            } else if let s = start {
                if length >= 2 { words.append(masked[s..<index]) }
                start = nil
                length = 0
            }
            index = view.index(after: index)
        }
        if let s = start, length >= 2 { words.append(masked[s...]) }
        return words
    }

    /// `translatableWords` character by character, for text beyond ASCII.
    static func characterWords(in masked: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index? = nil
        var index = masked.startIndex
        while index < masked.endIndex {
            let c = masked[index]
            if c.isLetter || (start != nil && (c == "'" || c == "’" || c.unicodeScalars.first!.properties.generalCategory == .nonspacingMark)) {
                if start == nil { start = index }
            } else if let s = start {
                if masked.distance(from: s, to: index) >= 2 { words.append(masked[s..<index]) }
                start = nil
            }
            index = masked.index(after: index)
        }
        if let s = start, masked.distance(from: s, to: masked.endIndex) >= 2 { words.append(masked[s...]) }
        return words
    }

    /// One token without spaces that joins letters with `:`, `=`, `_` or `/` (`genus:en`, `name_en`,
    /// `key=value`): a tag, key or path the app or its data uses as written, not words to translate.
    /// A pronunciation written in the International Phonetic Alphabet ("weɪ˥˩tu˧˥", "ˈwɪkɪpiːdi.ə"):
    /// IPA letters, stress marks or tone letters, which no language's ordinary spelling uses. It is
    /// meant to be in Latin-based letters whatever the locale.
    public static func isPhoneticTranscription(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x0250...0x02AF).contains($0.value) || (0x02E5...0x02E9).contains($0.value)
            || $0.value == 0x02C8 || $0.value == 0x02CC || $0.value == 0x02D0 }
    }

    public static func isIdentifierLike(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) else { return false }
        let joiners: Set<UInt8> = [0x3A, 0x3D, 0x5F, 0x2F]
        let bytes = Array(trimmed.utf8)
        for k in bytes.indices.dropFirst().dropLast() where joiners.contains(bytes[k]) {
            func isWordByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) }
            if isWordByte(bytes[k - 1]) && isWordByte(bytes[k + 1]) { return true }
        }
        return false
    }

    /// Replaces specifiers, URLs and e-mail addresses with spaces, keeping everything else.
    public static func maskNonWords(_ text: String) -> String {
        // Most texts have nothing to mask, and this runs for every one.
        mayHoldNonWords(text) ? masking(text) : text
    }

    /// `maskNonWords` without its shortcut.
    static func masking(_ text: String) -> String {
        var scalars = text.scalarArray
        let scan = FormatSpecifiers.scan(text)
        for spec in scan.specifiers { for k in spec.range { scalars[k] = " " } }
        // An App Shortcuts phrase names its parameters "${applicationName}": a placeholder too.
        var open: Int? = nil
        for k in scalars.indices {
            if scalars[k] == "$", k + 1 < scalars.count, scalars[k + 1] == "{" { open = k }
            if scalars[k] == "}", let start = open {
                for j in start...k { scalars[j] = " " }
                open = nil
            }
        }
        // URLs (scheme:// or www.) and e-mail addresses run to the next white space.
        var i = 0
        while i < scalars.count {
            if startsURL(scalars, i) || (isWordStart(scalars, i) && (isEmailAt(scalars, i) || isDomainAt(scalars, i))) {
                var j = i
                while j < scalars.count && !scalars[j].isWhitespaceFast { scalars[j] = " "; j += 1 }
                i = j
            } else {
                i += 1
            }
        }
        // Built as UTF-8 bytes: a String appended scalar by scalar is slow.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `maskNonWords` may change `text`, from its bytes: specifiers start with `%` (App
    /// Shortcuts' parameters with `${`), URLs have
    /// `:/` or `w.` (www.), e-mail addresses an `@`, and a domain a dot followed by a letter, digit or
    /// hyphen. A sentence's final stop is none of them.
    static func mayHoldNonWords(_ text: String) -> Bool {
        return text.withUTF8Bytes { b in
            let n = b.count
            for k in 0..<n {
                switch b[k] {
                case 0x25, 0x40:  // % @
                    return true
                case 0x24:  // $ of an App Shortcuts phrase's ${applicationName}
                    if k + 1 < n && b[k + 1] == 0x7B { return true }
                case 0x3A:  // :
                    if k + 1 < n && b[k + 1] == 0x2F { return true }
                case 0x2E:  // .
                    if k > 0 && b[k - 1] | 0x20 == 0x77 { return true }  // w or W
                    if k + 1 < n {
                        let next = b[k + 1]
                        if (next >= 0x30 && next <= 0x39) || ((next | 0x20) >= 0x61 && (next | 0x20) <= 0x7A) || next == 0x2D { return true }
                    }
                default:
                    continue
                }
            }
            return false
        }
    }

    private static func isWordStart(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        i == 0 || s[i - 1].isWhitespaceFast
    }

    private static func startsURL(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        guard isWordStart(s, i) || (i > 0 && opensURL(s[i - 1])) else { return false }
        var j = i
        while j < s.count && j - i < 12 && (s[j].isAlphabeticFast || s[j] == "+" || s[j] == "-") && s[j].isASCII { j += 1 }
        if j > i && j + 2 < s.count && s[j] == ":" && s[j + 1] == "/" && s[j + 2] == "/" { return true }
        guard i + 4 <= s.count else { return false }
        func isW(_ c: Unicode.Scalar) -> Bool { c == "w" || c == "W" }
        return isW(s[i]) && isW(s[i + 1]) && isW(s[i + 2]) && s[i + 3] == "."
    }

    /// What may stand right before a URL: ( " ' « “ <. Asked at every scalar of a masked text.
    private static func opensURL(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x28, 0x22, 0x27, 0xAB, 0x201C, 0x3C: return true
        default: return false
        }
    }

    /// A bare domain such as `example.com` or `duckduckgo.com/settings`: lowercase labels joined by
    /// dots, ending in a 2–6 letter top-level label (so "e.g." and sentence ends are not domains).
    /// A domain name: labels of ASCII letters, digits and hyphens joined by dots, the last of 2–6
    /// lower-case letters ("archive.org", and "Archive.org" as a brand writes it; not "Mr.Smith").
    private static func isDomainAt(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var j = i
        var labels = 0, lastLabel = 0, current = 0, upperInLabel = false
        while j < s.count && !s[j].isWhitespaceFast && s[j] != "/" {
            let c = s[j]
            if c == "." {
                if current == 0 { return false }
                labels += 1; lastLabel = 0; current = 0; upperInLabel = false
            } else if c.isASCII && (isASCIILower(c) || isASCIIUpper(c) || ("0"..."9").contains(c) || c == "-") {
                if isASCIIUpper(c) { upperInLabel = true }
                current += 1; lastLabel += 1
            } else if c.isASCII && (",;:!?)\"'".unicodeScalars.contains(c)) {
                break
            } else {
                return false
            }
            j += 1
        }
        return labels >= 1 && current > 0 && !upperInLabel && (2...6).contains(lastLabel)
    }

    // For ASCII, the same answers as `properties.isLowercase` and `isUppercase`, without the lookup.
    private static func isASCIILower(_ c: Unicode.Scalar) -> Bool { c.value >= 0x61 && c.value <= 0x7A }
    private static func isASCIIUpper(_ c: Unicode.Scalar) -> Bool { c.value >= 0x41 && c.value <= 0x5A }

    private static func isEmailAt(_ s: [Unicode.Scalar], _ i: Int) -> Bool {
        var j = i
        var sawAt = false
        var sawDotAfterAt = false
        while j < s.count && !s[j].isWhitespaceFast {
            if s[j] == "@" { if sawAt { return false }; sawAt = j > i }
            else if s[j] == "." && sawAt { sawDotAfterAt = true }
            j += 1
        }
        return sawAt && sawDotAfterAt
    }
}
