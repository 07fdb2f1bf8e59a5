/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`. The runner turns
/// each line into an annotation on the pull request's diff. Paths under the working directory are
/// made relative, as annotations name files relative to the repository root.
///
/// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step and drops the rest
/// without a word, so at most `maxAnnotations` of each severity are written — findings about one
/// string before summaries, in report order — and one closing notice says how many were left out.
public enum GitHubReporter {
    public static let defaultMaxAnnotations = 10

    public static func render(_ findings: [Finding], baseDirectory: String? = nil, maxAnnotations: Int = defaultMaxAnnotations) -> String {
        var chosen: [Finding] = []
        var leftOut: [Severity: Int] = [:]
        for severity in Severity.allCases.sorted(by: >) {
            let all = findings.filter { $0.severity == severity }
            // Specific (one string at one place) before general (a table, a locale, the project).
            let ordered = all.filter { $0.key != nil && $0.location != nil } + all.filter { $0.key == nil || $0.location == nil }
            // The closing notice is a notice too: when there will be one, it takes a notice's place.
            // (Notes come last, so whether errors or warnings were left out is known by then.)
            // 0 (or less) writes every finding.
            var room = maxAnnotations > 0 ? maxAnnotations : Int.max
            if severity == .note && maxAnnotations > 0 && (all.count > maxAnnotations || !leftOut.isEmpty) { room = maxAnnotations - 1 }
            chosen += ordered.prefix(room)
            if all.count > room { leftOut[severity] = all.count - room }
        }
        var out = ""
        for finding in chosen {
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
        let total = leftOut.values.reduce(0, +)
        if total > 0 {
            let counts = Severity.allCases.sorted(by: >).compactMap { s in leftOut[s].map { "\($0) \(s.rawValue)\($0 == 1 ? "" : "s")" } }
            let message = "\(total) more finding\(total == 1 ? " is" : "s are") not annotated (\(counts.joined(separator: ", "))): GitHub shows at most \(maxAnnotations) annotations of each severity per step. The SARIF upload (code scanning) holds every finding; so does `locale-audit check` run locally."
            out += "::notice title=" + escapeProperty("locale-audit") + "::" + escapeData(message) + "\n"
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
