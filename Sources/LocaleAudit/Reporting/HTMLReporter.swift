/// The translator report: one self-contained HTML page (inline CSS and script, nothing fetched), per
/// locale the coverage of every table and the findings a translator must act on, grouped by problem,
/// with the source text next to the translation. Without JavaScript it shows everything; with it, the
/// reader filters by language, problem and severity (also preset from the URL: `?locale=de`).
public enum HTMLReporter {
    /// Findings shown per problem per language; the rest are counted, so a huge project stays a page.
    public static let rowsPerGroup = 40

    public static func render(_ result: AuditResult, context: ReportContext = ReportContext(), rowsPerGroup: Int = rowsPerGroup) -> String {
        var page = Page(result: result, context: context, rowsPerGroup: rowsPerGroup)
        return page.render()
    }

    /// What a translator should do about each rule's findings, in a translator's words. Rules not
    /// listed fall back to their summary.
    static let advice: [String: String] = [
        "missing-translation": "This text has no translation in this language, so the app shows it in the source language. Translate it.",
        "extra-key": "This key no longer exists in the source language (removed or renamed), so the translation is never shown. Delete it, or move the translation to the key that replaced it.",
        "missing-table": "A whole file of texts is missing for this language: every text in it appears in the source language.",
        "empty-value": "The translation is empty, so the app shows a blank label or button. Enter a translation.",
        "untranslated": "The translation is identical to the source text. Translate it, or confirm it should stay the same (names, brands).",
        "translation-state": "The translation file marks this text as unfinished (new, needs review or stale). Review it and mark it translated.",
        "format-specifier-invalid": "A placeholder starting with % is damaged; the app may show garbage or crash. Copy placeholders exactly as in the source (%@, %d, %1$@).",
        "format-type-mismatch": "A placeholder has a different type than in the source (e.g. %@ instead of %d), which can crash the app. Use the source's placeholders; you may reorder them with numbers (%1$@, %2$d).",
        "format-count-mismatch": "The translation has more or fewer placeholders than the source. An extra one can crash the app; a missing one drops a number or a name. Use every placeholder of the source once.",
        "format-mixed-positional": "Numbered placeholders (%1$@) and unnumbered ones (%@) are mixed in one text. Number all of them, or none.",
        "format-stray-fragment": "A placeholder of the source is broken (e.g. 1$@ without its %, or a full-width ％). Restore it exactly as in the source.",
        "format-in-plain-string": "The source text has no placeholder, but the translation has one (such as %@ or %d): the app shows it as it is, may read a value that was never given, or (in a String Catalog) fails to build. Remove it, or write a percent sign as %%.",
        "plural-missing-category": "Your language needs a plural form that is missing. The message gives example numbers for each missing form; write a form for them.",
        "plural-missing-other": "The general plural form (“other”) is missing, so most numbers have no text. Add it.",
        "plural-unused-category": "Your language never uses this plural form, so it has no effect. Check that the forms your language does use are right; this one can go.",
        "plural-form-omits-number": "This plural form is used for several numbers in your language but writes a fixed number (or none). Put the number placeholder (e.g. %d) in it.",
        "plural-variable-reference": "The plural text names a part that is not defined, or defines one it never uses (the %#@name@ markers). Keep the markers exactly as in the source.",
        "plural-value-type-mismatch": "The plural forms use a different placeholder than declared (e.g. %@ for a number). Use the source's placeholder.",
        "plural-shape-mismatch": "The source changes with a number (plural forms) and the translation does not, or the reverse. Give the plural forms your language needs.",
        "syntax": "The file is damaged and the app cannot read it; texts after this point may be lost. The file must be repaired (by a developer or by re-exporting it from the translation tool).",
        "encoding": "The file contains bytes that are not valid text. Re-save it as UTF-8.",
        "duplicate-key": "The same key occurs twice in this file and only one translation is used. Keep one.",
        "unreadable": "The file could not be read at all.",
        "language-of-parts": "Part of this text is in another language or script (highlighted). VoiceOver reads the whole text with your language's voice, so that part is mispronounced unless the app marks its language. Translate or transliterate it if your language would; if it stays as written (a name, a title), check that the language named on it is right.",
    ]

    struct Group {
        var rule: String
        var severity: Severity
        var findings: [Finding]
    }

