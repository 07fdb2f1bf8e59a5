import Foundation

/// Paths the tests use, resolved from this file so they work from any working directory.
enum TestPaths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Fixtures")
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var corpusIsPresent: Bool { FileManager.default.fileExists(atPath: corpus.path) }
    static let corpusAbsentMessage = "../shared/corpus is absent: corpus tests are skipped (they read the real catalogs from that folder)"

    /// Writes each text at its path under `root`, making the folders it needs.
    static func write(_ files: [String: String], into root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("locale-audit-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
