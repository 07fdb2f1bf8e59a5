import Foundation
import Testing
@testable import LocaleAudit

/// `check --cache`: the second run of an unchanged project replays the first's report, summary,
/// stamp and exit status byte for byte; an edit re-audits; a damaged entry is reported and replaced.
@Suite struct CacheRunTests {
    @Test func warmRunReplaysAndAnEditReaudits() throws {
        guard FileManager.default.isExecutableFile(atPath: BaselineGateTests.binary.path) else {
            print("skipped: \(BaselineGateTests.binary.path) is not built (make test builds it with `swift build --build-tests`)")
            return
        }
        let root = try TestPaths.makeTemporaryDirectory("cache-run")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("app")
        try FileManager.default.copyItem(at: TestPaths.fixtures.appendingPathComponent("SampleApp"), to: app)
        let arguments = ["check", "app", "--no-config", "--format", "json", "--cache", "cache", "--summary", "summary.md"]
        func run(_ output: String) throws -> BaselineGateTests.Run {
            try BaselineGateTests.run(arguments + ["-o", output, "--stamp", output + ".stamp"], in: root)
        }
        func read(_ name: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        }

        let cold = try run("cold.json")
        #expect(cold.status == 1, "SampleApp has errors: \(cold.errors)")
        #expect(!cold.errors.contains("replayed"))
        let warm = try run("warm.json")
        #expect(warm.status == cold.status)
        #expect(warm.errors.contains("replayed from the cache"), "\(warm.errors)")
        #expect(try read("warm.json") == read("cold.json"), "the report is replayed byte for byte")
        #expect(try read("warm.json.stamp").contains("replayed from the cache"))
        let summary = try read("summary.md")
        #expect(!summary.isEmpty && summary.count % 2 == 0 && summary.prefix(summary.count / 2) == summary.suffix(summary.count / 2),
                "the summary is appended again, the same")
        let counts = try #require(cold.errors.split(separator: "(").first)
        #expect(warm.errors.hasPrefix(counts), "the same counts on standard error")

        // An edited catalog is audited anew, and its report differs.
        let german = app.appendingPathComponent("Resources/de.lproj/Localizable.strings")
        try (String(contentsOf: german, encoding: .utf8) + "\"only.in.german\" = \"Nur hier\";\n").write(to: german, atomically: true, encoding: .utf8)
        let edited = try run("edited.json")
        #expect(!edited.errors.contains("replayed"), "\(edited.errors)")
        #expect(try read("edited.json").contains("only.in.german"))

        // A damaged entry is named, ignored, and replaced by a good one.
        let entries = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("cache").path)
        #expect(entries.count == 2)
        for name in entries {
            let url = root.appendingPathComponent("cache/" + name)
            try Data("locale-audit cache 1\nnot what was written".utf8).write(to: url)
        }
        let afterDamage = try run("damaged.json")
        #expect(afterDamage.errors.contains("does not read back as written"), "\(afterDamage.errors)")
        #expect(try read("damaged.json") == read("edited.json"))
        let repaired = try run("repaired.json")
        #expect(repaired.errors.contains("replayed from the cache"))
    }
}
