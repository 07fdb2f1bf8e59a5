import Foundation

// Defects only visible across locales and keys: a locale that holds another locale's text
// (`locale-copy`), and translations that belong to another key (`translation-swapped`). Each value
// passes every per-string check; only comparing locales with each other, or a key's translations with
// the usual length of each language, shows them.

// MARK: - Shared: one table's translations as numbers

/// The numbered tables both cross-locale rules read, built once by the first that asks (on every
/// core) and shared. Thread safety: written once, under `lock`.
final class SharedNumberedTables: RuleCache, @unchecked Sendable {
    private let index: ProjectIndex
    private let workers: Int
    private let lock = NSLock()
    private var computed: [NumberedTable]?

    init(index: ProjectIndex, workers: Int) {
        self.index = index
        self.workers = workers
    }

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        computed = nil
    }

    var tables: [NumberedTable] {
        lock.lock()
        defer { lock.unlock() }
        if let computed { return computed }
        let sets = index.tableSets.filter { $0.source != nil && !$0.translations.isEmpty }
        let made = Parallel.map(sets, workers: workers, cost: { $0.translations.count * ($0.source?.keys.count ?? 0) }) {
            NumberedTable($0, source: $0.source!)
        }
        computed = made
        return made
    }
}

/// One table's translations with every distinct text numbered, so that comparing locales and keys is
/// comparing integers. Plain strings and plurals (their forms joined) take part; variations do not.
struct NumberedTable {
    var set: ProjectIndex.TableSet
    /// Source keys that are translated (shouldTranslate), in source order.
    var keys: [String]
    /// Text number of each key's source value, -1 when it has none to compare.
    var source: [Int32]
    /// Per translation locale (in `set.translations` order), the text number of each key, -1 when absent.
    var translations: [[Int32]]
    /// The texts by number, and a value of each.
    var texts: [String]
    var values: [Value]

    static let absent: Int32 = -1

    /// The distinct texts met so far, numbered in the order met, with a value of each. A struct of its
    /// own (not variables a nested function captures), so that its accesses are checked when compiled.
    private struct Numbering {
        var texts = Interner<ExactText>()
        var values: [Value] = []

        mutating func number(_ value: Value) -> Int32 {
            guard let text = NumberedTable.comparableText(value) else { return NumberedTable.absent }
            let number = texts.id(of: ExactText(text))
            if number == values.count { values.append(value) }
            return Int32(number)
        }
    }

    init(_ set: ProjectIndex.TableSet, source tables: ProjectIndex.LocaleTables) {
        self.set = set
        var numbering = Numbering()
        var keys: [String] = []
        var positions: [Int] = []
        var source: [Int32] = []
        for (k, key) in tables.keys.enumerated() where set.sourceEntries[k].shouldTranslate {
            keys.append(key)
            positions.append(k)
            source.append(numbering.number(set.sourceEntries[k].value))
        }
        var translations: [[Int32]] = []
        translations.reserveCapacity(set.alignedEntries.count)
        for aligned in set.alignedEntries {
            translations.append(positions.map { k in
                guard let entry = aligned[k], entry.shouldTranslate else { return NumberedTable.absent }
                return numbering.number(entry.value)
            })
        }
        self.translations = translations
        self.keys = keys
        self.source = source
        texts = numbering.texts.values.map(\.text)
        values = numbering.values
    }

    /// A plain string as it is; a plural as its forms joined by a separator no catalog text holds.
    static func comparableText(_ value: Value) -> String? {
        switch value {
        case .text(let text): return text
        case .plural: return value.texts.map(\.text).joined(separator: "\u{1F}")
        case .variations: return nil
        }
    }

    /// The translated entry of `key` in the locale at `localeIndex`.
    func entry(_ localeIndex: Int, _ key: String) -> Entry? { set.translations[localeIndex].entries[key] }

    /// Where a finding about that translation lands: its value, else its key.
    func location(_ localeIndex: Int, _ key: String) -> SourceLocation? {
        entry(localeIndex, key).map { $0.valueLocation ?? $0.location }
    }
}

/// What ICU says of a locale that matters when comparing locales: its language and script after
/// likely subtags (`pt-BR` → pt, Latn; `zh-HK` → zh, Hant; TranslateWiki's `sr-el` → sr, Latn).
struct LocaleLanguage: Hashable, Sendable {
    var language: String
    var script: String

    init(_ locale: String) {
        let fallback = LanguageTag.languageSubtag(of: locale)
        let lower = LanguageTag.caseFolded(locale)
        let aliased = LocaleIdentifierCheck.appleAndTranslateWikiForms[lower]?.replacement ?? locale
        guard case .success(let tag) = LanguageTag.parse(aliased, options: .allowUnderscores),
              let maximal = try? tag.maximized,
              case .success(let full) = LanguageTag.parse(maximal, options: .allowUnderscores) else {
            language = fallback
            script = ""
            return
        }
        let language = (full.language ?? fallback).lowercased()
        self.language = Self.sameAs[language] ?? language
        script = full.script?.lowercased() ?? ""
    }

    init(language: String, script: String) {
        self.language = language
        self.script = script
    }

    /// Codes that name the same written language as another: ICU keeps the macrolanguage `no` apart
    /// from `nb` and Najdi Arabic `ars` (Apple's Arabic for Saudi Arabia) apart from `ar`, and maximizes
    /// deprecated codes as they are.
    static let sameAs: [String: String] = [
        "no": "nb", "ars": "ar", "arb": "ar", "tl": "fil", "iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro",
    ]

    /// Standards of one language that share much of their text, each with its own locale code:
    /// Serbo-Croatian in Latin letters, Malay, Norwegian.
    static let closeGroups: [Set<String>] = [["hr", "bs", "sr-latn", "sh", "cnr"], ["ms", "id"], ["nb", "nn"]]

    /// How two locales relate: one language (regional variants, which share text by design), one
    /// language in two scripts (text of characters both scripts have is rightly the same), two close
    /// standards (sharing text is common), or two languages.
    enum Kinship { case sameLanguage, otherScript, close, different }

