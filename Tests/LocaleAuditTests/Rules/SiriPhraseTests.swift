import Testing
@testable import LocaleAudit

/// `untranslated` leaves a phrase to say to Siri in the source where Siri does not speak the locale.
@Suite struct SiriPhraseTests {
    @Test func phrasesAddressedToSiri() {
        #expect(SiriPhrase.isSpoken("“Siri, erase my %@ session.”"))
        #expect(SiriPhrase.isSpoken("Hey Siri, open Bookshelf"))
        #expect(SiriPhrase.isSpoken("\"Siri open my library\""))
        #expect(!SiriPhrase.isSpoken("Sirius is a star"))
        #expect(!SiriPhrase.isSpoken("Ask Siri to erase your history"))
        #expect(!SiriPhrase.isSpoken(""))
    }

    @Test func languagesSiriSpeaks() {
        #expect(SiriPhrase.speaks("de") && SiriPhrase.speaks("pt-BR") && SiriPhrase.speaks("zh-Hant") && SiriPhrase.speaks("he"))
        #expect(!SiriPhrase.speaks("cy") && !SiriPhrase.speaks("pa-IN") && !SiriPhrase.speaks("et"))
    }
}
