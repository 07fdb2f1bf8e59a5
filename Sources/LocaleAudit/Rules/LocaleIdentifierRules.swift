import Foundation

// BCP 47 (RFC 5646) checks of locale identifiers wherever they are written: `.lproj` folder names,
// String Catalog languages, XLIFF languages, the configured source language, and what the app declares
// (the Xcode project's knownRegions and developmentRegion, Info.plist CFBundleDevelopmentRegion and
// CFBundleLocalizations; `Base` there is normal).

/// What the BCP 47 checks conclude about one identifier. At most one of `illFormed`, `invalid` and
/// `replacement` applies: a user fixes an identifier once, so the most basic problem is the one reported.
public struct LocaleIdentifierVerdict: Sendable, Hashable {
    /// Why the string is not a language tag at all.
    public var illFormed: String?
    /// Subtags that no registry knows, in words.
    public var invalid: [String] = []
    /// The canonical spelling when it differs from the identifier.
    public var replacement: String?
    /// Why the replacement is better, one reason per difference.
    public var reasons: [String] = []
    /// A legitimate but special identifier: undetermined, private use, documentation.
    public var specialUse: String?
    /// The replacement only folds an individual language into its macrolanguage (`cmn` → `zh`): a note.
    public var onlyMacrolanguage = false
    /// The replacement only changes letter case (`en-us` → `en-US`).
    public var onlyCase = false

    public var isWellFormed: Bool { illFormed == nil }
    public var isValid: Bool { illFormed == nil && invalid.isEmpty }
    public var isCanonical: Bool { isValid && replacement == nil }
}

