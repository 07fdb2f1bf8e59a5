/// JUnit XML for CI dashboards: a `<testsuite>` per locale (plus one for findings without a locale),
/// a `<testcase>` per table × rule (classname = table, name = rule id). A testcase with errors or
/// warnings fails with one `<failure>` listing all of them; a testcase with only notes passes and lists
/// them in `<system-out>`, so dashboards stay green for advice, as the default gate does.
public enum JUnitReporter {
    /// The suite of findings that name no locale (unreadable folders, project-wide problems).
    public static let noLocaleSuite = "(no locale)"
    /// The classname of findings that name no table.
    public static let noTable = "(no table)"

    struct Suite {
        var name: String
        /// (table, rule) → findings; every pair that should appear as a testcase is a key.
        var cases: [CaseKey: [Finding]] = [:]
    }

    struct CaseKey: Hashable, Comparable {
        var table: String
        var rule: String
        static func < (a: CaseKey, b: CaseKey) -> Bool { (a.table, a.rule) < (b.table, b.rule) }
    }

    public static func render(_ result: AuditResult) -> String {
        let project = result.project
        let ruleIDs = RuleEngine.descriptions.map(\.id)
        func normalised(_ locale: String?) -> String? { locale == "Base" ? project.sourceLanguage : locale }

        var suites: [String: Suite] = [:]
        // Every table of every locale is checked by every rule: each pair is a testcase, passing or not.
        for table in project.tables {
            guard let locale = project.effectiveLocale(of: table) else { continue }
            for rule in ruleIDs { suites[locale, default: Suite(name: locale)].cases[CaseKey(table: table.name, rule: rule)] = [] }
        }
        for finding in result.findings {
            let name = normalised(finding.locale) ?? noLocaleSuite
            let key = CaseKey(table: finding.table ?? noTable, rule: finding.ruleID)
            suites[name, default: Suite(name: name)].cases[key, default: []].append(finding)
        }
        // Locales in order, the suite without a locale last.
        let order = suites.keys.filter { $0 != noLocaleSuite }.sorted() + (suites[noLocaleSuite] == nil ? [] : [noLocaleSuite])

        var body = ""
        var totalTests = 0, totalFailures = 0
        for name in order {
            let suite = suites[name]!
            let keys = suite.cases.keys.sorted()
            let failures = keys.filter { key in suite.cases[key]!.contains { $0.severity >= .warning } }.count
            totalTests += keys.count
            totalFailures += failures
            body += "  <testsuite name=\"\(escape(name))\" tests=\"\(keys.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
            for key in keys {
                let findings = suite.cases[key]!
                let open = "    <testcase classname=\"\(escape(key.table))\" name=\"\(escape(key.rule))\""
                if findings.isEmpty { body += open + "/>\n"; continue }
                body += open + ">\n"
                let listing = findings.map(line).joined(separator: "\n")
                if let worst = findings.map(\.severity).max(), worst >= .warning {
                    let failing = findings.filter { $0.severity >= .warning }
                    let message = failing.count == 1 ? failing[0].headline.visibleEscaped
                        : "\(failing.count) findings; first: \(failing[0].headline.visibleEscaped)"
                    body += "      <failure type=\"\(worst.rawValue)\" message=\"\(escape(message))\">\(escape(listing))</failure>\n"
                } else {
                    body += "      <system-out>\(escape(listing))</system-out>\n"
                }
                body += "    </testcase>\n"
            }
            body += "  </testsuite>\n"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"locale-audit\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">\n"
            + body + "</testsuites>\n"
    }

    /// One finding as the Xcode format writes it, with its notes indented below.
    static func line(_ finding: Finding) -> String {
        var out = finding.location.map { "\($0): " } ?? ""
        out += "\(finding.severity.rawValue): \(finding.headline.visibleEscaped) [\(finding.ruleID)]"
        for note in finding.notes {
            out += "\n    " + note.message.visibleEscaped + (note.location.map { " (\($0))" } ?? "")
        }
        return out
    }

    /// Escapes markup characters and replaces what XML 1.0 cannot carry at all (most C0 controls,
    /// U+FFFE, U+FFFF) with a visible `\u{…}`. Line breaks become character references so attribute
    /// values keep them.
    static func escape(_ text: String) -> String { Escaping.xml(text, unrepresentable: .showAsEscape) }
}
