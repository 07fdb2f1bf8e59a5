import Foundation

/// One side of a diff as the user named it: a folder (or file) on disk, or `REV:PATH` in git.
public enum DiffSideSpec: Sendable, Equatable, CustomStringConvertible {
    case directory(String)
    case git(revision: String, path: String)

    /// A path that exists is a folder, even with a colon in its name; otherwise `REV:PATH` splits
    /// at the first colon (`v1.2.0:App/Resources`, `HEAD:`, `main~3:./Resources`).
    public static func parse(_ argument: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> DiffSideSpec? {
        if exists(argument) { return .directory(argument) }
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else { return nil }
        return .git(revision: String(argument[..<colon]), path: String(argument[argument.index(after: colon)...]))
    }

    public var isGit: Bool {
        if case .git = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .directory(let path): return path
        case .git(let revision, let path): return "\(revision):\(path)"
        }
    }
}

/// A side read and checked: what the diff compares.
public struct DiffSide: Sendable {
    /// As the user named it.
    public var label: String
    /// The prefix of every path (and folder scope) of this side, taken off so the sides line up.
    public var root: String
    public var result: AuditResult

    public init(label: String, root: String, result: AuditResult) {
        self.label = label
        self.root = root
        self.result = result
    }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads and checks one side. Git sides read through `repository` (required for them).
    public static func load(_ spec: DiffSideSpec, repository: GitRepository?, options: AuditOptions) throws(LoadError) -> DiffSide {
        switch spec {
        case .directory(let argument):
            let result = Auditor.audit(paths: [argument], options: options)
            if !result.unreadableArguments.isEmpty {
                throw LoadError(description: "cannot read '\(argument)': no such file or folder, or permission denied")
            }
            // The walk drops a trailing slash from what it was given; so does the root.
            let root = argument.count > 1 && argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            return DiffSide(label: argument, root: root, result: result)
        case .git(let revision, let path):
            guard let repository else { throw LoadError(description: "\(spec) names a git revision, but no repository was opened") }
            do {
                let inRepository = repository.repositoryPath(path)
                if Timing.enabled { Timing.last = DispatchTime.now().uptimeNanoseconds }
                let listing = try repository.listFiles(revision: revision, path: inRepository)
                Timing.mark("git: \(listing.count) files listed in \(spec)")
                var files: [DiscoveredFile] = []
                var objects: [String] = []
                var lprojFolders = Set<String>()
                let label = "\(revision):"
                for entry in listing where !Discovery.isInSkippedFolder(entry.path) {
                    guard var file = Discovery.classify(path: entry.path, size: entry.size),
                          ReaderRegistry.supportedFormats.contains(file.format),
                          options.admits(repository.topLevel + "/" + entry.path) else { continue }
                    if let range = entry.path.range(of: ".lproj/", options: .backwards) {
                        lprojFolders.insert(label + entry.path[..<range.lowerBound] + ".lproj")
                    }
                    // Paths read `REV:PATH`, so every finding says which version it is about.
                    file.path = label + file.path
                    file.scope = label + file.scope
                    files.append(file)
                    objects.append(entry.object)
                }
                let blobs = try repository.readBlobs(objects)
                Timing.mark("git: \(blobs.count) blobs read")
                let result = Auditor.audit(files: Array(zip(files, blobs)), lprojFolders: Array(lprojFolders), options: options)
                return DiffSide(label: spec.description, root: label + inRepository, result: result)
            } catch {
                throw LoadError(description: error.description)
            }
        }
    }

    /// A path or folder scope of this side with the side's root taken off (`""` for the root itself).
    public func relative(_ path: String) -> String {
        DiffSide.strip(root, from: path)
    }

    /// Byte-wise: it runs for every finding of both sides, and paths compare as written anyway.
    static func strip(_ root: String, from path: String) -> String {
        if root.isEmpty { return path }
        if path == root { return "" }
        let prefix = root.hasSuffix("/") || root.hasSuffix(":") ? root : root + "/"
        guard path.utf8.starts(with: prefix.utf8) else { return path }
        return String(Substring(path.utf8.dropFirst(prefix.utf8.count)))
    }
}
