import Foundation

/// Runs a rule's example through the real pipeline (files written to a temporary folder, discovered,
/// read and checked), so an example proves the rule end to end, readers included.
public enum RuleExampleRunner {
    public struct Position: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public static func < (a: Position, b: Position) -> Bool { (a.file, a.line, a.column) < (b.file, b.line, b.column) }
        public var description: String { "\(file):\(line):\(column)" }
    }

    public struct Outcome: Sendable {
        /// Where the markers say findings must land.
        public var expected: [Position]
        /// Where the rule's findings landed (paths relative to the example's folder).
        public var actual: [Position]
        /// The rule's findings, for messages in failing tests and in docs.
        public var findings: [Finding]
        public var matches: Bool { expected == actual }
    }

    public static func run(_ example: RuleExample, ruleID: String) throws -> Outcome {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("locale-audit-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [Position] = []
        for file in example.files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let (bytes, markers) = file.unmarked
            if file.isFolder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } else if let target = file.symlinkTarget {
                try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            } else {
                try Data(bytes).write(to: url)
            }
            expected += markers.map { Position(file: file.path, line: $0.line, column: $0.column) }
        }
        let options = AuditOptions(sourceLanguage: example.sourceLanguage, workers: 1)
        let result = Auditor.audit(paths: [root.path], options: options)
        let prefix = root.path + "/"
        var findings = result.findings.filter { $0.ruleID == ruleID }
        for index in findings.indices {
            if let file = findings[index].location?.file, file.hasPrefix(prefix) {
                findings[index].location!.file = String(file.dropFirst(prefix.count))
            }
            for n in findings[index].notes.indices {
                if let file = findings[index].notes[n].location?.file, file.hasPrefix(prefix) {
                    findings[index].notes[n].location!.file = String(file.dropFirst(prefix.count))
                }
            }
        }
        let actual = findings.map { Position(file: $0.location?.file ?? "", line: $0.location?.line ?? 0, column: $0.location?.column ?? 0) }
        return Outcome(expected: expected.sorted(), actual: actual.sorted(), findings: findings)
    }
}
