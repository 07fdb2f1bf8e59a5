import Foundation
import Testing
@testable import LocaleAudit

/// `extra-key` and `missing-table` report a defect of the source table once, not once per locale.
@Suite struct ConsolidatedConsistencyTests {
    private func audit(_ files: [String: String], rule: String) throws -> [Finding] {
        let root = try TestPaths.makeTemporaryDirectory("consolidated-consistency")
        defer { try? FileManager.default.removeItem(at: root) }
        try TestPaths.write(files, into: root)
        return Auditor.audit(paths: [root.path], options: AuditOptions(sourceLanguage: "en", workers: 1)).findings
            .filter { $0.ruleID == rule }
    }

    private static let locales = ["bg", "cs", "da", "de", "el", "es", "fi", "fr"]

    @Test func aKeyEveryTranslationHasIsOneFindingWithCappedNotes() throws {
        var files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"]
        for locale in Self.locales { files["\(locale).lproj/Localizable.strings"] = "\"a\" = \"A\";\n\"Cancel\" = \"X\";\n" }
        let findings = try audit(files, rule: "extra-key")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.locale == nil && finding.key == "Cancel" && finding.table == "Localizable")
        #expect(finding.location?.file.hasSuffix("bg.lproj/Localizable.strings") == true && finding.location?.line == 2)
        #expect(finding.message.contains("in all 8 translations of Localizable but not in the en source table"), "\(finding.message)")
        // Five places, the rest by name, then the source table to add it to.
        #expect(finding.notes.map(\.message) == ["also in cs", "also in da", "also in de", "also in el", "also in es",
                                                 "and in 2 more: fi and fr", "the en source table, where the key belongs if the code uses it"])
        #expect(finding.notes.last?.location?.file.hasSuffix("en.lproj/Localizable.strings") == true)
    }

    @Test func aKeyInAMinorityOfLocalesStaysPerLocale() throws {
        var files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"]
        for (i, locale) in Self.locales.enumerated() {
            files["\(locale).lproj/Localizable.strings"] = "\"a\" = \"A\";\n" + (i < 3 ? "\"old\" = \"X\";\n" : "")
        }
        let findings = try audit(files, rule: "extra-key")
        #expect(findings.map(\.locale) == ["bg", "cs", "da"])
        #expect(findings.allSatisfy { $0.message.hasPrefix("not in the en source table Localizable") })
    }

    @Test func halfTheLocalesIsEnoughToGroup() throws {
        var files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n"]
        for (i, locale) in Self.locales.enumerated() {
            files["\(locale).lproj/Localizable.strings"] = "\"a\" = \"A\";\n" + (i % 2 == 0 ? "\"old\" = \"X\";\n" : "")
        }
        let findings = try audit(files, rule: "extra-key")
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("in 4 of the 8 translations") == true, "\(findings.first?.message ?? "")")
    }

    @Test func aTableNoLocaleHasIsOneFinding() throws {
        var files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                     "en.lproj/Sync paused.strings": "/* typo */\n\"Sync paused\" = \"Sync paused\";\n"]
        for locale in Self.locales { files["\(locale).lproj/Localizable.strings"] = "\"a\" = \"X\";\n" }
        let findings = try audit(files, rule: "missing-table")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.locale == nil && finding.table == "Sync paused" && finding.severity == .warning)
        #expect(finding.location?.file.hasSuffix("en.lproj/Sync paused.strings") == true && finding.location?.line == 2)
        #expect(finding.message.contains("none of the 8 locales this folder is translated into has it"), "\(finding.message)")
    }

    /// Seven locales without a table de has: one finding at the source table that names them.
    @Test func aTableSomeLocalesLackIsOneFindingNamingThem() throws {
        var files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                     "en.lproj/Settings.strings": "\"s\" = \"S\";\n",
                     "de.lproj/Settings.strings": "\"s\" = \"X\";\n"]
        for locale in Self.locales { files["\(locale).lproj/Localizable.strings"] = "\"a\" = \"X\";\n" }
        let findings = try audit(files, rule: "missing-table")
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.locale == nil && finding.table == "Settings" && finding.location?.file.hasSuffix("en.lproj/Settings.strings") == true)
        #expect(finding.message == "table Settings has no version in 7 of the 8 locales this folder is translated into (1 string falls back to en in each): bg, cs, da, el, es, fi and fr")
    }

    /// Two locales without it stay findings of their own.
    @Test func aTableTwoLocalesLackStaysPerLocale() throws {
        let files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n", "en.lproj/Settings.strings": "\"s\" = \"S\";\n",
                     "de.lproj/Localizable.strings": "\"a\" = \"X\";\n", "de.lproj/Settings.strings": "\"s\" = \"X\";\n",
                     "fr.lproj/Localizable.strings": "\"a\" = \"X\";\n", "it.lproj/Localizable.strings": "\"a\" = \"X\";\n"]
        let findings = try audit(files, rule: "missing-table")
        #expect(findings.map(\.locale) == ["fr", "it"])
    }

    @Test func onlyARegionalVariantWithoutTheTableIsANote() throws {
        let files = ["en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                     "en.lproj/Extra.strings": "\"e\" = \"E\";\n",
                     "en-GB.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                     "en-AU.lproj/Localizable.strings": "\"a\" = \"A\";\n"]
        let findings = try audit(files, rule: "missing-table")
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .note)
    }

    /// Najdi Arabic copied from Arabic repeats its defects: one finding at `ar`, the copy a note. Persian
    /// with the same defect is another language's: its own finding, and so is Spanish's. Nine locales
    /// keep the question: four changes of thirteen are the translations' (five would be the source's).
    @Test func aLocaleCopiedFromAnotherOfItsLanguageIsANoteOfIt() throws {
        var files = [
            "en.lproj/Localizable.strings": "\"delete\" = \"Delete this book?\";\n\"done\" = \"Done\";\n",
            "ar.lproj/Localizable.strings": "\"delete\" = \"حذف هذا الكتاب.\";\n\"done\" = \"تم\";\n",
            "ars.lproj/Localizable.strings": "\"delete\" = \"حذف هذا الكتاب.\";\n\"done\" = \"تم\";\n",
            "fa.lproj/Localizable.strings": "\"delete\" = \"این کتاب حذف شود.\";\n\"done\" = \"انجام شد\";\n",
            "es.lproj/Localizable.strings": "\"delete\" = \"Eliminar este libro.\";\n\"done\" = \"Listo\";\n",
        ]
        let questions = ["de": "Dieses Buch löschen?", "fr": "Supprimer ce livre ?", "it": "Eliminare questo libro?",
                         "nl": "Dit boek verwijderen?", "pt": "Excluir este livro?", "sv": "Ta bort den här boken?",
                         "da": "Slet denne bog?", "pl": "Usunąć tę książkę?", "fi": "Poistetaanko tämä kirja?"]
        for (locale, question) in questions { files["\(locale).lproj/Localizable.strings"] = "\"delete\" = \"\(question)\";\n\"done\" = \"OK\";\n" }
        let findings = try audit(files, rule: "punctuation-mismatch")
        #expect(findings.compactMap(\.locale).sorted() == ["ar", "es", "fa"], "\(findings.map(\.locale))")
        let arabic = try #require(findings.first { $0.locale == "ar" })
        #expect(arabic.notes.contains { $0.message == "the same in ars, a copy of this text" && $0.location?.file.hasSuffix("ars.lproj/Localizable.strings") == true },
                "\(arabic.notes)")
        #expect(FindingConsolidation.replacingWord("ar", in: "not translated into ar? (are)") == "not translated into \u{0}? (are)")
        #expect(FindingConsolidation.replacingWord("", in: "ar") == "ar")
        #expect(FindingConsolidation.replacingWord("ar", in: "Arabic, are, bar") == "Arabic, are, bar")
        // A word followed by a combining mark is another word.
        #expect(FindingConsolidation.replacingWord("de", in: "de\u{301} de") == "de\u{301} \u{0}")
    }
}
