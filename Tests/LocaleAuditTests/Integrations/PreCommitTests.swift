import Foundation
import Testing

/// The pre-commit hook (`.pre-commit-hooks.yaml`, `language: swift`), run for real: pre-commit clones a
/// git copy of this package, builds it in release mode and runs the README's configuration in a fixture
/// repository, first with a defective catalog, then with it fixed.
///
/// One release build per test run. `pre-commit try-repo` cannot share it between two runs: it makes a
/// new store in a throwaway folder every time and ignores PRE_COMMIT_HOME (pre_commit/commands/try_repo.py,
/// `Store(tempdir)`). So the test writes the `.pre-commit-config.yaml` users write, pointing at the copy,
/// and keeps PRE_COMMIT_HOME in its scratch folder: the second run finds the built environment.
@Suite struct PreCommitTests {
    static let preCommit = executableOnPath(["pre-commit"])
    static let git = executableOnPath(["git"])
    static let swift = executableOnPath(["swift"])
    static let absent = "pre-commit, git or swift is not on PATH (pip install pre-commit): the pre-commit hook is not run"

    /// The README's `.pre-commit-config.yaml` example.
    static func readmeConfiguration() throws -> String {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "```yaml\nrepos:\n"
        let start = try #require(readme.range(of: marker), "the README shows a .pre-commit-config.yaml that starts with `repos:`")
        let body = readme[readme.index(start.lowerBound, offsetBy: "```yaml\n".count)...]
        let end = try #require(body.range(of: "```"))
        return String(body[..<end.lowerBound])
    }

    /// A git repository holding this package's working tree as it is now (tracked and new files, not
    /// what .gitignore leaves out, so no build folder): what pre-commit clones as the hook repository.
    static func hookRepositoryCopy(in scratch: Scratch) throws -> (path: String, revision: String) {
        let root = TestPaths.packageRoot
        let listing = try runProgram(git!, ["-C", root.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        #expect(listing.status == 0, "\(listing.error)")
        let copy = scratch.root.appendingPathComponent("hook-repo")
        for relative in listing.output.split(separator: "\0").map(String.init) {
            let source = root.appendingPathComponent(relative)
            // A file deleted in the working tree but still in the index.
            guard (try? source.checkResourceIsReachable()) == true else { continue }
            let target = copy.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        try commitAll(in: copy.path, message: "hook repository")
        let head = try runProgram(git!, ["-C", copy.path, "rev-parse", "HEAD"])
        return (copy.path, head.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func commitAll(in directory: String, message: String) throws {
        if !FileManager.default.fileExists(atPath: directory + "/.git") {
            let initialize = try runProgram(git!, ["init", "-q", directory])
            #expect(initialize.status == 0, "\(initialize.error)")
        }
        for arguments in [["add", "-A"],
                          ["-c", "user.name=locale-audit tests", "-c", "user.email=tests@example.invalid",
                           "-c", "commit.gpgsign=false", "commit", "-q", "-m", message]] {
            let run = try runProgram(git!, ["-C", directory] + arguments)
            #expect(run.status == 0, "git \(arguments.joined(separator: " ")): \(run.output)\(run.error)")
        }
    }

    /// pre-commit in `directory` with its store in `home`. The first run builds the package in release
    /// mode, which takes minutes on a busy machine.
    static func preCommitRun(in directory: String, home: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try runProgram("/usr/bin/env", ["-C", directory, "PRE_COMMIT_HOME=\(home)", preCommit!, "run", "--color", "never"] + arguments,
                       timeout: 3600)
    }

    /// pre-commit's own schema checks, which take a second: the hook manifest and the README's example.
    @Test(.enabled(if: preCommit != nil, Comment(rawValue: absent)))
    func theManifestAndTheReadmeConfigurationAreValid() throws {
        let manifest = TestPaths.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml").path
        let checkManifest = try runProgram(Self.preCommit!, ["validate-manifest", manifest])
        #expect(checkManifest.status == 0, "\(checkManifest.output)\(checkManifest.error)")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        for line in ["- id: locale-audit", "language: swift", "pass_filenames: false"] {
            #expect(text.contains(line), "the manifest has `\(line)`")
        }
        let scratch = try Scratch("pre-commit-config")
        defer { scratch.remove() }
        let config = try scratch.write(".pre-commit-config.yaml", try Self.readmeConfiguration())
        let checkConfig = try runProgram(Self.preCommit!, ["validate-config", config])
        #expect(checkConfig.status == 0, "\(checkConfig.output)\(checkConfig.error)")
    }

    @Test(.enabled(if: preCommit != nil && git != nil && swift != nil, Comment(rawValue: absent)))
    func theHookFailsOnADefectiveCatalogAndPassesOnceItIsFixed() throws {
        let scratch = try Scratch("pre-commit")
        defer { scratch.remove() }
        let hook = try Self.hookRepositoryCopy(in: scratch)
        let home = scratch.root.appendingPathComponent("pre-commit-home").path

        // The app: German turns a number into an object (%d → %@), which crashes at run time.
        let app = scratch.root.appendingPathComponent("app").path
        let english = "/* Files in the folder. */\n\"files.count\" = \"%d files\";\n"
        try scratch.write("app/App/en.lproj/Localizable.strings", english)
        try scratch.write("app/App/de.lproj/Localizable.strings", "/* Files in the folder. */\n\"files.count\" = \"%@ Dateien\";\n")
        try scratch.write("app/notes.txt", "not a catalog\n")
        let configuration = try Self.readmeConfiguration()
            .replacingOccurrences(of: "https://github.com/OWNER/locale-audit", with: hook.path)
            .replacingOccurrences(of: #"rev: v[0-9.]+"#, with: "rev: \(hook.revision)", options: .regularExpression)
        #expect(configuration.contains("rev: \(hook.revision)"), "the README's example names a release tag: \(configuration)")
        try scratch.write("app/.pre-commit-config.yaml", configuration)
        try Self.commitAll(in: app, message: "a defective catalog")

        let failing = try Self.preCommitRun(in: app, home: home, ["--all-files"])
        #expect(failing.status == 1, "the hook fails on the defect: \(failing.output)\(failing.error)")
        #expect(failing.output.contains("Installing environment"), "the first run builds the hook: \(failing.output)")
        #expect(failing.output.contains("format-type-mismatch"), "the rule is named: \(failing.output)")
        #expect(failing.output.contains("de.lproj/Localizable.strings"), "the file is named: \(failing.output)")

        try scratch.write("app/App/de.lproj/Localizable.strings", "/* Files in the folder. */\n\"files.count\" = \"%d Dateien\";\n")
        try Self.commitAll(in: app, message: "fixed")
        let passing = try Self.preCommitRun(in: app, home: home, ["--all-files"])
        #expect(passing.status == 0, "the fixed catalog passes: \(passing.output)\(passing.error)")
        #expect(passing.output.contains("Passed"), "\(passing.output)")
        #expect(!passing.output.contains("Installing environment"), "the second run reuses the first run's build: \(passing.output)")

        // `files:` selects catalogs: a change elsewhere does not run the audit.
        let unrelated = try Self.preCommitRun(in: app, home: home, ["--files", "notes.txt"])
        #expect(unrelated.status == 0, "\(unrelated.output)\(unrelated.error)")
        #expect(unrelated.output.contains("(no files to check)Skipped"), "\(unrelated.output)")
    }
}
