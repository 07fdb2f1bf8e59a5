import Testing
@testable import LocaleAudit

@Suite("TextFolding")
struct TextFoldingTests {
    @Test func foldIgnoresCaseAndAccents() throws {
        #expect(try TextFolding.fold("Crème Brûlée") == "creme brulee")
        #expect(try TextFolding.fold("Straße") == "strasse")
        #expect(try TextFolding.fold("ÅNGSTRÖM") == "angstrom")
        #expect(try TextFolding.fold("Москва́") == "москва")
        #expect(try TextFolding.fold("") == "")
    }

    @Test func primaryStrengthSearch() throws {
        #expect(try TextFolding.contains("Welcome to Zürich!", "zurich"))
        #expect(try TextFolding.contains("CAFÉ au lait", "café", locale: "fr"))
        #expect(try !TextFolding.contains("Welcome", "zurich"))
        #expect(try TextFolding.range(of: "zurich", in: "Go to Zürich") == 6..<12)
        #expect(try !TextFolding.contains("", "a"))
    }

    @Test func chineseVariants() throws {
        let variants = try ChineseScriptVariants()
        #expect(try variants.traditionalOnly(in: "這個軟體") == ["這", "個", "軟", "體"])
        #expect(try variants.simplifiedOnly(in: "这个软件") == ["这", "个", "软"])
        #expect(try variants.traditionalOnly(in: "这个软件").isEmpty)
        #expect(try variants.simplifiedOnly(in: "Hello 中文").isEmpty)
        #expect(try Transliteration(id: "Hans-Hant").apply("简体中文") == "簡體中文")
        // Built from its rules, the reverse direction of the same data: context-dependent mappings hold.
        #expect(try Transliteration(id: "Hant-Hans").apply("電腦軟體，頭髮") == "电脑软体，头发")
        #expect(try Transliteration(id: "Hans-Hant").apply("头发后来") == "頭髮後來")
        // A transliterator that is not rule-based data opens through ICU's registry.
        #expect(try Transliteration(id: "Any-Latin").apply("Ελληνικά") == "Ellēniká")
    }
}
