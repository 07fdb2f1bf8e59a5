import Foundation

/// SARIF 2.1.0, the format GitHub code scanning and most static-analysis dashboards read. Every rule
/// is described in `tool.driver.rules` (so a viewer can explain a result without the tool), columns
/// count Unicode code points as `SourceLocation` does, and nothing varies between runs.
public enum SARIFReporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The key of `partialFingerprints`; the suffix changes if the fingerprint's inputs ever do.
    public static let fingerprintKey = "localeAuditFinding/v1"

    /// GitHub code scanning takes at most 25,000 results per run; past that the upload is refused.
    public static let maxResults = 25_000
    /// The id of the one result that stands for the findings left out past `maxResults`.
    public static let truncatedRuleID = "results-truncated"

    public static func render(_ result: AuditResult, context: ReportContext = ReportContext(), maxResults: Int = maxResults) -> String {
        let (shown, _) = capped(result.findings, at: maxResults)
        var descriptions = RuleEngine.descriptions
        // Findings of ids no rule describes (e.g. configuration problems) still need a descriptor.
        let known = Set(descriptions.map(\.id))
        let unknown = Set(shown.map(\.ruleID)).subtracting(known).sorted()
        var ruleIndex: [String: Int] = [:]
        for (i, rule) in descriptions.enumerated() { ruleIndex[rule.id] = i }
        for id in unknown {
            ruleIndex[id] = descriptions.count
            descriptions.append(RuleDescription(id: id, name: id, severity: .error, summary: "A problem locale-audit reports outside its rules.",
                                                rationale: "", triggering: [], nonTriggering: []))
        }

        var json = JSONWriter()
        json.object { json in
            json.member("$schema", schemaURI)
            json.member("version", "2.1.0")
            json.key("runs")
            json.arrayValue { json in
                json.objectValue { json in
                    json.key("tool")
                    json.objectValue { json in
                        json.key("driver")
                        json.objectValue { json in
                            json.member("name", "locale-audit")
                            json.member("version", context.toolVersion)
                            json.key("properties")
                            json.objectValue { json in
                                // The plural and locale checks rest on this data.
                                json.member("icuVersion", context.icuVersion)
                                json.member("cldrVersion", context.cldrVersion)
                            }
                            json.key("rules")
                            json.arrayValue { json in
                                for rule in descriptions { writeRule(rule, to: &json) }
                            }
                        }
                    }
                    json.member("columnKind", "unicodeCodePoints")
                    json.key("results")
                    json.arrayValue { json in
                        var files = FixFiles()
                        for finding in shown {
                            let region = finding.fix.flatMap { files.region(of: $0) }
                            writeResult(finding, ruleIndex: ruleIndex[finding.ruleID] ?? 0, base: context.baseDirectory,
                                        fix: region, to: &json)
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }

    /// The findings to write: all of them when they fit; else the most severe first (in report order
    /// within a severity), and one result in the last place that says how many were left out.
    static func capped(_ findings: [Finding], at limit: Int) -> (shown: [Finding], leftOut: Int) {
        guard findings.count > limit, limit > 0 else { return (findings, 0) }
        let ordered = Severity.allCases.sorted(by: >).flatMap { severity in findings.filter { $0.severity == severity } }
        var shown = Array(ordered.prefix(limit - 1))
        let rest = ordered.dropFirst(limit - 1)
        let counts = Severity.allCases.sorted(by: >).map { s in (s, rest.filter { $0.severity == s }.count) }.filter { $0.1 > 0 }
        let summary = counts.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
        shown.append(Finding(ruleID: truncatedRuleID, severity: rest.first?.severity ?? .note,
                             message: "\(rest.count) more findings (\(summary)) are left out: code scanning takes at most \(limit) results per run. Run `locale-audit check` with --format json or html for all of them, or fold partial locales (coverage.complete-at).",
                             location: nil))
        return (shown, rest.count)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    /// `missing-translation` → `MissingTranslation`: SARIF wants a name that is an identifier.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func writeRule(_ rule: RuleDescription, to json: inout JSONWriter) {
        json.objectValue { json in
            json.member("id", rule.id)
            json.member("name", pascalCase(rule.id))
            json.key("shortDescription")
            json.objectValue { json in json.member("text", rule.summary) }
            json.key("fullDescription")
            json.objectValue { json in json.member("text", rule.rationale.isEmpty ? rule.summary : rule.rationale) }
            json.key("help")
            json.objectValue { json in
                json.member("text", "\(rule.name): \(rule.summary)\n\n\(rule.rationale)\n\nRun `locale-audit explain \(rule.id)` for examples.")
                json.member("markdown", helpMarkdown(rule))
            }
            json.key("defaultConfiguration")
            json.objectValue { json in json.member("level", level(rule.severity)) }
            json.key("properties")
            json.objectValue { json in
                json.key("tags")
                json.arrayValue { json in json.value("localization") }
            }
        }
    }

    /// The rule's summary, rationale and its first triggering example, as the rule reference shows it.
    static func helpMarkdown(_ rule: RuleDescription) -> String {
        var out = "**\(rule.name)** — \(rule.summary)\n\n\(rule.rationale)\n"
        if let example = rule.triggering.first, let file = example.files.first {
            // A fence longer than any backtick run in the example, so the example cannot close it.
            var longest = 0, run = 0
            for c in file.text { if c == "`" { run += 1; longest = max(longest, run) } else { run = 0 } }
            let fence = String(repeating: "`", count: max(3, longest + 1))
            out += "\nExample (`↓` marks where the finding lands), `\(file.path)`:\n\n\(fence)\n\(file.text)"
            if !file.text.hasSuffix("\n") { out += "\n" }
            out += "\(fence)\n"
        }
        return out
    }

    /// The files fixes edit, read once each (read only, to find each fix's exact region).
    struct FixFiles {
        private var texts: [String: String?] = [:]

        mutating func region(of fix: Fix) -> (file: String, region: FixRegion, description: String)? {
            let file: String
            switch fix.edit {
            case .replace(let location, _, _), .insertBeforeClosingQuote(let location, _): file = location.file
            }
            if texts[file] == nil {
                texts[file] = FileManager.default.contents(atPath: file).map { data in
                    String(decoding: TextDecoding.decode(Array(data), path: file).utf8, as: UTF8.self)
                }
            }
            guard let text = texts[file] ?? nil, let region = fix.region(in: text) else { return nil }
            return (file, region, fix.description)
        }
    }

    static func writeResult(_ finding: Finding, ruleIndex: Int, base: String?,
                            fix: (file: String, region: FixRegion, description: String)? = nil, to json: inout JSONWriter) {
        let path = finding.location.map { ReportText.relativePath($0.file, base: base) } ?? ""
        json.objectValue { json in
            json.member("ruleId", finding.ruleID)
            json.member("ruleIndex", ruleIndex)
            json.member("level", level(finding.severity))
            json.key("message")
            json.objectValue { json in
                // Notes without a place have no related location to go to; they join the message.
                var text = finding.headline
                for note in finding.notes where note.location == nil { text += "\n" + note.message }
                json.member("text", text)
            }
            json.key("locations")
            json.arrayValue { json in
                if let location = finding.location {
                    json.objectValue { json in writePhysical(location, base: base, to: &json) }
                }
            }
            let related = finding.notes.filter { $0.location != nil }
            if !related.isEmpty {
                json.key("relatedLocations")
                json.arrayValue { json in
                    for (i, note) in related.enumerated() {
                        json.objectValue { json in
                            json.member("id", i + 1)
                            writePhysical(note.location!, base: base, to: &json)
                            json.key("message")
                            json.objectValue { json in json.member("text", note.message) }
                        }
                    }
                }
            }
            if let fix {
                writeFix(fix, base: base, to: &json)
            }
            json.key("partialFingerprints")
            json.objectValue { json in
                // Counts and positions in a message change as work goes on ("12 of 40 strings
                // missing"); blanked, code scanning keeps following the same finding.
                json.member(fingerprintKey, ReportText.fingerprint([finding.ruleID, path, finding.locale ?? "", finding.key ?? "",
                                                                    Baseline.blankPositions(finding.message)]))
            }
            json.key("properties")
            json.objectValue { json in
                if let locale = finding.locale { json.member("locale", locale) }
                if let table = finding.table { json.member("table", table) }
                if let key = finding.key { json.member("key", key) }
            }
        }
    }

    /// SARIF `fixes`: one change to one file, a region replaced by new text (empty region: an insertion).
    static func writeFix(_ fix: (file: String, region: FixRegion, description: String), base: String?, to json: inout JSONWriter) {
        let path = ReportText.relativePath(fix.file, base: base)
        json.key("fixes")
        json.arrayValue { json in
            json.objectValue { json in
                json.key("description")
                json.objectValue { json in json.member("text", fix.description) }
                json.key("artifactChanges")
                json.arrayValue { json in
                    json.objectValue { json in
                        writeArtifactLocation(path, to: &json)
                        json.key("replacements")
                        json.arrayValue { json in
                            json.objectValue { json in
                                json.key("deletedRegion")
                                json.objectValue { json in
                                    json.member("startLine", fix.region.startLine)
                                    json.member("startColumn", fix.region.startColumn)
                                    json.member("endLine", fix.region.endLine)
                                    json.member("endColumn", fix.region.endColumn)
                                }
                                json.key("insertedContent")
                                json.objectValue { json in json.member("text", fix.region.inserted) }
                            }
                        }
                    }
                }
            }
        }
    }

    static func writeArtifactLocation(_ path: String, to json: inout JSONWriter) {
        json.key("artifactLocation")
        json.objectValue { json in
            json.member("uri", ReportText.uri(forPath: path))
            // Relative paths are relative to the checkout; code scanning knows this base by name.
            if !path.hasPrefix("/") { json.member("uriBaseId", "%SRCROOT%") }
        }
    }

    static func writePhysical(_ location: SourceLocation, base: String?, to json: inout JSONWriter) {
        let path = ReportText.relativePath(location.file, base: base)
        json.key("physicalLocation")
        json.objectValue { json in
            writeArtifactLocation(path, to: &json)
            json.key("region")
            json.objectValue { json in
                json.member("startLine", max(1, location.line))
                json.member("startColumn", max(1, location.column))
            }
        }
    }
}
