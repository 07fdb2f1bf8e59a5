import Foundation
import Testing
@testable import LocaleAudit

@Suite struct HTMLReporterTests {
    static var html: String { ReportFixture.render(.html) }

    @Test func selfContainedAndAccessibleStructure() {
        let page = Self.html
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"))
        // Nothing fetched: no external stylesheet, script or image.
        for forbidden in ["<link", " src=", "http://", "https://", "@import", "url("] {
            #expect(!page.contains(forbidden), "found \(forbidden)")
        }
        #expect(page.contains("<h1>Translation report</h1>"))
        #expect(page.contains("<h2 id=\"h-he\">Hebrew — <span lang=\"he\" dir=\"rtl\">עברית</span>"))
        for control in ["f-locale", "f-rule", "f-severity"] {
            #expect(page.contains("<label for=\"\(control)\">"))
            #expect(page.contains("<select id=\"\(control)\">"))
        }
        // Filters are hidden until the script shows them: without JavaScript everything is visible.
        #expect(page.contains("<form id=\"filters\" class=\"filters\" hidden"))
        #expect(page.contains("<th scope=\"col\">Translation (Hebrew)</th>"))
        #expect(page.contains("<th scope=\"row\"><code>greeting</code></th>"))
    }

    @Test func translationsAreShownInTheirDirectionWithInvisiblesVisible() {
        let page = Self.html
        // The Hebrew value of "markup|key, a:b" carries RLE … PDF; both are shown, in an RTL cell.
        #expect(page.contains("<td lang=\"he\" dir=\"rtl\"><span class=\"ctl\" title=\"U+202B RIGHT-TO-LEFT EMBEDDING\">⟨RLE⟩</span>טום וג&#39;רי<span class=\"ctl\" title=\"U+202C POP DIRECTIONAL FORMATTING\">⟨PDF⟩</span>"))
        // Source next to translation, specifiers isolated so they read left to right.
        #expect(page.contains("<td lang=\"en\" dir=\"ltr\">Hello, <span class=\"ph\">%@</span>!</td><td lang=\"he\" dir=\"rtl\">שלום, <span class=\"ph\">%d</span>!</td>"))
        // Plural forms listed by category, the missing one explained with example numbers.
        #expect(page.contains("<dt>other</dt><dd><span class=\"ph\">%d</span> תמונות</dd>"))
        #expect(page.contains("he needs &#39;one&#39; (e.g. 1)"))
        // Markup in catalog text is text, not markup.
        #expect(page.contains("Tom &amp; Jerry &lt;b&gt;*<span class=\"ph\">%@</span>*&lt;/b&gt;"))
    }

    @Test func groupsAreCappedWithACount() {
        // A group of two rows (the same problem on a second key), cut to one.
        var result = ReportFixture.sampleApp
        let finding = result.findings.first { $0.locale == "de" && $0.key != nil }!
        var copy = finding
        copy.key = finding.key! + ".copy"
        result.findings.append(copy)
        let page = HTMLReporter.render(result, context: ReportFixture.context, rowsPerGroup: 1)
        #expect(page.contains("…and 1 more text with this problem."))
        let full = HTMLReporter.render(ReportFixture.sampleApp, context: ReportFixture.context)
        #expect(!full.contains("with this problem. The full list"))
    }

