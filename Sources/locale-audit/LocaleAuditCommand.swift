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
        subcommands: [Check.self, SpeechRangesCommand.self, Rules.self, Explain.self],
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

    @Argument(help: "Files or folders to check (folders are walked for catalogs).")
    var paths: [String] = []

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: [.customShort("o"), .long], help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at least this severe: error, warning or note.")
    var failOn: Severity = .error

    @Option(name: .customLong("source-language"), help: "The development language (default: detected).")
    var sourceLanguage: String?

    @Option(name: .customLong("max-file-size"), help: "Refuse files larger than this (e.g. 256M, 1G).")
    var maxFileSize: String = "256M"

    @Option(help: "Worker threads (default: the number of cores). The output does not depend on it.")
    var jobs: Int?

    @Flag(name: .customLong("no-color"), help: "Never colour the text output.")
    var noColour = false

    @OptionGroup var accessibility: AccessibilityOptions

    func run() throws {
        guard !paths.isEmpty else {
            throw ValidationError("name at least one file or folder to check, e.g. `locale-audit check App/Resources`")
        }
        guard let limit = ByteCount.parse(maxFileSize) else {
            throw ValidationError("--max-file-size takes a size such as 256M or 1G, not '\(maxFileSize)'")
        }
        var options = AuditOptions(sourceLanguage: sourceLanguage, maxFileSize: limit,
                                   workers: jobs ?? Parallel.defaultWorkerCount)
        try accessibility.apply(to: &options)
        let result = Auditor.audit(paths: paths, options: options)
        if !result.unreadableArguments.isEmpty {
            for path in result.unreadableArguments {
                FileHandle.standardError.write(Data("locale-audit: cannot read '\(path)': no such file or folder, or permission denied\n".utf8))
            }
            throw ExitCode(2)
        }
        let colour = output == nil && !noColour && isatty(STDOUT_FILENO) != 0
            && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        let report = Reporters.render(result, as: format, context: ReportContext(colour: colour))
        try writeReport(report, to: output)
        FileHandle.standardError.write(Data((Reporters.summaryLine(result) + "\n").utf8))
        if result.findings.contains(where: { $0.severity >= failOn }) { throw ExitCode(1) }
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

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its id, severity and summary.")

    @Flag(help: "Print the full rule reference as Markdown (docs/rules.md).")
    var markdown = false

    func run() throws {
        if markdown {
            print(RuleDocumentation.markdown(), terminator: "")
        } else {
            print(RuleDocumentation.table(), terminator: "")
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

    func apply(to options: inout AuditOptions) throws {
        options.accessibility.add(patterns: a11yPatterns)
        options.neverTag = neverTag
        options.termLanguages = try termLanguages.map { text in
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

    @Argument(help: "Files or folders to read (folders are walked for catalogs).")
    var paths: [String] = []

    @Option(name: [.customShort("o"), .long], help: "Write the JSON to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("source-language"), help: "The development language (default: detected).")
    var sourceLanguage: String?

    @Option(help: "Worker threads (default: the number of cores). The output does not depend on it.")
    var jobs: Int?

    @OptionGroup var accessibility: AccessibilityOptions

    func run() throws {
        guard !paths.isEmpty else {
            throw ValidationError("name at least one file or folder, e.g. `locale-audit speech-ranges App/Resources`")
        }
        var options = AuditOptions(sourceLanguage: sourceLanguage, workers: jobs ?? Parallel.defaultWorkerCount)
        try accessibility.apply(to: &options)
        let loaded = Auditor.load(paths: paths, options: options)
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
