import Foundation
import Testing
@testable import LocaleAudit
#if canImport(Glibc)
import Glibc
#endif

/// Inputs are never modified: every command path of the library (and of the tool, when built) runs
/// with its outputs in a separate folder, and every input file and folder keeps its bytes, size,
/// kind and modification time; nothing is added or removed. Output file names stay in their folder.
@Suite struct UntouchedInputTests {
    struct Stamp: Equatable, CustomStringConvertible {
        var mode: UInt32
        var size: Int
        var modified: Int  // nanoseconds
        var hash: UInt64
        var description: String { "mode \(String(mode, radix: 8)), \(size) bytes, mtime \(modified), hash \(hash)" }
    }

    /// Every path under `root` (links not followed) with its stamp: FNV-1a over the bytes of regular files.
    static func snapshot(_ root: String) throws -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        var pending = [root]
        while let path = pending.popLast() {
            var info = stat()
            guard lstat(path, &info) == 0 else { Issue.record("cannot stat \(path)"); continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let kind = info.st_mode & S_IFMT
            if kind == S_IFREG {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                data.withUnsafeBytes { bytes in
                    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                }
            } else if kind == S_IFDIR {
                for name in try FileManager.default.contentsOfDirectory(atPath: path) { pending.append(path + "/" + name) }
            }
            stamps[path] = Stamp(mode: UInt32(info.st_mode), size: Int(info.st_size),
                                 modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec), hash: hash)
        }
        return stamps
    }

    static func expectUnchanged(_ before: [String: Stamp], _ after: [String: Stamp], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for path in Set(before.keys).union(after.keys).sorted() where before[path] != after[path] {
            Issue.record("input changed: \(path): \(before[path].map(String.init(describing:)) ?? "absent") → \(after[path].map(String.init(describing:)) ?? "absent")",
                         sourceLocation: sourceLocation)
        }
    }

    /// Every library command path, outputs written under `output`.
    static func runLibraryPaths(on input: String, output: String) throws {
        let options = AuditOptions(workers: 2)
        let result = Auditor.audit(paths: [input], options: options)
        #expect(!result.project.files.isEmpty)
        _ = Auditor.load(paths: [input], options: options)
        for format in ReportFormat.allCases {
            try Reporters.render(result, as: format).write(toFile: output + "/report." + format.rawValue, atomically: false, encoding: .utf8)
        }
        let baselinePath = output + "/baseline.json"
        try Baseline(findings: result.findings, roots: [input]).serialized().write(toFile: baselinePath, atomically: false, encoding: .utf8)
        let comparison = try Baseline.load(from: baselinePath).compare(result.findings, roots: [input])
        #expect(comparison.new.isEmpty)
        let fixFolder = output + "/fix-list"
        try FileManager.default.createDirectory(atPath: fixFolder, withIntermediateDirectories: true)
        for document in XLIFFFixList.documents(for: result) {
            try document.text.write(toFile: fixFolder + "/" + document.fileName, atomically: false, encoding: .utf8)
        }
        try SpeechRangeExport.json(SpeechRangeExport.entries(in: result.project, options: options))
            .write(toFile: output + "/speech-ranges.json", atomically: false, encoding: .utf8)
    }

    /// Every command of the tool with its outputs under `output` (skipped when the tool is not built).
    static func runToolPaths(on input: String, output: String, formats: [ReportFormat], everyCommand: Bool = true) throws {
        guard Robust.tool != nil else {
            print("skipped tool runs: \(Robust.toolAbsentMessage)")
            return
        }
        var runs = formats.map { ["check", input, "--format", $0.rawValue, "--output", output + "/tool-report." + $0.rawValue] }
        runs.append(["report", input, "--xliff", output + "/tool-fix-list"])
        if everyCommand {
            runs.append(["baseline", input, "--output", output + "/tool-baseline.json"])
            runs.append(["check", input, "--baseline", output + "/tool-baseline.json", "--output", output + "/tool-gated.txt"])
            runs.append(["speech-ranges", input, "--output", output + "/tool-speech-ranges.json"])
        }
        for arguments in runs {
            let run = try #require(try Robust.runTool(arguments))
            #expect(run.status <= 1, "\(arguments.joined(separator: " ")): \(run.standardError)")
        }
        #expect(FileManager.default.fileExists(atPath: output + "/tool-fix-list"))
    }

    @Test func copyOfSampleAppIsUntouched() throws {
        let scratch = try Scratch("untouched")
        defer { scratch.remove() }
        let input = scratch.path + "/SampleApp", output = scratch.path + "/out"
        try FileManager.default.copyItem(atPath: TestPaths.fixtures.appendingPathComponent("SampleApp").path, toPath: input)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let before = try Self.snapshot(input)
        #expect(before.count > 20)
        try Self.runLibraryPaths(on: input, output: output)
        try Self.runToolPaths(on: input, output: output, formats: ReportFormat.allCases)
        Self.expectUnchanged(before, try Self.snapshot(input))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["SampleApp", "out"])
    }

    @Test func corpusIsUntouched() throws {
        guard TestPaths.corpusIsPresent else {
            print("skipped: \(TestPaths.corpusAbsentMessage)")
            return
        }
        let scratch = try Scratch("untouched-corpus")
        defer { scratch.remove() }
        let input = TestPaths.corpus.path
        let before = try Self.snapshot(input)
        #expect(before.count > 1_000)
        try Self.runLibraryPaths(on: input, output: scratch.path)
        // Each tool run reads the whole corpus (seconds in a debug build): one report and the fix list.
        try Self.runToolPaths(on: input, output: scratch.path, formats: [.json], everyCommand: false)
        Self.expectUnchanged(before, try Self.snapshot(input))
    }

    // MARK: Output paths stay in their folder

    @Test(arguments: ["../../etc/passwd", "..", ".", "", "/absolute", "a/b", "a\\b", "de\u{0}x", "日本語", "pt.BR", "~root", "-rf"])
    func fixListFileNamesCannotEscape(_ locale: String) {
        let name = XLIFFFixList.safeFileName(locale)
        #expect(!name.isEmpty)
        #expect(name != "." && name != "..")
        #expect(name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        #expect((("out" as NSString).appendingPathComponent(name + ".xliff") as NSString).deletingLastPathComponent == "out")
    }

    /// Regression: `pt_BR` and `pt.BR` shared `pt_BR.xliff`, so one locale's work overwrote the other's.
    @Test func regressionHostileTargetLanguagesGetDistinctFilesInTheFolder() throws {
        let fixture = TestPaths.fixtures.appendingPathComponent("Regressions/fix-list-file-names").path
        let documents = XLIFFFixList.documents(for: Auditor.audit(paths: [fixture]))
        #expect(documents.map(\.locale) == ["../../escape", "pt.BR", "pt_BR"])
        #expect(documents.map(\.fileName) == ["______escape.xliff", "pt_BR.xliff", "pt_BR-2.xliff"])
        guard Robust.tool != nil else { return }
        let scratch = try Scratch("fix-names")
        defer { scratch.remove() }
        let output = scratch.path + "/deep/out"
        let run = try #require(try Robust.runTool(["report", fixture, "--xliff", output]))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["______escape.xliff", "pt_BR-2.xliff", "pt_BR.xliff"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/deep") == ["out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["deep"])
    }
}
