import Foundation
import Testing
@testable import LocaleAudit

@Suite struct ConsistentIdentificationTests {
    @Test(arguments: [
        ("Schließen.", "schließen"), ("Weiter…", "weiter"), ("Name: ", "name"), ("¿Qué?", "¿qué"),
        ("Condicions d’ús", "condicions d'ús"), ("Tab schließen", "tab schließen"), ("Ok", "ok"),
        ("\u{2068}localização\u{2069}", "localização"), ("\u{200F}שלום", "שלום"), ("sijainti", "sijainti"),
        ("برای بعد ذخیره\u{200C}شد", "برای بعد ذخیره شد"),
    ] as [(String, String)])
    func formDropsTrailingPunctuationFoldsQuotesCaseAndBidiControls(text: String, form: String) {
        #expect(ConsistentIdentification.form(text) == form)
    }

    /// Invisible characters fold away: a zero-width space, word joiner, byte order mark or bidi
    /// isolate never makes a second spelling of one word.
    @Test func invisibleCharactersFoldAway() {
        let word = ConsistentIdentification.form("រក្សាទុករួច")
        for invisible in ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{2068}"] {
            #expect(ConsistentIdentification.form(invisible + "រក្សាទុករួច") == word)
        }
        #expect(ConsistentIdentification.form("Saved") != ConsistentIdentification.form("Save"))
    }

    /// The form to use is spelt as most of its places write it; of equals, outside English, in
    /// sentence case rather than an English-style title.
    @Test func theSuggestedSpellingIsTheLocalesOwn() {
        typealias C = ConsistentIdentification
        #expect(C.suggestedText(["Décaler à Droite", "Décaler à droite"], locale: "fr") == "Décaler à droite")
        #expect(C.suggestedText(["Décaler à Droite", "Décaler à Droite", "Décaler à droite"], locale: "fr") == "Décaler à Droite")
        #expect(C.suggestedText(["Shift Right", "Shift right"], locale: "en-GB") == "Shift Right")
    }

    @Test func contextFromMarkersKeysAndComments() {
        typealias C = ConsistentIdentification
        #expect(C.context(key: "file.open", source: "Open", comment: "Context: verb; shown in menus", commentsAsContext: false) == "context:verb")
        #expect(C.context(key: "Open (verb)", source: "Open", comment: nil, commentsAsContext: true) == "key:(verb)")
        #expect(C.context(key: "Open|adj", source: "Open", comment: nil, commentsAsContext: true) == "key:|adj")
        // A key that merely starts with its text is not a context suffix.
        #expect(C.context(key: "Opening", source: "Open", comment: nil, commentsAsContext: true) == "")
        #expect(C.context(key: "a", source: "Open", comment: "Verb:  open a file", commentsAsContext: true) == "comment:Verb: open a file")
        #expect(C.context(key: "a", source: "Open", comment: "Verb: open a file", commentsAsContext: false) == "")
        // Xcode's generated storyboard comments name an object, not a meaning.
        #expect(C.context(key: "aaa-11-bbb.normalTitle", source: "Open",
                          comment: "Class = \"UIButton\"; normalTitle = \"Open\"; ObjectID = \"aaa-11-bbb\";", commentsAsContext: true) == "")
    }

    @Test func rolesKeepLabelsAndHintsApart() {
        #expect(ConsistentIdentification.role(.label, key: "x") == "label")
        #expect(ConsistentIdentification.role(.keyPattern, key: "toc-close-accessibility-hint") == "hint")
        #expect(ConsistentIdentification.role(.keyPattern, key: "close-button-accessibility-label") == "label")
    }

    private func audit(_ files: [String: String], configuration: String = "") throws -> [Finding] {
        let root = try TestPaths.makeTemporaryDirectory("consistency")
        defer { try? FileManager.default.removeItem(at: root) }
        try TestPaths.write(files, into: root)
        let options = AuditOptions(configuration: try Configuration.parse(configuration, path: "c.yml"), workers: 1)
        return Auditor.audit(paths: [root.path], options: options).findings
            .filter { $0.ruleID == "inconsistent-translation" || $0.ruleID == "a11y-inconsistent-label" }
    }

    @Test func everyVariantIsListedWithItsCountAndTheMajorityIsSuggested() throws {
        let findings = try audit([
            "en.lproj/Localizable.strings": "\"a\" = \"Cancel\";\n\"b\" = \"Cancel\";\n\"c\" = \"Cancel\";\n\"d\" = \"Cancel\";\n",
            "de.lproj/Localizable.strings": "\"a\" = \"Stornieren\";\n\"b\" = \"Abbrechen\";\n\"c\" = \"Abbrechen\";\n\"d\" = \"Zurück\";\n",
        ])
        #expect(findings.map(\.key) == ["a", "d"])
        #expect(findings.allSatisfy { $0.severity == .note && $0.locale == "de" })
        let first = try #require(findings.first)
        #expect(first.message.contains("translated 3 ways in de"))
        #expect(first.message.contains("use \"Abbrechen\" (2 of 4)"))
        #expect(first.notes.map(\.message) == [
            "\"Stornieren\" in 1 of 4 places: Localizable \"a\"",
            "\"Abbrechen\" in 2 of 4 places: Localizable \"b\", Localizable \"c\"",
            "\"Zurück\" in 1 of 4 places: Localizable \"d\"",
        ])
        #expect(first.notes[1].location?.line == 2)
    }

    @Test func configurationLeavesKeysTextsAndCommentsOut() throws {
        let files = [
            "en.lproj/Localizable.strings": "/* one */\n\"debug.a\" = \"Open\";\n/* two */\n\"b\" = \"Open\";\n\"c\" = \"OK\";\n\"d\" = \"OK\";\n",
            "de.lproj/Localizable.strings": "\"debug.a\" = \"Öffnen\";\n\"b\" = \"Offen\";\n\"c\" = \"OK\";\n\"d\" = \"Okay\";\n",
        ]
        #expect(try audit(files).map(\.key) == ["d"])
        #expect(try audit(files, configuration: "consistency:\n  comments-as-context: false\n").map(\.key) == ["b", "d"])
        let ignoring = "consistency:\n  comments-as-context: false\n  ignore-keys: [\"debug.*\"]\n  ignore-texts: [OK]\n"
        #expect(try audit(files, configuration: ignoring).isEmpty)
        #expect(try audit(files, configuration: "rules:\n  inconsistent-translation: off\n").isEmpty)
    }

    @Test func copiesOfOneKeyCountOnce() throws {
        // The same table in two trees (a TranslateWiki tree and its converted copy) is one place per key.
        let findings = try audit([
            "A/en.lproj/Localizable.strings": "\"a\" = \"Close\";\n\"b\" = \"Close\";\n",
            "A/de.lproj/Localizable.strings": "\"a\" = \"Schließen\";\n\"b\" = \"Schließen\";\n",
            "B/en.lproj/Localizable.strings": "\"a\" = \"Close\";\n",
            "B/de.lproj/Localizable.strings": "\"a\" = \"Zumachen\";\n",
        ])
        #expect(findings.isEmpty)
    }

    /// The closing note of issue 10: DuckDuckGo's storyboard labels are translated consistently.
    @Test func duckDuckGoAccessibilityLabelsAreConsistent() throws {
        let root = TestPaths.corpus.appendingPathComponent("duckduckgo+iOS")
        guard FileManager.default.fileExists(atPath: root.path) else {
            print(TestPaths.corpusAbsentMessage)
            return
        }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 2))
        #expect(result.findings.filter { $0.ruleID == "a11y-inconsistent-label" }.isEmpty)
        let notes = result.findings.filter { $0.ruleID == "inconsistent-translation" }
        #expect(notes.count < 40)
        // Estonian "Silt" where four other labels say "Label": Interface Builder's default title on
        // labels the code fills in, which nobody sees, so no second name.
        #expect(!notes.contains { $0.message.contains("source text \"Label\"") })
        #expect(!notes.isEmpty)
    }
}
