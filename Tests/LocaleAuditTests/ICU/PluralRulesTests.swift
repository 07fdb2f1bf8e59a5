import Testing
@testable import LocaleAudit

@Suite("PluralRules")
struct PluralRulesTests {
    @Test func categoriesInCLDROrder() throws {
        #expect(try PluralRules(locale: "ru").categories == [.one, .few, .many, .other])
        #expect(try PluralRules(locale: "ar").categories == [.zero, .one, .two, .few, .many, .other])
        #expect(try PluralRules(locale: "en").categories == [.one, .other])
        #expect(try PluralRules(locale: "ja").categories == [.other])
        #expect(try PluralRules(locale: "fr").categories == [.one, .many, .other])
        #expect(try PluralRules(locale: "en", type: .ordinal).categories == [.one, .two, .few, .other])
    }

    @Test func localeDataIsTheRuleTextBeyondTheRootsOther() throws {
        #expect(!PluralRules.holdsLocaleData("other:") && !PluralRules.holdsLocaleData("other: \n \n"))
        #expect(PluralRules.holdsLocaleData("one: i = 1 and v = 0\nother:"))
        for locale in ["ru", "en", "ja", "ar"] {
            let rules = try PluralRules(locale: locale)
            #expect(rules.hasLocaleData == PluralRules.holdsLocaleData(rules.ruleText))
        }
        #expect(try PluralRules(locale: "ru").hasLocaleData)
    }

    @Test func integerSelection() throws {
        let ru = try PluralRules(locale: "ru")
        #expect([1, 21, 101].map(ru.category(for:)) == [.one, .one, .one])
        #expect([2, 3, 22].map(ru.category(for:)) == [.few, .few, .few])
        #expect([0, 5, 11, 12, 111].map(ru.category(for:)) == [.many, .many, .many, .many, .many])
        let fr = try PluralRules(locale: "fr")
        #expect(fr.category(for: 0) == .one)
        #expect(fr.category(for: 1_000_000) == .many)
        #expect(fr.category(for: 1_000_001) == .other)
        let enOrdinal = try PluralRules(locale: "en", type: .ordinal)
        #expect([1, 2, 3, 4, 11, 22].map(enOrdinal.category(for:)) == [.one, .two, .few, .other, .other, .two])
    }

    /// The small numbers come from one table call; each must read as ICU reads the number written out.
    @Test(arguments: ["ru", "ar", "cy", "fr", "pl", "lt", "ga", "sl", "mt", "he", "en", "ja"])
    func smallIntegerTableAgreesWithEachNumberAskedAlone(locale: String) throws {
        for type in [PluralRuleType.cardinal, .ordinal] {
            let rules = try PluralRules(locale: locale, type: type)
            let table = rules.smallIntegerCategories
            #expect(table.count == 1001)
            for n in 0...1000 {
                #expect(table[n] == (try rules.category(forDecimal: String(n))), "\(locale) \(type) \(n)")
            }
        }
    }

    @Test func decimalsCountVisibleFractionDigits() throws {
        let en = try PluralRules(locale: "en")
        #expect(try en.category(forDecimal: "1") == .one)
        #expect(try en.category(forDecimal: "1.0") == .other)
        #expect(try en.category(forDecimal: "1.50") == .other)
        let ru = try PluralRules(locale: "ru")
        #expect(try ru.category(forDecimal: "1.5") == .other)
        #expect(try ru.category(forDecimal: "21") == .one)
        #expect(throws: ICUError.self) { try en.category(forDecimal: "one") }
    }

    @Test func samplesFromCLDR() throws {
        let ru = try PluralRules(locale: "ru")
        let one = ru.samples(for: .one)
        #expect(one.plainIntegers.starts(with: [1, 21, 31, 41, 51, 61, 71, 81, 101, 1001]))
        #expect(one.integersContinue)
        #expect(ru.samples(for: .other).integers.isEmpty)
        #expect(!ru.samples(for: .other).decimals.isEmpty)
        #expect(ru.isDecimalOnly(.other))
        #expect(!ru.isDecimalOnly(.many))
        #expect(ru.samples(for: .zero).integers.isEmpty) // unused category
        #expect(!ru.isDecimalOnly(.zero))
    }

