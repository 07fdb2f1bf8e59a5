import Foundation
import Testing
@testable import LocaleAudit

/// Every rule's examples are its tests: triggering examples must produce findings exactly at their
/// markers, non-triggering examples none.
@Suite struct RuleExampleTests {
    static var ruleIDs: [String] { RuleEngine.descriptions.map(\.id) }

    @Test(arguments: ruleIDs)
    func examples(of id: String) throws {
        let description = try #require(RuleEngine.rule(withID: id)).description
        // wrong-language's examples (and language-of-parts' identified French) need CLD2 on Linux.
        if ["wrong-language", "language-of-parts"].contains(id) {
            try #require(LanguageIdentifier.hasFullCoverage,
                         "language identification is unavailable: \(LanguageIdentifier.unavailableReason ?? "") — install libcld2-dev (.ci/run and make deps do)")
        }
        #expect(!description.triggering.isEmpty, "rule \(id) has no triggering example")
        #expect(!description.nonTriggering.isEmpty, "rule \(id) has no non-triggering example")
        for (index, example) in description.triggering.enumerated() {
            let outcome = try RuleExampleRunner.run(example, ruleID: id)
            #expect(!outcome.expected.isEmpty, "triggering example \(index) of \(id) has no marker")
            #expect(outcome.expected == outcome.actual,
                    "triggering example \(index) of \(id): expected findings at \(outcome.expected), got \(outcome.findings.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" })")
        }
        for (index, example) in description.nonTriggering.enumerated() {
            let outcome = try RuleExampleRunner.run(example, ruleID: id)
            #expect(outcome.actual.isEmpty,
                    "non-triggering example \(index) of \(id) produced \(outcome.findings.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" })")
        }
    }

    @Test func ruleIDsAreStableKebabCaseAndUnique() {
        let ids = Self.ruleIDs
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id) is not kebab-case")
            #expect(!id.hasPrefix("-") && !id.hasSuffix("-"))
        }
    }

    @Test func docsRulesMarkdownIsUpToDate() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(committed == RuleDocumentation.markdown(),
                "docs/rules.md is stale: regenerate it with `make docs` (locale-audit rules --markdown > docs/rules.md)")
    }
}
