import Foundation
import Testing
@testable import LocaleAudit

/// `xcstrings-invalid`: the path grammar of Xcode's XLIFF ids, the substitution scan, and the reader's
/// handling of shapes Xcode's compiler rejects (one finding each, the rest of the file still read).
@Suite struct XCStringsInvalidTests {
    func read(_ text: String) -> ReadResult {
        XCStringsReader.read(Array(text.utf8), context: ReadContext(path: "t.xcstrings", locale: nil, table: "t"))
    }

    func invalid(_ result: ReadResult) -> [Finding] { result.findings.filter { $0.ruleID == XCStringsInvalidRule.id } }

    func catalog(_ strings: String) -> String {
        #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + strings + "}}"
    }

    func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }

    // MARK: Variation paths of XLIFF ids

    @Test func variationPathsXcodeRecognizes() throws {
        let plural = try #require(XCStringsReader.VariationPath(key: "Photos|==|plural.one"))
        #expect(plural.baseKey == "Photos")
        #expect(plural.suffix == "plural.one")
        #expect(plural.category == "one" && plural.device == nil && plural.substitution == nil)

        let device = try #require(XCStringsReader.VariationPath(key: "Tap|==|device.applewatch"))
        #expect(device.device == "applewatch" && device.category == nil)

        let chained = try #require(XCStringsReader.VariationPath(key: "n|==|device.iphone.plural.few"))
        #expect(chained.device == "iphone" && chained.category == "few")

        let substitution = try #require(XCStringsReader.VariationPath(key: "k|==|substitutions.COUNT.plural.other"))
        #expect(substitution.substitution == "COUNT" && substitution.category == "other")
        // A dotted name is written between @s.
        let dotted = try #require(XCStringsReader.VariationPath(key: "k|==|substitutions.@a.b@.plural.one"))
        #expect(dotted.substitution == "a.b")
        // The last separator counts.
        #expect(XCStringsReader.VariationPath(key: "a|==|b|==|plural.one")?.baseKey == "a|==|b")
    }

    @Test func keysWithSeparatorsThatNameNoVariation() {
        for key in ["literal|==|text", "plain|==|unknown.x", "p|==|plural.several", "p|==|plural.one.x",
                    "d|==|device.toaster", "d|==|device.iphone.plural", "s|==|substitutions..plural.one",
                    "s|==|substitutions.x.plural", "no separator plural.one", "|==|", "x|=|plural.one"] {
            #expect(XCStringsReader.VariationPath(key: key) == nil, "\(key)")
        }
    }

    @Test func aPathNamesAVariationOnlyWhenTheValueHasIt() throws {
        let forms = [PluralForm(category: "one", text: "%lld photo"), PluralForm(category: "other", text: "%lld photos")]
        let plural = Value.plural(PluralValue(format: "%#@__plural@", formatIsImplicit: true,
                                              variables: [PluralVariable(name: "__plural", forms: forms)]))
        let device = Value.variations(VariationValue(kind: .device, cases: [
            .init(name: "iphone", value: plural), .init(name: "other", value: .text("Photos")),
        ]))
        let substitution = Value.plural(PluralValue(format: "%#@count@", variables: [PluralVariable(name: "count", forms: forms)]))
        func path(_ key: String) throws -> XCStringsReader.VariationPath { try #require(XCStringsReader.VariationPath(key: key)) }
        #expect(try path("P|==|plural.one").names(plural))
        #expect(try !path("P|==|plural.few").names(plural))
        #expect(try !path("P|==|plural.one").names(.text("Photos")))
        #expect(try path("P|==|device.iphone").names(device))
        #expect(try path("P|==|device.iphone.plural.other").names(device))
        #expect(try !path("P|==|device.other.plural.other").names(device))
        #expect(try !path("P|==|device.mac").names(device))
        #expect(try path("P|==|substitutions.count.plural.one").names(substitution))
        #expect(try !path("P|==|substitutions.other.plural.one").names(substitution))
    }

    @Test func substitutionReferencesAreFoundByTheirHashAt() {
        #expect(XCStringsReader.mayReferenceSubstitution("%#@count@"))
        #expect(XCStringsReader.mayReferenceSubstitution("%1$#@count@ left"))
        #expect(!XCStringsReader.mayReferenceSubstitution("Mention @team #1"))
        #expect(!XCStringsReader.mayReferenceSubstitution(""))
    }

    // MARK: The reader

    @Test func undefinedReferencesEverywhereInTheLocalizationOneFindingPerUnit() throws {
        let text = catalog(#"""
        "k": {"localizations": {"en": {
          "variations": {"device": {"iphone": {"variations": {"plural": {"one": \#(unit("%#@a@ %#@b@ %#@b@")), "other": \#(unit("%#@count@"))}}},
                                    "other": \#(unit("%#@count@ and %#@A.@.B@"))}},
          "substitutions": {"count": {"argNum": 1, "formatSpecifier": "lld",
                                      "variations": {"plural": {"other": \#(unit("%arg, %#@c@"))}}}}}}}
        """#)
        let result = read(text)
        let found = invalid(result)
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.severity == .error && $0.key == "k" && $0.locale == "en" })
        // One finding per string unit, naming each undefined substitution once, at the unit's value.
        #expect(found.map { $0.location!.line } == [2, 3, 5])
        #expect(found[0].message.hasPrefix(#"%#@a@, %#@b@ in "%#@a@ %#@b@ %#@b@" names no substitution"#))
        #expect(found[0].message.contains("Referencing undefined substitution 'a', 'b'"))
        // Xcode reads a name up to the next @, as the format scanner does.
        #expect(found[1].message.hasPrefix("%#@A.@ in"))
        #expect(found[2].message.hasPrefix("%#@c@ in"))
        #expect(found[2].message.contains("(defined: count)"))
    }

    @Test func aMalformedSubstitutionIsNotAlsoAnUndefinedOne() {
        let malformed = read(catalog(#""k": {"localizations": {"en": {"stringUnit": {"value": "%#@a@ %#@b@"}, "substitutions": {"a": 3, "b": []}}}}"#))
        #expect(invalid(malformed).isEmpty)
        #expect(malformed.findings.filter { $0.ruleID == ReaderRule.syntax }.count == 2)
        let wrongType = read(catalog(#""k": {"localizations": {"en": {"stringUnit": {"value": "%#@a@"}, "substitutions": "a"}}}"#))
        #expect(invalid(wrongType).isEmpty)
        #expect(wrongType.findings.count == 1)
    }

    @Test func misplacedSubstitutionsAreOneFindingNotTwo() throws {
        let text = catalog(#"""
        "k": {"localizations": {"en": {"variations": {"device": {
          "other": {"stringUnit": {"state": "translated", "value": "%#@photos@"},
                    "substitutions": {"photos": {"argNum": 1, "formatSpecifier": "lld",
                                                 "variations": {"plural": {"other": \#(unit("%arg photos"))}}}}}}}}}}
        """#)
        let found = invalid(read(text))
        #expect(found.count == 1)
        #expect(found.first?.location?.line == 3)
        #expect(found.first?.message.hasPrefix(#""substitutions" inside "device.other" are not read"#) == true)
    }

    @Test func aVariedPluralCaseStillReadsAsItsFallbackText() throws {
        let text = catalog(#"""
        "k": {"localizations": {"de": {"variations": {"plural": {
          "one": {"variations": {"device": {"iphone": \#(unit("%lld Foto auf dem iPhone")), "other": \#(unit("%lld Foto"))}}},
          "other": \#(unit("%lld Fotos"))}}}}},
        "after": {"localizations": {"de": \#(unit("Danach"))}}
        """#)
        let result = read(text)
        #expect(invalid(result).count == 1)
        #expect(invalid(result).first?.message.contains("Plural case cannot be further varied") == true)
        let entry = try #require(result.tables.first { $0.locale == "de" }?.entries.first { $0.key == "k" })
        guard case .plural(let plural) = entry.value else { Issue.record("expected a plural"); return }
        #expect(plural.variables.first?.forms.map(\.text) == ["%lld Foto", "%lld Fotos"])
        // The rest of the file is read.
        #expect(result.tables.first { $0.locale == "de" }?.entries.map(\.key) == ["k", "after"])
    }

    @Test func pathLikeKeysAreWarningsUnlessTheyCollide() throws {
        let text = catalog(#"""
        "Photos": {"localizations": {"en": {"variations": {"plural": {"one": \#(unit("%lld photo")), "other": \#(unit("%lld photos"))}}}}},
        "Photos|==|plural.one": {},
        "Photos|==|plural.few": {},
        "Tap|==|device.mac": {},
        "plain|==|word": {}
        """#)
        let found = invalid(read(text))
        #expect(found.map(\.key) == ["Photos|==|plural.one", "Photos|==|plural.few", "Tap|==|device.mac"])
        #expect(found.map(\.severity) == [.error, .warning, .warning])
        #expect(found.allSatisfy { $0.locale == nil })
        #expect(found.map { $0.location?.line } == [2, 3, 4])
        #expect(found[0].message.contains("Duplicate values for key"))
    }

    @Test func aCaseWithoutStringUnitIsNotAlsoMissingToThePluralRules() throws {
        let text = catalog(#"""
        "%lld files": {"localizations": {
          "en": {"variations": {"plural": {"one": \#(unit("%lld file")), "other": \#(unit("%lld files"))}}},
          "ru": {"variations": {"plural": {"one": {}, "few": \#(unit("%lld файла")), "many": \#(unit("%lld файлов")), "other": {}}}}}}
        """#)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xcstrings-invalid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(text.utf8).write(to: dir.appendingPathComponent("Localizable.xcstrings"))
        let result = Auditor.audit(paths: [dir.path], options: AuditOptions(workers: 1))
        let ru = result.findings.filter { $0.locale == "ru" }
        #expect(ru.map(\.ruleID) == [XCStringsInvalidRule.id, XCStringsInvalidRule.id])
        #expect(ru.allSatisfy { $0.message.contains("Missing required key 'stringUnit'") })
    }

    @Test func oddShapesNeverCrashAndEachIsOneFinding() {
        let shapes = [
            #""k": {"localizations": {"en": {"variations": {"plural": {"one": [], "other": {}}}}}}"#,
            #""k": {"localizations": {"en": {"variations": {"device": {"other": {"variations": 3}}}}}}"#,
            #""k": {"localizations": {"en": {"substitutions": {"s": {"variations": {"device": {}}}}}}}"#,
            #""k": {"localizations": {"en": {"stringUnit": {"value": "%#@"}, "substitutions": []}}}"#,
            #""k": {"localizations": {"en": {"variations": {"device": {"iphone": {"variations": {"device": {"mac": {"variations": {"plural": {}}}}}}}}}}}"#,
        ]
        for shape in shapes {
            let result = read(catalog(shape))
            #expect(!result.findings.isEmpty, "\(shape)")
            // No two findings at one place.
            let places = result.findings.compactMap(\.location)
            #expect(Set(places).count == places.count, "\(shape)")
        }
    }
}