    @Test func speechRangesAreMarkedWithTheirLanguage() throws {
        let page = HTMLReporter.render(ReportFixture.sampleApp, context: ReportFixture.context)
        let row = try #require(Self.row(of: "map.landmark", cellLang: "ru", in: page))
        #expect(row.contains("Москва <mark class=\"speech\" lang=\"en\" title=\"VoiceOver should read this part in English (accessibilitySpeechLanguage en)\">Arc de Triomphe</mark> <mark class=\"speech\" lang=\"zh\" title=\"VoiceOver should read this part in Chinese (accessibilitySpeechLanguage zh)\">東京</mark></td>"), "\(row)")
        // The source cell of the same row is not the analysed text.
        #expect(row.contains("<td lang=\"en\" dir=\"ltr\">Moscow, Paris and Tokyo</td>"))
        // Inside right-to-left text the mark sits in the RTL cell, the text around it untouched.
        let arabic = try #require(Self.row(of: "map.landmark", cellLang: "ar", in: page))
        #expect(arabic.contains("<td lang=\"ar\" dir=\"rtl\">موسكو و <mark class=\"speech\" lang=\"en\""), "\(arabic)")
        // The legend explains the highlight once per language-of-parts group, and only there.
        let legends = page.components(separatedBy: "<p class=\"legend\">").count - 1
        let groups = page.components(separatedBy: "data-rule=\"language-of-parts\"").count - 1
        #expect(groups >= 2 && legends == groups)
        #expect(!page.contains("<mark class=\"speech\" lang=\"en\" title=\"VoiceOver should read this part in English (accessibilitySpeechLanguage en)\">Bookshelf</mark> uses"))
    }

    @Test func speechMarksFollowTheConfiguredTerms() throws {
        // --never-tag silences the rule's range, so the page must not mark it either.
        var options = AuditOptions(workers: 2)
        options.neverTag = ["Arc de Triomphe"]
        let result = Auditor.audit(paths: [TestPaths.fixtures.appendingPathComponent("SampleApp").path], options: options)
        let page = HTMLReporter.render(result, context: ReportFixture.context)
        let row = try #require(Self.row(of: "map.landmark", cellLang: "ru", in: page))
        #expect(row.contains("Москва Arc de Triomphe <mark class=\"speech\" lang=\"zh\""), "\(row)")
    }

    @Test func speechMarksInTheSourceLanguageAreInTheSourceCell() throws {
        let dir = try TestPaths.makeTemporaryDirectory("html-speech")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (locale, text) in [("en", "Open the Москва map"), ("de", "Karte von Moskau öffnen")] {
            let folder = dir.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("\"map\" = \"\(text)\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        let result = Auditor.audit(paths: [dir.path], options: AuditOptions(sourceLanguage: "en", workers: 2))
        #expect(result.findings.contains { $0.ruleID == "language-of-parts" && $0.locale == "en" })
        let page = HTMLReporter.render(result, context: ReportContext(baseDirectory: dir.path, toolVersion: "{VERSION}"))
        #expect(page.contains("<td lang=\"en\" dir=\"ltr\">Open the <mark class=\"speech\" lang=\"ru\" title=\"VoiceOver should read this part in Russian (accessibilitySpeechLanguage ru)\">Москва</mark> map</td>"))
        #expect(page.components(separatedBy: "<mark class=\"speech\" lang=\"ru\"").count == 2)
    }

    @Test func speechMarksUseUTF16OffsetsAndNestWithSpecifiers() {
        func mark(_ location: Int, _ length: Int, _ language: String = "en") -> HTMLReporter.SpeechMark {
            HTMLReporter.SpeechMark(SpeechRange(location: location, length: length, language: language, script: "Latn", text: "", fromTerm: false))
        }
        // 😀 is two UTF-16 units and one scalar: UTF-16 offset 3 is "<", and each piece is escaped.
        #expect(HTMLReporter.visible("😀 <Arc> б", speech: [mark(3, 5)])
                == "😀 <mark class=\"speech\" lang=\"en\" title=\"VoiceOver should read this part in English (accessibilitySpeechLanguage en)\">&lt;Arc&gt;</mark> б")
        #expect(HTMLReporter.visible("😀😀Arc", speech: [mark(4, 3)]).hasPrefix("😀😀<mark"))
        // A specifier inside a mark stays inside it; one across a mark edge is split around the edge.
        let inside = HTMLReporter.visible("Arc %@ Tri", speech: [mark(0, 10)])
        #expect(inside.hasSuffix(">Arc <span class=\"ph\">%@</span> Tri</mark>"))
        let across = HTMLReporter.visible("x%@yz", speech: [mark(2, 3)])
        #expect(across.hasPrefix("x<span class=\"ph\">%</span><mark class=\"speech\""))
        #expect(across.hasSuffix("><span class=\"ph\">@</span>yz</mark>"))
        // Shortened text closes an open mark; an invisible inside is shown inside the mark.
        #expect(HTMLReporter.visible("ab\u{200F}cdef", limit: 4, speech: [mark(1, 4)]).hasSuffix(">b<span class=\"ctl\" title=\"U+200F RIGHT-TO-LEFT MARK\">⟨RLM⟩</span>c</mark>…"))
        // A tag from a configured term is escaped like any attribute.
        #expect(HTMLReporter.visible("ab", speech: [mark(0, 2, "x\"y")]).contains("lang=\"x&quot;y\""))
    }

    /// The `<tr>` of a key whose translation cell has this `lang`.
    static func row(of key: String, cellLang: String, in page: String) -> String? {
        page.components(separatedBy: "\n").first {
            $0.hasPrefix("<tr><th scope=\"row\"><code>\(key)</code></th>") && $0.contains("<td lang=\"\(cellLang)\"")
        }
    }

    @Test func visibleShowsControlsAndShortensLongText() {
        #expect(HTMLReporter.visible("a\u{200F}b\nc") == "a<span class=\"ctl\" title=\"U+200F RIGHT-TO-LEFT MARK\">⟨RLM⟩</span>b<span class=\"ctl\" title=\"line break\">↵</span><br>c")
        #expect(HTMLReporter.visible(String(repeating: "x", count: 500), limit: 10) == "xxxxxxxxxx…")
        #expect(HTMLReporter.visible("%1$@ 100%%", limit: 3) == "<span class=\"ph\">%1$</span>…")
    }
}

/// The page in a real browser: Debian's chromium renders it, runs its script, and takes a screenshot.
@Suite(.serialized) struct HTMLReportBrowserTests {
    static let chromium = executableOnPath(["chromium", "chromium-browser", "google-chrome"])
    static let skipMessage = "chromium is not installed (apt-get install chromium): the headless-browser test of the HTML report is skipped"

