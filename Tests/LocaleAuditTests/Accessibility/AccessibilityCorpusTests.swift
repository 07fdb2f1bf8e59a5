import Foundation
import Testing
@testable import LocaleAudit

/// DuckDuckGo ships its storyboard tables translated, without Base storyboards: the source text must
/// come from Xcode's comments, and every locale's coverage must be reported.
@Suite struct AccessibilityCorpusTests {
    @Test func duckDuckGoStoryboardTablesAreClassifiedAndCovered() throws {
        guard TestPaths.corpusIsPresent else {
            print(TestPaths.corpusAbsentMessage)
            return
        }
        let root = TestPaths.corpus.appendingPathComponent("duckduckgo+iOS").path
        let result = Auditor.audit(paths: [root], options: AuditOptions(workers: 2))
        let classifier = AccessibilityClassifier()
        var labels = 0, hints = 0
        for table in result.project.tables where table.locale != result.project.sourceLanguage {
            for entry in table.entries {
                switch classifier.classify(key: entry.key, comment: entry.comment) {
                case .label: labels += 1
                case .hint: hints += 1
                default: break
                }
            }
        }
        #expect(labels == 480)
        #expect(hints == 48)
        #expect(result.accessibility.translationKinds[.label] == 480)
        #expect(result.accessibility.translationKinds[.hint] == 48)
        // Source text recovered from the comments: "Close Tab" for 2en-CB-bYH in TabSwitcher.
        let index = ProjectIndex(result.project)
        let tabSwitcher = try #require(index.tableSets.first { $0.id.name == "TabSwitcher" })
        #expect(tabSwitcher.source?.entries["2en-CB-bYH.accessibilityLabel"]?.value == .text("Close Tab"))
        #expect(result.accessibility.sourceKinds[.label] == 20)
        #expect(result.accessibility.sourceKinds[.hint] == 2)
        // Per-locale coverage: 24 locales, each with every storyboard label and hint counted.
        #expect(result.accessibility.locales.count == 24)
        #expect(result.accessibility.locales.allSatisfy { $0.strings >= 22 && $0.translated + $0.missing <= $0.strings })
        let json = JSONReporter.render(result)
        #expect(json.contains("\"accessibility\""))
    }
}