/// The analysis behind the locale rules; pure and cheap apart from one ICU canonicalisation.
public enum LocaleIdentifierCheck {
    /// Folder names Xcode once used before BCP 47 (`English.lproj`), still accepted by Foundation.
    static let legacyAppleNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it", "dutch": "nl",
    ]

    /// Identifiers whose canonical form on Apple platforms differs from CLDR's, compared in lower case
    /// with '-' separators. Decision: `zh-HK` stays (Apple ships `zh_HK`/`zh-HK` localizations and
    /// likely subtags make it Traditional); only its underscore is reported.
    static let appleAndTranslateWikiForms: [String: (replacement: String, reason: String)] = [
        "zh-cn": ("zh-Hans", "Apple platforms name Chinese by script: 'zh-Hans' (Simplified) serves every Simplified Chinese user, 'zh-CN' only those whose region is China"),
        "zh-tw": ("zh-Hant", "Apple platforms name Chinese by script: 'zh-Hant' (Traditional) serves every Traditional Chinese user, 'zh-TW' only those whose region is Taiwan"),
        "sr-ec": ("sr-Cyrl", "'{id}' is MediaWiki's code for Serbian in Cyrillic; in BCP 47 it means Serbian as used in Ecuador"),
        "sr-el": ("sr-Latn", "'{id}' is MediaWiki's code for Serbian in Latin script; in BCP 47 'EL' is not a region (Greece is 'GR')"),
    ]

    /// Languages ICU 72 has no likely script for although they are written right to left.
    static let rightToLeftWithoutLikelyScript: Set<String> = ["azb"]

    public static func verdict(for identifier: String) -> LocaleIdentifierVerdict {
        var verdict = LocaleIdentifierVerdict()
        // `Base` holds the development language; Xcode 15 keeps Interface Builder files localized by a
        // String Catalog in `mul.lproj`. Both are platform conventions, not user languages.
        if identifier == "Base" || identifier == "mul" { return verdict }
        if identifier.lowercased() == "base" {
            verdict.replacement = "Base"
            verdict.reasons = ["Xcode names the development-language folder 'Base'; on a case-sensitive file system (every iOS device) '\(identifier)' is not found"]
            return verdict
        }
        let tag: LanguageTag
        switch LanguageTag.parse(identifier, options: .allowUnderscores) {
        case .failure(let error):
            verdict.illFormed = error.description
            return verdict
        case .success(let parsed): tag = parsed
        }
        let lowered = tag.hyphenated.lowercased()
        if let english = legacyAppleNames[lowered] {
            verdict.replacement = english
            verdict.reasons = ["'\(identifier)' is a pre-BCP 47 Xcode language name; use '\(english)'"]
            return verdict
        }
        if let special = appleAndTranslateWikiForms[lowered] {
            verdict.replacement = special.replacement
            verdict.reasons = [special.reason.replacingOccurrences(of: "{id}", with: identifier)]
            return verdict
        }
        let registry: SubtagRegistry
        do { registry = try SubtagRegistry.shared() } catch {
            verdict.invalid = ["cannot check subtags: \(error)"]
            return verdict
        }
        switch tag.form {
        case .privateUse:
            verdict.specialUse = "'\(identifier)' is a private-use tag: only parties that agreed on it understand it, and Apple platforms never match it to a user's language"
            return verdict
        case .grandfathered:
            let replacement = icuCanonical(tag.hyphenated) ?? tag.hyphenated
            // ICU turns tags without a modern equivalent into private use (`und-x-i-enochian`).
            if replacement.lowercased() != lowered, !replacement.hasPrefix("und-x-"), LanguageTag.parse(replacement).isSuccess {
                verdict.replacement = replacement
                verdict.reasons = ["'\(identifier)' is a grandfathered tag from RFC 3066; use '\(replacement)'\(displayName(replacement))"]
            } else {
                verdict.replacement = nil
                verdict.specialUse = "'\(identifier)' is a grandfathered tag with no modern equivalent: most software does not understand it"
            }
            return verdict
        case .normal: break
        }
        checkValidity(tag, identifier: identifier, registry: registry, into: &verdict)
        if !verdict.invalid.isEmpty { return verdict }
        canonicalize(tag, identifier: identifier, registry: registry, into: &verdict)
        return verdict
    }

    private static func checkValidity(_ tag: LanguageTag, identifier: String, registry: SubtagRegistry,
                                      into verdict: inout LocaleIdentifierVerdict) {
        let language = tag.language!.lowercased()
        switch registry.status(of: language, kind: .language) {
        case nil:
            if let alias = registry.alias(of: language, kind: .language) {
                let replacement = alias.replacement.replacingUnderscores
                verdict.invalid.append("'\(language)' is not a BCP 47 language subtag (it is the \(aliasReasonWords(alias.reason)) code); use '\(replacement)'\(displayName(replacement))")
            } else {
                verdict.invalid.append("'\(tag.language!)' is not a registered language subtag")
            }
        case .privateUse?:
            verdict.specialUse = language == "qqq"
                ? "'qqq' is TranslateWiki's message-documentation pseudo-locale: its strings describe each message in English for translators and are never shown to users (the consistency checks skip it)"
                : "'\(language)' is a private-use language code: Apple platforms never match it to a user's language"
        case .reserved?:
            verdict.specialUse = "'\(language)' is reserved for local use: Apple platforms never match it to a user's language"
        case .special?, .unknown?:
            let meaning = ["und": "undetermined language", "mul": "multiple languages", "zxx": "no linguistic content", "mis": "uncoded language"][language] ?? "a special code"
            verdict.specialUse = "'\(language)' means \(meaning), not a language a user can choose: strings here are never shown to anyone"
        case .regular?, .deprecated?, .macroregion?: break
        }
        for extlang in tag.extlangs where registry.status(of: extlang, kind: .language) == nil {
            verdict.invalid.append("'\(extlang)' is not a registered extended language subtag")
        }
        if let script = tag.script {
            switch registry.status(of: script, kind: .script) {
            case nil: verdict.invalid.append("'\(script)' is not a registered script subtag (ISO 15924)")
            case .privateUse?, .reserved?, .special?, .unknown?:
                verdict.specialUse = verdict.specialUse ?? "script '\(script)' is a private-use or special code"
            default: break
            }
        }
        if let region = tag.region {
            switch registry.status(of: region, kind: .region) {
            case nil: verdict.invalid.append("'\(region)' is not a registered region subtag (ISO 3166-1 or UN M.49)")
            case .privateUse?, .reserved?:
                verdict.specialUse = verdict.specialUse ?? "region '\(region)' is reserved for private use: no user is in it"
            case .unknown?:
                verdict.specialUse = verdict.specialUse ?? "region '\(region)' means unknown region"
            default: break
            }
        }
        for variant in tag.variants where registry.status(of: variant, kind: .variant) == nil {
            verdict.invalid.append("'\(variant)' is not a registered variant subtag")
        }
        for ext in tag.extensions {
            switch ext.singleton.lowercased() {
            case "u": verdict.invalid += unicodeExtensionProblems(ext.subtags, registry: registry)
            case "t": break // transformed content: its subtags are a language tag plus fields; not checked.
            default: verdict.invalid.append("extension '\(ext.singleton)' is not registered (only '-u-' and '-t-' are)")
            }
        }
    }

    /// `-u-` attributes are free; each key must be known and its type valid for the key.
    private static func unicodeExtensionProblems(_ subtags: [String], registry: SubtagRegistry) -> [String] {
        var problems: [String] = []
        var index = 0
        while index < subtags.count, subtags[index].count != 2 { index += 1 } // attributes
        while index < subtags.count {
            let key = subtags[index].lowercased()
            var types: [String] = []
            index += 1
            while index < subtags.count, subtags[index].count != 2 { types.append(subtags[index].lowercased()); index += 1 }
            let type = types.joined(separator: "-")
            if !registry.isValidUnicodeExtension(key: key, type: type) {
                problems.append(type.isEmpty ? "'-u-\(key)' is not a known Unicode extension key or needs a value"
                                             : "'-u-\(key)-\(type)' is not a known Unicode extension key and value")
            }
        }
        return problems
    }

    private static func canonicalize(_ tag: LanguageTag, identifier: String, registry: SubtagRegistry,
                                     into verdict: inout LocaleIdentifierVerdict) {
        var reasons: [String] = []
        if tag.usedUnderscores {
            reasons.append("'_' separators are POSIX style; BCP 47 (and Xcode) use '-'")
        }
        var input = tag.hyphenated
        let language = tag.language!.lowercased()
        if language == "no" {
            // CLDR keeps 'no' (ICU does not alias it), but Apple platforms localize Norwegian as 'nb'.
            input = "nb" + input.dropFirst(2)
            reasons.append("'no' is the Norwegian macrolanguage; Apple platforms use 'nb' (Norwegian Bokmål), or 'nn' for Nynorsk")
        } else if let alias = registry.alias(of: language, kind: .language) {
            let replacement = alias.replacement.replacingUnderscores
            if alias.reason == "macrolanguage" {
                verdict.onlyMacrolanguage = true
                reasons.append("CLDR's canonical form writes '\(language)'\(displayName(language)) as its macrolanguage '\(replacement)'\(displayName(replacement)); language matching canonicalizes it that way")
            } else {
                reasons.append("'\(language)' is \(aliasReasonPhrase(alias.reason)); use '\(replacement)'\(displayName(replacement))")
            }
        }
        if !tag.extlangs.isEmpty {
            reasons.append("extended language form: '\(tag.extlangs.last!.lowercased())' is a language of its own and stands alone")
        }
        if let script = tag.script, let alias = registry.alias(of: script, kind: .script) {
            reasons.append("script '\(script)' is \(aliasReasonPhrase(alias.reason)); use '\(alias.replacement)'")
        }
        if let region = tag.region, let alias = registry.alias(of: region, kind: .region) {
            let options = alias.replacement.split(separator: " ").map { "'\($0)'" }
            let why = alias.reason == "deprecated" ? "was withdrawn from ISO 3166" : "is \(aliasReasonPhrase(alias.reason))"
            reasons.append("region '\(region.uppercased())' \(why); use \(options.joined(separator: " or "))")
        }
        for variant in tag.variants {
            if let alias = registry.alias(of: variant, kind: .variant) {
                reasons.append("variant '\(variant)' is \(aliasReasonPhrase(alias.reason)); use '\(alias.replacement)'")
            } else if registry.status(of: variant, kind: .variant) == .deprecated {
                reasons.append("variant '\(variant)' is deprecated")
            }
        }
        guard var canonical = icuCanonical(input) else { return }
        canonical = keepingVariantOrder(canonical, from: tag)
        guard canonical != identifier else { return }
        let caseOnly = caseNormalized(tag)
        // Private-use subtags have no conventional case; ICU lower-cases them.
        if reasons.isEmpty, caseOnly == tag.hyphenated, canonical.lowercased() == identifier.lowercased() { return }
        if caseOnly != tag.hyphenated {
            let changes = zip(tag.hyphenated.split(separator: "-"), caseOnly.split(separator: "-"))
                .filter { $0.0 != $0.1 }.map { "'\($0.0)' → '\($0.1)'" }
            reasons.append("subtag case (\(changes.joined(separator: ", "))): BCP 47 writes languages in lower case, scripts in title case and regions in upper case, as Xcode names its folders; tools that compare names exactly, on a case-sensitive file system, miss a folder cased otherwise")
            verdict.onlyCase = reasons.count == 1 && canonical.lowercased() == identifier.lowercased()
        }
        if reasons.isEmpty { reasons.append("'\(canonical)' is the CLDR canonical form") }
        verdict.replacement = canonical
        verdict.onlyMacrolanguage = verdict.onlyMacrolanguage && reasons.count == 1
        verdict.reasons = reasons
    }

    /// ICU sorts variants alphabetically (UTS #35), but RFC 5646 orders them by their prefixes
    /// (`sl-rozaj-biske`): the written order is kept when the set is the same.
    private static func keepingVariantOrder(_ canonical: String, from tag: LanguageTag) -> String {
        guard tag.variants.count > 1, let parsed = try? LanguageTag(canonical),
              parsed.variants.map({ $0.lowercased() }).sorted() == tag.variants.map({ $0.lowercased() }).sorted() else { return canonical }
        var parts: [String] = [parsed.language ?? ""] + parsed.extlangs
        if let script = parsed.script { parts.append(script) }
        if let region = parsed.region { parts.append(region) }
        parts += tag.variants.map { $0.lowercased() }
        for ext in parsed.extensions { parts.append(String(ext.singleton)); parts += ext.subtags }
        if !parsed.privateUse.isEmpty { parts.append("x"); parts += parsed.privateUse }
        return parts.joined(separator: "-")
    }

    /// The tag with each subtag in its conventional case and '-' separators, nothing else changed.
    static func caseNormalized(_ tag: LanguageTag) -> String {
        var parts: [String] = [(tag.language ?? "").lowercased()] + tag.extlangs.map { $0.lowercased() }
        if let script = tag.script { parts.append(script.prefix(1).uppercased() + script.dropFirst().lowercased()) }
        if let region = tag.region { parts.append(region.uppercased()) }
        parts += tag.variants.map { $0.lowercased() }
        for ext in tag.extensions { parts.append(String(ext.singleton).lowercased()); parts += ext.subtags.map { $0.lowercased() } }
        if !tag.privateUse.isEmpty { parts.append("x"); parts += tag.privateUse }
        return parts.joined(separator: "-")
    }

    private static func icuCanonical(_ tag: String) -> String? {
        guard let parsed = try? LanguageTag(tag) else { return nil }
        return try? parsed.canonical
    }

    private static func displayName(_ tag: String) -> String {
        guard let parsed = try? LanguageTag(tag), let name = try? parsed.englishDisplayName, !name.isEmpty,
              name.lowercased() != tag.lowercased() else { return "" }
        return " (\(name))"
    }

    private static func aliasReasonPhrase(_ reason: String) -> String {
        switch reason {
        case "deprecated": return "deprecated"
        case "legacy": return "a legacy code"
        case "macrolanguage": return "an individual language of a macrolanguage that CLDR writes with the macrolanguage code"
        case "overlong": return "an overlong code"
        case "bibliographic": return "an ISO 639-2/B bibliographic code"
        default: return reason.isEmpty ? "replaced" : "replaced (\(reason))"
        }
    }

    private static func aliasReasonWords(_ reason: String) -> String {
        switch reason {
        case "overlong": return "overlong three-letter ISO 639-2"
        case "bibliographic": return "ISO 639-2/B bibliographic"
        default: return "\(reason)"
        }
    }

    /// Whether text in this locale runs right to left, from ICU's likely script.
    public static func isRightToLeft(_ identifier: String) -> Bool {
        guard let tag = try? LanguageTag(identifier, options: .allowUnderscores) else { return false }
        if tag.isRightToLeft { return true }
        if tag.script == nil, let language = tag.language?.lowercased() { return rightToLeftWithoutLikelyScript.contains(language) }
        return false
    }
}

