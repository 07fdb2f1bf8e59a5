import Testing
@testable import LocaleAudit

@Suite struct ContentRulesTests {
    // MARK: White space

    @Test func whitespaceEdgesAndBreaks() {
        let facts = WhitespaceFacts(" \nHello\r\nworld \n")
        #expect(facts.leading == 2 && facts.leadingBreaks == 1)
        #expect(facts.trailing == 2 && facts.trailingBreaks == 1)
        #expect(facts.lineBreaks == 3)
        #expect(facts.innerBreaks == 1)
        #expect(facts.doubledSpace == nil)
        // No-break and narrow no-break spaces are white space at an edge too.
        #expect(WhitespaceFacts("\u{00A0}von\u{202F}").leading == 1)
        #expect(WhitespaceFacts("\u{00A0}von\u{202F}").trailing == 1)
        // A literal backslash-n counts as the break it stands for.
        #expect(WhitespaceFacts("a\\nb").innerBreaks == 1)
        // Only white space: no content, nothing trailing.
        #expect(!WhitespaceFacts("  ").hasContent)
    }

    @Test func doubledSpacesBetweenWordsOnly() {
        let facts = WhitespaceFacts("¿Eliminar  este libro?")
        #expect(facts.doubledSpace?.offset == 10 && facts.doubledSpace?.length == 2) // UTF-8 offset: ¿ takes two bytes
        #expect(WhitespaceMismatchRule.context("¿Eliminar  este libro?", at: 10) == "after '¿Eliminar'")
        #expect(facts.doubledSpaceNeighbours.before == "r" && facts.doubledSpaceNeighbours.after == "e")
        // At the edges, or before a line break, two spaces are edge white space, not a doubled space.
        #expect(WhitespaceFacts("  Hello  ").doubledSpace == nil)
        #expect(WhitespaceFacts("Line one  \nLine two").doubledSpace == nil)
        // A no-break space next to a space is counted, and remembered for French.
        let french = WhitespaceFacts("Nom \u{00A0}: %@")
        #expect(french.doubledSpace?.length == 2 && french.doubledSpaceHasNoBreak)
        #expect(WhitespaceMismatchRule.isLanguageSpacing(french, language: "fr"))
        #expect(!WhitespaceMismatchRule.isLanguageSpacing(french, language: "de"))
    }

    @Test func whitespaceDefectsRespectLanguages() {
        func kinds(_ source: String, _ translation: String, _ language: String) -> [String] {
            let text = ComparedText(source: source, translation: translation, location: SourceLocation(file: "x", line: 1, column: 1))
            return WhitespaceMismatchRule.defects(text, language: language).map(\.kind)
        }
        #expect(kinds("Signed in as ", "Angemeldet als", "de") == ["edges"])
        #expect(kinds("Signed in as ", "ログイン中：", "ja").isEmpty)
        // A lost line break at the edge is one defect (the edges), not also a line-break count.
        #expect(kinds("Done\n", "Fertig", "de") == ["edges"])
        #expect(kinds("One\nTwo", "Eins Zwei", "de") == ["breaks"])
        #expect(kinds("One two", "Eins  zwei", "de") == ["doubled"])
    }

    // MARK: Final punctuation

