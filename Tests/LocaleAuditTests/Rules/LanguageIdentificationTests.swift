import Foundation
import Testing
@testable import LocaleAudit

/// Language identification (CLD2 on Linux, which CI installs: these tests fail, not skip, without it)
/// and the helpers of `wrong-language` and of identified speech languages.
@Suite struct LanguageIdentificationTests {
    /// Fails with the reason when no identifier with the full language set is available.
    static func requireIdentifier() throws {
        try #require(LanguageIdentifier.hasFullCoverage,
                     "language identification is unavailable: \(LanguageIdentifier.unavailableReason ?? "") — install libcld2-dev")
    }

    @Test func identifiesLanguagesWithConfidence() throws {
        try Self.requireIdentifier()
        let french = try #require(LanguageIdentifier.identify("Le bonheur est dans le café du matin"))
        #expect(french.language == "fr")
        #expect(french.isReliable)
        #expect(french.confidence >= 0.9 && french.confidence <= 1)
        let spanish = try #require(LanguageIdentifier.identify("Se eliminó el libro de la biblioteca. Puedes añadir un libro nuevo."))
        #expect(spanish.language == "es")
        // CLD2's codes come back as BCP 47: iw → he, no → nb.
        #expect(LanguageIdentifier.identify("Velkommen til appen, her kan du lagre bildene dine")?.language == "nb")
        #expect(LanguageIdentifier.identify("הספר הוסר מהספרייה שלך והמכשירים האחרים")?.language == "he")
        // Nothing to identify.
        #expect(LanguageIdentifier.identify("") == nil)
        #expect(LanguageIdentifier.identify("%@ 42 — 17") == nil)
        #expect(!LanguageIdentifier.provenance.isEmpty)
    }

    @Test func knowsWhichScriptsALanguageIsRecognizedIn() throws {
        try Self.requireIdentifier()
        #expect(LanguageIdentifier.scripts(recognizing: "pt-BR") == ["Latn"])
        #expect(LanguageIdentifier.scripts(recognizing: "ru") == ["Cyrl"])
        #expect(LanguageIdentifier.scripts(recognizing: "sr").isSuperset(of: ["Latn", "Cyrl"]))
        #expect(LanguageIdentifier.scripts(recognizing: "nb") == ["Latn"])
        // A language the identifier does not know: its text would be taken for a neighbour's.
        #expect(LanguageIdentifier.scripts(recognizing: "ast").isEmpty)
    }

    @Test func cld2CodesForLocales() {
        #expect(LanguageIdentifier.cld2Code(for: "fil") == "tl")
        #expect(LanguageIdentifier.cld2Code(for: "zh-Hant") == "zh-Hant")
        #expect(LanguageIdentifier.cld2Code(for: "zh-TW") == "zh-Hant")
        #expect(LanguageIdentifier.cld2Code(for: "zh-Hans") == "zh")
        #expect(LanguageIdentifier.bcp47(fromIdentifier: "iw") == "he")
        #expect(LanguageIdentifier.bcp47(fromIdentifier: "jw") == "jv")
        #expect(WrongLanguageRule.expectedLanguage(of: "pt_BR") == "pt")
        #expect(WrongLanguageRule.expectedLanguage(of: "no") == "nb")
        #expect(WrongLanguageRule.expectedLanguage(of: "zh-Hant-HK") == "zh-Hant")
    }

    @Test func confusableAndCloseLanguages() {
        #expect(WrongLanguageRule.areConfusable("nb", "da"))
        #expect(WrongLanguageRule.areConfusable("hr", "sr"))
        #expect(WrongLanguageRule.areConfusable("ms", "id"))
        #expect(WrongLanguageRule.areConfusable("gl", "pt"))
        #expect(!WrongLanguageRule.areConfusable("pt", "es"))
        #expect(WrongLanguageRule.areClose("pt", "es"))
        #expect(!WrongLanguageRule.areConfusable("de", "en"))
        #expect(!WrongLanguageRule.areClose("de", "en"))
    }

    @Test func namesKeptFromTheSourceAreBlanked() {
        let masked = WrongLanguageRule.maskingKeptNames("Generar Duck Address privada", sourceTexts: ["Generate Private Duck Address"])
        #expect(masked == "Generar              privada")
        // A sentence's first word is capitalised anyway: kept, even when the source has it.
        #expect(WrongLanguageRule.maskingKeptNames("Syncing failed. Please retry.", sourceTexts: ["Syncing failed. Please try again."])
                == "Syncing failed. Please retry.")
        #expect(WrongLanguageRule.maskingKeptNames("Öffne DuckDuckGo", sourceTexts: ["Open DuckDuckGo"]) == "Öffne           ")
    }

    @Test func wordsAndLettersCountRunsOfTwoLetters() {
        #expect(WrongLanguageRule.wordsAndLetters("a bc déf, x y'z") == (3, 7))
        #expect(WrongLanguageRule.roughLetterCount("Añadir 42 libros") == 12)
        #expect(WrongLanguageRule.words("¡Hola de NUEVO, %@!") == ["hola", "de", "nuevo"])
        #expect(WrongLanguageRule.words("ÉCRAN Ärger naïve ОТКРЫТЬ файл") == ["écran", "ärger", "naïve", "открыть", "файл"])
    }

    @Test func languagesOfEachScriptComeFromTheIdentifier() throws {
        try Self.requireIdentifier()
        let byScript = LanguageIdentifier.languagesByScript
        #expect(byScript["Grek"] == ["el"])
        #expect(byScript["Latn"]?.isSuperset(of: ["en", "fr", "pt", "es", "fil", "jv"]) == true)
        #expect(byScript["Cyrl"]?.isSuperset(of: ["ru", "uk", "sr", "kk"]) == true)
        #expect(byScript["Hani"]?.isSuperset(of: ["zh", "zh-Hant"]) == true)
    }

    @Test func vocabularyScanFindsOnlyTheNeededWords() {
        let hashes = WrongLanguageRule.WordHashes(["application", "le"].map { WrongLanguageRule.wordHash($0.utf8) })
        let none = WrongLanguageRule.WordHashes([])
        var found: [String] = []
        var reader = WrongLanguageRule.WordReader()
        WrongLanguageRule.Vocabularies.scan("L’application «Le» añadir, applications", asciiHashes: hashes, nonASCIIHashes: none,
                                            reader: &reader) { found.append($0) }
        #expect(found == ["application", "le"])
        found = []
        let spanish = WrongLanguageRule.WordHashes(["añadir", "él"].map { WrongLanguageRule.wordHash($0.utf8) })
        WrongLanguageRule.Vocabularies.scan("Añadir un libro a ÉL, añadirlo", asciiHashes: none, nonASCIIHashes: spanish,
                                            reader: &reader) { found.append($0) }
        #expect(found == ["añadir", "él"])
        // A word at the very end, and a reader reused after a text that ended inside a word.
        found = []
        WrongLanguageRule.Vocabularies.scan("ein Buch añadir", asciiHashes: none, nonASCIIHashes: spanish, reader: &reader) { found.append($0) }
        #expect(found == ["añadir"])
    }

    @Test func wordHashesTurnAwayOnlyWordsNotAmongThem() {
        // Many random hashes: every one inserted is found, and one not inserted is found only when
        // it is (the filter may pass it, the set decides).
        var generator = SystemRandomNumberGenerator()
        let inserted = (0..<500).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
        let hashes = WrongLanguageRule.WordHashes(inserted)
        #expect(inserted.allSatisfy { hashes.contains($0) })
        let members = Set(inserted)
        for _ in 0..<2_000 {
            let other = UInt64.random(in: .min ... .max, using: &generator)
            #expect(hashes.contains(other) == members.contains(other))
        }
        #expect(!hashes.isEmpty && WrongLanguageRule.WordHashes([]).isEmpty)
        #expect(WrongLanguageRule.words("Ça VA, l’Été! x ab") == ["ça", "va", "été", "ab"])
    }

    @Test func speechLanguageOfARunIsIdentifiedWhenReliable() throws {
        try Self.requireIdentifier()
        let text = "Девиз нашего кафе: «Le bonheur est dans le café du matin»"
        let analysis = LanguageOfParts().analyze(text, locale: "ru", scripts: [.cyrillic])
        #expect(analysis.ranges.map(\.text) == ["Le bonheur est dans le café du matin"])
        #expect(analysis.ranges.map(\.language) == ["fr"])
        #expect(analysis.ranges.map(\.languageSource) == [.identified])
        // A short name stays with its script's language; so does everything when identification is off.
        let landmark = LanguageOfParts().analyze("Москва Arc de Triomphe 東京", locale: "ru", scripts: [.cyrillic])
        #expect(landmark.ranges.map(\.language) == ["en", "zh"])
        #expect(landmark.ranges.map(\.languageSource) == [.script, .script])
        let off = LanguageOfParts(identifiesLanguages: false).analyze(text, locale: "ru", scripts: [.cyrillic])
        #expect(off.ranges.map(\.language) == ["en"])
        // A Cyrillic run inside French: Uzbek is written in Cyrillic, so it may be identified as such.
        let uzbek = LanguageOfParts().analyze("Langue : ўзбек тили жуда чиройли тил ҳисобланади", locale: "fr", scripts: [.latin])
        #expect(uzbek.ranges.map(\.language) == ["uz"])
    }
}