extension Result {
    fileprivate var isSuccess: Bool { if case .success = self { return true } else { return false } }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}

// MARK: - Declarations

/// One identifier as the rules report it: its first place in a file, and how often the file repeats it.
struct LocaleOccurrence: Sendable {
    var identifier: String
    var origin: LocaleDeclaration.Origin?
    var location: SourceLocation?
    var repeats: Int

    var what: String {
        switch origin {
        case .lprojFolder?: return "folder name"
        // `source-language` in XLIFF 1.2, `srcLang` in 2.x.
        case .xliffSource?: return "XLIFF source language"
        case .xliffTarget?: return "XLIFF target language"
        case .xmlLang?: return "xml:lang"
        case .xclocContents?: return ".xcloc contents.json locale"
        case .catalogSource?: return "String Catalog sourceLanguage"
        case .catalogLocalization?: return "String Catalog localization"
        case .knownRegions?: return "Xcode project knownRegions entry"
        case .developmentRegion?: return "Xcode project developmentRegion"
        case .bundleDevelopmentRegion?: return "Info.plist CFBundleDevelopmentRegion"
        case .bundleLocalizations?: return "Info.plist CFBundleLocalizations entry"
        case .configuration?, nil: return "configured source language"
        }
    }

    /// The folder holding an `.lproj`, or the file that declares the identifier.
    var container: String {
        guard let file = location?.file else { return "" }
        if origin == .lprojFolder, let slash = file.lastIndex(of: "/") { return String(file[..<slash]) }
        return origin == .lprojFolder ? "" : file
    }
}

