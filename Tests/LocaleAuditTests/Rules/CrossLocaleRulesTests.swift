import Foundation
import Testing
@testable import LocaleAudit

@Suite struct CrossLocaleRulesTests {
    static let root = TestPaths.fixtures.appendingPathComponent("CrossLocale").path

    static func findings(_ options: AuditOptions = AuditOptions(workers: 2)) -> [Finding] {
        Auditor.audit(paths: [root], options: options).findings
            .filter { $0.ruleID == "locale-copy" || $0.ruleID == "translation-swapped" }
    }

    /// Fixtures/CrossLocale: the Gaelic table copied from Welsh, and a pair swapped in five locales;
    /// nothing about the Portuguese variants or the locales that keep the pair in place.
    @Test func theFixturesDefectsAndNothingElse() {
        let lines = Self.findings().map { SampleAppTests.line(for: $0, relativeTo: Self.root) }
        #expect(lines == [
            "en.lproj/Localizable.strings:28:17: warning: [translation-swapped] \"about.title\"",
            "gd.lproj/Localizable.strings:1:1: warning: [locale-copy] (gd)",
        ])
        let copy = Self.findings().first { $0.ruleID == "locale-copy" }
        #expect(copy?.message.contains("holds the same text as cy in 24 of the 26 strings both translate (92 %)") == true, "\(copy?.message ?? "")")
        #expect(copy?.notes.first?.location?.file.hasSuffix("gd.lproj/Localizable.strings") == true)
        // Whatever identifies the copied Welsh text as Welsh is the copy's note, not a finding of its own.
        let all = Auditor.audit(paths: [Self.root], options: AuditOptions(workers: 2)).findings
        #expect(!all.contains { $0.ruleID == "wrong-language" && $0.locale == "gd" })
        if LanguageIdentifier.hasFullCoverage {
            #expect(copy?.notes.contains { $0.message.hasPrefix("wrong-language: ") && $0.message.contains("is Welsh (cy)") } == true)
        }
        let swap = Self.findings().first { $0.ruleID == "translation-swapped" }
        #expect(swap?.message.contains("\"about.text\"") == true, "\(swap?.message ?? "")")
        #expect(swap?.message.contains("5 of 7 locales") == true, "\(swap?.message ?? "")")
    }

    @Test func theShareIsConfigurable() throws {
        var configuration = try Configuration.parse("locale-copy:\n  share: 95\n  min-keys: 10\n", path: "c.yml")
        #expect(configuration.localeCopy.share == 0.95)
        #expect(configuration.localeCopy.minimumKeys == 10)
        #expect(Self.findings(AuditOptions(configuration: configuration, workers: 2)).filter { $0.ruleID == "locale-copy" }.isEmpty)
        configuration.localeCopy.share = 0.9
        #expect(Self.findings(AuditOptions(configuration: configuration, workers: 2)).filter { $0.ruleID == "locale-copy" }.count == 1)
    }

    @Test(arguments: ["locale-copy:\n  share: 120\n", "locale-copy:\n  min-keys: none\n", "locale-copy:\n  threshold: 5\n"])
    func badLocaleCopySettingsAreErrors(_ yaml: String) {
        #expect(throws: Configuration.Problem.self) { try Configuration.parse(yaml, path: "c.yml") }
    }

    @Test func medianAndSpread() {
        #expect(RobustStatistics.median([]) == 0)
        #expect(RobustStatistics.median([3, 1, 2]) == 2)
        #expect(RobustStatistics.median([4, 1, 3, 2]) == 2.5)
        let (median, spread) = RobustStatistics.medianAndSpread([1, 2, 3, 4, 100])
        #expect(median == 3)
        // Deviations 2, 1, 0, 1, 97: their median is 1; one wild value does not move it.
        #expect(abs(spread - 1.4826) < 1e-9)
    }

    @Test func medianBySelectionIsTheSortedMedian() {
        // Sizes around the insertion-sort cut-off and large ones; few distinct values (many ties),
        // sorted, reversed and random orders.
        var generator = SystemRandomNumberGenerator()
        for count in [1, 2, 3, 16, 17, 18, 33, 100, 101, 1_000, 4_097] {
            for distinct in [1, 3, 1_000_000] {
                let random = (0..<count).map { _ in Double(Int.random(in: 0..<distinct, using: &generator)) / 7 }
                for values in [random, random.sorted(), random.sorted(by: >)] {
                    let sorted = values.sorted(), mid = count / 2
                    let expected = count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
                    #expect(RobustStatistics.median(values) == expected, "count \(count), \(distinct) distinct")
                    var selected = values
                    let k = Int.random(in: 0..<count, using: &generator)
                    #expect(RobustStatistics.select(k, in: &selected) == sorted[k])
                    #expect(selected[..<k].allSatisfy { $0 <= sorted[k] } && selected[k...].allSatisfy { $0 >= sorted[k] })
                }
            }
        }
    }

    @Test func aRatioIsScoredAgainstItsLocalesUsualOne() {
        let german = TranslationSwappedRule.LocaleRatio(median: 0.2, spread: 0.3)
        #expect(abs(german.score(0.2)) < 1e-9)
        #expect(abs(german.score(1.1) - 3) < 1e-9)
        // A very regular catalog has a tiny spread; its floor keeps small differences ordinary.
        let regular = TranslationSwappedRule.LocaleRatio(median: 0, spread: 0.01)
        #expect(regular.score(0.2) == 1)
    }

    @Test func lengthCountsLettersAndDigitsOnly() {
        #expect(TranslationSwappedRule.length("%1$@ of %2$@!") == 4)  // "1", "of", "2" and no @, $, %
        #expect(TranslationSwappedRule.length("Über den Browser") == 14)
        #expect(TranslationSwappedRule.length("閉じる") == 3)
        #expect(TranslationSwappedRule.length("e\u{301}") == 1)
    }

    @Test func exemplarLettersTellWelshFromGaelic() throws {
        #expect(ExemplarLetters.parse("[a à b c-e {ch} \\u0177]") == Set("aàbcdechŷ".unicodeScalars))
        let welsh = try #require(ExemplarLetters.letters(of: "cy"))
        let gaelic = try #require(ExemplarLetters.letters(of: "gd"))
        #expect(welsh.contains("w") && welsh.contains("y"))
        #expect(!gaelic.contains("w") && !gaelic.contains("y") && gaelic.contains("ò"))
        let text = ["Mae’r porwr hwn yn rhwystro tracwyr", "Llwytho i lawr"]
        #expect(ExemplarLetters.foreignShare(of: text, outside: gaelic) > 0.1)
        #expect(ExemplarLetters.foreignShare(of: text, outside: welsh) == 0)
        #expect(ExemplarLetters.letters(of: "zz-not-a-locale") == nil)
    }

    @Test(arguments: [
        ("pt-BR", "pt-PT", LocaleLanguage.Kinship.sameLanguage), ("es", "es-419", .sameLanguage), ("en-GB", "en-AU", .sameLanguage),
        ("zh-Hant", "zh-HK", .sameLanguage), ("zh-TW", "zh-Hant-HK", .sameLanguage), ("nb", "no", .sameLanguage),
        ("hr", "bs", .close), ("sr-Latn", "hr", .close), ("ms", "id", .close), ("nb", "nn", .close),
        ("sr-el", "bs", .close), ("ar", "ars", .sameLanguage),
        ("gd", "cy", .different), ("pt", "es", .different), ("zh-Hans", "zh-Hant", .otherScript), ("sr", "hr", .different),
    ])
    func kinshipOfLocales(_ a: String, _ b: String, _ expected: LocaleLanguage.Kinship) {
        #expect(LocaleLanguage(a).kinship(with: LocaleLanguage(b)) == expected)
        #expect(LocaleLanguage(b).kinship(with: LocaleLanguage(a)) == expected)
    }
}
