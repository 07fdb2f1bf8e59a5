import Foundation
import PackagePlugin

/// `swift package locale-audit [check|report|diff|…] [arguments]`: the command line, run on the package.
/// With no arguments it is `check` on the package folder; with options but no path, the package folder
/// is added, so `swift package locale-audit --format json` audits the package too.
@main
struct LocaleAuditCommandPlugin: CommandPlugin {
    static let subcommands: Set<String> = ["check", "baseline", "report", "speech-ranges", "diff", "rules", "explain"]
    /// Subcommands that take paths to audit (the others take revisions, rule ids or nothing).
    static let auditing: Set<String> = ["check", "baseline", "report", "speech-ranges"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "locale-audit").url
        let packageDirectory = context.package.directoryURL.path
        var arguments = arguments
        // `swift package` passes `--target NAME` through to command plugins: audit those targets' folders.
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        arguments = extractor.remainingArguments
        let targetPaths = try context.package.targets(named: targetNames).compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }

        // Nothing, options or paths first: the tool's default subcommand, named so the path rule below applies.
        if arguments.first.map({ !Self.subcommands.contains($0) }) ?? true { arguments.insert("check", at: 0) }
        if Self.auditing.contains(arguments[0]) && !Self.namesAPath(Array(arguments.dropFirst())) {
            // "." rather than the absolute folder: the tool runs there, and its report names files
            // relative to the package.
            arguments += targetPaths.isEmpty ? ["."] : targetPaths
        }
        let status = try run(tool, arguments, in: packageDirectory)
        // The tool already printed its findings and summary; pass its exit status on (1 = findings).
        if status != 0 { throw ExitStatus(status: status) }
    }

    /// Whether the arguments after the subcommand hold a positional argument. Options that take a
    /// value (`--format json`, `-o FILE`) consume the next word.
    static func namesAPath(_ arguments: [String]) -> Bool {
        let flags: Set<String> = ["--no-config", "--no-color", "--markdown", "--fail-on-regression", "-h", "--help"]
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return index + 1 < arguments.count }
            if word.hasPrefix("-") {
                index += (flags.contains(word) || word.contains("=")) ? 1 : 2
            } else {
                return true
            }
        }
        return false
    }

    /// Runs the tool in the package folder (relative paths in the arguments are the package's), with
    /// its output going straight to the terminal.
    func run(_ tool: URL, _ arguments: [String], in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct ExitStatus: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "locale-audit exited with status \(status)" }
}
