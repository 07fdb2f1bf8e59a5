import Foundation
import Testing
@testable import LocaleAudit

/// BCP 47 verdicts: well-formed, valid, and the canonical replacement (nil when already canonical).
@Suite struct LocaleIdentifierRulesTests {
    enum Expect: Sendable, CustomStringConvertible {
        case illFormed
        case invalid
        case canonical
        case replace(String)
        var description: String {
            switch self {
            case .illFormed: return "ill-formed"
            case .invalid: return "invalid"
            case .canonical: return "canonical"
            case .replace(let r): return "→ \(r)"
            }
        }
    }

    static let table: [(String, Expect)] = [
        // RFC 5646 Appendix A: simple language, script, extlang, region, variants, private use, extensions.
        ("de", .canonical), ("fr", .canonical), ("ja", .canonical), ("i-enochian", .canonical),
        ("zh-Hant", .canonical), ("zh-Hans", .canonical), ("sr-Cyrl", .canonical), ("sr-Latn", .canonical),
        ("zh-cmn-Hans-CN", .replace("zh-Hans-CN")), ("cmn-Hans-CN", .replace("zh-Hans-CN")),
        ("zh-yue-HK", .replace("yue-HK")), ("yue-HK", .canonical),
        ("zh-Hans-CN", .canonical), ("sr-Latn-RS", .canonical),
        ("sl-rozaj", .canonical), ("sl-rozaj-biske", .canonical), ("sl-nedis", .canonical),
        ("de-CH-1901", .canonical), ("sl-IT-nedis", .canonical), ("hy-Latn-IT-arevela", .replace("hy-Latn-IT")),
        ("de-DE", .canonical), ("en-US", .canonical), ("es-419", .canonical),
        ("de-CH-x-phonebk", .canonical), ("az-Arab-x-AZE-derbend", .canonical), ("x-whatever", .canonical),
        ("qaa-Qaaa-QM-x-southern", .canonical), ("de-Qaaa", .canonical), ("sr-Latn-QM", .canonical), ("sr-Qaaa-RS", .canonical),
        ("en-US-u-islamcal", .canonical), ("zh-CN-a-myext-x-private", .invalid), ("en-a-myext-b-another", .invalid),
        ("de-419-DE", .illFormed), ("a-DE", .illFormed), ("ar-a-aaa-b-bbb-a-ccc", .illFormed),
        // Deprecated and legacy codes, withdrawn regions.
        ("iw", .replace("he")), ("in", .replace("id")), ("ji", .replace("yi")), ("no", .replace("nb")),
        ("no-NO", .replace("nb-NO")), ("tl", .replace("fil")), ("mo", .replace("ro")), ("sh", .replace("sr-Latn")),
        ("sr-CS", .replace("sr-RS")), ("sr-Latn-YU", .replace("sr-Latn-RS")), ("de-DD", .replace("de-DE")),
        ("sr-Qaai", .replace("sr-Zinh")),
        // Grandfathered tags.
        ("i-klingon", .replace("tlh")), ("zh-min-nan", .replace("nan")), ("art-lojban", .replace("jbo")),
        ("en-GB-oed", .replace("en-GB-oxendict")), ("no-bok", .replace("nb")),
        // Separators, case and Apple conventions.
        ("pt_BR", .replace("pt-BR")), ("pt-br", .replace("pt-BR")), ("zh-hans", .replace("zh-Hans")),
        ("zh_CN", .replace("zh-Hans")), ("zh_TW", .replace("zh-Hant")), ("zh-CN", .replace("zh-Hans")),
        ("zh_HK", .replace("zh-HK")), ("zh-HK", .canonical), ("zh-Hant-HK", .canonical),
        ("Base", .canonical), ("mul", .canonical), ("base", .replace("Base")), ("English", .replace("en")),
        ("en-GB", .canonical), ("nb-NO", .canonical), ("ars", .canonical), ("fil", .canonical),
        // TranslateWiki (Wikipedia) codes.
        ("sr-ec", .replace("sr-Cyrl")), ("sr-EC", .replace("sr-Cyrl")), ("sr-el", .replace("sr-Latn")),
        ("be-tarask", .canonical), ("gom-latn", .replace("gom-Latn")), ("ku-latn", .replace("ku-Latn")),
        ("skr-arab", .replace("skr-Arab")), ("tg-cyrl", .replace("tg-Cyrl")), ("en-gb", .replace("en-GB")),
        ("nqo", .canonical), ("azb", .canonical), ("bgn", .canonical), ("qqq", .canonical), ("und", .canonical),
        // Typos and other mistakes.
        ("en--US", .illFormed), ("en_", .illFormed), ("pt BR", .illFormed), ("", .illFormed), ("toolongsubtag", .illFormed),
        ("jp", .invalid), ("eng", .invalid), ("en-UK", .invalid), ("en-u-ca-bogus", .invalid), ("en-u-ca-gregory", .canonical),
    ]

    @Test func tableHasAtLeastSixtyTags() {
        #expect(Self.table.count >= 60)
        #expect(Set(Self.table.map(\.0)).count == Self.table.count, "a tag is listed twice")
    }

    @Test(arguments: table)
    func verdict(_ tag: String, _ expected: Expect) {
        let verdict = LocaleIdentifierCheck.verdict(for: tag)
        switch expected {
        case .illFormed:
            #expect(!verdict.isWellFormed, "\(tag) should be ill-formed")
        case .invalid:
            #expect(verdict.isWellFormed && !verdict.isValid, "\(tag) should be well-formed but invalid: \(verdict)")
        case .canonical:
            #expect(verdict.isCanonical, "\(tag) should be canonical: \(verdict)")
        case .replace(let replacement):
            #expect(verdict.isValid && verdict.replacement == replacement, "\(tag) should become \(replacement): \(verdict)")
            #expect(!verdict.reasons.isEmpty, "\(tag): a replacement needs a reason")
        }
    }