extension LocaleOccurrence {
    /// Every distinct identifier per file, at its first location, plus the configured source language.
    /// String Catalogs repeat each language once per string: reporting each copy would bury the finding.
    /// Worked out once per run (`RuleContext.localeOccurrences`) for the five rules that read it.
    static func all(in project: Project) -> [LocaleOccurrence] {
        struct Place: Hashable {
            var identifier: String
            var file: String
        }
        var index: [Place: Int] = [:]
        var occurrences: [LocaleOccurrence] = []
        for declaration in project.localeDeclarations {
            let key = Place(identifier: declaration.identifier, file: declaration.location.file)
            if let existing = index[key] {
                occurrences[existing].repeats += 1
                if declaration.location < occurrences[existing].location! { occurrences[existing].location = declaration.location }
                continue
            }
            index[key] = occurrences.count
            occurrences.append(LocaleOccurrence(identifier: declaration.identifier, origin: declaration.origin,
                                                location: declaration.location, repeats: 1))
        }
        if project.sourceLanguageOrigin == .configured {
            occurrences.append(LocaleOccurrence(identifier: project.sourceLanguage, origin: .configuration, location: nil, repeats: 1))
        }
        return occurrences
    }
}

/// The four per-identifier rules: each says what is wrong with one identifier, after its quoted
/// name ("Folder name 'pt_BR'" + ": use 'pt-BR'; …"), or nil; finding it is shared.
protocol IdentifierRule: Rule {
    static func problem(_ verdict: LocaleIdentifierVerdict, _ occurrence: LocaleOccurrence) -> String?
}

