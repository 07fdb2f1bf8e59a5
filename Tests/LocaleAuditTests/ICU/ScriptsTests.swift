import Testing
@testable import LocaleAudit

@Suite("Scripts")
struct ScriptsTests {
    @Test func theTableOfScriptsIsICUsAnswer() {
        // Every BMP scalar, and astral ones, which ICU is asked directly.
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x10000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Scripts.script(of: scalar) != Scripts.icuScript(of: scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty)
        for scalar: Unicode.Scalar in ["\u{1F600}", "\u{20000}", "\u{10FFFF}", "𝐀"] {
            #expect(Scripts.script(of: scalar) == Scripts.icuScript(of: scalar))
        }
        #expect(Scripts.script(of: "a") == .latin && Scripts.script(of: "ж") == .cyrillic)
    }

    @Test func scriptAndExtensionsOfCharacters() {
        #expect(Scripts.script(of: "A") == .latin)
        #expect(Scripts.script(of: "Ж").shortName == "Cyrl")
        #expect(Scripts.script(of: "\u{0640}") == .common)
        let tatweel = Scripts.extensions(of: "\u{0640}")
        #expect(tatweel.contains(.arabic))
        #expect(tatweel.contains(ScriptCode(name: "Syrc")!))
        #expect(Scripts.extensions(of: "A") == [.latin])
        #expect(Scripts.script(of: "\u{0301}") == .inherited)
    }

    @Test func scriptCodeNames() {
        #expect(ScriptCode.latin.shortName == "Latn")
        #expect(ScriptCode.latin.longName == "Latin")
        #expect(ScriptCode.han.longName == "Han")
        #expect(ScriptCode(name: "Cyrl") == .cyrillic)
        #expect(ScriptCode(name: "Arabic") == .arabic)
        #expect(ScriptCode(name: "Jpan")?.shortName == "Jpan")
        #expect(ScriptCode(name: "Nope") == nil)
        #expect(ScriptCode.hebrew.isRightToLeft)
        #expect(!ScriptCode.latin.isRightToLeft)
        let named: [ScriptCode: String] = [.common: "Zyyy", .inherited: "Zinh", .arabic: "Arab", .cyrillic: "Cyrl",
                                           .greek: "Grek", .hangul: "Hang", .han: "Hani", .hebrew: "Hebr",
                                           .hiragana: "Hira", .katakana: "Kana", .latin: "Latn", .unknown: "Zzzz"]
        for (code, name) in named { #expect(code.shortName == name) }
    }

    @Test func runsGiveSpacesToThePrecedingRun() {
        let text = "Москва Arc de Triomphe 東京"
        let runs = Scripts.runs(in: text)
        #expect(runs == [
            ScriptRun(script: .cyrillic, location: 0, length: 7),
            ScriptRun(script: .latin, location: 7, length: 16),
            ScriptRun(script: .han, location: 23, length: 2),
        ])
        let trimmed = runs.compactMap { $0.trimmed(in: text) }
        #expect(trimmed.map(\.location) == [0, 7, 23])
        #expect(trimmed.map(\.length) == [6, 15, 2])
        #expect(ScriptRun(script: .latin, location: 0, length: 3).trimmed(in: " ! ") == nil)
        #expect(ScriptRun(script: .latin, location: 0, length: 99).trimmed(in: "abc") == nil)
        #expect(ScriptRun(script: .latin, location: 2, length: 6).trimmed(in: "😀(abc) ") == ScriptRun(script: .latin, location: 3, length: 3))
    }

    @Test func commonAndInheritedJoinNeighbours() {
        // A leading Common run joins the first script.
        #expect(Scripts.runs(in: "123 abc") == [ScriptRun(script: .latin, location: 0, length: 7)])
        // Combining marks stay with their base.
        #expect(Scripts.runs(in: "Ж\u{0301}x").map(\.length) == [2, 1])
        // Only Common text is one Common run.
        #expect(Scripts.runs(in: "123 !") == [ScriptRun(script: .common, location: 0, length: 5)])
        #expect(Scripts.runs(in: "").isEmpty)
        // UTF-16 offsets: an emoji counts two units.
        #expect(Scripts.runs(in: "😀a") == [ScriptRun(script: .latin, location: 0, length: 3)])
    }

    @Test func extensionsAndBrackets() {
        // TATWEEL between Arabic letters stays Arabic; after Latin it starts the Arabic run.
        #expect(Scripts.runs(in: "عـر").map(\.script) == [.arabic])
        #expect(Scripts.runs(in: "ab\u{0640}عر") == [ScriptRun(script: .latin, location: 0, length: 2),
                                                      ScriptRun(script: .arabic, location: 2, length: 3)])
        // Japanese: Han, Hiragana and Katakana are separate; U+30FC joins Katakana.
        #expect(Scripts.runs(in: "東京タワーへ").map(\.script) == [.han, .katakana, .hiragana])
        #expect(Scripts.runs(in: "東京タワーへ").map(\.length) == [2, 3, 1])
        let grouped = Scripts.groupingJapanese(Scripts.runs(in: "Go 東京タワーへ, and 中文"))
        #expect(grouped.map(\.script.shortName) == ["Latn", "Jpan", "Latn", "Hani"])
        #expect(grouped.map(\.length) == [3, 8, 4, 2])
        // The closing bracket keeps the script of its opener.
        let runs = Scripts.runs(in: "Москва (Moscow)")
        #expect(runs.map(\.script) == [.cyrillic, .latin, .cyrillic])
        #expect(runs.map(\.length) == [8, 6, 1])
        #expect(Scripts.runs(in: "(Moscow) Москва").map(\.length) == [9, 6])
    }

    @Test func speechLanguages() {
        let expected: [ScriptCode: String] = [.latin: "en", .cyrillic: "ru", .arabic: "ar", .han: "zh",
                                              .hiragana: "ja", .hangul: "ko", .hebrew: "he", .greek: "el"]
        for (script, language) in expected {
            #expect(Scripts.speechLanguage(for: script) == language, "\(script)")
        }
    }
}
