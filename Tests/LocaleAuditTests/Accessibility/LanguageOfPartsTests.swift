import Foundation
import Testing
@testable import LocaleAudit

@Suite struct LanguageOfPartsTests {
    static let landmark = "Москва Arc de Triomphe 東京"

    @Test func localeScriptsComeFromICU() throws {
        #expect(LanguageOfParts.scripts(of: "ja") == [.hiragana, .katakana, .han])
        #expect(LanguageOfParts.scripts(of: "ko") == [.hangul, .han])
        #expect(LanguageOfParts.scripts(of: "sr-Latn") == [.latin])
        #expect(LanguageOfParts.scripts(of: "ru") == [.cyrillic])
        #expect(LanguageOfParts.scripts(of: "zh-Hant")?.contains(.han) == true)
        // Likely subtags fill in what ICU's locale data lacks, and TranslateWiki's sr-el is Latin.
        #expect(LanguageOfParts.scripts(of: "yi")?.contains(.hebrew) == true)
        #expect(LanguageOfParts.scripts(of: "sr-el") == [.latin])
    }

    @Test func landmarkRangesAreExact() {
        let analysis = LanguageOfParts().analyze(Self.landmark, locale: "ru", scripts: [.cyrillic])
        #expect(analysis.hasNativeLetters)
        #expect(analysis.ranges.map { [$0.location, $0.length] } == [[7, 15], [23, 2]])
        #expect(analysis.ranges.map(\.language) == ["en", "zh"])
        #expect(analysis.ranges.map(\.script) == ["Latn", "Hani"])
        #expect(analysis.ranges.map(\.text) == ["Arc de Triomphe", "東京"])
    }

    @Test func placeholdersURLsNumbersAndAcronymsAreIgnored() {
        let parts = LanguageOfParts()
        let text = "Откройте %@ на https://example.com или напишите help@example.com: 42 MB, VPN, $1 ${appName}"
        #expect(parts.analyze(text, locale: "ru", scripts: [.cyrillic]).ranges.isEmpty)
        #expect(parts.analyze("{{PLURAL:$1|статья|статьи}}", locale: "ru", scripts: [.cyrillic]).ranges.isEmpty)
        // Language codes and identifiers cannot be pronounced in any language.
        #expect(parts.analyze("마카오 번체 (zh-mo), 크림 타타르어 (crh-cyrl)", locale: "ko", scripts: [.hangul, .han]).ranges.isEmpty)
    }

    /// A URL template broken apart by spaces is no phrase; words beside it still are.
    @Test func addressPatternsAreNoPhrase() {
        #expect(LanguageOfParts.isAddressPattern("a, b, c} .tile.org/{z}/{x}/{y} .png"))
        #expect(LanguageOfParts.isAddressPattern("example.com/{id} .json"))
        #expect(!LanguageOfParts.isAddressPattern("Open Data Commons"))
        #expect(!LanguageOfParts.isAddressPattern("Go to Settings/Privacy"))
        #expect(!LanguageOfParts.isAddressPattern("a b c"))
        // Nothing of an address at all: turned away before the words are split.
        #expect(!LanguageOfParts.isAddressPattern("Open Street Map contributors"))
        #expect(LanguageOfParts.isAddressPattern(".png"))
        let analysis = LanguageOfParts().analyze("http: // {சுவிட்ச்: a, b, c} .tile.org/{z}/{x}/{y} .png", locale: "ta",
                                                 scripts: LanguageOfParts.scripts(of: "ta") ?? [])
        #expect(!analysis.ranges.contains { $0.text.contains("tile.org") }, "\(analysis.ranges.map(\.text))")
    }

    @Test func utf16OffsetsCountSurrogatePairs() {
        // 😀 is two UTF-16 units, so the Latin run starts at 8, not 7.
        let analysis = LanguageOfParts().analyze("Привет 😀 Paris", locale: "ru", scripts: [.cyrillic])
        #expect(analysis.ranges.map { [$0.location, $0.length] } == [[10, 5]])
    }

