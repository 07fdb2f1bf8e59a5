/// The project arranged the way checks ask for it: per table, the source entries by key and, per
/// locale, the translated entries by key. `Localizable.strings` and `Localizable.stringsdict` of one
/// folder are one table, as at run time (the `.stringsdict` entry wins), so their keys are merged.
/// Built once per run and shared by every rule.
///
/// Locales, table names and source keys also get dense integer ids here, interned once: the walks
/// over every pair (216,744 on the shared corpus, several rules each) compare and index by integers
/// instead of hashing the same strings again in every rule.
public struct ProjectIndex: Sendable {
    public struct LocaleTables: Sendable {
        public var locale: String
        /// The locale's position in `ProjectIndex.locales`.
        public var localeID: Int32 = -1
        public var tables: [LocalizedTable]
        /// First entry of each key, `.stringsdict` before `.strings` (what the platform uses).
        public var entries: [String: Entry]
        /// Keys in first-seen order, for stable output.
        public var keys: [String]
        /// The entry of each of `keys`, in the same order: walks over every entry read it instead of
        /// looking each key up again.
        public var orderedEntries: [Entry]
    }

    public struct TableSet: Sendable {
        public var id: TableID
        public var source: LocaleTables?
        /// Sorted by locale; the source language and documentation pseudo-locales are not here.
        public var translations: [LocaleTables]
        /// TranslateWiki's message documentation (`qqq`) of the table, where the project has it: what
        /// each string is for, as a developer comment would say.
        public var documentation: LocaleTables? = nil
        /// The source's entries in `source.keys` order (empty without a source).
        public let sourceEntries: [Entry]
        /// Per translation (in `translations` order), its entry of each of `source.keys`, nil where it
        /// has none. Looked up once here: the walks over every (locale, source key) — pairs, coverage,
        /// missing translations, the cross-locale tables — read arrays instead of hashing each key twice.
        public let alignedEntries: [[Entry?]]
        /// The table's name in `ProjectIndex.tableNames`: two trees' `Localizable` tables share it.
        public internal(set) var nameID: Int32 = -1
        /// The project-wide id of each of `source.keys` (the same key in two tables has one id).
        public internal(set) var sourceKeyIDs: [Int32] = []
        /// Each source key's position in `source.keys`.
        public let sourcePositions: [String: Int32]

        init(id: TableID, source: LocaleTables?, translations: [LocaleTables]) {
            self.id = id
            self.source = source
            self.translations = translations
            let keys = source?.keys ?? []
            sourceEntries = keys.map { source!.entries[$0]! }
            var positions: [String: Int32] = [:]
            positions.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() { positions[key] = Int32(position) }
            sourcePositions = positions
            alignedEntries = translations.map { translation in keys.map { translation.entries[$0] } }
        }

        /// Whether the translation at `translation` (a position in `translations`) has keys the
        /// source lacks: only then need its keys be looked up in the source one by one.
        public func hasKeysOutsideSource(_ translation: Int) -> Bool {
            alignedEntries[translation].lazy.filter { $0 != nil }.count < translations[translation].keys.count
        }
    }

    /// Sorted by table identity; a table set's id is its position here.
    public var tableSets: [TableSet]
    public var sourceLanguage: String
    /// Every locale of the index, sorted; `LocaleTables.localeID` is a position in it.
    public let locales: [String]
    /// Every table name, in first-seen order; `TableSet.nameID` is a position in it.
    public let tableNames: [String]
    /// How many distinct source keys the project has: `sourceKeyIDs` are below it.
    public let sourceKeyCount: Int

    /// TranslateWiki's message documentation (`qqq`) and the like: English descriptions, not translations.
    public static let documentationLocales: Set<String> = ["qqq", "qqx"]

    /// `workers` merge the tables of different table sets at once.
    public init(_ project: Project, workers: Int = 1) {
        sourceLanguage = project.sourceLanguage
        var sets = Parallel.map(project.tableGroups, workers: workers, cost: { $0.tables.count }) { group in
            var byLocale: [String: [LocalizedTable]] = [:]
            for table in group.tables {
                guard let locale = project.effectiveLocale(of: table) else { continue }
                byLocale[locale, default: []].append(table)
            }
            var source: LocaleTables? = nil, documentation: LocaleTables? = nil
            var translations: [LocaleTables] = []
            for locale in byLocale.keys.sorted() {
                let tables = byLocale[locale]!
                let merged = ProjectIndex.merge(locale: locale, tables: tables)
                if locale == project.sourceLanguage {
                    source = merged
                } else if ProjectIndex.documentationLocales.contains(locale) {
                    if documentation == nil { documentation = merged }
                } else {
                    translations.append(merged)
                }
            }
            var set = TableSet(id: group.id, source: source, translations: translations)
            set.documentation = documentation
            return set
        }
        // The ids are interned once, here, in table order: every later walk carries them.
        let locales = Set(sets.flatMap { set in (set.source.map { [$0.locale] } ?? []) + set.translations.map(\.locale) }).sorted()
        var localeIDs: [String: Int32] = [:]
        for (id, locale) in locales.enumerated() { localeIDs[locale] = Int32(id) }
        var names = Interner<String>(), keys = Interner<String>()
        for s in sets.indices {
            sets[s].nameID = Int32(names.id(of: sets[s].id.name))
            if let locale = sets[s].source?.locale { sets[s].source!.localeID = localeIDs[locale]! }
            for t in sets[s].translations.indices {
                let locale = sets[s].translations[t].locale
                sets[s].translations[t].localeID = localeIDs[locale]!
            }
            let sourceKeys = sets[s].source?.keys ?? []
            sets[s].sourceKeyIDs = sourceKeys.map { Int32(keys.id(of: $0)) }
        }
        tableSets = sets
        self.locales = locales
        tableNames = names.values
        sourceKeyCount = keys.count
    }

    static func merge(locale: String, tables: [LocalizedTable]) -> LocaleTables {
        // Plural dictionaries take precedence over flat strings of the same key, as in Foundation.
        let ordered = tables.sorted { rank($0.format) < rank($1.format) || (rank($0.format) == rank($1.format) && $0.path < $1.path) }
        // Sized for every entry, duplicates included: growing by doubling left up to half of each unused.
        let count = ordered.reduce(0) { $0 + $1.entries.count }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(count)
        var keys: [String] = []
        keys.reserveCapacity(count)
        var orderedEntries: [Entry] = []
        orderedEntries.reserveCapacity(count)
        for table in ordered {
            for entry in table.entries {
                guard entries.insertIfAbsent(entry, forKey: entry.key) else { continue }
                keys.append(entry.key)
                orderedEntries.append(entry)
            }
        }
        return LocaleTables(locale: locale, tables: tables, entries: entries, keys: keys, orderedEntries: orderedEntries)
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
