import Foundation
import Testing
@testable import LocaleAudit

@Suite struct GitHubReporterTests {
    @Test func escapesMessagesAndProperties() {
        #expect(GitHubReporter.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubReporter.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }

    @Test func oneCommandPerFindingWithSeverityMapped() {
        let lines = GitHubReporter.render(ReportFixture.result.findings, maxAnnotations: 0).split(separator: "\n")
        #expect(lines.count == ReportFixture.result.findings.count)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == ReportFixture.result.count(.error))
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == ReportFixture.result.count(.warning))
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == ReportFixture.result.count(.note))
        let untranslated = lines.first { $0.contains("[untranslated]") && $0.contains("markup") }
        // The key's ':' and ',' stay in the message (only properties escape them); '%%' is escaped.
        #expect(untranslated?.contains("::\"markup|key, a:b\" (de): identical") == true)
        #expect(untranslated?.contains("100%25%25") == true)
        #expect(untranslated?.contains(",line=3,col=21,title=locale-audit [untranslated]::") == true)
    }

    static func findings(errors: Int, warnings: Int, notes: Int) -> [Finding] {
        var findings: [Finding] = []
        for (severity, count) in [(Severity.error, errors), (.warning, warnings), (.note, notes)] {
            for i in 0..<count {
                findings.append(Finding(ruleID: "r", severity: severity, message: "\(severity.rawValue) \(i)",
                                        location: SourceLocation(file: "a.strings", line: i + 1, column: 1), key: "k\(i)"))
            }
        }
        // A summary without a key: placed after the specific findings of its severity.
        findings.insert(Finding(ruleID: "locale-incomplete", severity: .error, message: "summary", location: nil), at: 0)
        return findings
    }

    @Test func atMostTenAnnotationsPerSeverityThenOneClosingNotice() {
        let lines = GitHubReporter.render(Self.findings(errors: 14, warnings: 3, notes: 25)).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 3)
        // Nine notes and the closing notice: ten notices, all GitHub shows.
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 10)
        #expect(!lines.contains { $0.hasSuffix("::summary") }, "the summary without a key gives way to specific errors")
        let closing = lines.last ?? ""
        #expect(closing.hasPrefix("::notice title=locale-audit::21 more findings are not annotated (5 errors, 16 notes)"))
        #expect(lines.firstIndex { $0.hasPrefix("::warning") }! > lines.lastIndex { $0.hasPrefix("::error") }!, "most severe first")
    }

    @Test func noClosingNoticeWhenEverythingFitsAndZeroMeansAll() {
        let few = GitHubReporter.render(Self.findings(errors: 2, warnings: 2, notes: 10)).split(separator: "\n")
        #expect(few.count == 15)
        #expect(!few.contains { $0.contains("not annotated") })
        let all = GitHubReporter.render(Self.findings(errors: 30, warnings: 0, notes: 0), maxAnnotations: 0).split(separator: "\n")
        #expect(all.count == 31)
    }

    @Test func findingsWithoutLocationHaveNoFileProperty() {
        let finding = Finding(ruleID: "unreadable", severity: .error, message: "cannot read", location: nil)
        #expect(GitHubReporter.render([finding]) == "::error title=locale-audit [unreadable]::cannot read\n")
    }
}

@Suite struct MarkdownReporterTests {
    @Test func summaryRowPerLocaleThenFindingsErrorsFirst() {
        let text = MarkdownReporter.render(ReportFixture.result, context: ReportFixture.context)
        #expect(text.hasPrefix("## locale-audit: 1 error, 6 warnings, 1 note\n"))
        // The markup string is identical to the source in de: not counted as translated.
        #expect(text.contains("| German (de) | 0 | 2 | 0 | 85.7 % (6/7) |"))
        #expect(text.contains("| English (en) — source | 0 | 0 | 0 | – |"))
        // "settings.title" is missing in he and "app.name" identical: 5 of the 7 source keys.
        #expect(text.contains("| Hebrew (he) | 1 | 4 | 1 | 71.4 % (5/7) |"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") || $0.hasPrefix("| note |") }
        #expect(rows.count == ReportFixture.result.findings.count)
        #expect(rows.first?.hasPrefix("| error |") == true)
        #expect(rows.last?.hasPrefix("| note |") == true)
    }

    @Test func tableCellsCannotBreakTheTable() {
        let text = MarkdownReporter.render(ReportFixture.result, context: ReportFixture.context)
        // Every row of the findings table has exactly five unescaped pipes.
        for row in text.split(separator: "\n") where row.hasPrefix("| warning |") || row.hasPrefix("| error |") {
            var pipes = 0, escaped = false
            for c in row { if c == "\\" && !escaped { escaped = true; continue }; if c == "|" && !escaped { pipes += 1 }; escaped = false }
            #expect(pipes == 5, "\(row)")
        }
        #expect(MarkdownReporter.escape("a|b <b>@team</b> *x* [l](u)\nz") == "a\\|b \\<b\\>\\@team\\</b\\> \\*x\\* \\[l\\](u)<br>z")
    }

    @Test func longListsAreCapped() {
        let text = MarkdownReporter.render(ReportFixture.sampleApp, context: ReportFixture.context, limit: 5)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| error |") || $0.hasPrefix("| warning |") || $0.hasPrefix("| note |") }
        #expect(rows.count == 5)
        #expect(text.contains("…and \(ReportFixture.sampleApp.findings.count - 5) more."))
    }
}
