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
        public var entries: EntriesByKey
        /// Keys in first-seen order, for stable output.
        public var keys: [String]
        /// The entry of each of `keys`, in the same order: walks over every entry read it instead of
        /// looking each key up again.
        public var orderedEntries: [Entry]
        /// The position in the table set's source keys of each of `keys` (-1 for a key the source
        /// lacks), found while merging: walks that pair a locale's keys with the source's read it
        /// instead of hashing every key again.
        public var keySourcePositions: [Int32]

        /// The source position of the key at `k` in `keys`, nil for a key the source lacks.
        public func sourcePosition(ofKeyAt k: Int) -> Int? {
            let position = keySourcePositions[k]
            return position >= 0 ? Int(position) : nil
        }
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

        /// `aligned` is each translation's entry of each source key, as `merge` found them.
        init(id: TableID, source: LocaleTables?, sourcePositions: [String: Int32], translations: [LocaleTables],
             aligned: [[Entry?]]) {
            self.id = id
            self.source = source
            self.translations = translations
            sourceEntries = source?.orderedEntries ?? []
            self.sourcePositions = sourcePositions
            alignedEntries = aligned
        }

        /// What the developer says of the source key at `position`: its comment, or else TranslateWiki's
        /// message documentation (`qqq`) of it, which the tree converted from TranslateWiki carries as
        /// the comment. Both copies of a table then know the same labels.
        public func comment(ofSourceKeyAt position: Int) -> String? {
            sourceEntries[position].comment ?? documentation?.entries.aligned[position]?.value.plainText
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
            // The source first: each translation aligns to its keys while merging, and shares their strings.
            let merged = byLocale[project.sourceLanguage].map {
                ProjectIndex.bySourcePositions(ProjectIndex.merge(locale: project.sourceLanguage, tables: $0))
            }
            let source = merged?.tables, positions = merged?.positions ?? [:]
            var documentation: LocaleTables? = nil
            var translations: [LocaleTables] = [], aligned: [[Entry?]] = []
            for locale in byLocale.keys.sorted() where locale != project.sourceLanguage {
                let merged = ProjectIndex.merge(locale: locale, tables: byLocale[locale]!, alignedTo: positions,
                                                sourceEntries: source?.orderedEntries)
                if ProjectIndex.documentationLocales.contains(locale) {
                    if documentation == nil { documentation = merged }
                } else {
                    translations.append(merged)
                    aligned.append(merged.entries.aligned)
                }
            }
            var set = TableSet(id: group.id, source: source, sourcePositions: positions, translations: translations, aligned: aligned)
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

    /// One locale's tables of a table set as one. Keys the source has (`sourcePositions`, the
    /// source's key positions, and `sourceEntries` in that order) are found by position, so no
    /// dictionary of the locale's own is built for them; strings equal to the source entry's (or to
    /// the first copy of a key) take its storage: the same key, note or source text in a hundred
    /// locales is then held once.
    static func merge(locale: String, tables: [LocalizedTable], alignedTo sourcePositions: [String: Int32] = [:],
                      sourceEntries: [Entry]? = nil) -> LocaleTables {
        // Plural dictionaries take precedence over flat strings of the same key, as in Foundation.
        let ordered = tables.sorted { rank($0.format) < rank($1.format) || (rank($0.format) == rank($1.format) && $0.path < $1.path) }
        let count = ordered.reduce(0) { $0 + $1.entries.count }
        var keys: [String] = []
        keys.reserveCapacity(count)
        var orderedEntries: [Entry] = []
        orderedEntries.reserveCapacity(count)
        var positionsOfKeys: [Int32] = []
        positionsOfKeys.reserveCapacity(count)
        var aligned = [Entry?](repeating: nil, count: sourcePositions.count)
        var others: [String: Entry] = [:]
        for table in ordered {
            for entry in table.entries {
                var sourcePosition: Int32 = -1
                if let found = sourcePositions.index(forKey: entry.key) {
                    sourcePosition = sourcePositions[found].value
                    let position = Int(sourcePosition)
                    if let source = sourceEntries?[position] { entry.shareEqualStrings(with: source) }
                    guard aligned[position] == nil else { continue }
                    aligned[position] = entry
                } else if !others.insertIfAbsent(entry, forKey: entry.key) {
                    // Another file's copy of the key (each XLIFF file of an export repeats the source).
                    if let first = others[entry.key] { entry.shareEqualStrings(with: first) }
                    continue
                }
                keys.append(entry.key)
                orderedEntries.append(entry)
                positionsOfKeys.append(sourcePosition)
            }
        }
        return LocaleTables(locale: locale, tables: tables,
                            entries: EntriesByKey(positions: sourcePositions, aligned: aligned, others: others),
                            keys: keys, orderedEntries: orderedEntries, keySourcePositions: positionsOfKeys)
    }

    /// The source's entries looked up by their own positions (its merge found them all outside any source).
    static func bySourcePositions(_ source: LocaleTables) -> (tables: LocaleTables, positions: [String: Int32]) {
        var source = source
        let positions = ProjectIndex.positions(of: source)
        source.entries = EntriesByKey(positions: positions, aligned: source.orderedEntries, others: [:])
        source.keySourcePositions = Array(0..<Int32(source.keys.count))
        return (source, positions)
    }

    /// Each of `source`'s keys' position in its `keys`.
    static func positions(of source: LocaleTables) -> [String: Int32] {
        let keys = source.keys
        var positions: [String: Int32] = [:]
        positions.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { positions[key] = Int32(position) }
        return positions
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

/// One locale's entries of a table set by key. A key of the source is looked up among the source's
/// positions and read from an array aligned to them; only keys the source lacks have a dictionary of
/// their own. The index holds hundreds of thousands of translated entries: one dictionary of all
/// source keys, shared, instead of one per locale.
public struct EntriesByKey: Sendable {
    /// The table's source keys and their positions (shared by every locale of the table set).
    let positions: [String: Int32]
    /// This locale's entry of each source key, nil where it has none.
    let aligned: [Entry?]
    /// Its entries of keys the source lacks.
    let others: [String: Entry]

    public subscript(key: String) -> Entry? {
        if let position = positions[key] { return aligned[Int(position)] }
        return others[key]
    }
}
