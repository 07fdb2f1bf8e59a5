import Foundation
import Testing
@testable import LocaleAudit

private typealias Support = StringsTestSupport

/// Real catalogs from `../shared/corpus` (see its MANIFEST.md). Skipped, with a message, when absent.
@Suite struct StringsCorpusTests {
    struct Summary {
        var files = 0
        var entries = 0
        var keyOnlyEntries = 0
        var unquotedKeys = 0
        var utf16Files = 0
        var problems: [String] = []
        var duplicates: [String] = []
    }

    static func readAll(_ folder: String) -> Summary? {
        guard let files = Support.stringsFiles(under: Support.corpus.appendingPathComponent(folder)) else { return nil }
        var summary = Summary()
        for url in files {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                summary.problems.append("unreadable \(url.path)")
                continue
            }
            let bytes = [UInt8](data)
            let result = StringsReader.read(bytes, context: Support.context(for: url))
            summary.files += 1
            if bytes.starts(with: [0xFF, 0xFE]) { summary.utf16Files += 1 }
            let entries = Support.entries(result)
            summary.entries += entries.count
            summary.keyOnlyEntries += entries.filter { $0.valueLocation == nil }.count
            // An unquoted key has no quote at its location (which also checks every location lands on a key).
            let lines = Self.scalarLines(bytes)
            summary.unquotedKeys += entries.filter { !Self.keyIsQuoted($0, lines: lines) }.count
            for f in result.findings {
                let line = "\(f.location?.description ?? url.path) \(f.ruleID): \(f.message)"
                if f.ruleID == ReaderRule.duplicateKey { summary.duplicates.append(line) } else { summary.problems.append(line) }
            }
        }
        return summary
    }

    /// The decoded file split into lines of scalars, with CRLF, CR and LF each one line break.
    static func scalarLines(_ bytes: [UInt8]) -> [[Unicode.Scalar]] {
        let text = String(decoding: TextDecoding.decode(bytes, path: "").utf8, as: UTF8.self)
        var lines: [[Unicode.Scalar]] = [[]]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if !previousWasCR { lines.append([]) }
                previousWasCR = false
            } else if scalar == "\r" {
                lines.append([])
                previousWasCR = true
            } else {
                lines[lines.count - 1].append(scalar)
                previousWasCR = false
            }
        }
        return lines
    }

    /// Whether the entry's key starts with a quote, looked up at its reported location.
    static func keyIsQuoted(_ entry: Entry, lines: [[Unicode.Scalar]]) -> Bool {
        let line = lines[entry.location.line - 1]
        return entry.location.column <= line.count && line[entry.location.column - 1] == "\""
    }

    @Test func wikipediaReadsWithoutFindings() throws {
        guard let summary = Self.readAll("wikimedia+wikipedia-ios") else {
            print("skipped: ../shared/corpus/wikimedia+wikipedia-ios is absent")
            return
        }
        #expect(summary.files == 413)
        #expect(summary.utf16Files == 105)
        #expect(summary.problems.isEmpty, "\(summary.problems.prefix(10))")
        #expect(summary.entries == 101_995, "MANIFEST: .strings entries 101,995")
        #expect(summary.keyOnlyEntries == 0 && summary.unquotedKeys == 0)
        #expect(summary.duplicates.isEmpty, "\(summary.duplicates.prefix(10))")
        print("wikipedia: \(summary.files) files, \(summary.entries) entries, \(summary.duplicates.count) duplicate-key findings")
    }

    @Test func duckDuckGoPockityAndCotEditorReadWithoutFindings() throws {
        // Entry counts and shapes from MANIFEST.md.
        let expectations: [(folder: String, entries: Int, keyOnly: Int, unquotedKeys: Int)] = [
            ("duckduckgo+iOS", 33_792, 0, 0),
            ("Pockity+Localisations", 3_430, 10, 0),
            ("coteditor+CotEditor", 1, 0, 1),
        ]
        for expectation in expectations {
            guard let summary = Self.readAll(expectation.folder) else {
                print("skipped: ../shared/corpus/\(expectation.folder) is absent")
                continue
            }
            #expect(summary.files > 0, "\(expectation.folder)")
            #expect(summary.problems.isEmpty, "\(expectation.folder): \(summary.problems.prefix(10))")
            #expect(summary.entries == expectation.entries, "\(expectation.folder)")
            #expect(summary.keyOnlyEntries == expectation.keyOnly, "\(expectation.folder)")
            #expect(summary.unquotedKeys == expectation.unquotedKeys, "\(expectation.folder)")
            #expect(summary.duplicates.isEmpty, "\(expectation.folder): \(summary.duplicates.prefix(10))")
            print("\(expectation.folder): \(summary.files) files, \(summary.entries) entries, \(summary.duplicates.count) duplicate-key findings")
        }
    }

    /// Deletes the closing quote of the value on the first suitable line (a `"key" = "value";` line
    /// followed by another entry line) of a real file, in a temporary copy, and checks that the
    /// reader reports exactly that place and still reads every other entry.
    func expectBrokenCopyIsLocated(_ relativePath: String, utf16: Bool) throws {
        let url = Support.corpus.appendingPathComponent(relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            print("skipped: \(url.path) is absent")
            return
        }
        let original = [UInt8](data)
        #expect(original.starts(with: [0xFF, 0xFE]) == utf16, "the chosen file has the expected encoding")
        let originalResult = Support.read(original)
        #expect(originalResult.findings.isEmpty)

        let text = String(decoding: TextDecoding.decode(original, path: "").utf8, as: UTF8.self)
        var lines = text.components(separatedBy: "\n")
        let target = try #require((20..<(lines.count - 1)).first { n in
            lines[n].hasPrefix("\"") && lines[n].hasSuffix("\";") && lines[n].contains("\" = \"")
                && lines[n + 1].hasPrefix("\"") && !lines[n].contains("\\\"")
        })
        let line = lines[target]
        let valueQuote = try #require(line.range(of: "\" = \"")).upperBound
        let valueColumn = line.unicodeScalars[..<valueQuote].count   // 1-based column of the value's quote
        lines[target] = String(line.dropLast(2)) + ";"                  // `…value";` → `…value;`
        let brokenText = lines.joined(separator: "\n")
        let broken = utf16 ? Support.utf16LEWithBOM(brokenText) : Array(brokenText.utf8)

        // A temporary copy, read from disk as the tool would.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent(url.lastPathComponent)
        try Data(broken).write(to: copy)
        let result = Support.read([UInt8](try Data(contentsOf: copy)), path: "broken.strings")

        let lineNumber = target + 1
        let endColumn = lines[target].unicodeScalars.count + 1
        #expect(Support.positions(result) == ["\(lineNumber):\(endColumn) syntax error"])
        #expect(result.findings.first?.message ==
                "unterminated string started at \(lineNumber):\(valueColumn): expected '\"' before the end of line \(lineNumber)")
        #expect(Support.entries(result).count == Support.entries(originalResult).count - 1,
                "only the broken entry is lost")
    }

    @Test func brokenCopyOfUTF8FileIsLocated() throws {
        try expectBrokenCopyIsLocated("wikimedia+wikipedia-ios/Wikipedia/Localizations/en.lproj/Localizable.strings", utf16: false)
    }

    @Test func brokenCopyOfUTF16FileIsLocated() throws {
        guard let files = Support.stringsFiles(under: Support.corpus.appendingPathComponent("wikimedia+wikipedia-ios/Wikipedia/iOS Native Localizations")) else {
            print("skipped: Wikipedia iOS Native Localizations are absent")
            return
        }
        // The largest UTF-16 file, so the chosen line has neighbours.
        let utf16Files = files.filter { (FileManager.default.contents(atPath: $0.path) ?? Data()).starts(with: [0xFF, 0xFE]) }
        let largest = try #require(utf16Files.max { a, b in
            ((try? a.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) < ((try? b.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        })
        let relative = String(largest.path.dropFirst(Support.corpus.path.count + 1))
        try expectBrokenCopyIsLocated(relative, utf16: true)
    }
}
