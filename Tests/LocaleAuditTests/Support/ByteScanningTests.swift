import Foundation
import Testing
@testable import LocaleAudit

/// The byte-level shortcuts of the hot paths must agree with the slow, obvious answers.
@Suite struct ByteScanningTests {
    private static let pieces = ["a", "|", "=", "|==|", ":dict/", ":string", "é", "日本", "👩🏽‍💻", " ", "\n", "\r\n", "\r", "\t", "x"]

    private func randomText(_ rng: inout SystemRandomNumberGenerator, maxPieces: Int = 24) -> String {
        (0..<Int.random(in: 0...maxPieces, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
    }

    @Test func aMessageExcerptIsTheEscapedTextCutWhereTheWholeEscapeWouldBe() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = randomText(&rng, maxPieces: 90)
            #expect(text.visibleExcerpt == text.visibleEscaped.truncatedForMessage, "\(text.debugDescription)")
        }
        // An escape that straddles the cut, at 80 scalars exactly.
        let straddling = String(repeating: "a", count: 79) + "\nb"
        #expect(straddling.visibleExcerpt == String(repeating: "a", count: 79) + "\\…")
    }

    @Test func decodingAScalarFromTheBytesAgreesWithTheStandardLibrary() {
        let text = "aé日本👩🏽‍💻\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"
        var copy = text
        let decoded = copy.withUTF8 { bytes -> [Unicode.Scalar] in
            var out: [Unicode.Scalar] = [], i = 0
            while i < bytes.count {
                let (scalar, length) = bytes.scalar(startingAt: i)
                #expect(length == String(scalar).utf8.count)
                out.append(scalar)
                i += length
            }
            return out
        }
        #expect(decoded == Array(text.unicodeScalars))
    }

