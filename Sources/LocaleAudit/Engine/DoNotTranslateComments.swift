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
        // Runs on every comment of every locale (an export repeats each note per language): most
        // hold neither anchor and are never lowercased and searched.
        guard mayHoldPhrase(comment) else { return false }
        let lower = ByteSearch.asciiLowercased(comment)
        return lower.withUnsafeBufferPointer { bytes in phrases.contains { forbids(bytes, phrase: $0) } }
    }

    /// Whether `comment` holds, in any case, "translat" or "as is"/"as-is": every phrase holds one.
    static func mayHoldPhrase(_ comment: String) -> Bool {
        var comment = comment
        return comment.withUTF8 { bytes in
            let count = bytes.count
            // `| 0x20` lowercases an ASCII letter; the bytes compared with it are letters, so no other
            // byte can pass for one.
            @inline(__always) func folded(_ k: Int) -> UInt8 { bytes[k] | 0x20 }
            var k = 0
            while k + 4 < count {
                switch folded(k) {
                case UInt8(ascii: "t") where k + 8 <= count:
                    if folded(k + 1) == UInt8(ascii: "r") && folded(k + 2) == UInt8(ascii: "a") && folded(k + 3) == UInt8(ascii: "n")
                        && folded(k + 4) == UInt8(ascii: "s") && folded(k + 5) == UInt8(ascii: "l") && folded(k + 6) == UInt8(ascii: "a")
                        && folded(k + 7) == UInt8(ascii: "t") { return true }
                case UInt8(ascii: "a"):
                    if folded(k + 1) == UInt8(ascii: "s") && (bytes[k + 2] == 0x20 || bytes[k + 2] == UInt8(ascii: "-"))
                        && folded(k + 3) == UInt8(ascii: "i") && folded(k + 4) == UInt8(ascii: "s") { return true }
                default:
                    break
                }
                k += 1
            }
            return false
        }
    }

    /// Each phrase names the whole string when the comment ends after it or punctuation closes it.
    /// Each holds "translat" or "as is"/"as-is", which `mayHoldPhrase` looks for first.
    static let phrases: [[UInt8]] = [
        "do not translate", "don't translate", "dont translate", "don\u{2019}t translate", "not be translated",
        "left as-is", "left as is", "leave as-is", "leave as is", "keep as-is", "keep as is", "kept as-is", "kept as is",
    ].map { Array($0.utf8) }

    /// Whether an occurrence of `phrase` in the lowercased comment is a whole instruction.
    private static func forbids(_ bytes: UnsafeBufferPointer<UInt8>, phrase: [UInt8]) -> Bool {
        let count = bytes.count
        var start = 0
        while start < count, let offset = phrase.withUnsafeBufferPointer({ needle in
            ByteSearch.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: bytes[start...]))
        }) {
            let found = start + offset
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
        return false
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
