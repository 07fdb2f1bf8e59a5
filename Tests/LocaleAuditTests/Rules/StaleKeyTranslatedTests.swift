import Foundation
import Testing
@testable import LocaleAudit

@Suite struct StaleKeyTranslatedTests {
    private func audit(_ catalog: String) throws -> [Finding] {
        let root = try TestPaths.makeTemporaryDirectory("stale-key")
        defer { try? FileManager.default.removeItem(at: root) }
        try catalog.write(to: root.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        return Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1)).findings
            .filter { $0.ruleID == StaleKeyTranslatedRule.id }
    }

    @Test func oneNotePerKeyCountingRealTranslations() throws {
        let findings = try audit(#"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Night mode" : {
              "extractionState" : "stale",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Night mode" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Nachtmodus" } },
                "fr" : { "stringUnit" : { "state" : "new", "value" : "" } },
                "it" : { "stringUnit" : { "state" : "translated", "value" : "Night mode" } },
                "ja" : { "variations" : { "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "ナイトモード" } } } } }
              }
            },
            "%@" : {
              "extractionState" : "stale",
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%@" } } }
            }
          },
          "version" : "1.0"
        }
        """#)
        // fr is not translated yet and it copies the source; "%@" has nothing but a copy.
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .note && finding.key == "Night mode" && finding.locale == nil)
        #expect(finding.location?.line == 4 && finding.location?.column == 5)  // the key, not its "en" localization
        #expect(finding.message.contains("2 locales still translate it (de, ja)"), "\(finding.message)")
    }

    @Test func longLocaleListsAreShortened() {
        #expect(StaleKeyTranslatedRule.list(["de"]) == "de")
        #expect(StaleKeyTranslatedRule.list(["a", "b", "c", "d", "e", "f", "g"]) == "a, b, c, d, e and 2 more")
    }
}