    struct Page {
        let result: AuditResult
        let context: ReportContext
        let rowsPerGroup: Int
        let project: Project
        let index: ProjectIndex
        let source: LocaleDisplay
        /// Table path → index in `index.tableSets`, to find the source and translation of a finding.
        let setOfPath: [String: Int]
        let rules: [String: RuleDescription]
        var displays: [String: LocaleDisplay] = [:]

        init(result: AuditResult, context: ReportContext, rowsPerGroup: Int) {
            self.result = result
            self.context = context
            self.rowsPerGroup = rowsPerGroup
            project = result.project
            index = result.index
            source = LocaleDisplay(project.sourceLanguage)
            var paths: [String: Int] = [:]
            for (i, set) in index.tableSets.enumerated() {
                for tables in [set.source].compactMap({ $0 }) + set.translations {
                    for table in tables.tables { paths[table.path] = i }
                }
            }
            setOfPath = paths
            rules = Dictionary(RuleEngine.descriptions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }

        mutating func display(_ locale: String) -> LocaleDisplay {
            if let cached = displays[locale] { return cached }
            let made = LocaleDisplay(locale)
            displays[locale] = made
            return made
        }

        /// Findings per section: translated locales, then "" for the source language and the project.
        func sections() -> (locales: [String], byLocale: [String: [Finding]]) {
            var byLocale: [String: [Finding]] = [:]
            for finding in result.findings {
                var locale = finding.locale ?? ""
                if locale == "Base" || locale == project.sourceLanguage || ProjectIndex.documentationLocales.contains(locale) { locale = "" }
                byLocale[locale, default: []].append(finding)
            }
            return (byLocale.keys.filter { !$0.isEmpty }.sorted(), byLocale)
        }

        func groups(_ findings: [Finding]) -> [Group] {
            var byKey: [String: Group] = [:]
            for finding in findings {
                let key = "\(finding.severity.rawValue)\u{0}\(finding.ruleID)"
                byKey[key, default: Group(rule: finding.ruleID, severity: finding.severity, findings: [])].findings.append(finding)
            }
            return byKey.values.sorted { a, b in a.severity != b.severity ? a.severity > b.severity : a.rule < b.rule }
        }

        mutating func render() -> String {
            let coverage = result.coverage.locales
            let coverageByLocale = Dictionary(uniqueKeysWithValues: coverage.map { ($0.locale, $0) })
            let (findingLocales, byLocale) = sections()
            let locales = Set(coverage.map(\.locale)).union(findingLocales).sorted()
            let allGroups = locales.map { groups(byLocale[$0] ?? []) } + [groups(byLocale[""] ?? [])]
            let ruleIDs = Set(allGroups.joined().map(\.rule)).sorted()

            var out = """
            <!DOCTYPE html>
            <html lang="en" dir="ltr">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="locale-audit \(html(context.toolVersion))">
            <title>Translation report — locale-audit</title>
            <style>\(HTMLReporter.css)</style>
            </head>
            <body>
            <header>
            <h1>Translation report</h1>
            <p>Source language: <strong>\(html(source.label))</strong> · \(count(locales.count, "language")) · \(count(result.findings.count, "finding")) (\(count(result.count(.error), "error")), \(count(result.count(.warning), "warning")), \(count(result.count(.note), "note"))) · made by locale-audit \(html(context.toolVersion))</p>
            <p class="hint">Each language lists what is translated, then what needs your attention, most serious first. Invisible characters are shown as <span class="ctl">⟨RLM⟩</span>-style markers; line breaks as <span class="ctl">↵</span>.</p>
            </header>
            <form id="filters" class="filters" hidden aria-label="Filter findings">
            <div><label for="f-locale">Language</label>
            <select id="f-locale"><option value="">All languages</option>
            """
            for locale in locales { out += "<option value=\"\(html(locale))\">\(html(display(locale).label))</option>" }
            out += "</select></div>\n<div><label for=\"f-rule\">Problem</label>\n<select id=\"f-rule\"><option value=\"\">All problems</option>"
            for id in ruleIDs { out += "<option value=\"\(html(id))\">\(html(rules[id]?.name ?? id)) (\(html(id)))</option>" }
            out += "</select></div>\n<div><label for=\"f-severity\">Severity</label>\n<select id=\"f-severity\"><option value=\"\">All severities</option>"
            out += "<option value=\"error\">Errors</option><option value=\"warning\">Warnings</option><option value=\"note\">Notes</option></select></div>\n"
            out += "<p id=\"filter-status\" role=\"status\" aria-live=\"polite\"></p>\n</form>\n<main>\n"

            out += overview(locales, coverageByLocale, byLocale)
            for (locale, localeGroups) in zip(locales, allGroups) {
                out += localeSection(locale, coverageByLocale[locale], localeGroups)
            }
            if let last = allGroups.last, !last.isEmpty {
                out += "<section class=\"locale\" id=\"locale-source\" data-locale=\"\" aria-labelledby=\"h-source\">\n"
                out += "<h2 id=\"h-source\">Source language and project files</h2>\n"
                out += "<p>Problems in the \(html(source.label)) texts and in the files themselves, for the developers.</p>\n"
                for group in last { out += groupSection(group, locale: nil) }
                out += "</section>\n"
            }
            out += "</main>\n<script>\(HTMLReporter.script)</script>\n</body>\n</html>\n"
            return out
        }

        mutating func overview(_ locales: [String], _ coverage: [String: LocaleCoverage], _ byLocale: [String: [Finding]]) -> String {
            var out = "<section id=\"overview\" aria-labelledby=\"h-overview\">\n<h2 id=\"h-overview\">Overview</h2>\n"
            out += "<table class=\"overview\">\n<caption>Translated texts and findings per language</caption>\n"
            out += "<thead><tr><th scope=\"col\">Language</th><th scope=\"col\">Translated</th><th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Notes</th></tr></thead>\n<tbody>\n"
            for locale in locales {
                let d = display(locale)
                let findings = byLocale[locale] ?? []
                let counts = Severity.allCases.map { s in findings.lazy.filter { $0.severity == s }.count }
                out += "<tr data-locale=\"\(html(locale))\"><th scope=\"row\"><a href=\"#locale-\(anchor(locale))\">\(html(d.label))</a></th>"
                out += "<td>\(progress(coverage[locale]?.translated ?? 0, coverage[locale]?.sourceKeys ?? 0))</td>"
                out += "<td class=\"num\">\(counts[2])</td><td class=\"num\">\(counts[1])</td><td class=\"num\">\(counts[0])</td></tr>\n"
            }
            return out + "</tbody>\n</table>\n</section>\n"
        }

        func progress(_ part: Int, _ whole: Int) -> String {
            guard whole > 0 else { return "–" }
            let percent = LocaleCoverage.percent(part, of: whole)
            let width = part * 100 / whole
            return "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:\(width)%\"></span></span> \(percent) <span class=\"sub\">(\(part) of \(whole))</span>"
        }

        mutating func localeSection(_ locale: String, _ coverage: LocaleCoverage?, _ groups: [Group]) -> String {
            let d = display(locale)
            let id = anchor(locale)
            var out = "<section class=\"locale\" id=\"locale-\(id)\" data-locale=\"\(html(locale))\" aria-labelledby=\"h-\(id)\">\n"
            var heading = html(d.englishName ?? locale)
            if let native = d.nativeName { heading += " — <span lang=\"\(html(d.tag))\" dir=\"\(d.isRightToLeft ? "rtl" : "ltr")\">\(html(native))</span>" }
            out += "<h2 id=\"h-\(id)\">\(heading) <span class=\"code\">\(html(locale))</span></h2>\n"
            if let coverage, !coverage.tables.isEmpty {
                out += "<h3>Translated</h3>\n<table class=\"coverage\">\n<caption>Translated texts per file, \(html(d.label))</caption>\n"
                out += "<thead><tr><th scope=\"col\">Table</th><th scope=\"col\">Translated</th></tr></thead>\n<tbody>\n"
                for table in coverage.tables {
                    let name = table.table.scope.isEmpty ? html(table.table.name) : "\(html(table.table.name)) <span class=\"sub\">in \(html(ReportText.relativePath(table.table.scope, base: context.baseDirectory)))</span>"
                    let cell = table.present ? progress(table.translated, table.sourceKeys) : "<strong>missing</strong> <span class=\"sub\">(\(count(table.sourceKeys, "text")))</span>"
                    out += "<tr><th scope=\"row\">\(name)</th><td>\(cell)</td></tr>\n"
                }
                out += "<tr class=\"total\"><th scope=\"row\">All tables</th><td>\(progress(coverage.translated, coverage.sourceKeys))</td></tr>\n</tbody>\n</table>\n"
            }
            if groups.isEmpty {
                out += "<p class=\"clean\">Nothing to fix in this language.</p>\n"
            } else {
                out += "<h3>To fix</h3>\n"
                for group in groups { out += groupSection(group, locale: locale) }
            }
            return out + "</section>\n"
        }

        mutating func groupSection(_ group: Group, locale: String?) -> String {
            let rule = rules[group.rule]
            let sectionID = "g-\(anchor(locale ?? "source"))-\(group.severity.rawValue)-\(group.rule)"
            var out = "<section class=\"group\" data-rule=\"\(html(group.rule))\" data-severity=\"\(group.severity.rawValue)\" data-count=\"\(group.findings.count)\" aria-labelledby=\"\(sectionID)\">\n"
            out += "<h4 id=\"\(sectionID)\"><span class=\"sev \(group.severity.rawValue)\">\(group.severity.rawValue)</span> \(html(rule?.name ?? group.rule)) "
            out += "<span class=\"sub\">\(count(HTMLReporter.rows(group.findings).count, "text")) · <code>\(html(group.rule))</code></span></h4>\n"
            out += "<p class=\"advice\">\(html(HTMLReporter.advice[group.rule] ?? rule?.summary ?? ""))</p>\n"
            let target = locale.map { display($0) }
            let rows = HTMLReporter.rows(group.findings)
            let body = rows.prefix(rowsPerGroup).map { row($0, target: target) }.joined()
            if body.contains("<mark class=\"speech\"") { out += HTMLReporter.speechLegend }
            out += "<table class=\"findings\">\n<thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Source (\(html(source.englishName ?? source.identifier)))</th>"
            if let target { out += "<th scope=\"col\">Translation (\(html(target.englishName ?? target.identifier)))</th>" }
            out += "<th scope=\"col\">Problem</th><th scope=\"col\">File</th></tr></thead>\n<tbody>\n"
            out += body + "</tbody>\n</table>\n"
            if rows.count > rowsPerGroup {
                let more = rows.count - rowsPerGroup
                out += "<p class=\"more\">…and \(more) more text\(more == 1 ? "" : "s") with this problem. The full list: <code>locale-audit check --format json</code>.</p>\n"
            }
            return out + "</section>\n"
        }

        /// One row per text: several findings of one kind about one key (e.g. each missing plural
        /// category) share the row, so the source and translation are shown once.
        func row(_ findings: [Finding], target: LocaleDisplay?) -> String {
            let finding = findings[0]
            let (sourceValue, translation) = values(of: finding)
            // Speech ranges are recomputed on the text the rule analysed: the translation, or the
            // source text for a finding in the source language.
            let speechLocale = finding.ruleID == LanguageOfPartsRule.description.id ? finding.locale : nil
            let inSource = speechLocale != nil && speechLocale == project.sourceLanguage
            var out = "<tr><th scope=\"row\">" + (finding.key.map { "<code>\(visible($0))</code>" } ?? "–") + "</th>"
            out += cell(sourceValue, display: source, speechLocale: inSource ? speechLocale : nil)
            if let target { out += cell(translation, display: target, speechLocale: inSource ? nil : speechLocale) }
            out += "<td>" + findings.map { visible($0.message) }.joined(separator: "<br>")
            // The source note repeats the source column.
            var notes: [Finding.Note] = []
            for note in findings.flatMap(\.notes) where !notes.contains(note) && !(sourceValue != nil && note.message.hasPrefix("source: ")) {
                notes.append(note)
            }
            if !notes.isEmpty {
                out += "<ul class=\"notes\">"
                for note in notes {
                    out += "<li>\(visible(note.message))" + (note.location.map { " <span class=\"sub\">(\(html(location($0))))</span>" } ?? "") + "</li>"
                }
                out += "</ul>"
            }
            // The folder and file name are what a translator recognises; the full path is in the tooltip.
            if let place = finding.location {
                let full = location(place)
                let short = full.split(separator: "/").suffix(2).joined(separator: "/")
                out += "</td><td class=\"file\" title=\"\(html(full))\">\(html(short))</td></tr>\n"
            } else {
                out += "</td><td class=\"file\">–</td></tr>\n"
            }
            return out
        }

        func location(_ location: SourceLocation) -> String {
            "\(ReportText.relativePath(location.file, base: context.baseDirectory)):\(location.line)"
        }

        /// `speechLocale`: highlight the language-of-parts ranges of the value's texts, analysed as
        /// that locale's.
        func cell(_ value: Value?, display: LocaleDisplay, speechLocale: String? = nil) -> String {
            guard let value else { return "<td class=\"none\">–</td>" }
            let speech = speechLocale.flatMap { locale in LanguageOfParts.scripts(of: locale).map { (locale, $0) } }
            return "<td lang=\"\(html(display.tag))\" dir=\"\(display.isRightToLeft ? "rtl" : "ltr")\">\(render(value, speech: speech))</td>"
        }

        /// The text shown visibly, with the ranges `language-of-parts` reports for it marked.
        func text(_ text: String, speech: (locale: String, scripts: Set<ScriptCode>)?) -> String {
            guard let speech else { return visible(text) }
            // Names (the app's, platform terms) are no language change: `language-of-parts` skips them.
            let ranges = result.languageOfParts.analyze(text, locale: speech.locale, scripts: speech.scripts).partRanges
                .filter { $0.fromTerm || !result.names.covers($0.text) }
            return visible(text, speech: ranges.map(HTMLReporter.SpeechMark.init))
        }

        /// The source and the translation of the finding's key, from the table its location is in.
        func values(of finding: Finding) -> (source: Value?, translation: Value?) {
            guard let key = finding.key, let file = finding.location?.file, let i = setOfPath[file] else { return (nil, nil) }
            let set = index.tableSets[i]
            let locale = finding.locale == "Base" ? project.sourceLanguage : finding.locale
            let translation = set.translations.first { $0.locale == locale }?.entries[key]
            let sourceValue = set.source?.entries[key]?.value ?? translation?.sourceValue
            return (sourceValue, locale == project.sourceLanguage ? nil : translation?.value)
        }

        func render(_ value: Value, speech: (locale: String, scripts: Set<ScriptCode>)? = nil) -> String {
            switch value {
            case .text(let string): return text(string, speech: speech)
            case .plural(let plural):
                var out = ""
                // The format only matters when it says more than "%#@name@".
                let bare = plural.variables.count == 1 && plural.format == "%#@\(plural.variables[0].name)@"
                if !plural.formatIsImplicit && !bare { out += "<div class=\"format\">\(text(plural.format, speech: speech))</div>" }
                for variable in plural.variables {
                    out += "<dl class=\"forms\">"
                    if plural.variables.count > 1 { out += "<dt class=\"var\">\(visible("%#@" + variable.name + "@"))</dt><dd></dd>" }
                    for form in variable.forms { out += "<dt>\(visible(form.category))</dt><dd>\(text(form.text, speech: speech))</dd>" }
                    out += "</dl>"
                }
                return out
            case .variations(let variations):
                var out = "<dl class=\"forms\">"
                for variation in variations.cases { out += "<dt>\(visible(variation.name))</dt><dd>\(render(variation.value, speech: speech))</dd>" }
                return out + "</dl>"
            }
        }
    }

    /// Findings grouped by key and place, in their order.
    static func rows(_ findings: [Finding]) -> [[Finding]] {
        var order: [String] = []
        var byKey: [String: [Finding]] = [:]
        for finding in findings {
            let key = "\(finding.location?.description ?? "")\u{0}\(finding.key ?? "")"
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(finding)
        }
        return order.map { byKey[$0]! }
    }

    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// An id fragment from a locale identifier (letters, digits, hyphens).
    static func anchor(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": return Character(scalar)
            default: return "_"
            }
        })
    }

    static func html(_ text: String) -> String { Escaping.html(text) }

    /// A stretch to read with another voice, as the page marks it.
    struct SpeechMark {
        /// UTF-16 offsets, as `SpeechRange` (NSRange) has them.
        var range: Range<Int>
        /// The `lang` attribute.
        var language: String
        /// The tooltip, in a translator's words.
        var title: String

        init(_ range: SpeechRange) {
            self.range = range.location..<(range.location + range.length)
            let display = LocaleDisplay(range.language)
            language = display.tag
            title = "VoiceOver should read this part in \(display.englishName ?? range.language) (accessibilitySpeechLanguage \(range.language))"
        }
    }

    static let speechLegend = "<p class=\"legend\"><mark class=\"speech\" lang=\"en\">Highlighted</mark> parts are in another language; the code after each names the voice VoiceOver should read it with (point at it for the language's name). If the language is wrong, tell the developers which it is.</p>\n"

    /// Escaped text with every invisible or direction-changing character shown as a marked-up name
    /// (⟨RLE⟩), line breaks as ↵, and overlong texts shortened. Format specifiers are isolated
    /// left-to-right spans, so `%1$@` reads as written inside right-to-left text. `speech` stretches
    /// (sorted, UTF-16 offsets) become `<mark lang>` elements; a specifier span stays innermost.
    static func visible(_ text: String, limit: Int = 400, speech: [SpeechMark] = []) -> String {
        var starts: [Int: Int] = [:] // scalar offset where a specifier starts → where it ends
        if text.utf8.contains(UInt8(ascii: "%")) {
            for specifier in FormatSpecifiers.scan(text).specifiers where specifier.conversion != "%" {
                starts[specifier.range.lowerBound] = specifier.range.upperBound
            }
        }
        var out = ""
        var spanEnd: Int? = nil
        var utf16 = 0
        var nextMark = 0
        var markEnd: Int? = nil // UTF-16 offset where the open mark ends
        // A mark opening or closing inside a specifier span closes and reopens the span around it.
        func toggleMark(_ tag: String) {
            out += spanEnd == nil ? tag : "</span>\(tag)<span class=\"ph\">"
        }
        for (n, scalar) in text.unicodeScalars.enumerated() {
            if n == spanEnd { out += "</span>"; spanEnd = nil }
            if let end = markEnd, utf16 >= end { toggleMark("</mark>"); markEnd = nil }
            if n >= limit {
                if spanEnd != nil { out += "</span>"; spanEnd = nil }
                if markEnd != nil { out += "</mark>"; markEnd = nil }
                out += "…"
                break
            }
            if markEnd == nil {
                while nextMark < speech.count && speech[nextMark].range.upperBound <= utf16 { nextMark += 1 }
                if nextMark < speech.count, speech[nextMark].range.lowerBound <= utf16 {
                    let mark = speech[nextMark]
                    toggleMark("<mark class=\"speech\" lang=\"\(html(mark.language))\" title=\"\(html(mark.title))\">")
                    markEnd = mark.range.upperBound
                    nextMark += 1
                }
            }
            utf16 += scalar.utf16.count
            if spanEnd == nil, let end = starts[n] { out += "<span class=\"ph\">"; spanEnd = end }
            if let name = ReportText.invisibleNames[scalar.value] {
                let code = String(scalar.value, radix: 16, uppercase: true)
                out += "<span class=\"ctl\" title=\"U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) \(name.name)\">⟨\(name.short)⟩</span>"
                continue
            }
            switch scalar {
            case "\n": out += "<span class=\"ctl\" title=\"line break\">↵</span><br>"
            case "\t": out += "<span class=\"ctl\" title=\"tab\">⇥</span>"
            default:
                if let reference = Escaping.markupReference(for: scalar) {
                    out += reference
                } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "<span class=\"ctl\" title=\"control character\">⟨U+\(String(scalar.value, radix: 16, uppercase: true))⟩</span>"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        if spanEnd != nil { out += "</span>" }
        if markEnd != nil { out += "</mark>" }
        return out
    }

    // Colours meet WCAG AA contrast (4.5:1) for their text on white and on their badges.
    static let css = """
    :root{color-scheme:light}
    [hidden]{display:none!important}
    body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1b1b;background:#fff;margin:0 auto;max-width:1200px;padding:0 1.25rem 3rem}
    header{border-bottom:2px solid #1a4f8b;margin-bottom:1rem}
    h1{font-size:1.8rem;margin:1rem 0 .25rem;color:#123a66}
    h2{font-size:1.4rem;margin:2rem 0 .5rem;padding-top:.5rem;border-top:1px solid #c8ced6;color:#123a66}
    h3{font-size:1.1rem;margin:1rem 0 .4rem}
    h4{font-size:1rem;margin:1.2rem 0 .2rem}
    .hint,.sub{color:#4a5563}
    .sub{font-size:.85em;font-weight:normal}
    .code{font:600 .8em ui-monospace,Menlo,Consolas,monospace;color:#4a5563}
    code,.file{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em}
    .filters{position:sticky;top:0;background:#f3f6fa;border:1px solid #c8ced6;border-radius:6px;padding:.5rem .75rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:end;z-index:1}
    .filters label{display:block;font-weight:600;font-size:.85rem}
    .filters select{font:inherit;padding:.15rem .3rem;max-width:22rem}
    #filter-status{margin:0 0 .2rem;color:#4a5563}
    table{border-collapse:collapse;width:100%;margin:.25rem 0 .5rem}
    caption{text-align:left;font-size:.85rem;color:#4a5563;padding-bottom:.2rem}
    th,td{border:1px solid #d5dae1;padding:.3rem .45rem;text-align:left;vertical-align:top}
    thead th{background:#eef2f7}
    td.num{text-align:right;font-variant-numeric:tabular-nums}
    table.overview,table.coverage{width:auto;min-width:28rem}
    tr.total th,tr.total td{font-weight:600}
    table.findings th[scope=row]{font-weight:normal;word-break:break-all;width:14%}
    table.findings td{width:22%}
    td.file{word-break:break-all;color:#4a5563;width:12%!important}
    td[dir=rtl]{text-align:right}
    td.none{color:#4a5563}
    .bar{display:inline-block;width:6rem;height:.6rem;background:#dfe4ea;border-radius:3px;vertical-align:middle;overflow:hidden}
    .bar span{display:block;height:100%;background:#2e7d32}
    .sev{display:inline-block;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;padding:.05rem .4rem;border-radius:3px;vertical-align:1px}
    .sev.error{background:#b3261e;color:#fff}
    .sev.warning{background:#f2c94c;color:#1b1b1b}
    .sev.note{background:#1a5fb4;color:#fff}
    .advice{margin:.1rem 0 .35rem;max-width:60rem}
    .ph{unicode-bidi:isolate;direction:ltr;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em;color:#0d5c63}
    .ctl{unicode-bidi:isolate;direction:ltr;display:inline-block;font:600 .75em ui-monospace,Menlo,Consolas,monospace;color:#8a1c7c;background:#f8eaf6;border:1px solid #d9a5d1;border-radius:3px;padding:0 .15em;margin:0 .05em}
    dl.forms{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:.1rem .5rem}
    dl.forms dt{font:600 .8em ui-monospace,Menlo,Consolas,monospace;color:#4a5563}
    dl.forms dd{margin:0}
    .format{font-size:.9em;color:#4a5563;margin-bottom:.15rem}
    mark.speech{background:#fff3b0;color:inherit;border-bottom:2px solid #b58900;padding:0 .1em}
    mark.speech::after{content:attr(lang);font:600 .7em ui-monospace,Menlo,Consolas,monospace;color:#6b5200;vertical-align:super;margin-left:.15em}
    .legend{font-size:.9em;color:#39424e;margin:0 0 .35rem}
    ul.notes{margin:.25rem 0 0;padding-left:1.1rem;font-size:.9em;color:#39424e}
    .more{font-style:italic;color:#4a5563}
    .clean{color:#2e6b30;font-weight:600}
    a{color:#0b57b0}
    """

    // Plain DOM code, no framework. Filters hide whole groups; the status line counts what is shown.
    static let script = """
    (function(){
    var form=document.getElementById('filters');if(!form)return;form.hidden=false;
    var L=document.getElementById('f-locale'),R=document.getElementById('f-rule'),S=document.getElementById('f-severity'),status=document.getElementById('filter-status');
    var q=new URLSearchParams(location.search);
    [['locale',L],['rule',R],['severity',S]].forEach(function(p){var v=q.get(p[0]);if(v!==null)p[1].value=v;});
    function apply(){
    var l=L.value,r=R.value,s=S.value,shown=0,total=0;
    document.querySelectorAll('section.locale').forEach(function(sec){
    var inLocale=!l||sec.dataset.locale===l||sec.dataset.locale==='';var any=false;
    sec.querySelectorAll('section.group').forEach(function(g){
    var n=+g.dataset.count;total+=n;var ok=inLocale&&(!r||g.dataset.rule===r)&&(!s||g.dataset.severity===s);
    g.hidden=!ok;if(ok){shown+=n;any=true;}});
    sec.hidden=!inLocale||(sec.dataset.locale===''&&!any);});
    document.querySelectorAll('#overview tr[data-locale]').forEach(function(tr){tr.hidden=!!l&&tr.dataset.locale!==l;});
    status.textContent='Showing '+shown+' of '+total+' findings';}
    [L,R,S].forEach(function(el){el.addEventListener('change',apply);});apply();
    })();
    """
}
