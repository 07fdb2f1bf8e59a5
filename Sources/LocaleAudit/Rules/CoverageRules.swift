// Coverage: a locale translated only in part, summarised in one finding instead of one per string
// (TranslateWiki and Crowdin projects ship many partial locales on purpose).

public struct LocaleIncompleteRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "locale-incomplete", name: "Locale translated in part", severity: .warning,
        summary: "A locale has translated less than coverage.complete-at (90 % unless configured) of its strings; its missing strings are reported together, one finding for the locale (its tables as notes).",
        rationale: """
        Every missing string falls back to the development language, so users of a partial locale read \
        a patchwork of two languages. Many projects ship such locales on purpose while volunteers \
        translate. A locale below the threshold that lacks at least `coverage.fold-at-least` (10) \
        strings is partial: one finding says how far it has come, with a note per table where that \
        table is (a table and its export or second tree count once), and the JSON report lists every \
        missing key (`keys`) and every value identical to the source (`identicalKeys`). Values identical \
        to the source count as untranslated, except text with nothing to translate, the app's name, \
        acronyms and do-not-translate terms. Any other locale keeps one \
        `missing-translation` (or `a11y-missing`, `untranslated`, `a11y-untranslated`) finding per \
        string instead. A regional variant of the development language (en-GB for en) falls back to it \
        by design, so it is only a note. Below `coverage.min` (`--min-coverage`), or for a locale listed \
        in `coverage.required` below the threshold, the finding is an error, one per table: the gate.
        """,
        triggering: [
            RuleExample("German has translated one of twelve strings",
                .strings("en", twelveStrings),
                .strings("de", "↓\"s1\" = \"Buch 1 öffnen\";\n\"s2\" = \"Open book 2\";\n")),
            RuleExample("Two tables of a locale translated in part: one finding for the locale",
                .strings("en", twelveStrings),
                VirtualFile("en.lproj/Settings.strings", twelveStrings),
                .strings("de", "↓\"s1\" = \"Buch 1 öffnen\";\n"),
                VirtualFile("de.lproj/Settings.strings", "\"s1\" = \"Buch 1 öffnen\";\n\"s2\" = \"Buch 2 öffnen\";\n")),
            RuleExample("A regional variant of the source language lacks most strings (a note)",
                .strings("en", twelveStrings),
                .strings("en-GB", "↓\"s1\" = \"Open book 1\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every string translated",
                .strings("en", "\"a\" = \"Open the book\";\n\"b\" = \"Close the book\";\n"),
                .strings("de", "\"a\" = \"Buch öffnen\";\n\"b\" = \"Buch schließen\";\n")),
            RuleExample("Two strings forgotten are reported one by one (missing-translation), not as a partial locale",
                .strings("en", "\"a\" = \"Open the book\";\n\"b\" = \"Close the book\";\n\"c\" = \"Share the book\";\n"),
                .strings("de", "\"a\" = \"Buch öffnen\";\n")),
            RuleExample("Names and text without words may stay as they are",
                .strings("en", "\"CFBundleDisplayName\" = \"Bookshelf Pro\";\n\"count\" = \"%d\";\n\"ok\" = \"OK\";\n"),
                .strings("de", "\"CFBundleDisplayName\" = \"Bookshelf Pro\";\n\"count\" = \"%d\";\n\"ok\" = \"OK\";\n")),
        ])

    /// "s1" … "s12": "Open book 1" … "Open book 12".
    static let twelveStrings = (1...12).map { "\"s\($0)\" = \"Open book \($0)\";\n" }.joined()

    /// Keys named in a note before "and N more": the JSON report lists them all.
    static let sampleSize = 5

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let coverage = context.coverage
        let source = context.project.sourceLanguage
        var findings: [Finding] = []
        // The String Catalog an exported table came from, looked for once per table set (each of its
        // locales asks, and the search splits the path of every catalog of that name).
        var exportedCatalogs: [Int: ProjectIndex.TableSet?] = [:]
        func exportedCatalog(_ t: Int, _ set: ProjectIndex.TableSet) -> ProjectIndex.TableSet? {
            if let known = exportedCatalogs[t] { return known }
            let found = Self.exportedCatalog(scope: set.id.scope, name: set.id.name, in: context.index)
            exportedCatalogs[t] = .some(found)
            return found
        }
        for (t, set) in context.index.tableSets.enumerated() {
            for translation in set.translations {
                let locale = translation.locale
                let partial = coverage.isPartial(locale), gate = coverage.failsGate(locale)
                guard partial || gate, let row = coverage.row(locale: locale, table: set.id),
                      !row.missingKeys.isEmpty || !row.identicalKeys.isEmpty else { continue }
                let severity: Severity = gate ? .error : (row.isSourceVariant ? .note : rule.severity)
                let overall = coverage.locale(locale)?.percentText ?? "?"
                var message: String
                if row.isSourceVariant {
                    message = "\(set.id.name) has \(row.sourceKeys - row.missing) of \(row.sourceKeys) strings in \(locale); the other \(row.missing) show in \(source), as a regional variant does by design: add only the strings \(locale) spells differently"
                } else {
                    message = "\(set.id.name) is \(LocaleCoverage.percent(row.translated, of: row.sourceKeys)) translated into \(locale): \(row.missing) of \(row.sourceKeys) strings missing"
                    if !row.identicalKeys.isEmpty { message += ", \(row.identicalKeys.count) identical to the \(source) source" }
                    message += "; they show in \(source)"
                    if partial { message += " (\(locale) is a partial locale: \(overall) of all its strings, below coverage.complete-at \(Self.percentText(coverage.options.completeAt)))" }
                }
                if gate { message += "; the project requires \(Self.percentText(coverage.gateThreshold(locale))) of \(locale)" }
                var notes: [Finding.Note] = []
                if !row.missingKeys.isEmpty { notes.append(Finding.Note(message: "missing: \(Self.sample(row.missingKeys))")) }
                if !row.identicalKeys.isEmpty { notes.append(Finding.Note(message: "identical to the source: \(Self.sample(row.identicalKeys))")) }
                let spoken = row.missingPositions.filter { context.accessibilityKind(table: t, position: Int($0))?.isSpoken == true }.count
                if spoken > 0 && !row.isSourceVariant {
                    notes.append(Finding.Note(message: "\(spoken) of the missing strings are accessibility strings: VoiceOver reads them in \(source)"))
                }
                var location = translation.tables.compactMap(\.localeLocation).min()
                    ?? SourceLocation(file: translation.tables.map(\.path).min() ?? "", line: 1, column: 1)
                // A locale the String Catalog lacks, met only in an XLIFF exported from it: the catalog
                // is where its strings go (at the first one missing), the export is a note.
                if translation.tables.allSatisfy({ $0.format == .xliff }),
                   let catalog = exportedCatalog(t, set),
                   !catalog.translations.contains(where: { $0.locale == locale }) {
                    notes.append(Finding.Note(message: "the same in an exported copy (re-export it after the fix)", location: location))
                    let firstMissing = row.missingKeys.first ?? row.identicalKeys.first
                    location = firstMissing.flatMap { catalog.sourcePositions[$0] }.map { catalog.sourceEntries[Int($0)].location }
                        ?? SourceLocation(file: catalog.source!.tables[0].path, line: 1, column: 1)
                }
                var finding = Finding(ruleID: rule.id, severity: severity, message: message, location: location,
                                      locale: locale, table: set.id.name, notes: notes)
                finding.keys = row.missingKeys
                finding.identicalKeys = row.identicalKeys
                findings.append(finding)
            }
        }
        return Self.foldPartialLocales(findings, context: context)
    }

    /// A partial locale is one question, whatever the number of its tables: one finding, at its
    /// table with the most strings to translate, each table a note where it is. An export's and a
    /// second tree's copies of a table are merged first, so each table counts once. Gate failures
    /// (errors) and regional variants (notes) stay one per table.
    static func foldPartialLocales(_ findings: [Finding], context: RuleContext) -> [Finding] {
        let project = context.project
        let perTable = FindingConsolidation.mergeIncompleteCopies(
            FindingConsolidation.mergeRepresentations(findings, project: project), project: project)
        var byLocale: [String: [Int]] = [:]
        for (i, finding) in perTable.enumerated() where finding.severity == description.severity && finding.table != nil {
            byLocale[finding.locale ?? "", default: []].append(i)
        }
        var folded = Set<Int>()
        var result: [Finding] = []
        for (locale, members) in byLocale.sorted(by: { $0.key < $1.key }) where members.count > 1 {
            let tables = Finding.sortedStably(members.map { perTable[$0] })
            let largest = tables.max { ($0.keys.count + $0.identicalKeys.count) < ($1.keys.count + $1.identicalKeys.count) }!
            let missing = tables.reduce(0) { $0 + $1.keys.count }, identical = tables.reduce(0) { $0 + $1.identicalKeys.count }
            let source = project.sourceLanguage
            let overall = context.coverage.locale(locale)?.percentText ?? "?"
            var message = "\(locale) is a partial locale (\(overall) of all its strings, below coverage.complete-at \(percentText(context.coverage.options.completeAt))): \(missing) strings missing"
            if identical > 0 { message += " and \(identical) identical to the \(source) source" }
            message += " in \(tables.count) tables; they show in \(source)"
            var notes: [Finding.Note] = []
            for table in tables {
                // "Display is 0.0 % translated into hu: 86 of 86 strings missing" and where; then its copies.
                let head = table.message.firstByteRange(of: "; they show in").map { String(table.message[..<$0.lowerBound]) } ?? table.message
                notes.append(Finding.Note(message: head, location: table.location))
                notes += table.notes.filter { $0.location != nil && $0.location != table.location }
            }
            var finding = Finding(ruleID: description.id, severity: description.severity, message: message,
                                  location: largest.location, locale: locale, notes: notes)
            finding.keys = Self.uniqued(tables.flatMap(\.keys))
            finding.identicalKeys = Self.uniqued(tables.flatMap(\.identicalKeys))
            result.append(finding)
            folded.formUnion(members)
        }
        result += perTable.indices.filter { !folded.contains($0) }.map { perTable[$0] }
        return result
    }

    static func uniqued(_ keys: [String]) -> [String] {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// The String Catalog an Xcode export's table came from. The export's `original` names the
    /// catalog's folders below the project root and its table ("GpxWidget/InfoPlist.xcstrings",
    /// "Turn Restrictions/Base.lproj/TurnRestrictions.storyboard"), and the table's scope keeps
    /// those folders: the catalog of that name whose folders end with them (the nearest the root when several do: an app's `InfoPlist` before
    /// its widget's).
    static func exportedCatalog(scope: String, name: String, in index: ProjectIndex) -> ProjectIndex.TableSet? {
        func folders(_ path: String) -> [Substring] {
            path.split(separator: "/").dropLast().filter { !$0.hasSuffix(".lproj") }
        }
        // An XLIFF table's scope is "xliff:" and the folders of its `original` (XLIFFTableNaming.scope).
        guard scope.hasPrefix("xliff:") else { return nil }
        let wanted = scope.dropFirst("xliff:".count).split(separator: "/")
        return index.tableSets
            .filter { set in
                set.id.name == name && set.source?.tables.first?.format == .xcstrings
                    && folders(set.source!.tables[0].path).reversed().starts(with: wanted.reversed())
            }
            .min { folders($0.source!.tables[0].path).count < folders($1.source!.tables[0].path).count }
    }

    /// "a, b, c, d, e and 12 more (every key is in the JSON report)".
    static func sample(_ keys: [String]) -> String {
        let shown = keys.prefix(sampleSize).map { "\"\($0.visibleExcerpt)\"" }.joined(separator: ", ")
        return keys.count > sampleSize ? "\(shown) and \(keys.count - sampleSize) more (every key is in the JSON report)" : shown
    }

    static func percentText(_ share: Double) -> String {
        let value = share * 100
        return value == value.rounded() ? "\(Int(value)) %" : "\(value) %"
    }
}

extension RuleContext {
    /// True when the strings of this (locale, table) are summarised by `locale-incomplete` rather
    /// than reported one by one: the locale is partial.
    func isFolded(_ locale: String, _ table: TableID) -> Bool {
        coverage.isPartial(locale)
    }

    /// A regional variant of the development language (`en-GB` for `en`), which falls back to it by design.
    func isSourceVariant(_ locale: String) -> Bool {
        LanguageTag.languageSubtag(of: locale) == LanguageTag.languageSubtag(of: project.sourceLanguage)
    }
}
