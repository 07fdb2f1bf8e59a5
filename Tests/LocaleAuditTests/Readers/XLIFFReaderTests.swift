import Foundation
import Testing
@testable import LocaleAudit

/// Locations are not part of the value comparison across formats: each format puts its text elsewhere.
func withoutLocations(_ value: Value) -> Value {
    switch value {
    case .text: return value
    case .plural(var plural):
        plural.formatLocation = nil
        plural.variables = plural.variables.map { variable in
            var variable = variable
            variable.location = nil
            variable.forms = variable.forms.map { PluralForm(category: $0.category, text: $0.text) }
            return variable
        }
        return .plural(plural)
    case .variations(var variations):
        variations.cases = variations.cases.map { VariationValue.Case(name: $0.name, value: withoutLocations($0.value)) }
        return .variations(variations)
    }
}

@Suite struct XLIFFReaderTests {
    static let fixtures = TestPaths.fixtures.appendingPathComponent("Readers/xliff")

    func readFixture(_ name: String) throws -> ReadResult {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        return XLIFFReader.read(bytes, context: ReadContext(path: name, locale: nil, table: "t"), bundle: nil)
    }

    func read(_ text: String, path: String = "t.xliff") -> ReadResult {
        XLIFFReader.read(Array(text.utf8), context: ReadContext(path: path, locale: nil, table: "t"), bundle: nil)
    }

    func at(_ file: String, _ line: Int, _ column: Int) -> LocaleAudit.SourceLocation {
        LocaleAudit.SourceLocation(file: file, line: line, column: column)
    }

    func table(_ result: ReadResult, _ name: String, _ locale: String) throws -> LocalizedTable {
        try #require(result.tables.first { $0.name == name && $0.locale == locale })
    }

    func entry(_ result: ReadResult, _ name: String, _ locale: String, _ key: String) throws -> Entry {
        // Several <file>s may map to one table name (Localizable.strings, .stringsdict, .xcstrings).
        try #require(result.tables.filter { $0.name == name && $0.locale == locale }.flatMap(\.entries).first { $0.key == key })
    }

    // MARK: XLIFF 1.2

