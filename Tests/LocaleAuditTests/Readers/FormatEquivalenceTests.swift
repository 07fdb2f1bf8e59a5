import Foundation
import Testing
@testable import LocaleAudit

/// One plural, four of Apple's encodings: `.stringsdict`, XLIFF `:dict/` units, XLIFF `|==|plural.`
/// units and a String Catalog. Every check sees the same model value, whichever the team ships.
@Suite struct FormatEquivalenceTests {
    static let folder = TestPaths.fixtures.appendingPathComponent("Readers/equivalence")

    func russianValue(_ relativePath: String) throws -> Value {
        let path = Self.folder.appendingPathComponent(relativePath).path
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let discovered = Discovery.discover([path]).files
        let file = try #require(discovered.first)
        let reader = try #require(ReaderRegistry.reader(for: file.format))
        let result = reader.read(bytes, context: ReadContext(path: path, locale: file.locale, table: file.table))
        #expect(result.findings.isEmpty, "\(relativePath): \(result.findings.map(\.message))")
        let entry = try #require(result.tables.filter { ($0.locale ?? file.locale) == "ru" }.flatMap(\.entries).first { $0.key == "%lld files" },
                                 "\(relativePath) has no ru entry '%lld files'")
        return entry.value
    }

    @Test func allFourEncodingsGiveTheSameValue() throws {
        let stringsdict = try russianValue("ru.lproj/Localizable.stringsdict").canonical
        let dictUnits = try russianValue("stringsdict-export.xliff").canonical
        let catalogUnits = try russianValue("catalog-export.xliff").canonical
        let catalog = try russianValue("Localizable.xcstrings").canonical
        guard case .plural(let plural) = stringsdict else {
            Issue.record("not a plural: \(stringsdict)")
            return
        }
        #expect(plural.variables.first?.categories == ["one", "few", "many", "other"])
        #expect(plural.variables.first?.valueType == "lld")
        #expect(dictUnits == stringsdict)
        #expect(catalogUnits == stringsdict)
        #expect(catalog == stringsdict)
    }

    @Test func canonicalFormKeepsRealFormats() {
        let value = Value.plural(PluralValue(format: "%#@files@ in %@", variables: [
            PluralVariable(name: "files", forms: [PluralForm(category: "other", text: "%d files")]),
        ]))
        guard case .plural(let plural) = value.canonical else { return }
        #expect(plural.format == "%#@files@ in %@")
        #expect(!plural.formatIsImplicit)
    }
}
