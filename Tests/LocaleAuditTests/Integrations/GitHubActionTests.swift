import Foundation
import Testing
@testable import LocaleAudit

/// The composite GitHub Action (`action.yml`): its metadata against GitHub's schema, the README's
/// workflow against the workflow schema, and its audit step run for real on the sample app.
@Suite struct GitHubActionTests {
    static let checker = executableOnPath(["check-jsonschema"])
    static let python = executableOnPath(["python3"])
    static let actionPath = TestPaths.packageRoot.appendingPathComponent("action.yml").path
    static let checkerAbsent = "check-jsonschema is not installed (pip install check-jsonschema): action.yml and the README workflow are not validated"

    @Test(.enabled(if: checker != nil, Comment(rawValue: checkerAbsent)))
    func actionMetadataMatchesGitHubsSchema() throws {
        let run = try runProgram(Self.checker!, ["--builtin-schema", "vendor.github-actions", Self.actionPath])
        #expect(run.status == 0, "\(run.output)\(run.error)")
    }

    /// The README's workflow example, which uses the action.
    static func readmeWorkflow() throws -> String {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "```yaml\nname: localization"
        let start = try #require(readme.range(of: marker), "the README shows a workflow that starts with `name: localization`")
        let body = readme[readme.index(start.lowerBound, offsetBy: "```yaml\n".count)...]
        let end = try #require(body.range(of: "```"))
        return String(body[..<end.lowerBound])
    }

    @Test(.enabled(if: checker != nil, Comment(rawValue: checkerAbsent)))
    func theReadmeWorkflowIsAValidWorkflowThatUsesTheAction() throws {
        let workflow = try Self.readmeWorkflow()
        #expect(workflow.contains("/locale-audit@v1"))
        for input in ["paths:", "fail-on:", "sarif-file:"] { #expect(workflow.contains(input), "the example sets \(input)") }
        let scratch = try Scratch("workflow")
        defer { scratch.remove() }
        let file = try scratch.write("localization.yml", workflow)
        let run = try runProgram(Self.checker!, ["--builtin-schema", "vendor.github-workflows", file])
        #expect(run.status == 0, "\(run.output)\(run.error)")
    }

    /// Runs the action's `Audit` step as the runner would: its script, its environment, and the
    /// files GitHub provides for outputs and the job summary.
    @Test(.enabled(if: Robust.tool != nil && python != nil, Comment(rawValue: Robust.toolAbsentMessage)))
    func theAuditStepAnnotatesWritesSARIFAndASummaryAndGates() throws {
        let scratch = try Scratch("action")
        defer { scratch.remove() }
        // The script of the step with id "audit", read with PyYAML as GitHub reads the file.
        let extract = try runProgram(Self.python!, ["-c", """
            import sys, yaml
            steps = yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]
            print(next(s for s in steps if s.get("id") == "audit")["run"], end="")
            """, Self.actionPath])
        #expect(extract.status == 0, "\(extract.error)")
        let script = try scratch.write("audit.sh", extract.output)
        // The action runs the tool it built under its own folder.
        let actionDirectory = scratch.root.appendingPathComponent("action")
        try FileManager.default.createDirectory(at: actionDirectory.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: actionDirectory.appendingPathComponent(".build/release/locale-audit").path,
                                                   withDestinationPath: Robust.tool!)
        let output = try scratch.write("github-output", ""), summary = try scratch.write("step-summary", "# earlier step\n")
        let sarif = scratch.root.appendingPathComponent("out.sarif").path
        let sample = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let environment = ["GITHUB_ACTION_PATH=\(actionDirectory.path)", "GITHUB_OUTPUT=\(output)", "GITHUB_STEP_SUMMARY=\(summary)",
                           "LA_PATHS=\(sample)", "LA_FAIL_ON=error", "LA_BASELINE=", "LA_CONFIG=", "LA_SARIF=\(sarif)",
                           "LA_MAX_ANNOTATIONS=10", "PATH=/usr/bin:/bin"]
        let run = try runProgram("/usr/bin/env", environment + ["bash", "-e", script])
        #expect(run.status == 1, "the sample app has errors: the step fails. \(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(lines.last?.contains("more findings are not annotated") == true)
        let written = try String(contentsOfFile: sarif, encoding: .utf8)
        #expect(written.contains("\"version\": \"2.1.0\""))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "sarif-file=\(sarif)\n")
        let page = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(page.hasPrefix("# earlier step\n## locale-audit: "), "the summary is appended")
        #expect(page.contains("| Locale | Errors | Warnings | Notes | Translated |"))
        #expect(page.utf8.count < 1 << 20, "GitHub takes at most 1 MiB per step summary")
    }
}
