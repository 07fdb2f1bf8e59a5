#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replays the report of a run whose inputs did not change (`check --cache DIR`): the build-tool plugin
/// and the pre-commit hook run the tool again and again on the same catalogs.
///
/// An entry is keyed by everything that decides the output: the tool's version, the command's arguments
/// and working folder, the configuration and baseline files' bytes, and the path and content hash of
/// every file the audit would read. So an entry can only be reused when the run would print the same
/// thing. The cache holds at most `maximumEntries` entries and `maximumBytes` bytes (least recently used
/// go first), may be deleted at any time, and an entry that does not read back exactly as written is
/// ignored and replaced, never trusted.
public struct ResultCache: Sendable {
    public let directory: String
    public static let maximumEntries = 16
    public static let maximumBytes = 256 << 20

    /// What a run printed and how it ended.
    public struct Entry: Sendable, Equatable {
        /// The report as written to standard output or `--output`.
        public var report: [UInt8]
        /// The Markdown summary appended to `--summary`, when one was asked for.
        public var summary: [UInt8]?
        /// The summary line without its timing ("3 errors, 1 warning in 12 files, 4 locales").
        public var summaryLine: String
        /// Whether a finding reached the `--fail-on` threshold (exit status 1).
        public var failed: Bool

        public init(report: [UInt8], summary: [UInt8]?, summaryLine: String, failed: Bool) {
            self.report = report
            self.summary = summary
            self.summaryLine = summaryLine
            self.failed = failed
        }
    }