extension IdentifierRule {
    public func check(_ context: RuleContext) -> [Finding] {
        localeFindings(context, rule: Self.description) { occurrence, verdict in
            Self.problem(verdict, occurrence).map { "\(occurrence.what) '\(occurrence.identifier)'" + $0 }
        }
    }
}

/// Shared by the four per-identifier rules: one verdict per distinct identifier per run.
private func localeFindings(_ context: RuleContext, rule: RuleDescription,
                            _ make: (LocaleOccurrence, LocaleIdentifierVerdict) -> String?) -> [Finding] {
    var verdicts: [String: LocaleIdentifierVerdict] = [:]
    var findings: [Finding] = []
    var problems: [String] = []  // each finding's message, without what it says of its own file
    for occurrence in context.localeOccurrences {
        let verdict: LocaleIdentifierVerdict
        if let cached = verdicts[occurrence.identifier] { verdict = cached } else {
            verdict = LocaleIdentifierCheck.verdict(for: occurrence.identifier)
            verdicts[occurrence.identifier] = verdict
        }
        guard let problem = make(occurrence, verdict) else { continue }
        var message = problem
        if occurrence.repeats > 1 { message += " (written \(occurrence.repeats) times in this file)" }
        let severity = rule.id == LocaleNotCanonicalRule.description.id
            && (verdict.onlyMacrolanguage || (verdict.onlyCase && occurrence.origin?.isDataAttribute == true)) ? Severity.note : rule.severity
        var finding = Finding(ruleID: rule.id, severity: severity, message: message, location: occurrence.location,
                              locale: occurrence.identifier)
        // An identifier written inside a file is rewritten in place; a folder is renamed by hand.
        if rule.id == LocaleNotCanonicalRule.description.id, let replacement = verdict.replacement,
           let location = occurrence.location, let origin = occurrence.origin, origin.isWrittenInFile {
            let more = occurrence.repeats > 1 ? " (here; the file writes it \(occurrence.repeats - 1) more times)" : ""
            finding.fix = Fix("Write '\(replacement)' for '\(occurrence.identifier)'\(more)",
                              .replace(location, old: occurrence.identifier, new: replacement))
        }
        findings.append(finding)
        problems.append(problem)
    }
    return inSeveralFiles(findings, problems: problems)
}

