/// The output formats of `check`. A reporter is a pure function from an audit result to text.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, xcode, json, sarif, junit, github, markdown, html
}

public struct ReportContext: Sendable {
    /// ANSI colours, only when writing to a terminal.
    public var colour: Bool
    /// The working directory: SARIF makes absolute paths under it relative, as code-scanning tools
    /// resolve them against the checkout.
    public var baseDirectory: String?
    /// The version reports name (golden-file tests put a placeholder here).
    public var toolVersion: String
    /// The ICU and CLDR versions the plural and locale checks used (placeholders in golden files).
    public var icuVersion: String = ICUInfo.icuVersion
    public var cldrVersion: String = ICUInfo.cldrVersion
    /// What identified languages (CLD2's version, NaturalLanguage), empty when nothing could.
    public var languageIdentification: String = LanguageIdentifier.hasFullCoverage ? LanguageIdentifier.provenance : ""
    /// `--format github`: annotations per severity; GitHub shows at most 10 of each per step.
    public var maxAnnotations: Int = GitHubReporter.defaultMaxAnnotations
    public init(colour: Bool = false, baseDirectory: String? = nil, toolVersion: String = LocaleAuditVersion.string) {
        self.colour = colour
        self.baseDirectory = baseDirectory
        self.toolVersion = toolVersion
    }
}

public enum Reporters {
    public static func render(_ result: AuditResult, as format: ReportFormat, context: ReportContext = ReportContext()) -> String {
        switch format {
        case .text: return TextReporter.render(result, colour: context.colour)
        case .xcode: return XcodeReporter.render(result.findings)
        case .json: return JSONReporter.render(result, context: context)
        case .sarif: return SARIFReporter.render(result, context: context)
        case .junit: return JUnitReporter.render(result)
        case .github: return GitHubReporter.render(result.findings, baseDirectory: context.baseDirectory, maxAnnotations: context.maxAnnotations)
        case .markdown: return MarkdownReporter.render(result, context: context)
        case .html: return HTMLReporter.render(result, context: context)
        }
    }

    /// Writes the report to `sink` in pieces. JSON, the format of large machine-read reports, streams
    /// as it is written; the others are rendered whole first.
    public static func write(_ result: AuditResult, as format: ReportFormat, context: ReportContext = ReportContext(),
                             to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        if format == .json {
            JSONReporter.write(result, context: context, to: sink)
            return
        }
        var report = render(result, as: format, context: context)
        report.withUTF8(sink)
    }

    /// "3 errors, 1 warning, 2 notes in 24 files, 10 locales (0.12 s)": the line on standard error.
    public static func summaryLine(_ result: AuditResult) -> String {
        let seconds = (result.elapsedSeconds * 100).rounded() / 100
        return summaryCounts(result) + " (\(seconds) s)"
    }

    /// The summary line without its timing: what a cached run replays.
    public static func summaryCounts(_ result: AuditResult) -> String {
        let parts = [(Severity.error, "error"), (.warning, "warning"), (.note, "note")].map { severity, word in
            let n = result.count(severity)
            return "\(n) \(word)\(n == 1 ? "" : "s")"
        }
        let files = result.project.files.count
        let locales = result.project.locales.count
        return "\(parts.joined(separator: ", ")) in \(files) file\(files == 1 ? "" : "s"), \(locales) locale\(locales == 1 ? "" : "s")"
    }
}

extension Finding {
    /// The message with the key and locale in front, as every line-oriented format shows it.
    public var headline: String {
        guard let key else { return message }
        let quoted = "\"\(key.visibleEscaped)\""
        if let locale { return "\(quoted) (\(locale)): \(message)" }
        return "\(quoted): \(message)"
    }
}

extension String {
    /// Newlines and tabs shown as escapes so a finding stays on one line.
    var visibleEscaped: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