    @Test func nativeLettersShortcutAgreesWithTheScalarWalk() {
        // The scalar walk it replaced: nil at the first letter of a script not native, else whether
        // there was a native letter at all (letters common to all scripts do not count).
        func reference(_ text: String, _ native: Set<ScriptCode>) -> Bool? {
            var sawLetter = false
            for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
                let script = Scripts.script(of: scalar)
                if script.isCommonOrInherited { continue }
                if !native.contains(script) { return nil }
                sawLetter = true
            }
            return sawLetter
        }
        // Long ASCII pieces too: after a letter, a Latin locale skips ASCII eight bytes at a time.
        let pieces = ["a", "Z", " ", "1", "é", "日本", "ひら", "Привет", "مرحبا", "\u{0345}", "ʼ", "👩🏽‍💻", "%@", "\n", "ㄅ",
                      "Open the settings ", "0123456789.,;:!?"]
        let natives: [Set<ScriptCode>] = [[.latin], [.cyrillic], [.arabic], [.han, .hiragana, .katakana], [.latin, .cyrillic], []]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            for native in natives {
                #expect(LanguageOfParts.lettersAreAllNative(text, native) == reference(text, native), "\(text.debugDescription)")
            }
        }
    }

    @Test func trimmingAndWhitespaceShortcutsAgreeWithTheCharacterAnswers() {
        // The character-by-character trim the byte shortcut stands in front of.
        func trimmedByCharacters(_ text: String) -> String {
            var s = Substring(text)
            while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
            while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
            return String(s)
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = randomText(&rng) + (Bool.random(using: &rng) ? " \u{301}" : "")
            #expect(text.trimmingSpaces == trimmedByCharacters(text), "\(text.debugDescription)")
            #expect(text.isAllWhitespace == text.allSatisfy(\.isWhitespace), "\(text.debugDescription)")
        }
        #expect("\u{00A0}\u{2003}\n".isAllWhitespace)
        #expect(" \u{1C}".isAllWhitespace == " \u{1C}".allSatisfy(\.isWhitespace))
        // Texts of white space alone, where the blank test and the trim must agree ("\r\n" is one
        // character the trim keeps).
        let blanks = [" ", "\t", "\n", "\r", "\r\n", "\u{00A0}", "x"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...6, using: &rng)).map { _ in blanks.randomElement(using: &rng)! }.joined()
            #expect(text.isOnlySpaces == text.trimmingSpaces.isEmpty, "\(text.debugDescription)")
            #expect(text.isOnlySpaces == trimmedByCharacters(text).isEmpty, "\(text.debugDescription)")
        }
    }

    @Test func scalarArrayIsTheArrayOfScalars() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = randomText(&rng)
            #expect(text.scalarArray == Array(text.unicodeScalars), "\(text)")
        }
        #expect("".scalarArray.isEmpty)
    }

    @Test func partsAreTheSplitThatKeepsEmptyParts() {
        // Against the character split, on ASCII and non-ASCII mixes (a combining mark after a
        // separator joins it into another character).
        let pieces = ["a", "/", ".", "Localized Contents", "é", "\u{301}", "日本", "", "x.lproj"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            for separator: Character in ["/", "."] {
                let expected = text.split(separator: separator, omittingEmptySubsequences: false)
                #expect(text.parts(separatedBy: separator.asciiValue!) == expected, "\(text.debugDescription)")
                let sub = text.dropFirst()
                #expect(sub.parts(separatedBy: separator.asciiValue!) == sub.split(separator: separator, omittingEmptySubsequences: false))
            }
        }
        #expect("".parts(separatedBy: UInt8(ascii: "/")) == [""] && "/".parts(separatedBy: UInt8(ascii: "/")) == ["", ""])
    }

    @Test func utf8BytesAreLentForEveryKindOfString() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = randomText(&rng)
            // Small (inline) and large strings, and one made from a slice of a longer one.
            for variant in [text, text + String(repeating: "x", count: 20), String(("ab" + text).dropFirst(2))] {
                #expect(variant.withUTF8Bytes { Array($0) } == Array(variant.utf8))
                #expect(String.sameBytes(variant, String(decoding: Array(variant.utf8), as: UTF8.self)))
            }
        }
        // Equal bytes only: composed and decomposed é are == but not the same bytes.
        #expect("caf\u{E9}" == "cafe\u{301}" && !String.sameBytes("caf\u{E9}", "cafe\u{301}"))
        #expect(!String.sameBytes("a", "ab") && String.sameBytes("", ""))
        #expect(ExactText("caf\u{E9}") != ExactText("cafe\u{301}") && ExactText("x") == ExactText(String("yx".dropFirst())))
    }

    @Test func utf16TranscodingAgreesWithTheStandardDecoder() {
        var rng = SystemRandomNumberGenerator()
        // Lone and reversed surrogates included: both must become U+FFFD the same way.
        let units: [UInt16] = [0x41, 0x20, 0xE9, 0x65E5, 0xD83D, 0xDC69, 0xDC69, 0xD83D, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x0A]
        for _ in 0..<2_000 {
            let sample = (0..<Int.random(in: 0...16, using: &rng)).map { _ in units.randomElement(using: &rng)! }
            #expect(String(utf16Units: sample) == String(decoding: sample, as: UTF16.self), "\(sample)")
            #expect(Array(String(utf16Units: sample).utf8) == Array(String(decoding: sample, as: UTF16.self).utf8))
        }
    }

    @Test func maskingsShortcutAgreesWithTheFullMasking() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["Save", " ", ".", "w", "www.", "WWW", "%d", "%@", "%", "@", "a.b", "example.com", "e.g.", ":", "://", "/", "é", "Mr.Smith",
                      "3", ".-", "mail@x.org", "\n", "日本", "(", "x.", ".5"]
        var shortcuts = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...10, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            if !TextAnalysis.mayHoldNonWords(text) { shortcuts += 1 }
            #expect(TextAnalysis.maskNonWords(text) == TextAnalysis.masking(text), "\(text.debugDescription)")
        }
        #expect(shortcuts > 100)
        #expect(!TextAnalysis.mayHoldNonWords("Delete all photos. Then restart."))
        #expect(TextAnalysis.maskNonWords("Visit duckduckgo.com now") == "Visit " + String(repeating: " ", count: 14) + " now")
    }

    @Test func whitespacesByteTestPassesEveryPairTheRuleHasSomethingToSayAbout() {
        // Seeded: about one draw in forty is skipped, so the count of skipped draws is fixed, not a
        // coin toss around the bound below.
        var rng = SeededGenerator(seed: 2026112612)
        let pieces = ["Save", " ", "  ", "\u{00A0}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{200E}", "。", "…", "Сохранить", "保存", "\n", "\\n",
                      ":", "!", "é", "\u{FEFF}", "\u{061C}", "x"]
        func text() -> String { (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
        let location = SourceLocation(file: "x.strings", line: 1, column: 1)
        var skipped = 0
        for _ in 0..<4_000 {
            let source = text(), translation = text()
            guard !WhitespaceFacts.mayDiffer(source, translation) else { continue }
            skipped += 1
            let compared = ComparedText(source: source, translation: translation, location: location, sourceLocation: nil, form: nil)
            for language in ["de", "fr", "ja"] {
                #expect(WhitespaceMismatchRule.defects(compared, language: language).isEmpty,
                        "\(source.debugDescription) → \(translation.debugDescription) in \(language)")
            }
        }
        #expect(skipped > 100)
        #expect(!WhitespaceFacts.mayDiffer("Сохранить", "保存。"))
        #expect(WhitespaceFacts.mayDiffer("Save", "保存\u{3000}"))
    }

    @Test func asciiWordSplitAgreesWithTheCharacterSplit() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["ab", "c", "'", " ", "\r\n", "x1", "Don't", "--", "A", "\t", "zz'"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(TextAnalysis.asciiWords(in: text) == TextAnalysis.characterWords(in: text), "\(text.debugDescription)")
        }
    }

    @Test func internerGivesDenseIDsInFirstSeenOrderAndInsertIfAbsentKeepsTheFirst() {
        var names = Interner<String>()
        #expect(names.id(of: "Main") == 0)
        #expect(names.id(of: "Localizable") == 1)
        #expect(names.id(of: "Main") == 0)
        #expect(names.values == ["Main", "Localizable"] && names.count == 2)
        var entries = ["a": 1]
        #expect(!entries.insertIfAbsent(2, forKey: "a") && entries["a"] == 1)
        #expect(entries.insertIfAbsent(3, forKey: "b") && entries["b"] == 3)
    }

    @Test func containsByteAndSuffixAgreeWithTheGenericAnswers() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = randomText(&rng)
            for byte in [UInt8(ascii: "|"), UInt8(ascii: "x"), 0x0A, 0xC3] {
                #expect(text.containsByte(byte) == text.utf8.contains(byte), "\(text.debugDescription) \(byte)")
            }
            #expect(text.hasByteSuffix(":dict/:string") == text.utf8.reversed().starts(with: ":dict/:string".utf8.reversed()))
        }
        #expect(!"".containsByte(0))
        #expect("x:dict/:string".hasByteSuffix(":dict/:string"))
        #expect(!":string".hasByteSuffix(":dict/:string"))
    }

    @Test func firstByteRangeFindsWhatFoundationFinds() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = randomText(&rng)
            #expect(text.firstByteRange(of: "|==|") == text.range(of: "|==|"), "\(text.debugDescription)")
            #expect(text.firstByteRange(of: ":dict/") == text.range(of: ":dict/"), "\(text.debugDescription)")
        }
        let id = "Files: %d|==|plural.one"
        let range = id.firstByteRange(of: "|==|")!
        #expect(id[..<range.lowerBound] == "Files: %d")
        #expect(id[range.upperBound...] == "plural.one")
        #expect("|=".firstByteRange(of: "|==|") == nil)
    }

    /// Needles that start with a multi-byte character are found by their second byte: every
    /// occurrence a naive search finds, and the count of them, whatever the text around.
    @Test func byteSearchAgreesWithANaiveSearch() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["р", "раз", "размер", "ä", "a", "мер", " ", "ра", "з", "€", "𝄞"]
        for _ in 0..<2_000 {
            let text = Array((0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined().utf8)
            let needle = Array((0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined().utf8)
            let naive = text.indices.filter { text[$0...].starts(with: needle) }
            let found = needle.withUnsafeBufferPointer { n in text.withUnsafeBufferPointer { ByteSearch.firstOffset(of: n, in: $0) } }
            #expect(found == naive.first, "\(String(decoding: needle, as: UTF8.self)) in \(String(decoding: text, as: UTF8.self))")
            #expect(ByteSearch.count(of: needle, in: text) == naive.count)
            #expect(ByteSearch.count(of: needle, in: text, limit: 1) == min(naive.count, 1))
        }
    }

    @Test func asciiLoweringLowersCapitalsOnly() {
        let all: [UInt8] = (0...255).map { UInt8($0) }
        var bytes = all
        ByteSearch.lowercaseASCII(&bytes)
        let expected: [UInt8] = all.map { byte in (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        #expect(bytes == expected)
        #expect(ByteSearch.asciiLowercased("ÀBc Zé@[") == Array("Àbc zé@[".utf8))
    }

    /// The locator skips eight bytes at a time; its line and column (Unicode scalars, CR, LF and CRLF
    /// each one line end) must equal a scalar-by-scalar count at every offset, asked in any order.
    @Test func locatorAgreesWithANaiveCount() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = Array(randomText(&rng, maxPieces: 80).utf8)
            let input = XMLInput(bytes)
            var locator = XMLLocator()
            var offsets = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
            if Bool.random(using: &rng) { offsets.shuffle(using: &rng) }  // backwards requests restart the locator
            for offset in offsets.prefix(12) {
                let found = locator.location(at: offset, in: input.base, file: "f")
                let expected = naiveLocation(bytes, offset)
                #expect(found.line == expected.line && found.column == expected.column,
                        "\(String(decoding: bytes, as: UTF8.self).debugDescription) at \(offset)")
            }
        }
    }

    private func naiveLocation(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1, i = 0
        while i < offset {
            let b = bytes[i]
            if b == 0x0D {
                line += 1
                column = 1
                if i + 1 < offset && bytes[i + 1] == 0x0A { i += 1 }
            } else if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}

/// UTF-16 is transcoded in one pass; the line and column of each lone surrogate, and of a last half
/// code unit, are worked out only for those reported.
@Suite struct UTF16DecodingTests {
    static func utf16(_ units: [UInt16], littleEndian: Bool, oddByte: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in units {
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return oddByte ? bytes + [0x41] : bytes
    }

    @Test(arguments: [true, false])
    func loneSurrogatesAndAHalfUnitAreReportedWhereTheyStand(littleEndian: Bool) {
        // "a\r\nb😀" then a lone high surrogate, "c", a lone low one, "é", and half a code unit.
        let units: [UInt16] = [0x61, 0x0D, 0x0A, 0x62, 0xD83D, 0xDE00, 0xD800, 0x63, 0xDC00, 0xE9]
        let decoded = TextDecoding.decode(Self.utf16(units, littleEndian: littleEndian, oddByte: true), path: "x.strings")
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "a\r\nb😀\u{FFFD}c\u{FFFD}é")
        let name = littleEndian ? "UTF-16LE" : "UTF-16BE"
        #expect(decoded.findings.map(\.message) == ["lone high surrogate U+D800 in \(name) text", "lone low surrogate U+DC00 in \(name) text",
                                                    "\(name) text ends with half a code unit (odd number of bytes)"])
        #expect(decoded.findings.map { [$0.location?.line ?? 0, $0.location?.column ?? 0] } == [[2, 3], [2, 5], [2, 7]])
    }

    /// The four-units-at-a-time path for ASCII must agree with the standard decoder wherever ASCII
    /// runs start and end, in both byte orders, surrogates and odd tails included.
    @Test(arguments: [true, false])
    func asciiRunsDecodeAsTheStandardDecoderDoes(littleEndian: Bool) {
        var rng = SystemRandomNumberGenerator()
        let units: [UInt16] = [0x41, 0x20, 0x7F, 0x0A, 0x80, 0xE9, 0x100, 0x4100, 0x8041, 0x65E5, 0xD83D, 0xDE00, 0xDC00]
        for _ in 0..<2_000 {
            let sample = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
                Bool.random(using: &rng) ? units[Int.random(in: 0..<4, using: &rng)] : units.randomElement(using: &rng)!
            }
            let decoded = TextDecoding.decode(Self.utf16(sample, littleEndian: littleEndian), path: "x.strings")
            #expect(decoded.utf8 == Array(String(decoding: sample, as: UTF16.self).utf8), "\(sample)")
        }
    }

    @Test func cleanTextHasNoFindings() {
        let decoded = TextDecoding.decode(Self.utf16(Array("\"k\" = \"Ключ\";\n".utf16), littleEndian: true), path: "x.strings")
        #expect(decoded.findings.isEmpty)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "\"k\" = \"Ключ\";\n")
    }
}

