import Foundation
@testable import LocaleAudit

/// Paths and helpers shared by the `.strings` tests.
enum StringsTestSupport {
    /// The package root, found from this file: Tests/LocaleAuditTests/Readers/<file>.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = packageRoot.appendingPathComponent("Fixtures/Readers/strings")

    /// The shared corpus sits next to the package: `../shared/corpus`.
    static let corpus = packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL

    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func readFixture(_ name: String) throws -> ReadResult {
        StringsReader.read(try fixtureBytes(name), context: ReadContext(path: name, locale: "en", table: "Localizable"))
    }

    static func read(_ bytes: [UInt8], path: String = "test.strings") -> ReadResult {
        StringsReader.read(bytes, context: ReadContext(path: path, locale: "en", table: "Localizable"))
    }

    static func read(_ text: String, path: String = "test.strings") -> ReadResult {
        read(Array(text.utf8), path: path)
    }

    /// `line:column rule severity` of each finding, in report order: one compact, exact assertion.
    static func positions(_ result: ReadResult) -> [String] {
        result.findings.map { f in
            "\(f.location?.line ?? 0):\(f.location?.column ?? 0) \(f.ruleID) \(f.severity.rawValue)"
        }
    }

    static func entries(_ result: ReadResult) -> [Entry] { result.tables.first?.entries ?? [] }

    static func keys(_ result: ReadResult) -> [String] { entries(result).map(\.key) }

    /// Every `.strings` file under a folder, sorted, or nil when the folder is absent.
    static func stringsFiles(under folder: URL) -> [URL]? {
        guard FileManager.default.fileExists(atPath: folder.path),
              let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return nil }
        var files: [URL] = []
        for case let url as URL in walker where url.pathExtension == "strings" { files.append(url) }
        return files.sorted { $0.path < $1.path }
    }

    /// The context the project would give a file: locale from its `X.lproj` folder, table from its name.
    static func context(for url: URL) -> ReadContext {
        let folder = url.deletingLastPathComponent().lastPathComponent
        let locale = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : nil
        return ReadContext(path: url.path, locale: locale, table: url.deletingPathExtension().lastPathComponent)
    }

    static func utf16LEWithBOM(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { out.append(UInt8(unit & 0xFF)); out.append(UInt8(unit >> 8)) }
        return out
    }

    static func utf16BE(_ text: String, bom: Bool) -> [UInt8] {
        var out: [UInt8] = bom ? [0xFE, 0xFF] : []
        for unit in text.utf16 { out.append(UInt8(unit >> 8)); out.append(UInt8(unit & 0xFF)) }
        return out
    }
}

/// A small seeded generator (SplitMix64) so property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