    func kinship(with other: LocaleLanguage) -> Kinship {
        if language == other.language { return script == other.script ? .sameLanguage : .otherScript }
        let (a, b) = (groupName, other.groupName)
        if Self.closeGroups.contains(where: { $0.contains(a) && $0.contains(b) }) { return .close }
        return .different
    }

    private var groupName: String { language == "sr" && script == "latn" ? "sr-latn" : language }

    /// The ICU locale id whose exemplar characters stand for this language.
    var icuID: String {
        // Scripts that are the language's usual one need no suffix; others do (sr_Latn, zh_Hant).
        switch (language, script) {
        case ("sr", "latn"): return "sr_Latn"
        case ("zh", "hant"): return "zh_Hant"
        case ("uz", "cyrl"): return "uz_Cyrl"
        case ("bs", "cyrl"): return "bs_Cyrl"
        default: return language
        }
    }
}

/// The letters of a language's ordinary text: CLDR's main exemplar characters, read from ICU's data.
enum ExemplarLetters {
    /// Lowercased scalars; nil when ICU has no data for the locale.
    static func letters(of icuID: String) -> Set<Unicode.Scalar>? {
        guard let pattern = try? SubtagRegistry.dump(icuID, "ExemplarCharacters", optional: true).first?.1 else { return nil }
        let letters = parse(pattern)
        return letters.isEmpty ? nil : letters
    }

    /// The scalars of a UnicodeSet pattern such as `[a à b c-e {ch} \u0301]`; strings in braces add
    /// their scalars, ranges are expanded (bounded, for CJK sets).
    static func parse(_ pattern: String) -> Set<Unicode.Scalar> {
        var result = Set<Unicode.Scalar>()
        let scalars = pattern.scalarArray
        var i = 0
        var previous: Unicode.Scalar? = nil
        func read(_ i: inout Int) -> Unicode.Scalar? {
            guard i < scalars.count else { return nil }
            if scalars[i] == "\\", i + 1 < scalars.count {
                if scalars[i + 1] == "u", i + 5 < scalars.count,
                   let code = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)])), radix: 16),
                   let scalar = Unicode.Scalar(code) {
                    i += 6
                    return scalar
                }
                i += 2
                return scalars[i - 1]
            }
            i += 1
            return scalars[i - 1]
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "[" || c == "]" || c == "{" || c == "}" || c == " " { i += 1; previous = nil; continue }
            if c == "-", let low = previous, i + 1 < scalars.count {
                i += 1
                guard let high = read(&i), high.value >= low.value, high.value - low.value < 30_000 else { continue }
                for code in low.value...high.value { if let s = Unicode.Scalar(code) { result.insert(lowercased(s)) } }
                previous = nil
                continue
            }
            guard let scalar = read(&i) else { break }
            result.insert(lowercased(scalar))
            previous = scalar
        }
        return result
    }

    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// The share of the letters of `texts` that are not among `letters`.
    static func foreignShare(of texts: [String], outside letters: Set<Unicode.Scalar>) -> Double {
        let counted = foreignLetters(of: texts, outside: letters)
        return counted.total == 0 ? 0 : Double(counted.count) / Double(counted.total)
    }

    /// How many of the letters of `texts` are not among `letters`, of how many.
    static func foreignLetters(of texts: [String], outside letters: Set<Unicode.Scalar>) -> (count: Int, total: Int) {
        var total = 0, foreign = 0
        for text in texts {
            for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars where scalar.isAlphabeticFast {
                // Combining marks are counted with their letter.
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                total += 1
                if !letters.contains(lowercased(scalar)) { foreign += 1 }
            }
        }
        return (foreign, total)
    }
}

/// Robust statistics of a sample: median and median absolute deviation.
enum RobustStatistics {
    /// The middle value (the mean of the two middle ones for an even count), found by selection
    /// rather than a full sort: translation-swapped asks it of every locale's quarter of a million
    /// ratios at most, twice.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        var values = values
        let mid = values.count / 2
        let upper = select(mid, in: &values)
        guard values.count % 2 == 0 else { return upper }
        // After selecting, everything before `mid` is at most `upper`: the lower middle is their largest.
        return (values[..<mid].max()! + upper) / 2
    }

    /// The value that would be at `k` if `values` were sorted. Leaves smaller-or-equal values before
    /// `k` and greater-or-equal ones after it. Quickselect with a median-of-three pivot; a range that
    /// keeps partitioning badly is sorted instead, so the worst case stays n log n.
    static func select(_ k: Int, in values: inout [Double]) -> Double {
        var low = 0, high = values.count - 1
        var budget = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 4
        while high - low > 16 {
            if budget == 0 {
                values[low...high].sort()
                return values[k]
            }
            budget -= 1
            let middle = low + (high - low) / 2
            // Median of three at `middle`, the smallest at `low`, the largest at `high`.
            if values[middle] < values[low] { values.swapAt(middle, low) }
            if values[high] < values[low] { values.swapAt(high, low) }
            if values[high] < values[middle] { values.swapAt(high, middle) }
            let pivot = values[middle]
            // Hoare partition: [low, j] ≤ pivot ≤ [j + 1, high].
            var i = low - 1, j = high + 1
            while true {
                repeat { i += 1 } while values[i] < pivot
                repeat { j -= 1 } while pivot < values[j]
                if i >= j { break }
                values.swapAt(i, j)
            }
            if k <= j { high = j } else { low = j + 1 }
        }
        values[low...high].sort()
        return values[k]
    }

    /// (median, MAD scaled to a normal standard deviation, 1.4826 × MAD).
    static func medianAndSpread(_ values: [Double]) -> (median: Double, spread: Double) {
        let m = median(values)
        return (m, 1.4826 * median(values.map { abs($0 - m) }))
    }
}

extension String {
    fileprivate var quotedKey: String { "\"\(visibleExcerpt)\"" }
}

// MARK: - locale-copy

/// `locale-copy` settings (`.locale-audit.yml`, `locale-copy:`).
public struct LocaleCopyOptions: Sendable, Equatable {
    /// The share of the keys both locales translate whose values are equal, from which one is a copy.
    public var share: Double = 0.6
    /// Fewer keys translated by both say nothing.
    public var minimumKeys: Int = 20
    public init() {}
}