    @Test func frenchManyTakesPlainMillions() throws {
        for locale in ["fr", "es", "it", "pt"] {
            let rules = try PluralRules(locale: locale)
            let many = rules.samples(for: .many)
            #expect(many.plainIntegers == [1_000_000], "\(locale)")
            #expect(many.integers.contains { $0.usesCompactExponent }, "\(locale)")
            #expect(!rules.isDecimalOnly(.many), "\(locale)")
            #expect(rules.appliesToPlainIntegers(.many), "\(locale)")
            #expect(rules.category(for: 2_000_000) == .many, "\(locale)")
        }
        #expect(try !PluralRules(locale: "ru").appliesToPlainIntegers(.other))
    }

    @Test func exampleTextCollapsesRuns() throws {
        let ru = try PluralRules(locale: "ru")
        #expect(ru.exampleText(for: .many) == "0, 5–19, 100, 1000, 10000, 100000, …")
        #expect(ru.exampleText(for: .one) == "1, 21, 31, 41, 51, 61, …")
        #expect(try PluralRules(locale: "en").exampleText(for: .one) == "1")
        #expect(ru.exampleText(for: .other).hasPrefix("0.0–1.5"))
        #expect(PluralRules.collapse([5, 1, 2, 3, 7, 8]) == ["1–3", "5", "7", "8"])
    }

    @Test func multipleIntegers() throws {
        #expect(try PluralRules(locale: "ru").coversMultipleIntegers(.one))
        #expect(try !PluralRules(locale: "en").coversMultipleIntegers(.one))
        #expect(try !PluralRules(locale: "en").coversMultipleIntegers(.zero))
        #expect(try PluralRules(locale: "fr").coversMultipleIntegers(.one)) // 0 and 1
    }

    @Test func regionalAndScriptLocalesFallBack() throws {
        #expect(try PluralRules(locale: "pt-BR").categories == [.one, .many, .other])
        #expect(try PluralRules(locale: "pt-PT").category(for: 0) == .other)
        #expect(try PluralRules(locale: "pt-BR").category(for: 0) == .one)
        #expect(try PluralRules(locale: "sr-Latn").categories == [.one, .few, .other])
        #expect(try PluralRules(locale: "zh-Hant-TW").samples(for: .other).plainIntegers.first == 0)
    }
}

@Suite("PluralRulesConsistency")
struct PluralRulesConsistencyTests {
    /// The samples come from CLDR's rule text, found by our own locale fallback; ICU's selection must
    /// agree with them, or the fallback picked the wrong rule set.
    @Test(arguments: ["en", "fr", "pt-PT", "pt-BR", "ru", "uk", "pl", "cs", "ar", "he", "cy", "ga", "lv", "lt",
                      "sl", "mt", "br", "gd", "ja", "zh-Hant-TW", "sr-Latn", "be", "is", "mk", "da", "fil",
                      "es-419", "de-CH", "tzm", "ksh", "xx"])
    func samplesAgreeWithICUSelection(locale: String) throws {
        for type in [PluralRuleType.cardinal, .ordinal] {
            let rules = try PluralRules(locale: locale, type: type)
            let described = Set(PluralRules.parseSamples(rules.ruleText).keys)
            #expect(described == Set(rules.categories), "\(locale) \(type)")
            for category in rules.categories {
                let samples = rules.samples(for: category)
                for value in samples.plainIntegers.prefix(40) {
                    #expect(rules.category(for: value) == category, "\(locale) \(type) \(value)")
                }
                for sample in samples.decimals.prefix(10) where !sample.usesCompactExponent {
                    #expect(try rules.category(forDecimal: sample.lowerBound) == category,
                            "\(locale) \(type) \(sample.lowerBound)")
                }
            }
        }
    }
}