    @Test func messagesNameReplacementAndReason() {
        #expect(LocaleIdentifierCheck.verdict(for: "iw").reasons == ["'iw' is deprecated; use 'he' (Hebrew)"])
        #expect(LocaleIdentifierCheck.verdict(for: "sr-ec").reasons[0].contains("Ecuador"))
        #expect(LocaleIdentifierCheck.verdict(for: "sr-el").reasons[0].contains("Greece"))
        #expect(LocaleIdentifierCheck.verdict(for: "pt-br").reasons[0].contains("'br' → 'BR'"))
        #expect(LocaleIdentifierCheck.verdict(for: "sr-CS").reasons[0].contains("'RS' or 'ME'"))
        #expect(LocaleIdentifierCheck.verdict(for: "qqq").specialUse?.contains("documentation") == true)
        #expect(LocaleIdentifierCheck.verdict(for: "und").specialUse?.contains("undetermined") == true)
        #expect(LocaleIdentifierCheck.verdict(for: "cmn").onlyMacrolanguage)
        #expect(!LocaleIdentifierCheck.verdict(for: "iw").onlyMacrolanguage)
    }

    @Test func rightToLeftLocales() {
        for rtl in ["ar", "ars", "azb", "bgn", "ckb", "fa", "he", "iw", "nqo", "ps", "sd", "skr-arab", "ur", "yi"] {
            #expect(LocaleIdentifierCheck.isRightToLeft(rtl), "\(rtl) is right to left")
        }
        for ltr in ["en", "de", "az", "ku-latn", "sr-ec", "ja", "pt_BR", "en--US"] {
            #expect(!LocaleIdentifierCheck.isRightToLeft(ltr), "\(ltr) is left to right")
        }
    }

    @Test func configuredSourceLanguageIsChecked() throws {
        let root = try TestPaths.makeTemporaryDirectory("configured-source")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("iw.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("\"a\" = \"ב\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(sourceLanguage: "iw", workers: 1))
        let findings = result.findings.filter { $0.ruleID == "locale-not-canonical" }
        #expect(findings.count == 2)
        #expect(findings.contains { $0.location == nil && $0.message.hasPrefix("configured source language 'iw': use 'he'") })
    }

    @Test func oneSpellingInManyFilesIsOneFindingWithEveryPlaceAsANote() throws {
        let root = try TestPaths.makeTemporaryDirectory("same-spelling")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a", "b", "c"] {
            let xliff = """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="\(name).strings" source-language="en" target-language="de-de" datatype="plaintext">
                    <body><trans-unit id="cancel"><source>Cancel</source><target>Abbrechen</target></trans-unit></body>
                  </file>
                </xliff>

                """
            try Data(xliff.utf8).write(to: root.appendingPathComponent("\(name).xliff"))
        }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1))
        let findings = result.findings.filter { $0.ruleID == "locale-not-canonical" }
        #expect(findings.count == 1)
        #expect(findings.first?.message == "XLIFF target language 'de-de' is valid (BCP 47 ignores case) but conventionally written 'de-DE' (in 3 files)")
        #expect(findings.first?.notes.filter { $0.message == "also written so here" }.compactMap(\.location?.file).map { ($0 as NSString).lastPathComponent }
                == ["b.xliff", "c.xliff"])
    }

    @Test func wikipediaFolderVerdicts() throws {
        guard TestPaths.corpusIsPresent else {
            print(TestPaths.corpusAbsentMessage)
            return
        }
        let path = TestPaths.corpus.appendingPathComponent("wikimedia+wikipedia-ios/Wikipedia").path
        let ids: Set<String> = ["locale-ill-formed", "locale-invalid", "locale-not-canonical", "locale-special-use", "locale-case-collision"]
        let result = Auditor.audit(paths: [path], options: AuditOptions(workers: 2))
        let findings = result.findings.filter { ids.contains($0.ruleID) }
        func messages(_ rule: String, _ folder: String) -> [String] {
            findings.filter { $0.ruleID == rule && $0.location?.file.hasSuffix("/\(folder).lproj") == true }.map(\.message)
        }
        #expect(messages("locale-not-canonical", "tl").allSatisfy { $0.contains("use 'fil'") })
        // Both trees have a tl.lproj: one naming, one finding, the other tree's folder its note.
        #expect(messages("locale-not-canonical", "tl").count == 1)
        #expect(findings.first { $0.ruleID == "locale-not-canonical" && $0.locale == "tl" }?.notes
                    .map(\.message) == ["the same folder name in another tree"])
        #expect(messages("locale-not-canonical", "zh-hans").allSatisfy { $0.contains("use 'zh-Hans'") })
        #expect(messages("locale-not-canonical", "pt-br").allSatisfy { $0.contains("use 'pt-BR'") })
        #expect(messages("locale-not-canonical", "sr-ec").first?.contains("use 'sr-Cyrl'") == true)
        #expect(messages("locale-not-canonical", "sr-EC").first?.contains("Ecuador") == true)
        #expect(messages("locale-case-collision", "sr-EC").first?.contains("'sr-ec'") == true)
        #expect(messages("locale-special-use", "qqq").first?.contains("documentation") == true)
        #expect(messages("locale-not-canonical", "be-tarask").isEmpty && messages("locale-invalid", "be-tarask").isEmpty)
        #expect(findings.filter { $0.ruleID == "locale-invalid" || $0.ruleID == "locale-ill-formed" }.isEmpty,
                "every Wikipedia folder name is a valid tag: \(findings.filter { $0.ruleID == "locale-invalid" }.map(\.message))")
    }
}
