import Testing
@testable import LocaleAudit

@Suite struct RegionalSpellingTests {
    @Test func americanWordsTheOtherEnglishesSpellApart() {
        for word in ["color", "colors", "colored", "favorite", "center", "catalog", "dialogs", "canceled", "gray",
                     "organize", "customized", "synchronizing", "optimization", "analyze", "license"] {
            #expect(RegionalSpelling.spelledApart(word), "\(word)")
        }
    }

    @Test func wordsEveryEnglishSpellsAlike() {
        for word in ["size", "resize", "prize", "seize", "literal", "laboratory", "moment", "meteor", "colon",
                     "centre", "colour", "cancel", "window", "humorous"] {
            #expect(!RegionalSpelling.spelledApart(word), "\(word)")
        }
    }

    @Test func onlyAmericanAgainstAnotherEnglishIsKnown() {
        #expect(RegionalSpelling.mayDiffer("Choose a color", source: "en", variant: "en-GB"))
        #expect(!RegionalSpelling.mayDiffer("Kirat Rai", source: "en", variant: "en-GB"))
        #expect(!RegionalSpelling.mayDiffer("Resize the window", source: "en-US", variant: "en-AU"))
        // Between two American locales nothing differs; any other pair may differ in anything.
        #expect(!RegionalSpelling.mayDiffer("Choose a color", source: "en", variant: "en-US"))
        #expect(RegionalSpelling.mayDiffer("Kirat Rai", source: "en-GB", variant: "en-US"))
        #expect(RegionalSpelling.mayDiffer("Nome", source: "pt-BR", variant: "pt-PT"))
    }
}