    @Test func endMarksInEachScript() {
        func mark(_ text: String, _ language: String = "en") -> EndMark? { EndPunctuation.endMark(of: text, language: language) }
        #expect(mark("Done.") == .period)
        #expect(mark("完了しました。", "ja") == .period)
        #expect(mark("हो गया।", "hi") == .period)
        #expect(mark("Name:") == .colon)
        // Armenian writes its full stop with the colon key.
        #expect(mark("Դուք իրավունք չունեք խմբագրել այս էջը:", "hy") == .period)
        #expect(mark("Դուք իրավունք չունեք խմբագրել այս էջը։", "hy") == .period)
        #expect(mark("タイトル：", "ja") == .colon)
        #expect(mark("នៅលើឧបករណ៍របស់អ្នក៖", "km") == .colon)
        #expect(mark("Loading…") == .ellipsis)
        #expect(mark("Loading...") == .ellipsis)
        #expect(mark("読み込み中・・・", "ja") == .ellipsis)
        #expect(mark("Really?!") == .question)
        #expect(mark("حذف؟", "ar") == .question)
        #expect(mark("Διαγραφή;", "el") == .question)
        #expect(mark("Note;", "en") == nil)
        #expect(mark("Welcome!") == .exclamation)
        // Closing quotes, brackets and white space after the mark are looked past.
        #expect(mark("Tap \"Done.\" ") == .period)
        #expect(mark("「完了。」", "ja") == .period)
        #expect(mark("Open \"Settings\"") == nil)
        // Mon's full stop is two little sections; one is a comma.
        #expect(mark("ဟွံဂွံ၊၊", "mnw") == .period)
        #expect(mark("ဟွံဂွံ၊", "mnw") == nil)
    }

    @Test func languageFormsOfAMark() {
        #expect(EndPunctuation.renders(.question, as: .question, translation: "حذف؟", language: "ar"))
        #expect(EndPunctuation.renders(.exclamation, as: .period, translation: "Willkommen.", language: "de"))
        #expect(EndPunctuation.renders(.period, as: .colon, translation: "Արված:", language: "hy"))
        #expect(!EndPunctuation.renders(.period, as: .colon, translation: "Fertig:", language: "de"))
        #expect(EndPunctuation.renders(.question, as: nil, translation: "Ջնջե՞լ", language: "hy"))
        #expect(EndPunctuation.renders(.question, as: .period, translation: "削除しますか。", language: "ja"))
        #expect(!EndPunctuation.renders(.question, as: .period, translation: "削除します。", language: "ja"))
        #expect(EndPunctuation.renders(.question, as: .period, translation: "ပြမည်လား။", language: "my"))
        #expect(EndPunctuation.renders(.exclamation, as: nil, translation: "!!Go Map", language: "ar"))
        #expect(EndPunctuation.form(.question, language: "fa") == "'؟'")
        #expect(EndPunctuation.form(.period, language: "zh") == "'。'")
    }

    @Test func abbreviationsAndOrdinalsAreNoSentenceStops() {
        for text in ["z. B.", "e.g.", "am %@.", "Kapitel 3.", "%1$@ mil.", "$1 с.", "ref.", "CJK Compatibility Ideographs Supp.", "Und so weiter usw."] {
            #expect(EndPunctuation.periodIsAbbreviationOrOrdinal(text), "\(text)")
        }
        for text in ["Du kannst diese Bearbeitung nicht veröffentlichen.", "Please update the app.", "No"] {
            #expect(!EndPunctuation.periodIsAbbreviationOrOrdinal(text), "\(text)")
        }
    }

    @Test func strayQuotesAndBrackets() {
        func stray(_ t: String, _ s: String) -> [StrayEdgeCharacters.Stray] { StrayEdgeCharacters.find(translation: t, source: s) }
        #expect(stray("\"Il mio scaffale", "My shelf") == [.init(character: "\"", atStart: true, wraps: false)])
        #expect(stray("\"Ordina per titolo\"", "Sort by title") == [.init(character: "\"", atStart: true, wraps: true)])
        #expect(stray("Zoom (%d%%))", "Zoom (%d%%)") == [.init(character: ")", atStart: false, wraps: false)])
        #expect(stray("(optional", "optional") == [.init(character: "(", atStart: true, wraps: false)])
        // Paired, Afrikaans 'n, Italian po', German „…", a smiley, a list marker, the source's own quote.
        #expect(stray("Tik „Klaar\"", "Tap Done").isEmpty)
        #expect(stray("'n Fout het voorgekom", "An error occurred").isEmpty)
        #expect(stray("Aspetta un po'", "Wait a bit").isEmpty)
        #expect(stray("Alles gut :)", "All good").isEmpty)
        #expect(stray("a)", "a.").isEmpty)
        #expect(stray("\"%@\" gelöscht", "Deleted \"%@\"").isEmpty)
        #expect(stray("\"Hallo\"", "\"Hello\"").isEmpty)
    }

