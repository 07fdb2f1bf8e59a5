import Foundation
import Testing
@testable import LocaleAudit

/// The warm re-run: a key that changes with every input that decides the output and with nothing
/// else, entries that read back exactly or not at all, and a cache that stays bounded.
@Suite struct ResultCacheTests {
    static func project() throws -> URL {
        let root = try TestPaths.makeTemporaryDirectory("cache")
        for (path, text) in [("en.lproj/Localizable.strings", "\"a\" = \"Cancel\";\n"),
                             ("de.lproj/Localizable.strings", "\"a\" = \"Abbrechen\";\n")] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func key(_ root: URL, settings: [String] = ["check"]) -> String {
        let discovery = Auditor.discover(paths: [root.path])
        return ResultCache.key(settings: settings, discovery: discovery, maxFileSize: AuditOptions.defaultMaxFileSize, workers: 2)
    }

    @Test func keyFollowsContentPathsAndSettings() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = Self.key(root)
        #expect(first.count == 32)
        #expect(Self.key(root) == first, "the same inputs give the same key")
        #expect(Self.key(root, settings: ["check", "--format", "json"]) != first)

        let german = root.appendingPathComponent("de.lproj/Localizable.strings")
        try Data("\"a\" = \"Abbruch\";\n".utf8).write(to: german)
        let edited = Self.key(root)
        #expect(edited != first, "one changed byte in one file changes the key")
        try Data("\"a\" = \"Abbrechen\";\n".utf8).write(to: german)
        #expect(Self.key(root) == first, "content decides, not the time of writing")

        let french = root.appendingPathComponent("fr.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: french.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("\"a\" = \"Annuler\";\n".utf8).write(to: french)
        #expect(Self.key(root) != first, "a new catalog changes the key")
    }

    /// A repository made beside another splits the run into apps: the same catalogs, another report.
    @Test func keyFollowsTheAppsARunSplitsInto() throws {
        let root = try TestPaths.makeTemporaryDirectory("cache-apps")
        defer { try? FileManager.default.removeItem(at: root) }
        try TestPaths.write(["Reader/en.lproj/Localizable.strings": "\"a\" = \"Cancel\";\n",
                             "Notes/en.lproj/Localizable.strings": "\"a\" = \"Cancel\";\n",
                             "Reader/.git/HEAD": "ref: refs/heads/main\n"], into: root)
        let one = Self.key(root)
        try TestPaths.write(["Notes/.git/HEAD": "ref: refs/heads/main\n"], into: root)
        #expect(Auditor.discover(paths: [root.path]).appRoots.count == 2)
        #expect(Self.key(root) != one)
    }

    @Test func hasherSeparatesPiecesAndAllBytes() {
        func digest(_ pieces: [String]) -> String {
            var hasher = ContentHasher()
            pieces.forEach { hasher.combine($0) }
            return hasher.finalize()
        }
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest(["abcdefgh1"]) != digest(["abcdefgh2"]), "the tail after the last full word counts")
        #expect(digest([""]) != digest([]))
        #expect(digest(["x"]) == digest(["x"]))
    }

    @Test func entryRoundTripsAndDamageIsNeverTrusted() throws {
        let directory = try TestPaths.makeTemporaryDirectory("cache-store")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResultCache(directory: directory.path)
        let key = String(repeating: "ab", count: 16)
        #expect(cache.lookup(key) == .miss)
        let entry = ResultCache.Entry(report: Array("report\n".utf8), summary: Array("## summary\n".utf8),
                                      summaryLine: "1 error, 0 warnings, 0 notes in 2 files, 2 locales", failed: true)
        try cache.store(entry, key: key)
        #expect(cache.lookup(key) == .hit(entry))

        let noSummary = ResultCache.Entry(report: [], summary: nil, summaryLine: "0 errors", failed: false)
        try cache.store(noSummary, key: key)
        #expect(cache.lookup(key) == .hit(noSummary))

        // A flipped byte, a truncation, or an entry filed under another key is corrupt.
        let path = cache.entryPath(key)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard case .corrupt(let reason) = cache.lookup(key) else { Issue.record("a damaged entry was trusted"); return }
        #expect(reason.contains(path))
        try Data(ResultCache.encode(entry, key: key).dropLast(5)).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) != .hit(entry))
        let other = String(repeating: "cd", count: 16)
        try Data(ResultCache.encode(entry, key: key)).write(to: URL(fileURLWithPath: cache.entryPath(other)))
        #expect(cache.lookup(other) != .hit(entry), "an entry answers only its own key")
    }

    @Test func cacheStaysBounded() throws {
        let directory = try TestPaths.makeTemporaryDirectory("cache-bound")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ResultCache(directory: directory.path)
        let entry = ResultCache.Entry(report: Array(repeating: 65, count: 100), summary: nil, summaryLine: "", failed: false)
        for index in 0..<(ResultCache.maximumEntries + 5) {
            try cache.store(entry, key: String(format: "%032x", index))
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(kept.count == ResultCache.maximumEntries)
        #expect(kept.allSatisfy { $0.hasSuffix(ResultCache.entrySuffix) }, "no temporary file is left behind")
    }
}
