import Foundation
import Testing
@testable import LocaleAudit

/// Locale folder names of the real catalogs in ../shared/corpus (read in place, never copied).
@Suite("CorpusLocales")
struct CorpusLocaleTests {
    static let corpus: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func lprojNames() -> Set<String> {
        guard let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        var names: Set<String> = []
        for case let url as URL in walker where url.pathExtension == "lproj" {
            names.insert(url.deletingPathExtension().lastPathComponent)
        }
        return names
    }

    @Test func everyFolderLocaleParsesAndCanonicalizes() throws {
        let names = Self.lprojNames()
        guard !names.isEmpty else {
            print("Skipping CorpusLocales: no corpus at \(Self.corpus.path)")
            return
        }
        var canonical: [String: String] = [:]
        for name in names where name != "Base" {
            let tag = try #require(try? LanguageTag(name, options: .allowUnderscores), "\(name) should be well-formed")
            canonical[name] = try tag.canonical
            _ = try PluralRules(locale: tag.hyphenated)
        }
        #expect(names.count > 100)
        // Spot checks of what later rules will report for the Wikipedia folders.
        let expected = ["zh-hans": "zh-Hans", "pt-br": "pt-BR", "tl": "fil", "gom-latn": "gom-Latn",
                        "be-tarask": "be-tarask", "en-gb": "en-GB", "mul": "mul"]
        for (name, form) in expected where canonical[name] != nil {
            #expect(canonical[name] == form, "\(name)")
        }
        // MediaWiki's sr-ec means "Serbian, Cyrillic"; in BCP 47 EC is the region Ecuador.
        if names.contains("sr-ec") {
            #expect(try SubtagRegistry.status(of: "ec", kind: .region) == .regular)
        }
        // qqq (message documentation) is a private-use language code.
        if names.contains("qqq") {
            #expect(try SubtagRegistry.status(of: "qqq", kind: .language) == .privateUse)
        }
    }
}
