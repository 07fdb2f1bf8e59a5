import Foundation
import Testing
@testable import LocaleAudit

@Suite struct XLIFFFixListTests {
    static let sample = TestPaths.fixtures.appendingPathComponent("SampleApp").path

    @Test func oneFilePerLocaleWithOnlyTheWork() {
        let result = Auditor.audit(paths: [Self.sample])
        let documents = XLIFFFixList.documents(for: result)
        #expect(documents.map(\.locale) == ["ar", "de", "es", "fr", "he", "it", "ja", "pl", "pt-BR", "ru", "uk", "zh-Hans"])
        let german = documents.first { $0.locale == "de" }!
        #expect(german.text.contains("<trans-unit id=\"common.delete\""))
        #expect(german.text.contains("<target state=\"needs-translation\"></target>"))
        #expect(german.text.contains("[missing-translation]"))
        #expect(!german.text.contains("library.title"))  // nothing to do there
    }

    @Test func readsBackWithTheProjectsOwnReader() throws {
        let result = Auditor.audit(paths: [Self.sample])
        for document in XLIFFFixList.documents(for: result) {
            let read = XLIFFReader.read(Array(document.text.utf8), context: ReadContext(path: document.fileName, locale: nil, table: "x"))
            #expect(read.findings.isEmpty, "\(document.fileName): \(read.findings.map(\.message))")
            let target = read.tables.filter { $0.locale == document.locale }
            #expect(target.flatMap(\.entries).count + read.tables.filter { $0.locale == "en" }.flatMap(\.entries).count > 0)
        }
        // The Russian plural comes back as one plural value.
        let ru = XLIFFFixList.documents(for: result).first { $0.locale == "ru" }!
        let tables = XLIFFReader.read(Array(ru.text.utf8), context: ReadContext(path: "ru.xliff", locale: nil, table: "x")).tables
        let books = tables.filter { $0.locale == "ru" }.flatMap(\.entries).first { $0.key == "books.count" }
        guard case .plural(let plural)? = books?.value else {
            Issue.record("books.count is not a plural: \(String(describing: books?.value))")
            return
        }
        #expect(plural.variables.first?.categories.contains("few") == true)
        // A String Catalog's top-level plural (Reader.xcstrings) reads back as a plural too.
        let pagesLeft = tables.filter { $0.locale == "ru" }.flatMap(\.entries).first { $0.key == "%lld pages left" }
        guard case .plural(let catalogPlural)? = pagesLeft?.value else {
            Issue.record("%lld pages left is not a plural: \(String(describing: pagesLeft?.value))")
            return
        }
        #expect(catalogPlural.formatIsImplicit)
        #expect(Set(catalogPlural.variables.first?.categories ?? []) == ["one", "few", "other"])
    }

    @Test func validatesAgainstTheXLIFF12StrictSchema() throws {
        let schema = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas/xliff-core-1.2-strict.xsd")
        guard FileManager.default.fileExists(atPath: schema.path) else {
            print("skipped: ../shared/schemas is absent, so the XLIFF 1.2 strict schema cannot be checked")
            return
        }
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipped: xmllint is not installed (Debian: apt-get install libxml2-utils)")
            return
        }
        let folder = try TestPaths.makeTemporaryDirectory("fixlist")
        defer { try? FileManager.default.removeItem(at: folder) }
        let documents = XLIFFFixList.documents(for: Auditor.audit(paths: [Self.sample]))
        #expect(!documents.isEmpty)
        for document in documents {
            let file = folder.appendingPathComponent(document.fileName)
            try document.text.write(to: file, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xmllint)
            process.arguments = ["--noout", "--nonet", "--schema", schema.path, file.path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(document.fileName): \(message)")
        }
    }

    /// Strings one locale lacks in a file are one finding, the other keys its notes: the fix list
    /// still has a unit for each.
    @Test func aFindingForSeveralKeysIsWorkOnEachOfThem() throws {
        let scratch = try Scratch("fixlist-batch")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Localizable.strings", "\"a\" = \"Open\";\n\"b\" = \"Close\";\n\"c\" = \"Save\";\n\"d\" = \"Print\";\n")
        try scratch.write("de.lproj/Localizable.strings", "\"d\" = \"Drucken\";\n")
        try scratch.write("fr.lproj/Localizable.strings", "\"a\" = \"Ouvrir\";\n\"b\" = \"Fermer\";\n\"c\" = \"Enregistrer\";\n\"d\" = \"Imprimer\";\n")
        let result = Auditor.audit(paths: [scratch.path])
        let missing = result.findings.filter { $0.ruleID == "missing-translation" }
        #expect(missing.count == 1)
        #expect(missing.first?.keys == ["a", "b", "c"])
        let german = try #require(XLIFFFixList.documents(for: result).first { $0.locale == "de" })
        #expect(german.unitCount == 3)
        for key in ["a", "b", "c"] { #expect(german.text.contains("<trans-unit id=\"\(key)\"")) }
    }

    @Test func fileNamesCannotEscapeTheOutputFolder() {
        #expect(XLIFFFixList.safeFileName("../../etc/passwd") == "______etc_passwd")
        #expect(XLIFFFixList.safeFileName("zh-Hans") == "zh-Hans")
    }
}
