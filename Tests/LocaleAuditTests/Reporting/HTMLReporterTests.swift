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
        #expect(page.contains("<dt>one</dt><dd>תמונה אחת</dd>"))
        #expect(page.contains("he needs &#39;two&#39; (e.g. 2)"))
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
