import Foundation
import Testing
@testable import LocaleAudit
#if canImport(Glibc)
import Glibc
#endif

/// A temporary folder of catalog files for one test.
struct Scratch {
    let root: URL
    var path: String { root.path }

    init(_ label: String) throws { root = try TestPaths.makeTemporaryDirectory(label) }

    /// Writes a file (creating its folders) and returns its path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String { try write(relative, Array(text.utf8)) }

    func remove() {
        // Folders a test made unreadable must be opened up again before they can be removed.
        _ = try? runProgramQuietly("/bin/chmod", ["-R", "u+rwx", path])
        try? FileManager.default.removeItem(at: root)
    }
}

private func runProgramQuietly(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
}

enum Robust {
    /// A plain `.strings` table every scratch project gets, so each test can see that the other
    /// files are still read next to a hostile one.
    static let healthyStrings = "/* A healthy neighbour. */\n\"greeting\" = \"Hello\";\n"

    static func render(_ result: AuditResult) -> [ReportFormat: String] {
        var outputs: [ReportFormat: String] = [:]
        for format in ReportFormat.allCases { outputs[format] = Reporters.render(result, as: format) }
        return outputs
    }

    /// Lines of /etc/passwd long enough to be unmistakable (`root:x:0:0:root:/root:/bin/bash`).
    static let passwdLines: [String] = {
        guard let text = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { $0.count > 12 }
    }()

    /// Fails when any output of any format carries a line of /etc/passwd or one of `secrets`.
    static func expectNoLeak(_ result: AuditResult, secrets: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let outputs = render(result)
        #expect(outputs.count == ReportFormat.allCases.count, sourceLocation: sourceLocation)
        for (format, text) in outputs.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // Line formats print nothing for a clean run; the others always have a frame.
            if format != .github && format != .xcode {
                #expect(!text.isEmpty, "\(format) output is empty", sourceLocation: sourceLocation)
            }
            for line in passwdLines + secrets where text.contains(line) {
                Issue.record("\(format) output contains \"\(line)\" from a file that is not an input", sourceLocation: sourceLocation)
            }
        }
    }

    static func findings(_ result: AuditResult, rule: String) -> [Finding] { result.findings.filter { $0.ruleID == rule } }

    /// "line:column message" for findings of one file, for compact assertions.
    static func located(_ result: AuditResult, file: String) -> [String] {
        result.findings.filter { $0.location?.file == file }.map {
            "\($0.location!.line):\($0.location!.column) [\($0.ruleID)] \($0.message)"
        }
    }

    /// The healthy neighbour was read: its entry is in the project.
    static func neighbourWasRead(_ result: AuditResult) -> Bool {
        result.project.tables.contains { table in table.path.hasSuffix("Healthy.strings") && table.entries.contains { $0.key == "greeting" } }
    }

    /// The command-line tool beside the test bundle (built by `swift build --build-tests`), if any.
    static let tool: String? = {
        let candidates = [TestPaths.packageRoot.appendingPathComponent(".build/debug/locale-audit").path,
                          TestPaths.packageRoot.appendingPathComponent(".build/release/locale-audit").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct ChildRun {
        var status: Int32
        /// The child's own peak resident set size, from `wait4`.
        var peakMegabytes: Double
        var standardError: String
    }

    /// Runs the tool with its standard output to /dev/null and reports its peak memory. A child process
    /// measures one run alone, where the test process's own peak mixes with every parallel test's. The
    /// tool is started by a small Python process: Linux carries the peak of the process that spawns a
    /// child over into the child's `ru_maxrss`, and this test process is large.
    static func runTool(_ arguments: [String]) throws -> ChildRun? {
        guard let tool, let python = python else { return nil }
        let scratch = try Scratch("child")
        defer { scratch.remove() }
        let errPath = scratch.root.appendingPathComponent("stderr").path
        let peakPath = scratch.root.appendingPathComponent("peak").path
        let script = """
            import resource, subprocess, sys
            status = subprocess.call(sys.argv[2:])
            open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
            sys.exit(status if status >= 0 else 128 - status)
            """
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([python, "-c", script, peakPath, tool] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        guard posix_spawn(&pid, python, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        guard let peak = (try? String(contentsOfFile: peakPath, encoding: .utf8)).flatMap({ Double($0) }) else {
            Issue.record("no peak memory from the tool run: \(stderr)")
            return nil
        }
        return ChildRun(status: exit, peakMegabytes: peak / 1024, standardError: stderr)
    }

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The tool's peak memory on an almost empty folder: what any run costs before its input does.
    static let baselinePeakMegabytes: Double? = {
        guard let scratch = try? Scratch("baseline") else { return nil }
        defer { scratch.remove() }
        _ = try? scratch.write("en.lproj/Healthy.strings", healthyStrings)
        return (try? runTool(["check", scratch.path, "--format", "json"]))??.peakMegabytes
    }()

    static let toolAbsentMessage = "the locale-audit tool is not built (swift build) or python3 is missing; tool runs and memory bounds are skipped"
}

/// A TCP listener on 127.0.0.1 that records whether anything connected: the "no network" witness
/// for external entities and DTDs that point at it.
final class ConnectionWitness {
    let port: UInt16
    private let socket: Int32

    init?() {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        socket = fd
    }

    /// Whether a connection is waiting to be accepted (no wait: the audit has finished by then).
    var wasContacted: Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    deinit { close(socket) }
}
