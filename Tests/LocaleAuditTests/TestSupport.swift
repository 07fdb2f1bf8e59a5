import Foundation

/// Paths the tests use, resolved from this file so they work from any working directory.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var corpusIsPresent: Bool { FileManager.default.fileExists(atPath: corpus.path) }
    static let corpusAbsentMessage = "../shared/corpus is absent: corpus tests are skipped (they read the real catalogs from that folder)"

    static func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("locale-audit-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
