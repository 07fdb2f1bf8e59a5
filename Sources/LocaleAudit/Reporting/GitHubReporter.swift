/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`. The runner turns
/// each line into an annotation on the pull request's diff. Paths under the working directory are
/// made relative, as annotations name files relative to the repository root.
public enum GitHubReporter {
    public static func render(_ findings: [Finding], baseDirectory: String? = nil) -> String {
        var out = ""
        for finding in findings {
            out += "::" + command(finding.severity)
            var properties: [String] = []
            if let location = finding.location {
                properties.append("file=" + escapeProperty(ReportText.relativePath(location.file, base: baseDirectory)))
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=" + escapeProperty("locale-audit [\(finding.ruleID)]"))
            out += " " + properties.joined(separator: ",")
            var message = finding.headline
            for note in finding.notes {
                message += "\n" + note.message + (note.location.map { " (\(ReportText.relativePath($0.file, base: baseDirectory)):\($0.line):\($0.column))" } ?? "")
            }
            out += "::" + escapeData(message) + "\n"
        }
        return out
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    /// The runner's escaping of a command's message (`%`, CR, LF).
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Property values also escape the separators of the property list.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