/// One identifier written the same wrong way in many files (`en-us` in every XLIFF a tool
/// exported) is one decision: one finding at the first file, the others as notes.
private func inSeveralFiles(_ findings: [Finding], problems: [String]) -> [Finding] {
    var byProblem: [String: [Int]] = [:]
    for (i, problem) in problems.enumerated() where findings[i].location != nil { byProblem[problem, default: []].append(i) }
    var dropped = Set<Int>()
    var result: [Finding] = []
    for (i, finding) in findings.enumerated() where !dropped.contains(i) {
        let members = byProblem[problems[i]] ?? []
        let files = Set(members.map { findings[$0].location!.file })
        guard files.count >= 3 else {
            result.append(finding)
            continue
        }
        let ordered = members.sorted { findings[$0].location! < findings[$1].location! }
        var first = findings[ordered[0]]
        first.message = problems[i] + " (in \(files.count) files)"
        // Every place stays a note: each file is rewritten on its own (SARIF's fix covers the first).
        first.notes += ordered.dropFirst().map { Finding.Note(message: "also written so here", location: findings[$0].location) }
        result.append(first)
        dropped.formUnion(members)
    }
    return result
}

// MARK: - Rules

public struct LocaleIllFormedRule: IdentifierRule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-ill-formed", name: "Locale identifier is not a language tag", severity: .error,
        summary: "A locale identifier does not follow the BCP 47 (RFC 5646) syntax.",
        rationale: """
        The platform cannot match a malformed identifier to any user's language, so the localization is \
        shipped and never shown. ICU's own parser is lenient (it reads `en--US` as `en`), so the tag is \
        checked with a strict tokenizer; '_' separators are accepted here and reported by \
        locale-not-canonical.
        """,
        triggering: [
            RuleExample("An empty subtag",
                VirtualFile(folder: "en--US.lproj", marked: true),
                .strings("en--US", "\"cancel\" = \"Cancel\";\n")),
            RuleExample("A String Catalog language with a space",
                .catalog(strings: catalogKey("Cancel", ("↓pt BR", stringUnit("Cancelar"))))),
        ],
        nonTriggering: [
            RuleExample("Well-formed folder names, Base and a POSIX-style name (reported as not canonical)",
                VirtualFile("Base.lproj/Main.strings", "\"title\" = \"Library\";\n"),
                .strings("zh-Hant-HK", "\"cancel\" = \"取消\";\n"),
                .strings("pt_BR", "\"cancel\" = \"Cancelar\";\n")),
        ])

    static func problem(_ verdict: LocaleIdentifierVerdict, _ occurrence: LocaleOccurrence) -> String? {
        verdict.illFormed.map { " is not a BCP 47 language tag: \($0)" }
    }
}

public struct LocaleInvalidRule: IdentifierRule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-invalid", name: "Unregistered subtag", severity: .error,
        summary: "A locale identifier is well-formed but uses a language, script, region, variant or extension that is not registered.",
        rationale: """
        A mistyped code (`jp` for `ja`, `en-UK` for `en-GB`) is a well-formed tag for a locale no user \
        has: the translations ship and nobody sees them. Subtags are checked against CLDR's validity data \
        inside ICU (UN M.49 regions such as `419` are valid).
        """,
        triggering: [
            RuleExample("'jp' is a country code, not a language",
                VirtualFile(folder: "jp.lproj", marked: true),
                .strings("jp", "\"cancel\" = \"キャンセル\";\n")),
            RuleExample("The overlong ISO 639-2 code of English",
                .catalog(sourceLanguage: "↓eng", strings: #""Cancel" : { }"#)),
            RuleExample("The Xcode project declares 'jp' among its known regions",
                VirtualFile("App.xcodeproj/project.pbxproj", "{ objects = { A = { isa = PBXProject; developmentRegion = en; knownRegions = (en, Base, ↓jp); }; }; }\n"),
                .strings("en", "\"cancel\" = \"Cancel\";\n")),
        ],
        nonTriggering: [
            RuleExample("Registered subtags: a UN M.49 region, a TranslateWiki variant, an ISO 639-3 language",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("es-419", "\"cancel\" = \"Cancelar\";\n"),
                .strings("be-tarask", "\"cancel\" = \"Скасаваць\";\n"),
                .strings("nqo", "\"cancel\" = \"ߓߐ߫\";\n")),
        ])

    static func problem(_ verdict: LocaleIdentifierVerdict, _ occurrence: LocaleOccurrence) -> String? {
        guard verdict.isWellFormed, !verdict.invalid.isEmpty else { return nil }
        return " is not a valid locale: \(verdict.invalid.joined(separator: "; "))"
    }
}

