import Foundation
import Testing
@testable import LocaleAudit

private typealias Support = StringsTestSupport

/// Property tests: whatever `StringsWriter` writes, `StringsReader` reads back unchanged, with the
/// right locations, in every encoding.
@Suite struct StringsRoundTripTests {
    /// Awkward pieces: escapes, line breaks, emoji sequences, RTL text, combining marks, bidi
    /// controls, comment markers, punctuation of the grammar, control characters.
    static let pieces: [String] = [
        "\"", "\\", "\n", "\t", "\r", "\r\n", "\\n", "\\U0041", "'", "😀", "👩‍👩‍👧", "🇮🇱", "שלום", "مرحبا بك",
        "e\u{301}", "\u{05D0}\u{05B8}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{200E}", "\u{061C}",
        "/*", "*/", "//", "=", ";", "{", "}", "a", "Key", "key.name", "unquoted_key", "$1", "%@", "%1$d", "%%",
        " ", "  ", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{FEFF}", "\u{2028}", "\u{A0}", "A-Z_$:+.", "ß",
        "日本語", "𝄞", "\u{10FFFF}", "\u{E000}",
    ]

    /// Comments cannot hold their own terminator, and a `/*` inside one is reported as suspicious.
    static let commentPieces = pieces.filter { $0 != "*/" && $0 != "/*" && $0 != "//" }

    static func text(from pool: [String], count: ClosedRange<Int>, using rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<Int.random(in: count, using: &rng) { s += pool.randomElement(using: &rng)! }
        return s
    }

    /// What the reader makes of a comment: trimmed of the white space the grammar skips.
    static func trimmed(_ s: String) -> String? {
        let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{B}", "\u{C}"]
        var scalars = Substring(s).unicodeScalars[...]
        while let f = scalars.first, blanks.contains(f) { scalars.removeFirst() }
        while let l = scalars.last, blanks.contains(l) { scalars.removeLast() }
        return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
    }

