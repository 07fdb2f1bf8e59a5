import ArgumentParser
import Foundation
import LocaleAudit

extension DiffFormat: ExpressibleByArgument {}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two versions of the catalogs: keys, translations, plural forms, coverage and findings.",
        discussion: """
        Each side is a folder, or REV:PATH read straight from git objects (no checkout) of the \
        repository holding the current folder or --repo: `locale-audit diff v1.2.0:App/Resources \
        HEAD:App/Resources`. PATH is from the top of the repository, or from the current folder when \
        it starts with ./ (as in git). Exit status: 0, or 1 with --fail-on-regression when a \
        translation was lost, a locale's coverage dropped or a new error appeared; 2 for usage errors \
        and sides that cannot be read.
        """)

    @Argument(help: "The old version: a folder, or REV:PATH.")
    var old: String

    @Argument(help: "The new version: a folder, or REV:PATH.")
    var new: String

    @Option(help: "The git repository REV:PATH sides are read from (default: the one holding the current folder).")
    var repo: String?

    @Option(help: "Output format: \(DiffFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: DiffFormat = .text

    @Option(name: [.customShort("o"), .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(name: .customLong("fail-on-regression"), help: "Exit 1 when a translation was lost, a locale's coverage dropped or a new error appeared.")
    var failOnRegression = false

    @Option(help: "Configuration file (default: the nearest .locale-audit.yml above the current folder).")
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Ignore .locale-audit.yml files.")
    var noConfig = false

    @Option(name: .customLong("source-language"), help: "The development language (default: from the configuration, else detected per side).")
    var sourceLanguage: String?

    @Option(help: "Worker threads (default: the number of cores). The output does not depend on it.")
    var jobs: Int?

    func run() throws {
        var configuration = Configuration()
        if let config, noConfig { throw ValidationError("--config \(config) and --no-config contradict each other") }
        if !noConfig, let path = config ?? Configuration.find(above: FileManager.default.currentDirectoryPath) {
            do {
                configuration = try Configuration.load(from: path)
            } catch {
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                throw ExitCode(2)
            }
        }
        var options = AuditOptions(configuration: configuration, workers: jobs ?? Parallel.defaultWorkerCount)
        if let sourceLanguage { options.sourceLanguage = sourceLanguage }

        var specs: [DiffSideSpec] = []
        for argument in [old, new] {
            guard let spec = DiffSideSpec.parse(argument) else {
                throw ValidationError("'\(argument)' is neither a folder nor REV:PATH (e.g. v1.2.0:App/Resources)")
            }
            specs.append(spec)
        }
        var repository: GitRepository? = nil
        if specs.contains(where: \.isGit) {
            do {
                repository = try GitRepository(at: repo ?? FileManager.default.currentDirectoryPath)
            } catch {
                throw failure(error.description)
            }
        }
        // Both sides are read and checked at once: an audit has stretches that keep one core busy
        // (indexing, consolidation, sorting), and the other side's audit fills the second. Timing
        // output is per phase of one audit, so with it the sides take turns.
        let (sideRepository, sideOptions) = (repository, options)
        let loaded = Parallel.map(specs, workers: Timing.enabled ? 1 : specs.count) { spec in
            Result { () throws(DiffSide.LoadError) -> DiffSide in try DiffSide.load(spec, repository: sideRepository, options: sideOptions) }
        }
        var sides: [DiffSide] = []
        for side in loaded {
            switch side {
            case .success(let side): sides.append(side)
            case .failure(let error): throw failure(error.description)
            }
        }
        let diff = CatalogDiff.compare(sides[0], sides[1])
        try writeReport(DiffReporters.render(diff, as: format), to: output)
        FileHandle.standardError.write(Data((DiffReporters.summaryLine(diff) + "\n").utf8))
        if failOnRegression && !diff.regressions.isEmpty { throw ExitCode(1) }
    }

    /// A side that cannot be read: said on standard error, exit status 2.
    private func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("locale-audit: \(message)\n".utf8))
        return ExitCode(2)
    }
}
