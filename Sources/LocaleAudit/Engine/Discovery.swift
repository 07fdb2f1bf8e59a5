#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A catalog file found on disk, with what its path says about it.
public struct DiscoveredFile: Sendable, Hashable {
    public var path: String
    public var format: CatalogFormat
    /// The name of the nearest enclosing `X.lproj` folder without `.lproj` (`Base` included).
    public var locale: String?
    /// The file name without its extension.
    public var table: String
    /// The folder that holds the `.lproj` folders (or the file's own folder): see `LocalizedTable.scope`.
    public var scope: String
    public var size: Int
}

public struct DiscoveryResult: Sendable {
    /// Sorted by path, so every later stage sees the same order on every run.
    public var files: [DiscoveredFile]
    /// Folders and files that could not be read, and symbolic-link loops: reported, then skipped.
    public var findings: [Finding]
    /// Paths named on the command line that do not exist or cannot be read: a usage error.
    public var unreadableArguments: [String]
    /// `.lproj` folders seen, for the BCP 47 checks (their names are locale identifiers).
    public var lprojFolders: [String]
    /// Storyboards and xibs inside `.lproj` folders, sorted by path: the source text of storyboard
    /// tables (read as a side input, not as a catalog format).
    public var interfaceBuilderFiles: [InterfaceBuilderFile] = []
    /// Xcode projects and `Info.plist` files, sorted by path: what the app declares about its
    /// languages (read as a side input, like the storyboards).
    public var appDeclarationFiles: [AppDeclarationFile] = []
}

/// Walks the paths given on the command line and picks out the catalog files.
public enum Discovery {
    /// Folders that hold build output or third-party code, never the app's own catalogs.
    public static func isSkippedDirectory(_ name: String) -> Bool {
        switch name {
        case ".git", ".svn", ".hg", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm": return true
        default: return name.hasPrefix(".build")
        }
    }

    /// `X.xcloc/Source Contents/` holds copies of the source catalogs the bundle's XLIFF already
    /// carries in its `<source>` elements; reading them would duplicate the source tables.
    public static func isSkippedBundleFolder(_ name: String, parent: String) -> Bool {
        (name == "Source Contents" || name == "Source%20Contents") && parent.hasSuffix(".xcloc")
    }

