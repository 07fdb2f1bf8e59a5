import Foundation
import Testing
@testable import LocaleAudit

private typealias Support = StringsTestSupport

@Suite struct StringsReaderTests {
    // MARK: Grammar

    @Test func grammarFixtureReadsEveryFeature() throws {
        let result = try Support.readFixture("grammar.strings")
        #expect(result.findings.isEmpty, "\(result.findings)")
        let table = try #require(result.tables.first)
        #expect(table.name == "Localizable" && table.locale == "en" && table.format == .strings)
        let byKey = Dictionary(table.entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let expected: [(String, String)] = [
            ("greeting", "Hello"), ("farewell", "Bye"), ("two.comments", "last wins"), ("trailing", "x"),
            ("no.comment", "y"), ("unquoted_key-1.2", "unquoted/value:$+"), ("Key only", "Key only"),
            ("escapes", "a\nb\tc\rd\"e\\f'g\u{07}h\u{08}i\u{0C}j\u{0B}k"),
            ("unicode", "é☺😀A-\u{4142}"), ("octal", "AB\u{08}3"), ("unknown", "q%"),
            ("multi", "line one\nline two"), ("comment-like", "/* not a comment */ // nor this"),
            ("spaced", "value"), ("emoji 👋", "שלום"),
        ]
        #expect(table.entries.map(\.key) == expected.map(\.0))
        for (key, value) in expected { #expect(byKey[key]?.value == .text(value), "value of \(key)") }

        #expect(byKey["greeting"]?.comment == "Greeting on the start screen")
        #expect(byKey["farewell"]?.comment == "Line comment for farewell")
        #expect(byKey["two.comments"]?.comment == "second")
        #expect(byKey["trailing"]?.comment == nil)
        #expect(byKey["no.comment"]?.comment == nil, "a comment on the previous entry's line trails that entry")

        func at(_ key: String) -> String? {
            guard let e = byKey[key] else { return nil }
            let v = e.valueLocation.map { "\($0.line):\($0.column)" } ?? "-"
            return "\(e.location.line):\(e.location.column) \(v)"
        }
        #expect(at("greeting") == "4:1 4:14")
        #expect(at("unquoted_key-1.2") == "11:1 11:20")
        #expect(at("Key only") == "12:1 -", "the shorthand has no separate value")
        #expect(at("multi") == "17:1 17:11")
        #expect(at("comment-like") == "19:1 19:18")
        #expect(at("spaced") == "20:3 20:18")
        #expect(at("emoji 👋") == "21:1 21:13", "columns count scalars, not bytes")
        #expect(byKey["greeting"]?.location.file == "grammar.strings")
    }

    @Test func outerBracesAreAccepted() throws {
        let result = try Support.readFixture("braced.strings")
        #expect(result.findings.isEmpty)
        #expect(Support.entries(result).map { "\($0.key)=\($0.value.plainText ?? "")" } == ["a=A", "b=B"])
        #expect(Support.entries(result).first?.comment == "comment")
        let extra = Support.read("{ \"a\" = \"A\"; } \"b\" = \"B\";")
        #expect(Support.positions(extra) == ["1:16 syntax error"])
        #expect(extra.findings.first?.message == "expected end of file after the closing '}', found '\"'")
    }

    @Test func lineBreaksCRLFAndCROnlyCountOnce() {
        let text = "\"a\" = \"1\";\r\n\"b\" = \"2\";\r\n\r\n\"c\" = \"x\r\ny\";\r\"d\" = \"4\";\r\"e\" \"5\";\r"
        let result = Support.read(text)
        let lines = Support.entries(result).map { "\($0.key)@\($0.location.line)" }
        #expect(lines == ["a@1", "b@2", "c@4", "d@6"])
        #expect(Support.entries(result)[2].value == .text("x\r\ny"), "literal line breaks in values are kept as written")
        #expect(Support.positions(result) == ["7:4 syntax error"])
    }

    @Test func commentsMayStandWhereverWhiteSpaceMay() {
        let result = Support.read("/* doc */ \"k\" /* a */ = // b\n  \"v\" /* c */ ;\n")
        #expect(result.findings.isEmpty)
        let entry = Support.entries(result).first
        #expect(entry?.value == .text("v") && entry?.comment == "doc")
        #expect(entry?.valueLocation == SourceLocation(file: "test.strings", line: 2, column: 3))
    }

    /// Mutated copies of the grammar fixture (bytes deleted, inserted, replaced) never trap, never
    /// hang, and every finding they produce is located inside the file.
    @Test func mutatedInputNeverTrapsAndEveryFindingIsLocated() throws {
        let original = try Support.fixtureBytes("grammar.strings")
        let interesting: [UInt8] = Array("\"\\;=/*\n\r{}U0789".utf8) + [0x00, 0xFF, 0xC3, 0xE2, 0xF0]
        var rng = SeededGenerator(seed: 7)
        var located = true
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                let byte = interesting.randomElement(using: &rng)!
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(byte, at: at)
                default: bytes[at] = byte
                }
            }
            let result = Support.read(bytes)
            let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
            for f in result.findings {
                guard let l = f.location, l.line >= 1, l.line <= lineCount, l.column >= 1, l.file == "test.strings" else {
                    located = false
                    continue
                }
            }
        }
        #expect(located)
    }

    @Test func emptyAndCommentOnlyFilesHaveNoEntries() {
        for text in ["", "   \n\n", "/* only a comment */\n// and another\n"] {
            let result = Support.read(text)
            #expect(result.findings.isEmpty && Support.entries(result).isEmpty, "\(text.debugDescription)")
            #expect(result.tables.count == 1)
        }
    }

    @Test func escapedLineBreakAndUnquotedValues() {
        let result = Support.read("\"k\" = \"a\\\nb\";\nkey2 = 12.5;\n")
        #expect(Support.entries(result).map(\.value) == [.text("a\nb"), .text("12.5")])
        #expect(Support.entries(result).last?.location.line == 3)
        #expect(result.findings.isEmpty)
    }

    @Test func highOctalEscapeIsReadAsLatin1WithAWarning() {
        let result = Support.read("\"k\" = \"\\351t\\303\";\n")
        #expect(Support.entries(result).first?.value == .text("ét\u{C3}"))
        #expect(Support.positions(result) == ["1:8 syntax warning", "1:13 syntax warning"])
        #expect(result.findings.first?.message.contains("NeXTSTEP") == true)
    }

    @Test func hexEscapeWithoutDigitsIsReported() {
        let result = Support.read("\"k\" = \"a\\Uzz\";\n")
        #expect(Support.entries(result).first?.value == .text("azz"))
        #expect(Support.positions(result) == ["1:9 syntax error"])
        #expect(result.findings.first?.message == "expected 1 to 4 hex digits after '\\U'")
    }

    // MARK: Encodings

    private static let sample = "/* Hebrew */\n\"title\" = \"שלום 👋\";\n\"plain\" = \"x\";\n"

    private func expectSample(_ result: ReadResult, _ label: String) {
        #expect(result.findings.isEmpty, "\(label): \(result.findings)")
        let entries = Support.entries(result)
        #expect(entries.map(\.key) == ["title", "plain"], "\(label)")
        #expect(entries.first?.value == .text("שלום 👋"), "\(label)")
        #expect(entries.first?.comment == "Hebrew", "\(label)")
        #expect(entries.first?.valueLocation == SourceLocation(file: "test.strings", line: 2, column: 11), "\(label)")
        #expect(entries.last?.location == SourceLocation(file: "test.strings", line: 3, column: 1), "\(label)")
    }

    @Test func readsEveryTextEncoding() {
        let text = Self.sample
        expectSample(Support.read(Array(text.utf8)), "UTF-8")
        expectSample(Support.read([0xEF, 0xBB, 0xBF] + Array(text.utf8)), "UTF-8 with BOM")
        expectSample(Support.read(Support.utf16LEWithBOM(text)), "UTF-16LE with BOM")
        expectSample(Support.read(Support.utf16BE(text, bom: true)), "UTF-16BE with BOM")
        expectSample(Support.read(Array(Support.utf16LEWithBOM(text).dropFirst(2))), "UTF-16LE without BOM")
        expectSample(Support.read(Support.utf16BE(text, bom: false)), "UTF-16BE without BOM")
    }

    @Test func readsBinaryPropertyLists() throws {
        let plist: [String: String] = ["b.key": "Bé", "a.key": "A 👋"]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let result = Support.read([UInt8](data), path: "Built.strings")
        #expect(result.findings.isEmpty)
        let entries = Support.entries(result)
        #expect(entries.map(\.key) == ["a.key", "b.key"])
        #expect(entries.map(\.value) == [.text("A 👋"), .text("Bé")])
        #expect(entries.allSatisfy { $0.location == SourceLocation(file: "Built.strings", line: 1, column: 1) })

        let broken = Support.read(Array("bplist00".utf8) + [0x01, 0x02, 0x03], path: "Broken.strings")
        #expect(Support.positions(broken) == ["1:1 syntax error"])
        #expect(broken.findings.first?.message.hasPrefix("malformed binary property list") == true)
        #expect(Support.entries(broken).isEmpty)

        let mixed = try PropertyListSerialization.data(fromPropertyList: ["n": 1, "s": "text"] as [String: Any],
                                                       format: .binary, options: 0)
        let mixedResult = Support.read([UInt8](mixed))
        #expect(Support.keys(mixedResult) == ["s"])
        #expect(mixedResult.findings.map(\.key) == ["n"])
    }

    // MARK: Named error fixtures

    @Test func errorUnterminatedString() throws {
        let result = try Support.readFixture("error-unterminated-string.strings")
        #expect(Support.positions(result) == ["3:30 syntax error"])
        #expect(result.findings.first?.message == "unterminated string started at 3:12: expected '\"' before the end of line 3")
        #expect(Support.keys(result) == ["before", "after", "last"])
        #expect(result.findings.first?.locale == "en" && result.findings.first?.table == "Localizable")

        let atEnd = Support.read("\"a\" = \"A\";\n\"b\" = \"open\n")
        #expect(Support.positions(atEnd) == ["3:1 syntax error"])
        #expect(atEnd.findings.first?.message == "unterminated string started at 2:7: expected '\"' before the end of the file")
        #expect(Support.keys(atEnd) == ["a"])
    }

    @Test func errorMissingSemicolon() throws {
        let result = try Support.readFixture("error-missing-semicolon.strings")
        #expect(Support.positions(result) == ["1:12 syntax error", "3:14 syntax error"])
        #expect(result.findings.first?.message == "expected ';' after value for key \"one\", found '\"'")
        #expect(result.findings.first?.key == "one")
        #expect(Support.keys(result) == ["one", "two", "three", "four", "five"],
                "the entry missing its ';' is kept, and so is every later one")
    }

    @Test func errorMissingEquals() throws {
        let result = try Support.readFixture("error-missing-equals.strings")
        #expect(Support.positions(result) == ["2:7 syntax error", "3:8 syntax error"])
        #expect(result.findings.map(\.message) == [
            "expected '=' or ';' after key \"beta\", found '\"'",
            "expected '=' or ';' after key \"gamma\", found ':'",
        ])
        #expect(Support.keys(result) == ["alpha", "delta"])
    }

    @Test func errorUnterminatedComment() throws {
        let result = try Support.readFixture("error-unterminated-comment.strings")
        #expect(Support.positions(result) == ["2:1 syntax error"])
        #expect(result.findings.first?.message == "unterminated comment: expected '*/' to close the comment started here")
        #expect(Support.keys(result) == ["first", "second", "third"])
    }

    @Test func commentThatSwallowsEntriesIsWarnedAbout() {
        let result = Support.read("/* open\n\"a\" = \"A\";\n/* next */\n\"b\" = \"B\";\n")
        #expect(Support.positions(result) == ["3:1 syntax warning"])
        #expect(Support.keys(result) == ["b"])
    }

    @Test func errorInvalidUTF8() throws {
        let result = try Support.readFixture("error-invalid-utf8.strings")
        #expect(Support.positions(result) == ["2:11 encoding error"])
        #expect(result.findings.first?.message.hasPrefix("invalid UTF-8 byte 0xFF") == true)
        #expect(Support.entries(result).map(\.value) == [.text("fine"), .text("a\u{FFFD}b"), .text("read")])
    }

    @Test func errorDuplicateKey() throws {
        let result = try Support.readFixture("error-duplicate-key.strings")
        #expect(Support.positions(result) == ["3:3 duplicate-key error"])
        let finding = try #require(result.findings.first)
        #expect(finding.key == "title")
        #expect(finding.notes.map(\.location) == [SourceLocation(file: "error-duplicate-key.strings", line: 1, column: 1)])
        #expect(Support.entries(result).map { $0.value.plainText } == ["First", "x", "Second"], "both copies are kept")
    }

    @Test func errorLoneSurrogateEscapes() throws {
        let result = try Support.readFixture("error-lone-surrogate.strings")
        #expect(Support.positions(result) == ["1:12 encoding error", "2:10 encoding error"])
        #expect(Support.entries(result).map(\.value) == [.text("a\u{FFFD}b"), .text("\u{FFFD}"), .text("😀")])
    }

    @Test func errorMissingValue() throws {
        let result = try Support.readFixture("error-missing-value.strings")
        #expect(Support.positions(result) == ["1:7 syntax error", "2:7 syntax error"])
        #expect(result.findings.last?.message == "expected a value (a quoted or unquoted string) after '=' for key \"b\", found '@'")
        #expect(Support.keys(result) == ["c"])
    }

    @Test func errorUnexpectedCharacter() throws {
        let result = try Support.readFixture("error-unexpected-character.strings")
        #expect(Support.positions(result) == ["2:1 syntax error", "3:1 syntax error"])
        #expect(result.findings.map(\.message) == [
            "expected a key (a quoted or unquoted string), found '='",
            "expected a key (a quoted or unquoted string), found U+00BF '¿'",
        ])
        #expect(Support.keys(result) == ["a", "c"])
    }

    @Test func errorUnclosedBrace() throws {
        let result = try Support.readFixture("error-unclosed-brace.strings")
        #expect(Support.positions(result) == ["4:1 syntax error"])
        #expect(result.findings.first?.message == "expected '}' to close the '{' at 1:1, found end of file")
        #expect(Support.keys(result) == ["a", "b"])
    }

    @Test func errorsInUTF16AreLocatedInScalars() {
        let text = "\"👋\" = \"a\";\n\"é\" \"b\";\n\"z\" = \"c\";\n"
        let result = Support.read(Support.utf16LEWithBOM(text))
        #expect(Support.positions(result) == ["2:4 syntax error"])
        #expect(Support.keys(result) == ["👋", "z"])
    }

    @Test func manyErrorsAreAllReportedAndNothingSpins() {
        var text = ""
        for n in 0..<200 { text += n % 2 == 0 ? "\"k\(n)\" = \"v\";\n" : "\"k\(n)\" = \"v\"\n" }
        text += "\"k\" \"\n;;;= \u{0}\"\"\"\\"
        let result = Support.read(text)
        #expect(result.findings.filter { $0.ruleID == ReaderRule.syntax }.count >= 100)
        #expect(Support.keys(result).count >= 200)
    }
}
