import Foundation
import Testing
@testable import LocaleAudit

/// A run over real catalogs where one file (UTF-8) and another (UTF-16) are broken: both are reported
/// at the right line and column, and every other file is still read and checked.
@Suite struct BrokenFileRunTests {
    @Test func brokenFilesAreLocatedAndTheRunGoesOn() throws {
        let wikipedia = TestPaths.corpus.appendingPathComponent("wikimedia+wikipedia-ios/Wikipedia")
        guard FileManager.default.fileExists(atPath: wikipedia.path) else {
            print("skipped: \(TestPaths.corpusAbsentMessage)")
            return
        }
        let root = try TestPaths.makeTemporaryDirectory("broken-run")
        defer { try? FileManager.default.removeItem(at: root) }
        // TranslateWiki's tree is UTF-8, the iOS-native tree mostly UTF-16 with a BOM.
        for (tree, locales) in [("Localizations", ["en", "de", "fr"]), ("iOS Native Localizations", ["en", "ru", "he"])] {
            for locale in locales {
                let target = root.appendingPathComponent("\(tree)/\(locale).lproj")
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: wikipedia.appendingPathComponent("\(tree)/\(locale).lproj"), to: target)
            }
        }
        let intact = Auditor.audit(paths: [root.path])
        #expect(intact.findings.filter { ["syntax", "encoding"].contains($0.ruleID) }.isEmpty)

        // Break an entry near line 5 of a UTF-8 file and line 7 of a UTF-16 file by removing a value's closing quote.
        func breakFile(_ relative: String, line: Int) throws -> (path: String, column: Int) {
            let url = root.appendingPathComponent(relative)
            let bytes = Array(try Data(contentsOf: url))
            let utf16 = bytes.starts(with: [0xFF, 0xFE])
            var lines = String(decoding: TextDecoding.decode(bytes, path: "").utf8, as: UTF8.self).components(separatedBy: "\n")
            // An entry line followed by another entry: the unterminated string is reported on its own line.
            let index = try #require((line - 1..<lines.count - 1).first {
                lines[$0].hasSuffix("\";") && lines[$0].hasPrefix("\"") && lines[$0 + 1].hasPrefix("\"")
            })
            lines[index] = String(lines[index].dropLast(2)) + ";"
            let text = lines.joined(separator: "\n")
            var out: [UInt8] = []
            if utf16 {
                out = [0xFF, 0xFE]
                for unit in text.utf16 { out.append(UInt8(unit & 0xFF)); out.append(UInt8(unit >> 8)) }
            } else {
                out = Array(text.utf8)
            }
            try Data(out).write(to: url)
            return (url.path, index + 1)
        }
        func isUTF16(_ relative: String) -> Bool {
            FileManager.default.contents(atPath: root.appendingPathComponent(relative).path)?.starts(with: [0xFF, 0xFE]) ?? false
        }
        let utf8File = "Localizations/de.lproj/Localizable.strings"
        let utf16File = "iOS Native Localizations/ru.lproj/Localizable.strings"
        #expect(!isUTF16(utf8File))
        #expect(isUTF16(utf16File))
        let brokenUTF8 = try breakFile(utf8File, line: 5)
        let brokenUTF16 = try breakFile(utf16File, line: 7)

        let result = Auditor.audit(paths: [root.path])
        let syntax = result.findings.filter { $0.ruleID == "syntax" }
        #expect(Set(syntax.map { "\($0.location!.file):\($0.location!.line)" })
                == ["\(brokenUTF8.path):\(brokenUTF8.column)", "\(brokenUTF16.path):\(brokenUTF16.column)"])
        // Every file is still read, each broken one losing only its broken entry.
        #expect(result.project.files.count == intact.project.files.count)
        let before = intact.project.tables.reduce(0) { $0 + $1.entries.count }
        let after = result.project.tables.reduce(0) { $0 + $1.entries.count }
        #expect(after == before - 2)
    }
}