public struct LocaleCopyRule: Rule {
    public init() {}

    static func strings(_ pairs: [(String, String)]) -> String {
        pairs.map { "\"\($0.0)\" = \"\($0.1)\";\n" }.joined()
    }

    /// 24 strings and their Welsh, Scottish Gaelic and French translations, for the examples.
    static let exampleRows: [(key: String, en: String, cy: String, gd: String, fr: String)] = [
        ("open", "Open", "Agor", "Fosgail", "Ouvrir"), ("close", "Close", "Cau", "Dùin", "Fermer"),
        ("save", "Save", "Cadw", "Sàbhail", "Enregistrer"), ("delete", "Delete", "Dileu", "Sguab às", "Supprimer"),
        ("share", "Share", "Rhannu", "Co-roinn", "Partager"), ("search", "Search", "Chwilio", "Lorg", "Rechercher"),
        ("settings", "Settings", "Gosodiadau", "Roghainnean", "Réglages"), ("help", "Help", "Cymorth", "Cobhair", "Aide"),
        ("cancel", "Cancel", "Diddymu", "Sguir dheth", "Annuler"), ("back", "Back", "Nôl", "Air ais", "Retour"),
        ("next", "Next", "Nesaf", "Air adhart", "Suivant"), ("done", "Done", "Gorffen", "Deiseil", "Terminé"),
        ("edit", "Edit", "Golygu", "Deasaich", "Modifier"), ("copy", "Copy", "Copïo", "Dèan lethbhreac", "Copier"),
        ("paste", "Paste", "Gludo", "Cuir ann", "Coller"), ("print", "Print", "Argraffu", "Clò-bhuail", "Imprimer"),
        ("home", "Home", "Cartref", "Dachaigh", "Accueil"), ("history", "History", "Hanes", "Eachdraidh", "Historique"),
        ("privacy", "Privacy", "Preifatrwydd", "Prìobhaideachd", "Confidentialité"), ("language", "Language", "Iaith", "Cànan", "Langue"),
        ("download", "Download", "Llwytho i lawr", "Luchdaich a-nuas", "Télécharger"), ("reload", "Reload", "Ail-lwytho", "Ath-luchdaich", "Actualiser"),
        ("bookmarks", "Bookmarks", "Nodau tudalen", "Comharran-lìn", "Signets"), ("tabs", "Tabs", "Tabiau", "Tabaichean", "Onglets"),
    ]

    /// Every second key holds a product name most languages write alike ("Focus Close").
    static func sharedName(_ key: String, _ en: String) -> String? {
        exampleRows.firstIndex { $0.key == key }.flatMap { $0 % 2 == 1 ? "Focus \(en)" : nil }
    }

    /// 20 counters whose text is a number and a placeholder.
    static func numbers(_ format: String) -> String {
        (1...20).map { "\"count\($0)\" = \"\(format) (\($0))\";\n" }.joined()
    }

    static func table(_ column: (String, String, String, String, String) -> String, marked: Bool = false,
                      keep: Int = 24, extra: String = "") -> String {
        let rows = exampleRows.prefix(keep)
        return rows.enumerated().map { offset, row in
            (marked && offset == 0 ? "↓" : "") + "\"\(row.key)\" = \"\(column(row.key, row.en, row.cy, row.gd, row.fr))\";\n"
        }.joined() + extra
    }

    public static let description = RuleDescription(
        id: "locale-copy", name: "Locale holds another locale's text", severity: .warning,
        summary: "A locale's values equal another locale's for most of the keys both translate: one of them holds the other's language.",
        rationale: """
        A Scottish Gaelic table filled with the Welsh one, or a Portuguese table filled from Spanish, \
        passes every per-string check: the values are well formed, in the right script, and not the \
        source text. Its users read a language they may not know. Values that prove nothing are left \
        out: those identical to the source, names (the app's name, platform terms, configured terms), \
        values without words, and values most locales share. The finding is on the locale whose \
        language the shared text is not (judged by CLDR's exemplar letters of each language; else the \
        less complete of the two), once per table, with example keys. Regional variants of one \
        language (`pt-BR`/`pt-PT`, `es`/`es-419`, `zh-Hant`/`zh-HK`, `en-GB`/`en-AU`) share text by \
        design and are left alone; close standards of one language (`hr`/`bs`/`sr-Latn`, `ms`/`id`, \
        `nb`/`nn`) are only a note. The share and the number of keys are set in `.locale-audit.yml` \
        (`locale-copy: {share: 60, min-keys: 20}`).
        """,
        triggering: [
            RuleExample("Scottish Gaelic holds the Welsh text: the letters w and y are not Gaelic",
                .strings("en", table { _, en, _, _, _ in en }),
                .strings("cy", table { _, _, cy, _, _ in cy }),
                .strings("gd", table({ key, _, cy, gd, _ in key == "tabs" ? gd : cy }, marked: true)),
                .strings("fr", table { _, _, _, _, fr in fr })),
            RuleExample("Bosnian and Croatian are close standards of one language: a note on the less complete table",
                .strings("en", table { _, en, _, _, _ in en }),
                .strings("hr", table { key, _, _, _, fr in "\(fr) (\(key))" }),
                .strings("bs", table({ key, _, _, _, fr in "\(fr) (\(key))" }, marked: true, keep: 22))),
        ],
        nonTriggering: [
            RuleExample("Brazilian and European Portuguese share most of their text by design",
                .strings("en", table { _, en, _, _, _ in en }),
                .strings("pt-BR", table { key, _, _, _, fr in "\(fr) (\(key))" }),
                .strings("pt-PT", table { key, _, _, _, fr in key == "save" ? "Guardar" : "\(fr) (\(key))" })),
            RuleExample("Fewer than 20 keys translated by both say nothing",
                .strings("en", table({ _, en, _, _, _ in en }, keep: 19)),
                .strings("cy", table({ _, _, cy, _, _ in cy }, keep: 19)),
                .strings("gd", table({ _, _, cy, _, _ in cy }, keep: 19))),
            RuleExample("Numbers and placeholders without words prove nothing",
                .strings("en", table({ _, en, _, _, _ in en }, keep: 4, extra: numbers("%d"))),
                .strings("cy", table({ _, _, cy, _, _ in cy }, keep: 4, extra: numbers("%d."))),
                .strings("gd", table({ _, _, cy, _, _ in cy }, keep: 4, extra: numbers("%d.")))),
            RuleExample("Values most languages share (product names written one way) are no evidence; nor are values left as the source",
                .strings("en", table { _, en, _, _, _ in en }),
                .strings("cy", table { key, en, cy, _, _ in sharedName(key, en) ?? cy }),
                .strings("gd", table { key, en, cy, gd, _ in sharedName(key, en) ?? (["open", "close", "save", "delete", "share", "search"].contains(key) ? cy : gd) }),
                .strings("fr", table { key, en, _, _, fr in sharedName(key, en) ?? fr })),
            RuleExample("Two tables both left in English copy nobody (untranslated reports them)",
                .strings("en", table { _, en, _, _, _ in en }),
                .strings("cy", table { _, en, _, _, _ in en }),
                .strings("gd", table { _, en, _, _, _ in en })),
        ])

