import Foundation
import Testing
@testable import LocaleAudit

/// The JSON report of every app in ../shared/corpus is pinned by a digest: a change made for speed
/// must leave the output byte-identical, and a rule change shows up here as the apps it touched.
/// The tool runs as a child process, so the whole `check` path (arguments, streamed JSON) is covered.
@Suite struct CorpusDigestTests {
    static let digestFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("corpus-digests.txt")
    static let updateCommand = "UPDATE_CORPUS_DIGESTS=1 swift test --filter CorpusDigestTests"

    /// What one app's report is pinned by.
    struct Record: Equatable {
        var app: String
        var digest: String
        var findings: Int
        var bytes: Int

        var line: String { "\(app)\t\(digest)\t\(findings)\t\(bytes)" }

        init(app: String, digest: String, findings: Int, bytes: Int) {
            (self.app, self.digest, self.findings, self.bytes) = (app, digest, findings, bytes)
        }

        init?(line: Substring) {
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 4, let findings = Int(fields[2]), let bytes = Int(fields[3]) else { return nil }
            self.init(app: fields[0], digest: fields[1], findings: findings, bytes: bytes)
        }
    }

    /// The report with the `tool` object's members left out. They name the tool's version (which
    /// changes with every release, not with the output) and the host's ICU and CLD2. ICU is kept in
    /// the digest file's header instead, and another ICU skips the comparison: its plural and locale
    /// data may legitimately change findings. Without CLD2 the test does not run at all.
    static func pinnedBytes(of report: [UInt8]) -> [UInt8] {
        guard let start = firstIndex(of: Array(#""tool": {"#.utf8), in: report),
              let end = report[start...].firstIndex(of: UInt8(ascii: "}")) else { return report }
        return Array(report[..<start]) + Array(report[(end + 1)...])
    }

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Findings are the only objects with a "rule" member; inside a JSON string every quote is escaped,
    /// so `"rule":` appears only where a finding starts.
    static func findingCount(in report: [UInt8]) -> Int {
        let marker = Array(#""rule":"#.utf8)
        var count = 0, index = 0
        while index + marker.count <= report.count {
            if report[index] == marker[0], report[index..<(index + marker.count)].elementsEqual(marker) {
                count += 1
                index += marker.count
            } else {
                index += 1
            }
        }
        return count
    }

    /// Runs `locale-audit check APP --format json --no-config` in the corpus folder, so the report
    /// names files relative to it wherever the checkout is.
    static func record(app: String, tool: String, scratch: Scratch, extraArguments: [String] = []) throws -> Record {
        let output = scratch.root.appendingPathComponent("\(app).json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["check", app, "--format", "json", "--no-config", "--output", output] + extraArguments
        process.currentDirectoryURL = TestPaths.corpus
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // 0 or 1: findings below or at the failing severity; 2 and above is a broken run.
        #expect(process.terminationStatus <= 1, "\(app): locale-audit exited with \(process.terminationStatus)")
        let report = pinnedBytes(of: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        var hasher = ContentHasher()
        hasher.combine(report)
        return Record(app: app, digest: hasher.finalize(), findings: findingCount(in: report), bytes: report.count)
    }

    static var apps: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: TestPaths.corpus.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    static let header = """
        # The JSON report of each app of ../shared/corpus: `locale-audit check APP --format json --no-config`
        # run in the corpus folder, without the "tool" object. Fields: app, digest (ContentHasher), findings, bytes.
        # Rewrite only for an intentional change of findings (a rule change), after reviewing the findings diff:
        #   \(updateCommand)
        """

    static func storedFile() -> (icu: String?, records: [Record])? {
        guard let text = try? String(contentsOf: digestFile, encoding: .utf8) else { return nil }
        var icu: String? = nil
        var records: [Record] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("icu ") { icu = String(line.dropFirst(4)) } else if let record = Record(line: line) { records.append(record) }
        }
        return (icu, records)
    }

    static func write(_ records: [Record]) throws {
        let lines = [header, "icu \(ICUInfo.icuVersion)"] + records.map(\.line)
        try (lines.joined(separator: "\n") + "\n").write(to: digestFile, atomically: true, encoding: .utf8)
    }

    static let identifierAbsent = "language identification (CLD2's full tables) is unavailable: wrong-language "
        + "reports nothing, so the corpus reports cannot match their digests (install libcld2-dev)"

    @Test(.enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusAbsentMessage)),
          .enabled(if: Robust.tool != nil, Comment(rawValue: Robust.toolAbsentMessage)),
          .enabled(if: LanguageIdentifier.hasFullCoverage, Comment(rawValue: identifierAbsent)))
    func everyAppsJSONReportMatchesItsDigest() throws {
        let tool = try #require(Robust.tool)
        let scratch = try Scratch("corpus-digests")
        defer { scratch.remove() }
        let started = Date()
        let actual = try Self.apps.map { try Self.record(app: $0, tool: tool, scratch: scratch) }
        print("corpus digests: \(actual.count) apps checked in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        if ProcessInfo.processInfo.environment["UPDATE_CORPUS_DIGESTS"] == "1" {
            try Self.write(actual)
            print("corpus digests: rewrote \(Self.digestFile.path)")
            return
        }
        guard let stored = Self.storedFile() else {
            Issue.record("\(Self.digestFile.lastPathComponent) is missing; write it with `\(Self.updateCommand)`")
            return
        }
        if let icu = stored.icu, icu != ICUInfo.icuVersion {
            print("corpus digests: skipped, they were made with ICU \(icu) and this is ICU \(ICUInfo.icuVersion)")
            return
        }
        let expected = Dictionary(stored.records.map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first })
        var changed: [String] = []
        for record in actual {
            guard let before = expected[record.app] else {
                changed.append("\(record.app): not in the digest file (\(record.findings.formatted()) findings)")
                continue
            }
            if before != record {
                changed.append("\(record.app): \(before.findings.formatted()) findings → \(record.findings.formatted()), "
                               + "\(before.bytes.formatted()) bytes → \(record.bytes.formatted()) (digest \(before.digest) → \(record.digest))")
            }
        }
        for app in expected.keys.sorted() where !actual.contains(where: { $0.app == app }) {
            changed.append("\(app): in the digest file but not in the corpus")
        }
        if !changed.isEmpty {
            Issue.record("""
                The corpus JSON reports changed. A change made for speed must not change them; fix it.
                A rule change may: review the findings it changed (`locale-audit check APP --format json --no-config`
                in ../shared/corpus, before and after), then record the new digests with
                  \(Self.updateCommand)
                \(changed.joined(separator: "\n"))
                """)
        }
    }
}