    static func items(seed: UInt64, count: Int) -> [StringsWriter.Item] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { n in
            let key = text(from: pieces, count: 0...4, using: &rng) + "#\(n)"
            let value = text(from: pieces, count: 0...8, using: &rng)
            let comment = Bool.random(using: &rng) ? trimmed(text(from: commentPieces, count: 1...5, using: &rng)) : nil
            return StringsWriter.Item(key: key, value: value, comment: comment)
        }
    }

    /// Line breaks as the reader counts them: CRLF once, CR and LF alone once each.
    static func lineBreaks(in s: String) -> Int {
        var count = 0
        var previousWasCR = false
        for scalar in s.unicodeScalars {
            if scalar == "\n" { if !previousWasCR { count += 1 }; previousWasCR = false }
            else if scalar == "\r" { count += 1; previousWasCR = true }
            else { previousWasCR = false }
        }
        return count
    }

    static func expectRoundTrip(_ items: [StringsWriter.Item], encoding: StringsWriter.Encoding,
                                escapingNonASCII: Bool, label: String) {
        let bytes = StringsWriter.bytes(items, encoding: encoding, escapingNonASCII: escapingNonASCII)
        let result = Support.read(bytes)
        #expect(result.findings.isEmpty, "\(label): \(result.findings.prefix(3))")
        let entries = Support.entries(result)
        #expect(entries.count == items.count, "\(label)")
        var line = 1
        for (item, entry) in zip(items, entries) {
            #expect(entry.key == item.key, "\(label)")
            #expect(entry.value == .text(item.value), "\(label): \(item.key.debugDescription)")
            #expect(entry.comment == item.comment, "\(label): \(item.key.debugDescription)")
            // Where the writer put it: after the comment's lines, in column 1; the value after ` = `.
            if let comment = item.comment { line += lineBreaks(in: comment) + 1 }
            let quotedKey = StringsWriter.quoted(item.key, escapingNonASCII: escapingNonASCII)
            #expect(entry.location.line == line && entry.location.column == 1, "\(label): \(item.key.debugDescription)")
            #expect(entry.valueLocation?.line == line && entry.valueLocation?.column == quotedKey.unicodeScalars.count + 4,
                    "\(label): \(item.key.debugDescription)")
            line += 2
        }
    }

    @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func writtenEntriesReadBackUnchanged(seed: UInt64) {
        let items = Self.items(seed: seed, count: 300)
        Self.expectRoundTrip(items, encoding: .utf8, escapingNonASCII: false, label: "UTF-8 seed \(seed)")
        Self.expectRoundTrip(items, encoding: .utf16LittleEndianWithBOM, escapingNonASCII: false, label: "UTF-16LE seed \(seed)")
        Self.expectRoundTrip(items, encoding: .utf8, escapingNonASCII: true, label: "escaped ASCII seed \(seed)")
    }

    @Test func escapedOutputIsPureASCIIWithSurrogatePairs() {
        let text = StringsWriter.text([.init(key: "k", value: "é😀\u{0}")], escapingNonASCII: true)
        #expect(text == "\"k\" = \"\\U00E9\\UD83D\\UDE00\\U0000\";\n\n")
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func writerEscapesAndFormats() {
        let items: [StringsWriter.Item] = [
            .init(key: "a\"b", value: "line\nnext\ttab\\ \r \u{1B}", comment: "Shown on the \"Done\" button"),
            .init(key: "plain", value: "", comment: ""),
        ]
        #expect(StringsWriter.text(items) == """
            /* Shown on the "Done" button */
            "a\\"b" = "line\\nnext\\ttab\\\\ \\r \\U001B";

            "plain" = "";


            """)
    }

    @Test func commentTerminatorIsDefused() {
        let text = StringsWriter.text([.init(key: "k", value: "v", comment: "a */ b")])
        let result = Support.read(text)
        #expect(result.findings.isEmpty)
        #expect(Support.entries(result).first?.comment == "a * / b")
        #expect(Support.entries(result).first?.value == .text("v"))
    }

    @Test func loneSurrogatesCannotBeWrittenAndAreRejectedWhenRead() {
        // A Swift string cannot hold a lone surrogate: decoding one yields U+FFFD, so the writer's
        // UTF-16 output never contains an unpaired surrogate.
        let repaired = String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self)
        #expect(repaired == "a\u{FFFD}b")
        let bytes = StringsWriter.bytes([.init(key: "k", value: repaired + "😀")], encoding: .utf16LittleEndianWithBOM)
        var units: [UInt16] = []
        var index = 2
        while index + 1 < bytes.count { units.append(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8); index += 2 }
        var pairedOK = true
        var k = 0
        while k < units.count {
            if (0xD800...0xDBFF).contains(units[k]) {
                if k + 1 < units.count && (0xDC00...0xDFFF).contains(units[k + 1]) { k += 2; continue }
                pairedOK = false
            } else if (0xDC00...0xDFFF).contains(units[k]) {
                pairedOK = false
            }
            k += 1
        }
        #expect(pairedOK)

        // Written by hand, lone surrogates are rejected: as `\U` escapes and as raw UTF-16.
        let escaped = Support.read("\"k\" = \"\\UD800x\";\n\"l\" = \"\\UDC00\";\n")
        #expect(Support.positions(escaped) == ["1:8 encoding error", "2:8 encoding error"])
        #expect(Support.entries(escaped).map(\.value) == [.text("\u{FFFD}x"), .text("\u{FFFD}")])
        var raw: [UInt8] = [0xFF, 0xFE]
        for unit in Array("\"k\" = \"".utf16) + [0xDC00] + Array("\";\n".utf16) {
            raw.append(UInt8(unit & 0xFF)); raw.append(UInt8(unit >> 8))
        }
        let rawResult = Support.read(raw)
        #expect(Support.positions(rawResult) == ["1:8 encoding error"])
        #expect(Support.entries(rawResult).first?.value == .text("\u{FFFD}"))
    }
}
