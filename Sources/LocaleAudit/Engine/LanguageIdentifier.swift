import Foundation
#if canImport(NaturalLanguage)
import NaturalLanguage
#else
import CLanguageID
#endif

/// The language a text was identified in.
public struct LanguageIdentification: Sendable, Hashable {
    /// BCP 47 language: "fr", "nb", "he", "zh", "zh-Hant".
    public var language: String
    /// 0…1: the share of the text's letters in that language (CLD2), or its probability (NaturalLanguage).
    public var confidence: Double
    /// The identifier's own verdict that the answer can be trusted (CLD2's `is_reliable`; a
    /// probability of at least 0.9 with NaturalLanguage). Short texts are often unreliable.
    public var isReliable: Bool
    /// How typical the text is of the language, comparable only between texts (CLD2's normalized
    /// score; 0 with NaturalLanguage).
    public var score: Double
}

/// Language identification of a text: Compact Language Detector 2 on Linux (loaded at run time, so
/// it may be missing: `isAvailable`), NaturalLanguage's `NLLanguageRecognizer` on Apple platforms.
/// Thread safety: stateless apart from caches behind a lock; every function may be called from any thread.
public enum LanguageIdentifier {
    /// Whether any text can be identified on this machine.
    public static var isAvailable: Bool { level > 0 }

    /// Whether the identifier knows the ~160 languages the rules rely on (CLD2's full tables, or
    /// NaturalLanguage); CLD2's default tables know about 80 and mistake the others for their neighbours.
    public static var hasFullCoverage: Bool { level > 1 }

    /// What identifies languages here, for `--version` and reports: "CLD2 V2.0 - 20140204
    /// (libcld2_full.so.0)", "NaturalLanguage", or "" when nothing does.
    public static var provenance: String {
        #if canImport(NaturalLanguage)
        return "NaturalLanguage"
        #else
        return String(cString: la_langid_description())
        #endif
    }

    /// Why identification is unavailable and how to get it; nil when it is available.
    public static var unavailableReason: String? {
        if hasFullCoverage { return nil }
        if isAvailable { return "only CLD2's default tables were found (libcld2_full.so.0 is missing)" }
        return "Compact Language Detector 2 is not installed (Debian/Ubuntu: apt-get install libcld2-0)"
    }

    private static let level: Int = {
        #if canImport(NaturalLanguage)
        return 2
        #else
        return Int(la_langid_load())
        #endif
    }()

    /// The language of `text`, or nil when it cannot be told (no letters, unknown, or no identifier).
    /// `hint` (a BCP 47 language) makes that language somewhat more likely, as an expected language should.
    public static func identify(_ text: String, hint: String? = nil) -> LanguageIdentification? {
        guard isAvailable, !text.isEmpty else { return nil }
        #if canImport(NaturalLanguage)
        let recognizer = NLLanguageRecognizer()
        if let hint { recognizer.languageHints = [NLLanguage(rawValue: hint): 0.5] }
        recognizer.processString(text)
        guard let (language, probability) = recognizer.languageHypotheses(withMaximum: 1).max(by: { $0.value < $1.value })
        else { return nil }
        return LanguageIdentification(language: bcp47(fromIdentifier: language.rawValue), confidence: probability,
                                      isReliable: probability >= 0.9, score: 0)
        #else
        var result = la_langid_result()
        // CLD2 takes a length: the UTF-8 bytes as they are, no terminated copy.
        let status = text.withUTF8Bytes { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                la_langid_detect(chars.baseAddress!, Int32(chars.count), hint.map(cld2Code(for:)), &result)
            }
        }
        guard status == 0 else { return nil }
        let code = withUnsafeBytes(of: result.language) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard code != "un", !code.hasPrefix("xx"), code != "xxx" else { return nil }
        return LanguageIdentification(language: bcp47(fromIdentifier: code), confidence: Double(result.percent) / 100,
                                      isReliable: result.reliable != 0, score: result.score)
        #endif
    }

    /// The ISO 15924 scripts the identifier recognizes a language in ("sr" → Latn, Cyrl), empty when
    /// it cannot identify the language at all (then text in it is taken for a neighbour's).
    public static func scripts(recognizing language: String) -> Set<String> {
        scriptCache.value(for: language.lowercased()) { _ in computeScripts(recognizing: language) }
    }

    /// Per ISO 15924 script, the languages the identifier recognizes in it, as `identify` names them
    /// (ICU's ISO 639 languages, Traditional Chinese and Montenegrin asked one by one).
    public static let languagesByScript: [String: Set<String>] = {
        var byScript: [String: Set<String>] = [:]
        for language in ICUInfo.isoLanguages + ["zh-Hant", "cnr"] {
            for script in scripts(recognizing: language) { byScript[script, default: []].insert(bcp47(fromIdentifier: language)) }
        }
        return byScript
    }()

    private static let scriptCache = LockedCache<String, Set<String>>()

    private static func computeScripts(recognizing language: String) -> Set<String> {
        guard isAvailable else { return [] }
        #if canImport(NaturalLanguage)
        // NaturalLanguage's languages (NLLanguage's constants); their scripts from ICU.
        let base = LanguageTag.languageSubtag(of: language)
        guard naturalLanguageLanguages.contains(base) || language == "zh-Hant" else { return [] }
        return Set((LanguageOfParts.scripts(of: language) ?? []).map(\.shortName))
        #else
        var code = [CChar](repeating: 0, count: 16), scripts = [CChar](repeating: 0, count: 64)
        var closeSet: Int32 = 0
        guard la_langid_language(cld2Code(for: language), &code, 16, &scripts, 64, &closeSet) == 0 else { return [] }
        let list = String(decoding: scripts.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Set(list.split(separator: ",").map(String.init))
        #endif
    }

    #if canImport(NaturalLanguage)
    static let naturalLanguageLanguages: Set<String> = [
        "am", "ar", "hy", "bn", "bg", "my", "ca", "chr", "hr", "cs", "da", "nl", "en", "fi", "fr", "ka", "de",
        "el", "gu", "he", "hi", "hu", "is", "id", "it", "ja", "kn", "km", "ko", "lo", "ms", "ml", "mr", "mn",
        "nb", "or", "fa", "pl", "pt", "pa", "ro", "ru", "zh", "si", "sk", "es", "sv", "ta", "te", "th", "bo",
        "tr", "uk", "ur", "vi", "kk",
    ]
    #endif

    /// The code CLD2 knows a BCP 47 language by (its codes predate some of BCP 47's).
    static func cld2Code(for language: String) -> String {
        let base = LanguageTag.languageSubtag(of: language)
        switch base {
        case "fil": return "tl"
        case "zh", "yue":
            // Traditional Chinese is a language of its own to CLD2.
            let script = (try? LanguageTag(language, options: .allowUnderscores).maximizedScript)?.shortName
            return script == "Hant" ? "zh-Hant" : "zh"
        default: return language
        }
    }

    /// BCP 47 for an identifier's language code: CLD2's "iw", "no", "tl", "jw" are he, nb, fil, jv;
    /// NaturalLanguage's "zh-Hans" is zh.
    static func bcp47(fromIdentifier code: String) -> String {
        switch code {
        case "iw": return "he"
        case "no": return "nb"
        case "tl": return "fil"
        case "jw": return "jv"
        case "zh-Hans": return "zh"
        case "sr-ME": return "cnr"
        default: return code
        }
    }
}