public struct LocaleNotCanonicalRule: IdentifierRule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-not-canonical", name: "Locale identifier not in canonical form", severity: .warning,
        summary: "A valid locale identifier has a preferred spelling: a deprecated code, POSIX underscores, wrong case, a legacy or platform-specific form.",
        rationale: """
        `iw`, `in` and `tl` were replaced (`he`, `id`, `fil`); `pt_BR` and `pt-br` are `pt-BR`; \
        MediaWiki's `sr-ec` means Serbian in Ecuador to everyone else. Language matching on Apple \
        platforms compares canonical forms and file systems on devices are case-sensitive, so a \
        non-canonical name may not be found, and two spellings of one locale split its translations. \
        Apple conventions are applied: `nb` for Norwegian, `zh-Hans`/`zh-Hant` rather than `zh-CN`/\
        `zh-TW` (`zh-HK` is kept), `Base` for the development-language folder and `mul` for Xcode 15's \
        String Catalog-localized Interface Builder files. Folding an individual language into its \
        macrolanguage (`cmn` → `zh`, `diq` → `zza`) is only a note.
        """,
        triggering: [
            RuleExample("A deprecated language code",
                VirtualFile(folder: "iw.lproj", marked: true),
                .strings("iw", "\"cancel\" = \"ביטול\";\n")),
            RuleExample("POSIX separators and lower-case subtags",
                VirtualFile(folder: "pt_BR.lproj", marked: true),
                .strings("pt_BR", "\"cancel\" = \"Cancelar\";\n"),
                VirtualFile(folder: "zh-hans.lproj", marked: true),
                .strings("zh-hans", "\"cancel\" = \"取消\";\n")),
            RuleExample("MediaWiki's Serbian Cyrillic code",
                VirtualFile(folder: "sr-ec.lproj", marked: true),
                .strings("sr-ec", "\"cancel\" = \"Откажи\";\n")),
            RuleExample("Lower-case region inside an XLIFF file: valid BCP 47, only a note (SARIF carries the rewrite as a fix)",
                VirtualFile("Export/de.xliff", """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="Localizable.strings" source-language="en" target-language="↓de-de" datatype="plaintext">
                    <body><trans-unit id="cancel"><source>Cancel</source><target>Abbrechen</target></trans-unit></body>
                  </file>
                </xliff>

                """)),
        ],
        nonTriggering: [
            RuleExample("Canonical identifiers, Base, a region and a registered variant",
                VirtualFile("Base.lproj/Main.strings", "\"title\" = \"Library\";\n"),
                .strings("en-GB", "\"cancel\" = \"Cancel\";\n"),
                .strings("zh-Hans", "\"cancel\" = \"取消\";\n"),
                .strings("be-tarask", "\"cancel\" = \"Скасаваць\";\n")),
        ])

    static func problem(_ verdict: LocaleIdentifierVerdict, _ occurrence: LocaleOccurrence) -> String? {
        guard verdict.isValid, let replacement = verdict.replacement else { return nil }
        // Inside a file's data (an XLIFF language attribute) case does not matter to BCP 47 matching,
        // and no file system looks the name up: a note about the conventional spelling.
        if verdict.onlyCase && occurrence.origin?.isDataAttribute == true {
            return " is valid (BCP 47 ignores case) but conventionally written '\(replacement)'"
        }
        return ": use '\(replacement)'; \(verdict.reasons.joined(separator: "; "))"
    }
}

