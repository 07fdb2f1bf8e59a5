import Foundation
import Testing
@testable import LocaleAudit

/// `check` writes reports through `Reporters.write`, which streams JSON a megabyte at a time: the bytes
/// must be exactly the rendered report's, for every format, and the binary must write them to `-o`.
@Suite struct StreamedReportTests {
    private func streamed(_ format: ReportFormat, _ result: AuditResult) -> (text: String, chunks: Int) {
        var bytes: [UInt8] = []
        var chunks = 0
        let collect = { (chunk: UnsafeBufferPointer<UInt8>) in
            bytes.append(contentsOf: chunk)
            chunks += 1
        }
        // A local box: the sink escapes into the writer but runs on this thread only.
        final class Box: @unchecked Sendable { var body: (UnsafeBufferPointer<UInt8>) -> Void = { _ in } }
        let box = Box()
        box.body = collect
        Reporters.write(result, as: format, context: ReportFixture.context) { box.body($0) }
        return (String(decoding: bytes, as: UTF8.self), chunks)
    }

    @Test(arguments: ReportFormat.allCases)
    func streamedEqualsRendered(_ format: ReportFormat) {
        let result = ReportFixture.sampleApp
        #expect(streamed(format, result).text == Reporters.render(result, as: format, context: ReportFixture.context))
    }

    /// A report larger than the writer's one-megabyte buffer arrives in several pieces, in order.
    @Test func largeJSONArrivesInPieces() throws {
        var result = ReportFixture.sampleApp
        let template = try #require(result.findings.first)
        result.findings = (0..<12_000).map { n in
            var finding = template
            finding.message = "finding \(n) " + String(repeating: "é", count: 40)
            return finding
        }
        let (text, chunks) = streamed(.json, result)
        #expect(chunks > 1)
        #expect(text == Reporters.render(result, as: .json, context: ReportFixture.context))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((parsed?["findings"] as? [Any])?.count == 12_000)
    }

    @Test func theBinaryWritesTheStreamAndReportsAnUnwritableOutput() throws {
        let binary = BaselineGateTests.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("skipped: \(binary.path) is not built (make test builds it with `swift build --build-tests`)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let output = folder.appendingPathComponent("report.json").path
        let toFile = try BaselineGateTests.run(["check", sample, "--format", "json", "-o", output], in: folder)
        let toStdout = try BaselineGateTests.run(["check", sample, "--format", "json"], in: folder)
        #expect(toFile.status == 1 && toStdout.status == 1)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == toStdout.output)
        #expect(toFile.output.isEmpty)

        let unwritable = try BaselineGateTests.run(["check", sample, "--format", "json", "-o", folder.path + "/missing/report.json"],
                                                   in: folder)
        #expect(unwritable.status == 2)
        #expect(unwritable.errors.contains("cannot write"))
        #expect(unwritable.errors.contains("missing/report.json"))
    }
}
