/// Xcode's XLIFF export of a String Catalog does not carry `extractionState`: a key the catalog marks
/// stale (the code no longer uses it) is stale in the export too, and the rules that leave stale keys
/// alone must leave the export's copy alone as well.
enum ExportedStaleness {
    static func apply(to tables: inout [LocalizedTable]) {
        // Per table name, the stale keys of each catalog, by the catalog's folder without `.lproj`.
        var stale: [String: [String: Set<String>]] = [:]
        for table in tables where table.format == .xcstrings {
            let keys = table.entries.lazy.filter(\.isStale).map(\.key)
            guard !keys.isEmpty else { continue }
            stale[table.name, default: [:]][folder(of: table.path), default: []].formUnion(keys)
        }
        guard !stale.isEmpty else { return }
        for i in tables.indices where tables[i].format == .xliff {
            guard let catalogs = stale[tables[i].name] else { continue }
            // The export's `original` names the catalog's folder relative to the project (its scope).
            let exported = tables[i].scope.hasPrefix("xliff:") ? String(tables[i].scope.dropFirst("xliff:".count)) : ""
            let matching = catalogs.filter { folder, _ in exported.isEmpty || folder == exported || folder.hasSuffix("/" + exported) }
            guard matching.count == 1, let keys = matching.first?.value else { continue }
            for j in tables[i].entries.indices where keys.contains(tables[i].entries[j].key) {
                tables[i].entries[j].attributes["extractionState"] = "stale"
            }
        }
    }

    /// `a/b/mul.lproj/T.xcstrings` → `a/b`.
    private static func folder(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().filter { !$0.hasSuffix(".lproj") }.joined(separator: "/")
    }
}
