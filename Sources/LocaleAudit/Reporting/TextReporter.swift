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
