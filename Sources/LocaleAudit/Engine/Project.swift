/// Everything read from the paths of one run: the tables of every locale, grouped so that checks can
/// compare each translation with its source.
public struct Project: Sendable {
    public var tables: [LocalizedTable]
    public var sourceLanguage: String
    public var sourceLanguageOrigin: SourceLanguageOrigin
    public var localeDeclarations: [LocaleDeclaration]
    public var files: [DiscoveredFile]
    public var lprojFolders: [String]
    /// What the Xcode project and `Info.plist` files declare; empty when there are none.
    public var appLanguages: [AppLanguageDeclaration] = []
    /// The user-facing strings of the `Info.plist` files (permission prompts, display name, copyright).
    public var infoPlistStrings: [InfoPlistString] = []
    /// Tables named after a storyboard or xib found in an `.lproj` folder: their strings are
    /// Interface Builder's, never passed to `String(format:)`.
    public var interfaceBuilderTables: Set<TableID> = []

    public enum SourceLanguageOrigin: String, Sendable, Codable {
        case configured, declared = "declared-by-catalogs", developmentRegion = "development-region", detected
    }

    public init(tables: [LocalizedTable], sourceLanguage: String, sourceLanguageOrigin: SourceLanguageOrigin,
                localeDeclarations: [LocaleDeclaration] = [], files: [DiscoveredFile] = [], lprojFolders: [String] = []) {
        self.tables = tables
        self.sourceLanguage = sourceLanguage
        self.sourceLanguageOrigin = sourceLanguageOrigin
        self.localeDeclarations = localeDeclarations
        self.files = files
        self.lprojFolders = lprojFolders
    }

    /// `Base.lproj` holds the development language.
    public func effectiveLocale(of table: LocalizedTable) -> String? {
        guard let locale = table.locale else { return nil }
        return locale == "Base" ? sourceLanguage : locale
    }

    public func isSource(_ table: LocalizedTable) -> Bool {
        guard let locale = table.locale else { return false }
        return locale == "Base" || locale == sourceLanguage
    }

    /// Every locale with at least one table, the source language included, sorted.
    public var locales: [String] {
        Set(tables.compactMap { effectiveLocale(of: $0) }).sorted()
    }

    /// Tables grouped by identity, sorted by identity; within a group, in path order.
    public var tableGroups: [(id: TableID, tables: [LocalizedTable])] {
        var groups: [TableID: [LocalizedTable]] = [:]
        for table in tables { groups[table.id, default: []].append(table) }
        return groups.keys.sorted().map { ($0, groups[$0]!) }
    }

    /// Picks the development language when the user did not say: the language the catalogs declare
    /// (String Catalog `sourceLanguage`, XLIFF `source-language`), else the app's development region
    /// (Xcode project, then `Info.plist`), else English when an `en` folder exists, else the locale
    /// with the most entries.
    static func detectSourceLanguage(declared: [String], tables: [LocalizedTable],
                                     appLanguages: [AppLanguageDeclaration] = []) -> (String, SourceLanguageOrigin) {
        if declared.isEmpty {
            let regions = appLanguages.filter { !$0.isBuildSetting && !$0.kind.isLocalizationList }
            if let region = regions.first(where: { $0.kind == .developmentRegion }) ?? regions.first {
                return (region.identifier, .developmentRegion)
            }
        }
        if !declared.isEmpty {
            var counts: [String: Int] = [:]
            for language in declared { counts[language, default: 0] += 1 }
            let best = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!
            return (best.key, .declared)
        }
        var entries: [String: Int] = [:]
        for table in tables {
            guard let locale = table.locale, locale != "Base" else { continue }
            entries[locale, default: 0] += table.entries.count
        }
        if entries["en"] != nil { return ("en", .detected) }
        if let best = entries.max(by: { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }) {
            return (best.key, .detected)
        }
        return ("en", .detected)
    }
}
