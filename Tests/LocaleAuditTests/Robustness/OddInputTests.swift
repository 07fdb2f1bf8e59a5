import Foundation
import Testing
@testable import LocaleAudit
#if canImport(Glibc)
import Glibc
#endif

/// Odd but possible inputs, each format: empty files, a lone byte order mark, NUL bytes, CR-only line
/// ends, a 10 MB line; the size limit; a folder tree of many tiny files.
@Suite struct OddInputTests {
    enum Oddity: String, CaseIterable, Sendable {
        case empty, bomUTF8, bomUTF16LE, bomUTF16BE, nul, crOnly, longLine
    }

    static let formats: [CatalogFormat] = [.strings, .stringsdict, .xliff, .xcstrings]

    /// A small document of each format whose entry `second` has the value `value`, one line per item,
    /// and the line where `second` is located.
    static func document(_ format: CatalogFormat, value: String) -> (lines: [String], secondLine: Int) {
        func plural(_ form: String) -> String {
            "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>\(form)</string><key>other</key><string>%d items</string></dict></dict>"
        }
        func unit(_ key: String, _ text: String) -> String {
            "\"\(key)\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } } } }"
        }
        switch format {
        case .strings:
            return (["/* odd */", "\"first\" = \"One\";", "\"second\" = \"\(value)\";"], 3)
        case .stringsdict:
            return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<dict>",
                     "<key>first</key>", plural("%d item"), "<key>second</key>", plural(value), "</dict>", "</plist>"], 6)
        case .xliff:
            return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2\">",
                     "<file original=\"en.lproj/Odd.strings\" source-language=\"en\" target-language=\"fr\" datatype=\"plaintext\"><body>",
                     "<trans-unit id=\"first\"><source>One</source><target>Un</target></trans-unit>",
                     "<trans-unit id=\"second\"><source>\(value)</source><target>Deux</target></trans-unit>",
                     "</body></file>", "</xliff>"], 5)
        case .xcstrings:
            return (["{", "\"sourceLanguage\" : \"en\",", "\"strings\" : {", unit("first", "One") + ",", unit("second", value),
                     "},", "\"version\" : \"1.0\"", "}"], 5)
        }
    }

    static func relativePath(_ format: CatalogFormat) -> String {
        // An XLIFF export sits beside the folders, not in one: its target language (fr) is not en.
        format == .xcstrings ? "Odd.xcstrings" : format == .xliff ? "Odd.xliff" : "en.lproj/Odd.\(format.rawValue)"
    }

    static func bytes(_ format: CatalogFormat, _ oddity: Oddity) -> [UInt8] {
        switch oddity {
        case .empty: return []
        case .bomUTF8: return [0xEF, 0xBB, 0xBF]
        case .bomUTF16LE: return [0xFF, 0xFE]
        case .bomUTF16BE: return [0xFE, 0xFF]
        case .nul: return Array(document(format, value: "VA\u{0}LUE").lines.joined(separator: "\n").utf8)
        case .crOnly: return Array(document(format, value: "VALUE").lines.joined(separator: "\r").utf8)
        case .longLine: return Array(document(format, value: String(repeating: "word-", count: 2_000_000)).lines.joined(separator: "\n").utf8)
        }
    }

    @Test(arguments: formats, Oddity.allCases)
    func oddFileBehaves(format: CatalogFormat, oddity: Oddity) throws {
        let scratch = try Scratch("odd")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let path = try scratch.write(Self.relativePath(format), Self.bytes(format, oddity))
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.neighbourWasRead(result))
        #expect(result.project.files.count == 2)
        let located = Robust.located(result, file: path)
        let second = result.project.tables.filter { $0.path == path }.flatMap(\.entries).first { $0.key == "second" }
        // The text itself: a plural's `one` form, not its format.
        let secondText: String? = {
            if case .plural(let plural)? = second?.value { return plural.variables.first?.form("one")?.text }
            return second?.value.texts.first?.text
        }()
        switch oddity {
        case .empty, .bomUTF8, .bomUTF16LE, .bomUTF16BE:
            // An empty table is a clean table; XML and JSON need a root, and say so.
            switch format {
            case .strings: #expect(located.isEmpty)
            case .xcstrings: #expect(located == ["1:1 [syntax] expected a JSON value (object, array, string, number, true, false or null) but found the end of the file"])
            default: #expect(located == ["1:1 [syntax] expected a root element; the file has none"])
            }
            #expect(second == nil)
        case .nul:
            switch format {
            case .strings:
                // Inside quotes a NUL is just a character of the value, as in Apple's parser.
                #expect(located.isEmpty)
                #expect(secondText == "VA\u{0}LUE")
            case .xcstrings:
                #expect(located == ["5:97 [syntax] control character U+0000 in a string: expected it escaped as \\u0000"])
            default:
                let column = format == .xliff ? 35 : 236 + 2
                #expect(located == ["\(format == .xliff ? 5 : 7):\(column) [syntax] invalid character U+0000 in text; XML does not allow control characters"])
            }
        case .crOnly:
            #expect(located.isEmpty)
            #expect(second?.location.line == Self.document(format, value: "").secondLine)
            #expect(secondText == "VALUE")
        case .longLine:
            #expect(located.isEmpty)
            #expect(second?.location.line == Self.document(format, value: "").secondLine)
            #expect(secondText?.utf8.count == 10_000_000)
        }
        Robust.expectNoLeak(result)
    }

    // MARK: The size limit

    /// A sparse file: `size` bytes on paper, no disk blocks, no time to write.
    static func sparseFile(_ path: String, size: Int) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    @Test func fileOverTheConfiguredLimitIsRefusedByName() throws {
        let scratch = try Scratch("limit")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let over = scratch.root.appendingPathComponent("en.lproj/Over.strings").path
        try Self.sparseFile(over, size: 64 * 1024 + 1)
        // Exactly at the limit is still read (a sparse file is all NUL bytes: one syntax finding).
        let at = scratch.root.appendingPathComponent("en.lproj/At.strings").path
        try Self.sparseFile(at, size: 64 * 1024)
        let result = Auditor.audit(paths: [scratch.path], options: AuditOptions(maxFileSize: 64 * 1024))
        #expect(Robust.located(result, file: over) == [
            "1:1 [unreadable] file is 65537 bytes, over the 65536-byte limit; not read (raise it with --max-file-size)",
        ])
        #expect(Robust.located(result, file: at).map { String($0.prefix(13)) } == ["1:1 [syntax] "])
        #expect(Robust.neighbourWasRead(result))
        // Every format names the path with the refusal.
        for (format, text) in Robust.render(result) where format != .html {
            #expect(text.contains("Over.strings"), "\(format)")
            #expect(text.contains("65536-byte limit"), "\(format)")
        }
    }

    /// A 1 GB `.strings` and a 500 MB XLIFF under the default 256 MB limit: refused before a byte is read.
    @Test func gigabyteFilesAreRefusedUnderTheDefaultLimit() throws {
        let scratch = try Scratch("huge")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let strings = scratch.root.appendingPathComponent("en.lproj/Huge.strings").path
        let xliff = scratch.root.appendingPathComponent("fr.xliff").path
        try Self.sparseFile(strings, size: 1 << 30)
        try Self.sparseFile(xliff, size: 500 << 20)
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: strings) == ["1:1 [unreadable] file is 1 GB, over the 256 MB limit; not read (raise it with --max-file-size)"])
        #expect(Robust.located(result, file: xliff) == ["1:1 [unreadable] file is 500 MB, over the 256 MB limit; not read (raise it with --max-file-size)"])
        #expect(result.bytesRead == (1 << 30) + (500 << 20) + Robust.healthyStrings.utf8.count)
        #expect(Robust.neighbourWasRead(result))
        if let run = try Robust.runTool(["check", scratch.path, "--format", "json"]), let baseline = Robust.baselinePeakMegabytes {
            #expect(run.peakMegabytes < baseline + 16, "refusing must not read: peak \(run.peakMegabytes) MB")
        }
    }

    /// Regression: the message said "file is 64 KB, over the 64 KB limit" when both rounded alike.
    @Test func regressionSizesThatRoundAlikeAreShownExactly() throws {
        let fixture = TestPaths.fixtures.appendingPathComponent("Regressions/max-file-size-rounding").path
        let result = Auditor.audit(paths: [fixture], options: AuditOptions(maxFileSize: 1024))
        #expect(result.findings.map(\.message) == ["file is 1025 bytes, over the 1024-byte limit; not read (raise it with --max-file-size)"])
        #expect(FileLoading.Failure.tooLarge(size: 1536, limit: 1024).message.hasPrefix("file is 1.5 KB, over the 1 KB limit"))
        // Read with room to spare, the same file is clean.
        #expect(Auditor.audit(paths: [fixture], options: AuditOptions(maxFileSize: 1025)).findings.isEmpty)
    }

    // MARK: Many files

    /// Every one of many tiny files is read. 20,000 by default to keep the suite quick;
    /// LOCALE_AUDIT_MANY_FILES=100000 runs the full-size check.
    @Test func manyTinyFilesAreAllRead() throws {
        let count = ProcessInfo.processInfo.environment["LOCALE_AUDIT_MANY_FILES"].flatMap(Int.init) ?? 20_000
        let scratch = try Scratch("many")
        defer { scratch.remove() }
        let perFolder = 1_000
        let started = Date()
        for index in 0..<count {
            let folder = scratch.path + "/m\(index / perFolder)/en.lproj"
            if index % perFolder == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let fd = open(folder + "/T\(index % perFolder).strings", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(fd >= 0)
            let line = Array("\"k\(index)\" = \"v\";\n".utf8)
            #expect(write(fd, line, line.count) == line.count)
            close(fd)
        }
        let written = Date()
        let result = Auditor.audit(paths: [scratch.path])
        print("many files: \(count) written in \(String(format: "%.1f", written.timeIntervalSince(started))) s, audited in \(String(format: "%.1f", Date().timeIntervalSince(written))) s")
        #expect(result.project.files.count == count)
        #expect(result.project.tables.count == count)
        #expect(result.project.tables.reduce(0) { $0 + $1.entries.count } == count)
        #expect(result.findings.isEmpty)
    }
}
