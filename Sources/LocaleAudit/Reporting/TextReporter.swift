/// The human format: findings grouped by file, aligned, with related locations indented below.
public enum TextReporter {
    public static func render(_ result: AuditResult, colour: Bool) -> String {
        let style = Style(enabled: colour)
        var out = ""
        var currentFile: String? = nil
        for finding in result.findings {
            let file = finding.location?.file ?? ""
            if file != currentFile {
                if currentFile != nil { out += "\n" }
                out += style.bold(file.isEmpty ? "(project)" : file) + "\n"
                currentFile = file
            }
            let position = finding.location.map { "\($0.line):\($0.column)" } ?? ""
            let severity = finding.severity.rawValue
            out += "  " + position.padding(8) + " " + style.severity(finding.severity, severity.padding(8))
            out += finding.headline.visibleEscaped + " " + style.dim("[\(finding.ruleID)]") + "\n"
            for note in finding.notes {
                var line = "             ↳ " + note.message
                if let location = note.location {
                    line += location.file == file ? " (line \(location.line), column \(location.column))" : " (\(location))"
                }
                out += style.dim(line) + "\n"
            }
        }
        if result.findings.isEmpty { out += "No findings.\n" }
        out += coverageTable(result.coverage, sourceLanguage: result.project.sourceLanguage, style: style)
        return out
    }

    /// Per locale, over every table: how much is translated, missing and identical to the source.
    static func coverageTable(_ coverage: CoverageReport, sourceLanguage: String, style: Style) -> String {
        let rows = coverage.locales.filter { $0.sourceKeys > 0 }
        guard !rows.isEmpty else { return "" }
        let header = ["locale", "translated", "strings", "missing", "identical", ""]
        var cells: [[String]] = [header]
        for locale in rows {
            var status: [String] = []
            if coverage.isPartial(locale.locale) { status.append("partial (below \(LocaleIncompleteRule.percentText(coverage.options.completeAt)))") }
            if coverage.failsGate(locale.locale) { status.append("below the required \(LocaleIncompleteRule.percentText(coverage.gateThreshold(locale.locale)))") }
            let absent = locale.tables.filter { !$0.present }.count
            if absent > 0 { status.append("\(absent) table\(absent == 1 ? "" : "s") missing") }
            cells.append([locale.locale, locale.percentText, "\(locale.translated)/\(locale.sourceKeys)", "\(locale.missing)",
                          "\(locale.identical)", status.joined(separator: "; ")])
        }
        let widths = header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        var out = "\n" + style.bold("Coverage (translated into each locale from \(sourceLanguage); values identical to the source do not count)") + "\n"
        for (i, row) in cells.enumerated() {
            let line = row.enumerated().map { column, text in
                // Numbers right-aligned, names left-aligned.
                column == 0 || column == row.count - 1 ? text.padding(widths[column])
                    : String(repeating: " ", count: widths[column] - text.count) + text
            }.joined(separator: "  ")
            let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
            out += "  " + (i == 0 ? style.dim(trimmed) : trimmed) + "\n"
        }
        return out
    }

    struct Style {
        var enabled: Bool
        func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { wrap("1", text) }
        func dim(_ text: String) -> String { wrap("2", text) }
        func severity(_ severity: Severity, _ text: String) -> String {
            switch severity {
            case .error: return wrap("31;1", text)
            case .warning: return wrap("33;1", text)
            case .note: return wrap("36", text)
            }
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