    public enum Lookup: Sendable, Equatable {
        case hit(Entry)
        case miss
        /// The entry exists but is damaged (truncated, edited, from another format version): why.
        case corrupt(String)
    }

    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/locale-audit`, else `~/Library/Caches/locale-audit` on macOS and
    /// `~/.cache/locale-audit` elsewhere (what `--cache auto` means).
    public static var defaultDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/locale-audit" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS)
        return home + "/Library/Caches/locale-audit"
        #else
        return home + "/.cache/locale-audit"
        #endif
    }

    /// The key of a run: `settings` are the strings that decide its output besides the inputs
    /// (arguments, working folder, configuration bytes…); every input file is read and hashed, on
    /// `workers` threads.
    public static func key(settings: [String], discovery: DiscoveryResult, maxFileSize: Int,
                           workers: Int = Parallel.defaultWorkerCount) -> String {
        var hasher = ContentHasher()
        hasher.combine("locale-audit \(LocaleAuditVersion.string) cache \(formatVersion)")
        for setting in settings { hasher.combine(setting) }
        // Side inputs first, each list with its own label so that a file moving between lists counts.
        let sideInputs: [(String, [String])] = [
            ("storyboards", discovery.interfaceBuilderFiles.map(\.path)),
            ("declarations", discovery.appDeclarationFiles.map(\.path)),
        ]
        var paths = discovery.files.map(\.path)
        hasher.combine("catalogs \(paths.count)")
        for (label, list) in sideInputs {
            hasher.combine("\(label) \(list.count)")
            paths += list
        }
        hasher.combine("lproj"); discovery.lprojFolders.forEach { hasher.combine($0) }
        hasher.combine("unreadable"); discovery.unreadableArguments.forEach { hasher.combine($0) }
        // A repository made or removed splits the run differently (`Discovery.appRoots`).
        hasher.combine("apps"); discovery.appRoots.forEach { hasher.combine($0.joined(separator: "\n")) }
        hasher.combine("discovery findings")
        for finding in discovery.findings {
            hasher.combine("\(finding.ruleID) \(finding.location.map(String.init(describing:)) ?? "") \(finding.message)")
        }
        let digests = Parallel.map(paths, workers: workers) { path -> String in
            switch FileLoading.bytes(atPath: path, limit: maxFileSize) {
            case .success(let bytes):
                var file = ContentHasher()
                file.combine(bytes)
                return file.finalize()
            case .failure(let failure):
                return "unread: " + failure.message
            }
        }
        for (path, digest) in zip(paths, digests) {
            hasher.combine(path)
            hasher.combine(digest)
        }
        return hasher.finalize()
    }

    public func lookup(_ key: String) -> Lookup {
        let path = entryPath(key)
        guard case .success(let bytes) = FileLoading.bytes(atPath: path, limit: Self.maximumBytes) else { return .miss }
        guard let entry = Self.decode(bytes, key: key) else {
            return .corrupt("the cache entry \(path) does not read back as written")
        }
        // Used now: the last to be evicted.
        utime(path, nil)
        return .hit(entry)
    }

    /// Writes the entry atomically (a temporary file renamed over it), then evicts the least recently
    /// used entries beyond the limits.
    public func store(_ entry: Entry, key: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let final = entryPath(key)
        let temporary = final + ".\(getpid()).tmp"
        try Data(Self.encode(entry, key: key)).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, final) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CacheError(message: "cannot write the cache entry \(final): \(reason)")
        }
        prune()
    }

    public struct CacheError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    func entryPath(_ key: String) -> String { directory + "/" + key + Self.entrySuffix }

    static let entrySuffix = ".locale-audit-cache"
    static let formatVersion = 1
    private static let magic = Array("locale-audit cache \(formatVersion)\n".utf8)

    /// Drops the oldest entries (by last use) until both limits hold.
    func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        var entries: [(path: String, used: Int, size: Int)] = []
        for name in names where name.hasSuffix(Self.entrySuffix) {
            let path = directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            #if canImport(Darwin)
            let used = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
            #else
            let used = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            #endif
            entries.append((path, used, Int(info.st_size)))
        }
        entries.sort { $0.used != $1.used ? $0.used > $1.used : $0.path < $1.path }
        var total = 0
        for (position, entry) in entries.enumerated() {
            total += entry.size
            if position >= Self.maximumEntries || total > Self.maximumBytes { unlink(entry.path) }
        }
    }

    // MARK: The entry's bytes: magic, key, fields as length-prefixed blocks, and a hash of all before it.

    static func encode(_ entry: Entry, key: String) -> [UInt8] {
        var out = magic
        func block(_ bytes: [UInt8]) {
            var length = UInt64(bytes.count).littleEndian
            withUnsafeBytes(of: &length) { out.append(contentsOf: $0) }
            out.append(contentsOf: bytes)
        }
        block(Array(key.utf8))
        block(Array(entry.summaryLine.utf8))
        block([entry.failed ? 1 : 0, entry.summary == nil ? 0 : 1])
        block(entry.report)
        block(entry.summary ?? [])
        var hasher = ContentHasher()
        hasher.combine(out)
        out.append(contentsOf: Array(hasher.finalize().utf8))
        return out
    }

    static func decode(_ bytes: [UInt8], key: String) -> Entry? {
        let digestLength = 32
        guard bytes.count >= magic.count + digestLength, bytes.starts(with: magic) else { return nil }
        let end = bytes.count - digestLength
        // Hashed and split in place: a replayed report can be tens of megabytes.
        let intact = bytes.withUnsafeBytes { raw -> Bool in
            var hasher = ContentHasher()
            hasher.combine(UnsafeRawBufferPointer(rebasing: raw[..<end]))
            return Array(hasher.finalize().utf8).elementsEqual(raw[end...])
        }
        guard intact else { return nil }
        var offset = magic.count
        func block() -> ArraySlice<UInt8>? {
            guard offset + 8 <= end else { return nil }
            var length: UInt64 = 0
            for index in 0..<8 { length |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            guard length <= UInt64(end - offset) else { return nil }
            defer { offset += Int(length) }
            return bytes[offset..<(offset + Int(length))]
        }
        guard let storedKey = block(), storedKey.elementsEqual(key.utf8),
              let line = block(), let flags = block(), flags.count == 2,
              let report = block(), let summary = block(), offset == end else { return nil }
        return Entry(report: Array(report), summary: flags.last == 1 ? Array(summary) : nil,
                     summaryLine: String(decoding: line, as: UTF8.self), failed: flags.first == 1)
    }
}
