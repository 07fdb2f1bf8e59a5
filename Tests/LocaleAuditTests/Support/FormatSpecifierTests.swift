import Testing
@testable import LocaleAudit

@Suite struct FormatSpecifierTests {
    @Test(arguments: [
        ("%@", "@", FormatSpecifier.Kind.object), ("%d", "d", .integer), ("%i", "i", .integer), ("%u", "u", .integer),
        ("%ld", "d", .integer), ("%lld", "d", .integer), ("%lu", "u", .integer), ("%llu", "u", .integer),
        ("%qd", "d", .integer), ("%zd", "d", .integer), ("%f", "f", .floatingPoint), ("%.2f", "f", .floatingPoint),
        ("%10.2f", "f", .floatingPoint), ("%e", "e", .floatingPoint), ("%g", "g", .floatingPoint), ("%a", "a", .floatingPoint),
        ("%x", "x", .integer), ("%X", "X", .integer), ("%o", "o", .integer), ("%c", "c", .character), ("%C", "C", .character),
        ("%s", "s", .cString), ("%S", "S", .unicharString), ("%p", "p", .pointer), ("%%", "%", .literalPercent),
        ("%hd", "d", .integer), ("%hhd", "d", .integer), ("%td", "d", .integer), ("%jd", "d", .integer), ("%Lf", "f", .floatingPoint),
        ("%-5d", "d", .integer), ("%+d", "d", .integer), ("% d", "d", .integer), ("%#x", "x", .integer), ("%05.1f", "f", .floatingPoint),
        ("%'d", "d", .integer),
    ] as [(String, Character, FormatSpecifier.Kind)])
    func recognisesEveryAppleConversion(text: String, conversion: Character, kind: FormatSpecifier.Kind) {
        let scan = FormatSpecifiers.scan("a \(text) b")
        #expect(scan.problems.isEmpty)
        #expect(scan.specifiers.count == 1)
        #expect(scan.specifiers.first?.text == text)
        #expect(scan.specifiers.first?.conversion == conversion)
        #expect(scan.specifiers.first?.kind == kind)
        #expect(scan.specifiers.first?.range == 2..<(2 + text.unicodeScalars.count))
    }

    @Test func positionalArgumentsAndStars() {
        let scan = FormatSpecifiers.scan("%2$@ by %1$@, %*d and %.*f")
        #expect(scan.specifiers.map(\.position) == [2, 1, nil, nil])
        #expect(scan.specifiers[2].starArguments.count == 1)
        #expect(scan.mixesPositionalAndSequential)
        let kinds = FormatSpecifiers.scan("%*d %.*f").argumentKinds
        #expect(kinds == [1: [.integer], 2: [.integer], 3: [.integer], 4: [.floatingPoint]])
    }

    @Test func stringsdictVariables() {
        let scan = FormatSpecifiers.scan("%#@files@ in %1$#@folders@")
        #expect(scan.specifiers.map(\.variableName) == ["files", "folders"])
        #expect(scan.specifiers.map(\.kind) == [.pluralVariable, .pluralVariable])
        #expect(scan.specifiers[1].position == 1)
        #expect(FormatSpecifiers.scan("%#@files").problems.count == 1)
    }

    @Test func reportsWhatItDoesNotRecognise() {
        let scan = FormatSpecifiers.scan("50% off, %y, and %")
        // "50% off" is prose: `% o` only to a literal reading (below).
        #expect(scan.specifiers.isEmpty)
        #expect(scan.problems.map(\.text) == ["%y", "%"])
        let literal = FormatSpecifiers.scan("50% off, %y, and %", reading: .literal)
        #expect(literal.specifiers.map(\.text) == ["% o"])
        #expect(literal.problems.map(\.text) == ["%y", "%"])
        let zero = FormatSpecifiers.scan("%0$@")
        #expect(zero.problems.first?.message.contains("start at 1") == true)
        let bare = FormatSpecifiers.scan("100 %")
        #expect(bare.problems.count == 1)
        #expect(bare.problems[0].range == 4..<5)
    }