    static func browse(_ html: String, query: String = "", screenshot: Bool = false) throws -> (dom: String, png: Data?) {
        let dir = try TestPaths.makeTemporaryDirectory("html")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                      "--user-data-dir=\(dir.path)/profile", "--window-size=1280,2000"]
        let url = page.absoluteString + query
        let dom = try runProgram(chromium!, common + ["--dump-dom", url])
        var png: Data? = nil
        if screenshot {
            let shot = dir.appendingPathComponent("shot.png")
            try runProgram(chromium!, common + ["--screenshot=\(shot.path)", url])
            png = try? Data(contentsOf: shot)
        }
        return (dom.output, png)
    }

    @Test(.enabled(if: chromium != nil, Comment(rawValue: skipMessage)))
    func rendersRunsItsFiltersAndScreenshots() throws {
        let (dom, png) = try Self.browse(ReportFixture.render(.html), screenshot: true)
        let total = ReportFixture.result.findings.count
        // The script ran: it revealed the filters and counted the findings.
        #expect(dom.contains("<form id=\"filters\" class=\"filters\" aria-label=\"Filter findings\">"), "\(dom.prefix(2000))")
        #expect(dom.contains("Showing \(total) of \(total) findings"))
        #expect(dom.contains("<h1>Translation report</h1>"))
        #expect(dom.contains("<th scope=\"col\">Language</th>"))
        let bytes = try #require(png)
        #expect(bytes.count > 10_000)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test(.enabled(if: chromium != nil, Comment(rawValue: skipMessage)))
    func aLocaleInTheURLFiltersThePage() throws {
        let (dom, _) = try Self.browse(ReportFixture.render(.html), query: "?locale=he&severity=warning")
        let heWarnings = ReportFixture.result.findings.filter { $0.locale == "he" && $0.severity == .warning }.count
        #expect(dom.contains("Showing \(heWarnings) of \(ReportFixture.result.findings.count) findings"))
        #expect(dom.contains("id=\"locale-de\" data-locale=\"de\" aria-labelledby=\"h-de\" hidden=\"\""))
        #expect(!dom.contains("id=\"locale-he\" data-locale=\"he\" aria-labelledby=\"h-he\" hidden"))
    }
}
