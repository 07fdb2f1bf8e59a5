import Foundation
import Testing
@testable import LocaleAudit

/// The sample app's planted defects (Fixtures/SampleApp/DEFECTS.md) against a real run: every line of
/// expected-findings.txt must be reported, and nothing else.
@Suite struct SampleAppTests {
    static func line(for finding: Finding, relativeTo root: String) -> String {
        var file = finding.location?.file ?? ""
        if file.hasPrefix(root + "/") { file = String(file.dropFirst(root.count + 1)) }
        let position = finding.location.map { "\($0.line):\($0.column)" } ?? "-"
        var line = "\(file):\(position): \(finding.severity.rawValue): [\(finding.ruleID)]"
        if let key = finding.key { line += " \"\(key)\"" }
        if let locale = finding.locale { line += " (\(locale))" }
        return line
    }

    @Test func findingsMatchTheExpectedFindingsFile() throws {
        let root = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let result = Auditor.audit(paths: [root], options: AuditOptions(workers: 2))
        let actual = result.findings.map { Self.line(for: $0, relativeTo: root) }
        let expectedText = try String(contentsOfFile: root + "/expected-findings.txt", encoding: .utf8)
        let expected = expectedText.split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let missing = expected.filter { !actual.contains($0) }
        let unexpected = actual.filter { !expected.contains($0) }
        #expect(missing.isEmpty, "expected but not reported:\n\(missing.joined(separator: "\n"))")
        #expect(unexpected.isEmpty, "reported but not expected:\n\(unexpected.joined(separator: "\n"))")
        #expect(result.project.sourceLanguage == "en")
    }

    @Test func everyLocaleOfTheSampleIsRead() {
        let root = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let result = Auditor.audit(paths: [root])
        #expect(result.project.locales == ["ar", "de", "en", "fr", "he", "ja", "pl", "pt-BR", "pt_BR", "ru", "zh-Hans"])
        let ru = result.project.tables.first { $0.locale == "ru" && $0.name == "Localizable" && $0.format == .strings }
        #expect(ru?.entries.first { $0.key == "map.landmark" }?.value == .text("Москва Arc de Triomphe 東京"))
    }
}
