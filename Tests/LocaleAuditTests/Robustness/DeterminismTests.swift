import Foundation
import Testing
@testable import LocaleAudit

/// Every output is a function of the input alone: byte-identical across runs and worker counts.
@Suite struct DeterminismTests {
    /// Every report format and, with `everything`, the XLIFF fix list, the baseline and the speech ranges of one run.
    static func outputs(_ paths: [String], workers: Int, everything: Bool = true) -> [String: String] {
        let options = AuditOptions(workers: workers)
        let result = Auditor.audit(paths: paths, options: options)
        let context = ReportContext(baseDirectory: TestPaths.packageRoot.path, toolVersion: "{VERSION}")
        var outputs: [String: String] = [:]
        for format in ReportFormat.allCases { outputs[format.rawValue] = Reporters.render(result, as: format, context: context) }
        guard everything else { return outputs }
        for document in XLIFFFixList.documents(for: result) { outputs["fix-list/" + document.fileName] = document.text }
        outputs["baseline"] = Baseline(findings: result.findings, roots: paths).serialized()
        outputs["speech-ranges"] = SpeechRangeExport.json(SpeechRangeExport.entries(in: result.project, options: options))
        return outputs
    }

    static func expectIdentical(_ reference: [String: String], _ other: [String: String], _ label: String,
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(reference.keys.sorted() == other.keys.sorted(), "\(label): different outputs", sourceLocation: sourceLocation)
        for (name, text) in reference.sorted(by: { $0.key < $1.key }) {
            guard let second = other[name], second != text else { continue }
            let a = text.split(separator: "\n", omittingEmptySubsequences: false)
            let b = second.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("\(label): \(name) differs first at line \(line + 1):\n  \(line < a.count ? a[line] : "(end)")\n  \(line < b.count ? b[line] : "(end)")",
                         sourceLocation: sourceLocation)
        }
    }

    @Test func sampleAppIsIdenticalAcrossRunsAndWorkerCounts() {
        let sample = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let reference = Self.outputs([sample], workers: 1)
        #expect(reference.count >= ReportFormat.allCases.count + 3)
        #expect(reference.keys.contains { $0.hasPrefix("fix-list/") })
        for workers in [2, 7, 2] {
            Self.expectIdentical(reference, Self.outputs([sample], workers: workers), "SampleApp, \(workers) workers vs 1")
        }
    }

    /// Separate processes hash with different seeds: a report that iterated a dictionary would differ
    /// between them even where two runs in one process agree.
    @Test func sampleAppIsIdenticalAcrossProcesses() throws {
        guard Robust.tool != nil else {
            print("skipped: \(Robust.toolAbsentMessage)")
            return
        }
        let sample = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let scratch = try Scratch("determinism")
        defer { scratch.remove() }
        for format in ReportFormat.allCases {
            var reports: [String] = []
            for jobs in [1, 7, 2] {
                let output = scratch.path + "/\(format.rawValue)-\(jobs)"
                let run = try #require(try Robust.runTool(["check", sample, "--format", format.rawValue, "--jobs", "\(jobs)", "--output", output]))
                #expect(run.status == 1, "\(run.standardError)")  // SampleApp has errors by design
                reports.append(try String(contentsOfFile: output, encoding: .utf8))
            }
            #expect(!reports[0].isEmpty)
            #expect(reports.allSatisfy { $0 == reports[0] }, "\(format) differs between processes")
        }
    }

    @Test func corpusIsIdenticalAcrossWorkerCounts() throws {
        guard TestPaths.corpusIsPresent else {
            print("skipped: \(TestPaths.corpusAbsentMessage)")
            return
        }
        let corpus = TestPaths.corpus.path
        let started = Date()
        // Every report format; the other outputs are covered on SampleApp (a debug build renders the
        // corpus's findings slowly, and this test already takes a minute or two there).
        let one = Self.outputs([corpus], workers: 1, everything: false)
        let seven = Self.outputs([corpus], workers: 7, everything: false)
        print("determinism: two corpus runs with every report format in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect((one["json"]?.utf8.count ?? 0) > 1_000_000)
        Self.expectIdentical(one, seven, "corpus, 7 workers vs 1")
    }
}