    @Test func neverTagTermsAndTermLanguages() {
        let silenced = LanguageOfParts(neverTag: ["DuckDuckGo"]).analyze("Откройте DuckDuckGo", locale: "ru", scripts: [.cyrillic])
        #expect(silenced.ranges.isEmpty)
        // Japanese writes no space after a name: the script change is the word boundary.
        let japanese = LanguageOfParts(neverTag: ["Bookshelf"]).analyze("Bookshelfは本のバーコードを読み取ります", locale: "ja", scripts: [.han, .hiragana, .katakana])
        #expect(japanese.ranges.isEmpty)
        #expect(LanguageOfParts(neverTag: ["Book"]).analyze("Откройте Bookshelf", locale: "ru", scripts: [.cyrillic]).ranges.map(\.text) == ["Bookshelf"])
        let terms = LanguageOfParts(terms: [TermLanguage(parsing: "Arc de Triomphe=fr-FR")!])
        let ru = terms.analyze(Self.landmark, locale: "ru", scripts: [.cyrillic])
        #expect(ru.ranges.map { "\($0.location),\($0.length),\($0.language)" } == ["7,15,fr-FR", "23,2,zh"])
        // In a German string the script says nothing; the term still needs French.
        let de = terms.analyze("Der Arc de Triomphe in Paris", locale: "de", scripts: [.latin])
        #expect(de.ranges.map { "\($0.location),\($0.length),\($0.language)" } == ["4,15,fr-FR"])
        // Not in French strings.
        #expect(terms.analyze("L'Arc de Triomphe", locale: "fr-CA", scripts: [.latin]).ranges.isEmpty)
        #expect(TermLanguage(parsing: "no language") == nil)
    }

    @Test func namesAreNotesAndPhrasesWarnings() {
        let parts = LanguageOfParts()
        let brand = parts.analyze("Включите Duck Player", locale: "ru", scripts: [.cyrillic]).ranges
        #expect(brand.count == 1 && brand[0].isNameLike)
        let phrase = parts.analyze(Self.landmark, locale: "ru", scripts: [.cyrillic]).ranges
        #expect(phrase.map(\.isNameLike) == [false, false])
        // An emoji after a name is trimmed off; a list of names stays a name.
        let fire = parts.analyze("кнопкой Fire Button 🔥.", locale: "ru", scripts: [.cyrillic]).ranges
        #expect(fire.map(\.text) == ["Fire Button"])
        #expect(fire.map { [$0.location, $0.length] } == [[8, 11]])
        let ids = parts.analyze("Если работает Touch ID, Face ID или код", locale: "ru", scripts: [.cyrillic]).ranges
        #expect(ids.map(\.text) == ["Touch ID, Face ID"] && ids[0].isNameLike)
        // Single letters given as examples are not words.
        #expect(parts.analyze("文字の発音記号を無視して検索（例: ö = o）", locale: "ja", scripts: [.han, .hiragana, .katakana]).ranges.isEmpty)
    }

    static func sampleApp() -> String { TestPaths.fixtures.appendingPathComponent("SampleApp").path }

    @Test func checkFindingsCarryTheRangesAndASnippet() {
        let result = Auditor.audit(paths: [Self.sampleApp()], options: AuditOptions(workers: 2))
        let findings = result.findings.filter { $0.ruleID == "language-of-parts" && $0.key == "map.landmark" && $0.locale == "ru" }
        // Two parts of one string are one defect: one finding lists both ranges.
        #expect(findings.count == 1)
        // The Arabic string has the French phrase alone, at its own offset.
        #expect(result.findings.contains { $0.ruleID == "language-of-parts" && $0.locale == "ar" && $0.message.contains("{8, 15}") })
        #expect(findings.allSatisfy { $0.message.contains("{7, 15} (\"en\")") && $0.message.contains("{23, 2} (\"zh\")") })
        #expect(findings.allSatisfy { $0.severity == .warning && $0.locale == "ru" })
        #expect(findings.first?.speechRange?.location == 7)
        let snippet = findings.first?.notes.first?.message ?? ""
        #expect(snippet.contains("value: \"en\", range: NSRange(location: 7, length: 15)"))
        #expect(snippet.contains("value: \"zh\", range: NSRange(location: 23, length: 2)"))
    }