/// The scalar tables filled from ICU's sets answer as the standard library's properties do, for
/// every scalar of the Basic Multilingual Plane, but where the two Unicode versions differ: scalars
/// ICU's version does not assign yet, and combining marks a later version made alphabetic.
@Suite struct ScalarTableTests {
    static let unassignedInICU = ScalarTable(icuSet: "[:Cn:]") { _ in false }

    static func differences(_ table: ScalarTable, _ property: @escaping @Sendable (Unicode.Scalar) -> Bool) -> [String] {
        let asked = ScalarTable(property)
        return (0..<0x10000).compactMap { value -> String? in
            guard let scalar = Unicode.Scalar(value), table.contains(scalar) != asked.contains(scalar),
                  !unassignedInICU.contains(scalar), scalar.properties.generalCategory != .nonspacingMark else { return nil }
            return String(value, radix: 16, uppercase: true)
        }
    }

    @Test func alphabeticWhiteSpaceAndLowercasingAgreeWithTheStandardLibrary() {
        #expect(Self.differences(.alphabetic, { $0.properties.isAlphabetic }) == [])
        #expect(Self.differences(.whitespace, { $0.properties.isWhitespace }) == [])
        #expect(Self.differences(.changesWhenLowercased, { $0.properties.lowercaseMapping.unicodeScalars.elementsEqual(CollectionOfOne($0)) == false }) == [])
        #expect(Self.differences(TranslationSwappedRule.lengthCharacters, { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
                 .decimalNumber, .letterNumber, .otherNumber: return true
            default: return false
            }
        }) == [])
    }

    /// The right-to-left rules' remembered directions are the scalar-by-scalar answer, asked twice.
    @Test func rememberedStrongDirectionsAreTheScalarAnswer() {
        var memo = StrongDirectionMemo()
        for round in 0..<2 {
            for value in stride(from: 0, to: 0x10000, by: round == 0 ? 1 : 7) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(memo.direction(of: scalar) == DirectionFacts.strongDirection(scalar), "U+\(String(value, radix: 16))")
            }
        }
        #expect(memo.direction(of: "\u{10900}") == .rtl)  // Phoenician, beyond the remembered plane
        #expect(memo.direction(of: "\u{0640}") == .rtl)  // the tatweel, common but Arabic by extension
    }

    /// ICU's grapheme break classes cover every scalar the hand-made list names.
    @Test func joiningScalarsCoverMarksJoinersAndJamo() {
        for value: UInt32 in [0x0301, 0x093F, 0x0E33, 0x0EB3, 0x200D, 0x200C, 0xFE0F, 0x1100, 0x1161, 0x11A8, 0x0600, 0x0D4E, 0xFF9E] {
            #expect(ScalarTable.joinsPreviousCharacter.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x41, 0x0416, 0x4E2D, 0xAC00, 0x05D0, 0x0627, 0x3042] {
            #expect(!ScalarTable.joinsPreviousCharacter.contains(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }
}
