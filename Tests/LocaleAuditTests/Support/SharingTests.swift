import Foundation
import Testing
@testable import LocaleAudit

/// Entries share one copy-on-write box; a copy that changes must not change the original.
@Suite struct EntrySharingTests {
    @Test func copiesAreIndependent() {
        let location = SourceLocation(file: "a.strings", line: 1, column: 1)
        let original = Entry(key: "k", value: .text("one"), comment: "c", location: location)
        var copy = original
        #expect(copy == original)
        copy.value = .text("two")
        copy.attributes["x"] = "y"
        copy.comment = nil
        #expect(original.value == .text("one") && original.attributes.isEmpty && original.comment == "c")
        #expect(copy.value == .text("two") && copy.attributes == ["x": "y"] && copy.comment == nil)
        #expect(copy != original)
        var same = original
        same.key = "k"  // a write of an equal value still leaves two equal, independent entries
        #expect(same == original)
        #expect(Set([original, same]).count == 1)
    }
}

/// The compact box keeps every field as it was written, whichever of them a format fills.
@Suite struct EntryStorageTests {
    let key = SourceLocation(file: "de.lproj/Localizable.strings", line: 4, column: 1)

    @Test func valueLocationsRoundTrip() {
        let inFile = SourceLocation(file: key.file, line: 4, column: 9)
        var entry = Entry(key: "k", value: .text("v"), location: key, valueLocation: inFile)
        #expect(entry.valueLocation == inFile)
        #expect(Entry(key: "k", value: .text("v"), location: key).valueLocation == nil)
        // A value in another file, or at a line no reader writes, is kept exactly.
        let elsewhere = SourceLocation(file: "other.xliff", line: 2, column: 3)
        entry.valueLocation = elsewhere
        #expect(entry.valueLocation == elsewhere)
        let lineZero = SourceLocation(file: key.file, line: 0, column: 5)
        #expect(Entry(key: "k", value: .text("v"), location: key, valueLocation: lineZero).valueLocation == lineZero)
        entry.valueLocation = inFile
        #expect(entry.valueLocation == inFile)
        entry.valueLocation = nil
        #expect(entry.valueLocation == nil)
        // Moving the key keeps the value where it was.
        var moved = Entry(key: "k", value: .text("v"), location: key, valueLocation: inFile)
        moved.location = SourceLocation(file: "fr.lproj/Localizable.strings", line: 1, column: 1)
        #expect(moved.valueLocation == inFile && moved.location.file == "fr.lproj/Localizable.strings")
    }

    @Test func bilingualFieldsRoundTripAndCopyOnWrite() {
        let state = TranslationState(raw: "needs-review-translation", meaning: .needsReview)
        let original = Entry(key: "k", value: .text("Hallo"), state: state, location: key, sourceValue: .text("Hello"),
                             attributes: ["extractionState": "stale"])
        #expect(original.state == state && original.sourceValue == .text("Hello") && original.isStale)
        var copy = original
        copy.state = nil
        copy.sourceValue = .text("Hi")
        copy.attributes = [:]
        #expect(original.state == state && original.sourceValue == .text("Hello") && original.isStale)
        #expect(copy.state == nil && copy.sourceValue == .text("Hi") && !copy.isStale && copy.attributes.isEmpty)
        #expect(copy != original)
    }

    @Test func sharingEqualStringsChangesNoValue() {
        let source = Entry(key: "greeting.title", value: .text("Hello there, friend"), comment: "A long developer note", location: key)
        let other = SourceLocation(file: "fr.xliff", line: 9, column: 2)
        let translation = Entry(key: String("greeting.title".reversed().reversed()), value: .text("Bonjour, mon ami"),
                                comment: "A long developer note", location: other, sourceValue: .text("Hello there, friend"))
        let copy = translation
        translation.shareEqualStrings(with: source)
        #expect(translation == copy)
        #expect(translation.key == "greeting.title" && translation.value == .text("Bonjour, mon ami"))
        #expect(translation.sourceValue == .text("Hello there, friend") && translation.comment == "A long developer note")
        // A string that differs only in its bytes (a decomposed é) is not taken.
        let decomposed = Entry(key: "cafe\u{301}", value: .text("x"), location: other)
        decomposed.shareEqualStrings(with: Entry(key: "caf\u{E9}", value: .text("x"), location: key))
        #expect(decomposed.key.utf8.count == "cafe\u{301}".utf8.count)
    }
}

