import Foundation
import Testing
@testable import LocaleAudit

private func readFixture(_ name: String) throws -> ReadResult {
    let bytes = try fixtureBytes("stringsdict/\(name).stringsdict")
    return StringsdictReader.read(bytes, context: ReadContext(path: "\(name).stringsdict", locale: "fr", table: "Localizable"))
}

private func position(_ finding: Finding) -> [Int] { position(finding.location) }
private func position(_ location: LocaleAudit.SourceLocation?) -> [Int] { [location?.line ?? 0, location?.column ?? 0] }

@Suite struct StringsdictReaderTests {
    @Test func twoVariablesUnknownCategoryAndOtherKeys() throws {
        let result = try readFixture("TwoVariables")
        #expect(result.findings.isEmpty, "\(result.findings)")
        let table = try #require(result.tables.first)
        #expect(table.format == .stringsdict)
        #expect(table.locale == "fr" && table.name == "Localizable")
        let entry = try #require(table.entries.first)
        #expect(table.entries.count == 1)
        #expect(entry.key == "files-in-folders")
        #expect(position(entry.location) == [5, 2])
        guard case .plural(let plural) = entry.value else { Issue.record("not plural"); return }
        #expect(plural.format == "%#@files@ in %#@folders@")
        #expect(plural.formatLocation.map { [$0.line, $0.column] } == [8, 3])
        #expect(!plural.formatIsImplicit)
        #expect(plural.variables.map(\.name) == ["files", "folders"])

        let files = plural.variables[0]
        #expect(files.specType == "NSStringPluralRuleType")
        #expect(files.valueType == "d")
        #expect(files.categories == ["one", "several", "other"])
        #expect(files.form("several")?.text == "%d files (several)")
        #expect(files.form("several")?.location.map { [$0.line, $0.column] } == [18, 4])
        #expect(files.location.map { [$0.line, $0.column] } == [10, 3])

        let folders = plural.variables[1]
        #expect(folders.valueType == "ld")
        #expect(folders.categories == ["zero", "other"])
        #expect(folders.otherKeys == ["NSStringFormatFutureKey": "kept & not read"])
    }

    @Test func widthAndDeviceVariations() throws {
        let result = try readFixture("WidthAndDevice")
        #expect(result.findings.isEmpty, "\(result.findings)")
        let entries = try #require(result.tables.first?.entries)
        #expect(entries.map(\.key) == ["welcome", "tap"])

        guard case .variations(let width) = entries[0].value else { Issue.record("welcome: not variations"); return }
        #expect(width.kind == .width)
        #expect(width.cases.map(\.name) == ["20", "25", "50"])
        #expect(width.cases.map { $0.value.plainText } == ["Hi", "Welcome", "Welcome to the store!"])
        #expect(width.cases[0].location.map { [$0.line, $0.column] } == [10, 4])

        guard case .variations(let device) = entries[1].value else { Issue.record("tap: not variations"); return }
        #expect(device.kind == .device)
        #expect(device.cases.map(\.name) == ["iphone", "mac"])
        #expect(device.cases[0].value.plainText == "Tap here")
        guard case .plural(let mac) = device.cases[1].value else { Issue.record("mac: not plural"); return }
        #expect(mac.format == "%#@clicks@")
        #expect(mac.variables.first?.categories == ["one", "other"])
        #expect(entries[1].value.isPlural)
    }

    @Test func binaryPropertyList() throws {
        let plist: [String: Any] = [
            "items": [
                "NSStringLocalizedFormatKey": "%#@n@",
                "n": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                      "other": "%d items", "one": "%d item"] as [String: Any],
            ] as [String: Any],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let result = StringsdictReader.read(Array(data), context: ReadContext(path: "b.stringsdict", locale: "en", table: "Localizable"))
        #expect(result.findings.isEmpty, "\(result.findings)")
        let entry = try #require(result.tables.first?.entries.first)
        #expect(entry.key == "items")
        #expect(position(entry.location) == [1, 1])
        guard case .plural(let plural) = entry.value else { Issue.record("not plural"); return }
        #expect(plural.format == "%#@n@")
        #expect(plural.variables.first?.valueType == "d")
        // No order in a binary dictionary: categories come back in CLDR order.
        #expect(plural.variables.first?.categories == ["one", "other"])
    }

    @Test func corruptBinaryPropertyList() {
        let result = StringsdictReader.read(Array("bplist00garbage".utf8), context: ReadContext(path: "b.stringsdict", locale: nil, table: "L"))
        #expect(result.findings.map(\.ruleID) == [ReaderRule.syntax])
        #expect(result.findings.first.map(position) == [1, 1])
    }

    @Test func foundationKeepsTheLastDuplicateKey() throws {
        let xml = "<plist><dict><key>a</key><string>first</string><key>a</key><string>last</string></dict></plist>"
        let object = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        #expect((object as? [String: Any])?["a"] as? String == "last")
    }

