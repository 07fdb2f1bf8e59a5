/// How far each locale has translated each table: the numbers behind `locale-incomplete`, the
/// coverage table of the text report and the "Translated" columns of the HTML and Markdown reports.
///
/// A string counts as translated when the locale has a non-empty value, not marked as still needing
/// translation, that differs from the source — or that may equal it: text with nothing to translate,
/// the app's name, an acronym, a configured do-not-translate term, a single word in a language of the
/// source's script, and every value of a regional variant of the source language (`en-GB` falls back
/// to `en` by design).
public struct TableCoverage: Sendable, Hashable {
    public var table: TableID
    public var locale: String
    /// Keys of the source table that are meant to be translated.
    public var sourceKeys: Int
    public var translated: Int
    /// Source keys the locale lacks or has not translated yet (marked 'new', or empty), in source order.
    public var missingKeys: [String]
    /// The position of each of `missingKeys` among the source table's keys.
    public var missingPositions: [Int32] = []
    /// Source keys whose value is identical to the source (names excepted), in source order.
    public var identicalKeys: [String]
    /// False when the locale lacks the table while having other tables of the same folder.
    public var present: Bool
    /// A regional variant of the source language (`en-GB` for `en`).
    public var isSourceVariant: Bool

    public var missing: Int { missingKeys.count }

    /// Share translated, 0...1; 1 for a table with nothing to translate.
    public var completeness: Double { sourceKeys == 0 ? 1 : Double(translated) / Double(sourceKeys) }
}

public struct LocaleCoverage: Sendable, Hashable {
    public var locale: String
    /// Sorted by table identity.
    public var tables: [TableCoverage]
    public var translated: Int { tables.reduce(0) { $0 + $1.translated } }
    public var sourceKeys: Int { tables.reduce(0) { $0 + $1.sourceKeys } }
    public var missing: Int { tables.reduce(0) { $0 + $1.missing } }
    public var identical: Int { tables.reduce(0) { $0 + $1.identicalKeys.count } }

    /// Share translated over every table of the folders the locale has tables in, 0...1; 1 when
    /// there is nothing to translate.
    public var completeness: Double { sourceKeys == 0 ? 1 : Double(translated) / Double(sourceKeys) }

    /// "93.4 %", rounded to tenths but never up to 100 % while a string is missing.
    public var percentText: String { LocaleCoverage.percent(translated, of: sourceKeys) }

    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        // Rounded to tenths (2 of 3 is 66.7 %), but never up to 100.0 % while a string is missing.
        var tenths = (part * 1000 + whole / 2) / whole
        if part < whole { tenths = min(tenths, 999) }
        return "\(tenths / 10).\(tenths % 10) %"
    }
}

/// What the project asks of its locales (`coverage:` in `.locale-audit.yml`, `--min-coverage`).
public struct CoverageOptions: Sendable, Equatable {
    /// Below this share a locale is partial: the missing and untranslated strings of each of its
    /// tables are folded into one `locale-incomplete` finding. 0 keeps every missing string a
    /// finding of its own.
    public var completeAt: Double = 0.9
    /// …and lacks at least this many strings (missing or identical to the source). A locale that
    /// lacks two strings has forgotten them rather than being translated in part on purpose, and
    /// each is better reported where it is.
    public var foldAtLeast: Int = 10
    /// Locales that must reach `completeAt`; below it their `locale-incomplete` is an error.
    public var required: [String] = []
    /// Every locale below this share gets a `locale-incomplete` error: the gate.
    public var minimum: Double? = nil
    public init() {}
}

