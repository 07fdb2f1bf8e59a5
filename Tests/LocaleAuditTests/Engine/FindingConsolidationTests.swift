import Foundation
import Testing
@testable import LocaleAudit

/// One defect, one finding: exports, copies of a source defect, overlapping rules, unshipped locales.
@Suite struct FindingConsolidationTests {
    static func audit(_ files: [(String, String)]) throws -> AuditResult {
        let scratch = try Scratch("consolidation")
        defer { scratch.remove() }
        for (path, text) in files { try scratch.write(path, text) }
        return Auditor.audit(paths: [scratch.path])
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Page %lld of %lld" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Seite %1$@ von %lld" } }
              }
            },
            "Share" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Teilen" } }
              }
            }
          },
          "version" : "1.0"
        }

        """

    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Reader/Reader.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="15.0" build-num="15A240d"/></header>
            <body>
              <trans-unit id="Page %lld of %lld" xml:space="preserve">
                <source>Page %lld of %lld</source>
                <target state="translated">Seite %1$@ von %lld</target>
              </trans-unit>
              <trans-unit id="Share" xml:space="preserve">
                <source>Share</source>
                <target state="translated">Teilen</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """

    @Test func aKeyOfACopiedTableThatReadsAsAnotherLanguageIsANoteOfTheCopy() {
        let gd = "CrossLocale/gd.lproj/Localizable.strings"
        func at(_ file: String, _ line: Int) -> LocaleAudit.SourceLocation { LocaleAudit.SourceLocation(file: file, line: line, column: 1) }
        var copy = Finding(ruleID: "locale-copy", severity: .warning, message: "Localizable in gd holds the same text as cy",
                           location: at(gd, 1), locale: "gd", table: "Localizable")
        copy.keys = ["save", "about.text"]
        let welsh = Finding(ruleID: "wrong-language", severity: .warning, message: "\"Mae’r porwr hwn…\" is Welsh (cy)",
                            location: at(gd, 27), locale: "gd", table: "Localizable", key: "about.text")
        // Not explained by the copy: a key the copy does not name, another locale's table.
        let otherKey = Finding(ruleID: "wrong-language", severity: .warning, message: "English", location: at(gd, 30),
                               locale: "gd", table: "Localizable", key: "welcome")
        let otherLocale = Finding(ruleID: "wrong-language", severity: .warning, message: "Spanish",
                                  location: at("CrossLocale/pt-BR.lproj/Localizable.strings", 27), locale: "pt-BR",
                                  table: "Localizable", key: "about.text")
        let folded = FindingConsolidation.foldIntoTableCopies([welsh, otherKey, copy, otherLocale])
        #expect(folded.map { $0.message } == ["English", copy.message, "Spanish"])
        #expect(folded[1].notes.map { $0.message } == ["wrong-language: \(welsh.message)"])
        #expect(folded[1].notes.first?.location == welsh.location)
        // Without a copy, nothing changes.
        #expect(FindingConsolidation.foldIntoTableCopies([welsh, otherKey]).map { $0.message } == [welsh.message, "English"])
    }

    @Test func nearlyEqualCountsTheSymmetricDifferenceWithoutBuildingIt() {
        // Against the set operation it replaced, on random sets of sizes around the thresholds.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let universe = Int.random(in: 5...400, using: &rng)
            let a = Set((0..<Int.random(in: 0...universe, using: &rng)).map { _ in "k\(Int.random(in: 0..<universe, using: &rng))" })
            var b = a
            for _ in 0..<Int.random(in: 0...9, using: &rng) {
                if Bool.random(using: &rng), let any = b.randomElement(using: &rng) { b.remove(any) } else { b.insert("n\(Int.random(in: 0..<50, using: &rng))") }
            }
            let scale = max(a.count, b.count)
            let expected = scale >= 10 && a.symmetricDifference(b).count <= max(5, scale / 25)
            #expect(FindingConsolidation.nearlyEqual(a, b) == expected)
            #expect(FindingConsolidation.nearlyEqual(b, a) == expected)
        }
    }

    @Test func aDefectInACatalogAndItsExportIsReportedOnceAtTheCatalog() throws {
        let result = try Self.audit([("Reader/Reader.xcstrings", Self.catalog),
                                     ("Export/de.xcloc/Localized Contents/de.xliff", Self.export)])
        let mismatches = result.findings.filter { $0.ruleID == "format-type-mismatch" }
        #expect(mismatches.count == 1)
        let finding = try #require(mismatches.first)
        #expect(finding.location?.file.hasSuffix("Reader/Reader.xcstrings") == true)
        #expect(finding.notes.contains { $0.message.contains("exported copy") && $0.location?.file.hasSuffix("de.xliff") == true })
    }

    /// A finding about several locales stands at the source, which each file of an export repeats:
    /// the export's note points at its first member, not at the first file by name.
    @Test func anExportedCopyOfAGroupedFindingPointsAtItsFirstMember() {
        var project = Project(tables: [], sourceLanguage: "en", sourceLanguageOrigin: .configured)
        project.files = [DiscoveredFile(path: "Localizable.xcstrings", format: .xcstrings, locale: nil, table: "Localizable", scope: "", size: 1),
                         DiscoveredFile(path: "xliff/ar.xliff", format: .xliff, locale: nil, table: "ar", scope: "", size: 1)]
        func at(_ file: String, _ line: Int) -> LocaleAudit.SourceLocation { LocaleAudit.SourceLocation(file: file, line: line, column: 1) }
        let catalog = Finding(ruleID: "translation-state", severity: .note, message: "marked 'needs_review' in 2 of the 3 translations",
                              location: at("Localizable.xcstrings", 5), table: "Localizable", key: "Share",
                              notes: [Finding.Note(message: "in cs", location: at("Localizable.xcstrings", 9))])
        let export = Finding(ruleID: "translation-state", severity: .note, message: "marked 'needs-review-l10n' in 2 of the 3 translations",
                             location: at("xliff/ar.xliff", 40), table: "Localizable", key: "Share",
                             notes: [Finding.Note(message: "in cs", location: at("xliff/cs.xliff", 41))])
        let merged = FindingConsolidation.mergeRepresentations([catalog, export], project: project)
        #expect(merged.count == 1)
        #expect(merged.first?.notes.last?.location == at("xliff/cs.xliff", 41))
    }

    @Test func withoutTheCatalogTheExportKeepsItsFinding() throws {
        let result = try Self.audit([("Export/de.xcloc/Localized Contents/de.xliff", Self.export)])
        #expect(result.findings.filter { $0.ruleID == "format-type-mismatch" }.count == 1)
    }

    @Test func aTypeMismatchHidesMixedPositionalAtTheSameSpecifier() throws {
        let scratch = try Scratch("dominance")
        defer { scratch.remove() }
        try scratch.write("Reader/Reader.xcstrings", Self.catalog)
        // Both rules fire on the rule level…
        let raw = RuleEngine.run(on: Auditor.load(paths: [scratch.path]).project, options: AuditOptions())
        #expect(Set(raw.filter { $0.key == "Page %lld of %lld" }.map(\.ruleID)).isSuperset(of: ["format-type-mismatch", "format-mixed-positional"]))
        // …and the report keeps the specific one.
        let result = Auditor.audit(paths: [scratch.path])
        let rules = result.findings.filter { $0.key == "Page %lld of %lld" }.map(\.ruleID)
        #expect(rules.contains("format-type-mismatch"))
        #expect(!rules.contains("format-mixed-positional"))
    }

    /// One mark in three findings of one rule, file, table and locale is one cause: one finding at the
    /// first key, the others its notes. Another mark, another locale, or two findings stay apart.
    @Test func findingsThatShareABatchMarkAreOneFromThreeOn() {
        func finding(_ key: String, line: Int, locale: String, mark: String) -> Finding {
            var finding = Finding(ruleID: "whitespace-mismatch", severity: .warning, message: "starts with a line break",
                                  location: SourceLocation(file: "L.xliff", line: line, column: 5), locale: locale, table: "L", key: key)
            finding.batchMark = mark
            return finding
        }
        let findings = [
            finding("a", line: 1, locale: "es", mark: "line break"), finding("b", line: 2, locale: "es", mark: "line break"),
            finding("c", line: 3, locale: "es", mark: "line break"), finding("d", line: 4, locale: "es", mark: "space"),
            finding("e", line: 5, locale: "fr", mark: "line break"), finding("f", line: 6, locale: "fr", mark: "line break"),
        ]
        let batched = FindingConsolidation.batchRepeats(findings)
        #expect(batched.map(\.key) == ["a", "d", "e", "f"])
        #expect(batched[0].message == "'a' and 2 more keys: starts with a line break")
        #expect(batched[0].notes.map(\.message) == ["also 'b'", "also 'c'"])
        #expect(batched[0].notes.map(\.location?.line) == [2, 3])
        #expect(batched[0].keys == ["a", "b", "c"])
        #expect(batched.allSatisfy { $0.batchMark == nil })
    }

    /// At one place of one entry the more specific finding stays and the other goes; the same rule's
    /// finding at another place, or about another key at the same place, stays.
    /// A type mismatch tells what to delete, "mixed positional" only that something is off; a label's
    /// added full stop (Urdu ۔) is a11y-label-period's finding, not punctuation-mismatch's as well; a
    /// right-to-left mark that lost its backslash ("u200f%@") leaves the 'u' leading the text, one defect.
    @Test(arguments: [
        ("format-type-mismatch", "format-mixed-positional", 4, "k"),
        ("a11y-label-period", "punctuation-mismatch", 3, "other"),
        ("escape-artifact", "rtl-leading-ltr", 5, "k"),
    ])
    func dominanceNeedsTheSamePlaceAndKey(kept: String, dropped: String, otherLine: Int, otherKey: String) {
        let here = SourceLocation(file: "ur.lproj/L.strings", line: 3, column: 9)
        let elsewhere = SourceLocation(file: here.file, line: otherLine, column: 9)
        let findings = [
            Finding(ruleID: kept, severity: .warning, message: "kept", location: here, locale: "ur", key: "k"),
            Finding(ruleID: dropped, severity: .note, message: "dropped", location: here, locale: "ur", key: "k"),
            Finding(ruleID: dropped, severity: .note, message: "elsewhere", location: elsewhere, locale: "ur", key: otherKey),
        ]
        #expect(FindingConsolidation.dropDominated(findings).map(\.message) == ["kept", "elsewhere"])
    }

    @Test(arguments: [
        ("\" $1 م\" ends without", "\" #1 م\" ends without"),
        ("\" %1$@ م\" ends without", "\" #1 م\" ends without"),
        ("%d items, %2$lld left, 100% done, US$5", "# items, #2 left, 100% done, US#5"),
        ("no placeholder", "no placeholder"),
    ])
    func placeholdersAreFoldedForComparingCopies(message: String, folded: String) {
        #expect(FindingConsolidation.placeholdersFolded(message) == folded)
    }

    @Test(arguments: [
        ("\"Hace {{PLURAL:$1|un día|$1 días}}\" ends with a full stop: remove it", "\" ends with a full stop: remove it"),
        ("the 'format' form \"Hace %#@v1@\" ends with a full stop: remove it", "\" ends with a full stop: remove it"),
        ("has 2 spaces in a row after 'список}}' where the source has one", "has # spaces in a row after ' where the source has one"),
        ("Latn run \"sync\" at UTF-16 {51, 4} in a my string; the source's voice", "Latn run \" at UTF-# {#, #} in a my string; the source's voice"),
    ])
    func aDefectsShapeLeavesOutWhatItQuotesAndCounts(message: String, shape: String) {
        #expect(FindingConsolidation.defectShape(message) == shape)
    }

    /// The scalar-by-scalar reading `defectShape` replaced: the byte version must agree with it.
    static func referenceShape(_ message: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = message.unicodeScalars[...]
        if scalars.starts(with: "the '".unicodeScalars), let formEnd = message.range(of: "' form ") {
            scalars = message.unicodeScalars[formEnd.upperBound...]
        }
        var previous: Unicode.Scalar = " "
        while let c = scalars.popFirst() {
            if c == "\"" {
                while let q = scalars.popFirst(), q != "\"" { if q == "\\" { _ = scalars.popFirst() } }
                out.append("\"")
            } else if c == "'", previous == " " || previous == "(", let close = scalars.firstIndex(of: "'"),
                      scalars.index(after: close) == scalars.endIndex || !scalars[scalars.index(after: close)].properties.isAlphabetic {
                scalars = scalars[scalars.index(after: close)...]
                out.append("'")
            } else if ("0"..."9").contains(c) {
                if previous != "#" { out.append("#") }
                previous = "#"
                continue
            } else {
                out.append(c)
            }
            previous = c
        }
        return String(out)
    }

    @Test func theByteShapeAgreesWithTheScalarReading() {
        let pieces = ["the 'one' form ", "\"", "'", "(", " ", "\\", "12", "é", "ä'", "'ж", "日本", "x", "' form ", "#", "source's", "\\\"", "'ğ"]
        var generator = SeededGenerator(seed: 20261126)
        var checked = 0
        for _ in 0..<3_000 {
            let message = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(FindingConsolidation.defectShape(message) == Self.referenceShape(message), "\(message.debugDescription)")
            checked += 1
        }
        #expect(checked == 3_000)
    }

    @Test func oneDefectOfAStringWordedApartInTwoTreesIsOneFinding() {
        let project = Project(tables: [], sourceLanguage: "en", sourceLanguageOrigin: .configured)
        func finding(_ file: String, _ message: String, key: String = "synced", line: Int = 3) -> Finding {
            Finding(ruleID: "punctuation-mismatch", severity: .note, message: message,
                    location: SourceLocation(file: file, line: line, column: 1), locale: "cs", table: "Localizable", key: key)
        }
        let findings = [
            finding("Localizations/cs.lproj/Localizable.strings", "\"{{PLURAL:$1|Článek|Články}} synchronizován.\" ends with a full stop: remove it"),
            finding("Localizations/cs.lproj/Localizable.strings", "\"Hotovo.\" ends with a full stop: remove it", key: "done", line: 4),
            finding("Native/cs.lproj/Localizable.stringsdict", "the 'format' form \"%#@v1@ synchronizován.\" ends with a full stop: remove it"),
            finding("Native/cs.lproj/Localizable.strings", "\"Hotovo\" does not end with the source's colon: end it with ':'", key: "done"),
        ]
        let merged = FindingConsolidation.mergeTableCopies(findings, project: project)
        // The copy worded apart joins the first tree's finding; another defect of another key stays.
        #expect(merged.map(\.location!.file) == ["Localizations/cs.lproj/Localizable.strings", "Localizations/cs.lproj/Localizable.strings",
                                                 "Native/cs.lproj/Localizable.strings"])
        #expect(merged[0].notes.map(\.message) == ["the same in another copy of this table, worded there: the 'format' form \"%#@v1@ synchronizován.\" ends with a full stop: remove it"])
        #expect(merged[1].notes.isEmpty)
    }

    /// Wikipedia's native tree is converted from TranslateWiki's messages, leaving out a broken one:
    /// the native copy's missing string is a note of the broken message, the text to mend.
    @Test func aStringACopyLacksBecauseTheOtherCopysIsBrokenIsANoteOfTheBrokenOne() throws {
        let result = try Self.audit([
            ("Localizations/en.lproj/Localizable.strings", "\"topic\" = \"$1 about this article\";\n\"ok\" = \"OK\";\n"),
            ("Localizations/he.lproj/Localizable.strings", "\"topic\" = \"$ 1 על מאמר זה\";\n\"ok\" = \"אישור\";\n"),
            ("Localizations/qqq.lproj/Localizable.strings", "\"topic\" = \"Subtitle of a new topic; $1 is the user name\";\n"),
            ("Native/en.lproj/Localizable.strings", "\"topic\" = \"%1$@ about this article\";\n\"ok\" = \"OK\";\n"),
            ("Native/he.lproj/Localizable.strings", "\"ok\" = \"אישור\";\n"),
        ])
        #expect(!result.findings.contains { $0.ruleID == "missing-translation" })
        let broken = try #require(result.findings.first { $0.ruleID == "format-count-mismatch" && $0.locale == "he" })
        #expect(broken.location?.file.hasSuffix("Localizations/he.lproj/Localizable.strings") == true)
        #expect(broken.notes.contains { $0.message.hasPrefix("so another copy of this table") && $0.location?.file.hasSuffix("Native/en.lproj/Localizable.strings") == true })
    }

    /// Wikipedia's TranslateWiki tree writes `sr-ec.lproj`, the tree converted from it `sr-EC.lproj`,
    /// and the converted copy lacks one string more (a message its converter left out): one table, one
    /// `locale-incomplete`.
    @Test func aPartialTableInTwoTreesWhoseLocalesDifferInCaseIsOneFinding() throws {
        func rows(_ range: Range<Int>, _ value: (Int) -> String) -> String { range.map { "\"s\($0)\" = \"\(value($0))\";\n" }.joined() }
        let english = rows(0..<40) { "Open book \($0)" }
        let result = try Self.audit([
            ("Localizations/en.lproj/Localizable.strings", english),
            ("Localizations/sr-ec.lproj/Localizable.strings", rows(0..<28) { "Отвори књигу \($0)" }),
            ("Native/en.lproj/Localizable.strings", english),
            ("Native/sr-EC.lproj/Localizable.strings", rows(0..<27) { "Отвори књигу \($0)" }),
        ])
        let incomplete = result.findings.filter { $0.ruleID == "locale-incomplete" }
        #expect(incomplete.count == 1, "\(incomplete.map(\.message))")
        #expect(incomplete.first?.notes.contains { $0.message.hasPrefix("another copy of this table") } == true)
    }

    /// Two trees with a `pt-br.lproj` each: one naming, one finding. A name written in two files'
    /// headers is fixed in each file, and stays two findings.
    @Test func oneFolderNameInTwoTreesIsOneFinding() {
        func finding(_ file: String, _ message: String = "folder name 'pt-br': use 'pt-BR'") -> Finding {
            Finding(ruleID: "locale-not-canonical", severity: .warning, message: message,
                    location: SourceLocation(file: file, line: 1, column: 1), locale: "pt-br")
        }
        let merged = FindingConsolidation.mergeFolderNameCopies([
            finding("Localizations/pt-br.lproj"), finding("Native/pt-br.lproj"), finding("Localizations/zh-hans.lproj", "folder name 'zh-hans': use 'zh-Hans'"),
            finding("a.xliff", "XLIFF target language 'pt-br'"), finding("b.xliff", "XLIFF target language 'pt-br'"),
        ])
        #expect(merged.map(\.location!.file) == ["Localizations/pt-br.lproj", "Localizations/zh-hans.lproj", "a.xliff", "b.xliff"])
        #expect(merged[0].notes.map { "\($0.message) \($0.location!.file)" } == ["the same folder name in another tree Native/pt-br.lproj"])
    }

    /// An Xcode export holds the iOS widget's, the macOS widget's and the app's `Localizable.strings`
    /// as three `<file>`s of one `de.xliff`: one defect of a string they share is one finding.
    @Test func copiesOfATableInOneExportAreOneFinding() {
        func table(_ name: String, lines: [Int]) -> LocalizedTable {
            LocalizedTable(name: name, locale: "de", path: "de.xliff", format: .xliff, entries: lines.map {
                Entry(key: "k\($0)", value: .text("x"), location: SourceLocation(file: "de.xliff", line: $0, column: 7))
            })
        }
        let project = Project(tables: [table("Localizable", lines: [10, 20]), table("Localizable", lines: [30, 40]),
                                       table("InfoPlist", lines: [45]), table("Localizable", lines: [50, 60])],
                              sourceLanguage: "en", sourceLanguageOrigin: .configured)
        func finding(_ line: Int, _ message: String = "\"Widget.\" ends with a full stop: remove it") -> Finding {
            Finding(ruleID: "punctuation-mismatch", severity: .note, message: message,
                    location: SourceLocation(file: "de.xliff", line: line, column: 17), locale: "de", table: "Localizable", key: "widget")
        }
        let merged = FindingConsolidation.mergeTableCopies([finding(12), finding(32), finding(52), finding(14, "another defect")], project: project)
        #expect(merged.map(\.location!.line) == [12, 14])
        #expect(merged[0].notes.map { "\($0.message) \($0.location!.line)" } == ["the same in another copy of this table 32",
                                                                                 "the same in another copy of this table 52"])
        // Two findings in one copy are two defects, as in two files.
        let twice = FindingConsolidation.mergeTableCopies([finding(12), finding(18)], project: project)
        #expect(twice.count == 2)
    }

    @Test func aStringMissingFromBothTreesIsOneFindingThoughOnlyOneTreeReadsItAsALabel() {
        let project = Project(tables: [], sourceLanguage: "en", sourceLanguageOrigin: .configured)
        let findings = [
            Finding(ruleID: "missing-translation", severity: .warning, message: "no es translation",
                    location: SourceLocation(file: "Localizations/en.lproj/Localizable.strings", line: 825, column: 1),
                    locale: "es", table: "Localizable", key: "toc-subheading-label"),
            Finding(ruleID: "a11y-missing", severity: .error, message: "accessibility label has no es translation",
                    location: SourceLocation(file: "Native/en.lproj/Localizable.strings", line: 2474, column: 1),
                    locale: "es", table: "Localizable", key: "toc-subheading-label"),
            Finding(ruleID: "a11y-missing", severity: .error, message: "accessibility label has no fr translation",
                    location: SourceLocation(file: "Native/en.lproj/Localizable.strings", line: 2474, column: 1),
                    locale: "fr", table: "Localizable", key: "toc-subheading-label"),
        ]
        let merged = FindingConsolidation.mergeTableCopies(findings, project: project)
        #expect(merged.map(\.ruleID) == ["missing-translation", "a11y-missing"])
        #expect(merged[0].notes.map(\.message) == ["the same in another copy of this table, worded there: accessibility label has no es translation"])
        #expect(merged[1].locale == "fr")
    }

    @Test func anIllFormedLanguageTagIsOneFindingNotAlsoInvalidXLIFF() {
        let at = SourceLocation(file: "bad.xlf", line: 2, column: 77)
        let findings = [
            Finding(ruleID: "xliff-invalid", severity: .error, message: "srcLang=\"e\" is not a well-formed BCP 47 language tag", location: at),
            Finding(ruleID: "locale-ill-formed", severity: .error, message: "XLIFF source language 'e' is not a BCP 47 language tag", location: at),
            Finding(ruleID: "xliff-invalid", severity: .error, message: "elsewhere", location: SourceLocation(file: "bad.xlf", line: 7, column: 1)),
        ]
        #expect(FindingConsolidation.mergeReaderFindingsAtOnePlace(findings).map(\.ruleID) == ["locale-ill-formed", "xliff-invalid"])
    }

    @Test func localeFoldersSpelledApartByCaseAreCopies() {
        let project = Project(tables: [], sourceLanguage: "en", sourceLanguageOrigin: .configured)
        let findings = ["Localizations/sr-ec.lproj/Localizable.strings", "Native/sr-EC.lproj/Localizable.strings"].enumerated().map { i, file in
            Finding(ruleID: "punctuation-mismatch", severity: .note, message: "\"Откажи\" ends with a full stop",
                    location: SourceLocation(file: file, line: 3, column: 1), locale: i == 0 ? "sr-ec" : "sr-EC", table: "Localizable", key: "cancel")
        }
        let merged = FindingConsolidation.mergeTableCopies(findings, project: project)
        #expect(merged.map(\.locale) == ["sr-ec"])
        #expect(merged[0].notes.map(\.location?.file) == ["Native/sr-EC.lproj/Localizable.strings"])
    }

    @Test func twoComplaintsAboutOneElementAreOneFinding() {
        let here = SourceLocation(file: "bad.xlf", line: 6, column: 13)
        let findings = [
            Finding(ruleID: "xliff-invalid", severity: .error, message: "an isolated <ec> must have id", location: here),
            Finding(ruleID: "xliff-invalid", severity: .error, message: "expected the attribute id on <ec>", location: here),
            Finding(ruleID: "xliff-invalid", severity: .error, message: "elsewhere", location: SourceLocation(file: "bad.xlf", line: 7, column: 1)),
        ]
        let merged = FindingConsolidation.mergeReaderFindingsAtOnePlace(findings)
        #expect(merged.map(\.message) == ["an isolated <ec> must have id", "elsewhere"])
        #expect(merged[0].notes.map(\.message) == ["also here: expected the attribute id on <ec>"])
    }

    @Test func twoCopiesOfALocalesTableAreOneFindingAndOtherTablesStayApart() throws {
        let project = Project(tables: [], sourceLanguage: "en", sourceLanguageOrigin: .configured)
        func incomplete(_ file: String, missing: [String], identical: [String] = []) -> Finding {
            var finding = Finding(ruleID: "locale-incomplete", severity: .warning,
                                  message: "Localizable is translated into af: \(missing.count) strings missing",
                                  location: SourceLocation(file: file, line: 1, column: 1), locale: "af", table: "Localizable")
            finding.keys = missing
            finding.identicalKeys = identical
            return finding
        }
        let keys = (1...681).map { "s\($0)" }
        let findings = [
            incomplete("Localizations/af.lproj/Localizable.strings", missing: keys),
            // The converted tree copied English where TranslateWiki's left two strings out, and lost one.
            incomplete("Native/af.lproj/Localizable.strings", missing: Array(keys[2..<680]), identical: ["s1", "s2"]),
            incomplete("Widget/af.lproj/Localizable.strings", missing: (1...12).map { "w\($0)" }),
            // Two extensions' small tables of one name that lack the same strings: nothing says they are copies.
            incomplete("GpxWidget/af.lproj/Localizable.strings", missing: ["CFBundleName", "CFBundleDisplayName"]),
            incomplete("PhotoShare/af.lproj/Localizable.strings", missing: ["CFBundleName", "CFBundleDisplayName"]),
        ]
        let merged = FindingConsolidation.mergeIncompleteCopies(findings, project: project)
        #expect(merged.map(\.location!.file) == ["Localizations/af.lproj/Localizable.strings", "Widget/af.lproj/Localizable.strings",
                                                 "GpxWidget/af.lproj/Localizable.strings", "PhotoShare/af.lproj/Localizable.strings"])
        #expect(merged[0].notes.map(\.message) == ["another copy of this table: 680 strings show in the source language there"])
    }

    @Test func aNewStateGivesWayToWhatIsWrongWithTheText() {
        let state = SourceLocation(file: "L.xcstrings", line: 40, column: 9)
        let value = SourceLocation(file: "L.xcstrings", line: 41, column: 26)
        let findings = [
            Finding(ruleID: "translation-state", severity: .note, message: "new", location: state, locale: "ar", table: "L", key: "k"),
            Finding(ruleID: "rtl-no-rtl-text", severity: .warning, message: "no rtl", location: value, locale: "ar", table: "L", key: "k"),
            Finding(ruleID: "translation-state", severity: .note, message: "other locale", location: state, locale: "he", table: "L", key: "k"),
            Finding(ruleID: "translation-state", severity: .note, message: "other key", location: state, locale: "ar", table: "L", key: "j"),
        ]
        #expect(FindingConsolidation.dropEntryDominated(findings).map(\.message) == ["no rtl", "other locale", "other key"])
    }

    @Test func aFindingForSeveralLocalesCoversThePlacesItsNotesName() {
        let ja = SourceLocation(file: "ja.xliff", line: 9, column: 17)
        let ko = SourceLocation(file: "ko.xliff", line: 9, column: 17)
        let elsewhere = SourceLocation(file: "ko.xliff", line: 30, column: 17)
        let grouped = Finding(ruleID: "untranslated", severity: .note, message: "kept in 3 languages", location: ja,
                              locale: nil, key: "Color", notes: [Finding.Note(message: "also in ko", location: ko)])
        let findings = [
            grouped,
            Finding(ruleID: "inconsistent-translation", severity: .note, message: "ja", location: ja, locale: "ja", key: "Color"),
            Finding(ruleID: "inconsistent-translation", severity: .note, message: "ko", location: ko, locale: "ko", key: "Color"),
            Finding(ruleID: "inconsistent-translation", severity: .note, message: "other key", location: ko, locale: "ko", key: "Colour"),
            Finding(ruleID: "inconsistent-translation", severity: .note, message: "other place", location: elsewhere, locale: "ko", key: "Color"),
        ]
        #expect(FindingConsolidation.dropDominated(findings).map(\.message) == ["kept in 3 languages", "other key", "other place"])
    }

    static func stringsdict(_ format: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>trackers</key>
        	<dict>
        		<key>NSStringLocalizedFormatKey</key>
        		<string>\(format)</string>
        		<key>count</key>
        		<dict>
        			<key>NSStringFormatSpecTypeKey</key>
        			<string>NSStringPluralRuleType</string>
        			<key>NSStringFormatValueTypeKey</key>
        			<string>d</string>
        			<key>one</key>
        			<string>%d tracker</string>
        			<key>other</key>
        			<string>%d trackers</string>
        		</dict>
        	</dict>
        </dict>
        </plist>

        """
    }

    @Test func aSourceDefectCopiedIntoTranslationsIsReportedOnceAtTheSource() throws {
        var files = [("en.lproj/Localizable.stringsdict", Self.stringsdict("%1#@count@"))]
        for locale in ["de", "fr", "nl"] { files.append(("\(locale).lproj/Localizable.stringsdict", Self.stringsdict("%1#@count@"))) }
        // Italian has a defect of its own: kept.
        files.append(("it.lproj/Localizable.stringsdict", Self.stringsdict("%#@cont@")))
        let result = try Self.audit(files)
        let references = result.findings.filter { $0.ruleID == "plural-variable-reference" }
        let atSource = references.filter { $0.locale == "en" }
        #expect(!atSource.isEmpty)
        #expect(!references.contains { ["de", "fr", "nl"].contains($0.locale ?? "") })
        #expect(references.contains { $0.locale == "it" })
        let first = try #require(atSource.first)
        #expect(first.message.hasSuffix("3 translations copy it: fix the source, then each of them"))
        #expect(first.notes.contains { $0.message == "copied into de, fr, nl" })
    }

    @Test func anUndeclaredLocaleGetsOneFindingNotOnePerString() throws {
        let project = """
            { objects = { 1A = { isa = PBXProject; developmentRegion = en; knownRegions = (en, Base, de); }; }; }

            """
        let en = (1...4).map { "\"s\($0)\" = \"Open book \($0)\";\n" }.joined()
        let result = try Self.audit([("App.xcodeproj/project.pbxproj", project),
                                     ("en.lproj/Localizable.strings", en),
                                     ("de.lproj/Localizable.strings", en.replacingOccurrences(of: "Open book", with: "Buch öffnen")),
                                     ("pl.lproj/Localizable.strings", "\"s1\" = \"Otwórz książkę 1\";\n")])
        #expect(!result.findings.contains { $0.locale == "pl" && $0.ruleID == "missing-translation" })
        let undeclared = try #require(result.findings.first { $0.ruleID == "app-locale-undeclared" })
        #expect(undeclared.notes.contains { $0.message.hasPrefix("3 findings about its missing or untranslated strings") })
    }

    /// A partial locale's table is one finding at the catalog, however many exports repeat it.
    @Test func aPartialTableAndItsExportGiveOneLocaleIncomplete() throws {
        let keys = (1...12).map { "Item \($0)" }
        let entries = keys.enumerated().map { i, key in
            i == 0 ? "\"\(key)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Eintrag\" } } } }"
                   : "\"\(key)\" : { }"
        }.joined(separator: ",\n")
        let catalog = "{\n\"sourceLanguage\" : \"en\",\n\"strings\" : {\n\(entries)\n},\n\"version\" : \"1.0\"\n}\n"
        let units = keys.enumerated().map { i, key in
            "<trans-unit id=\"\(key)\" xml:space=\"preserve\"><source>\(key)</source>\(i == 0 ? "<target state=\"translated\">Eintrag</target>" : "")</trans-unit>"
        }.joined(separator: "\n")
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="Reader/Reader.xcstrings" source-language="en" target-language="de" datatype="plaintext"><body>
            \(units)
            </body></file></xliff>

            """
        // fr is in no localization of the catalog, only in its export: the catalog is still where it goes.
        let frenchExport = export.replacingOccurrences(of: "target-language=\"de\"", with: "target-language=\"fr\"")
            .replacingOccurrences(of: "<target state=\"translated\">Eintrag</target>", with: "")
        let result = try Self.audit([("Reader/Reader.xcstrings", catalog), ("Export/de.xcloc/Localized Contents/de.xliff", export),
                                     ("Export/fr.xcloc/Localized Contents/fr.xliff", frenchExport)])
        let incomplete = result.findings.filter { $0.ruleID == "locale-incomplete" }
        #expect(incomplete.map(\.locale) == ["fr", "de"])
        for (finding, export) in zip(incomplete, ["fr.xliff", "de.xliff"]) {
            #expect(finding.location?.file.hasSuffix("Reader/Reader.xcstrings") == true)
            #expect(finding.notes.contains { $0.location?.file.hasSuffix(export) == true })
        }
        #expect(incomplete.first?.location?.line == 4)  // "Item 1", the first string fr lacks
    }
}