    // MARK: Escapes

    @Test func escapeArtifactsAreCounted() {
        let found = EscapeArtifacts.scan("AGB &amp; Daten &amp; &#39;x&#x27; \\n \\\" C:\\\\new \\u00e9 & frei")
        #expect(found.map(\.text) == ["&amp;", "&#39;", "&#x27;", "\\n", "\\\"", "\\u"])
        #expect(found.first?.count == 2)
        #expect(EscapeArtifacts.scan("Fish & Chips; 5 &lt").isEmpty)
        #expect(EscapeArtifacts.percentSigns("100 %% and 5%") == (single: 1, doubled: 1))
    }

    @Test func bidiMarksThatLostTheirBackslash() {
        #expect(EscapeArtifacts.lostBackslashMarks("u200f%@ منتج") == ["u200f"])
        #expect(EscapeArtifacts.lostBackslashMarks("بِ: U200E%s.") == ["u200e"])
        #expect(EscapeArtifacts.lostBackslashMarks("نصu2068%@u2069") == ["u2068", "u2069"])
        // The escape itself, a longer code, another code, and letters of a word are no lost mark.
        #expect(EscapeArtifacts.lostBackslashMarks("\\u200f%@").isEmpty)
        #expect(EscapeArtifacts.lostBackslashMarks("u200ff").isEmpty)
        #expect(EscapeArtifacts.lostBackslashMarks("u2070").isEmpty)
        #expect(EscapeArtifacts.lostBackslashMarks("menu2066 Tu2068").isEmpty)
        #expect(EscapeArtifacts.scan("u200f%@").map(\.text) == ["u200f"])
    }

    @Test func escapeMessagesCompareWithTheSource() {
        func message(_ source: String, _ translation: String) -> String? {
            EscapeArtifactRule.escapeMessage(ComparedText(source: source, translation: translation, location: SourceLocation(file: "x", line: 1, column: 1)))
        }
        #expect(message("Terms & Conditions", "AGB &amp; Datenschutz")?.contains("'&amp;' where the source has &") == true)
        #expect(message("Line\nbreak", "Zeile\\nUmbruch")?.contains("where the source has a line break") == true)
        #expect(message("<b>Fish &amp; Chips</b>", "<b>Fisch &amp; Pommes</b>") == nil)
        #expect(message("C:\\new", "C:\\new") == nil)
    }

    @Test func percentSignsInPlainAndFormattedStrings() {
        func message(_ source: String, _ translation: String, catalog: Bool = false) -> String? {
            EscapeArtifactRule.percentMessage(ComparedText(source: source, translation: translation, location: SourceLocation(file: "x", line: 1, column: 1)),
                                              isStringCatalog: catalog)
        }
        #expect(message("Battery below 20%", "Batterie sous 20 %%") != nil)
        #expect(message("Battery below 20%", "Batterie sous 20 %%", catalog: true) == nil)
        #expect(message("100%% done", "100 % terminé") != nil)
        #expect(message("100%% done", "Terminé à 100 %") == nil) // a % at the end is format-specifier-invalid's
        #expect(message("100%% done", "Terminé à 100 %%") == nil)
        #expect(message("Synced %d%%", "%d % synchronisés") == nil) // arguments: the format rules' concern
    }

    // MARK: Markdown

