/// The project arranged the way checks ask for it: per table, the source entries by key and, per
/// locale, the translated entries by key. `Localizable.strings` and `Localizable.stringsdict` of one
/// folder are one table, as at run time (the `.stringsdict` entry wins), so their keys are merged.
/// Built once per run and shared by every rule.
public struct ProjectIndex: Sendable {
    public struct LocaleTables: Sendable {
        public var locale: String
        public var tables: [LocalizedTable]
        /// First entry of each key, `.stringsdict` before `.strings` (what the platform uses).
        public var entries: [String: Entry]
        /// Keys in first-seen order, for stable output.
        public var keys: [String]
    }

    public struct TableSet: Sendable {
        public var id: TableID
        public var source: LocaleTables?
        /// Sorted by locale; the source language and documentation pseudo-locales are not here.
        public var translations: [LocaleTables]
        /// The source's entries in `source.keys` order (empty without a source).
        public let sourceEntries: [Entry]
        /// Per translation (in `translations` order), its entry of each of `source.keys`, nil where it
        /// has none. Looked up once here: the walks over every (locale, source key) — pairs, coverage,
        /// missing translations, the cross-locale tables — read arrays instead of hashing each key twice.
        public let alignedEntries: [[Entry?]]

        init(id: TableID, source: LocaleTables?, translations: [LocaleTables]) {
            self.id = id
            self.source = source
            self.translations = translations
            let keys = source?.keys ?? []
            sourceEntries = keys.map { source!.entries[$0]! }
            alignedEntries = translations.map { translation in keys.map { translation.entries[$0] } }
        }
    }

    /// Sorted by table identity.
    public var tableSets: [TableSet]
    public var sourceLanguage: String

    /// TranslateWiki's message documentation (`qqq`) and the like: English descriptions, not translations.
    public static let documentationLocales: Set<String> = ["qqq", "qqx"]

    public init(_ project: Project) {
        sourceLanguage = project.sourceLanguage
        tableSets = project.tableGroups.map { group in
            var byLocale: [String: [LocalizedTable]] = [:]
            for table in group.tables {
                guard let locale = project.effectiveLocale(of: table) else { continue }
                byLocale[locale, default: []].append(table)
            }
            var source: LocaleTables? = nil
            var translations: [LocaleTables] = []
            for locale in byLocale.keys.sorted() {
                let tables = byLocale[locale]!
                let merged = ProjectIndex.merge(locale: locale, tables: tables)
                if locale == project.sourceLanguage {
                    source = merged
                } else if !ProjectIndex.documentationLocales.contains(locale) {
                    translations.append(merged)
                }
            }
            return TableSet(id: group.id, source: source, translations: translations)
        }
    }

    static func merge(locale: String, tables: [LocalizedTable]) -> LocaleTables {
        // Plural dictionaries take precedence over flat strings of the same key, as in Foundation.
        let ordered = tables.sorted { rank($0.format) < rank($1.format) || (rank($0.format) == rank($1.format) && $0.path < $1.path) }
        var entries: [String: Entry] = [:]
        var keys: [String] = []
        for table in ordered {
            for entry in table.entries where entries[entry.key] == nil {
                entries[entry.key] = entry
                keys.append(entry.key)
            }
        }
        return LocaleTables(locale: locale, tables: tables, entries: entries, keys: keys)
    }

    private static func rank(_ format: CatalogFormat) -> Int {
        switch format {
        case .stringsdict: return 0
        case .xcstrings: return 1
        case .xliff: return 2
        case .strings: return 3
        }
    }
}
