import Foundation
import Testing
@testable import LocaleAudit

/// The CI-gate promise on a real project: a baseline written today makes `check --baseline` pass;
/// one new defect fails the gate (exit 1) and is the only finding reported. Runs the built binary.
@Suite struct BaselineGateTests {
    static let binary = TestPaths.packageRoot.appendingPathComponent(".build/debug/locale-audit")

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                   errors: String(decoding: errors, as: UTF8.self))
    }

    @Test func duckDuckGoBaselineThenOneNewDefect() throws {
        let corpus = TestPaths.corpus.appendingPathComponent("duckduckgo+iOS")
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            print("skipped: \(TestPaths.corpusAbsentMessage)")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            print("skipped: \(Self.binary.path) is not built (make test builds it with `swift build --build-tests`)")
            return
        }
        let root = try TestPaths.makeTemporaryDirectory("gate")
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("app")
        try FileManager.default.copyItem(at: corpus, to: copy)
        // The corpus is read-only on disk; the copy must be writable to plant the defect.
        let chmod = Process()
        chmod.executableURL = URL(fileURLWithPath: "/bin/chmod")
        chmod.arguments = ["-R", "u+w", copy.path]
        try chmod.run()
        chmod.waitUntilExit()

        let written = try Self.run(["baseline", "app", "-o", "baseline.json", "--no-config"], in: root)
        #expect(written.status == 0, "\(written.errors)")
        let clean = try Self.run(["check", "app", "--baseline", "baseline.json", "--no-config", "--format", "xcode"], in: root)
        #expect(clean.status == 0, "\(clean.output)\(clean.errors)")
        #expect(clean.output.isEmpty)
        #expect(clean.errors.contains("0 errors, 0 warnings, 0 notes"))

        // One new defect: a German translation that reads its argument as an integer.
        let german = copy.appendingPathComponent("DuckDuckGo/de.lproj/Localizable.strings")
        var text = try String(contentsOf: german, encoding: .utf8)
        let original = "\"autofill.logins.list.login-deleted-message\" = "
        let range = try #require(text.range(of: original))
        let lineEnd = try #require(text[range.upperBound...].firstIndex(of: "\n"))
        text.replaceSubrange(range.lowerBound..<lineEnd, with: original + "\"Passwort für %d gelöscht\";")
        try text.write(to: german, atomically: true, encoding: .utf8)

        let gated = try Self.run(["check", "app", "--baseline", "baseline.json", "--no-config", "--format", "xcode"], in: root)
        #expect(gated.status == 1, "\(gated.errors)")
        let lines = gated.output.split(separator: "\n")
        #expect(lines.count == 1, "\(gated.output)")
        #expect(lines.first?.contains("[format-type-mismatch]") == true)
        #expect(lines.first?.contains("autofill.logins.list.login-deleted-message") == true)
        #expect(gated.errors.contains("1 error, 0 warnings, 0 notes"))
    }
}