/// The index finds a locale's entries by the source's key positions, and keys the source lacks on their own.
@Suite struct EntriesByKeyTests {
    @Test func keysInAndOutsideTheSource() throws {
        let scratch = try Scratch("entries-by-key")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try scratch.write("de.lproj/Localizable.strings", "\"b\" = \"Bd\";\n\"extra\" = \"E\";\n\"b\" = \"second\";\n")
        let project = Auditor.audit(paths: [scratch.path]).project
        let index = ProjectIndex(project)
        let set = try #require(index.tableSets.first)
        let german = try #require(set.translations.first)
        #expect(german.entries["a"] == nil)
        #expect(german.entries["b"]?.value == .text("Bd"))
        #expect(german.entries["extra"]?.value == .text("E"))
        #expect(german.entries["missing"] == nil)
        #expect(german.keys == ["b", "extra"])
        #expect(set.alignedEntries[0].map { $0?.value } == [nil, .text("Bd")])
        #expect(set.source?.entries["a"]?.value == .text("A") && set.source?.entries["extra"] == nil)
    }
}

/// Work may be taken costliest first, but results stay in input order.
@Suite struct ParallelScheduleTests {
    @Test func costOrderKeepsResultsInInputOrder() {
        let items = Array(0..<500)
        let plain = Parallel.map(items, workers: 2) { $0 * 3 }
        let scheduled = Parallel.map(items, workers: 2, cost: { ($0 * 7919) % 101 }) { $0 * 3 }
        #expect(plain == items.map { $0 * 3 })
        #expect(scheduled == plain)
    }
}

/// The JSON writer copies runs of plain bytes and escapes only what JSON (and JavaScript) needs.
@Suite struct JSONEscapingTests {
    @Test func escapes() throws {
        #expect(JSONWriter.quote("plain é ✓ …") == "\"plain é ✓ …\"")
        #expect(JSONWriter.quote("a\"b\\c\nd\re\tf\u{1}g\u{1F}") == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001g\\u001f\"")
        #expect(JSONWriter.quote("x\u{2028}y\u{2029}z\u{2027}") == "\"x\\u2028y\\u2029z\u{2027}\"")
        #expect(JSONWriter.quote("") == "\"\"")
        // Every string round-trips through a JSON parser.
        let samples = ["", "\u{0}", "\u{7F}", "\"\"", "\\", "日本語\u{2028}", "👩🏽‍💻\n", String(repeating: "ab\u{2029}", count: 100)]
        for sample in samples {
            let document = "[" + JSONWriter.quote(sample) + "]"
            let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String]
            #expect(parsed == [sample], "\(sample.debugDescription)")
        }
    }
}

/// A result keeps the rules' index for its reports, and drops it when its project changes.
@Suite struct ResultIndexTests {
    @Test func theIndexFollowsTheProject() {
        let report = ReportFixture.result, sample = ReportFixture.sampleApp
        #expect(report.cachedIndex != nil)
        #expect(report.index.tableSets.map(\.id) == ProjectIndex(report.project).tableSets.map(\.id))
        var changed = report
        changed.project = sample.project
        #expect(changed.cachedIndex == nil)
        #expect(changed.index.tableSets.map(\.id) == ProjectIndex(sample.project).tableSets.map(\.id))
        #expect(changed.index.tableSets.map(\.id) != report.index.tableSets.map(\.id))
    }
}
