import Foundation
import PackagePlugin

/// Audits the localization catalogs of the target it is applied to. Findings go to the build log as
/// `path:line:column: error|warning|note: message [rule]`, which SwiftPM and Xcode show as diagnostics;
/// an error fails the build, warnings and notes do not (`--fail-on error`).
///
/// A *build* command (a prebuild command may only run a binary target, and this tool is built from
/// source) with the catalogs as inputs and a stamp file as output, so SwiftPM and Xcode run it only
/// when a catalog or the configuration changed.
@main
struct LocaleAuditBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // Only source targets have a folder of their own to hold catalogs.
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let inputs = CatalogInputs.files(under: directory)
        guard !inputs.isEmpty else { return [] }
        // The target's own configuration first, then the package's; never one from above the package,
        // which would make the build depend on where the package happens to be checked out.
        let config = CatalogInputs.configuration(in: [directory, context.package.directoryURL])
        return [try CatalogInputs.command(
            tool: context.tool(named: "locale-audit").url,
            name: target.name, paths: [directory.path], config: config, inputs: inputs,
            stamp: CatalogInputs.stamp(for: target.name, swift: target is SwiftSourceModuleTarget, in: context.pluginWorkDirectoryURL))]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LocaleAuditBuildPlugin: XcodeBuildToolPlugin {
    /// In an Xcode project, a target's catalogs are its input files (its resources, with every
    /// `.lproj` variant); they can live anywhere in the project folder, so each one is passed.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let projectDirectory = context.xcodeProject.directoryURL
        let files = target.inputFiles.map(\.url).filter { CatalogInputs.isAuditInput($0) }
        guard !files.isEmpty else { return [] }
        let config = CatalogInputs.configuration(in: [projectDirectory])
        return [try CatalogInputs.command(
            tool: context.tool(named: "locale-audit").url,
            name: target.displayName, paths: files.map(\.path), config: config, inputs: files,
            stamp: CatalogInputs.stamp(for: target.displayName, swift: true, in: context.pluginWorkDirectoryURL))]
    }
}
#endif

/// What the audit of one target reads, and the command that runs it.
enum CatalogInputs {
    static let configurationName = ".locale-audit.yml"
    static let catalogExtensions: Set<String> = ["strings", "stringsdict", "xliff", "xlf", "xcstrings"]

    /// Catalogs, plus the side inputs the rules read: storyboards and xibs localized through `.strings`
    /// tables and the `Info.plist` that declares the app's languages.
    static func isAuditInput(_ url: URL) -> Bool {
        let name = url.lastPathComponent, parent = url.deletingLastPathComponent().lastPathComponent
        if catalogExtensions.contains(url.pathExtension.lowercased()) { return true }
        if url.pathExtension == "storyboard" || url.pathExtension == "xib" { return parent.hasSuffix(".lproj") }
        return name == "Info.plist" || name.hasSuffix("-Info.plist")
    }

    /// Every audit input under a folder, `.xcloc` bundles included, skipping the folders the tool
    /// itself skips (build output, version control, third-party code).
    static func files(under directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                let skipped = name.hasPrefix(".build") || [".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules"].contains(name)
                if skipped { walker.skipDescendants() }
                continue
            }
            if isAuditInput(url) || url.pathComponents.contains(where: { $0.hasSuffix(".xcloc") }) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The first `.locale-audit.yml` found in these folders, in order.
    static func configuration(in directories: [URL]) -> URL? {
        directories.map { $0.appendingPathComponent(configurationName) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The command's output. A build runs a plugin's command only when the target consumes what it
    /// writes: a Swift target compiles the stamp (a comment only, so nothing), any other target copies
    /// it as a resource.
    static func stamp(for name: String, swift: Bool, in workDirectory: URL) -> URL {
        workDirectory.appendingPathComponent("\(name).locale-audit." + (swift ? "swift" : "txt"))
    }

    static func command(tool: URL, name: String, paths: [String], config: URL?, inputs: [URL], stamp: URL) -> Command {
        // Absolute paths in, so the diagnostics carry absolute paths whatever folder the build runs in.
        // The cache beside the stamp: a clean build, or catalogs edited and then changed back, replay
        // the last audit of the same content instead of running it again.
        let cache = stamp.deletingLastPathComponent().appendingPathComponent("cache")
        var arguments = ["check"] + paths + ["--format", "xcode", "--fail-on", "error", "--no-color", "--stamp", stamp.path,
                                             "--cache", cache.path]
        if let config { arguments += ["--config", config.path] } else { arguments.append("--no-config") }
        return .buildCommand(
            displayName: "Auditing the localization catalogs of \(name)",
            executable: tool,
            arguments: arguments,
            inputFiles: inputs + (config.map { [$0] } ?? []),
            outputFiles: [stamp])
    }
}