    // One named fixture per error class, with the exact place of each finding.

    @Test func rootNotADict() throws {
        let result = try readFixture("ErrorRootNotDict")
        #expect(result.findings.map(\.ruleID) == [ReaderRule.syntax])
        #expect(result.findings.map(position) == [[4, 1]])
        #expect(result.findings.first?.message == "expected a <dict> as the property list's root object, found <array>")
        #expect(result.tables.first?.entries.isEmpty == true)
    }

    @Test func valueNotADict() throws {
        let result = try readFixture("ErrorValueNotDict")
        #expect(result.findings.map(position) == [[22, 2]])
        #expect(result.findings.first?.message == "entry 'flat': expected a <dict> with NSStringLocalizedFormatKey, found <string>")
        #expect(result.findings.first?.key == "flat")
        // The good entry is read; the flat text is kept rather than dropped.
        #expect(result.tables.first?.entries.map(\.key) == ["ok", "flat"])
        #expect(result.tables.first?.entries.last?.value.plainText == "%d items")
    }

    @Test func keyWithoutValue() throws {
        let result = try readFixture("ErrorKeyWithoutValue")
        #expect(result.findings.map(position) == [[21, 2]])
        #expect(result.findings.first?.message == "key 'lonely' has no value; expected a value element after <key>")
        #expect(result.tables.first?.entries.map(\.key) == ["ok"])
    }

    @Test func nonStringPluralForm() throws {
        let result = try readFixture("ErrorNonStringForm")
        #expect(result.findings.map(position) == [[16, 4]])
        #expect(result.findings.first?.message == "plural form 'one' of variable 'n' in entry 'count': expected a <string>, found <integer>")
        guard case .plural(let plural)? = result.tables.first?.entries.first?.value else { Issue.record("not plural"); return }
        #expect(plural.variables.first?.categories == ["other"])
    }

    @Test func missingFormatKey() throws {
        let result = try readFixture("ErrorMissingFormatKey")
        #expect(result.findings.map(position) == [[5, 2]])
        #expect(result.findings.first?.message == "entry 'count' has no NSStringLocalizedFormatKey")
        #expect(result.findings.first?.table == "Localizable")
        guard case .plural(let plural)? = result.tables.first?.entries.first?.value else { Issue.record("not plural"); return }
        #expect(plural.formatIsImplicit)
        #expect(plural.variables.first?.categories == ["other"])
    }

    @Test func duplicateKey() throws {
        let result = try readFixture("ErrorDuplicateKey")
        #expect(result.findings.map(\.ruleID) == [ReaderRule.duplicateKey])
        let finding = try #require(result.findings.first)
        #expect(position(finding) == [21, 2])
        #expect(finding.message == "duplicate key 'ok' (first at 5:2); Foundation uses the last one")
        #expect(finding.notes.first?.location.map { [$0.line, $0.column] } == [5, 2])
        // Both copies are kept: entries are a list.
        #expect(result.tables.first?.entries.map(\.key) == ["ok", "ok"])
    }

    @Test func notWellFormedXML() throws {
        let result = try readFixture("ErrorMismatchedTag")
        #expect(result.findings.map(\.ruleID) == [ReaderRule.syntax])
        #expect(result.findings.map(position) == [[7, 34]])
        #expect(result.findings.first?.message == "expected </key> (opened at 7:3), found </dict>")
    }

    @Test func emptyFile() {
        let result = StringsdictReader.read([], context: ReadContext(path: "e.stringsdict", locale: nil, table: "L"))
        #expect(result.findings.map(position) == [[1, 1]])
        #expect(result.findings.first?.message == "expected a root element; the file has none")
    }

    @Test func corpusStringsdictFilesReadCleanly() throws {
        guard FileManager.default.fileExists(atPath: XMLCorpusTests.corpus.path) else {
            print("skipped: no corpus at \(XMLCorpusTests.corpus.path)")
            return
        }
        let files = try corpusFiles(withExtensions: ["stringsdict"])
        #expect(files.count == 172)
        var entries = 0
        for path in files {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let result = StringsdictReader.read(bytes, context: ReadContext(path: path, locale: nil, table: "Localizable"))
            let problems = result.findings.filter { $0.ruleID == ReaderRule.syntax || $0.ruleID == ReaderRule.encoding }
            #expect(problems.isEmpty, "\(path): \(problems.map(\.message))")
            for duplicate in result.findings where duplicate.ruleID == ReaderRule.duplicateKey {
                print("duplicate key: \(duplicate.location!) \(duplicate.message)")
            }
            entries += result.tables.first?.entries.count ?? 0
        }
        print("stringsdict corpus: \(files.count) files, \(entries) entries")
        #expect(entries > 2_388)
    }
}
