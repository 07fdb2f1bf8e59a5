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

    /// `Export/de.xcloc` is Xcode's export of the Reader catalog: its copies of the catalog's findings
    /// are notes on them, not findings of their own.
    @Test func theCatalogsExportIsANoteNotAFinding() {
        let root = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let result = Auditor.audit(paths: [root])
        #expect(!result.findings.contains { $0.location?.file.contains("de.xcloc") == true })
        for (rule, key) in [("translation-state", "Font size"), ("missing-translation", "Highlight")] {
            let finding = result.findings.first { $0.ruleID == rule && $0.key == key && $0.locale == "de" }
            #expect(finding?.location?.file.hasSuffix("Reader/Reader.xcstrings") == true, "\(rule) \(key)")
            #expect(finding?.notes.contains { $0.location?.file.hasSuffix("de.xcloc/Localized Contents/de.xliff") == true } == true,
                    "\(rule) \(key) names the export")
        }
        let dutch = result.findings.first { $0.ruleID == "locale-incomplete" && $0.locale == "nl" }
        #expect(dutch?.keys.count == 15)
        #expect(dutch?.identicalKeys == ["error.network"])
    }

    @Test func everyLocaleOfTheSampleIsRead() {
        let root = TestPaths.fixtures.appendingPathComponent("SampleApp").path
        let result = Auditor.audit(paths: [root])
        #expect(result.project.locales == ["ar", "de", "en", "en-GB", "es", "fr", "he", "it", "ja", "nl", "pl", "pt-BR", "pt_BR", "ru", "uk", "zh-Hans"])
        let ru = result.project.tables.first { $0.locale == "ru" && $0.name == "Localizable" && $0.format == .strings }
        #expect(ru?.entries.first { $0.key == "map.landmark" }?.value == .text("Москва Arc de Triomphe 東京"))
        // Each newer format is read, not merely found: one known entry per file.
        func entry(_ locale: String, _ table: String, _ format: CatalogFormat, _ key: String) -> Entry? {
            // An XLIFF gives one table per <file>: the .strings and .stringsdict parts share a name.
            result.project.tables.filter { $0.locale == locale && $0.name == table && $0.format == format }
                .lazy.compactMap { $0.entries.first { $0.key == key } }.first
        }
        #expect(entry("uk", "Localizable", .xliff, "library.title")?.value == .text("Моя бібліотека"))
        #expect(entry("es", "Localizable", .xliff, "welcome.message")?.value == .text("¡Hola de nuevo, %@!"))
        #expect(entry("it", "Onboarding", .xliff, "onboarding.skip")?.value == .text("Salta"))
        #expect(entry("ja", "Reader", .xcstrings, "Chapter %lld")?.value == .text("第%lld章"))
        guard case .plural(let plural)? = entry("uk", "Localizable", .xliff, "books.count")?.value else {
            Issue.record("books.count (uk) is not read as a plural from the Xcode export's :dict/ units")
            return
        }
        #expect(plural.variables.first?.forms.map(\.category) == ["zero", "one", "few", "many", "other"])
    }
}
