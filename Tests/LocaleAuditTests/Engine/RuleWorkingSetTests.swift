import Foundation
import Testing
@testable import LocaleAudit

/// `check` keeps the rules' precomputations alive until it exits, so nothing is freed object by
/// object; other callers (a `diff` audits twice) get them freed when the rules are done.
@Suite struct RuleWorkingSetTests {
    @Test func theWorkingSetIsKeptOnlyWhenAskedFor() throws {
        let scratch = try Scratch("working-set")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Localizable.strings", "\"a\" = \"Save the file\";\n")
        try scratch.write("de.lproj/Localizable.strings", "\"a\" = \"Datei speichern.\";\n")
        var options = AuditOptions()
        let freed = Auditor.audit(paths: [scratch.path], options: options)
        #expect(freed.ruleWorkingSet == nil)
        options.keepsRuleWorkingSet = true
        let kept = Auditor.audit(paths: [scratch.path], options: options)
        #expect(kept.ruleWorkingSet?.pairs.count == 1)
        // Keeping it changes nothing the run reports.
        #expect(kept.findings.map(\.message) == freed.findings.map(\.message))
        #expect(!kept.findings.isEmpty)
    }
}
