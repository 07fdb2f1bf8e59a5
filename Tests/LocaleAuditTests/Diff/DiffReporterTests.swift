import Foundation
import Testing
@testable import LocaleAudit

@Suite struct DiffReporterTests {
    static func side(_ label: String) -> CatalogDiff.SideSummary {
        CatalogDiff.SideSummary(label: label, sourceLanguage: "en", files: 3, locales: 3, errors: 0, warnings: 1, notes: 0)
    }

    /// 30 lost Arabic translations (past the Markdown cap), one stale German one, and a new error.
    static func sample() -> CatalogDiff {
        let table = TableID(scope: "App", name: "Localizable")
        var changes = (1...30).map { n in
            DiffChange(kind: .translationLost, table: table, locale: "ar", key: "key.\(n)", before: .text("نص \(n)"),
                       oldLocation: SourceLocation(file: "v1:App/ar.lproj/Localizable.strings", line: n, column: 12))
        }
        changes.append(DiffChange(kind: .stale, table: table, locale: "de", key: "pipe|key", before: .text("Open *now*"),
                                  after: .text("Open <b>now</b>"), translation: .text("Jetzt öffnen"),
                                  location: SourceLocation(file: "HEAD:App/de.lproj/Localizable.strings", line: 4, column: 12)))
        let error = Finding(ruleID: "duplicate-key", severity: .error, message: "duplicate key (first defined at 3:1)",
                            location: SourceLocation(file: "HEAD:App/de.lproj/Localizable.strings", line: 5, column: 1),
                            locale: "de", table: "Localizable", key: "x")
        var diff = CatalogDiff(old: side("v1:App"), new: side("HEAD:App"), changes: changes,
                               coverage: [LocaleCoverageChange(locale: "ar", before: TranslationCoverage(translated: 40, total: 40),
                                                         after: TranslationCoverage(translated: 10, total: 40)),
                                          LocaleCoverageChange(locale: "de", before: TranslationCoverage(translated: 40, total: 40),
                                                         after: TranslationCoverage(translated: 40, total: 40)),
                                          LocaleCoverageChange(locale: "ja", before: nil, after: TranslationCoverage(translated: 1, total: 40))],
                               newFindings: [error], fixedFindings: [], regressions: [])
        diff.regressions = CatalogDiff.regressions(of: diff)
        return diff
    }

    @Test func regressionsNameLostTranslationsDroppedLocalesAndNewErrors() {
        let diff = Self.sample()
        #expect(diff.regressions == ["30 translations lost (ar 30)", "coverage dropped in 1 locale (ar 40/40 → 10/40)", "1 new error"])
        #expect(!diff.coverage[2].dropped, "a new locale has nothing to drop from")
        #expect(LocaleCoverageChange(locale: "x", before: TranslationCoverage(translated: 5, total: 10), after: nil).dropped)
        #expect(TranslationCoverage(translated: 1, total: 3).percentText == "33.3%")
    }

    @Test func jsonIsValidOrderedAndComplete() throws {
        let diff = Self.sample()
        let text = DiffReporters.render(diff, as: .json)
        #expect(text == DiffReporters.render(diff, as: .json))
        let parsed = JSONParser.parse(Array(text.utf8), file: "diff.json")
        #expect(parsed.findings.isEmpty)
        let root = try #require(parsed.root)
        #expect(root["summary"]?["translation-lost"]?.numberValue?.intValue == 30)
        #expect(root["summary"]?["regression"] != nil)
        #expect(root["changes"]?["translation-lost"]?.elements?.count == 30)
        #expect(root["changes"]?["stale"]?.elements?.first?["translation"]?.stringValue == "Jetzt öffnen")
        #expect(root["coverage"]?.elements?.count == 3)
        #expect(root["findings"]?["new"]?.elements?.first?["rule"]?.stringValue == "duplicate-key")
        // Members in the order written: version first, then tool, old, new.
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"tool\":"))
    }

    @Test func markdownCapsListsAndEscapesText() {
        let markdown = DiffReporters.render(Self.sample(), as: .markdown)
        #expect(markdown.contains("| ar | 100.0% (40/40) | 25.0% (10/40) | −75.0 pp ⚠️ | 30 | 0 | 0 | 0 |"))
        #expect(markdown.contains("| ja | – | 2.5% (1/40) | new |"))
        #expect(markdown.contains("### Translations lost (30)"))
        #expect(markdown.contains("- …and 5 more"))
        #expect(markdown.components(separatedBy: "- **ar** ").count - 1 == DiffMarkdownReporter.cap)
        #expect(markdown.contains("\"pipe\\|key\""))
        #expect(markdown.contains("\"Open \\*now\\*\""))
        #expect(markdown.contains("\\<b\\>"))
    }

    @Test func htmlMarksLanguageAndDirection() {
        let html = DiffReporters.render(Self.sample(), as: .html)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>") && !html.contains("<link") && !html.contains("<script"))
        #expect(html.contains("<span lang=\"ar\" dir=\"rtl\">&quot;نص 1&quot;</span>"))
        #expect(html.contains("<span lang=\"de\" dir=\"ltr\">&quot;Jetzt öffnen&quot;</span>"))
        #expect(html.contains("<span lang=\"en\" dir=\"ltr\">&quot;Open &lt;b&gt;now&lt;/b&gt;&quot;</span>"))
        #expect(html.contains("class=\"dropped\""))
        #expect(!html.contains("<b>now</b>"))
    }

    @Test func textListsEverythingWithLocations() {
        let text = DiffReporters.render(Self.sample(), as: .text)
        #expect(text.contains("Translations lost (30)"))
        #expect(text.contains("  ar  App/Localizable  \"key.30\": was \"نص 30\"  v1:App/ar.lproj/Localizable.strings:30:12"))
        #expect(text.contains("HEAD:App/de.lproj/Localizable.strings:5:1: error: [duplicate-key] \"x\" (de): duplicate key"))
        #expect(text.contains("Regressions:\n  - 30 translations lost (ar 30)"))
        #expect(DiffReporters.summaryLine(Self.sample()).contains("translations lost: 30"))
    }
}
