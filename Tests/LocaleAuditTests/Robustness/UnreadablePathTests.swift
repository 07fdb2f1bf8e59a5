import Foundation
import Testing
@testable import LocaleAudit
#if canImport(Glibc)
import Glibc
#endif

/// Paths that cannot be read as catalogs: each gives a message naming the path, and every other file
/// is still checked.
@Suite struct UnreadablePathTests {
    static let fixture = TestPaths.fixtures.appendingPathComponent("Regressions/non-regular-files")

    /// A copy of the fixture (symbolic links kept as links) plus what git cannot hold: a named pipe
    /// and a socket with catalog names.
    static func project() throws -> (Scratch, fifo: String, socket: String) {
        let scratch = try Scratch("unreadable")
        let copy = scratch.root.appendingPathComponent("project")
        try FileManager.default.copyItem(at: fixture, to: copy)
        let fifo = copy.appendingPathComponent("en.lproj/Pipe.strings").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let socket = copy.appendingPathComponent("en.lproj/Socket.stringsdict").path
        try makeSocket(socket)
        return (scratch, fifo, socket)
    }

    static func makeSocket(_ path: String) throws {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        try #require(path.utf8.count < capacity, "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.enumerated() { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot bind a socket at \(path)")
    }

    /// Runs an audit on another thread and gives up after `seconds`: a regression here is a hang.
    static func auditWithin(_ seconds: Double, _ paths: [String]) -> AuditResult? {
        final class Box: @unchecked Sendable { var result: AuditResult? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.result = Auditor.audit(paths: paths)
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success ? box.result : nil
    }

    @Test func nonRegularFilesAndLinkLoopsAreNamedAndTheRestIsChecked() throws {
        let (scratch, fifo, socket) = try Self.project()
        defer { scratch.remove() }
        let root = scratch.path + "/project"
        let result = try #require(Self.auditWithin(60, [root]), "the audit did not finish: it blocked on the named pipe")
        let unreadable = Robust.findings(result, rule: ReaderRule.unreadable).map {
            "\(String($0.location!.file.dropFirst(root.count + 1))) \($0.severity): \($0.message)"
        }
        #expect(unreadable == [
            "en.lproj/Dangling.strings warning: broken symbolic link: No such file or directory",
            "en.lproj/Folder.strings note: a folder named like a catalog file; read as a folder (the catalogs inside it are checked)",
            "en.lproj/Pipe.strings warning: not a regular file but a named pipe (FIFO); not read (expected a catalog file)",
            "en.lproj/Socket.stringsdict warning: not a regular file but a socket; not read (expected a catalog file)",
            "en.lproj/loop note: symbolic link loop: this link leads back to a folder that contains it; not followed",
            "fr.lproj/again note: symbolic link to a folder already walked under another path; not followed again",
        ])
        #expect(!unreadable.contains { $0.hasPrefix(fifo) || $0.hasPrefix(socket) })  // relative paths, as listed
        // Every readable catalog is read once, through its real path.
        #expect(result.project.files.map { String($0.path.dropFirst(root.count + 1)) }
                == ["en.lproj/Folder.strings/Inner.strings", "en.lproj/Healthy.strings", "fr.lproj/Healthy.strings"])
        #expect(result.project.tables.flatMap(\.entries).map(\.key).sorted() == ["greeting", "greeting", "inner"])
        Robust.expectNoLeak(result)
    }

    /// Named on the command line, a named pipe once made the run wait forever for a writer.
    @Test func regressionNamedPipeOnTheCommandLineDoesNotBlock() throws {
        let (scratch, fifo, socket) = try Self.project()
        defer { scratch.remove() }
        let healthy = scratch.path + "/project/en.lproj/Healthy.strings"
        let result = try #require(Self.auditWithin(60, [fifo, socket, healthy]), "the audit blocked on the named pipe")
        #expect(result.unreadableArguments.isEmpty)
        #expect(Robust.located(result, file: fifo) == ["1:1 [unreadable] not a regular file but a named pipe (FIFO); not read (expected a catalog file)"])
        #expect(Robust.located(result, file: socket) == ["1:1 [unreadable] not a regular file but a socket; not read (expected a catalog file)"])
        #expect(Robust.neighbourWasRead(result))
        // FileLoading refuses what is not a regular file even when asked directly (a path that changed
        // kind after discovery).
        #expect(FileLoading.bytes(atPath: fifo, limit: 1 << 20) == .failure(.notRegularFile(kind: "a named pipe (FIFO)")))
        #expect(FileLoading.bytes(atPath: "/dev/zero", limit: 1 << 20) == .failure(.notRegularFile(kind: "a character device")))
    }

    @Test func danglingLinkNamedOnTheCommandLineIsAUsageError() {
        let dangling = Self.fixture.appendingPathComponent("en.lproj/Dangling.strings").path
        let healthy = Self.fixture.appendingPathComponent("en.lproj/Healthy.strings").path
        let result = Auditor.audit(paths: [dangling, healthy])
        #expect(result.unreadableArguments == [dangling])
        #expect(Robust.neighbourWasRead(result))
    }

    /// `chmod 000` only means something when permissions are enforced, which they are not for root.
    @Test func permissionDeniedFilesAndFolders() throws {
        let scratch = try Scratch("denied")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Healthy.strings", Robust.healthyStrings)
        let file = try scratch.write("en.lproj/Locked.strings", "\"a\" = \"b\";\n")
        let folder = try scratch.write("fr.lproj/Inside.strings", "\"a\" = \"c\";\n")
        let lockedFolder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        #expect(chmod(file, 0) == 0)
        #expect(chmod(lockedFolder, 0) == 0)
        let probe = open(file, O_RDONLY)
        if probe >= 0 {
            close(probe)
            print("skipped: permissions are not enforced for this user (uid \(getuid()), e.g. root): chmod 000 cannot make a file unreadable here")
            return
        }
        let result = Auditor.audit(paths: [scratch.path])
        #expect(Robust.located(result, file: file) == ["1:1 [unreadable] cannot open file: Permission denied"])
        #expect(Robust.located(result, file: lockedFolder) == ["1:1 [unreadable] cannot read folder: permission denied; its catalogs are not checked"])
        #expect(Robust.neighbourWasRead(result))
    }
}