    @Test func speechRangesExportMatchesCheck() throws {
        let loaded = Auditor.load(paths: [Self.sampleApp()])
        let entries = SpeechRangeExport.entries(in: loaded.project, options: AuditOptions())
        let landmark = try #require(entries.first { $0.locale == "ru" && $0.key == "map.landmark" })
        #expect(landmark.table == "Localizable")
        #expect(landmark.text == Self.landmark)
        #expect(landmark.ranges.map { "\($0.location),\($0.length),\($0.language),\($0.script)" } == ["7,15,en,Latn", "23,2,zh,Hani"])
        let json = SpeechRangeExport.json(entries)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(decoded["version"] as? Int == 1)
        let decodedEntries = try #require(decoded["entries"] as? [[String: Any]])
        let ru = try #require(decodedEntries.first { $0["key"] as? String == "map.landmark" && $0["locale"] as? String == "ru" })
        let ranges = try #require(ru["ranges"] as? [[String: Any]])
        #expect(ranges.map { $0["location"] as? Int } == [7, 23])
        #expect(ranges.map { $0["length"] as? Int } == [15, 2])
        // Deterministic order: by locale, table, key, text.
        let order = entries.map { [$0.locale, $0.table, $0.key, $0.text] }
        #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(json == SpeechRangeExport.json(SpeechRangeExport.entries(in: loaded.project, options: AuditOptions(workers: 1))))
    }

    @Test func chineseVariantsAllowCharactersBothScriptsUse() {
        #expect(ChineseScriptMixRule.variant(of: "zh-Hans") == "Hans")
        #expect(ChineseScriptMixRule.variant(of: "zh-TW") == "Hant")
        #expect(ChineseScriptMixRule.variant(of: "zh_HK") == "Hant")
        #expect(ChineseScriptMixRule.variant(of: "ja") == nil)
        #expect(ChineseScriptMixRule.validInSimplified.contains("著"))
        #expect(ChineseScriptMixRule.validInTraditional.contains("后"))
    }

    /// A permission prompt is shown by the system, which takes no speech language: a note to translate
    /// the run, without the Swift snippet an app string gets.
    @Test func aRunInASystemPromptIsANoteToTranslateIt() throws {
        let scratch = try Scratch("lop-infoplist")
        defer { scratch.remove() }
        try scratch.write("en.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"Your location finds a Point of Interest near you.\";\n")
        try scratch.write("ja.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"位置情報を使って近くの Point of Interest を探します。\";\n")
        try scratch.write("en.lproj/Localizable.strings", "\"poi\" = \"Your location finds a Point of Interest near you.\";\n")
        try scratch.write("ja.lproj/Localizable.strings", "\"poi\" = \"位置情報を使って近くの Point of Interest を探します。\";\n")
        let found = Auditor.audit(paths: [scratch.path]).findings.filter { $0.ruleID == "language-of-parts" }
        let prompt = try #require(found.first { $0.key == "NSLocationWhenInUseUsageDescription" })
        #expect(prompt.severity == .note && prompt.notes.isEmpty && prompt.message.contains("no speech language can be set"))
        let app = try #require(found.first { $0.key == "poi" })
        #expect(app.severity == .warning && app.notes.contains { $0.message.hasPrefix("Swift:") })
        // Nor does `speech-ranges` export the prompt's range: the app has nothing to set it on.
        let exported = SpeechRangeExport.entries(in: Auditor.load(paths: [scratch.path]).project, options: AuditOptions())
        #expect(exported.map(\.key) == ["poi"])
    }

    /// The characters of a variant's name before its bracketed tag, and only those.
    @Test func variantNamesBeforeTheirTagsAreFound() {
        func named(_ text: String) -> String {
            let scalars = Array(text.unicodeScalars)
            let names = ChineseScriptMixRule.variantNames(scalars)
            return String(String.UnicodeScalarView(scalars.indices.filter(names.contains).map { scalars[$0] }))
        }
        #expect(named("支援下列變體：\n简体（zh-hans）\n香港繁體 (zh-hk)") == "简体香港繁體")
        #expect(named("贛語 原文 Gan (gan)\n赣语 简体 Gan, Simplified (gan-hans)") == "贛語原文赣语简体")
        // A sentence is no name; a bracket without a tag is no tag.
        #expect(named("請先安裝中文語言套件（zh）再繼續") == "")
        #expect(named("简体（简称）") == "")
        #expect(named("") == "")
    }
}
