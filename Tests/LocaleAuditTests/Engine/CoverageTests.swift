import Foundation
import Testing
@testable import LocaleAudit

/// Coverage per locale and table, partial locales folded into `locale-incomplete`, and the gate.
@Suite struct CoverageTests {
    /// `count` English strings "Open book N", keys s1…sN.
    static func source(_ count: Int) -> String {
        (1...count).map { "\"s\($0)\" = \"Open book \($0)\";\n" }.joined()
    }

    /// The first `translated` keys translated into German, the next `identical` left in English.
    static func german(_ translated: Int, identical: Int = 0) -> String {
        var text = ""
        for i in 0..<translated { text += "\"s\(i + 1)\" = \"Buch \(i + 1) öffnen\";\n" }
        for i in translated..<(translated + identical) { text += "\"s\(i + 1)\" = \"Open book \(i + 1)\";\n" }
        return text
    }

    static func audit(_ files: [(String, String)], configure: (inout AuditOptions) -> Void = { _ in }) throws -> AuditResult {
        let scratch = try Scratch("coverage")
        defer { scratch.remove() }
        for (path, text) in files { try scratch.write(path, text) }
        var options = AuditOptions()
        configure(&options)
        return Auditor.audit(paths: [scratch.path], options: options)
    }

    @Test func countsTranslatedMissingAndIdentical() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(10)),
                                     ("de.lproj/Localizable.strings", Self.german(6, identical: 2))])
        let de = try #require(result.coverage.locale("de"))
        #expect(de.sourceKeys == 10)
        #expect(de.translated == 6)
        #expect(de.missing == 2)
        #expect(de.identical == 2)
        #expect(de.tables.first?.missingKeys == ["s9", "s10"])
        #expect(de.tables.first?.identicalKeys == ["s7", "s8"])
        #expect(de.percentText == "60.0 %")
    }

    /// A plural copied from the source under another variable name ("%#@v0@" for "%#@v1@", as two
    /// exports of TranslateWiki's plurals write them) is still the source's text.
    @Test func aPluralCopiedUnderAnotherVariableNameIsIdentical() throws {
        func plural(_ variable: String, one: String, other: String) -> String {
            stringsdictExample("x", format: "%#@\(variable)@", forms: [("one", one), ("other", other)], variableName: variable).text
        }
        let result = try Self.audit([
            ("en.lproj/Localizable.stringsdict", plural("v1", one: "%1$d reading list", other: "%1$d reading lists")),
            ("tg.lproj/Localizable.stringsdict", plural("v0", one: "%1$d reading list", other: "%1$d reading lists")),
            ("de.lproj/Localizable.stringsdict", plural("v0", one: "%1$d Leseliste", other: "%1$d Leselisten")),
        ])
        #expect(result.coverage.locale("tg")?.identical == 1)
        #expect(result.coverage.locale("de")?.identical == 0)
        #expect(Coverage.withoutVariableNames("%#@v0@ and %#@files@ of %d") == "%#@@ and %#@@ of %d")
        // A name runs to the next '@', wherever that is; an unclosed one stays as written.
        #expect(Coverage.withoutVariableNames("%#@%#@x@ é") == "%#@@x@ é")
        #expect(Coverage.withoutVariableNames("%#@a%#@b@") == "%#@@b@")
        #expect(Coverage.withoutVariableNames("%#@open") == "%#@open")
        #expect(Coverage.withoutVariableNames("no variables %@") == "no variables %@")
    }

    @Test func namesAndTextWithoutWordsMayStayIdentical() throws {
        let en = "\"CFBundleDisplayName\" = \"Bookshelf Pro\";\n\"n\" = \"%d\";\n\"gpx\" = \"GPX\";\n\"brand\" = \"Acme Reader\";\n\"s\" = \"Open the book\";\n"
        let result = try Self.audit([("en.lproj/Localizable.strings", en), ("de.lproj/Localizable.strings", en)]) {
            $0.doNotTranslate = ["Acme Reader"]
        }
        let de = try #require(result.coverage.locale("de"))
        #expect(de.identical == 1, "only the sentence counts as untranslated")
        #expect(de.tables.first?.identicalKeys == ["s"])
    }

    @Test func aPartialLocaleIsOneFindingPerTableWithEveryKeyInJSON() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(40)),
                                     ("de.lproj/Localizable.strings", Self.german(5, identical: 3)),
                                     ("fr.lproj/Localizable.strings", Self.source(40).replacingOccurrences(of: "Open book", with: "Ouvrir le livre"))])
        #expect(result.findings.filter { $0.ruleID == "missing-translation" }.isEmpty)
        #expect(result.findings.filter { $0.ruleID == "untranslated" }.isEmpty)
        let folded = result.findings.filter { $0.ruleID == "locale-incomplete" }
        #expect(folded.count == 1)
        let finding = try #require(folded.first)
        #expect(finding.severity == .warning)
        #expect(finding.locale == "de")
        #expect(finding.location?.file.hasSuffix("de.lproj/Localizable.strings") == true)
        #expect(finding.message.contains("32 of 40 strings missing, 3 identical to the en source"))
        #expect(finding.keys.count == 32)
        #expect(finding.identicalKeys == ["s6", "s7", "s8"])
        #expect(finding.notes.first?.message.contains("and 27 more") == true)
        let json = JSONReporter.render(result)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let findings = parsed["findings"] as! [[String: Any]]
        let listed = findings.first { $0["rule"] as? String == "locale-incomplete" }?["keys"] as? [String]
        #expect(listed == (9...40).map { "s\($0)" })
    }

    @Test func aPartialLocaleWithSeveralTablesIsOneFindingWithATableNoteEach() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(40)),
                                     ("en.lproj/Settings.strings", Self.source(12)),
                                     ("de.lproj/Localizable.strings", Self.german(5, identical: 3)),
                                     ("de.lproj/Settings.strings", Self.german(2))])
        let folded = result.findings.filter { $0.ruleID == "locale-incomplete" }
        #expect(folded.count == 1)
        let finding = try #require(folded.first)
        #expect(finding.table == nil && finding.locale == "de")
        // At the table with the most to translate; each table a note where it is.
        #expect(finding.location?.file.hasSuffix("de.lproj/Localizable.strings") == true)
        #expect(finding.message.hasPrefix("de is a partial locale (13.5 % of all its strings, below coverage.complete-at 90 %): 42 strings missing and 3 identical to the en source in 2 tables"))
        #expect(finding.notes.map(\.message) == ["Localizable is 12.5 % translated into de: 32 of 40 strings missing, 3 identical to the en source",
                                                 "Settings is 16.7 % translated into de: 10 of 12 strings missing"])
        #expect(finding.notes.last?.location?.file.hasSuffix("de.lproj/Settings.strings") == true)
        // The keys of both tables: Settings' s9…s12 are Localizable's keys too, listed once.
        #expect(finding.keys == (9...40).map { "s\($0)" } + (3...8).map { "s\($0)" })
    }

    @Test func aPartialLocalesStringsMarkedNewAreCountedMissingNotReportedOneByOne() throws {
        let entries = (1...12).map { i in
            let state = i == 1 ? "translated" : i == 2 ? "needs_review" : "new"
            return "\"Item \(i)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"Eintrag \(i)\" } } } }"
        }.joined(separator: ",\n")
        let catalog = "{\n\"sourceLanguage\" : \"en\",\n\"strings\" : {\n\(entries)\n},\n\"version\" : \"1.0\"\n}\n"
        let result = try Self.audit([("Reader.xcstrings", catalog)])
        let incomplete = try #require(result.findings.first { $0.ruleID == "locale-incomplete" })
        #expect(incomplete.keys == (3...12).map { "Item \($0)" })
        // 'needs_review' has a translation to review; 'new' ones are the partial locale's own count.
        #expect(result.findings.filter { $0.ruleID == "translation-state" }.map(\.key) == ["Item 2"])
    }

    @Test func aFewForgottenStringsStayFindingsOfTheirOwn() throws {
        // 3 of 5 translated is below 90 %, but two strings are forgotten, not a partial locale.
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(5)),
                                     ("de.lproj/Localizable.strings", Self.german(3))])
        #expect(result.findings.filter { $0.ruleID == "locale-incomplete" }.isEmpty)
        #expect(result.findings.filter { $0.ruleID == "missing-translation" }.count == 2)
    }

    @Test func aCompleteLocaleKeepsOneFindingPerMissingKey() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(40)),
                                     ("de.lproj/Localizable.strings", Self.german(38))])
        #expect(result.findings.filter { $0.ruleID == "locale-incomplete" }.isEmpty)
        #expect(result.findings.filter { $0.ruleID == "missing-translation" }.map(\.key) == ["s39", "s40"])
    }

    @Test func partialAccessibilityStringsAreFoldedToo() throws {
        var en = Self.source(20)
        en += "\"a11y.add.label\" = \"Add a book to the library\";\n"
        let result = try Self.audit([("en.lproj/Localizable.strings", en),
                                     ("de.lproj/Localizable.strings", Self.german(2))])
        #expect(result.findings.filter { $0.ruleID == "a11y-missing" }.isEmpty)
        let finding = try #require(result.findings.first { $0.ruleID == "locale-incomplete" })
        #expect(finding.keys.contains("a11y.add.label"))
        #expect(finding.notes.contains { $0.message.contains("1 of the missing strings are accessibility strings") })
    }

    @Test func aRegionalVariantOfTheSourceFallsBackByDesign() throws {
        let en = Self.source(20) + "\"a11y.add.label\" = \"Add a book to the library\";\n\"fav\" = \"Show favorites\";\n"
        // en-GB lacks most strings (a note, folded); en-AU lacks three, of which it spells only
        // "favorites" apart (a note): the other two show as en-AU writes them.
        let gb = "\"s1\" = \"Open book 1\";\n"
        let au = Self.source(19).replacingOccurrences(of: "\"s1\" = \"Open book 1\";\n", with: "") + "\"a11y.add.label\" = \"Add a book to the library\";\n"
        let result = try Self.audit([("en.lproj/Localizable.strings", en), ("en-GB.lproj/Localizable.strings", gb),
                                     ("en-AU.lproj/Localizable.strings", au)])
        let gbFinding = try #require(result.findings.first { $0.ruleID == "locale-incomplete" && $0.locale == "en-GB" })
        #expect(gbFinding.severity == .note)
        #expect(gbFinding.identicalKeys.isEmpty, "an identical en-GB value is not untranslated")
        let auMissing = result.findings.filter { $0.locale == "en-AU" && $0.ruleID == "missing-translation" }
        #expect(auMissing.map(\.key) == ["fav"])
        #expect(auMissing.allSatisfy { $0.severity == .note })
        #expect(!result.findings.contains { $0.severity != .note && ($0.locale == "en-GB" || $0.locale == "en-AU") })
        #expect(!result.findings.contains { $0.ruleID == "untranslated" })
    }

    @Test func requiredLocalesAndTheMinimumAreTheGate() throws {
        let files = [("en.lproj/Localizable.strings", Self.source(40)),
                     ("de.lproj/Localizable.strings", Self.german(30)),
                     ("fr.lproj/Localizable.strings", Self.german(39)),
                     ("it.lproj/Localizable.strings", Self.german(10))]
        let plain = try Self.audit(files)
        #expect(plain.findings.filter { $0.ruleID == "locale-incomplete" }.map(\.severity) == [.warning, .warning])
        let required = try Self.audit(files) { $0.coverage.required = ["de"] }
        let byLocale = Dictionary(uniqueKeysWithValues: required.findings.filter { $0.ruleID == "locale-incomplete" }.map { ($0.locale!, $0) })
        #expect(byLocale["de"]?.severity == .error)
        #expect(byLocale["de"]?.message.contains("the project requires 90 % of de") == true)
        #expect(byLocale["it"]?.severity == .warning)
        // --min-coverage 95: fr (97.5 %) passes, de and it fail.
        let minimum = try Self.audit(files) { $0.coverage.minimum = 0.95 }
        let gated = minimum.findings.filter { $0.ruleID == "locale-incomplete" }
        #expect(gated.map(\.locale) == ["de", "it"])
        #expect(gated.allSatisfy { $0.severity == .error })
    }

    /// No locale is partial: what German lacks is missing-translation's, one finding for the file
    /// that stands for each of the 35 keys.
    @Test func completeAtZeroReportsTheMissingStringsAsMissingTranslations() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(40)),
                                     ("de.lproj/Localizable.strings", Self.german(5))]) { $0.coverage.completeAt = 0 }
        #expect(result.findings.filter { $0.ruleID == "locale-incomplete" }.isEmpty)
        let missing = result.findings.filter { $0.ruleID == "missing-translation" }
        #expect(missing.count == 1)
        #expect(missing.first?.keys.count == 35)
        #expect(missing.first?.notes.filter { $0.message.hasPrefix("also '") }.count == 34)
    }

    @Test func theConfigurationSetsCoverage() throws {
        let configuration = try Configuration.parse("coverage:\n  complete-at: 75%\n  fold-at-least: 3\n  required: [de, fr]\n  min: 50\n", path: "c.yml")
        #expect(configuration.coverage.completeAt == 0.75)
        #expect(configuration.coverage.foldAtLeast == 3)
        #expect(configuration.coverage.required == ["de", "fr"])
        #expect(configuration.coverage.minimum == 0.5)
        #expect(AuditOptions(configuration: configuration).coverage == configuration.coverage)
        #expect(throws: Configuration.Problem.self) { try Configuration.parse("coverage:\n  complete-at: 120\n", path: "c.yml") }
        #expect(throws: Configuration.Problem.self) { try Configuration.parse("coverage:\n  completeness: 90\n", path: "c.yml") }
    }

    @Test func theTextReportEndsWithACoverageTable() throws {
        let result = try Self.audit([("en.lproj/Localizable.strings", Self.source(40)),
                                     ("de.lproj/Localizable.strings", Self.german(5, identical: 3))])
        let text = TextReporter.render(result, colour: false)
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("Coverage") })
        #expect(lines[header + 1].split(separator: " ") == ["locale", "translated", "strings", "missing", "identical"])
        #expect(lines[header + 2].split(separator: " ").map(String.init) == ["de", "12.5", "%", "5/40", "32", "3", "partial", "(below", "90", "%)"])
    }
}