    /// One pair of locales of one table whose values agree.
    struct Agreement: Equatable {
        /// Indexes into the table's locales.
        var first: Int
        var second: Int
        /// Keys both translate (values that prove something), and how many of them are equal.
        var shared: Int
        var equal: Int
    }

    /// The pairs of locales of one table whose values are equal for at least `share` of at least
    /// `minimumKeys` keys both translate. `ignored(text)` says a value proves nothing (a name, no words);
    /// `languages` gives each locale's language index, for "a value most languages share".
    static func agreements(_ table: NumberedTable, languages: [Int], options: LocaleCopyOptions,
                           ignored: (Int32) -> Bool) -> [Agreement] {
        let localeCount = table.translations.count
        let keyCount = table.keys.count
        guard localeCount >= 2, keyCount >= options.minimumKeys else { return [] }
        // Per locale, a bit per key it translates (present, not the source's text): shared keys of a
        // pair are the bits both have.
        let words = (keyCount + 63) / 64
        var bits = [[UInt64]](repeating: [UInt64](repeating: 0, count: words), count: localeCount)
        for l in 0..<localeCount {
            let row = table.translations[l]
            for k in 0..<keyCount where row[k] >= 0 && row[k] != table.source[k] {
                bits[l][k >> 6] |= 1 << UInt64(k & 63)
            }
        }
        // Pair counts in a flat triangle-free square: [a * n + b] with a < b.
        var equal = [Int32](repeating: 0, count: localeCount * localeCount)
        var notEvidence = [Int32](repeating: 0, count: localeCount * localeCount)
        var column: [(text: Int32, locale: Int)] = []
        let languageCount = (languages.max() ?? 0) + 1
        var seenLanguage = [Int](repeating: -1, count: languageCount)
        var ignoredCache: [Int32: Bool] = [:]
        for k in 0..<keyCount {
            column.removeAll(keepingCapacity: true)
            var translating = 0
            for l in 0..<localeCount {
                let text = table.translations[l][k]
                guard text >= 0, text != table.source[k] else { continue }
                column.append((text, l))
                if seenLanguage[languages[l]] != k { seenLanguage[languages[l]] = k; translating += 1 }
            }
            guard column.count >= 2 else { continue }
            column.sort { $0.text != $1.text ? $0.text < $1.text : $0.locale < $1.locale }
            var start = 0
            while start < column.count {
                var end = start + 1
                while end < column.count && column[end].text == column[start].text { end += 1 }
                if end - start >= 2 {
                    // Languages in the group: es, es-419 and es-MX are one.
                    var groupLanguages = Set<Int>()
                    for g in start..<end { groupLanguages.insert(languages[column[g].locale]) }
                    let common = groupLanguages.count >= 5 || (groupLanguages.count >= 3 && groupLanguages.count * 2 >= translating)
                    let text = column[start].text
                    let proves: Bool
                    if common { proves = false } else if let known = ignoredCache[text] { proves = !known } else {
                        let skip = ignored(text)
                        ignoredCache[text] = skip
                        proves = !skip
                    }
                    for a in start..<end {
                        for b in (a + 1)..<end {
                            let index = column[a].locale * localeCount + column[b].locale
                            if proves { equal[index] += 1 } else { notEvidence[index] += 1 }
                        }
                    }
                }
                start = end
            }
        }
        var result: [Agreement] = []
        for a in 0..<localeCount {
            for b in (a + 1)..<localeCount {
                let index = a * localeCount + b
                guard equal[index] > 0 else { continue }
                var shared = 0
                for w in 0..<words { shared += (bits[a][w] & bits[b][w]).nonzeroBitCount }
                shared -= Int(notEvidence[index])
                guard shared >= options.minimumKeys, Double(equal[index]) >= options.share * Double(shared) else { continue }
                result.append(Agreement(first: a, second: b, shared: shared, equal: Int(equal[index])))
            }
        }
        return result
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let options = context.options.configuration.localeCopy
        var languageOf: [String: LocaleLanguage] = [:]
        var languageIndex: [LocaleLanguage: Int] = [:]
        func language(_ locale: String) -> LocaleLanguage {
            if let known = languageOf[locale] { return known }
            let made = LocaleLanguage(locale)
            languageOf[locale] = made
            return made
        }
        var findings: [Finding] = []
        for table in context.numberedTables.tables where table.set.translations.count >= 2 {
            let locales = table.set.translations.map(\.locale)
            let languages = locales.map { locale -> Int in
                let l = language(locale)
                if let known = languageIndex[l] { return known }
                languageIndex[l] = languageIndex.count
                return languageIndex.count - 1
            }
            let agreements = Self.agreements(table, languages: languages, options: options) { text in
                let value = table.texts[Int(text)]
                return TextAnalysis.translatableWords(in: value).isEmpty || context.names.covers(value)
            }
            for agreement in agreements {
                let (a, b) = (locales[agreement.first], locales[agreement.second])
                let kinship = language(a).kinship(with: language(b))
                if kinship == .sameLanguage { continue }
                if let finding = finding(table, agreement, kinship: kinship, languageOf: language, context: context) {
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// The finding on the locale that holds the other's text, with example keys; nil for one language
    /// in two scripts when the shared text is written in letters both have.
    private func finding(_ table: NumberedTable, _ agreement: Agreement, kinship: LocaleLanguage.Kinship,
                         languageOf: (String) -> LocaleLanguage, context: RuleContext) -> Finding? {
        let rule = Self.description
        let (a, b) = (agreement.first, agreement.second)
        var equalKeys: [Int] = []
        var sharedText: [String] = []
        for k in table.keys.indices {
            let text = table.translations[a][k]
            guard text >= 0, text != table.source[k], text == table.translations[b][k] else { continue }
            equalKeys.append(k)
            sharedText.append(table.texts[Int(text)])
        }
        let (copy, original, why, byLetters) = Self.whichIsTheCopy(table, a, b, sharedText: sharedText, languageOf: languageOf)
        if kinship == .otherScript && !byLetters { return nil }
        let copyLocale = table.set.translations[copy].locale
        let originalLocale = table.set.translations[original].locale
        let percent = Int((Double(agreement.equal) * 100 / Double(agreement.shared)).rounded())
        var message = "\(table.set.id.name) in \(copyLocale) holds the same text as \(originalLocale) in \(agreement.equal) of the \(agreement.shared) strings both translate (\(percent) %)"
        if kinship == .close {
            message += "; \(copyLocale) and \(originalLocale) are close standards of one language, so some sharing is usual: check that \(copyLocale) readers get their own spelling"
        } else {
            message += ": \(why); translate the table into \(copyLocale) (or remove it until it is translated)"
        }
        var notes: [Finding.Note] = []
        for k in equalKeys.prefix(3) {
            let key = table.keys[k]
            notes.append(Finding.Note(message: "\(key.quotedKey) = \(table.set.translations[copy].entries[key]!.value.shortDescription) in \(copyLocale)",
                                      location: table.location(copy, key)))
            if let there = table.location(original, key) {
                notes.append(Finding.Note(message: "the same in \(originalLocale)", location: there))
            }
        }
        let locales = table.set.translations[copy].tables
        let location = locales.compactMap(\.localeLocation).min()
            ?? SourceLocation(file: locales.map(\.path).min() ?? "", line: 1, column: 1)
        var finding = Finding(ruleID: rule.id, severity: kinship == .close ? .note : rule.severity, message: message,
                              location: location, locale: copyLocale, table: table.set.id.name, notes: notes)
        finding.keys = equalKeys.map { table.keys[$0] }
        return finding
    }

    /// Which of two locales holds the other's text: the one whose language's letters the shared text
    /// does not use (Welsh w and y in a Gaelic table, Spanish ñ in a Portuguese one); when the letters
    /// do not tell, the less complete table (the copy is usually made once and not kept up); then the
    /// later locale by name.
    static func whichIsTheCopy(_ table: NumberedTable, _ a: Int, _ b: Int, sharedText: [String],
                               languageOf: (String) -> LocaleLanguage) -> (copy: Int, original: Int, why: String, byLetters: Bool) {
        let (localeA, localeB) = (table.set.translations[a].locale, table.set.translations[b].locale)
        if let lettersA = ExemplarLetters.letters(of: languageOf(localeA).icuID),
           let lettersB = ExemplarLetters.letters(of: languageOf(localeB).icuID) {
            let foreignA = ExemplarLetters.foreignLetters(of: sharedText, outside: lettersA)
            let foreignB = ExemplarLetters.foreignLetters(of: sharedText, outside: lettersB)
            // Clearly more letters foreign to one language: the text is the other's.
            if foreignA.count >= 3 && foreignA.count >= 3 * foreignB.count {
                return (a, b, "\(foreignA.count) of its \(foreignA.total) letters are not in CLDR's \(localeA) alphabet (\(foreignB.count) not in \(localeB)'s)", true)
            }
            if foreignB.count >= 3 && foreignB.count >= 3 * foreignA.count {
                return (b, a, "\(foreignB.count) of its \(foreignB.total) letters are not in CLDR's \(localeB) alphabet (\(foreignA.count) not in \(localeA)'s)", true)
            }
        }
        let translatedA = table.translations[a].indices.filter { table.translations[a][$0] >= 0 && table.translations[a][$0] != table.source[$0] }.count
        let translatedB = table.translations[b].indices.filter { table.translations[b][$0] >= 0 && table.translations[b][$0] != table.source[$0] }.count
        if translatedA != translatedB {
            let (copy, original) = translatedA < translatedB ? (a, b) : (b, a)
            let (small, large) = (min(translatedA, translatedB), max(translatedA, translatedB))
            return (copy, original, "the text is probably \(table.set.translations[original].locale)'s, the more complete table (\(large) strings translated, against \(small))", false)
        }
        return (b, a, "neither the letters nor the completeness of the tables tell which of \(localeA) and \(localeB) is the copy, but one of them holds the other's language", false)
    }

}

// MARK: - translation-swapped

public struct TranslationSwappedRule: Rule {
    public init() {}

    static func rows(_ values: [(String, String)], marked: String? = nil) -> String {
        values.map { key, value in "\"\(key)\" = \(key == marked ? "↓" : "")\"\(value)\";\n" }.joined()
    }

    /// A small catalog for the examples: per locale, the translations of ten keys.
    static let exampleSource: [(String, String)] = [
        ("save", "Save changes"), ("delete", "Delete this bookmark"), ("share", "Share the page with friends"),
        ("search", "Search the web"), ("history", "Clear your browsing history"), ("tabs", "Close all tabs"),
        ("download", "Download the file"), ("reload", "Reload this page"), ("privacy", "Privacy settings"),
        ("report", "Report a problem with this site"),
        ("about", "This browser blocks trackers and erases your history when you close it, so nobody can follow you around the web."),
        ("about.title", "About the browser"),
    ]
    static let exampleTranslations: [String: [(String, String)]] = [
        "de": [("save", "Änderungen sichern"), ("delete", "Dieses Lesezeichen löschen"), ("share", "Seite mit Freunden teilen"),
               ("search", "Im Web suchen"), ("history", "Chronik löschen"), ("tabs", "Alle Tabs schließen"),
               ("download", "Datei herunterladen"), ("reload", "Seite neu laden"), ("privacy", "Datenschutz-Einstellungen"),
               ("report", "Ein Problem mit dieser Website melden"),
               ("about", "Über den Browser"),
               ("about.title", "Dieser Browser blockiert Tracker und löscht die Chronik beim Schließen, damit Ihnen niemand im Web folgen kann.")],
        "fr": [("save", "Enregistrer"), ("delete", "Supprimer ce signet"), ("share", "Partager la page avec des amis"),
               ("search", "Rechercher sur le Web"), ("history", "Effacer l’historique"), ("tabs", "Fermer tous les onglets"),
               ("download", "Télécharger le fichier"), ("reload", "Actualiser la page"), ("privacy", "Confidentialité"),
               ("report", "Signaler un problème avec ce site"),
               ("about", "À propos du navigateur"),
               ("about.title", "Ce navigateur bloque les traqueurs et efface votre historique à la fermeture : personne ne peut vous suivre sur le Web.")],
        "es": [("save", "Guardar cambios"), ("delete", "Eliminar este marcador"), ("share", "Compartir la página con amigos"),
               ("search", "Buscar en la web"), ("history", "Borrar el historial"), ("tabs", "Cerrar todas las pestañas"),
               ("download", "Descargar el archivo"), ("reload", "Recargar esta página"), ("privacy", "Ajustes de privacidad"),
               ("report", "Informar de un problema con este sitio"),
               ("about", "Acerca del navegador"),
               ("about.title", "Este navegador bloquea los rastreadores y borra el historial al cerrarlo: nadie puede seguirte por la web.")],
        "it": [("save", "Salva modifiche"), ("delete", "Elimina questo segnalibro"), ("share", "Condividi la pagina con gli amici"),
               ("search", "Cerca nel web"), ("history", "Cancella la cronologia"), ("tabs", "Chiudi tutte le schede"),
               ("download", "Scarica il file"), ("reload", "Ricarica la pagina"), ("privacy", "Impostazioni privacy"),
               ("report", "Segnala un problema con questo sito"),
               ("about", "Informazioni sul browser"),
               ("about.title", "Questo browser blocca i tracker e cancella la cronologia alla chiusura: nessuno può seguirti sul web.")],
        "nl": [("save", "Wijzigingen opslaan"), ("delete", "Deze bladwijzer verwijderen"), ("share", "Pagina delen met vrienden"),
               ("search", "Zoeken op het web"), ("history", "Geschiedenis wissen"), ("tabs", "Alle tabbladen sluiten"),
               ("download", "Bestand downloaden"), ("reload", "Pagina opnieuw laden"), ("privacy", "Privacy-instellingen"),
               ("report", "Een probleem met deze website melden"),
               ("about", "Over de browser"),
               ("about.title", "Deze browser blokkeert trackers en wist uw geschiedenis bij het sluiten, zodat niemand u op het web kan volgen.")],
    ]

    static func example(_ caption: String, swapped: Bool, marked: Bool, extra: [(key: String, source: String, translation: String)] = [],
                        editing: (String, [(String, String)]) -> [(String, String)] = { $1 }) -> RuleExample {
        var files: [VirtualFile] = [.strings("en", rows(exampleSource + extra.map { ($0.key, $0.source) }, marked: marked ? "about" : nil))]
        for locale in exampleTranslations.keys.sorted() {
            var values = exampleTranslations[locale]!
            if !swapped {
                // Put each back where it belongs.
                let about = values.first { $0.0 == "about" }!.1, title = values.first { $0.0 == "about.title" }!.1
                values = values.map { $0.0 == "about" ? ("about", title) : $0.0 == "about.title" ? ("about.title", about) : $0 }
            }
            files.append(VirtualFile("\(locale).lproj/Localizable.strings", rows(editing(locale, values) + extra.map { ($0.key, $0.translation) })))
        }
        var example = RuleExample(caption)
        example.files = files
        return example
    }

    public static let description = RuleDescription(
        id: "translation-swapped", name: "Translations of another key", severity: .warning,
        summary: "A key's translations are far longer (or shorter) than its source in most locales, against each language's usual ratio: they belong to another key.",
        rationale: """
        An import that pairs rows wrongly gives a 20-character button the 106-character sentence of \
        another key, in every language at once, and each value still passes every per-string check. \
        For each locale, the usual ratio of a translation's length (letters and digits) to its \
        source's is measured over the whole catalog (median and median absolute deviation of the log \
        ratio); a key whose translations are extreme in the same direction in at least 60 % of at \
        least 5 locales is reported on its source entry, naming the locales and, when another key's \
        source fits the translations (a swapped pair, or a key with the same translations), that key. \
        One locale's long translation is a choice of its translator and is not reported; sources \
        shorter than 4 letters (abbreviations), identifier-like sources and values left as the source \
        are left out.
        """,
        triggering: [
            example("The text of \"about\" and its title \"about.title\" traded places in five locales: one finding for the pair", swapped: true, marked: true),
        ],
        nonTriggering: [
            example("Each translation where it belongs", swapped: false, marked: false),
            example("One locale's long translation is its translator's choice", swapped: false, marked: false) { locale, values in
                locale == "de" ? values.map { $0.0 == "save" ? ("save", "Alle vorgenommenen Änderungen an diesem Lesezeichen dauerhaft sichern") : $0 } : values
            },
            example("An abbreviation every locale uses, a key-like source, a short label: their lengths say nothing", swapped: false, marked: false,
                    extra: [("format.svg", "Scalable Vector Graphics", "SVG"),
                            ("menu.id", "menu_item_open_in_new_private_tab", "Neuer privater Tab, geöffnet aus dem Menü"),
                            ("unit.min", "Min", "Minuten")]),
        ])

    /// The usual length ratio of one locale: median and spread of log(translation / source).
    struct LocaleRatio {
        var median: Double
        var spread: Double
        /// How far a log ratio is from the usual one, in spreads (the spread has a floor: a catalog of
        /// very regular strings would make every small difference extreme).
        func score(_ logRatio: Double) -> Double { (logRatio - median) / max(spread, Self.minimumSpread) }
        static let minimumSpread = 0.2

        /// +1 when a translation is extremely long for its source in this locale, -1 when extremely
        /// short, else 0: at least `extremeScore` spreads from the usual ratio, and at least
        /// `minimumFactor` times longer or shorter than usual (English is terse in some words in every
        /// language: "Sync & Backup" is twice as long in most, which no import error explains).
        func direction(_ logRatio: Double) -> Int {
            let score = score(logRatio)
            guard abs(score) >= TranslationSwappedRule.extremeScore,
                  abs(logRatio - median) >= log(TranslationSwappedRule.minimumFactor) else { return 0 }
            return score > 0 ? 1 : -1
        }
    }

    /// Letters and digits: what a translation's length is made of (placeholders, spaces and
    /// punctuation vary with style, not with meaning).
    static func length(_ text: String) -> Int {
        var count = 0
        // ASCII letters and digits from the bytes (the only ASCII in `lengthCharacters`); other
        // scalars decoded where they stand and looked up in the table.
        text.withUTF8Bytes { bytes in
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    if (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) { count += 1 }
                    i += 1
                } else {
                    let (scalar, length) = bytes.scalar(startingAt: i)
                    if lengthCharacters.contains(scalar) { count += 1 }
                    i += length
                }
            }
        }
        return count
    }

    /// Letters, spacing vowel signs (Devanagari ा) and digits: what a length counts.
    static let lengthCharacters = ScalarTable(icuSet: "[[:L:][:Mc:][:Nd:][:Nl:][:No:]]") { scalar in
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// The length of a value: a plural's `other` form of each variable (the categories a language
    /// has vary, so all forms would make Arabic's six look long) plus the words of its format.
    static func length(_ value: Value) -> Int {
        switch value {
        case .text(let text): return length(text)
        case .plural(let plural):
            var count = plural.formatIsImplicit ? 0 : length(withoutVariables(plural.format))
            for variable in plural.variables { count += length((variable.form("other") ?? variable.forms.last)?.text ?? "") }
            return count
        case .variations: return 0
        }
    }

    /// A plural format without its `%#@name@` references, whose names are no words.
    static func withoutVariables(_ format: String) -> String {
        guard format.firstByteRange(of: "%#@") != nil else { return format }
        var out = String.UnicodeScalarView()
        let scalars = format.scalarArray
        var i = 0
        while i < scalars.count {
            if scalars[i] == "%", i + 2 < scalars.count, scalars[i + 1] == "#", scalars[i + 2] == "@",
               let end = scalars[(i + 3)...].firstIndex(of: "@") {
                i = end + 1
                continue
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    /// "SVG", "PDF", "URL": an abbreviation, whose length says nothing of the words it stands for
    /// (a translation may spell "Scalable Vector Graphics" as "SVG").
    static func isAcronym(_ text: String) -> Bool {
        var letters = 0
        for scalar in text.unicodeScalars {
            if scalar == " " { return false }
            guard scalar.isAlphabeticFast else { continue }
            guard scalar.properties.isUppercase else { return false }
            letters += 1
        }
        return letters >= 2 && letters <= 6
    }

    /// Sources shorter than this are abbreviations or labels whose ratios say nothing.
    static let minimumSourceLength = 4
    static let extremeScore = 3.0
    static let minimumFactor = 3.0
    /// Fewer locales with usual ratios make no "most locales".
    static let minimumLocales = 5
    static let share = 0.6
    /// A locale needs this many ratios for its usual one.
    static let minimumSample = 10

    /// Per table and locale, the log ratio of each key (nil when it says nothing), and per locale the
    /// usual ratio over the whole project.
    struct Ratios {
        var perTable: [[[Double?]]]
        var usual: [String: LocaleRatio]
        /// Per table, the length of each numbered text (-1 where not needed).
        var lengths: [[Int]]
    }

    static func ratios(_ tables: [NumberedTable]) -> Ratios {
        var samples: [String: [Double]] = [:]
        var perTable: [[[Double?]]] = []
        var allLengths: [[Int]] = []
        for table in tables {
            var lengths = [Int](repeating: -1, count: table.texts.count)
            func length(_ text: Int32) -> Int {
                if lengths[Int(text)] < 0 { lengths[Int(text)] = TranslationSwappedRule.length(table.values[Int(text)]) }
                return lengths[Int(text)]
            }
            var acronyms: [Int32: Bool] = [:]
            func isAcronym(_ text: Int32) -> Bool {
                if let known = acronyms[text] { return known }
                let made = TranslationSwappedRule.isAcronym(table.texts[Int(text)])
                acronyms[text] = made
                return made
            }
            let usable = table.keys.indices.map { k -> Bool in
                let source = table.source[k]
                guard source >= 0, length(source) >= minimumSourceLength, length(source) > 6 || !isAcronym(source) else { return false }
                return !TextAnalysis.isIdentifierLike(table.texts[Int(source)])
            }
            var rows: [[Double?]] = []
            for (l, locale) in table.set.translations.enumerated() {
                var row = [Double?](repeating: nil, count: table.keys.count)
                var sample: [Double] = []
                for k in table.keys.indices where usable[k] {
                    let text = table.translations[l][k]
                    guard text >= 0, text != table.source[k] else { continue }
                    let translated = length(text)
                    guard translated > 0, translated > 6 || !isAcronym(text) else { continue }
                    let ratio = log(Double(translated) / Double(length(table.source[k])))
                    row[k] = ratio
                    sample.append(ratio)
                }
                samples[locale.locale, default: []].append(contentsOf: sample)
                rows.append(row)
            }
            perTable.append(rows)
            allLengths.append(lengths)
        }
        var usual: [String: LocaleRatio] = [:]
        for (locale, values) in samples where values.count >= minimumSample {
            let (median, spread) = RobustStatistics.medianAndSpread(values)
            usual[locale] = LocaleRatio(median: median, spread: spread)
        }
        return Ratios(perTable: perTable, usual: usual, lengths: allLengths)
    }

    /// A key whose translations are extreme in one direction in most locales.
    struct Misplaced {
        var key: Int
        /// +1: translations too long; -1: too short.
        var direction: Int
        /// Locale indexes with an extreme ratio in that direction.
        var locales: [Int]
        /// Locales with a usual ratio that translate the key.
        var judged: Int
    }

    static func misplacedKeys(_ table: NumberedTable, ratios rows: [[Double?]], usual: [String: LocaleRatio]) -> [Misplaced] {
        var result: [Misplaced] = []
        let locales = table.set.translations.map { usual[$0.locale] }
        for k in table.keys.indices {
            var judged = 0
            var long: [Int] = [], short: [Int] = []
            for l in rows.indices {
                guard let ratio = rows[l][k], let stats = locales[l] else { continue }
                judged += 1
                switch stats.direction(ratio) {
                case 1: long.append(l)
                case -1: short.append(l)
                default: break
                }
            }
            guard judged >= minimumLocales else { continue }
            for (direction, hits) in [(1, long), (-1, short)] where Double(hits.count) >= share * Double(judged) {
                result.append(Misplaced(key: k, direction: direction, locales: hits, judged: judged))
            }
        }
        return result
    }

    /// The key whose translations these are: one whose translations equal them in most of the
    /// locales, or another misplaced key whose source length fits them (a swapped pair).
    static func owner(of misplaced: Misplaced, among others: [Misplaced], _ table: NumberedTable,
                      usual: [String: LocaleRatio], lengthOf: (Int32) -> Int) -> (key: Int, sameText: Bool)? {
        // The same translations under another key: those of a key that kept its own.
        // (Not another misplaced key, nor one with the same source: those say nothing of where they belong.)
        let misplacedKeys = Set(others.map(\.key))
        var sameText: [Int: Int] = [:]
        for l in misplaced.locales {
            let text = table.translations[l][misplaced.key]
            for k in table.keys.indices where k != misplaced.key && table.translations[l][k] == text
                && !misplacedKeys.contains(k) && table.source[k] != table.source[misplaced.key] {
                sameText[k, default: 0] += 1
            }
        }
        if let best = sameText.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
           best.value * 2 > misplaced.locales.count {
            return (best.key, true)
        }
        // Measured against the other key's source, the translations are ordinary.
        var fit: (key: Int, score: Double)? = nil
        for other in others where other.key != misplaced.key && other.direction == -misplaced.direction {
            let sourceLength = lengthOf(table.source[other.key])
            let scores = misplaced.locales.compactMap { l -> Double? in
                guard let stats = usual[table.set.translations[l].locale] else { return nil }
                let translated = lengthOf(table.translations[l][misplaced.key])
                return abs(stats.score(log(Double(translated) / Double(sourceLength))))
            }
            let score = RobustStatistics.median(scores)
            if score <= 1.5, fit == nil || score < fit!.score { fit = (other.key, score) }
        }
        return fit.map { ($0.key, false) }
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let tables = context.numberedTables.tables
        let ratios = Self.ratios(tables)
        guard ratios.usual.count >= Self.minimumLocales else { return [] }
        var findings: [Finding] = []
        for (t, table) in tables.enumerated() {
            let misplaced = Self.misplacedKeys(table, ratios: ratios.perTable[t], usual: ratios.usual)
            let lengths = ratios.lengths[t]
            let lengthOf = { (text: Int32) in lengths[Int(text)] }
            let owners = misplaced.map { Self.owner(of: $0, among: misplaced, table, usual: ratios.usual, lengthOf: lengthOf) }
            for (i, item) in misplaced.enumerated() {
                let key = table.keys[item.key]
                guard let source = table.set.source?.entries[key] else { continue }
                let owner = owners[i]
                // Two keys that hold each other's translations are one defect: reported once, at the first.
                let partner = owner.flatMap { owner in owner.sameText ? nil : misplaced.firstIndex { $0.key == owner.key } }
                let swapped = partner.map { owners[$0]?.key == item.key && owners[$0]?.sameText == false } ?? false
                if swapped, let partner, misplaced[partner].key < item.key { continue }
                let localeNames = item.locales.map { table.set.translations[$0].locale }
                let localeList = "\(item.locales.count) of \(item.judged) locales (\(listed(Array(localeNames.prefix(6))))\(localeNames.count > 6 ? " and \(localeNames.count - 6) more" : ""))"
                let how = item.direction > 0 ? "far longer" : "far shorter"
                var message: String
                var notes: [Finding.Note] = []
                if let owner {
                    let ownerKey = table.keys[owner.key]
                    let ownerSource = table.set.source?.entries[ownerKey]
                    if swapped {
                        message = "the translations of \(key.quotedKey) (source \(source.value.shortDescription)) and \(ownerKey.quotedKey) (source \(ownerSource?.value.shortDescription ?? "")) are swapped in \(localeList): each is \(how) than its own source and fits the other's; put each translation under its key"
                    } else if owner.sameText {
                        message = "the translations of \(key.quotedKey) are \(how) than its source \(source.value.shortDescription) in \(localeList): they are the translations of \(ownerKey.quotedKey); translate \(key.quotedKey) itself"
                    } else {
                        message = "the translations of \(key.quotedKey) are \(how) than its source \(source.value.shortDescription) in \(localeList): these translations look like the ones of \(ownerKey.quotedKey) (source \(ownerSource?.value.shortDescription ?? "")); put each translation under its key"
                    }
                    if let ownerSource { notes.append(Finding.Note(message: "\(ownerKey.quotedKey) in \(context.project.sourceLanguage)", location: ownerSource.valueLocation ?? ownerSource.location)) }
                } else {
                    message = "the translations of \(key.quotedKey) are \(how) than its source \(source.value.shortDescription) in \(localeList): they probably belong to another key; check the import and put each translation under its key"
                }
                for l in item.locales.prefix(4) {
                    let locale = table.set.translations[l].locale
                    guard let entry = table.entry(l, key) else { continue }
                    notes.append(Finding.Note(message: "\(locale): \(entry.value.shortDescription)", location: entry.valueLocation ?? entry.location))
                }
                findings.append(.entry(rule, message, at: source.valueLocation ?? source.location, locale: nil,
                                       table: table.set.id, key: key, notes: notes))
            }
        }
        return findings
    }
}
