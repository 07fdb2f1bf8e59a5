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

    /// Each XLIFF carries its own source: a finding in fr.xliff points at fr.xliff's unit, not at the
    /// copy of the source the index took from de.xliff.
    @Test func aBilingualFindingsSourceNoteStaysInItsOwnFile() throws {
        let folder = try TestPaths.makeTemporaryDirectory("source-note")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.xliff("de", target: "Prüfe deine Verbindung.").write(to: folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        try Self.xliff("fr", target: "Check your connection.").write(to: folder.appendingPathComponent("fr.xliff"), atomically: true, encoding: .utf8)
        let result = Auditor.audit(paths: [folder.path])
        let finding = try #require(result.findings.first { $0.ruleID == "untranslated" && $0.locale == "fr" })
        let note = try #require(finding.notes.first { $0.message.hasPrefix("source:") })
        #expect(note.message == "source: \"Check your connection.\"")
        #expect(note.location?.file.hasSuffix("fr.xliff") == true)
        #expect(note.location?.line == 5)
    }

    /// The content rules compare a bilingual unit with its own source text: their note points at that
    /// unit too (it had no place at all).
    @Test func aContentFindingsSourceNotePointsAtItsOwnUnit() throws {
        let folder = try TestPaths.makeTemporaryDirectory("source-note-content")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.xliff("de", target: "Prüfe deine Verbindung.").write(to: folder.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        try Self.xliff("fr", target: "Vérifiez votre connexion").write(to: folder.appendingPathComponent("fr.xliff"), atomically: true, encoding: .utf8)
        let result = Auditor.audit(paths: [folder.path])
        let finding = try #require(result.findings.first { $0.ruleID == "punctuation-mismatch" && $0.locale == "fr" })
        let note = try #require(finding.notes.first { $0.message.hasPrefix("source:") })
        #expect(note.location?.file.hasSuffix("fr.xliff") == true)
        #expect(note.location?.line == 5)
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
