import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files straight from git objects: `git ls-tree` lists a revision's files and one long-running
/// `git cat-file --batch` streams their bytes. Nothing is checked out and nothing is written to the
/// repository (only plumbing commands run, with optional locks off). Git runs through `Process`,
/// never a shell, so revisions and paths are passed as they are.
public struct GitRepository: Sendable {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// One blob of a listing: its path from the top of the repository, object name and size.
    public struct TreeFile: Sendable, Hashable {
        public var path: String
        public var object: String
        public var size: Int
    }

    /// The top of the working tree (or the git folder of a bare repository).
    public let topLevel: String
    /// Where the folder given sits inside the repository (`App/` or empty): `REV:./x` is relative to it.
    public let prefix: String
    let git: String

    /// Opens the repository that holds `directory`.
    public init(at directory: String) throws(Failure) {
        guard let git = GitRepository.findExecutable("git") else {
            throw Failure(description: "git is not on PATH; it is needed to read REV:PATH sides")
        }
        self.git = git
        let output = GitRepository.run(git, ["rev-parse", "--show-toplevel", "--show-prefix"], in: directory)
        guard output.status == 0 else {
            throw Failure(description: "'\(directory)' is not inside a git repository: \(output.errorText)")
        }
        // --show-toplevel prints nothing in a bare repository; then paths are from the root tree anyway.
        let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        topLevel = lines.count > 1 && !lines[0].isEmpty ? String(lines[0]) : directory
        prefix = lines.count > 1 ? String(lines[1]) : (lines.first.map(String.init) ?? "")
    }

    /// A path as `REV:PATH` means it: from the top of the repository, or from the folder given when
    /// it starts with `./` or `../` (as git itself reads them).
    public func repositoryPath(_ path: String) -> String {
        var parts: [Substring] = []
        let relative = path.hasPrefix("./") || path.hasPrefix("../") || path == "." || path == ".."
        if relative { parts = prefix.split(separator: "/") }
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// Every blob under `path` (a folder or one file; empty for the whole tree) at `revision`, in
    /// `git ls-tree` order. Submodules and symbolic links are not files of this tree and are left out.
    public func listFiles(revision: String, path: String) throws(Failure) -> [TreeFile] {
        var arguments = ["--literal-pathspecs", "ls-tree", "-r", "-z", "-l", "--full-tree", "--end-of-options", revision]
        if !path.isEmpty { arguments += ["--", path] }
        let output = GitRepository.run(git, arguments, in: topLevel)
        guard output.status == 0 else {
            throw Failure(description: "no revision '\(revision)' in \(topLevel): \(output.errorText)")
        }
        // An empty listing is a typo in the path more often than an empty folder: ask which.
        if output.stdout.isEmpty && !path.isEmpty {
            let exists = GitRepository.run(git, ["cat-file", "-e", revision + ":" + path], in: topLevel)
            guard exists.status == 0 else {
                throw Failure(description: "'\(path)' does not exist in '\(revision)'")
            }
        }
        var files: [TreeFile] = []
        // Records read "<mode> SP <type> SP <object> SP+ <size> TAB <path> NUL".
        for record in output.stdout.split(separator: 0) {
            guard let tab = record.firstIndex(of: 0x09) else { continue }
            let fields = record[..<tab].split(separator: 0x20)
            guard fields.count == 4, fields[1].elementsEqual("blob".utf8), !fields[0].elementsEqual("120000".utf8) else { continue }
            let name = String(decoding: record[(tab + 1)...], as: UTF8.self)
            if !path.isEmpty && name != path && !name.hasPrefix(path + "/") { continue }
            files.append(TreeFile(path: name, object: String(decoding: fields[2], as: UTF8.self),
                                  size: Int(String(decoding: fields[3], as: UTF8.self)) ?? 0))
        }
        return files
    }

    /// The contents of blobs, in the order asked, through one `git cat-file --batch` process. A
    /// writer thread feeds object names while this thread reads, so neither pipe can fill up and stall.
    public func readBlobs(_ objects: [String]) throws(Failure) -> [[UInt8]] {
        if objects.isEmpty { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["cat-file", "--batch", "--buffer"]
        process.currentDirectoryURL = URL(fileURLWithPath: topLevel)
        process.environment = GitRepository.environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot start git cat-file: \(error.localizedDescription)")
        }
        let request = Data(objects.map { $0 + "\n" }.joined().utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(request)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        var reader = PipeReader(fd: output.fileHandleForReading.fileDescriptor)
        var blobs: [[UInt8]] = []
        blobs.reserveCapacity(objects.count)
        var failure: Failure? = nil
        for object in objects {
            // "<object> <type> <size>\n<contents>\n", or "<object> missing\n".
            guard let header = reader.readLine() else {
                failure = Failure(description: "git cat-file stopped before \(object)")
                break
            }
            let fields = header.split(separator: 0x20)
            guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)) else {
                failure = Failure(description: "git cat-file: \(String(decoding: header, as: UTF8.self))")
                break
            }
            guard let contents = reader.read(count: size), reader.read(count: 1) == [0x0A] else {
                failure = Failure(description: "git cat-file ended in the middle of \(object)")
                break
            }
            blobs.append(contents)
        }
        if failure != nil { process.terminate() }
        try? output.fileHandleForReading.close()
        process.waitUntilExit()
        if let failure { throw failure }
        return blobs
    }

    // MARK: Running git

    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        // Plumbing only reads, but no command may even refresh the index behind the user's back.
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        return environment
    }()

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        var errorText: String {
            let text = String(decoding: stderr, as: UTF8.self).trimmingSpaces
            return text.isEmpty ? "git exited with status \(status)" : text
        }
    }

    static func run(_ git: String, _ arguments: [String], in directory: String) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Output(status: -1, stdout: [], stderr: Array("cannot run git: \(error.localizedDescription)".utf8))
        }
        // Standard error is drained on another thread so that neither pipe can fill and block git.
        let errorBox = ByteBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorBox.bytes = Array(errors.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let stdout = Array(output.fileHandleForReading.readDataToEndOfFile())
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: stdout, stderr: errorBox.bytes)
    }

    private final class ByteBox: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// Buffered reads from a pipe: lines and exact byte counts, with POSIX `read`.
struct PipeReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    init(fd: Int32) { self.fd = fd }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    private mutating func fill() -> Bool {
        if ended { return false }
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { PipeReader.systemRead(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                ended = true
                return false
            }
            buffer.append(contentsOf: chunk[..<n])
            return true
        }
    }

    /// A line without its newline; nil at the end of the stream.
    mutating func readLine() -> [UInt8]? {
        var searched = position
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Array(buffer[position..<newline])
                position = newline + 1
                return line
            }
            searched = buffer.count
            let consumed = position
            guard fill() else { return nil }
            searched -= consumed
        }
    }

    mutating func read(count: Int) -> [UInt8]? {
        while buffer.count - position < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[position..<(position + count)])
        position += count
        return bytes
    }
}
