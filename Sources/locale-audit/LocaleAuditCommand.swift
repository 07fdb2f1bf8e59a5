import ArgumentParser
import Foundation
import LocaleAudit

@main
struct LocaleAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locale-audit",
        abstract: "Audit the localization catalogs of Apple-platform apps.",
        discussion: """
        Reads .strings, .stringsdict, XLIFF and String Catalogs and reports what breaks the app for \
        people using it in their language. Exit status: 0 no finding at or above --fail-on, 1 findings \
        at or above it, 2 usage error or unreadable path.
        """,
        version: LocaleAuditVersion.string,
        subcommands: [Check.self, BaselineCommand.self, Report.self, SpeechRangesCommand.self, DiffCommand.self, Rules.self, Explain.self],
        defaultSubcommand: Check.self
    )

    /// ArgumentParser exits 64 on usage errors; locale-audit promises 2 (0 and 1 are the gate's).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let status = exitCode(for: error)
            if status == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

extension Severity: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}

/// Exit status 2 with a message: a usage error or a path that cannot be read.
struct UsageFailure: Error, CustomStringConvertible {
    var description: String
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check catalogs and report findings.")

    @OptionGroup var audit: AuditArguments

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: [.customShort("o"), .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at least this severe: error, warning or note (default: error, or the configuration's).")
    var failOn: Severity?

    @Option(help: "Report and gate only findings that are not in this baseline (written by `locale-audit baseline`).")
    var baseline: String?

    @Flag(name: .customLong("no-color"), help: "Never colour the text output.")
    var noColour = false

    @Option(name: .customLong("max-annotations"), help: "--format github: annotations per severity, most severe and most specific first (default 10, what GitHub shows per step; 0 for all). A closing notice counts the rest.")
    var maxAnnotations: Int = GitHubReporter.defaultMaxAnnotations

    @Option(help: "Also append a Markdown summary (per-locale coverage and the most important findings) to this file, e.g. \"$GITHUB_STEP_SUMMARY\".")
    var summary: String?

    // The build tool plugin declares this file as its command's output: with it on disk and the
    // catalogs unchanged, SwiftPM and Xcode skip the audit on the next build. A build runs a plugin's
    // command only when the target consumes its output, so the plugin names it `….swift` and the
    // target compiles it: the summary line is written as a comment, which compiles to nothing.
    @Option(help: ArgumentHelp("Also write the summary line, as a // comment, to this file when the run ends (for build systems).", visibility: .hidden))
    var stamp: String?

    @Option(help: ArgumentHelp("Replay the previous report when nothing that decides it changed (the tool, the arguments, the configuration, the content of every input). A folder, or \"auto\" for the user's cache folder; safe to delete.", valueName: "folder"))
    var cache: String?

    func run() throws {
        var (options, configuration) = try audit.resolve()
        // `check` exits right after its report (below): nothing the rules built needs freeing.
        options.keepsRuleWorkingSet = true
        let colour = output == nil && !noColour && isatty(STDOUT_FILENO) != 0
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        // With a cache: walk and hash the inputs first; an entry under the same key is this run's report.
        var cached: (store: ResultCache, key: String)? = nil
        var discovery: DiscoveryResult? = nil
        if let cache {
            let started = DispatchTime.now()
            let store = ResultCache(directory: cache == "auto" ? ResultCache.defaultDirectory : cache)
            if Timing.enabled { Timing.last = started.uptimeNanoseconds }
            let found = Auditor.discover(paths: audit.paths, options: options)
            Timing.mark("cache: discover \(found.files.count) files")
            discovery = found
            if found.unreadableArguments.isEmpty {
                let key = ResultCache.key(settings: try cacheSettings(colour: colour), discovery: found,
                                          maxFileSize: options.maxFileSize, workers: options.workers)
                Timing.mark("cache: read and hash every input")
                switch store.lookup(key) {
                case .hit(let entry): try replay(entry, started: started)
                case .corrupt(let reason): FileHandle.standardError.write(Data("locale-audit: note: \(reason); ignored, auditing anew\n".utf8))
                case .miss: break
                }
                cached = (store, key)
            }
        }
        var result = try audit.audit(options, discovery: discovery)
        var baselineSummary = ""
        if let baseline {
            let recorded: Baseline
            do {
                recorded = try Baseline.load(from: baseline)
            } catch {
                FileHandle.standardError.write(Data("locale-audit: \(error.description)\n".utf8))
                throw ExitCode(2)
            }
            let comparison = recorded.compare(result.findings, roots: audit.paths)
            result.findings = comparison.new
            baselineSummary = "; baseline: \(comparison.known) known, \(comparison.fixed) fixed since"
        }
        var context = ReportContext(colour: colour, baseDirectory: FileManager.default.currentDirectoryPath)
        context.maxAnnotations = maxAnnotations
        Timing.mark(baseline == nil ? "options" : "baseline comparison")
        let finished = result
        // The report is kept as it streams out only when the cache will store it.
        let captured = ReportCapture(enabled: cached != nil)
        try streamReport(to: output) { sink in
            Reporters.write(finished, as: format, context: context) { chunk in
                sink(chunk)
                captured.append(chunk)
            }
        }
        let summaryText = summary.map { _ in MarkdownReporter.render(finished, context: context) }
        if let summary, let summaryText { try appendSummary(summaryText, to: summary) }
        Timing.mark("render and write \(format)")
        let seconds = (result.elapsedSeconds * 100).rounded() / 100
        try finish(counts: Reporters.summaryCounts(result) + baselineSummary, timing: "\(seconds) s")
        let threshold = failOn ?? configuration.failOn ?? .error
        let failed = result.findings.contains(where: { $0.severity >= threshold })
        if let (store, key) = cached {
            let entry = ResultCache.Entry(report: captured.bytes, summary: summaryText.map { Array($0.utf8) },
                                          summaryLine: Reporters.summaryCounts(result) + baselineSummary, failed: failed)
            do { try store.store(entry, key: key) } catch {
                FileHandle.standardError.write(Data("locale-audit: note: the result was not cached: \(error)\n".utf8))
            }
        }
        // Exiting here, with the result still alive, skips freeing the model and every finding one
        // object at a time (a third of a second on a large project); the system reclaims it at once.
        Foundation.exit(failed ? 1 : 0)
    }
}

extension Check {
    /// What decides this run's output besides the inputs' content: every argument, the working folder
    /// (paths are shown relative to it), the colour decision and the configuration and baseline bytes.
    func cacheSettings(colour: Bool) throws -> [String] {
        var settings = Self.argumentsDecidingOutput(Array(CommandLine.arguments.dropFirst()))
        settings.append("cwd " + FileManager.default.currentDirectoryPath)
        settings.append("colour \(colour)")
        // The version alone would let a rebuilt tool of the same version (a developer's, the build
        // plugin's) replay what the old build said: the executable's size and modification time count.
        if let executable = Bundle.main.executablePath,
           let info = try? FileManager.default.attributesOfItem(atPath: executable) {
            let modified = (info[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            settings.append("tool \(executable) \(info[.size] as? Int ?? 0) \(modified)")
        }
        for (label, path) in [("configuration", audit.configurationPath), ("baseline", baseline)] {
            guard let path else { continue }
            settings.append(label + " " + path)
            switch FileLoading.bytes(atPath: path, limit: AuditOptions.defaultMaxFileSize) {
            case .success(let bytes): settings.append(String(decoding: bytes, as: UTF8.self))
            case .failure(let failure): settings.append(failure.message)
            }
        }
        return settings
    }

    /// The arguments without the names of files the run writes (the report, summary and stamp go
    /// wherever they are asked to go; their content does not depend on it) or of the cache itself.
    static func argumentsDecidingOutput(_ arguments: [String]) -> [String] {
        let destinations = ["-o", "--output", "--summary", "--stamp", "--cache"]
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--" { kept.append(argument); continue }
            if let name = destinations.first(where: { argument == $0 || argument.hasPrefix($0 + "=") }) {
                kept.append(name)  // that it is written matters (a summary is rendered), not where
                skipNext = argument == name
                continue
            }
            if argument.hasPrefix("-o"), !argument.hasPrefix("--") { kept.append("-o"); continue }  // -oFILE
            kept.append(argument)
        }
        return kept
    }

    /// A cached run: the same report, summary, stamp and exit status as the run that stored it.
    func replay(_ entry: ResultCache.Entry, started: DispatchTime) throws -> Never {
        try streamReport(to: output) { sink in entry.report.withUnsafeBufferPointer { sink($0) } }
        if let summary, let text = entry.summary { try appendSummary(String(decoding: text, as: UTF8.self), to: summary) }
        let seconds = (Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e7).rounded() / 100
        Timing.mark("cache: replay the report")
        try finish(counts: entry.summaryLine, timing: "\(seconds) s, replayed from the cache")
        Foundation.exit(entry.failed ? 1 : 0)
    }

    /// The summary line on standard error, and in the stamp file when one is asked for.
    func finish(counts: String, timing: String) throws {
        let summaryLine = counts + " (" + timing + ")\n"
        FileHandle.standardError.write(Data(summaryLine.utf8))
        guard let stamp else { return }
        do { try Data(("// locale-audit: " + summaryLine).utf8).write(to: URL(fileURLWithPath: stamp)) } catch {
            FileHandle.standardError.write(Data("locale-audit: cannot write '\(stamp)': \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// The report's bytes as they stream out, for the result cache.
final class ReportCapture: @unchecked Sendable {  // written on the reporting thread only
    let enabled: Bool
    private(set) var bytes: [UInt8] = []
    init(enabled: Bool) { self.enabled = enabled }
    func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        if enabled { bytes.append(contentsOf: chunk) }
    }
}

/// Appends to a file (a job summary collects every step's), creating it if needed; exit 2 if it cannot.
func appendSummary(_ text: String, to path: String) throws {
    // A failure to create shows below, where the file cannot be opened.
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    guard let handle = FileHandle(forWritingAtPath: path) else {
        FileHandle.standardError.write(Data("locale-audit: cannot write the summary to '\(path)'\n".utf8))
        throw ExitCode(2)
    }
    defer { try? handle.close() }
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
}

struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record today's findings, so `check --baseline` gates only on new ones.")

    @OptionGroup var audit: AuditArguments

    @Option(name: [.customShort("o"), .long], help: "The baseline file to write.")
    var output: String

    func run() throws {
        let (options, _) = try audit.resolve()
        let result = try audit.audit(options)
        let baseline = Baseline(findings: result.findings, roots: audit.paths)
        try writeReport(baseline.serialized(), to: output)
        FileHandle.standardError.write(Data("locale-audit: recorded \(baseline.entryCount) findings in \(output)\n".utf8))
    }
}

/// Writes a report that arrives in pieces straight to the output file (or standard output), so a large
/// report is never held whole in memory. The first write error stops the writing and exits with 2.
func streamReport(to output: String?, _ produce: (@escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Void) throws {
    let descriptor: Int32
    if let output {
        descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            FileHandle.standardError.write(Data("locale-audit: cannot write '\(output)': \(String(cString: strerror(errno)))\n".utf8))
            throw ExitCode(2)
        }
    } else {
        descriptor = STDOUT_FILENO
    }
    final class WriteState: @unchecked Sendable {  // used on this thread only
        var failure: Int32 = 0
    }
    let state = WriteState()
    produce { chunk in
        guard state.failure == 0, var next = chunk.baseAddress else { return }
        var remaining = chunk.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                state.failure = errno
                return
            }
            remaining -= written
            next += written
        }
    }
    if output != nil { close(descriptor) }
    if state.failure != 0 {
        FileHandle.standardError.write(Data("locale-audit: cannot write '\(output ?? "standard output")': \(String(cString: strerror(state.failure)))\n".utf8))
        throw ExitCode(2)
    }
}

func writeReport(_ report: String, to output: String?) throws {
    if let output {
        do {
            try Data(report.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("locale-audit: cannot write '\(output)': \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    } else {
        FileHandle.standardOutput.write(Data(report.utf8))
    }
}

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write translator hand-offs: one XLIFF 1.2 file per locale with only the strings that need work.")

    @OptionGroup var audit: AuditArguments

    @Option(help: "The folder to write <locale>.xliff files into (created if needed).")
    var xliff: String

    func run() throws {
        let (options, _) = try audit.resolve()
        let result = try audit.audit(options)
        let documents = XLIFFFixList.documents(for: result)
        do {
            try FileManager.default.createDirectory(atPath: xliff, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("locale-audit: cannot create '\(xliff)': \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
        for document in documents {
            // File names come from XLIFFFixList.safeFileName: no separator can escape the folder.
            try writeReport(document.text, to: (xliff as NSString).appendingPathComponent(document.fileName))
            print("\(document.fileName): \(document.unitCount) strings to work on")
        }
        if documents.isEmpty { print("Nothing for translators to do.") }
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its id, severity and summary.")

    @Flag(help: "Print the full rule reference as Markdown (docs/rules.md).")
    var markdown = false

    func run() throws {
        if markdown {
            print(RuleDocumentation.markdown(), terminator: "")
        } else {
            print(RuleDocumentation.table(), terminator: "")
            // What identifies languages decides what wrong-language and the speech languages can do.
            if let reason = LanguageIdentifier.unavailableReason {
                print("\nLanguage identification: unavailable — \(reason); wrong-language reports nothing and speech languages come from scripts.")
            } else {
                print("\nLanguage identification: \(LanguageIdentifier.provenance)")
            }
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain one rule, with its examples.")

    @Argument(help: "A rule id, as `locale-audit rules` lists them.")
    var id: String

    func run() throws {
        guard let rule = RuleEngine.rule(withID: id) else {
            FileHandle.standardError.write(Data("locale-audit: no rule '\(id)'; `locale-audit rules` lists them\n".utf8))
            throw ExitCode(2)
        }
        print(RuleDocumentation.explain(rule.description), terminator: "")
    }
}

/// Accessibility and language-of-parts settings, until the configuration file holds them.
struct AccessibilityOptions: ParsableArguments {
    @Option(name: .customLong("a11y-pattern"),
            help: "A key token that marks accessibility strings, in addition to a11y, accessibility, voiceover, screenreader (repeatable).")
    var a11yPatterns: [String] = []

    @Option(name: .customLong("never-tag"), help: "A term that never needs a speech language, e.g. a brand name (repeatable).")
    var neverTag: [String] = []

    @Option(name: .customLong("term-language"),
            help: "A term and its BCP 47 language, e.g. \"Arc de Triomphe=fr-FR\": its occurrences in other languages' strings are reported with ranges (repeatable).")
    var termLanguages: [String] = []

    /// The configuration's accessibility patterns and terms, then these flags on top.
    func apply(to options: inout AuditOptions, configuration: Configuration) throws {
        options.accessibility.add(patterns: (configuration.accessibilityKeyPatterns ?? []) + a11yPatterns)
        options.neverTag = configuration.neverTag + neverTag
        options.termLanguages = configuration.termLanguages.keys.sorted().compactMap { term in
            TermLanguage(parsing: "\(term)=\(configuration.termLanguages[term]!)")
        }
        options.termLanguages += try termLanguages.map { text in
            guard let term = TermLanguage(parsing: text) else {
                throw ValidationError("--term-language takes TERM=LANGUAGE, e.g. \"Arc de Triomphe=fr-FR\", not '\(text)'")
            }
            guard (try? LanguageTag(term.language)) != nil else {
                throw ValidationError("--term-language: '\(term.language)' is not a BCP 47 language tag (e.g. fr-FR)")
            }
            return term
        }
    }
}

struct SpeechRangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speech-ranges",
        abstract: "Write the ranges of every string that need their own speech language, as JSON an app can load.",
        discussion: """
        {"version": 1, "entries": [{"locale", "table", "key", "text", "ranges": [{"location", "length", \
        "language", "script"}]}]}: locations and lengths in UTF-16 code units (NSRange), ordered by \
        locale, table, key and text. Set each range's language as .accessibilitySpeechLanguage.
        """)

    @OptionGroup var audit: AuditArguments

    @Option(name: [.customShort("o"), .long], help: "Write the JSON to this file instead of standard output.")
    var output: String?

    func run() throws {
        let (options, _) = try audit.resolve()
        let loaded = Auditor.load(paths: audit.paths, options: options)
        if !loaded.unreadableArguments.isEmpty {
            for path in loaded.unreadableArguments {
                FileHandle.standardError.write(Data("locale-audit: cannot read '\(path)': no such file or folder, or permission denied\n".utf8))
            }
            throw ExitCode(2)
        }
        let entries = SpeechRangeExport.entries(in: loaded.project, options: options)
        try writeReport(SpeechRangeExport.json(entries), to: output)
        let count = entries.reduce(0) { $0 + $1.ranges.count }
        FileHandle.standardError.write(Data("\(count) range\(count == 1 ? "" : "s") in \(entries.count) string\(entries.count == 1 ? "" : "s")\n".utf8))
    }
}
