import Foundation
@testable import LocaleAudit

/// The reporters' shared test input: Fixtures/ReportSample audited once, with placeholders for what
/// differs between machines and releases.
enum ReportFixture {
    static let root = TestPaths.fixtures.appendingPathComponent("ReportSample").path
    static let versionPlaceholder = "{VERSION}"
    static let rootPlaceholder = "{ROOT}"

    /// Paths as an absolute checkout names them; SARIF and the HTML page make them relative to the
    /// package root (the "working directory").
    static let context: ReportContext = {
        var context = ReportContext(baseDirectory: TestPaths.packageRoot.path, toolVersion: versionPlaceholder)
        // Another ICU (Debian 13, macOS) must not change the golden files.
        context.icuVersion = "{ICU}"
        context.cldrVersion = "{CLDR}"
        context.languageIdentification = "{LANGID}"
        return context
    }()

    static let result: AuditResult = Auditor.audit(paths: [root], options: AuditOptions(workers: 2))
    static let sampleApp: AuditResult = Auditor.audit(paths: [TestPaths.fixtures.appendingPathComponent("SampleApp").path],
                                                      options: AuditOptions(workers: 2))

    /// A rendered report with the checkout's absolute path replaced by a placeholder.
    static func render(_ format: ReportFormat, _ result: AuditResult = result) -> String {
        Reporters.render(result, as: format, context: context)
            .replacingOccurrences(of: TestPaths.packageRoot.path + "/", with: rootPlaceholder + "/")
    }
}

/// Finds an executable on PATH.
func executableOnPath(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        for name in names {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
    }
    return nil
}

/// Runs a program to completion; returns its exit status and standard output and error.
@discardableResult
func runProgram(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // Output goes to files, not pipes: a child that writes a lot cannot block on a full pipe.
    let dir = try TestPaths.makeTemporaryDirectory("run")
    defer { try? FileManager.default.removeItem(at: dir) }
    let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    defer { try? out.close(); try? err.close() }
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    let outData = (try? Data(contentsOf: outURL)) ?? Data(), errData = (try? Data(contentsOf: errURL)) ?? Data()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}
