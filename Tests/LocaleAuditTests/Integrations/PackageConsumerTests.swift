import Foundation
import Testing

/// locale-audit as users get it: a package that depends on it through a git URL *by version* (which
/// SwiftPM refuses for a package with `.unsafeFlags`), imports the library, and applies the build
/// tool plugin; and `swift package locale-audit`, the command plugin.
///
/// A fresh build of the dependency takes minutes, so one consumer package serves every test: it is
/// built once, then changed and built again step by step, each step's output kept for the tests.
@Suite struct PackageConsumerTests {
    static let git = executableOnPath(["git"])
    static let gitAbsent = "git is not installed: the consumer-package and plugin tests are skipped (they depend on locale-audit through a file:// git URL by version)"

    /// The cheap half of the by-version check, which runs even without git: nothing in the manifest
    /// that SwiftPM refuses in a dependency, and no tool of ours offered to users as a product.
    @Test func theManifestHasNoUnsafeFlagsAndOffersOnlyUserProducts() throws {
        let manifest = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("unsafeFlags("))
        let products = manifest.components(separatedBy: "products: [").dropFirst().first?.components(separatedBy: "    ],").first ?? ""
        for tool in ["locale-audit-bench", "locale-audit-fuzz"] { #expect(!products.contains(tool), "\(tool) is a product") }
        for product in ["\"LocaleAudit\"", "\"LocaleAuditBuildPlugin\"", "\"LocaleAuditCommandPlugin\""] {
            #expect(products.contains(product), "\(product) is missing from the products")
        }
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func aPackageDependsOnTheLibraryByVersionAndCallsIt() throws {
        let run = try ConsumerFixture.shared.get()
        #expect(run.resolution.contains("99.0.0"), "resolved by version: \(run.firstBuild.log)")
        #expect(run.firstBuild.status == 0, "the consumer builds: \(run.firstBuild.log)")
        #expect(!run.firstBuild.log.contains("unsafe"), "\(run.firstBuild.log)")
        // The consumer's own program audits the broken catalog pair with the library.
        #expect(run.program.status == 0, "\(run.program.log)")
        #expect(run.program.output == "findings: 1; errors: 1; rules: format-type-mismatch\n", "\(run.program.log)")
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func theBuildToolPluginShowsWarningsWithTheirPositionsAndTheBuildSucceeds() throws {
        let run = try ConsumerFixture.shared.get()
        #expect(run.firstBuild.status == 0, "warnings do not fail the build: \(run.firstBuild.log)")
        let warning = "\(run.consumer)/Sources/App/Resources/en.lproj/Localizable.strings:2:1: warning: "
        #expect(run.firstBuild.lines(containing: warning).contains { $0.hasSuffix("[missing-translation]") }, "\(run.firstBuild.log)")
        #expect(run.firstBuild.log.contains(ConsumerFixture.auditing("App")), "\(run.firstBuild.log)")
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func theBuildToolPluginFailsTheBuildOnAnErrorAtItsPosition() throws {
        let run = try ConsumerFixture.shared.get()
        #expect(run.brokenBuild.status != 0, "an error fails the build: \(run.brokenBuild.log)")
        let error = "\(run.consumer)/Sources/Strings/Resources/de.lproj/Localizable.strings:1:14: error: "
        #expect(run.brokenBuild.lines(containing: error).contains { $0.hasSuffix("[format-type-mismatch]") }, "\(run.brokenBuild.log)")
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func anUnchangedTargetIsNotAuditedAgainAndAChangedOneIs() throws {
        let run = try ConsumerFixture.shared.get()
        #expect(run.unchangedBuild.status == 0, "\(run.unchangedBuild.log)")
        #expect(!run.unchangedBuild.log.contains(ConsumerFixture.auditing("App")), "nothing changed: \(run.unchangedBuild.log)")
        // The French table gained the missing string: audited again, and clean now.
        #expect(run.fixedBuild.status == 0, "\(run.fixedBuild.log)")
        #expect(run.fixedBuild.log.contains(ConsumerFixture.auditing("App")), "a catalog changed: \(run.fixedBuild.log)")
        #expect(!run.fixedBuild.log.contains("[missing-translation]"), "\(run.fixedBuild.log)")
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func catalogsChangedBackReplayTheCachedAudit() throws {
        let run = try ConsumerFixture.shared.get()
        #expect(run.revertedBuild.status == 0, "\(run.revertedBuild.log)")
        #expect(run.revertedBuild.log.contains("replayed from the cache"), "\(run.revertedBuild.log)")
        let warning = "\(run.consumer)/Sources/App/Resources/en.lproj/Localizable.strings:2:1: warning: "
        #expect(run.revertedBuild.lines(containing: warning).contains { $0.hasSuffix("[missing-translation]") },
                "the replayed audit shows the same warning: \(run.revertedBuild.log)")
    }

    @Test(.enabled(if: git != nil, Comment(rawValue: gitAbsent)))
    func theCommandPluginChecksThePackage() throws {
        let run = try ConsumerFixture.shared.get()
        // No arguments: `check` on the whole package, where the Strings target has an error.
        #expect(run.commandCheck.status != 0, "\(run.commandCheck.log)")
        #expect(run.commandCheck.log.contains("Sources/Strings/Resources/de.lproj/Localizable.strings"), "\(run.commandCheck.log)")
        #expect(run.commandCheck.log.contains("format-type-mismatch"), "\(run.commandCheck.log)")
        // A subcommand with its options and a path relative to the package.
        #expect(run.commandCleanTarget.status == 0, "\(run.commandCleanTarget.log)")
        #expect(run.commandCleanTarget.log.contains("0 errors, 0 warnings"), "\(run.commandCleanTarget.log)")
    }
}

/// One consumer package, built and changed once per test run; every step's exit status and output.
struct ConsumerFixture: Sendable {
    struct Step: Sendable {
        var status: Int32
        var output: String
        var error: String
        var log: String { output + error }
        func lines(containing text: String) -> [Substring] { log.split(separator: "\n").filter { $0.contains(text) } }
    }

    /// The consumer's folder (gone once the fixture is made; paths in outputs still name it).
    var consumer: String
    var resolution: String
    var firstBuild: Step
    var firstBuildSeconds: Double
    var program: Step
    var unchangedBuild: Step
    var fixedBuild: Step
    var revertedBuild: Step
    var brokenBuild: Step
    var commandCheck: Step
    var commandCleanTarget: Step

    static let shared: Result<ConsumerFixture, any Error> = Result { try make() }

    static func auditing(_ target: String) -> String { "Auditing the localization catalogs of \(target)" }

    /// A git repository holding a copy of this checkout's files (what is on disk, committed or
    /// not), tagged with a version no real release has.
    static let version = "99.0.0"
    static let skippedEntries: Set<String> = [".git", ".swiftpm", "Package.resolved", "fuzz-out", "bench-out"]

    static func make() throws -> ConsumerFixture {
        guard let git = PackageConsumerTests.git else { throw FixtureError("git is not installed") }
        guard let swift = executableOnPath(["swift"]) else { throw FixtureError("swift is not on PATH") }
        let scratch = try Scratch("consumer")
        // Everything is captured before returning; the build folder is large.
        defer { scratch.remove() }
        let dependency = scratch.root.appendingPathComponent("locale-audit")
        try FileManager.default.createDirectory(at: dependency, withIntermediateDirectories: true)
        let root = TestPaths.packageRoot.path
        for entry in try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        where !skippedEntries.contains(entry) && !entry.hasPrefix(".build") {
            // cp -a keeps the fixtures' symbolic links (loops and dangling ones) as links.
            try step("/bin/cp", ["-a", "\(root)/\(entry)", dependency.path]).require("copy \(entry)")
        }
        let quiet = ["-C", dependency.path, "-c", "user.name=locale-audit tests", "-c", "user.email=tests@invalid",
                     "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"]
        try step(git, quiet + ["init", "-q"]).require("git init")
        try step(git, quiet + ["add", "-A"]).require("git add")
        try step(git, quiet + ["commit", "-q", "-m", "locale-audit under test"]).require("git commit")
        try step(git, quiet + ["tag", version]).require("git tag")

        let consumer = scratch.root.appendingPathComponent("consumer")
        try writeConsumer(at: consumer, dependency: dependency)
        // A cache of its own, so nothing of this run lands in the user's SwiftPM cache.
        let cache = ["--cache-path", scratch.root.appendingPathComponent("cache").path]
        let package = ["--package-path", consumer.path]

        let resolve = try step(swift, ["package"] + package + cache + ["resolve"], timeout: 600)
        let started = Date()
        let first = try step(swift, ["build"] + package + cache + ["--product", "App"], timeout: 3600)
        let seconds = Date().timeIntervalSince(started)
        print("PackageConsumerTests: a fresh build of a consumer package with the library and the plugin took \(Int(seconds.rounded())) s")
        let binary = consumer.appendingPathComponent(".build/debug/App").path
        let program = FileManager.default.isExecutableFile(atPath: binary)
            ? try step(binary, [consumer.appendingPathComponent("Sources/Strings/Resources").path])
            : Step(status: -1, output: "", error: "no program at \(binary)")
        // SwiftPM 6.3 builds the plugin's tool a second time on the build after the first one (seen
        // here: its C objects are compiled again and it is relinked, so every plugin command runs
        // again); from then on an unchanged target is left alone, which is what is tested.
        let settle = try step(swift, ["build"] + package + cache + ["--product", "App"], timeout: 900)
        try settle.require("the second build")
        let unchanged = try step(swift, ["build"] + package + cache + ["--product", "App"], timeout: 900)
        try Data(frenchComplete.utf8).write(to: consumer.appendingPathComponent("Sources/App/Resources/fr.lproj/Localizable.strings"))
        let fixed = try step(swift, ["build"] + package + cache + ["--product", "App"], timeout: 900)
        // Back to the French of the builds before: the plugin's command runs again and replays the
        // settling build's audit from its cache (the first build's entry belongs to the tool as first
        // linked: the key counts the executable's size and time). Then complete again, as the
        // command-plugin steps below expect.
        let french = consumer.appendingPathComponent("Sources/App/Resources/fr.lproj/Localizable.strings")
        try Data(frenchIncomplete.utf8).write(to: french)
        let reverted = try step(swift, ["build"] + package + cache + ["--product", "App"], timeout: 900)
        try Data(frenchComplete.utf8).write(to: french)
        let broken = try step(swift, ["build"] + package + cache + ["--target", "Strings"], timeout: 900)
        let check = try step(swift, ["package"] + package + cache + ["locale-audit"], timeout: 900)
        let clean = try step(swift, ["package"] + package + cache + ["locale-audit", "check", "Sources/App", "--format", "xcode"], timeout: 900)
        return ConsumerFixture(consumer: consumer.path, resolution: resolve.log, firstBuild: first, firstBuildSeconds: seconds,
                               program: program, unchangedBuild: unchanged, fixedBuild: fixed, revertedBuild: reverted, brokenBuild: broken,
                               commandCheck: check, commandCleanTarget: clean)
    }

    static let english = "\"greeting\" = \"Hello, %@!\";\n\"bye\" = \"Goodbye\";\n"
    /// A warning only: "bye" has no French translation.
    static let frenchIncomplete = "\"greeting\" = \"Bonjour, %@ !\";\n"
    static let frenchComplete = "\"greeting\" = \"Bonjour, %@ !\";\n\"bye\" = \"Au revoir\";\n"
    /// An error: the translation reads an object argument as an integer.
    static let germanBroken = "\"greeting\" = \"Hallo, %d!\";\n\"bye\" = \"Tschüss\";\n"

    static func writeConsumer(at consumer: URL, dependency: URL) throws {
        let files: [String: String] = [
            "Package.swift": """
                // swift-tools-version:6.1
                import PackageDescription

                let package = Package(
                    name: "consumer",
                    defaultLocalization: "en",
                    dependencies: [.package(url: "\(dependency.absoluteString)", from: "\(version)")],
                    targets: [
                        .executableTarget(
                            name: "App",
                            dependencies: [.product(name: "LocaleAudit", package: "locale-audit")],
                            resources: [.process("Resources")],
                            plugins: [.plugin(name: "LocaleAuditBuildPlugin", package: "locale-audit")]
                        ),
                        .target(
                            name: "Strings",
                            resources: [.process("Resources")],
                            plugins: [.plugin(name: "LocaleAuditBuildPlugin", package: "locale-audit")]
                        ),
                    ]
                )

                """,
            "Sources/App/main.swift": """
                import LocaleAudit

                let result = Auditor.audit(paths: Array(CommandLine.arguments.dropFirst()))
                let rules = Set(result.findings.map(\\.ruleID)).sorted().joined(separator: ",")
                print("findings: \\(result.findings.count); errors: \\(result.count(.error)); rules: \\(rules)")

                """,
            "Sources/App/Resources/en.lproj/Localizable.strings": english,
            "Sources/App/Resources/fr.lproj/Localizable.strings": frenchIncomplete,
            "Sources/Strings/Strings.swift": "public let tableName = \"Localizable\"\n",
            "Sources/Strings/Resources/en.lproj/Localizable.strings": english,
            "Sources/Strings/Resources/de.lproj/Localizable.strings": germanBroken,
        ]
        for (path, text) in files {
            let url = consumer.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    static func step(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> Step {
        let run = try runProgram(executable, arguments, timeout: timeout)
        return Step(status: run.status, output: run.output, error: run.error)
    }
}

extension ConsumerFixture.Step {
    func require(_ what: String) throws {
        if status != 0 { throw FixtureError("\(what) failed (\(status)): \(log)") }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
