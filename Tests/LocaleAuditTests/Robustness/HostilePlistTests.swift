import Foundation
import Testing
@testable import LocaleAudit

/// Hostile `.stringsdict` files through the whole pipeline (discovery, reading, every rule, every
/// report format) on a temporary folder: each gives a located finding or a clean, complete read,
/// nothing outside the inputs is opened, fetched or shown, memory stays linear in the input, and the
/// healthy file next to it is still checked.
@Suite struct HostilePlistTests {
    /// `.stringsdict` text with one plural entry `files` whose `one` form is `form`; the form's
    /// `<string>` starts at line 5, column 228 (its text at 236).
    static func stringsdict(encoding: String = "UTF-8", doctype: String = "", plistAttributes: String = "version=\"1.0\"",
                            form: String) -> String {
        """
        <?xml version="1.0" encoding="\(encoding)"?>\(doctype)
        <plist \(plistAttributes)>
        <dict>
        <key>files</key>
        <dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>\(form)</string><key>other</key><string>%d files</string></dict></dict>
        </dict>
        </plist>

        """
    }

    /// A scratch project: the hostile file and a healthy neighbour in `en.lproj`.
    static func project(_ label: String, _ bytes: [UInt8], name: String = "Hostile.stringsdict") throws -> (Scratch, String) {
        let scratch = try Scratch(label)
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let path = try scratch.write("en.lproj/\(name)", bytes)
        return (scratch, path)
    }

    static func oneForm(_ result: AuditResult, file: String) -> String? {
        let entry = result.project.tables.first { $0.path == file }?.entries.first { $0.key == "files" }
        guard case .plural(let plural)? = entry?.value else { return nil }
        return plural.variables.first?.form("one")?.text
    }

