import Testing
@testable import LocaleAudit

/// `locale-mismatch` outside .xcloc bundles: the declared target language against the locale the path names.
@Suite struct XLIFFPathLocaleTests {
    private func places(_ path: String, lproj: String? = nil) -> [String] {
        PathLocale.locales(path: path, lprojLocale: lproj).map { "\($0.place) \($0.identifier) \($0.path)" }
    }

    @Test func pathsThatNameLocales() {
        #expect(places("App/de.lproj/Localizable.xliff", lproj: "de") == ["lprojFolder de App/de.lproj"])
        #expect(places("bryceco+GoMap/src/xliff/nl.xliff") == ["fileName nl bryceco+GoMap/src/xliff/nl.xliff"])
        #expect(places("src/xliff/pt_BR.xlf") == ["fileName pt_BR src/xliff/pt_BR.xlf"])
        #expect(places("l10n/cs/focus-ios.xliff") == ["parentFolder cs l10n/cs"])
        #expect(places("sr-Latn/sr-Latn.xliff") == ["fileName sr-Latn sr-Latn/sr-Latn.xliff", "parentFolder sr-Latn sr-Latn"])
        // A git side's path: the revision before the colon is not part of the folder name.
        #expect(places("HEAD:cs/focus-ios.xliff") == ["parentFolder cs HEAD:cs"])
        #expect(places("HEAD:Übersetzungen/cs/focus-ios.xliff") == ["parentFolder cs HEAD:Übersetzungen/cs"])
        #expect(places("Übersetzungen/HEAD:de/focus-ios.xliff") == ["parentFolder de Übersetzungen/HEAD:de"])
        #expect(places("de.xcloc/Localized Contents/de.xliff") == ["fileName de de.xcloc/Localized Contents/de.xliff"])
    }

    @Test func pathsThatNameNoLocale() {
        #expect(places("mozilla/templates/focus-ios.xliff").isEmpty)
        #expect(places("Base.lproj/Main.xliff", lproj: "Base").isEmpty)
        #expect(places("mul.lproj/Main.xliff", lproj: "mul").isEmpty)
        // Registered ISO 639-3 codes that are ordinary names: src (Logudorese), big (Big Nambas), app.
        #expect(places("src/big.xliff").isEmpty)
        #expect(places("app/export.xliff").isEmpty)
        #expect(places("Localizations/Localizable.xliff").isEmpty)
        // The XLIFF 2.1 test suite's in-out/ parses as `in` plus extlang `out`, which is not registered.
        #expect(places("test-suite/core/in-out/toJoin1_in.xlf").isEmpty)
        #expect(places("in/sample.xlf").isEmpty)
    }

    @Test func agreement() {
        #expect(LocaleAgreement.compare("pt_BR", "pt-br") == .same)
        #expect(LocaleAgreement.compare("zh-CN", "zh-Hans") == .equivalent("zh-Hans-CN"))
        #expect(LocaleAgreement.compare("tl", "fil") == .equivalent("fil-Latn-PH"))
        #expect(LocaleAgreement.compare("sv-SE", "sv") == .equivalent("sv-Latn-SE"))
        #expect(LocaleAgreement.compare("pt", "pt-PT") == .different)
        #expect(LocaleAgreement.compare("no", "nb") == .different)
        #expect(LocaleAgreement.compare("fr", "fr-CA") == .different)
        #expect(LocaleAgreement.compare("French", "fr") == .different)
    }

    private func xliff(_ targets: [String]) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        for (n, target) in targets.enumerated() {
            text += "<file original=\"T\(n).strings\" source-language=\"en\" target-language=\"\(target)\"><body>"
            text += "<trans-unit id=\"k\"><source>Library</source><target>x</target></trans-unit></body></file>\n"
        }
        return Array((text + "</xliff>\n").utf8)
    }

    private func read(_ targets: [String], path: String, lproj: String? = nil) -> [Finding] {
        XLIFFReader.read(xliff(targets), context: ReadContext(path: path, locale: lproj, table: "T")).findings
    }

    @Test func oneFindingPerDeclaredIdentifier() throws {
        let findings = read(["de", "de", "fr"], path: "nl/nl.xliff")
        #expect(findings.map(\.locale) == ["de", "fr"])
        #expect(findings.map(\.location?.line) == [3, 5])
        let first = try #require(findings.first)
        #expect(first.severity == .warning)
        #expect(first.message.hasPrefix("target-language=\"de\" disagrees with the file name nl.xliff (\"nl\") and the parent folder nl/ (\"nl\")"))
        #expect(first.message.contains("correct target-language or move the file"))
        #expect(first.notes.map(\.location) == [SourceLocation(file: "nl/nl.xliff", line: 1, column: 1),
                                                SourceLocation(file: "nl", line: 1, column: 1)])
    }

    @Test func lprojFolderAndXLIFF2() throws {
        let lproj = read(["fr"], path: "App/de.lproj/Localizable.xliff", lproj: "de")
        #expect(lproj.map(\.severity) == [.warning])
        #expect(lproj.first?.notes.first?.location?.file == "App/de.lproj")
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="sk">
             <file id="f"><unit id="u"><segment><source>a</source><target>b</target></segment></unit></file>
            </xliff>

            """
        let two = XLIFFReader.read(Array(text.utf8), context: ReadContext(path: "cs/app.xlf", locale: nil, table: "app")).findings
        #expect(two.map(\.ruleID) == [LocaleMismatchRule.id])
        #expect(two.first?.message.hasPrefix("trgLang=\"sk\" disagrees with the parent folder cs/ (\"cs\")") == true)
        #expect(two.first?.location == SourceLocation(file: "cs/app.xlf", line: 2, column: 90))
    }

    @Test func equivalentIdentifiersAreANoteUnlessAnotherPlaceDisagrees() throws {
        let note = read(["zh-Hans"], path: "zh-CN/focus-ios.xliff")
        #expect(note.map(\.severity) == [.note])
        #expect(note.first?.message.contains("both zh-Hans-CN by likely subtags") == true)
        // The folder is equivalent, the file name is not: a warning naming the file, a note for the folder.
        let mixed = try #require(read(["zh-Hans"], path: "zh-CN/zh-Hant.xliff").first)
        #expect(mixed.severity == .warning)
        #expect(mixed.message.contains("the file name zh-Hant.xliff") && !mixed.message.contains("zh-CN/"))
        #expect(mixed.notes.count == 2)
    }

    @Test func agreeingPlacesAndNoTargetGiveNothing() {
        #expect(read(["pt-BR"], path: "xliff/pt_BR.xliff").isEmpty)
        #expect(read(["en"], path: "templates/focus-ios.xliff").isEmpty)
        let sourceOnly = "<?xml version=\"1.0\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"k\"><source>a</source></trans-unit></body></file></xliff>\n"
        #expect(XLIFFReader.read(Array(sourceOnly.utf8), context: ReadContext(path: "de/a.xliff", locale: nil, table: "a")).findings.isEmpty)
    }
}