    @Test(arguments: [
        "% of screen", "% (画面の割合)", "Zoom: 50 % de l’écran", "50 % d'autonomie", "50 % d’un", "20 % di sconto",
        "50 % e più", "20% a day", "Save 20 % on", "50 % s", "100 % ", "100 % 3 items", "10 % uso", "% lde", "%-  x",
        "50 % le mois", "% (x)", "%\u{3000}全画面", "50%\u{00A0}de", "100%\n", "% \t",
    ])
    func percentThenSpaceIsProse(text: String) {
        let scan = FormatSpecifiers.scan(text)
        #expect(scan.specifiers.isEmpty, "\(text)")
        #expect(scan.problems.isEmpty, "\(text)")
    }

    @Test(arguments: [
        ("% d", "% d"), ("[% d]", "% d"), ("% 5d items", "% 5d"), ("% .2f", "% .2f"), ("% ld.", "% ld"), ("% lld", "% lld"),
        ("%+ d", "%+ d"), ("% i", "% i"), ("Fehler: % @", "% @"), ("% @s", "% @"), ("%1$ d", "%1$ d"), ("% d個", "% d"),
    ])
    func unmistakableSpaceFlagsStay(text: String, specifier: String) {
        let scan = FormatSpecifiers.scan(text)
        #expect(scan.specifiers.map(\.text) == [specifier], "\(text)")
        #expect(scan.problems.isEmpty, "\(text)")
    }

    @Test func literalReadingIsApples() {
        #expect(FormatSpecifiers.scan("50%-ig", reading: .literal).specifiers.map(\.text) == ["%-i"])
        #expect(FormatSpecifiers.scan("% de", reading: .literal).specifiers.map(\.text) == ["% d"])
        #expect(FormatSpecifiers.scan("% (x)", reading: .literal).problems.map(\.text) == ["% ("])
        // Prose-aware, "50%-ig" is still `%-i`: only a space makes a `%` prose.
        #expect(FormatSpecifiers.scan("50%-ig").specifiers.map(\.text) == ["%-i"])
    }

    @Test(arguments: [
        ("%@", ["%@"]), ("%d items", ["%d"]), ("%ld", ["%ld"]), ("%lld", ["%lld"]), ("%lu", ["%lu"]), ("%i", ["%i"]),
        ("%u", ["%u"]), ("%f", ["%f"]), ("%.2f", ["%.2f"]), ("%s", ["%s"]), ("%1$@ %2$ld", ["%1$@", "%2$ld"]),
        ("%@s", ["%@"]), ("%#@count@", ["%#@count@"]), ("(%d)", ["%d"]), ("%d個", ["%d"]), ("%d개", ["%d"]),
        ("50 %", []), ("100%.", []), ("100%sure", []), ("%define", []), ("50%-ig", []), ("% d", []), ("%5d", []),
        ("%x", []), ("%%", []), ("%e", []), ("50% off", []), ("%d'un", []),
    ] as [(String, [String])])
    func unmistakableSpecifiers(text: String, expected: [String]) {
        #expect(FormatSpecifiers.unmistakable(in: text, FormatSpecifiers.scan(text)).map(\.text) == expected, "\(text)")
    }

    @Test func percentPercentConsumesNoArgument() {
        let scan = FormatSpecifiers.scan("Synced %d%%")
        #expect(scan.arguments.count == 1)
        #expect(scan.argumentKinds == [1: [.integer]])
    }

