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
