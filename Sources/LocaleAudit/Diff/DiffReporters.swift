import Foundation

/// The output formats of `diff`. Each is a pure function from a `CatalogDiff` to text.
public enum DiffFormat: String, Sendable, CaseIterable {
    case text, json, markdown, html
}

public enum DiffReporters {
    public static func render(_ diff: CatalogDiff, as format: DiffFormat) -> String {
        switch format {
        case .text: return DiffTextReporter.render(diff)
        case .json: return DiffJSONReporter.render(diff)
        case .markdown: return DiffMarkdownReporter.render(diff)
        case .html: return DiffHTMLReporter.render(diff)
        }
    }

    /// The line on standard error: what changed in a few numbers, and the gate's verdict.
    public static func summaryLine(_ diff: CatalogDiff) -> String {
        let counts = DiffChange.Kind.allCases.compactMap { kind -> String? in
            let n = diff.count(kind)
            return n == 0 ? nil : "\(kind.title.lowercased()): \(n)"
        }
        var line = counts.isEmpty ? "no catalog changes" : counts.joined(separator: ", ")
        line += "; findings: \(diff.newFindings.count) new, \(diff.fixedFindings.count) fixed"
        line += diff.regressions.isEmpty ? "; no regression" : "; regression: " + diff.regressions.joined(separator: "; ")
        return line
    }

    /// Per-locale sections read best grouped by locale: order by locale, keeping table and key order.
    static func ordered(_ changes: [DiffChange], _ kind: DiffChange.Kind) -> [DiffChange] {
        if kind.isSourceLevel { return changes }
        return changes.enumerated().sorted { a, b in
            a.element.locale != b.element.locale ? a.element.locale < b.element.locale : a.offset < b.offset
        }.map(\.element)
    }
}

extension DiffChange {
    /// What changed, in one line without the table and locale: `"key": "old" → "new"`.
    public var detail: String {
        let key = "\"\(self.key.visibleEscaped)\""
        func describe(_ value: Value?) -> String { value?.shortDescription ?? "nothing" }
        switch kind {
        case .keyAdded: return "\(key) = \(describe(after))"
        case .keyRemoved: return "\(key) (was \(describe(before)))"
        case .keyRenamed: return "\"\((oldKey ?? "").visibleEscaped)\" → \(key) (\(describe(after)))"
        case .sourceChanged: return "\(key): \(describe(before)) → \(describe(after))"
        case .stale:
            return "\(key): source \(describe(before)) → \(describe(after)); translation still \(describe(translation))"
        case .translationLost:
            let renamed = oldKey.map { " (renamed from \"\($0.visibleEscaped)\"; the translation was not carried over)" } ?? ""
            let now = after.map { " now \($0.shortDescription), untranslated" } ?? ""
            return "\(key): was \(describe(before))\(now)\(renamed)"
        case .translationChanged: return "\(key): \(describe(before)) → \(describe(after))"
        case .pluralFormsLost: return "\(key): lost \(pluralForms.joined(separator: ", "))"
        }
    }

    /// The place to show: in the new version where the change is there, else in the old one.
    public var shownLocation: SourceLocation? { location ?? oldLocation }
}

