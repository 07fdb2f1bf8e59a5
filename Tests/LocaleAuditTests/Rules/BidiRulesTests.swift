import Foundation
import Testing
@testable import LocaleAudit

@Suite struct BidiRulesTests {
    @Test func balancedControlsAndMarksAreFine() {
        for text in ["\u{200F}שלום", "a\u{2068}b\u{2069}c", "\u{202B}x\u{202C}", "\u{2067}\u{202A}x\u{202C}\u{2069}",
                     "\u{200E}\u{061C}", "plain", "\u{202B}x\u{202C}\n\u{2066}y\u{2069}"] {
            #expect(BidiControl.balanceProblems(in: text).isEmpty, "\(BidiControl.visible(text)) is balanced")
        }
    }

    @Test func unbalancedControlsWithUTF16Offsets() {
        let stray = BidiControl.balanceProblems(in: "Fertig\u{2069}")
        #expect(stray.map(\.message) == ["stray ⟨PDI⟩ at UTF-16 offset 6 closes no isolate"])
        // An emoji takes two UTF-16 units.
        #expect(BidiControl.balanceProblems(in: "😀\u{202B}x").map(\.utf16Offset) == [2])
        // A PDF cannot close an isolate.
        #expect(BidiControl.balanceProblems(in: "\u{2068}x\u{202C}").count == 2)
        // A PDI closes the embeddings inside its isolate: those are reported.
        #expect(BidiControl.balanceProblems(in: "\u{2067}\u{202B}x\u{2069}").first?.message.contains("the ⟨PDI⟩ at 3 ends it") == true)
        // A line break ends the paragraph and every open control.
        #expect(BidiControl.balanceProblems(in: "\u{202E}x\ny\u{202C}").count == 2)
    }

    /// A stray closer alone leaves the label as it shows: a warning; an opener left open is an error.
    @Test func strayClosersAloneAreAWarning() throws {
        let scratch = try Scratch("bidi-severity")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Localizable.strings", "\"done\" = \"Done\";\n\"used\" = \"%@ used\";\n")
        try scratch.write("ar.lproj/Localizable.strings", "\"done\" = \"تم\u{2069}\";\n\"used\" = \"\u{202B}%@ مستخدمة\";\n")
        let bidi = Auditor.audit(paths: [scratch.path]).findings.filter { $0.ruleID == "bidi-unbalanced" }
        #expect(bidi.first { $0.key == "done" }?.severity == .warning)
        #expect(bidi.first { $0.key == "done" }?.message.hasSuffix("remove the stray control (invisible here, it ends an isolate that text around this string opens)") == true)
        #expect(bidi.first { $0.key == "used" }?.severity == .error)
    }

    @Test func visibleNamesInvisibleCharacters() {
        #expect(BidiControl.visible("\u{200F}a\u{2068}%@\u{2069}\n") == "⟨RLM⟩a⟨FSI⟩%@⟨PDI⟩\\n")
    }

    @Test func firstStrongSkipsSpecifiersIsolatesAndMediaWikiMarkup() {
        var memo = StrongDirectionMemo()
        func paragraphs(_ text: String) -> [String] {
            RTLLeadingLTRRule.ltrParagraphs(DirectionFacts(text, specifiers: FormatSpecifiers.scan(text).specifiers, memo: &memo))
                .map { "\($0.line) \($0.word)" }
        }
        func leading(_ text: String) -> String? { paragraphs(text).first.map { String($0.split(separator: " ", maxSplits: 1)[1]) } }
        #expect(leading("%ld ספרים") == nil)
        #expect(leading("\u{2066}iCloud\u{2069} מחובר") == nil)
        #expect(leading("{{PLURAL:$1|ספר|ספרים}}") == nil)
        #expect(leading("ـ %@") == nil) // tatweel is Arabic, not Latin
        #expect(leading("CAPTCHA پڪ") == "CAPTCHA")
        #expect(leading("שלום\nOK ביטול") == "OK")
        // Every later line that starts left to right, by line; the first line's alone when it does.
        #expect(paragraphs("בחרו:\n\nQırım, טטרית\nҚазақша, קזחית\nעברית") == ["3 Qırım", "4 Қазақша"])
        #expect(paragraphs("OK ביטול\nCAPTCHA פה") == ["1 OK"])
    }

    /// Pockity's XLIFF targets end in stray PDIs; until the XLIFF reader lands their `<target>` texts
    /// are pulled out here by plain scanning and given to the same check the rule runs.
    @Test func pockityStrayPDIsAreFound() throws {
        guard TestPaths.corpusIsPresent else {
            print(TestPaths.corpusAbsentMessage)
            return
        }
        let folder = TestPaths.corpus.appendingPathComponent("Pockity+Localisations/Localizations")
        var unbalanced: [String] = []
        for bundle in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where bundle.hasSuffix(".xcloc") {
            let locale = String(bundle.dropLast(".xcloc".count))
            let xliff = folder.appendingPathComponent("\(bundle)/Localized Contents/\(locale).xliff")
            let text = try String(contentsOf: xliff, encoding: .utf8)
            for piece in text.components(separatedBy: "<target>").dropFirst() {
                guard let end = piece.range(of: "</target>") else { continue }
                let target = String(piece[..<end.lowerBound])
                if !BidiControl.balanceProblems(in: target).isEmpty { unbalanced.append("\(locale): \(BidiControl.visible(target))") }
            }
        }
        #expect(unbalanced.count == 8, "\(unbalanced)")
        #expect(unbalanced.contains("de: Fertig⟨PDI⟩"))
    }

    /// Wikipedia's values carry lone RLMs: neither bidi rule may report them.
    @Test func noLoneMarkIsFlaggedInTheCorpus() throws {
        guard TestPaths.corpusIsPresent else {
            print(TestPaths.corpusAbsentMessage)
            return
        }
        let result = Auditor.audit(paths: [TestPaths.corpus.path], options: AuditOptions(workers: 2))
        let bidi = result.findings.filter { $0.ruleID == "bidi-unbalanced" || $0.ruleID == "bidi-override" }
        #expect(bidi.filter { !$0.message.contains("PDI") }.isEmpty, "only Pockity's stray PDIs are unbalanced: \(bidi.map(\.message))")
    }
}
