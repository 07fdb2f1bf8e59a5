/// Developer comments that take a whole string out of translation. Interface Builder writes a
/// localizer note into the comment of every string it exports (`Note = "Placeholder - Do not
/// translate"` on text the app replaces at run time), and `.strings` files mark helper entries the
/// same way (`/* Do not translate - stringsdict entry */`), or say a technical term "should be left
/// as-is". Such an entry is not for translation, exactly like String Catalog `shouldTranslate:
/// false`: no rule expects or compares its translations.
///
/// Only an instruction about the whole string counts. "Do not translate what's inside []" or
/// "please do not translate the newlines" ask to keep a part; those strings are translated.
enum DoNotTranslateComments {
    /// True when `comment` tells translators to leave the string alone.
    static func forbidTranslation(_ comment: String) -> Bool {
        var comment = comment
        return comment.withUTF8 { forbidTranslation(bytes: $0) }
    }

    /// Each phrase names the whole string when the comment ends after it or punctuation closes it.
    private static let phrases: [[UInt8]] = [
        "do not translate", "don't translate", "dont translate", "don\u{2019}t translate", "not be translated",
        "left as-is", "left as is", "leave as-is", "leave as is", "keep as-is", "keep as is", "kept as-is", "kept as is",
    ].map { Array($0.utf8) }

    private static func forbidTranslation(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        for phrase in phrases {
            var start = 0
            while let found = firstIndex(of: phrase, in: bytes, from: start) {
                start = found + 1
                // A word boundary before the phrase ("… Do not translate", not "undo not translate").
                if found > 0, isLetter(bytes[found - 1]) { continue }
                var i = found + phrase.count
                while i < count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
                // The instruction ends here: the comment ends, or punctuation closes it. A word after
                // it ("translate the newlines", "keep as is the placeholder") names the part to keep.
                if i == count { return true }
                switch bytes[i] {
                case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: "\""), UInt8(ascii: ","),
                     UInt8(ascii: ")"), UInt8(ascii: "!"), UInt8(ascii: ":"), UInt8(ascii: "*"), 0x0A, 0x0D:
                    return true
                default:
                    continue
                }
            }
        }
        return false
    }

    private static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = start
        while i + needle.count <= bytes.count {
            if matchesLowercased(needle, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// ASCII letters compared case-insensitively; `needle` is lower case.
    private static func matchesLowercased(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + needle.count <= bytes.count else { return false }
        for k in 0..<needle.count {
            var b = bytes[offset + k]
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            if b != needle[k] { return false }
        }
        return true
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}

extension ReadResult {
    /// Takes the entries whose comment forbids translation out of translation (see
    /// `DoNotTranslateComments`). Done while the file's entries are still its own, on the reading
    /// worker, so no entry is copied.
    mutating func applyDoNotTranslateComments() {
        for t in tables.indices {
            for e in tables[t].entries.indices {
                guard tables[t].entries[e].shouldTranslate, let comment = tables[t].entries[e].comment,
                      DoNotTranslateComments.forbidTranslation(comment) else { continue }
                tables[t].entries[e].shouldTranslate = false
            }
        }
    }
}
