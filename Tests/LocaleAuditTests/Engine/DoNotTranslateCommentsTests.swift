import Testing
@testable import LocaleAudit

@Suite struct DoNotTranslateCommentsTests {
    @Test(arguments: [
        "Class = \"UILabel\"; text = \"Title\"; ObjectID = \"2Q5-Vd-FED\"; Note = \"Placeholder - Do not translate\";",
        "Class = \"UITextField\"; placeholder = \"no\"; Note = \"Placeholder - do not translate\";",
        "Do not translate - stringsdict entry",
        "DO NOT TRANSLATE",
        "Internal build only. Don't translate.",
        "Debug menu (don\u{2019}t translate)",
        "Please do not translate!",
        "Since this is a technical term, it should be left as-is.",
        "Keep as is",
    ])
    func wholeStringInstructions(_ comment: String) {
        #expect(DoNotTranslateComments.forbidTranslation(comment), "\(comment)")
    }

    @Test(arguments: [
        "Explanation with a markdown link. Do not translate what's inside [] and ()",
        "Please do not translate the newlines (\\n) or Gan characters",
        "Title of the button that translates the page",
        "Shown when the translation is done",
        "Undo not translate",  // not the phrase: a word runs into it
        "Keep as is the part in brackets",
        "",
    ])
    func partialOrUnrelatedComments(_ comment: String) {
        #expect(!DoNotTranslateComments.forbidTranslation(comment), "\(comment)")
    }

    /// The anchor test that spares most comments the search must pass every comment a phrase is in,
    /// in any case, and may turn away only comments without one.
    @Test func anchorPassesEveryPhraseInAnyCase() {
        for phrase in ["do not translate", "don't translate", "dont translate", "don\u{2019}t translate", "not be translated",
                       "left as-is", "left as is", "leave as-is", "leave as is", "keep as-is", "keep as is", "kept as-is", "kept as is"] {
            for written in [phrase, phrase.uppercased(), "Note: " + phrase + "."] {
                #expect(DoNotTranslateComments.mayHoldPhrase(written), "\(written)")
                #expect(DoNotTranslateComments.forbidTranslation(written), "\(written)")
            }
        }
        for comment in ["Class = \"UILabel\"; text = \"Title\"; ObjectID = \"2Q5-Vd-FED\";", "Title of the Save button", "as", "tran", "Ast is", ""] {
            #expect(!DoNotTranslateComments.mayHoldPhrase(comment), "\(comment)")
        }
        #expect(DoNotTranslateComments.mayHoldPhrase("Shown when the TRANSLATION is done"))
        // A phrase added later must hold an anchor too, or the anchor test would turn it away.
        for phrase in DoNotTranslateComments.phrases {
            #expect(DoNotTranslateComments.mayHoldPhrase(String(decoding: phrase, as: UTF8.self)), "\(phrase)")
        }
    }

    @Test func readingMarksTheEntryNotForTranslation() {
        let en = DiscoveredFile(path: "en.lproj/Localizable.strings", format: .strings, locale: "en", table: "Localizable", scope: "", size: 0)
        let text = "/* Note = \"Placeholder - Do not translate\"; */\n\"a\" = \"Title\";\n/* A title */\n\"b\" = \"Title\";\n"
        let result = Auditor.readBytes(Array(text.utf8), of: en, limit: .max)
        let entries = result.tables.flatMap(\.entries)
        #expect(entries.map(\.key) == ["a", "b"])
        #expect(entries.map(\.shouldTranslate) == [false, true])
    }
}