    @Test func strayFragments() {
        let turkish = "1$@ > %2$@ adresine gidin"
        let fragments = FormatSpecifiers.strayFragments(in: turkish, outside: FormatSpecifiers.scan(turkish))
        #expect(fragments.map(\.text) == ["1$@"])
        #expect(fragments.first?.range == 0..<3)
        // A text without a `%` is not decoded by the scan, and its fragments are still found.
        let withoutPercent = "1$@ adresine gidin"
        #expect(FormatSpecifiers.scan(withoutPercent) == FormatScan(specifiers: [], problems: []))
        #expect(FormatSpecifiers.strayFragments(in: withoutPercent, outside: FormatSpecifiers.scan(withoutPercent)).map(\.text) == ["1$@"])
        let doubled = "@@ için şifre silindi"
        #expect(FormatSpecifiers.strayFragments(in: doubled, outside: FormatSpecifiers.scan(doubled)).map(\.text) == ["@@"])
        let fullWidth = "残り％d件"
        #expect(FormatSpecifiers.strayFragments(in: fullWidth, outside: FormatSpecifiers.scan(fullWidth)).map(\.text) == ["％d"])
        let clean = "%1$@ > %2$@"
        #expect(FormatSpecifiers.strayFragments(in: clean, outside: FormatSpecifiers.scan(clean)).isEmpty)
    }

    /// ASCII texts are split byte by byte; the words are the character-by-character split's.
    @Test(arguments: ["Add book", "", "a", "ab", "don't stop", "'quoted' words'", "x1y2 zz9", "tab\tsep\r\nline",
                      "A-B C_D e.f", "one  two   three", "it's 5 o'clock", "abc'"])
    func asciiWordsAgreeWithCharacterWords(text: String) {
        #expect(TextAnalysis.asciiWords(in: text) == TextAnalysis.characterWords(in: text))
    }

    /// Texts whose characters are single scalars are split scalar by scalar; the words are the
    /// character-by-character split's. Texts with combining marks, joiners or jamo are not simple.
    @Test(arguments: ["Удалить книгу", "Ελληνικά κείμενα", "书架 同步", "Crème brûlée’s", "ا ب كتاب جديد", "ספר חדש",
                      "Ünïcödé\r\nläuft", "x é y", "日本語のテキスト", "한국어 텍스트", "«Книги» — 5 шт."])
    func scalarWordsAgreeWithCharacterWords(text: String) {
        #expect(!text.unicodeScalars.contains(where: ScalarTable.joinsPreviousCharacter.contains))
        #expect(TextAnalysis.scalarWords(in: text) == TextAnalysis.characterWords(in: text))
    }

    @Test(arguments: ["e\u{301}cole", "कि", "ไทยนำ", "👍🏽", "🇫🇷", "a\u{200D}b", "\u{1100}\u{1161}", "مَرحبا"])
    func textsWithJoiningScalarsAreNotSimple(text: String) {
        #expect(text.unicodeScalars.contains(where: ScalarTable.joinsPreviousCharacter.contains))
    }

    @Test func translatableWordsIgnorePlaceholdersURLsNumbersAndEmail() {
        #expect(TextAnalysis.translatableWords(in: "%@ %d 100 https://example.com/help a@b.com").isEmpty)
        #expect(TextAnalysis.translatableWords(in: "Add book").map(String.init) == ["Add", "book"])
        #expect(TextAnalysis.translatableWords(in: "Visit www.example.com now").map(String.init) == ["Visit", "now"])
        // An App Shortcuts phrase's parameter is a placeholder: "Ledger" is its one word.
        #expect(TextAnalysis.translatableWords(in: "${applicationName} Ledger").map(String.init) == ["Ledger"])
        #expect(TextAnalysis.translatableWords(in: "Pay ${amount} now").map(String.init) == ["Pay", "now"])
    }
}

@Suite struct TranslatableWordsTests {
    @Test func bareDomainsAreNotWords() {
        #expect(TextAnalysis.translatableWords(in: "example.com").isEmpty)
        #expect(TextAnalysis.translatableWords(in: "Visit duckduckgo.com/settings, then").map(String.init) == ["Visit", "then"])
        #expect(TextAnalysis.translatableWords(in: "Books, e.g. novels.").map(String.init) == ["Books", "novels"])
    }
}
