import Testing
@testable import LocaleAudit

@Suite("LanguageTag")
struct LanguageTagTests {
    private func parse(_ text: String, _ options: LanguageTag.ParseOptions = []) throws -> LanguageTag {
        try LanguageTag.parse(text, options: options).get()
    }

    private func failure(_ text: String, _ options: LanguageTag.ParseOptions = []) -> LanguageTagError? {
        if case .failure(let error) = LanguageTag.parse(text, options: options) { return error }
        return nil
    }

    @Test func languageSubtagIsTheFirstPartLowerCased() {
        #expect(LanguageTag.languageSubtag(of: "pt-BR") == "pt")
        #expect(LanguageTag.languageSubtag(of: "ZH_Hans") == "zh")
        #expect(LanguageTag.languageSubtag(of: "--en") == "en")
        #expect(LanguageTag.languageSubtag(of: "") == "" && LanguageTag.languageSubtag(of: "-_") == "")
        // Against the split it replaced, on random mixes of letters, separators and other characters.
        func reference(_ locale: String) -> String {
            String(locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
        }
        let pieces = ["en", "PT", "-", "_", "Hans", "419", "É", "-\u{301}", "x", "İ"]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let locale = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            #expect(LanguageTag.languageSubtag(of: locale) == reference(locale), "\(locale.debugDescription)")
        }
    }

    @Test func splitsEverySubtagKindAsWritten() throws {
        let tag = try parse("zh-cmn-Hans-CN-1994-pinyin-u-ca-chinese-t-en-x-Private1")
        #expect(tag.form == .normal)
        #expect(tag.language == "zh")
        #expect(tag.extlangs == ["cmn"])
        #expect(tag.script == "Hans")
        #expect(tag.region == "CN")
        #expect(tag.variants == ["1994", "pinyin"])
        #expect(tag.extensions == [.init(singleton: "u", subtags: ["ca", "chinese"]), .init(singleton: "t", subtags: ["en"])])
        #expect(tag.privateUse == ["Private1"])
        #expect(!tag.usedUnderscores)
    }

    @Test func acceptsWellFormedTags() throws {
        let cases: [(String, String?, String?, String?)] = [
            ("en", "en", nil, nil), ("pt-BR", "pt", nil, "BR"), ("es-419", "es", nil, "419"),
            ("sr-Latn", "sr", "Latn", nil), ("zh-Hant-TW", "zh", "Hant", "TW"), ("de-CH-1901", "de", nil, "CH"),
            ("abcd", "abcd", nil, nil), ("abcdefgh-Latn", "abcdefgh", "Latn", nil), ("und", "und", nil, nil),
        ]
        for (text, language, script, region) in cases {
            let tag = try parse(text)
            #expect(tag.language == language, "\(text)")
            #expect(tag.script == script, "\(text)")
            #expect(tag.region == region, "\(text)")
        }
        #expect(try parse("zh-min-nan-TW").extlangs == ["min", "nan"])
        #expect(try parse("ar-aao-abc-def").extlangs == ["aao", "abc", "def"])
    }

    @Test func privateUseAndGrandfatheredTags() throws {
        let privateTag = try parse("x-whatever-1")
        #expect(privateTag.form == .privateUse)
        #expect(privateTag.language == nil)
        #expect(privateTag.privateUse == ["whatever", "1"])
        for irregular in ["i-klingon", "en-GB-oed", "I-AMI", "sgn-CH-DE", "i-default"] {
            #expect(try parse(irregular).form == .grandfathered(irregular: true), "\(irregular)")
        }
        for regular in ["zh-min-nan", "art-lojban", "zh-hakka", "no-bok", "cel-gaulish"] {
            let tag = try parse(regular)
            #expect(tag.form == .grandfathered(irregular: false), "\(regular)")
        }
        // Only the whole tag is grandfathered.
        #expect(try parse("zh-min-nan-TW").form == .normal)
    }

    @Test func emptySubtagIsLocatedAtItsOffset() throws {
        let error = try #require(failure("en--US"))
        #expect(error.reason == .emptySubtag)
        #expect(error.offset == 3)
        #expect(error.description.contains("offset 3"))
        #expect(failure("-en")?.offset == 0)
        #expect(failure("en-")?.offset == 3)
        #expect(failure("")?.reason == .empty)
    }