public enum Coverage {
    /// Coverage of every translated locale (not the source language, not documentation
    /// pseudo-locales), sorted by locale. A table counts against a locale that has other tables of
    /// the same folder (scope); two separate trees (an app and its widget) do not count against each other.
    public static func compute(_ index: ProjectIndex, names: NameTerms = NameTerms()) -> [LocaleCoverage] {
        var localesByScope: [String: Set<String>] = [:]
        for set in index.tableSets {
            for translation in set.translations { localesByScope[set.id.scope, default: []].insert(translation.locale) }
        }
        let sourceLanguage = LanguageTag.languageSubtag(of: index.sourceLanguage)
        var tablesByLocale: [String: [TableCoverage]] = [:]
        for set in index.tableSets {
            guard let source = set.source else { continue }
            // An empty source string (a String Catalog's key "" for `Text("")`) has nothing to translate.
            let positions = source.keys.indices.filter {
                set.sourceEntries[$0].shouldTranslate && set.sourceEntries[$0].value.containsText { !$0.isAllWhitespace }
            }
            let keys = positions.map { source.keys[$0] }
            guard !keys.isEmpty else { continue }
            // Whether a source string may stay as it is depends on the locale only through its
            // script: worked out once per string and answer, not once per locale that copies it.
            var staysIdentical: [Bool: [Int: Bool]] = [:]
            for locale in (localesByScope[set.id.scope] ?? []).sorted() {
                let variant = LanguageTag.languageSubtag(of: locale) == sourceLanguage
                let otherScript = UntranslatedRule.writesOtherScript(locale)
                guard let l = set.translations.firstIndex(where: { $0.locale == locale }) else {
                    tablesByLocale[locale, default: []].append(
                        TableCoverage(table: set.id, locale: locale, sourceKeys: keys.count, translated: 0, missingKeys: keys,
                                      missingPositions: positions.map { Int32($0) }, identicalKeys: [], present: false,
                                      isSourceVariant: variant))
                    continue
                }
                var row = TableCoverage(table: set.id, locale: locale, sourceKeys: keys.count, translated: 0, missingKeys: [],
                                        identicalKeys: [], present: true, isSourceVariant: variant)
                let aligned = set.alignedEntries[l]
                for (key, k) in zip(keys, positions) {
                    // Absent, or present but not translated yet ('new', or empty): the source shows.
                    guard let entry = aligned[k], isTranslated(entry) else {
                        row.missingKeys.append(key)
                        row.missingPositions.append(Int32(k))
                        continue
                    }
                    let sourceEntry = set.sourceEntries[k]
                    if !variant, entry.shouldTranslate, isIdentical(entry.value, sourceEntry.value) {
                        let stays = staysIdentical[otherScript]?[k] ?? {
                            let answer = mayStayIdentical(sourceEntry.value, key: key, writesOtherScript: otherScript, names: names)
                            staysIdentical[otherScript, default: [:]][k] = answer
                            return answer
                        }()
                        if !stays {
                            row.identicalKeys.append(key)
                            continue
                        }
                    }
                    row.translated += 1
                }
                tablesByLocale[locale, default: []].append(row)
            }
        }
        return tablesByLocale.keys.sorted().map { LocaleCoverage(locale: $0, tables: tablesByLocale[$0]!.sorted { $0.table < $1.table }) }
    }

    /// A value present, not empty and not marked as still to be translated.
    static func isTranslated(_ entry: Entry) -> Bool {
        if let meaning = entry.state?.meaning, meaning == .new || meaning == .needsTranslation { return false }
        return entry.value.containsText { !$0.isAllWhitespace }
    }

    /// Every visible text the same, in the same order (plural forms and variations included).
    static func isIdentical(_ a: Value, _ b: Value) -> Bool {
        if case .text(let x) = a, case .text(let y) = b { return x == y }
        // A plural variable's name is the file's own ("v0" in one export of TranslateWiki's plurals,
        // "v1" in another): formats that differ only in it show the same.
        let x = a.texts, y = b.texts
        return x.count == y.count && zip(x, y).allSatisfy { $0.text == $1.text || withoutVariableNames($0.text) == withoutVariableNames($1.text) }
    }

