import Testing
@testable import LocaleAudit

/// An XLIFF export of a String Catalog inherits the catalog's stale keys, and only its own catalog's.
@Suite struct ExportedStalenessTests {
    private func table(_ name: String, _ path: String, _ format: CatalogFormat, scope: String = "", _ keys: [(String, Bool)]) -> LocalizedTable {
        LocalizedTable(name: name, locale: "de", path: path, format: format, entries: keys.map { key, stale in
            Entry(key: key, value: .text(key), location: SourceLocation(file: path, line: 1, column: 1),
                  attributes: stale ? ["extractionState": "stale"] : [:])
        }, scope: scope)
    }

    @Test func anExportInheritsItsCatalogsStaleKeys() {
        var tables = [
            table("Display", "App/DisplaySettings/mul.lproj/Display.xcstrings", .xcstrings, [("old.title", true), ("new.title", false)]),
            table("Display", "App/Other/mul.lproj/Display.xcstrings", .xcstrings, [("other.title", true)]),
            table("Display", "xliff/de.xliff", .xliff, scope: "xliff:DisplaySettings", [("old.title", false), ("new.title", false), ("other.title", false)]),
            table("Main", "xliff/de.xliff", .xliff, scope: "xliff:", [("old.title", false)]),
        ]
        ExportedStaleness.apply(to: &tables)
        #expect(tables[2].entries.map(\.isStale) == [true, false, false])
        // Another table's key of the same name is not stale.
        #expect(tables[3].entries.map(\.isStale) == [false])
        // Two catalogs match an export without a folder: which one it exports is unknown, so nothing is marked.
        var ambiguous = [tables[0], tables[1], table("Display", "xliff/fr.xliff", .xliff, scope: "xliff:", [("old.title", false)])]
        ExportedStaleness.apply(to: &ambiguous)
        #expect(ambiguous[2].entries.map(\.isStale) == [false])
    }
}
