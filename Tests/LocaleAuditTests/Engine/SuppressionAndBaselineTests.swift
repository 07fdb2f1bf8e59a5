import Foundation
import Testing
@testable import LocaleAudit

@Suite struct SuppressionAndBaselineTests {
    func makeProject(_ files: [String: String]) throws -> URL {
        let root = try TestPaths.makeTemporaryDirectory("suppress")
        try TestPaths.write(files, into: root)
        return root
    }

    @Test func parsesMarkers() {
        #expect(Suppressions.parse("locale-audit:disable untranslated, empty-value") == ["untranslated", "empty-value"])
        #expect(Suppressions.parse("Brand name. locale-audit:disable") == [])
        #expect(Suppressions.parse("An ordinary comment") == nil)
    }

    @Test func sourceCommentSilencesEveryLocaleAndTranslationCommentOnlyItsOwn() throws {
        let root = try makeProject([
            "en.lproj/Localizable.strings": """
                /* locale-audit:disable untranslated */
                "slogan" = "Read more books";
                "title" = "My library";
                """,
            "de.lproj/Localizable.strings": "\"slogan\" = \"Read more books\";\n/* locale-audit:disable untranslated */\n\"title\" = \"My library\";\n",
            "fr.lproj/Localizable.strings": "\"slogan\" = \"Read more books\";\n\"title\" = \"My library\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let findings = Auditor.audit(paths: [root.path]).findings.filter { $0.ruleID == "untranslated" }
        #expect(findings.map { "\($0.locale!) \($0.key!)" } == ["fr title"])
    }

    @Test func baselineGatesOnlyNewFindingsAndCountsFixedOnes() throws {
        let root = try makeProject([
            "en.lproj/Localizable.strings": "\"a\" = \"Open the book\";\n\"b\" = \"Close the book\";\n",
            "de.lproj/Localizable.strings": "\"a\" = \"Open the book\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let first = Auditor.audit(paths: [root.path]).findings
        #expect(first.count == 2)  // "a" untranslated, "b" missing
        let baseline = Baseline(findings: first, roots: [root.path])
        let reloaded = try Baseline.load(from: { () throws -> String in
            let url = root.appendingPathComponent("baseline.json")
            try baseline.serialized().write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }())
        #expect(reloaded == baseline)
        // Unrelated edits move lines; fixing "a" and adding a defect gives one new finding, one fixed.
        try "\n\n\"b\" = \"Das Buch schließen\";\n\"a\" = \"Das Buch öffnen\";\n\"c\" = \"\";\n"
            .write(to: root.appendingPathComponent("de.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try "\"a\" = \"Open the book\";\n\"b\" = \"Close the book\";\n\"c\" = \"New\";\n"
            .write(to: root.appendingPathComponent("en.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        let second = Auditor.audit(paths: [root.path]).findings
        let comparison = reloaded.compare(second, roots: [root.path])
        #expect(comparison.new.map(\.ruleID) == ["empty-value"])
        #expect(comparison.fixed == 2)
    }

    @Test func baselineKeysIgnoreLineNumbersAndCheckoutLocation() {
        let finding = Finding(ruleID: "duplicate-key", severity: .error, message: "duplicate key (first defined at 8:1)",
                              location: SourceLocation(file: "/checkout-a/App/de.lproj/L.strings", line: 12, column: 1),
                              locale: "de", table: "L", key: "k")
        var moved = finding
        moved.location = SourceLocation(file: "/elsewhere/b/App/de.lproj/L.strings", line: 40, column: 1)
        moved.message = "duplicate key (first defined at 36:1)"
        #expect(Baseline.key(for: finding, roots: ["/checkout-a"]) == Baseline.key(for: moved, roots: ["/elsewhere/b"]))
    }
}