enum DiffTextReporter {
    static func render(_ diff: CatalogDiff) -> String {
        var out = "Catalog diff: \(diff.old.label) → \(diff.new.label) (source language \(diff.new.sourceLanguage))\n"
        for (word, side) in [("old", diff.old), ("new", diff.new)] {
            out += "  \(word): \(side.files) files, \(side.locales) locales; \(side.errors) errors, \(side.warnings) warnings, \(side.notes) notes\n"
        }
        if !diff.coverage.isEmpty {
            out += "\nCoverage (translated source keys / source keys)\n"
            let width = max(6, diff.coverage.map(\.locale.count).max() ?? 0)
            let beforeWidth = max(6, diff.coverage.map { ($0.before?.text ?? "–").count }.max() ?? 0)
            for row in diff.coverage {
                var line = "  " + row.locale.padding(width) + "  " + (row.before?.text ?? "–").padding(beforeWidth)
                line += "  →  " + (row.after?.text ?? "gone")
                if row.dropped { line += "   dropped" } else if row.before == nil { line += "   new locale" }
                out += line + "\n"
            }
        }
        for kind in DiffChange.Kind.allCases {
            let changes = DiffReporters.ordered(diff.changes(kind), kind)
            if changes.isEmpty { continue }
            out += "\n\(kind.title) (\(changes.count)): \(kind.explanation)\n"
            for change in changes {
                let locale = kind.isSourceLevel ? "" : change.locale + "  "
                var line = "  \(locale)\(change.table)  \(change.detail.visibleEscaped)"
                if let location = change.shownLocation { line += "  \(location)" }
                out += line + "\n"
            }
        }
        for (title, findings) in [("New findings", diff.newFindings), ("Fixed findings", diff.fixedFindings)] where !findings.isEmpty {
            out += "\n\(title) (\(findings.count))\n"
            for finding in findings {
                let place = finding.location.map { "\($0): " } ?? ""
                out += "  \(place)\(finding.severity.rawValue): [\(finding.ruleID)] \(finding.headline.visibleEscaped)\n"
            }
        }
        out += "\n"
        if diff.regressions.isEmpty {
            out += "No regression: no translation lost, no locale's coverage dropped, no new error.\n"
        } else {
            out += "Regressions:\n" + diff.regressions.map { "  - \($0)\n" }.joined()
        }
        return out
    }
}

enum DiffJSONReporter {
    static let schemaVersion = 1

    static func render(_ diff: CatalogDiff) -> String {
        var json = JSONWriter()
        json.object { json in
            json.member("version", schemaVersion)
            json.key("tool")
            json.objectValue { json in
                json.member("name", "locale-audit")
                json.member("version", LocaleAuditVersion.string)
            }
            for (name, side) in [("old", diff.old), ("new", diff.new)] {
                json.key(name)
                json.objectValue { json in
                    json.member("label", side.label)
                    json.member("sourceLanguage", side.sourceLanguage)
                    json.member("files", side.files)
                    json.member("locales", side.locales)
                    json.member("errors", side.errors)
                    json.member("warnings", side.warnings)
                    json.member("notes", side.notes)
                }
            }
            json.key("summary")
            json.objectValue { json in
                for kind in DiffChange.Kind.allCases { json.member(kind.rawValue, diff.count(kind)) }
                json.member("new-findings", diff.newFindings.count)
                json.member("fixed-findings", diff.fixedFindings.count)
                json.member("regression", !diff.regressions.isEmpty)
            }
            json.key("regressions")
            json.arrayValue { json in for reason in diff.regressions { json.value(reason) } }
            json.key("coverage")
            json.arrayValue { json in
                for row in diff.coverage {
                    json.objectValue { json in
                        json.member("locale", row.locale)
                        writeCoverage("before", row.before, to: &json)
                        writeCoverage("after", row.after, to: &json)
                        json.member("dropped", row.dropped)
                    }
                }
            }
            json.key("changes")
            json.objectValue { json in
                for kind in DiffChange.Kind.allCases {
                    json.key(kind.rawValue)
                    json.arrayValue { json in
                        for change in diff.changes(kind) { write(change, to: &json) }
                    }
                }
            }
            json.key("findings")
            json.objectValue { json in
                json.key("new")
                json.arrayValue { json in for finding in diff.newFindings { JSONReporter.write(finding, to: &json) } }
                json.key("fixed")
                json.arrayValue { json in for finding in diff.fixedFindings { JSONReporter.write(finding, to: &json) } }
            }
        }
        return json.output + "\n"
    }

    static func writeCoverage(_ name: String, _ coverage: TranslationCoverage?, to json: inout JSONWriter) {
        json.key(name)
        guard let coverage else { json.value(nil as String?); return }
        json.objectValue { json in
            json.member("translated", coverage.translated)
            json.member("total", coverage.total)
        }
    }

