import Testing
@testable import LocaleAudit

/// What the findings of a rule's own examples say, beyond where they land (`RuleExampleTests`).
@Suite struct RuleMessageTests {
    /// The messages of the rule's example whose caption starts with `caption`.
    static func messages(_ ruleID: String, example caption: String) throws -> [String] {
        let description = try #require(RuleEngine.rule(withID: ruleID)?.description)
        let example = try #require((description.triggering + description.nonTriggering).first { $0.caption?.hasPrefix(caption) == true },
                                   "no example \"\(caption)\" in \(ruleID)")
        return try RuleExampleRunner.run(example, ruleID: ruleID).findings.map(\.message)
    }

    /// "Sangria" twice and "Sangría:" once, where the locale's other texts write "sangría": its
    /// spelling is the one to write, at both places without the accent.
    @Test func theLocalesSpellingIsRecommendedOverAMajorityWithoutItsAccents() throws {
        let messages = try Self.messages("inconsistent-translation", example: "Two places drop the accent")
        #expect(messages.count == 2)
        #expect(messages.allSatisfy {
            $0.contains("\"Sangria\" here (2 of 3); the two differ only in accents, and es writes \"sangría\" 3 times in its texts, \"sangria\" 2")
                && $0.hasSuffix("spell it \"sangría\" as in \"Sangría:\" (1 of 3)")
        }, "\(messages)")
    }

    /// Turkish "İ" in a title is a capital, not an accent: "GPX İzleri" and "GPX izleri" are one form.
    @Test func turkishDottedCapitalIFoldsToI() {
        #expect(ConsistentIdentification.form("GPX İzleri") == ConsistentIdentification.form("GPX izleri"))
    }

    /// The majority form wins when no accent sets the forms apart.
    @Test func withoutAccentsTheMajorityIsRecommended() throws {
        let messages = try Self.messages("inconsistent-translation", example: "Two dialogs' Cancel buttons")
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("use \"Abbrechen\" (2 of 3)") == true, "\(messages)")
    }

    /// A run that copies the source's words is half a translation: translate it, rather than tag it.
    @Test func aRunCopiedFromTheSourceIsToTranslate() throws {
        let copied = try Self.messages("language-of-parts", example: "The source's second sentence left in English")
        #expect(copied.count == 1)
        #expect(copied.first?.contains("is the source's own words, left untranslated: translate them") == true, "\(copied)")
        let french = try Self.messages("language-of-parts", example: "A French phrase inside a Russian string")
        #expect(french.count == 1)
        #expect(french.first?.contains("left untranslated") == false, "\(french)")
    }

    /// A key no complete locale has names the partial locales that translated it, and does not
    /// guess that it never reached translators.
    @Test func aMissingKeyNamesThePartialLocalesThatHaveIt() throws {
        let partial = try Self.messages("missing-translation", example: "A string no complete locale has")
        #expect(partial == ["no translation in any of the 3 locales that translate Localizable (only partial locales have one: pl). The app shows the en text"])
        let none = try Self.messages("missing-translation", example: "A new string no locale has yet")
        #expect(none.count == 1)
        #expect(none.first?.contains("not yet sent to translators?") == true, "\(none)")
    }

    /// "<br/><br/>" for the source's "\n\n" shows as markup: said so, rather than "no line break".
    @Test func lineBreaksWrittenAsHTMLAreNamed() throws {
        let messages = try Self.messages("whitespace-mismatch", example: "The source's paragraph break written as HTML")
        #expect(messages == ["writes the source's line breaks as HTML (2 <br/>), which the app shows as text: write them as line breaks"])
        #expect(WhitespaceMismatchRule.htmlLineBreaks("a<br>b<BR />c<br/>d<bra>") == 3)
    }

    /// A dropped paragraph break that glued two sentences says where, and "Duck.ai" or "U.S." do not.
    @Test func sentencesRunTogetherAreShown() throws {
        let messages = try Self.messages("whitespace-mismatch", example: "The source's paragraph break dropped")
        #expect(messages == ["runs two sentences together (\"uzzināt.Norādi\") where the source breaks the line: put the source's line break back"])
        #expect(WhitespaceMismatchRule.sentencesRunTogether("Ask Duck.ai in the U.S. today") == nil)
    }

    /// Locales without a table the others have are named in one finding.
    @Test func localesWithoutATableAreOneFinding() throws {
        let messages = try Self.messages("missing-table", example: "Three locales lack the Settings table")
        #expect(messages == ["table Settings has no version in 3 of the 4 locales this folder is translated into (1 string falls back to en in each): fr, ja and ko"])
    }

    /// TranslateWiki's $1: one the source does not pass is an error; one typed over names what is left.
    @Test func mediaWikiPlaceholdersAreCompared() throws {
        let messages = try Self.messages("format-count-mismatch", example: "TranslateWiki messages")
        #expect(messages.sorted() == [
            "has $1 (argument 1), which the source never passes: the app shows it as it stands, or reads an argument never passed",
            "never shows $1 (argument 1) that the source passes; \"$شروط\" looks like it, mistyped",
        ])
        #expect(FormatCountMismatchRule.mediaWikiNumbers("a $1 b $12 c $ d $0") == [1, 12])
        #expect(FormatCountMismatchRule.mediaWikiNumbers("{{PLURAL:$1|one|$2 more}}", shownOnly: true) == [2])
        #expect(FormatCountMismatchRule.brokenMediaWikiPlaceholder("los $1términos de uso$ e") == "uso$")
        #expect(FormatCountMismatchRule.brokenMediaWikiPlaceholder("pokynů. $ 1") == "$ 1")
        #expect(FormatCountMismatchRule.brokenMediaWikiPlaceholder("$१ किलो मीटर") == "$१")
        #expect(FormatCountMismatchRule.brokenMediaWikiPlaceholder("Apple Maps 1$") == "1$")
    }

    /// Three of twelve translations in review: named in one finding, without a claim about why.
    @Test func aFewLocalesInReviewOnOneStringAreNamed() throws {
        let messages = try Self.messages("translation-state", example: "Three of twelve translations in review")
        #expect(messages == ["marked 'needs_review' in de, fr and it (3 of the 12 translations): a reviewer has to confirm it (often the source text changed since)"])
    }
}
