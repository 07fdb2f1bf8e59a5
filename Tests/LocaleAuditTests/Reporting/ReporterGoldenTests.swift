import Foundation
import Testing
@testable import LocaleAudit

/// Every format rendered from Fixtures/ReportSample and compared byte for byte with its golden file.
/// `UPDATE_GOLDEN=1 swift test --filter ReporterGoldenTests` rewrites the goldens (then review the diff).
@Suite struct ReporterGoldenTests {
    static let directory = TestPaths.packageRoot.appendingPathComponent("Tests/LocaleAuditTests/Reporting/Golden")
    static let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil

    static func fileName(_ format: ReportFormat) -> String {
        switch format {
        case .text: return "report.txt"
        case .xcode: return "report.xcode.txt"
        case .json: return "report.json"
        case .sarif: return "report.sarif.json"
        case .junit: return "report.junit.xml"
        case .github: return "report.github.txt"
        case .markdown: return "report.md"
        case .html: return "report.html"
        }
    }

    @Test(arguments: ReportFormat.allCases)
    func matchesGolden(_ format: ReportFormat) throws {
        let actual = ReportFixture.render(format)
        let url = Self.directory.appendingPathComponent(Self.fileName(format))
        if Self.update {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            Issue.record("""
                \(format.rawValue) differs from \(url.lastPathComponent) at line \(line + 1):
                  expected: \(line < e.count ? String(e[line]) : "(end of file)")
                  actual:   \(line < a.count ? String(a[line]) : "(end of file)")
                Rerun with UPDATE_GOLDEN=1 if the change is intended.
                """)
        }
    }

    @Test func goldensHavePlaceholdersNotMachineFacts() throws {
        for format in ReportFormat.allCases {
            let text = ReportFixture.render(format)
            #expect(!text.contains(TestPaths.packageRoot.path), "\(format.rawValue) contains the checkout's absolute path")
            #expect(!text.contains(LocaleAuditVersion.string + "\""), "\(format.rawValue) contains the real version")
        }
        #expect(ReportFixture.render(.json).contains("\"version\": \"{VERSION}\""))
        #expect(ReportFixture.render(.xcode).contains("{ROOT}/Fixtures/ReportSample/he.lproj/Localizable.strings:1:14: error:"))
    }

    @Test func renderingTwiceGivesTheSameBytes() {
        let again = Auditor.audit(paths: [ReportFixture.root], options: AuditOptions(workers: 1))
        for format in ReportFormat.allCases {
            #expect(ReportFixture.render(format) == ReportFixture.render(format, again), "\(format.rawValue) is not deterministic")
        }
    }
}