public struct LocaleSpecialUseRule: IdentifierRule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-special-use", name: "Private-use or special locale", severity: .note,
        summary: "A locale identifier is private use (`x-…`, `qaa`–`qtz`), undetermined (`und`), or TranslateWiki's documentation pseudo-locale `qqq`.",
        rationale: """
        Such identifiers are legal, but no user's language matches them, so their strings are never \
        shown. That is right for `qqq` (message documentation for translators) and worth knowing for \
        anything else.
        """,
        triggering: [
            RuleExample("TranslateWiki's message documentation",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile(folder: "qqq.lproj", marked: true),
                .strings("qqq", "\"cancel\" = \"Label of the button that closes a dialog\";\n")),
        ],
        nonTriggering: [
            RuleExample("Ordinary locales",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("ar", "\"cancel\" = \"إلغاء\";\n")),
        ])

    static func problem(_ verdict: LocaleIdentifierVerdict, _ occurrence: LocaleOccurrence) -> String? {
        guard verdict.isValid, let note = verdict.specialUse else { return nil }
        return ": \(note)"
    }
}

public struct LocaleCaseCollisionRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-case-collision", name: "Two spellings of one locale", severity: .error,
        summary: "One locale is written two ways (`sr-EC` and `sr-ec`, `pt_BR` and `pt-BR`): an error in one folder, a warning across folders.",
        rationale: """
        In one folder, names that differ only in case collide on the case-insensitive file system of a \
        Mac (one folder silently absorbs the other at checkout), and names that differ in separators \
        split one locale's strings over two folders. Across folders of one project the mix is \
        inconsistent naming that tools and people read as two locales.
        """,
        triggering: [
            RuleExample("Both spellings next to each other",
                .strings("sr-EC", "\"cancel\" = \"Откажи\";\n"),
                VirtualFile(folder: "sr-ec.lproj", marked: true),
                .strings("sr-ec", "\"cancel\" = \"Откажи\";\n")),
            RuleExample("A POSIX-style name in another target (a warning)",
                VirtualFile("App/pt-BR.lproj/Localizable.strings", "\"cancel\" = \"Cancelar\";\n"),
                VirtualFile(folder: "Widget/pt_BR.lproj", marked: true),
                VirtualFile("Widget/pt_BR.lproj/Widget.strings", "\"title\" = \"Livros\";\n")),
        ],
        nonTriggering: [
            RuleExample("One spelling everywhere",
                VirtualFile("App/pt-BR.lproj/Localizable.strings", "\"cancel\" = \"Cancelar\";\n"),
                VirtualFile("Widget/pt-BR.lproj/Widget.strings", "\"title\" = \"Livros\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var groups: [String: [LocaleOccurrence]] = [:]
        for occurrence in context.localeOccurrences where occurrence.location != nil {
            let key = String(occurrence.identifier.lowercased().map { $0 == "_" ? "-" : $0 })
            groups[key, default: []].append(occurrence)
        }
        var findings: [Finding] = []
        for key in groups.keys.sorted() {
            let occurrences = groups[key]!.sorted { $0.location! < $1.location! }
            guard Set(occurrences.map(\.identifier)).count > 1 else { continue }
            var reported: Set<String> = []
            for occurrence in occurrences {
                // Same container: the first other spelling there; otherwise the first spelling anywhere.
                let sameContainer = occurrences.first { $0.identifier != occurrence.identifier && $0.container == occurrence.container }
                let other: LocaleOccurrence
                let severity: Severity
                if let sameContainer {
                    guard sameContainer.location! < occurrence.location! else { continue }
                    other = sameContainer
                    severity = .error
                } else {
                    // Across folders each spelling other than the first is reported once.
                    guard occurrences[0].identifier != occurrence.identifier,
                          reported.insert(occurrence.identifier).inserted else { continue }
                    other = occurrences[0]
                    severity = .warning
                }
                let why: String
                if severity == .error {
                    why = other.identifier.lowercased() == occurrence.identifier.lowercased()
                        ? "they differ only in case and collide on a case-insensitive file system (macOS): one silently absorbs the other"
                        : "one locale's strings are split over two names"
                } else {
                    why = "inconsistent naming across the project; pick one spelling (the canonical one is reported by locale-not-canonical)"
                }
                findings.append(Finding(ruleID: rule.id, severity: severity,
                                        message: "'\(occurrence.identifier)' and '\(other.identifier)' are two spellings of one locale: \(why)",
                                        location: occurrence.location, locale: occurrence.identifier,
                                        notes: [Finding.Note(message: "'\(other.identifier)' is here", location: other.location)]))
            }
        }
        return findings
    }
}
