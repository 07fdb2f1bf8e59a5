import Foundation
import Testing
@testable import LocaleAudit

/// Names are not translations: the app's name, platform terms and configured terms.
@Suite struct NameTermsTests {
    @Test func platformTermsAreMaskedAsWholeWordsOnly() {
        let names = NameTerms()
        #expect(names.masking("Открыть в Safari") == "Открыть в       ")
        // "Mac" inside "Macro" or "iPhone" inside "xiPhone" is no term.
        #expect(names.masking("Macro on xiPhone") == "Macro on xiPhone")
        // The longest term wins: "iCloud Drive" is masked whole, not "iCloud" and a stray "Drive".
        #expect(names.masking("iCloud Drive") == "            ")
        // Names touching the letters of another script are still names.
        #expect(names.masking("Safariで開く") == "      で開く")
    }

    /// The byte-pair filter in front of the term search may only rule out terms a text cannot hold:
    /// every term written into a text, at any place and after masking, still passes it.
    @Test func thePairFilterNeverRulesOutATermTheTextHolds() {
        let texts = ["", "x", "Open ", "Открыть в ", "Use %@ on your ", "«", "AB"]
        for term in NameTerms.platformTerms + ["Duck Player", "x", "Ü"] {
            let lower = ByteSearch.asciiLowercased(term)
            let bits = BytePairs.bits(ofPairsWithoutSpaceIn: lower)
            for text in texts {
                for written in [text + term, term + text, text + term + " now"] {
                    #expect(BytePairs(ByteSearch.asciiLowercased(written)).holdsAll(bits), "\(term) in \(written)")
                }
            }
        }
        // Pairs with a space are left out: masking writes spaces, so a masked text may hold pairs the text did not.
        #expect(BytePairs.bits(ofPairsWithoutSpaceIn: Array("a b".utf8)).isEmpty)
        #expect(!BytePairs(Array("settings".utf8)).holdsAll(BytePairs.bits(ofPairsWithoutSpaceIn: Array("safari".utf8))))
        // Masking is unchanged by the filter: the longest term first, whole words only.
        let names = NameTerms(configured: ["Duck Player"], appNames: ["DuckDuckGo"])
        #expect(names.masking("Open DuckDuckGo in Safari with Duck Player on iCloud Drive")
                == "Open            in        with             on             ")
    }

    @Test func aRunIsCoveredWhenOnlyNamesAndAcronymsAreLeft() {
        let names = NameTerms(configured: ["Duck Player"], appNames: ["DuckDuckGo"])
        #expect(names.covers("Touch ID, Face ID"))
        #expect(names.covers("VPN DuckDuckGo"))
        #expect(names.covers("duck player"))
        #expect(!names.covers("Open DuckDuckGo settings"))
        #expect(!names.covers("Settings"))
    }

    @Test func theAppsNameComesFromEveryLocalesInfoPlist() throws {
        let scratch = try Scratch("names")
        defer { scratch.remove() }
        try scratch.write("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n")
        try scratch.write("ru.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Книжная полка\";\n")
        let result = Auditor.audit(paths: [scratch.path])
        let names = NameTerms(index: ProjectIndex(result.project), configured: [])
        #expect(names.covers("Bookshelf"))
        #expect(names.covers("Книжная полка"))
    }

    /// Wikipedia keeps TranslateWiki's tree and the converted tree side by side: one missing string
    /// is one finding, with the other copy as a note.
    @Test func theSameFindingInTwoCopiesOfATableIsReportedOnce() throws {
        let scratch = try Scratch("copies")
        defer { scratch.remove() }
        for tree in ["Localizations", "Native Localizations"] {
            try scratch.write("\(tree)/en.lproj/Localizable.strings", "\"a\" = \"Read the article\";\n\"b\" = \"Save the article\";\n")
            try scratch.write("\(tree)/de.lproj/Localizable.strings", "\"a\" = \"Artikel lesen\";\n")
        }
        let result = Auditor.audit(paths: [scratch.path])
        let missing = result.findings.filter { $0.ruleID == "missing-translation" }
        #expect(missing.count == 1)
        let finding = try #require(missing.first)
        #expect(finding.location?.file.contains("/Localizations/en.lproj/") == true)
        #expect(finding.notes.contains { $0.message == "the same in another copy of this table" && $0.location?.file.contains("Native Localizations") == true })
    }
}
