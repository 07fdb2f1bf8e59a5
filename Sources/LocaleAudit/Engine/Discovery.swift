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
    /// The folders of each separate app the walk found, as the paths name them (see
    /// `Discovery.appRoots`); empty when everything read belongs to one app.
    public var appRoots: [[String]] = []
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
        var name = name
        return name.withUTF8 { format(ofFileNamed: $0) }
    }

    /// The format a file name's extension (ASCII letters, any case) names, read from its bytes: a
    /// walk asks this of every file it meets.
    static func format(ofFileNamed name: UnsafeBufferPointer<UInt8>) -> CatalogFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return nil }
        let tail = UnsafeBufferPointer(rebasing: name[(dot + 1)...])
        func named(_ word: StaticString) -> Bool {
            guard tail.count == word.utf8CodeUnitCount else { return false }
            for i in 0..<tail.count where tail[i] | 0x20 != word.utf8Start[i] { return false }
            return true
        }
        if named("strings") { return .strings }
        if named("stringsdict") { return .stringsdict }
        if named("xliff") || named("xlf") { return .xliff }
        if named("xcstrings") { return .xcstrings }
        return nil
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
                walker.walkedArguments.append(path)
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
                               appDeclarationFiles: walker.appDeclarationFiles.sorted { $0.path < $1.path },
                               appRoots: appRoots(markedFolders: walker.markedFolders, walked: walker.walkedArguments))
    }

    /// Where one app ends and another begins: a repository (`.git`) or a folder holding an Xcode
    /// project or workspace marks an app, which owns everything below it (a package or a nested
    /// project in it is part of it). A walked folder that is marked or lies in a marked folder
    /// belongs to the outermost one (two folders of one repository are one app); otherwise each
    /// outermost marked folder in it is an app. Two apps at least, or none: checked together, one
    /// app's strings would be held against another's (its locale set, its labels, its terminology).
    static func appRoots(markedFolders: [String], walked: [String]) -> [[String]] {
        var byEnclosing: [String: [String]] = [:]
        var inner: [String] = []
        for folder in walked {
            if let enclosing = outermostMarkedFolder(around: folder) {
                byEnclosing[enclosing, default: []].append(folder)
            } else {
                inner += markedFolders.filter { $0.hasPrefix(PathRelativity.folderPrefix(folder)) }
            }
        }
        var apps = byEnclosing.values.map { outermostFolders($0) } + outermostFolders(inner).map { [$0] }
        // A folder inside another app's folder (a repository named twice) is that app's.
        let all = outermostFolders(apps.flatMap { $0 })
        apps = apps.map { $0.filter(all.contains) }.filter { !$0.isEmpty }
        apps.sort { $0[0] < $1[0] }
        return apps.count >= 2 ? apps : []
    }

    /// The apps `--apps` names: the outermost folders, below a checked folder, that hold a catalog
    /// and whose path from that folder a glob matches.
    static func namedApps(_ globs: [String], holding files: [String], under checked: [String]) -> [[String]] {
        var matched = Set<String>()
        for folder in checked {
            let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            let prefix = PathRelativity.folderPrefix(base)
            for file in files where file.hasPrefix(prefix) {
                let relative = file.dropFirst(prefix.count).split(separator: "/").dropLast()
                var path = ""
                for component in relative {
                    path += path.isEmpty ? String(component) : "/" + component
                    if globs.contains(where: { Glob.matches($0, path) }) {
                        matched.insert(prefix + path)
                        break
                    }
                }
            }
        }
        return outermostFolders(Array(matched)).map { [$0] }
    }

    /// Folders none of the others contains, sorted.
    static func outermostFolders(_ folders: [String]) -> [String] {
        var kept: [String] = []
        for folder in Set(folders).sorted() {
            if let last = kept.last, folder.hasPrefix(PathRelativity.folderPrefix(last)) { continue }
            kept.append(folder)
        }
        return kept
    }

    /// The outermost of this folder and those above it that is a repository or holds an Xcode
    /// project, resolved; nil when none is.
    static func outermostMarkedFolder(around folder: String) -> String? {
        guard let resolved = realpath(folder, nil) else { return nil }
        var path = String(cString: resolved)
        free(resolved)
        var found: String? = nil
        while true {
            if holdsAppMarker(path) { found = path }
            guard let slash = path.lastIndex(of: "/"), path != "/" else { return found }
            path = slash == path.startIndex ? "/" : String(path[..<slash])
        }
    }

    private static func holdsAppMarker(_ folder: String) -> Bool {
        guard let handle = opendir(folder) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let marked = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                return isAppMarker(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<length]))
            }
            if marked { return true }
        }
        return false
    }

    /// `.git` (a folder, or a worktree's file), `X.xcodeproj`, `X.xcworkspace`.
    static func isAppMarker(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        (name.count == 4 && name.elementsEqual(".git".utf8)) || name.hasByteSuffix(".xcodeproj") || name.hasByteSuffix(".xcworkspace")
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
        var path = path
        return path.withUTF8 { bytes in
            let parts = PathParts(bytes)
            var locale: String? = nil
            var scope = parts.string(0..<parts.folderEnd)
            if let lproj = parts.lastLprojFolder {
                locale = lprojLocale(UnsafeBufferPointer(rebasing: bytes[lproj]))
                scope = parts.string(0..<max(lproj.lowerBound - 1, 0))
            }
            if format == .xcstrings { scope = parts.string(0..<parts.folderEnd) }
            let dot = bytes[parts.nameStart...].lastIndex(of: UInt8(ascii: ".")) ?? bytes.count
            return DiscoveredFile(path: String(decoding: bytes, as: UTF8.self), format: format, locale: locale,
                                  table: parts.string(parts.nameStart..<dot), scope: scope, size: size)
        }
    }

    /// Where a path's parts lie in its bytes, as `split(separator: "/", omittingEmptySubsequences:
    /// false)` would cut it: found with byte searches, because discovery cuts every path it keeps.
    struct PathParts {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the last component (the file name) starts.
        let nameStart: Int
        /// Where the folder part ends (the last "/"), 0 without one: the components before the name, joined.
        var folderEnd: Int { max(nameStart - 1, 0) }

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        }

        /// The last folder component ending in `.lproj`.
        var lastLprojFolder: Range<Int>? {
            var end = nameStart - 1
            while end >= 0 {
                let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
                if UnsafeBufferPointer(rebasing: bytes[start..<end]).hasByteSuffix(".lproj") { return start..<end }
                end = start - 1
            }
            return nil
        }

        func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    }

    /// Whether a file of this name may be a catalog or a side input (`Walker.consider`): an
    /// Interface Builder file, a project or `Info.plist`, or a catalog format.
    static func isWanted(fileNamed name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.hasByteSuffix(".storyboard") || name.hasByteSuffix(".xib") || name.hasByteSuffix("project.pbxproj")
            || name.hasByteSuffix("Info.plist")
            || format(ofFileNamed: name) != nil
    }

    /// A path's last two components that are not empty (its folder's name and its own), as
    /// `split(separator: "/")` gives them; "" where there is none.
    static func lastTwoComponents(_ path: String) -> (parent: String, name: String) {
        var path = path
        return path.withUTF8 { bytes in
            var found: [Range<Int>] = []
            var end = bytes.count
            while end > 0 && found.count < 2 {
                let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
                if start < end { found.append(start..<end) }
                end = start - 1
            }
            let text = { (range: Range<Int>?) in range.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? "" }
            return (text(found.count > 1 ? found[1] : nil), found.isEmpty ? String(decoding: bytes, as: UTF8.self) : text(found[0]))
        }
    }

    /// The locale of a `.lproj` folder's path or name, from its bytes (see `lprojLocale(_:)`).
    static func lprojLocale(_ folder: UnsafeBufferPointer<UInt8>) -> String {
        var name = folder[...]
        // Its last component that is not empty (a trailing "/" names the same folder).
        var end = name.endIndex
        while end > name.startIndex && name[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end > name.startIndex {
            name = name[..<end]
            if let slash = name.lastIndex(of: UInt8(ascii: "/")) { name = name[(slash + 1)...] }
        }
        if UnsafeBufferPointer(rebasing: name).hasByteSuffix(".lproj") { name = name.dropLast(6) }
        if let colon = name.lastIndex(of: UInt8(ascii: ":")) { name = name[(colon + 1)...] }
        return String(decoding: UnsafeBufferPointer(rebasing: name), as: UTF8.self)
    }

    /// The locale an `X.lproj` folder names. A git side's paths read `REV:de.lproj/…`, and no locale
    /// identifier holds a colon, so anything up to the last one is the revision, not the locale.
    public static func lprojLocale(_ folder: String) -> String {
        var folder = folder
        return folder.withUTF8 { lprojLocale($0) }
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
        /// Folders holding a repository or an Xcode project or workspace (see `Discovery.appRoots`).
        var markedFolders: [String] = []
        /// The folders named on the command line, as walked.
        var walkedArguments: [String] = []

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
                var marked = false
                while let entry = readdir(handle) {
                    let kept: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        let bytes = raw.bindMemory(to: UInt8.self)
                        let length = strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                        let name = UnsafeBufferPointer(rebasing: bytes[..<length])
                        if length <= 2 && name.allSatisfy({ $0 == UInt8(ascii: ".") }) { return nil }
                        if !marked && Discovery.isAppMarker(name) { marked = true }
                        // A regular file (the entry says so, no link to follow) that no reader or side
                        // input wants needs no `stat`: most of an app's files are of that kind.
                        if entry.pointee.d_type == UInt8(DT_REG) && !Discovery.isWanted(fileNamed: name) { return nil }
                        return String(decoding: name, as: UTF8.self)
                    }
                    if let kept { names.append(kept) }
                }
                closedir(handle)
                if marked { markedFolders.append(directory) }
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
            if path.hasByteSuffix(".lproj") { lprojFolders.append(path) }
        }

        mutating func consider(file path: String, info: stat, explicitlyNamed: Bool) {
            let (parent, name) = Discovery.lastTwoComponents(path)
            if name.hasByteSuffix(".storyboard") || name.hasByteSuffix(".xib") {
                noteInterfaceBuilderFile(path, info: info)
                return
            }
            if let kind = AppDeclarationReader.kind(ofFileNamed: name, parent: parent) {
                if seenFiles.insert(FileIdentity(info)).inserted { appDeclarationFiles.append(AppDeclarationFile(path: path, kind: kind)) }
                return
            }
            guard let format = Discovery.format(ofFileNamed: name), formats.contains(format) else { return }
            guard seenFiles.insert(FileIdentity(info)).inserted else { return }
            files.append(Discovery.classify(path: path, format: format, size: Int(info.st_size)))
        }

        /// Only storyboards in an `.lproj` folder are localized through `.strings` tables.
        mutating func noteInterfaceBuilderFile(_ path: String, info: stat) {
            var path = path
            let file: InterfaceBuilderFile? = path.withUTF8 { bytes in
                let parts = PathParts(bytes)
                guard let lproj = parts.lastLprojFolder else { return nil }
                let dot = bytes[parts.nameStart...].lastIndex(of: UInt8(ascii: ".")) ?? bytes.count
                return InterfaceBuilderFile(path: parts.string(0..<bytes.count), locale: parts.string(lproj.lowerBound..<(lproj.upperBound - 6)),
                                            table: parts.string(parts.nameStart..<dot), scope: parts.string(0..<max(lproj.lowerBound - 1, 0)))
            }
            guard let file, seenFiles.insert(FileIdentity(info)).inserted else { return }
            interfaceBuilderFiles.append(file)
        }

        mutating func report(_ path: String, _ message: String, severity: Severity = .warning) {
            findings.append(Finding(ruleID: ReaderRule.unreadable, severity: severity, message: message,
                                    location: SourceLocation(file: path, line: 1, column: 1)))
        }
    }
}