    @Test func rejectsIllFormedTagsWithWhatWasExpected() throws {
        // After a script a 3-letter subtag can no longer be an extended language ("en-USA" can).
        #expect(try parse("en-USA").extlangs == ["USA"])
        let region = try #require(failure("en-Latn-USA"))
        #expect(region.reason == .unexpectedSubtag)
        #expect(region.offset == 8)
        #expect(region.subtag == "USA")
        #expect(region.expected.contains("a region (2 letters or 3 digits)"))
        #expect(!region.expected.contains("script"))

        #expect(failure("e")?.reason == .unexpectedSubtag)
        #expect(failure("1en")?.expected.contains("language subtag") == true)
        #expect(failure("en-abcdefghi")?.reason == .subtagTooLong)
        #expect(failure("en-US-Latn")?.offset == 6) // script after region
        #expect(failure("abcde-xyz")?.offset == 6)   // no extlang after a 5-letter language
        #expect(failure("en-a")?.reason == .missingSubtagAfterSingleton)
        #expect(failure("en-a-x-foo")?.reason == .missingSubtagAfterSingleton)
        #expect(failure("en-x")?.reason == .missingSubtagAfterSingleton)
        #expect(failure("en-US-u-ca-gregory-x")?.reason == .missingSubtagAfterSingleton)
        #expect(failure("de-1901-1901")?.reason == .duplicateVariant)
        #expect(failure("de-1901-1901")?.offset == 8)
        #expect(failure("en-a-bbb-A-ccc")?.reason == .duplicateSingleton)
        #expect(failure("en-a-bbb-A-ccc")?.offset == 9)
        let accented = try #require(failure("fr-Ça"))
        #expect(accented.reason == .invalidCharacter)
        #expect(accented.offset == 3)
        #expect(failure("en US")?.offset == 2)
    }

    @Test func underscoresOnlyWithTheOptionAndAreReported() throws {
        let refused = try #require(failure("pt_BR"))
        #expect(refused.reason == .underscoreSeparator)
        #expect(refused.offset == 2)
        #expect(refused.expected.contains("pt-BR"))

        let tag = try parse("pt_BR", .allowUnderscores)
        #expect(tag.usedUnderscores)
        #expect(tag.language == "pt")
        #expect(tag.region == "BR")
        #expect(tag.hyphenated == "pt-BR")
        #expect(try parse("zh_Hans", .allowUnderscores).script == "Hans")
        #expect(try parse("zh-Hans", .allowUnderscores).usedUnderscores == false)
    }

    @Test func canonicalFormAppliesCLDRAliasesAndCase() throws {
        let expected: [(String, String)] = [
            ("iw", "he"), ("cmn-Hans-CN", "zh-Hans-CN"), ("zh-hans", "zh-Hans"), ("pt-br", "pt-BR"),
            ("sh", "sr-Latn"), ("tl", "fil"), ("mo", "ro"), ("in", "id"), ("ji", "yi"),
            ("sr-CS", "sr-RS"), ("sr-YU", "sr-RS"), ("de-DD", "de-DE"), ("i-klingon", "tlh"),
            ("art-lojban", "jbo"), ("EN-us", "en-US"),
            // CLDR 42 has no alias for "no": ICU keeps it.
            ("no", "no"),
        ]
        for (input, canonical) in expected {
            #expect(try parse(input).canonical == canonical, "\(input)")
        }
        #expect(try parse("pt_br", .allowUnderscores).canonical == "pt-BR")
    }

    @Test func likelySubtags() throws {
        #expect(try parse("ja").maximized == "ja-Jpan-JP")
        #expect(try parse("sr").maximized == "sr-Cyrl-RS")
        #expect(try parse("zh-Hans-CN").minimized == "zh")
        #expect(try parse("zh-Hant-TW").minimized == "zh-TW")
        #expect(try parse("ja").maximizedScript?.shortName == "Jpan")
        #expect(try parse("zh-TW").maximizedScript?.shortName == "Hant")
    }

    @Test func scriptsDirectionAndNames() throws {
        #expect(try parse("ja").scripts.map(\.shortName) == ["Kana", "Hira", "Hani"])
        #expect(try parse("ko").scripts.map(\.shortName) == ["Hang", "Hani"])
        #expect(try parse("sr-Latn").scripts.map(\.shortName) == ["Latn"])
        #expect(try parse("ru").scripts == [.cyrillic])
        #expect(try parse("ar").isRightToLeft)
        #expect(try parse("he").isRightToLeft)
        #expect(try !parse("en").isRightToLeft)
        #expect(try parse("pt-BR").englishDisplayName == "Portuguese (Brazil)")
        #expect(try parse("zh-Hant").englishDisplayName == "Chinese (Traditional)")
        #expect(try parse("de").displayName(in: "fr") == "allemand")
    }
}

@Suite("LanguageTagRobustness")
struct LanguageTagRobustnessTests {
    /// Deterministic pseudo-random tags: parsing must never trap, errors must point inside the input,
    /// and ICU must accept every tag we call well-formed (or fail with a typed error, never crash).
    @Test func randomInputNeverTraps() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array("abxuzAZ019-_--é")
        var accepted = 0
        var icuRejected: [String] = []
        for _ in 0..<5_000 {
            let text = String((0..<next(16)).map { _ in alphabet[next(alphabet.count)] })
            switch LanguageTag.parse(text, options: .allowUnderscores) {
            case .success(let tag):
                accepted += 1
                #expect(tag.hyphenated.count == text.count)
                if (try? tag.canonical) == nil { icuRejected.append(text) }
            case .failure(let error):
                #expect(error.offset >= 0 && error.offset <= text.unicodeScalars.count, "\(text)")
                #expect(!error.description.isEmpty)
            }
        }
        #expect(accepted > 100)
        #expect(icuRejected.isEmpty, "ICU rejected well-formed tags: \(icuRejected.prefix(10))")
    }
}