    public static func format(ofFileNamed name: String) -> CatalogFormat? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "strings": return .strings
        case "stringsdict": return .stringsdict
        case "xliff", "xlf": return .xliff
        case "xcstrings": return .xcstrings
        default: return nil
        }
    }

    public static func discover(_ arguments: [String], formats: Set<CatalogFormat> = Set(CatalogFormat.allCases)) -> DiscoveryResult {
        var walker = Walker(formats: formats)
        var unreadable: [String] = []
        for argument in arguments {
            let path = argument.count > 1 && argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            var info = stat()
            guard stat(path, &info) == 0 else {
                unreadable.append(argument)
                continue
            }
            if isDirectory(info) {
                guard access(path, R_OK | X_OK) == 0 else {
                    unreadable.append(argument)
                    continue
                }
                walker.walk(directory: path, info: info)
            } else {
                walker.consider(file: path, info: info, explicitlyNamed: true)
            }
        }
        walker.files.sort { $0.path < $1.path }
        walker.findings.sort(by: Finding.stableOrder)
        return DiscoveryResult(files: walker.files, findings: walker.findings, unreadableArguments: unreadable,
                               lprojFolders: walker.lprojFolders.sorted(),
                               interfaceBuilderFiles: walker.interfaceBuilderFiles.sorted { $0.path < $1.path },
                               appDeclarationFiles: walker.appDeclarationFiles.sorted { $0.path < $1.path })
    }

    static func isDirectory(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }

    /// What a catalog's path says about it (format, locale, table, scope), for files that come from
    /// somewhere other than a folder walk (git objects): nil when the name is not a catalog's.
    public static func classify(path: String, size: Int) -> DiscoveredFile? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let format = format(ofFileNamed: name) else { return nil }
        return classify(path: path, format: format, size: size)
    }

    static func classify(path: String, format: CatalogFormat, size: Int) -> DiscoveredFile {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let name = components.last.map(String.init) ?? path
        var locale: String? = nil
        var scope = components.dropLast().joined(separator: "/")
        if let lprojIndex = components.dropLast().lastIndex(where: { $0.hasSuffix(".lproj") }) {
            locale = lprojLocale(String(components[lprojIndex]))
            scope = components[..<lprojIndex].joined(separator: "/")
        }
        if format == .xcstrings { scope = components.dropLast().joined(separator: "/") }
        let table = String(name[..<name.lastIndex(of: ".")!])
        return DiscoveredFile(path: path, format: format, locale: locale, table: table, scope: scope, size: size)
    }

    /// The locale an `X.lproj` folder names. A git side's paths read `REV:de.lproj/…`, and no locale
    /// identifier holds a colon, so anything up to the last one is the revision, not the locale.
    public static func lprojLocale(_ folder: String) -> String {
        var name = Substring(folder.split(separator: "/").last ?? Substring(folder))
        if name.hasSuffix(".lproj") { name = name.dropLast(".lproj".count) }
        if let colon = name.lastIndex(of: ":") { name = name[name.index(after: colon)...] }
        return String(name)
    }

    /// Whether a path inside a tree (a git listing) lies in a folder a walk would skip.
    public static func isInSkippedFolder(_ path: String) -> Bool {
        let components = path.split(separator: "/").dropLast()
        var parent = ""
        for component in components {
            let name = String(component)
            if isSkippedDirectory(name) || isSkippedBundleFolder(name, parent: parent) { return true }
            parent = name
        }
        return false
    }

    /// Whether the link at `path` (inside `directory`) resolves to `directory` or a folder above it.
    static func isLinkToAncestor(_ path: String, of directory: String) -> Bool {
        guard let target = realpath(path, nil) else { return false }
        defer { free(target) }
        guard let here = realpath(directory, nil) else { return false }
        defer { free(here) }
        let (targetPath, herePath) = (String(cString: target), String(cString: here))
        return herePath == targetPath || herePath.hasPrefix(targetPath == "/" ? "/" : targetPath + "/")
    }

    /// An iterative walk (no recursion, so a deep tree cannot overflow the stack) that follows
    /// symbolic links but never enters a folder twice, which is what stops link loops.
    private struct Walker {
        let formats: Set<CatalogFormat>
        var files: [DiscoveredFile] = []
        var findings: [Finding] = []
        var lprojFolders: [String] = []
        var interfaceBuilderFiles: [InterfaceBuilderFile] = []
        var appDeclarationFiles: [AppDeclarationFile] = []
        var visitedDirectories: Set<FileIdentity> = []
        var seenFiles: Set<FileIdentity> = []

        struct FileIdentity: Hashable {
            var device: UInt64
            var inode: UInt64
            init(_ info: stat) {
                device = UInt64(info.st_dev)
                inode = UInt64(info.st_ino)
            }
        }

        init(formats: Set<CatalogFormat>) { self.formats = formats }

        mutating func walk(directory root: String, info rootInfo: stat) {
            visitedDirectories.insert(FileIdentity(rootInfo))
            noteIfLproj(root)
            var pending = [root]
            while let directory = pending.popLast() {
                guard let handle = opendir(directory) else {
                    report(directory, "cannot read folder: \(String(cString: strerror(errno))); its catalogs are not checked")
                    continue
                }
                var names: [String] = []
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                    }
                    if name == "." || name == ".." { continue }
                    names.append(name)
                }
                closedir(handle)
                // Sub-folders are pushed in reverse so they pop in name order; the final sort makes
                // the order independent of this anyway.
                var subdirectories: [String] = []
                for name in names.sorted() {
                    let path = directory == "/" ? "/" + name : directory + "/" + name
                    var linkInfo = stat()
                    guard lstat(path, &linkInfo) == 0 else { continue }
                    var info = linkInfo
                    let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                    if isLink {
                        guard stat(path, &info) == 0 else {
                            if Discovery.format(ofFileNamed: name) != nil {
                                report(path, "broken symbolic link: \(String(cString: strerror(errno)))")
                            }
                            continue
                        }
                    }
                    if Discovery.isDirectory(info) {
                        if Discovery.isSkippedDirectory(name) || Discovery.isSkippedBundleFolder(name, parent: directory) { continue }
                        let identity = FileIdentity(info)
                        if visitedDirectories.contains(identity) {
                            if isLink {
                                report(path, Discovery.isLinkToAncestor(path, of: directory)
                                       ? "symbolic link loop: this link leads back to a folder that contains it; not followed"
                                       : "symbolic link to a folder already walked under another path; not followed again",
                                       severity: .note)
                            }
                            continue
                        }
                        visitedDirectories.insert(identity)
                        if access(path, R_OK | X_OK) != 0 {
                            report(path, "cannot read folder: permission denied; its catalogs are not checked")
                            continue
                        }
                        if Discovery.format(ofFileNamed: name) != nil {
                            report(path, "a folder named like a catalog file; read as a folder (the catalogs inside it are checked)",
                                   severity: .note)
                        }
                        noteIfLproj(path)
                        subdirectories.append(path)
                    } else if (info.st_mode & S_IFMT) == S_IFREG {
                        consider(file: path, info: info, explicitlyNamed: false)
                    } else if Discovery.format(ofFileNamed: name) != nil {
                        report(path, FileLoading.Failure.notRegularFile(kind: FileLoading.Failure.kind(ofMode: info.st_mode)).message)
                    }
                }
                pending.append(contentsOf: subdirectories.reversed())
            }
        }

        mutating func noteIfLproj(_ path: String) {
            if path.hasSuffix(".lproj") { lprojFolders.append(path) }
        }

        mutating func consider(file path: String, info: stat, explicitlyNamed: Bool) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
                noteInterfaceBuilderFile(path, name: name, info: info)
                return
            }
            let parent = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
            if let kind = AppDeclarationReader.kind(ofFileNamed: name, parent: parent) {
                if seenFiles.insert(FileIdentity(info)).inserted { appDeclarationFiles.append(AppDeclarationFile(path: path, kind: kind)) }
                return
            }
            guard let format = Discovery.format(ofFileNamed: name), formats.contains(format) else { return }
            guard seenFiles.insert(FileIdentity(info)).inserted else { return }
            files.append(Discovery.classify(path: path, format: format, size: Int(info.st_size)))
        }

        /// Only storyboards in an `.lproj` folder are localized through `.strings` tables.
        mutating func noteInterfaceBuilderFile(_ path: String, name: String, info: stat) {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            guard let lprojIndex = components.dropLast().lastIndex(where: { $0.hasSuffix(".lproj") }),
                  seenFiles.insert(FileIdentity(info)).inserted else { return }
            interfaceBuilderFiles.append(InterfaceBuilderFile(
                path: path, locale: String(components[lprojIndex].dropLast(".lproj".count)),
                table: String(name[..<name.lastIndex(of: ".")!]), scope: components[..<lprojIndex].joined(separator: "/")))
        }

        mutating func report(_ path: String, _ message: String, severity: Severity = .warning) {
            findings.append(Finding(ruleID: ReaderRule.unreadable, severity: severity, message: message,
                                    location: SourceLocation(file: path, line: 1, column: 1)))
        }
    }
}