    @Test func tablesNamesScopesAndDeclarations() throws {
        let result = try readFixture("Xcode.xliff")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.declaredSourceLanguage == "en")
        #expect(result.tables.map(\.name) == ["Localizable", "Localizable", "Localizable", "Localizable", "Localizable", "Localizable",
                                              "Main", "Main", "InfoPlist", "InfoPlist"])
        #expect(result.tables.map { $0.locale ?? "-" } == ["en", "de", "en", "de", "en", "de", "en", "de", "en", "de"])
        #expect(result.tables.allSatisfy { $0.scope == "xliff:App" && $0.format == .xliff })
        #expect(result.tables[0].localeLocation == at("Xcode.xliff", 3, 70))
        #expect(result.tables[1].localeLocation == at("Xcode.xliff", 3, 91))
        #expect(result.localeDeclarations.filter { $0.origin == .xliffSource }.count == 5)
        #expect(result.localeDeclarations.first { $0.origin == .xliffTarget }
                == LocaleDeclaration(identifier: "de", origin: .xliffTarget, location: at("Xcode.xliff", 3, 91)))
    }

    @Test func plainUnitsNotesStatesAndTranslate() throws {
        let result = try readFixture("Xcode.xliff")
        let title = try entry(result, "Localizable", "de", "title")
        #expect(title.value == .text("Bibliothek"))
        #expect(title.sourceValue == .text("Library"))
        #expect(title.comment == "Screen title\nShown in the tab bar")
        #expect(title.state == TranslationState(raw: "translated", meaning: .translated))
        #expect(title.location == at("Xcode.xliff", 8, 23))
        #expect(title.valueLocation == at("Xcode.xliff", 10, 36))
        // The source text it carries, where the findings' "source:" notes point.
        #expect(title.sourceValueLocation == at("Xcode.xliff", 9, 17))
        #expect(title.shouldTranslate)
        let source = try entry(result, "Localizable", "en", "title")
        #expect(source.value == .text("Library") && source.state == nil && source.sourceValue == nil)
        #expect(source.valueLocation == at("Xcode.xliff", 9, 17))

        #expect(try entry(result, "Localizable", "de", "brand").shouldTranslate == false)
        #expect(try entry(result, "Localizable", "de", "brand").state?.meaning == .final)
        let review = try entry(result, "Localizable", "de", "review")
        #expect(review.state == TranslationState(raw: "needs-review-l10n", meaning: .needsReview))
        #expect(review.attributes["state-qualifier"] == "exact-match")
        #expect(try entry(result, "Localizable", "de", "custom").state == TranslationState(raw: "x-machine", meaning: .other))
        #expect(try entry(result, "Localizable", "de", "inline").state == nil)
    }

    @Test func anInheritedLanguageIsOneDefectWhereItIsWritten() throws {
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
             <file id="f1">
              <group id="g1" xml:lang="ja">
               <unit id="1"><segment><source>one</source><target>un</target></segment></unit>
               <unit id="2"><segment><source>two</source><target>deux</target></segment></unit>
              </group>
              <unit id="3"><segment><source xml:lang="de">drei</source><target>trois</target></segment></unit>
             </file>
            </xliff>
            """
        let result = read(text, path: "lang.xlf")
        let described = result.findings.map { "\($0.ruleID) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        // The group's xml:lang once (at its value), and a source's own xml:lang where it is written.
        #expect(described == ["xliff-invalid 4:28", "xliff-invalid 8:25"])
        #expect(result.findings[0].message.contains("applies to the sources and targets inside, but srcLang is \"en\" and trgLang is \"fr\""))
        #expect(result.findings[1].message.contains("the source's language is \"de\""))
    }

    /// An ill-formed xml:lang is locale-ill-formed's finding (it says how to write the tag); the reader
    /// does not report it again as disagreeing with trgLang.
    @Test func anIllFormedLanguageIsNotComparedWithTrgLang() {
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
             <file id="f1">
              <unit id="1"><segment><source>one</source><target xml:lang="f r">un</target></segment></unit>
              <unit id="2"><segment><source>two</source><target xml:lang="de">deux</target></segment></unit>
             </file>
            </xliff>
            """
        let result = read(text, path: "lang.xlf")
        let mismatches = result.findings.filter { $0.message.contains("but trgLang is") }
        #expect(mismatches.map { $0.location?.line ?? 0 } == [5])
        #expect(result.localeDeclarations.contains { $0.identifier == "f r" })
    }

    @Test func missingTargetLeavesOnlyTheSourceEntry() throws {
        let result = try readFixture("Xcode.xliff")
        #expect(try table(result, "Localizable", "de").entries.contains { $0.key == "untranslated" } == false)
        let source = try entry(result, "Localizable", "en", "untranslated")
        #expect(source.value == .text("Not yet"))
        #expect(source.comment == nil)  // an empty <note/> is no comment
        // A <file> whose units have no target still gives an (empty) target table for its locale.
        #expect(try table(result, "InfoPlist", "de").entries.isEmpty)
        #expect(try table(result, "InfoPlist", "en").entries.map(\.key) == ["CFBundleDisplayName"])
    }

    @Test func inlineElementsAndWhitespace() throws {
        let result = try readFixture("Xcode.xliff")
        let inline = try entry(result, "Localizable", "de", "inline")
        #expect(inline.value == .text("Hallo liebe %@\u{FFFC}!"))
        #expect(inline.sourceValue == .text("Hello dear %@\u{FFFC}!"))
        #expect(inline.attributes["inline"] == "g:1:6:5;ph:2:12:2;x:3:14:1")
        // Without xml:space="preserve", whitespace runs collapse and ends are trimmed.
        #expect(try entry(result, "Localizable", "en", "collapsed").value == .text("Two spaces here"))
        #expect(try entry(result, "Localizable", "de", "collapsed").value == .text("Zwei Leerzeichen"))
        #expect(try entry(result, "Localizable", "de", "kept").value == .text("  behalten  "))
    }

    @Test func stringsdictUnitsMatchTheStringsdictReader() throws {
        let result = try readFixture("Xcode.xliff")
        let files = try entry(result, "Localizable", "de", "%d files")
        guard case .plural(let plural) = files.value else { Issue.record("expected a plural"); return }
        #expect(plural.format == "%#@files@" && !plural.formatIsImplicit)
        #expect(plural.formatLocation == at("Xcode.xliff", 49, 17))
        #expect(plural.variables.map(\.name) == ["files"])
        #expect(plural.variables[0].forms.map(\.category) == ["one", "other"])
        #expect(plural.variables[0].forms[1].location == at("Xcode.xliff", 58, 17))
        #expect(files.location == at("Xcode.xliff", 47, 23))

        let stringsdict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>%d files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key><dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>one</key><string>%d Datei</string>
              <key>other</key><string>%d Dateien</string>
            </dict></dict></dict></plist>
            """
        let fromStringsdict = StringsdictReader.read(Array(stringsdict.utf8),
                                                     context: ReadContext(path: "de.lproj/Localizable.stringsdict", locale: "de", table: "Localizable"))
        let expected = try #require(fromStringsdict.tables.first?.entries.first)
        #expect(withoutLocations(files.value) == withoutLocations(expected.value))
    }

    @Test func catalogPluralUnitsMatchTheStringCatalogReader() throws {
        let result = try readFixture("Xcode.xliff")
        let items = try entry(result, "Localizable", "de", "%lld items")
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld items": {"localizations": {"de": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld Element"}},
              "other": {"stringUnit": {"state": "new", "value": "%lld Elemente"}}}}}}}}}
            """
        let fromCatalog = XCStringsReader.read(Array(catalog.utf8), context: ReadContext(path: "Localizable.xcstrings", locale: nil, table: "Localizable"))
        let expected = try #require(fromCatalog.tables.first { $0.locale == "de" }?.entries.first)
        #expect(withoutLocations(items.value) == withoutLocations(expected.value))
        // Worst state wins; each unit's raw state is kept by its path, as the catalog reader does.
        #expect(items.state == TranslationState(raw: "new", meaning: .new))
        #expect(items.attributes["state:plural.one"] == "translated" && items.attributes["state:plural.other"] == "new")
        #expect(items.comment == "Item count")
        guard case .plural(let source) = try #require(items.sourceValue) else { Issue.record("expected a plural source"); return }
        #expect(source.variables[0].forms.map(\.text) == ["%lld item", "%lld items"])
    }

    @Test func substitutionsDevicesAndNewlineIDs() throws {
        let result = try readFixture("Xcode.xliff")
        let km = try entry(result, "Localizable", "de", "%.1f km, %ld stops")
        guard case .plural(let plural) = km.value else { Issue.record("expected a plural"); return }
        #expect(plural.format == "%1$#@km@, %2$#@stops@" && !plural.formatIsImplicit)
        #expect(plural.variables.map(\.name) == ["km", "stops"])
        #expect(plural.variables.map(\.argumentNumber) == [1, 2])
        #expect(plural.variables.map(\.valueType) == [".1f", "ld"])
        #expect(plural.variables[1].forms.map(\.text) == ["%2$ld Halt", "%2$ld Halte"])

        let tap = try entry(result, "Localizable", "de", "Tap")
        #expect(tap.value == .variations(VariationValue(kind: .device, cases: [
            .init(name: "iphone", value: .text("Tippen"), location: at("Xcode.xliff", 94, 23)),
            .init(name: "mac", value: .text("Klicken"), location: at("Xcode.xliff", 98, 23)),
        ])))
        let rows = try entry(result, "Localizable", "de", "Rows")
        guard case .variations(let rowCases) = rows.value, case .plural(let ipad) = rowCases.cases.first?.value else {
            Issue.record("expected device variations holding a plural"); return
        }
        #expect(rowCases.cases.map(\.name) == ["ipad"])
        #expect(ipad.formatIsImplicit && ipad.variables[0].name == XCStringsReader.implicitPluralVariableName)
        #expect(ipad.variables[0].forms.map(\.text) == ["%d Zeile", "%d Zeilen"])

        let members = try entry(result, "Localizable", "de", " (%d members)\n")
        guard case .plural(let memberPlural) = members.value else { Issue.record("expected a plural"); return }
        #expect(memberPlural.variables[0].forms == [PluralForm(category: "one", text: " (%d Mitglied)\n", location: at("Xcode.xliff", 113, 36))])
    }

    @Test func storyboardUnitsKeepTheirIDs() throws {
        let result = try readFixture("Xcode.xliff")
        let button = try entry(result, "Main", "de", "1tR-eI-DSh.normalTitle")
        #expect(button.value == .text("Anmelden"))
        #expect(button.comment?.contains("ObjectID = \"1tR-eI-DSh\"") == true)
    }

    @Test func malformedUnitsAreLocated() throws {
        let result = try readFixture("Malformed.xliff")
        let described = result.findings.map { "\($0.ruleID) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        #expect(described == ["duplicate-key 9:23", "syntax 12:7", "syntax 16:23"])
        #expect(result.findings[0].message.contains("duplicate trans-unit id \"ok\""))
        #expect(result.findings[0].notes.first?.location == at("Malformed.xliff", 5, 23))
        #expect(result.findings[1].message.contains("expected the attribute id"))
        #expect(result.findings[2].message.contains("expected </source>"))
        // What was read before the fatal error is kept: the first "ok" wins.
        #expect(try entry(result, "Localizable", "fr", "ok").value == .text("D'accord"))
        #expect(try entry(result, "Localizable", "en", "ok").value == .text("OK"))
    }

    /// Duplicates are found per exact id, for plain ids (a second unit whose id is its group's key)
    /// and encoded ones alike, even when the plain id shares its key with String Catalog units.
    @Test func duplicateIdsBesideEncodedUnitsOfTheSameKey() throws {
        let result = read("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="Localizable.xcstrings" source-language="en" target-language="de" datatype="plaintext"><body>
            <trans-unit id="%lld files|==|plural.one"><source>%lld file</source><target>%lld Datei</target></trans-unit>
            <trans-unit id="%lld files"><source>%lld files</source><target>%lld Dateien</target></trans-unit>
            <trans-unit id="%lld files|==|plural.other"><source>%lld files</source><target>%lld Dateien</target></trans-unit>
            <trans-unit id="%lld files"><source>again</source><target>noch mal</target></trans-unit>
            <trans-unit id="%lld files|==|plural.one"><source>again</source><target>noch mal</target></trans-unit>
            </body></file></xliff>
            """)
        let duplicates = result.findings.filter { $0.ruleID == ReaderRule.duplicateKey }
        #expect(duplicates.map { $0.location?.line ?? 0 } == [7, 8])
        #expect(duplicates.map { $0.notes.first?.location?.line ?? 0 } == [5, 4])
        #expect(duplicates.allSatisfy { $0.message.contains("the first one is used") })
        guard case .plural(let plural) = try entry(result, "Localizable", "de", "%lld files").value else {
            Issue.record("expected a plural")
            return
        }
        #expect(plural.variables.first?.forms.map(\.text) == ["%lld Datei", "%lld Dateien"])
    }

    @Test func wrongRootIsReported() {
        let result = read("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        #expect(result.tables.isEmpty)
        #expect(result.findings.map(\.ruleID) == [ReaderRule.syntax])
        #expect(result.findings.first?.location == at("t.xliff", 2, 1))
        #expect(result.findings.first?.message.contains("expected the root element <xliff>") == true)
    }

    @Test func severalFilesAndTableNaming() {
        #expect(XLIFFTableNaming.tableName(original: "en.lproj/Localizable.strings") == "Localizable")
        #expect(XLIFFTableNaming.tableName(original: "Base.lproj/Main.storyboard") == "Main")
        #expect(XLIFFTableNaming.tableName(original: "Main.storyboard") == "Main")
        #expect(XLIFFTableNaming.tableName(original: "Localizable.xcstrings") == "Localizable")
        #expect(XLIFFTableNaming.tableName(original: "App/Info.plist") == "InfoPlist")
        #expect(XLIFFTableNaming.tableName(original: "InfoPlist.strings") == "InfoPlist")
        #expect(XLIFFTableNaming.scope(original: "Blockzilla/en.lproj/Localizable.strings") == "xliff:Blockzilla")
        #expect(XLIFFTableNaming.scope(original: "Localizable.xcstrings") == "xliff:")
        // Without `original`, the XLIFF file is the table's identity, its locale names blanked: one
        // export per locale shares the table, two unrelated test files (both `<file id="f1">`) do not.
        #expect(XLIFFTableNaming.scope(fileWithoutOriginal: "tx/fr.xlf") == XLIFFTableNaming.scope(fileWithoutOriginal: "tx/de.xlf"))
        #expect(XLIFFTableNaming.scope(fileWithoutOriginal: "fr/app.xlf") == XLIFFTableNaming.scope(fileWithoutOriginal: "de/app.xlf"))
        #expect(XLIFFTableNaming.scope(fileWithoutOriginal: "valid/withReferences.xlf") != XLIFFTableNaming.scope(fileWithoutOriginal: "valid/sample1.xlf"))
        #expect(XLIFFTableNaming.scope(fileWithoutOriginal: "valid/sample1.xlf") != XLIFFTableNaming.scope(original: ""))
    }

    /// Two unrelated XLIFF 2 files in one folder, both `<file id="f1">` without `original`: each
    /// file's unit is its own string, and what one lacks is to be added to it, not to the other.
    @Test func filesWithoutOriginalAreTheirOwnTables() throws {
        let root = try TestPaths.makeTemporaryDirectory("xliff-without-original")
        defer { try? FileManager.default.removeItem(at: root) }
        func xliff(_ target: String?) -> String {
            """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
             <file id="f1">
              <unit id="u1"><segment><source>First segment</source>\(target.map { "<target>\($0)</target>" } ?? "")</segment></unit>
             </file>
            </xliff>
            """
        }
        try xliff("Premier segment").write(to: root.appendingPathComponent("translated.xlf"), atomically: true, encoding: .utf8)
        try xliff(nil).write(to: root.appendingPathComponent("untranslated.xlf"), atomically: true, encoding: .utf8)
        let findings = Auditor.audit(paths: [root.path], options: AuditOptions(sourceLanguage: "en", workers: 1)).findings
        let missing = findings.filter { $0.ruleID == "missing-translation" || $0.ruleID == "locale-incomplete" }
        #expect(!missing.isEmpty)
        for finding in missing {
            #expect(finding.location?.file.hasSuffix("untranslated.xlf") == true, "\(finding)")
            #expect(!finding.notes.contains { $0.message.contains("translated.xlf") && !$0.message.contains("untranslated.xlf") }, "\(finding.notes)")
        }
    }

    // MARK: Exports of translation platforms, Xcode's stringsdict companions

    /// A Crowdin-style export: numbered ids, the key in resname, one <file> named after the table.
    static let crowdin = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
        <body>
          <trans-unit id="1" resname="welcome.title">
            <source>Welcome</source>
            <target state="translated">Willkommen</target>
            <note>Title of the first screen</note>
          </trans-unit>
          <trans-unit id="2" resname="welcome.body">
            <source>Your books, everywhere.</source>
          </trans-unit>
          <trans-unit id="3">
            <source>Unnamed</source>
            <target>Ohne Namen</target>
          </trans-unit>
          <trans-unit id="4" resname="welcome.title">
            <source>Welcome again</source>
          </trans-unit>
        </body>
      </file>
    </xliff>

    """

    @Test func translationPlatformUnitsAreKeyedByResname() throws {
        let result = read(Self.crowdin, path: "de.xliff")
        #expect(result.tables.map(\.name) == ["Localizable", "Localizable"])
        #expect(result.tables.map(\.locale) == ["en", "de"])
        let source = try table(result, "Localizable", "en")
        // A unit without resname keeps its id as the key.
        #expect(source.entries.map(\.key) == ["welcome.title", "welcome.body", "3"])
        let title = try entry(result, "Localizable", "de", "welcome.title")
        #expect(title.value == .text("Willkommen"))
        #expect(title.comment == "Title of the first screen")
        #expect(title.location == at("de.xliff", 5, 35))  // the resname's value: where the key is written
        #expect(title.attributes["id"] == "1" && title.attributes["resname"] == "welcome.title")
        #expect(try table(result, "Localizable", "de").entries.map(\.key) == ["welcome.title", "3"])
        // The second "welcome.title" is a duplicate key, named by its resname.
        #expect(result.findings.map(\.ruleID) == [ReaderRule.duplicateKey])
        #expect(result.findings.first?.location == at("de.xliff", 17, 35))
        #expect(result.findings.first?.message.hasPrefix(#"duplicate resname "welcome.title""#) == true)
    }

    @Test func resnameKeyingLeavesXcodeIdsAlone() {
        #expect(XLIFF12Reader.keysByResname(id: "1", resname: "welcome.title"))
        #expect(XLIFF12Reader.keysByResname(id: "a1b2c3", resname: "welcome.title"))
        #expect(!XLIFF12Reader.keysByResname(id: "welcome.title", resname: "welcome.title"))
        #expect(!XLIFF12Reader.keysByResname(id: "7", resname: ""))
        #expect(!XLIFF12Reader.keysByResname(id: "Pages|==|plural.one", resname: "Pages"))
        #expect(!XLIFF12Reader.keysByResname(id: "/n:dict/NSStringLocalizedFormatKey:dict/:string", resname: "n"))
    }

    /// Xcode's export of a Localizable.strings + Localizable.stringsdict pair: the stringsdict key is
    /// also a plain unit of the .strings <file>, with the key as source and no target ("%d books"), or a
    /// translate="no" copy ("%d files", as Xcode 15 writes it).
    static let xcodeCompanions = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
      <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
        <body>
          <trans-unit id="%d books" xml:space="preserve">
            <source>%d books</source>
            <note>No comment provided by engineer.</note>
          </trans-unit>
          <trans-unit id="%d files" translate="no" xml:space="preserve">
            <source>%d files</source><target>%d Dateien</target>
            <note>No comment provided by engineer. (Key in .stringsdict)</note>
          </trans-unit>
          <trans-unit id="title" xml:space="preserve">
            <source>Library</source>
          </trans-unit>
        </body>
      </file>
      <file original="App/en.lproj/Localizable.stringsdict" source-language="en" target-language="de" datatype="plaintext">
        <body>
          <trans-unit id="/%d books:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
            <source>%#@books@</source>
            <target>%#@books@</target>
          </trans-unit>
          <trans-unit id="/%d books:dict/books:dict/one:dict/:string" xml:space="preserve">
            <source>%d book</source>
            <target>%d Buch</target>
          </trans-unit>
          <trans-unit id="/%d books:dict/books:dict/other:dict/:string" xml:space="preserve">
            <source>%d books</source>
            <target>%d Bücher</target>
          </trans-unit>
          <trans-unit id="/%d files:dict/NSStringLocalizedFormatKey:dict/:string" xml:space="preserve">
            <source>%#@files@</source>
            <target>%#@files@</target>
          </trans-unit>
          <trans-unit id="/%d files:dict/files:dict/other:dict/:string" xml:space="preserve">
            <source>%d files</source>
            <target>%d Dateien</target>
          </trans-unit>
        </body>
      </file>
    </xliff>

    """

    @Test func xcodesStringsdictCompanionUnitsAreNotStringsOfTheirOwn() throws {
        let result = read(Self.xcodeCompanions, path: "de.xliff")
        #expect(result.findings.isEmpty, "\(result.findings)")
        // The .strings <file> keeps only its own string; the keys are the stringsdict's plurals.
        #expect(result.tables.map { $0.entries.map(\.key) } == [["title"], [], ["%d books", "%d files"], ["%d books", "%d files"]])
        #expect(try entry(result, "Localizable", "de", "%d books").value.isPlural)
        #expect(try entry(result, "Localizable", "en", "%d files").value.isPlural)
    }

    @Test func companionsNeedTheirStringsdictFile() throws {
        // Without the .stringsdict <file> (or under another table) the plain unit is an ordinary string.
        let strings = Self.xcodeCompanions.replacingOccurrences(of: "App/en.lproj/Localizable.stringsdict",
                                                                with: "App/en.lproj/Other.stringsdict")
        let result = read(strings, path: "de.xliff")
        #expect(try table(result, "Localizable", "en").entries.map(\.key) == ["%d books", "%d files", "title"])
    }

    @Test func companionsDoNotReportShapeMismatchOrMissingTranslation() throws {
        let root = try TestPaths.makeTemporaryDirectory("companions")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.xcodeCompanions.write(to: root.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        let findings = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1)).findings
        #expect(!findings.contains { $0.ruleID == "plural-shape-mismatch" }, "\(findings)")
        // Only "title", the one string without a target, is missing, at its own unit.
        let missing = findings.filter { $0.ruleID == "missing-translation" }
        #expect(missing.map(\.key) == ["title"])
        #expect(missing.first?.location?.line == 13)
    }

    @Test func missingTranslationLandsOnItsOwnTablesUnit() throws {
        // "title" is a key of InfoPlist and of Localizable; only Localizable's lacks a target.
        let xliff = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/InfoPlist.strings" source-language="en" target-language="fr" datatype="plaintext">
            <body>
              <trans-unit id="title" xml:space="preserve">
                <source>Bookshelf</source>
                <target>Bookshelf</target>
              </trans-unit>
            </body>
          </file>
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
            <body>
              <trans-unit id="title" xml:space="preserve">
                <source>Library</source>
              </trans-unit>
              <trans-unit id="add" xml:space="preserve">
                <source>Add a book</source>
                <target>Ajouter un livre</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
        let root = try TestPaths.makeTemporaryDirectory("missing-location")
        defer { try? FileManager.default.removeItem(at: root) }
        try xliff.write(to: root.appendingPathComponent("fr.xliff"), atomically: true, encoding: .utf8)
        let findings = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1)).findings
        let missing = findings.filter { $0.ruleID == "missing-translation" }
        #expect(missing.count == 1)
        #expect(missing.first?.table == "Localizable" && missing.first?.key == "title")
        #expect(missing.first?.location?.line == 13, "\(missing)")  // Localizable's unit, not InfoPlist's (line 5)
    }

    // MARK: XLIFF 2.x

    @Test func xliff2UnitsSegmentsGroupsAndInline() throws {
        let result = try readFixture("Segments.xlf")
        #expect(result.findings.isEmpty, "\(result.findings)")
        #expect(result.tables.map { "\($0.name) \($0.locale ?? "-")" } == ["Localizable en", "Localizable fr"])
        #expect(result.tables[0].scope == "xliff:Resources")
        let greeting = try entry(result, "Localizable", "fr", "greeting")
        #expect(greeting.value == .text("Bonjour. Bienvenue chez vous\u{FFFC}!\u{1}"))
        #expect(greeting.sourceValue == .text("Hello. Welcome home\u{FFFC}!\u{1}"))
        #expect(greeting.state == TranslationState(raw: "initial", meaning: .new))
        #expect(greeting.comment == "Shown at start")
        #expect(greeting.attributes["group"] == "g1")
        #expect(greeting.attributes["inline"] == "pc:1:19:9;ph:2:28:1")
        #expect(greeting.location == at("Segments.xlf", 5, 14))
        #expect(greeting.valueLocation == at("Segments.xlf", 11, 14))
        #expect(try table(result, "Localizable", "fr").entries.contains { $0.key == "only-source" } == false)
        let onlySource = try entry(result, "Localizable", "en", "only-source")
        #expect(onlySource.shouldTranslate == false && onlySource.attributes["group"] == "g1/g2")
        let reviewed = try entry(result, "Localizable", "fr", "reviewed")
        #expect(reviewed.state == TranslationState(raw: "reviewed", meaning: .final))
        #expect(reviewed.value == .text("Enregistrer \u{FFFC}maintenant\u{FFFC}!"))
        #expect(result.declaredSourceLanguage == "en")
        #expect(result.localeDeclarations.map(\.origin) == [.xliffSource, .xliffTarget])
    }

    /// Reordered codes, `order`ed targets and a segment left untranslated: the target text is read as
    /// a translation tool shows it, and indentation is one space wherever codes split it.
    @Test func xliff2TargetsAreReadInTheirOrder() throws {
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
             <file id="f1">
              <unit id="codes">
               <segment>
                <source>
                 <pc id="1">
                  text
                  <ph id="2"/>
                 </pc>
                 <ph id="3"/>
                </source>
                <target>
                 <ph id="3"/>
                 <pc id="1">
                  texte
                  <ph id="2"/>
                 </pc>
                </target>
               </segment>
              </unit>
              <unit id="order">
               <segment><source>One.</source><target order="3">Un.</target></segment>
               <ignorable><source> </source></ignorable>
               <segment><source>Two.</source><target order="1">Deux.</target></segment>
              </unit>
              <unit id="partial">
               <segment><source>One.</source><target>Un.</target></segment>
               <ignorable><source> </source></ignorable>
               <segment><source>Two.</source></segment>
              </unit>
             </file>
            </xliff>
            """
        let result = read(text, path: "order.xlf")
        #expect(result.findings.isEmpty, "\(result.findings)")
        let french = try #require(result.tables.first { $0.locale == "fr" })
        func value(_ key: String) -> LocaleAudit.Value? { french.entries.first { $0.key == key }?.value }
        // Before: "\u{FFFC}  texte \u{FFFC} " (the leading space lost, two where `<pc>` split the indentation).
        #expect(value("codes") == .text(" \u{FFFC} texte \u{FFFC} "))
        #expect(french.entries.first { $0.key == "codes" }?.sourceValue == .text(" text \u{FFFC} \u{FFFC} "))
        #expect(value("order") == .text("Deux. Un."))
        #expect(value("partial") == .text("Un. Two."))
        let partial = try #require(french.entries.first { $0.key == "partial" })
        #expect(partial.state?.meaning == .new)
        #expect(french.entries.first { $0.key == "order" }?.state == nil)
    }

    @Test func xliff2ConstraintViolationsAreLocated() {
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">
             <file id="f1">
              <unit id="u1">
               <segment state="done">
                <source><sc id="1"/>Text</source>
                <target>Texte</target>
               </segment>
              </unit>
              <unit id="u1">
               <segment><source>Again</source></segment>
              </unit>
             </file>
            </xliff>
            """
        let result = read(text, path: "bad.xlf")
        let described = result.findings.map { "\($0.ruleID) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        #expect(described == ["xliff-invalid 5:20", "xliff-invalid 6:13", "syntax 7:5", "syntax 10:13"])
        #expect(result.findings[0].message.contains("expected one of final, initial, reviewed, translated"))
        #expect(result.findings[1].message.contains("has no <ec startRef=\"1\">"))
        #expect(result.findings[2].message.contains("without trgLang"))
        #expect(result.findings[3].message.contains("duplicate unit id \"u1\""))
    }

    /// The inline-code findings of one XLIFF 2 unit whose source is `source`.
    func inlineCodeFindings(_ source: String) -> [String] {
        let text = """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">
             <file id="f1">
              <unit id="u1">
               <segment><source>\(source)</source></segment>
              </unit>
             </file>
            </xliff>
            """
        return read(text, path: "bad.xlf").findings.map(\.message)
    }

    @Test func anEndMarkerBeforeItsStartIsOneFinding() {
        // Reported where the end is; the start left open behind it is the same defect.
        #expect(inlineCodeFindings(#"<em startRef="1"/>Text<sm id="1"/>"#) == ["<em startRef=\"1\"> has no <sm id=\"1\"> before it in this unit"])
    }

    @Test func anIsolatedStartWhoseEndIsInTheUnitIsOneFinding() {
        // The <ec> matches the <sc>; only the <sc>'s isolated="yes" is wrong.
        #expect(inlineCodeFindings(#"<sc id="1" isolated="yes"/>Text.<ec startRef="1"/>"#)
                == ["<sc id=\"1\"> is marked isolated but its <ec> is in the same unit"])
    }

    @Test func anEndMarkedIsolatedWithAStartRefIsOneFinding() {
        // The <ec> names its <sc>: only its isolated="yes" is wrong, not the <sc> left open.
        let messages = inlineCodeFindings(#"<sc id="1"/>Text.<ec startRef="1" isolated="yes"/>"#)
        #expect(messages.contains("an isolated <ec> must have id and no startRef"))
        #expect(!messages.contains { $0.contains("has no <ec") }, "\(messages)")
    }

    // MARK: Bundles, size

    @Test func xclocBundleDeclaresLocalesAndReportsMismatch() throws {
        let bundle = Self.fixtures.appendingPathComponent("Sample.xcloc")
        let xliff = bundle.appendingPathComponent("Localized%20Contents/fr.xliff").path
        #expect(XclocContents.bundlePath(forXLIFFAt: xliff) == bundle.path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: xliff)))
        let result = XLIFFReader.read(bytes, context: ReadContext(path: xliff, locale: nil, table: "fr"))
        let json = bundle.appendingPathComponent("contents.json").path
        #expect(result.localeDeclarations.filter { $0.origin == .xclocContents }
                == [LocaleDeclaration(identifier: "en", origin: .xclocContents, location: at(json, 2, 25)),
                    LocaleDeclaration(identifier: "fr", origin: .xclocContents, location: at(json, 4, 20))])
        #expect(result.findings.map(\.ruleID) == [LocaleMismatchRule.id])
        #expect(result.findings.first?.severity == .warning)
        #expect(result.findings.first?.location == at(xliff, 3, 94))
        #expect(result.findings.first?.message.contains("target-language=\"fr-CA\"") == true)
        #expect(result.findings.first?.message.contains("targetLocale \"fr\"") == true)
    }

    @Test func discoverySkipsXclocSourceContents() {
        let discovered = Discovery.discover([Self.fixtures.appendingPathComponent("Sample.xcloc").path])
        #expect(discovered.files.map { $0.path.hasSuffix("Localized%20Contents/fr.xliff") } == [true])
    }

    @Test func largeFilesReadFine() {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">\n"
        text += "<file original=\"en.lproj/Big.strings\" source-language=\"en\" target-language=\"de\" datatype=\"plaintext\"><body>\n"
        var count = 0
        while text.utf8.count < 11_000_000 {
            text += "<trans-unit id=\"key.\(count)\" xml:space=\"preserve\"><source>Source text number \(count) with some words</source><target state=\"translated\">Zieltext Nummer \(count) mit einigen Wörtern</target><note>Note \(count)</note></trans-unit>\n"
            count += 1
        }
        text += "</body></file></xliff>\n"
        let result = read(text, path: "big.xliff")
        #expect(result.findings.isEmpty)
        #expect(result.tables.count == 2)
        #expect(result.tables[1].entries.count == count)
        #expect(result.tables[1].entries.last?.value == .text("Zieltext Nummer \(count - 1) mit einigen Wörtern"))
    }
}

/// Every XLIFF of the shared corpus reads without a finding, with the unit counts of its MANIFEST.md.
@Suite struct XLIFFCorpusTests {
    static var present: Bool { TestPaths.corpusIsPresent }

    static func readAll(_ project: String) throws -> [ReadResult] {
        let root = TestPaths.corpus.appendingPathComponent(project)
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".xliff") }.sorted()
        return try paths.map { relative in
            let path = root.appendingPathComponent(relative).path
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            return XLIFFReader.read(bytes, context: ReadContext(path: path, locale: nil, table: "t"))
        }
    }

    /// (files, source entries, target entries, plural entries in target tables)
    static func counts(_ results: [ReadResult]) -> (Int, Int, Int, Int) {
        var source = 0, target = 0, plural = 0
        for result in results {
            for (index, table) in result.tables.enumerated() {
                if index % 2 == 0 { source += table.entries.count } else {
                    target += table.entries.count
                    plural += table.entries.filter(\.value.isPlural).count
                }
            }
        }
        return (results.count, source, target, plural)
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func goMap() throws {
        let results = try Self.readAll("bryceco+GoMap")
        #expect(results.allSatisfy { $0.findings.isEmpty }, "\(results.flatMap(\.findings).prefix(5))")
        // 27,290 units, 1,814 of them `|==|` parts of 500 grouped entries; 9,208 without target.
        let (files, source, target, _) = Self.counts(results)
        #expect(files == 34 && source == 25_772 && target == 16_634)
        var states: [String: Int] = [:]
        for result in results {
            for table in result.tables {
                for entry in table.entries {
                    let raws = entry.attributes.filter { $0.key.hasPrefix("state:") }.map(\.value)
                    for raw in raws.isEmpty ? [entry.state?.raw].compactMap({ $0 }) : raws { states[raw, default: 0] += 1 }
                }
            }
        }
        #expect(states == ["translated": 15_775, "needs-review-l10n": 947, "new": 1_360])
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func focus() throws {
        let results = try Self.readAll("mozilla-l10n+focusios-l10n")
        // Mozilla maps five folder names to Apple's identifiers of the same locale: notes, one per file
        // (six <file>s repeat the target-language). templates/ (target "en") is not a locale folder.
        let findings = results.flatMap(\.findings)
        #expect(findings.allSatisfy { $0.ruleID == LocaleMismatchRule.id && $0.severity == .note }, "\(findings.prefix(5))")
        let folders = findings.compactMap { $0.location?.file.split(separator: "/").dropLast().last.map(String.init) }
        #expect(folders.sorted() == ["ga-IE", "nb-NO", "nn-NO", "sv-SE", "tl"])
        #expect(findings.first { $0.location?.file.contains("/tl/") == true }?.message.contains("both fil-Latn-PH") == true)
        // 23,478 units, 3,817 without target, no states, 546 <file> elements.
        let (files, source, target, plural) = Self.counts(results)
        #expect(files == 91 && source == 23_478 && target == 19_661 && plural == 0)
        #expect(results.map(\.tables.count).reduce(0, +) == 546 * 2)
        #expect(results.allSatisfy { $0.tables.allSatisfy { $0.entries.allSatisfy { $0.state == nil } } })
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func pockity() throws {
        let results = try Self.readAll("Pockity+Localisations")
        #expect(results.allSatisfy { $0.findings.isEmpty }, "\(results.flatMap(\.findings).prefix(5))")
        // 6,448 units, 148 `:dict/` units forming 40 plural entries (4 per locale), 9 without target.
        // Xcode repeats each stringsdict key in the Localizable.strings <file> (translate="no", "(Key
        // in .stringsdict)"): those 40 copies are not entries of their own.
        let (files, source, target, plural) = Self.counts(results)
        #expect(files == 10 && source == 6_300 && target == 6_291 && plural == 40, "\(source) \(target)")
        let german = try #require(results.first { $0.tables.contains { $0.locale == "de" } })
        // Xcode's plain copy in the Localizable.strings <file> is dropped: the one entry is the stringsdict's plural.
        let copies = german.tables.filter { $0.locale == "de" && $0.name == "Localizable" }.flatMap(\.entries).filter { $0.key == "%d Accounts" }
        #expect(copies.count == 1)
        let accounts = try #require(copies.first { $0.value.isPlural })
        guard case .plural(let plural) = accounts.value else { Issue.record("expected a plural"); return }
        #expect(plural.format == "%#@accounts@")
        #expect(plural.variables.map(\.name) == ["accounts"] && plural.variables[0].valueType == "d")
        #expect(plural.variables[0].forms.map(\.category) == ["one", "other", "zero"])
    }
}
