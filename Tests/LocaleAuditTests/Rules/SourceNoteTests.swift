import Foundation
import Testing
@testable import LocaleAudit

@Suite struct SourceNoteTests {
    static func xliff(_ locale: String, target: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="\(locale)" datatype="plaintext">
            <body>
              <trans-unit id="offline">
                <source>Check your connection.</source>
                <target>\(target)</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
    }

    /// Each XLIFF carries its own source: a finding in fr.xliff points at the <source> of fr.xliff's
    /// unit, not at the copy of the source the index took from de.xliff.
    /// The audit of a German and a French XLIFF export of the one unit, the French target as given.
    static func audit(frenchTarget: String) throws -> AuditResult {
        let folder = try TestPaths.makeTemporaryDirectory("source-note")
        defer { try? FileManager.default.removeItem(at: folder) }
        try xliff("de", target: "Prüfe deine Verbindung.").write(to: folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        try xliff("fr", target: frenchTarget).write(to: folder.appendingPathComponent("fr.xliff"), atomically: true, encoding: .utf8)
        return Auditor.audit(paths: [folder.path])
    }

    @Test func aBilingualFindingsSourceNoteStaysInItsOwnFile() throws {
        let result = try Self.audit(frenchTarget: "Check your connection.")
        let finding = try #require(result.findings.first { $0.ruleID == "untranslated" && $0.locale == "fr" })
        let note = try #require(finding.notes.first { $0.message.hasPrefix("source:") })
        #expect(note.message == "source: \"Check your connection.\"")
        #expect(note.location?.file.hasSuffix("fr.xliff") == true)
        #expect(note.location?.line == 6)  // the unit's <source> text
    }

    /// The content rules compare a bilingual unit with its own source text: their note points at that
    /// unit's <source> too (it had no place at all).
    @Test func aContentFindingsSourceNotePointsAtItsOwnUnit() throws {
        let result = try Self.audit(frenchTarget: "Vérifiez votre connexion")
        let finding = try #require(result.findings.first { $0.ruleID == "punctuation-mismatch" && $0.locale == "fr" })
        let note = try #require(finding.notes.first { $0.message.hasPrefix("source:") })
        #expect(note.location?.file.hasSuffix("fr.xliff") == true)
        #expect(note.location?.line == 6)  // the unit's <source> text
    }
}

@Suite struct InnerSentenceEndTests {
    @Test(arguments: [
        ("Finde das Widget und wähle es aus. Wische dann weiter.", true),
        ("完了しました。次へ進みます。", true),
        ("Done! Now swipe.", true),
        ("z. B. das Widget", false),
        ("Version 2.5 is out", false),
        ("Swipe to the next page", false),
        ("Loading...", false),
    ])
    func sentencesInside(text: String, expected: Bool) {
        #expect(PunctuationMismatchRule.hasInnerSentenceEnd(text) == expected, "\(text)")
    }
}