    static func write(_ change: DiffChange, to json: inout JSONWriter) {
        json.objectValue { json in
            json.member("table", change.table.name)
            json.member("folder", change.table.scope)
            json.member("locale", change.locale)
            json.member("key", change.key)
            if let oldKey = change.oldKey { json.member("oldKey", oldKey) }
            for (name, value) in [("before", change.before), ("after", change.after), ("translation", change.translation)] {
                guard let value else { continue }
                json.key(name)
                write(value, to: &json)
            }
            if !change.pluralForms.isEmpty {
                json.key("pluralForms")
                json.arrayValue { json in for form in change.pluralForms { json.value(form) } }
            }
            for (name, location) in [("location", change.location), ("oldLocation", change.oldLocation)] {
                json.key(name)
                guard let location else { json.value(nil as String?); continue }
                json.objectValue { json in
                    json.member("file", location.file)
                    json.member("line", location.line)
                    json.member("column", location.column)
                }
            }
        }
    }

    /// A plain text is a string; plurals and variations are objects of their parts.
    static func write(_ value: Value, to json: inout JSONWriter) {
        switch value {
        case .text(let text): json.value(text)
        case .plural(let plural):
            json.objectValue { json in
                if !plural.formatIsImplicit { json.member("format", plural.format) }
                json.key("variables")
                json.objectValue { json in
                    for variable in plural.variables {
                        json.key(variable.name)
                        json.objectValue { json in
                            for form in variable.forms { json.member(form.category, form.text) }
                        }
                    }
                }
            }
        case .variations(let variations):
            json.objectValue { json in
                json.key(variations.kind.rawValue)
                json.objectValue { json in
                    for variation in variations.cases {
                        json.key(variation.name)
                        write(variation.value, to: &json)
                    }
                }
            }
        }
    }
}

enum DiffMarkdownReporter {
    /// Longer lists end in "…and N more": a PR comment stays readable, the JSON has everything.
    static let cap = 25

    static func render(_ diff: CatalogDiff) -> String {
        var out = "## Localization changes: `\(code(diff.old.label))` → `\(code(diff.new.label))`\n\n"
        out += "Source language **\(escape(diff.new.sourceLanguage))** · files \(diff.old.files) → \(diff.new.files) · "
        out += "errors \(diff.old.errors) → \(diff.new.errors), warnings \(diff.old.warnings) → \(diff.new.warnings) · "
        out += "findings \(diff.newFindings.count) new, \(diff.fixedFindings.count) fixed\n\n"
        if diff.regressions.isEmpty {
            out += "**No regression**: no translation lost, no locale's coverage dropped, no new error.\n\n"
        } else {
            out += "**Regressions**\n\n" + diff.regressions.map { "- \(escape($0))\n" }.joined() + "\n"
        }
        let counts = DiffChange.Kind.allCases.filter { $0.isSourceLevel }.map { kind in "\(kind.title.lowercased()) \(diff.count(kind))" }
        out += "Source: " + counts.joined(separator: " · ") + "\n\n"
        if !diff.coverage.isEmpty {
            let perLocale = diff.countsByLocale()
            out += "| Locale | TranslationCoverage before | TranslationCoverage after | Change | Lost | Stale | Changed | Plural forms lost |\n"
            out += "|---|---:|---:|---:|---:|---:|---:|---:|\n"
            for row in diff.coverage {
                let counts = perLocale[row.locale] ?? [:]
                let before = row.before.map { "\($0.percentText) (\($0.translated)/\($0.total))" } ?? "–"
                let after = row.after.map { "\($0.percentText) (\($0.translated)/\($0.total))" } ?? "gone"
                var change = pointsChange(row)
                if row.dropped { change += " ⚠️" }
                let cells = [escape(row.locale), before, after, change] + [DiffChange.Kind.translationLost, .stale, .translationChanged, .pluralFormsLost]
                    .map { String(counts[$0] ?? 0) }
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
            out += "\n"
        }
        for kind in DiffChange.Kind.allCases {
            let changes = DiffReporters.ordered(diff.changes(kind), kind)
            if changes.isEmpty { continue }
            out += "### \(kind.title) (\(changes.count))\n\n_\(kind.explanation)_\n\n"
            for change in changes.prefix(cap) {
                let locale = kind.isSourceLevel ? "" : "**\(escape(change.locale))** "
                out += "- \(locale)`\(code(change.table.description))` \(escape(change.detail.visibleEscaped))\n"
            }
            if changes.count > cap { out += "- …and \(changes.count - cap) more\n" }
            out += "\n"
        }
        for (title, findings) in [("New findings", diff.newFindings), ("Fixed findings", diff.fixedFindings)] where !findings.isEmpty {
            out += "### \(title) (\(findings.count))\n\n"
            for finding in findings.prefix(cap) {
                let place = finding.location.map { "`\(code($0.description))` " } ?? ""
                out += "- \(place)**\(finding.severity.rawValue)** [\(finding.ruleID)] \(escape(finding.headline.visibleEscaped))\n"
            }
            if findings.count > cap { out += "- …and \(findings.count - cap) more\n" }
            out += "\n"
        }
        return out
    }

    /// Percentage points, with a real minus sign: "−1.2 pp", "+0.4 pp", "0.0 pp".
    static func pointsChange(_ row: LocaleCoverageChange) -> String {
        guard let before = row.before, before.total > 0 else { return "new" }
        let after = row.after ?? TranslationCoverage(translated: 0, total: max(before.total, 1))
        let a = after.total > 0 ? (after.translated * 1000 + after.total / 2) / after.total : 0
        let b = (before.translated * 1000 + before.total / 2) / before.total
        let delta = a - b
        if delta == 0 && row.dropped { return "−<0.1 pp" }
        let sign = delta > 0 ? "+" : delta < 0 ? "−" : ""
        return "\(sign)\(abs(delta) / 10).\(abs(delta) % 10) pp"
    }

    /// Text a reader should see as written, in a list item or a table cell.
    static func escape(_ text: String) -> String { Escaping.markdown(text, lineBreak: " ") }

    /// Inside a code span only a backtick can end it, and `|` would still split a table row.
    static func code(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "¦")
    }
}

