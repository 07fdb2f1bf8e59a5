/// Whether two locale identifiers name the same locale, for `locale-mismatch`.
///
/// Decision: identifiers that differ only in case or in `_`/`-` agree (spelling is the business of the
/// BCP 47 rules). Different identifiers that ICU resolves to one locale after canonicalisation and
/// likely subtags (`zh-CN` and `zh-Hans` are both zh-Hans-CN, `sv-SE` and `sv`, `tl` and `fil`) are
/// *equivalent*: a note, since tools that map Mozilla or Pontoon codes to Apple's do so on purpose, but
/// a script that goes by one of the two names still misses the other. Everything else disagrees.
public enum LocaleAgreement: Sendable, Hashable {
    case same
    /// One locale under two identifiers; the payload is the maximized tag both resolve to.
    case equivalent(String)
    case different

    public static func compare(_ a: String, _ b: String) -> LocaleAgreement {
        if folded(a) == folded(b) { return .same }
        guard let left = resolved(a), let right = resolved(b) else { return .different }
        return left.lowercased() == right.lowercased() ? .equivalent(left) : .different
    }

    /// Lower case with `-` separators: `pt_BR` and `pt-br` fold alike.
    static func folded(_ identifier: String) -> String {
        String(identifier.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Canonical (aliases applied: `tl` → `fil`) and then maximized; nil when ICU cannot say.
    private static func resolved(_ identifier: String) -> String? {
        guard let tag = try? LanguageTag(identifier, options: .allowUnderscores), tag.form == .normal,
              let canonical = try? tag.canonical, let canonicalTag = try? LanguageTag(canonical) else { return nil }
        return try? canonicalTag.maximized
    }
}

/// A locale named by where a file sits: its enclosing `X.lproj` folder, its own name (GoMap's
/// `src/xliff/nl.xliff`) or its parent folder (Mozilla's `cs/focus-ios.xliff`).
struct PathLocale: Sendable, Hashable {
    enum Place: Sendable, Hashable { case lprojFolder, fileName, parentFolder }
    var identifier: String
    var place: Place
    /// The folder or file whose name gives the locale.
    var path: String

    var described: String {
        switch place {
        case .lprojFolder: return "the folder \(PathLocale.lastComponent(path)) (\"\(identifier)\")"
        case .fileName: return "the file name \(PathLocale.lastComponent(path)) (\"\(identifier)\")"
        case .parentFolder: return "the parent folder \(PathLocale.lastComponent(path))/ (\"\(identifier)\")"
        }
    }

    /// Words common as folder or file names that are also registered language codes (`src` is
    /// Logudorese Sardinian, `bin` Edo, `new` Newari, `api` Apinayé): a folder so named is almost never
    /// a locale; `in` (deprecated Indonesian) is far more often a test's input folder. Other two-letter
    /// codes (`to`, `my`) are kept: as folder names they are locales.
    static let falseFriends: Set<String> = [
        "all", "in", "api", "app", "bin", "car", "cfg", "cli", "css", "dev", "doc", "etc", "ext", "gen", "key", "kit", "lib", "log",
        "man", "men", "mnt", "mod", "new", "old", "opt", "out", "pkg", "pod", "pro", "raw", "res", "src", "srv", "sys", "tmp",
        "var", "web", "www",
    ]

    /// The locales `path` names. `lprojLocale` is the one discovery found (`ReadContext.locale`);
    /// `Base` and `mul` folders hold no single target language.
    static func locales(path: String, lprojLocale: String?) -> [PathLocale] {
        // A git side's paths read `REV:cs/focus-ios.xliff`: what precedes a colon is not a name.
        let written = path.parts(separatedBy: UInt8(ascii: "/"))
        let components = written.map { $0.parts(separatedBy: UInt8(ascii: ":")).last! }
        guard let name = components.last else { return [] }
        var found: [PathLocale] = []
        if let lprojLocale, !["base", "mul"].contains(lprojLocale.lowercased()),
           let index = components.dropLast().lastIndex(where: { $0.hasSuffix(".lproj") }) {
            let folder = written[...index].joined(separator: "/")
            found.append(PathLocale(identifier: lprojLocale, place: .lprojFolder, path: folder))
        }
        if let dot = name.lastIndex(of: "."), isLocaleName(name[..<dot]) {
            found.append(PathLocale(identifier: String(name[..<dot]), place: .fileName, path: path))
        }
        if components.count >= 2, isLocaleName(components[components.count - 2]) {
            let folder = written.dropLast().joined(separator: "/")
            found.append(PathLocale(identifier: String(components[components.count - 2]), place: .parentFolder, path: folder))
        }
        return found
    }

    /// A name that is a valid language tag (every subtag registered: not `in-out`, which parses as
    /// `in` plus an extlang) whose language subtag is regular or deprecated (so `xliff`, `templates` and
    /// `Localized Contents` are not locales) and has an English name in ICU, and is not a common
    /// folder word. ISO 639-3 registers most three-letter words (`big` is Big Nambas, `box`
    /// Buamu); ICU names only languages with some locale data (`ast`, `scn`, `ses`, `tzm` included).
    static func isLocaleName(_ name: Substring) -> Bool {
        // Every file of a folder asks about the same names (`focus-ios`, `cs`): ICU answers each once.
        localeNames.value(for: String(name)) { isLocaleName(uncached: $0) }
    }

    private static let localeNames = LockedCache<String, Bool>()

    private static func isLocaleName(uncached name: String) -> Bool {
        guard !name.isEmpty, !falseFriends.contains(name.lowercased()),
              case .success(let tag) = LanguageTag.parse(name, options: .allowUnderscores),
              tag.form == .normal, let language = tag.language,
              let status = try? SubtagRegistry.status(of: language, kind: .language),
              status == .regular || status == .deprecated,
              LocaleIdentifierCheck.verdict(for: name).isValid,
              let languageTag = try? LanguageTag(language), let english = try? languageTag.englishDisplayName
        else { return false }
        return english.lowercased() != language.lowercased()
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// `locale-mismatch` findings for each distinct declared target language that disagrees with a
    /// locale the path names: a warning when they are different locales, a note when equivalent.
    static func findings(declarations: [LocaleDeclaration], attribute: String, path: String,
                         lprojLocale: String?) -> [Finding] {
        let places = locales(path: path, lprojLocale: lprojLocale)
        guard !places.isEmpty else { return [] }
        var seen: Set<String> = []
        var findings: [Finding] = []
        for declaration in declarations where declaration.origin == .xliffTarget {
            guard seen.insert(LocaleAgreement.folded(declaration.identifier)).inserted else { continue }
            var different: [PathLocale] = [], equivalent: [(PathLocale, String)] = []
            for place in places {
                switch LocaleAgreement.compare(declaration.identifier, place.identifier) {
                case .same: continue
                case .equivalent(let resolved): equivalent.append((place, resolved))
                case .different: different.append(place)
                }
            }
            let declared = "\(attribute)=\"\(declaration.identifier)\""
            var notes = different.map { Finding.Note(message: "\($0.described) names the locale \"\($0.identifier)\" here",
                                                     location: SourceLocation(file: $0.path, line: 1, column: 1)) }
            notes += equivalent.map { place, resolved in
                Finding.Note(message: "\(place.described) is another identifier of \(resolved)",
                             location: SourceLocation(file: place.path, line: 1, column: 1))
            }
            if !different.isEmpty {
                let names = different.map(\.described).joined(separator: " and ")
                findings.append(Finding(
                    ruleID: LocaleMismatchRule.id, severity: .warning,
                    message: "\(declared) disagrees with \(names): tools that import by the declared language put these translations in \"\(declaration.identifier)\", tools that go by the path in \"\(different[0].identifier)\"; correct \(attribute) or move the file",
                    location: declaration.location, locale: declaration.identifier, notes: notes))
            } else if let (place, resolved) = equivalent.first {
                findings.append(Finding(
                    ruleID: LocaleMismatchRule.id, severity: .note,
                    message: "\(declared) and \(place.described) are different identifiers of one locale (both \(resolved) by likely subtags); a tool or script that looks for one name misses the other: use one identifier in both places",
                    location: declaration.location, locale: declaration.identifier, notes: notes))
            }
        }
        return findings
    }
}