    /// Peak memory of the tool on `path` stays within `factor` times the input above an empty run.
    static func expectBoundedMemory(_ path: String, inputBytes: Int, factor: Double,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        guard let baseline = Robust.baselinePeakMegabytes, let run = try Robust.runTool(["check", path, "--format", "json"]) else {
            print("skipped memory bound: \(Robust.toolAbsentMessage)")
            return
        }
        #expect(run.status <= 1, "tool failed: \(run.standardError)", sourceLocation: sourceLocation)
        let inputMegabytes = Double(inputBytes) / 1_048_576
        let growth = run.peakMegabytes - baseline
        print("memory: \(URL(fileURLWithPath: path).lastPathComponent): peak \(Int(run.peakMegabytes)) MB, \(Int(growth)) MB over an empty run for \(Int(inputMegabytes.rounded())) MB of input")
        #expect(growth <= max(16, factor * inputMegabytes),
                "peak \(run.peakMegabytes) MB is \(growth) MB over the \(baseline) MB of an empty run, for \(inputMegabytes) MB of input",
                sourceLocation: sourceLocation)
    }

    @Test func billionLaughsIsNotExpanded() throws {
        var doctype = "\n<!DOCTYPE plist [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let inner = level == 1 ? "&lol;" : "&lol\(level - 1);"
            doctype += "<!ENTITY lol\(level) \"\(String(repeating: inner, count: 10))\">\n"
        }
        doctype += "]>"
        let text = Self.stringsdict(doctype: doctype, form: "&lol9; %d")
        let (scratch, path) = try Self.project("laughs", Array(text.utf8))
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        // The DOCTYPE adds lines 2-13, so the entry's line 5 is line 17.
        #expect(Robust.located(result, file: path) == ["17:236 [syntax] entity declarations are not supported; entity 'lol9' is not expanded"])
        #expect(Self.oneForm(result, file: path) == "&lol9; %d")
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
        try Self.expectBoundedMemory(path, inputBytes: text.utf8.count, factor: 1)
    }

    @Test func externalEntitiesAndDTDsAreNeitherReadNorFetched() throws {
        let witness = try #require(ConnectionWitness(), "cannot listen on 127.0.0.1")
        let scratch = try Scratch("external")
        defer { scratch.remove() }
        // A file only an entity names: its marker must never reach any output.
        let secretMarker = "SECRET-\(UUID().uuidString)"
        let secret = try scratch.write("outside/secret.txt", secretMarker + "\n")
        let url = "http://127.0.0.1:\(witness.port)"
        let doctype = """

            <!DOCTYPE plist SYSTEM "\(url)/plist.dtd" [
            <!ENTITY passwd SYSTEM "file:///etc/passwd">
            <!ENTITY secret SYSTEM "file://\(secret)">
            <!ENTITY remote SYSTEM "\(url)/entity">
            <!ENTITY % parameter SYSTEM "\(url)/parameter">
            %parameter;
            ]>
            """
        let text = Self.stringsdict(doctype: doctype, form: "&passwd;&secret;&remote; %d")
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let path = try scratch.write("en.lproj/Hostile.stringsdict", text)
        let result = Auditor.audit(paths: [scratch.path + "/en.lproj"])
        #expect(Robust.located(result, file: path) == [
            "12:236 [syntax] entity declarations are not supported; entity 'passwd' is not expanded",
            "12:244 [syntax] entity declarations are not supported; entity 'secret' is not expanded",
            "12:252 [syntax] entity declarations are not supported; entity 'remote' is not expanded",
        ])
        #expect(Self.oneForm(result, file: path) == "&passwd;&secret;&remote; %d")
        #expect(Robust.neighbourWasRead(result))
        #expect(!witness.wasContacted, "the audit connected to \(url)")
        Robust.expectNoLeak(result, secrets: [secretMarker])
        // The XLIFF fix list and the baseline are outputs too.
        for document in XLIFFFixList.documents(for: result) { #expect(!document.text.contains(secretMarker)) }
        #expect(!Baseline(findings: result.findings, roots: [scratch.path]).serialized().contains(secretMarker))
    }

    @Test func hundredThousandDeepNestingStopsAtTheLimit() throws {
        let nesting = String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>deep</key>\(nesting)</dict></plist>\n"
        let (scratch, path) = try Self.project("deep", Array(text.utf8))
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        // <plist> and <dict> are two levels: the 9,998th <array> is the 10,000th element, the next one fails.
        let column = "<plist version=\"1.0\"><dict><key>deep</key>".count + 9_998 * "<array>".count + 1
        #expect(Robust.located(result, file: path) == ["2:\(column) [syntax] elements are nested deeper than 10000 levels; stopped reading here"])
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
        try Self.expectBoundedMemory(path, inputBytes: text.utf8.count, factor: 4)
    }

    @Test func fiftyMegabyteString() throws {
        let big = String(repeating: "x", count: 50_000_000)
        let text = Self.stringsdict(form: "%d " + big)
        let (scratch, path) = try Self.project("big-string", Array(text.utf8))
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: path).isEmpty)
        #expect(Self.oneForm(result, file: path)?.utf8.count == 50_000_003)
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
        // Linear, if heavy: rules take copies of the text (see the report on issue 9).
        try Self.expectBoundedMemory(path, inputBytes: text.utf8.count, factor: 12)
    }

    @Test func fiftyMegabyteAttribute() throws {
        let text = Self.stringsdict(plistAttributes: "version=\"\(String(repeating: "1", count: 50_000_000))\"", form: "%d file")
        let (scratch, path) = try Self.project("big-attribute", Array(text.utf8))
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: path).isEmpty)
        #expect(Self.oneForm(result, file: path) == "%d file")
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
        try Self.expectBoundedMemory(path, inputBytes: text.utf8.count, factor: 5)
    }

    @Test func invalidUTF8IsLocated() throws {
        var bytes = Array(Self.stringsdict(form: "%d fi@@le").utf8)
        let at = try #require(bytes.firstRange(of: Array("@@".utf8)))
        bytes.replaceSubrange(at, with: [0xFF, 0xC3])
        let (scratch, path) = try Self.project("bad-utf8", bytes)
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        let expected = "invalid UTF-8 byte 0x%@; expected UTF-8 text (or a UTF-16 file with a byte order mark)"
        #expect(Robust.located(result, file: path) == [
            "5:241 [encoding] " + expected.replacingOccurrences(of: "%@", with: "FF"),
            "5:242 [encoding] " + expected.replacingOccurrences(of: "%@", with: "C3"),
        ])
        #expect(Self.oneForm(result, file: path) == "%d fi\u{FFFD}\u{FFFD}le")
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
    }

    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func utf16ReadsCleanly(littleEndian: Bool, byteOrderMark: Bool) throws {
        let text = Self.stringsdict(encoding: "UTF-16", form: "%d été")
        var bytes: [UInt8] = byteOrderMark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let (scratch, path) = try Self.project("utf16", bytes)
        defer { scratch.remove() }
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: path).isEmpty)
        #expect(Self.oneForm(result, file: path) == "%d été")
        let entry = result.project.tables.first { $0.path == path }?.entries.first
        #expect(entry.map { [$0.location.line, $0.location.column] } == [4, 1])
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
    }

    @Test func lyingEncodingDeclarations() throws {
        let scratch = try Scratch("lying")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        // Says UTF-16, is UTF-8.
        let utf16Lie = try scratch.write("en.lproj/SaysUTF16.stringsdict", Self.stringsdict(encoding: "UTF-16", form: "%d été"))
        // Says UTF-8, is UTF-16BE with a byte order mark.
        let utf8Text = Self.stringsdict(encoding: "UTF-8", form: "%d été")
        let utf8Lie = try scratch.write("en.lproj/SaysUTF8.stringsdict",
                                        [0xFE, 0xFF] + utf8Text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        // Says Latin-1 and is: the unsupported encoding is named, and each non-UTF-8 byte located.
        let latin1Text = Self.stringsdict(encoding: "ISO-8859-1", form: "%d été")
        let latin1 = try scratch.write("en.lproj/SaysLatin1.stringsdict",
                                       latin1Text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: utf16Lie) == [
            "1:31 [encoding] the XML declaration says encoding \"UTF-16\", but the file is UTF-8; expected encoding=\"UTF-8\"",
        ])
        #expect(Self.oneForm(result, file: utf16Lie) == "%d été")
        #expect(Robust.located(result, file: utf8Lie) == [
            "1:31 [encoding] the XML declaration says encoding \"UTF-8\", but the file is UTF-16BE; expected encoding=\"UTF-16\" or a UTF-8 file",
        ])
        #expect(Self.oneForm(result, file: utf8Lie) == "%d été")
        let latin1Findings = Robust.located(result, file: latin1)
        #expect(latin1Findings.first == "1:31 [encoding] the XML declaration says encoding \"ISO-8859-1\", which is not supported; the file was read as UTF-8 and its non-ASCII text (first at 5:239) may be wrong; expected UTF-8 or UTF-16")
        #expect(latin1Findings.dropFirst().map { String($0.prefix(40)) } == [
            "5:239 [encoding] invalid UTF-8 byte 0xE9", "5:241 [encoding] invalid UTF-8 byte 0xE9",
        ])
        #expect(Robust.neighbourWasRead(result))
        Robust.expectNoLeak(result)
    }
}