enum DiffHTMLReporter {
    static func render(_ diff: CatalogDiff) -> String {
        let source = diff.new.sourceLanguage
        var out = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Localization changes: \(escape(diff.old.label)) → \(escape(diff.new.label))</title>
        <style>
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1d1d1f; }
        h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
        table { border-collapse: collapse; width: 100%; margin: .5em 0; }
        th, td { border: 1px solid #ddd; padding: .3em .5em; text-align: left; vertical-align: top; }
        th { background: #f5f5f7; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
        .explain { color: #555; margin: 0; } .dropped { color: #b00020; font-weight: 600; }
        .ok { color: #1b7f3b; font-weight: 600; } .bad { color: #b00020; font-weight: 600; }
        code, .loc { font-family: ui-monospace, Menlo, monospace; font-size: .92em; } .loc { color: #666; }
        .error { color: #b00020; } .warning { color: #9a6700; } .note { color: #0969da; }
        </style>
        </head>
        <body>
        <h1>Localization changes: <code>\(escape(diff.old.label))</code> → <code>\(escape(diff.new.label))</code></h1>

        """
        out += "<p>Source language <b>\(escape(source))</b> · files \(diff.old.files) → \(diff.new.files) · errors \(diff.old.errors) → \(diff.new.errors) · "
        out += "warnings \(diff.old.warnings) → \(diff.new.warnings) · findings \(diff.newFindings.count) new, \(diff.fixedFindings.count) fixed</p>\n"
        if diff.regressions.isEmpty {
            out += "<p class=\"ok\">No regression: no translation lost, no locale's coverage dropped, no new error.</p>\n"
        } else {
            out += "<p class=\"bad\">Regressions</p>\n<ul>\n" + diff.regressions.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        if !diff.coverage.isEmpty {
            let perLocale = diff.countsByLocale()
            out += "<h2>TranslationCoverage per locale</h2>\n<table>\n<tr><th>Locale</th><th>Before</th><th>After</th><th>Change</th><th>Lost</th><th>Stale</th><th>Changed</th><th>Plural forms lost</th></tr>\n"
            for row in diff.coverage {
                let counts = perLocale[row.locale] ?? [:]
                out += "<tr\(row.dropped ? " class=\"dropped\"" : "")><td>\(escape(row.locale))</td>"
                out += "<td class=\"num\">\(escape(row.before?.text ?? "–"))</td><td class=\"num\">\(escape(row.after?.text ?? "gone"))</td>"
                out += "<td class=\"num\">\(escape(DiffMarkdownReporter.pointsChange(row)))</td>"
                for kind in [DiffChange.Kind.translationLost, .stale, .translationChanged, .pluralFormsLost] {
                    out += "<td class=\"num\">\(counts[kind] ?? 0)</td>"
                }
                out += "</tr>\n"
            }
            out += "</table>\n"
        }
        for kind in DiffChange.Kind.allCases {
            let changes = DiffReporters.ordered(diff.changes(kind), kind)
            if changes.isEmpty { continue }
            out += "<h2>\(escape(kind.title)) (\(changes.count))</h2>\n<p class=\"explain\">\(escape(kind.explanation))</p>\n<table>\n"
            out += "<tr>\(kind.isSourceLevel ? "" : "<th>Locale</th>")<th>Table</th><th>Key</th><th>Before</th><th>After</th><th>Where</th></tr>\n"
            for change in changes {
                // Source-level values and a stale change's source texts are in the source language.
                let beforeLocale = kind.isSourceLevel || kind == .stale ? source : change.locale
                out += "<tr>"
                if !kind.isSourceLevel { out += "<td>\(escape(change.locale))</td>" }
                out += "<td><code>\(escape(change.table.description))</code></td><td><code>\(escape(change.key.visibleEscaped))</code>"
                if let oldKey = change.oldKey { out += "<br><span class=\"loc\">was <code>\(escape(oldKey.visibleEscaped))</code></span>" }
                out += "</td>"
                out += foreign(change.before, locale: beforeLocale)
                var after = foreign(change.after, locale: beforeLocale)
                if kind == .stale, let translation = change.translation {
                    after = "<td>" + inner(change.after, locale: source) + "<br>translation still " + inner(translation, locale: change.locale) + "</td>"
                } else if kind == .pluralFormsLost {
                    after = "<td>lost " + escape(change.pluralForms.joined(separator: ", ")) + "</td>"
                }
                out += after
                out += "<td class=\"loc\">\(escape(change.shownLocation?.description ?? ""))</td></tr>\n"
            }
            out += "</table>\n"
        }
        for (title, findings) in [("New findings", diff.newFindings), ("Fixed findings", diff.fixedFindings)] where !findings.isEmpty {
            out += "<h2>\(title) (\(findings.count))</h2>\n<table>\n<tr><th>Where</th><th>Severity</th><th>Rule</th><th>Finding</th></tr>\n"
            for finding in findings {
                out += "<tr><td class=\"loc\">\(escape(finding.location?.description ?? ""))</td>"
                out += "<td class=\"\(finding.severity.rawValue)\">\(finding.severity.rawValue)</td><td><code>\(escape(finding.ruleID))</code></td>"
                out += "<td>\(escape(finding.headline.visibleEscaped))</td></tr>\n"
            }
            out += "</table>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static func foreign(_ value: Value?, locale: String) -> String {
        "<td>" + inner(value, locale: locale) + "</td>"
    }

    /// A value in its own language and direction, so screen readers and bidi layout get it right.
    static func inner(_ value: Value?, locale: String) -> String {
        guard let value else { return "<span class=\"loc\">–</span>" }
        return "<span lang=\"\(escape(locale.replacingOccurrences(of: "_", with: "-")))\" dir=\"\(direction(locale))\">\(escape(value.shortDescription))</span>"
    }

    static func direction(_ locale: String) -> String {
        guard let tag = try? LanguageTag(locale, options: .allowUnderscores) else { return "auto" }
        return tag.isRightToLeft ? "rtl" : "ltr"
    }

    static func escape(_ text: String) -> String { Escaping.html(text) }
}