    @Test func markdownPairsAndMarkers() {
        let scan = MarkdownScan("**%@** shared *%lld* books, `code` and ~~old~~")
        #expect(scan.pairs[.strong] == 1 && scan.pairs[.emphasis] == 1 && scan.pairs[.code] == 1 && scan.pairs[.strikethrough] == 1)
        #expect(scan.unmatched.isEmpty)
        #expect(MarkdownScan("**Tipp: zum Löschen").unmatched["**"] == 1)
        // Not markers: arithmetic, snake_case, a gender star, a footnote star at the end, a URL's underscores.
        #expect(!MarkdownScan("5 * 3 = 15").hasMarkdown && MarkdownScan("5 * 3 = 15").unmatched.isEmpty)
        #expect(MarkdownScan("file_name_here").unmatched.isEmpty && !MarkdownScan("file_name_here").hasMarkdown)
        #expect(MarkdownScan("Nutzer*innen").unmatched.isEmpty)
        #expect(MarkdownScan("see https://x.org/a_b_c now").unmatched.isEmpty)
        #expect(MarkdownScan("_%2$lld_ Bücher").pairs[.emphasis] == 1)
        #expect(MarkdownScan("%*d items").unmatched.isEmpty)
    }

    @Test func markdownLinks() {
        let scan = MarkdownScan("Read our [privacy policy](https://example.com/privacy \"Title\") and [help](https://x.org/a_(b)).")
        #expect(scan.links == ["https://example.com/privacy", "https://x.org/a_(b)"])
        #expect(scan.brokenLinks == 0)
        #expect(MarkdownScan("Voir [Aide] (https://example.com/help).").brokenLinks == 1)
        #expect(MarkdownScan("Voir [Aide](https://example.com/help").brokenLinks == 1)
        #expect(MarkdownScan("[1] (see above)").brokenLinks == 0)
        let codes: Set<String> = ["en", "de"]
        #expect(MarkdownScan.sameDestination("https://example.com/en/guide", "https://example.com/de/guide", ignoring: codes))
        #expect(MarkdownScan.sameDestination("https://en.wikipedia.org/wiki/X", "https://de.wikipedia.org/wiki/X", ignoring: codes))
        #expect(!MarkdownScan.sameDestination("https://example.com/privacy", "https://example.org/datenschutz", ignoring: codes))
    }

    @Test func markdownDefectSeverities() {
        func defects(_ source: String, _ translation: String) -> [ContentTexts.Defect] {
            MarkdownMismatchRule.defects(ComparedText(source: source, translation: translation, location: SourceLocation(file: "x", line: 1, column: 1)),
                                         source: MarkdownScan(source), codes: ["en", "de"])
        }
        // Lost emphasis reads plainer: a note. A lone marker shows: a warning.
        #expect(defects("Find **DuckDuckGo**.", "Finde DuckDuckGo.").map(\.severity) == [.note])
        #expect(defects("Find **DuckDuckGo**.", "Finde **DuckDuckGo.").map(\.severity) == [nil])
        #expect(defects("See [Help](https://a.com/help).", "Siehe [Hilfe] (https://a.com/help).").first?.message.contains("breaks the link") == true)
        #expect(defects("See [Help](https://a.com/help).", "Siehe [Hilfe](https://a.com/de/help).").isEmpty)
    }

    // MARK: Which texts are compared

    @Test func pluralFormsAreComparedWithTheSameCategory() {
        let location = SourceLocation(file: "x", line: 1, column: 1)
        func plural(_ forms: [(String, String)]) -> Value {
            .plural(PluralValue(format: "%#@n@", variables: [PluralVariable(name: "n", forms: forms.map { PluralForm(category: $0.0, text: $0.1) })]))
        }
        let source = Entry(key: "k", value: plural([("one", "%d book"), ("other", "%d books")]), location: location)
        let translation = Entry(key: "k", value: plural([("one", "%d książka"), ("few", "%d książki"), ("many", "%d książek"), ("other", "%d książki")]), location: location)
        let pair = TranslationPair(table: TableID(scope: "", name: "Localizable"), locale: "pl", key: "k", source: source, translation: translation)
        let compared = ContentTexts.compared(pair)
        #expect(compared.map(\.form) == ["format", "one", "few", "many", "other"])
        #expect(compared.map(\.source) == ["%#@n@", "%d book", "%d books", "%d books", "%d books"])
    }
}