    /// The text with every `%#@name@` written `%#@@`.
    static func withoutVariableNames(_ text: String) -> String {
        guard text.firstByteRange(of: "%#@") != nil else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            out.append(bytes[i])
            i += 1
            guard i >= 3, bytes[i - 3] == UInt8(ascii: "%"), bytes[i - 2] == UInt8(ascii: "#"), bytes[i - 1] == UInt8(ascii: "@") else { continue }
            // The name up to its closing '@' goes; without one the rest stays as written.
            guard let end = bytes[i...].firstIndex(of: UInt8(ascii: "@")) else { break }
            out.append(UInt8(ascii: "@"))
            i = end + 1
        }
        out.append(contentsOf: bytes[i...])
        return String(decoding: out, as: UTF8.self)
    }

    /// Source text a translation may keep as it is: nothing to translate, the app's name, an
    /// acronym, a name term, or one word in a language of the source's script (the same exemptions
    /// `untranslated` makes).
    static func mayStayIdentical(_ source: Value, key: String, locale: String, names: NameTerms) -> Bool {
        mayStayIdentical(source, key: key, writesOtherScript: UntranslatedRule.writesOtherScript(locale), names: names)
    }

    /// `mayStayIdentical` for a locale that writes another script than Latin or not.
    static func mayStayIdentical(_ source: Value, key: String, writesOtherScript: Bool, names: NameTerms) -> Bool {
        if NameTerms.isKeptAsWritten(key) { return true }
        for text in source.texts {
            let words = TextAnalysis.translatableWords(in: names.masking(text.text))
            if words.isEmpty || TextAnalysis.isIdentifierLike(text.text) { continue }
            if words.count == 1, words[0].count <= 4, words[0].allSatisfy({ $0.isUppercase || $0.isNumber }) { continue }
            if words.count == 1 && !writesOtherScript { continue }
            return false
        }
        return true
    }
}

/// The coverage of one run, with what the project asks of it: which locales are partial.
public struct CoverageReport: Sendable {
    public var locales: [LocaleCoverage]
    public var options: CoverageOptions
    private var byLocale: [String: LocaleCoverage] = [:]
    private var rows: [TableID: [String: TableCoverage]] = [:]

    public init(locales: [LocaleCoverage], options: CoverageOptions) {
        self.locales = locales
        self.options = options
        for locale in locales {
            byLocale[locale.locale] = locale
            for table in locale.tables where table.present { rows[table.table, default: [:]][locale.locale] = table }
        }
    }

    public init(_ index: ProjectIndex, names: NameTerms, options: AuditOptions) {
        self.init(locales: Coverage.compute(index, names: names), options: options.coverage)
    }

    public func locale(_ locale: String) -> LocaleCoverage? { byLocale[locale] }

    public func row(locale: String, table: TableID) -> TableCoverage? { rows[table]?[locale] }

    /// Below `complete-at` over all its tables, with at least `fold-at-least` strings lacking: the
    /// locale's missing and untranslated strings are folded into one finding per table.
    public func isPartial(_ locale: String) -> Bool {
        guard let coverage = byLocale[locale] else { return false }
        return coverage.completeness < options.completeAt && coverage.missing + coverage.identical >= options.foldAtLeast
    }

    /// Whether the project's gate fails this locale: a required locale below `complete-at`, or any
    /// locale below `min`.
    public func failsGate(_ locale: String) -> Bool {
        guard let coverage = byLocale[locale] else { return false }
        if let minimum = options.minimum, coverage.completeness < minimum { return true }
        let required = Set(options.required.map(AppLanguageDeclaration.matchKey))
        return required.contains(AppLanguageDeclaration.matchKey(locale)) && coverage.completeness < options.completeAt
    }

    /// The share the gate asks of this locale.
    public func gateThreshold(_ locale: String) -> Double {
        if let minimum = options.minimum, let coverage = byLocale[locale], coverage.completeness < minimum { return minimum }
        return options.completeAt
    }
}
