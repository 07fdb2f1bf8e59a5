import ArgumentParser
import Foundation
import LocaleAudit

/// The options every command that runs an audit shares: what to read and how.
struct AuditArguments: ParsableArguments {
    @Argument(help: "Files or folders to check (folders are walked for catalogs).")
    var paths: [String] = []

    @Option(help: "Configuration file (default: the nearest .locale-audit.yml above the first path).")
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Ignore .locale-audit.yml files.")
    var noConfig = false

    @Option(name: .customLong("source-language"), help: "The development language (default: from the configuration, else detected).")
    var sourceLanguage: String?

    @Option(name: .customLong("max-file-size"), help: "Refuse files larger than this (e.g. 256M, 1G; default 256M).")
    var maxFileSize: String?

    @Option(name: .customLong("do-not-translate"), help: "A term that stays the same in every language (repeatable).")
    var doNotTranslate: [String] = []

    @Option(name: .customLong("min-coverage"), help: "Every locale must have at least this percentage of each table translated (values identical to the source do not count); below it, locale-incomplete is an error.")
    var minCoverage: Double?

    @Option(help: "Worker threads (default: the number of cores). The output does not depend on it.")
    var jobs: Int?

    @Option(help: ArgumentHelp("Folders (globs from each folder checked, e.g. '*' or 'apps/*') that each hold an app of their own, audited alone (adds to the configuration's apps); by default a repository or Xcode project folder marks an app.", valueName: "glob"))
    var apps: [String] = []

    @OptionGroup var accessibility: AccessibilityOptions

    /// The configuration in force and the options it gives, with command-line flags on top.
    func resolve() throws -> (options: AuditOptions, configuration: Configuration) {
        guard !paths.isEmpty else {
            throw ValidationError("name at least one file or folder to check, e.g. `locale-audit check App/Resources`")
        }
        var configuration = Configuration()
        if !noConfig, let path = config ?? Configuration.find(above: paths[0]) {
            do {
                configuration = try Configuration.load(from: path)
            } catch {
                FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                throw ExitCode(2)
            }
        } else if let config, noConfig {
            throw ValidationError("--config \(config) and --no-config contradict each other")
        }
        var options = AuditOptions(configuration: configuration, workers: jobs ?? Parallel.defaultWorkerCount)
        if let sourceLanguage { options.sourceLanguage = sourceLanguage }
        if let maxFileSize {
            guard let limit = ByteCount.parse(maxFileSize) else {
                throw ValidationError("--max-file-size takes a size such as 256M or 1G, not '\(maxFileSize)'")
            }
            options.maxFileSize = limit
        }
        options.doNotTranslate += doNotTranslate
        options.appFolders += apps
        if let minCoverage {
            guard (0...100).contains(minCoverage) else {
                throw ValidationError("--min-coverage takes a percentage from 0 to 100, not \(minCoverage)")
            }
            options.coverage.minimum = minCoverage / 100
        }
        try accessibility.apply(to: &options, configuration: configuration)
        return (options, configuration)
    }

    /// The configuration file `resolve` reads, if any.
    var configurationPath: String? {
        noConfig || paths.isEmpty ? nil : config ?? Configuration.find(above: paths[0])
    }

    /// Runs the audit with a progress line on a terminal; exits 2 when a named path cannot be read.
    /// `discovery`, when given, is what the paths hold (already walked, for the result cache).
    func audit(_ options: AuditOptions, discovery: DiscoveryResult? = nil) throws -> AuditResult {
        let progress = ProgressLine()
        let update = progress.isEnabled ? progress.update : nil
        let result = discovery.map { Auditor.audit(discovery: $0, options: options, progress: update) }
            ?? Auditor.audit(paths: paths, options: options, progress: update)
        progress.finish()
        if !result.unreadableArguments.isEmpty {
            for path in result.unreadableArguments {
                FileHandle.standardError.write(Data("locale-audit: cannot read '\(path)': no such file or folder, or permission denied\n".utf8))
            }
            throw ExitCode(2)
        }
        return result
    }
}

/// "Reading 812/1390 files…" on standard error, only when it is a terminal and the run has taken
/// more than a second; it erases itself, so nothing of it stays in logs or piped output.
final class ProgressLine: @unchecked Sendable {
    let isEnabled = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64 = 0
    private var drawn = false
    private let lock = NSLock()

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - started > 1_000_000_000, now - lastDrawn > 100_000_000 else { return }
        lastDrawn = now
        drawn = true
        FileHandle.standardError.write(Data("\r\u{1B}[2KReading \(done)/\(total) files…".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
