import Testing
@testable import LocaleAudit

@Suite struct JSONParserTests {
    static let file = "test.json"

    func parse(_ text: String) -> JSONParseResult { JSONParser.parse(Array(text.utf8), file: Self.file) }

    func at(_ line: Int, _ column: Int) -> LocaleAudit.SourceLocation { LocaleAudit.SourceLocation(file: Self.file, line: line, column: column) }

    /// The single finding of a parse, as "line:column message", for exact comparisons.
    func onlyFinding(_ text: String) -> String? {
        let result = parse(text)
        guard result.findings.count == 1, let finding = result.findings.first, let location = finding.location
        else { return "findings: \(result.findings.map(\.message))" }
        #expect(finding.ruleID == ReaderRule.syntax)
        return "\(location.line):\(location.column) \(finding.message)"
    }

    // MARK: Tokens

    @Test func everyTokenKindWithItsLocation() throws {
        let result = parse(#"{"s": "x", "i": -12, "f": 1.50, "e": 2E+3, "t": true, "n": null, "a": [false, {}], "o": {}}"#)
        #expect(result.findings.isEmpty)
        #expect(result.isComplete)
        let root = try #require(result.root)
        #expect(root.location == at(1, 1))
        let members = try #require(root.members)
        #expect(members.map(\.name) == ["s", "i", "f", "e", "t", "n", "a", "o"])
        #expect(members[0].nameLocation == at(1, 2))
        #expect(members[0].value == JSONNode(.string("x"), at: at(1, 7)))
        #expect(members[1].value.numberValue?.intValue == -12)
        #expect(members[1].value.location == at(1, 17))
        let fraction = try #require(members[2].value.numberValue)
        #expect(fraction.literal == "1.50")
        #expect(fraction.doubleValue == 1.5)
        #expect(fraction.intValue == nil)
        #expect(members[3].value.numberValue?.doubleValue == 2000)
        #expect(members[4].value.boolValue == true)
        #expect(members[5].value.value == .null)
        let array = try #require(members[6].value.elements)
        #expect(array.count == 2)
        #expect(array[0] == JSONNode(.bool(false), at: at(1, 72)))
        #expect(array[1] == JSONNode(.object([]), at: at(1, 79)))
        #expect(members[7].value.members?.isEmpty == true)
        #expect(root["o"]?.location == at(1, 89))
    }

    @Test func scalarRootsAndWhitespace() {
        #expect(parse(" \t\r\n 7 \n").root?.numberValue?.literal == "7")
        #expect(parse(" \t\r\n 7 \n").root?.location == at(2, 2))
        #expect(parse(#""only""#).root?.stringValue == "only")
        #expect(parse("[]").root?.elements?.isEmpty == true)
    }

    @Test func escapes() throws {
        let result = parse(#"["\" \\ \/ \b \f \n \r \t", "\u00e9\u00E9", "\ud83d\ude00", "\u0000"]"#)
        #expect(result.findings.isEmpty)
        let values = try #require(result.root?.elements).map(\.stringValue)
        #expect(values == ["\" \\ / \u{08} \u{0C} \n \r \t", "éé", "😀", "\u{0}"])
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        let result = parse(#"["a\ud83dz", "\ude00", "\ud83d\u0041"]"#)
        let values = try #require(result.root?.elements).map(\.stringValue)
        #expect(values == ["a\u{FFFD}z", "\u{FFFD}", "\u{FFFD}A"])
        #expect(result.isComplete)
        #expect(result.findings.map(\.location) == [at(1, 4), at(1, 15), at(1, 25)])
        #expect(result.findings[0].message.contains("lone high surrogate \\uD83D"))
        #expect(result.findings[1].message.contains("lone low surrogate \\uDE00"))
    }

    // MARK: Positions

    @Test func columnsCountUnicodeScalars() throws {
        // é is 2 bytes, 😀 is 4 bytes, but each is one column.
        let result = parse("{\"é😀\": \"ü\", \"k\": 1}")
        let members = try #require(result.root?.members)
        #expect(members[0].name == "é😀")
        #expect(members[0].value.location == at(1, 8))
        #expect(members[1].nameLocation == at(1, 13))
        #expect(members[1].value.location == at(1, 18))
    }

    @Test func linesCountLFCRLFAndCR() throws {
        let members = try #require(parse("{\"a\": 1,\r\n\"b\": 2,\r\"c\":\n\n   \"ß\"}").root?.members)
        #expect(members.map(\.nameLocation) == [at(1, 2), at(2, 1), at(3, 1)])
        #expect(members[2].value.location == at(5, 4))
    }

    @Test func columnsAfterEscapesAndMultiByteText() throws {
        // Escapes are counted as written (6 columns for \u00e9), multi-byte characters as one.
        let members = try #require(parse(#"{"\u00e9": "Grüße", "x": true}"#).root?.members)
        #expect(members[0].name == "é")
        #expect(members[1].nameLocation == at(1, 21))
        #expect(members[1].value.location == at(1, 26))
    }

    // MARK: Errors

    @Test func emptyInput() {
        #expect(onlyFinding("") == "1:1 expected a JSON value (object, array, string, number, true, false or null) but found the end of the file")
        #expect(onlyFinding("  \n ") == "2:2 expected a JSON value (object, array, string, number, true, false or null) but found the end of the file")
        #expect(parse("").root == nil)
    }

    @Test func missingCommaBetweenMembers() {
        #expect(onlyFinding("{\"a\": 1,\n  \"value\": 2 \"b\": 3}")
                == #"2:14 expected ',' or '}' after member "value" (object opened at 1:1) but found '"'"#)
    }

    @Test func trailingCommas() {
        #expect(onlyFinding(#"{"a": 1,}"#) == "1:9 expected a member name in double quotes after ',' (object opened at 1:1) but found '}'")
        #expect(onlyFinding("[1,]") == "1:4 expected a value after ',' (array opened at 1:1) but found ']'")
    }

    @Test func objectGrammarErrors() {
        #expect(onlyFinding(#"{"a" 1}"#) == #"1:6 expected ':' after member name "a" but found '1'"#)
        #expect(onlyFinding("{a: 1}") == "1:2 expected a member name in double quotes or '}' (object opened at 1:1) but found 'a'")
        #expect(onlyFinding(#"{"a": }"#) == #"1:7 expected a value (object, array, string, number, true, false or null) for member "a" but found '}'"#)
        #expect(onlyFinding("[1 2]") == "1:4 expected ',' or ']' after array element (array opened at 1:1) but found '2'")
        #expect(onlyFinding("[") == "1:2 expected a value or ']' (array opened at 1:1) but found the end of the file")
    }

    @Test func badLiteralsAreNamedWhole() {
        #expect(onlyFinding("[True]") == "1:2 expected a value or ']' (array opened at 1:1) but found 'True'")
        #expect(onlyFinding("[nullx]") == "1:2 expected a value or ']' (array opened at 1:1) but found 'nullx'")
        #expect(onlyFinding("[é]") == "1:2 expected a value or ']' (array opened at 1:1) but found 'é' (U+00E9)")
        #expect(onlyFinding("[\u{7}]") == "1:2 expected a value or ']' (array opened at 1:1) but found control character U+0007")
    }

    @Test func numberErrors() {
        #expect(onlyFinding("[-]") == "1:3 expected a digit after '-' but found ']'")
        #expect(onlyFinding("[1.]") == "1:4 expected a digit after the decimal point but found ']'")
        #expect(onlyFinding("[1e+]") == "1:5 expected a digit in the exponent but found ']'")
        #expect(onlyFinding("[01]") == "1:3 expected ',' or ']' after array element (array opened at 1:1) but found '1'")
    }

    @Test func unterminatedStrings() {
        #expect(onlyFinding("{\"a\": \"abc") == "1:11 expected '\"' to close the string opened at 1:7 but found the end of the file")
        #expect(onlyFinding("{\"a\": \"ab\\")
                == "1:11 expected '\"' to close the string opened at 1:7 but found the end of the file")
        #expect(onlyFinding("{\"a\": \"ü\n\"}")
                == #"1:9 expected '"' to close the string opened at 1:7 before the end of the line (line breaks in strings must be written \n)"#)
    }

    @Test func recoverableStringProblems() throws {
        let result = parse("[\"a\\qb\", \"\\u12G4\", \"x\ty\"]")
        #expect(result.isComplete)
        let values = try #require(result.root?.elements).map(\.stringValue)
        #expect(values == ["a\\qb", "\\u12G4", "x\ty"])
        #expect(result.findings.map(\.location) == [at(1, 4), at(1, 11), at(1, 22)])
        #expect(result.findings[0].message == #"invalid escape '\q' in a string: expected one of \" \\ \/ \b \f \n \r \t \uXXXX"#)
        #expect(result.findings[1].message == #"invalid \u escape in a string: expected four hexadecimal digits after \u"#)
        #expect(result.findings[2].message == #"control character U+0009 in a string: expected it escaped as \u0009"#)
    }

    @Test func trailingGarbage() {
        #expect(onlyFinding("{} x") == "1:4 expected the end of the file after the top-level value but found 'x'")
        #expect(onlyFinding("{}\n}") == "2:1 expected the end of the file after the top-level value but found '}'")
        #expect(parse("{} x").root?.members?.isEmpty == true)
    }

    @Test func partialTreeAfterAFatalError() throws {
        let result = parse(#"{"a": [1, 2, {"b": "c", "d" 4"#)
        #expect(!result.isComplete)
        #expect(result.findings.count == 1)
        let root = try #require(result.root)
        let array = try #require(root["a"]?.elements)
        #expect(array.count == 3)
        #expect(array[2]["b"]?.stringValue == "c")
        #expect(array[2]["d"] == nil)
    }

    @Test func deepNestingIsCutOffWithoutACrash() throws {
        let depth = 100_000
        let result = parse(String(repeating: "[", count: depth))
        #expect(result.findings.count == 1)
        let finding = try #require(result.findings.first)
        #expect(finding.location == at(1, JSONParser.maximumDepth + 1))
        #expect(finding.message == "nesting deeper than 512 levels: expected at most 512 nested arrays and objects but found '['")
        #expect(result.root?.elements?.count == 1)
        #expect(result.unfinishedContainers.count == JSONParser.maximumDepth)

        let limit = JSONParser.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(parse(deepest).findings.isEmpty)
        let tooDeep = String(repeating: "{\"a\":", count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(parse(tooDeep).findings.first?.location == at(1, 5 * limit + 1))
    }

    // MARK: Duplicates

    @Test func duplicateMembersStayVisible() throws {
        let result = parse(#"{"a": 1, "b": {"x": 1, "y": 2, "x": 3}, "a": 2}"#)
        let root = try #require(result.root)
        #expect(root.members?.map(\.name) == ["a", "b", "a"])
        #expect(root["a"]?.numberValue?.literal == "1")
        let duplicates = root.duplicateMembers()
        #expect(duplicates.count == 2)
        #expect(duplicates[0].duplicate.nameLocation == at(1, 41))
        #expect(duplicates[0].first.nameLocation == at(1, 2))
        #expect(duplicates[0].path == [])
        #expect(duplicates[1].duplicate.name == "x")
        #expect(duplicates[1].path == ["b"])
    }

    @Test func duplicatesInLargeObjects() throws {
        let members = (0..<20).map { "\"k\($0 % 15)\": \($0)" }.joined(separator: ", ")
        let duplicates = try #require(parse("{\(members)}").root).duplicateMembers()
        #expect(duplicates.map(\.duplicate.name) == ["k0", "k1", "k2", "k3", "k4"])
        #expect(duplicates.allSatisfy { $0.first.value.numberValue!.intValue! < 15 })
    }
}
