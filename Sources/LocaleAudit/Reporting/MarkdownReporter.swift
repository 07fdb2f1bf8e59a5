/// A pull-request comment (GitHub-flavoured Markdown): a summary table per locale, then the most
/// important findings, errors first, capped so the comment stays readable and under GitHub's size limit.
public enum MarkdownReporter {
    public static let findingLimit = 50

    public static func render(_ result: AuditResult, context: ReportContext = ReportContext(), limit: Int = findingLimit) -> String {
        let project = result.project
        let source = project.sourceLanguage
        var out = "## locale-audit: \(countsText(result.findings))\n\n"
        if result.findings.isEmpty {
            return out + "No findings in \(plural(project.files.count, "catalog file")) (\(plural(project.locales.count, "locale"))).\n"
        }

        let coverage = Dictionary(uniqueKeysWithValues: result.coverage.locales.map { ($0.locale, $0) })
        var byLocale: [String: [Severity: Int]] = [:]
        for finding in result.findings {
            let locale = finding.locale.map { $0 == "Base" ? source : $0 } ?? ""
            byLocale[locale, default: [:]][finding.severity, default: 0] += 1
        }
        let locales = Set(project.locales).union(byLocale.keys.filter { !$0.isEmpty }).sorted()
        out += "| Locale | Errors | Warnings | Notes | Translated |\n|---|--:|--:|--:|--:|\n"
        for locale in locales + (byLocale[""] == nil ? [] : [""]) {
            let counts = byLocale[locale] ?? [:]
            let name: String
            if locale.isEmpty { name = "(no locale)" }
            else { name = escape(LocaleDisplay(locale).label) + (locale == source ? " — source" : "") }
            let translated = coverage[locale].map { "\($0.percentText) (\($0.translated)/\($0.sourceKeys))" } ?? "–"
            out += "| \(name) | \(counts[.error] ?? 0) | \(counts[.warning] ?? 0) | \(counts[.note] ?? 0) | \(translated) |\n"
        }

        // Most severe first; within a severity, the report's stable order.
        let important = Severity.allCases.sorted(by: >).flatMap { severity in result.findings.filter { $0.severity == severity } }
        let shown = important.prefix(limit)
        out += "\n### Findings\n\n| Severity | Location | Rule | Finding |\n|---|---|---|---|\n"
        for finding in shown {
            let location = finding.location.map { "`\(code(ReportText.relativePath($0.file, base: context.baseDirectory))):\($0.line):\($0.column)`" } ?? "–"
            var text = escape(finding.headline.visibleEscaped)
            for note in finding.notes { text += "<br>↳ " + escape(note.message.visibleEscaped) }
            out += "| \(finding.severity.rawValue) | \(location) | `\(finding.ruleID)` | \(text) |\n"
        }
        if important.count > shown.count {
            out += "\n…and \(important.count - shown.count) more. Run `locale-audit check` locally or see the SARIF/JSON report for the full list.\n"
        }
        return out
    }

    static func countsText(_ findings: [Finding]) -> String {
        let count = { (s: Severity) in findings.lazy.filter { $0.severity == s }.count }
        return "\(plural(count(.error), "error")), \(plural(count(.warning), "warning")), \(plural(count(.note), "note"))"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// Text for a table cell: Markdown punctuation backslash-escaped (so a message cannot start a link,
    /// emphasis, a mention or an HTML tag), pipes escaped, line breaks as `<br>`.
    static func escape(_ text: String) -> String { Escaping.markdown(text) }

    /// Text inside a code span in a table cell: only the pipe needs escaping; backticks cannot occur
    /// in a code span, so they become a look-alike.
    static func code(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "|": out += "\\|"
            case "`": out += "ˋ"
            default: out.append(c)
            }
        }
        return out
    }
}
