/// SARIF 2.1.0, the format GitHub code scanning and most static-analysis dashboards read. Every rule
/// is described in `tool.driver.rules` (so a viewer can explain a result without the tool), columns
/// count Unicode code points as `SourceLocation` does, and nothing varies between runs.
public enum SARIFReporter {
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The key of `partialFingerprints`; the suffix changes if the fingerprint's inputs ever do.
    public static let fingerprintKey = "localeAuditFinding/v1"

    public static func render(_ result: AuditResult, context: ReportContext = ReportContext()) -> String {
        var descriptions = RuleEngine.descriptions
        // Findings of ids no rule describes (e.g. configuration problems) still need a descriptor.
        let known = Set(descriptions.map(\.id))
        let unknown = Set(result.findings.map(\.ruleID)).subtracting(known).sorted()
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
                            json.key("rules")
                            json.arrayValue { json in
                                for rule in descriptions { writeRule(rule, to: &json) }
                            }
                        }
                    }
                    json.member("columnKind", "unicodeCodePoints")
                    json.key("results")
                    json.arrayValue { json in
                        for finding in result.findings {
                            writeResult(finding, ruleIndex: ruleIndex[finding.ruleID] ?? 0, base: context.baseDirectory, to: &json)
                        }
                    }
                }
            }
        }
        return json.output + "\n"
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

    static func writeResult(_ finding: Finding, ruleIndex: Int, base: String?, to json: inout JSONWriter) {
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
            json.key("partialFingerprints")
            json.objectValue { json in
                json.member(fingerprintKey, ReportText.fingerprint([finding.ruleID, path, finding.locale ?? "", finding.key ?? "", finding.message]))
            }
            json.key("properties")
            json.objectValue { json in
                if let locale = finding.locale { json.member("locale", locale) }
                if let table = finding.table { json.member("table", table) }
                if let key = finding.key { json.member("key", key) }
            }
        }
    }

    static func writePhysical(_ location: SourceLocation, base: String?, to json: inout JSONWriter) {
        let path = ReportText.relativePath(location.file, base: base)
        json.key("physicalLocation")
        json.objectValue { json in
            json.key("artifactLocation")
            json.objectValue { json in
                json.member("uri", ReportText.uri(forPath: path))
                // Relative paths are relative to the checkout; code scanning knows this base by name.
                if !path.hasPrefix("/") { json.member("uriBaseId", "%SRCROOT%") }
            }
            json.key("region")
            json.objectValue { json in
                json.member("startLine", max(1, location.line))
                json.member("startColumn", max(1, location.column))
            }
        }
    }
}
