// Info.plist strings users read before they ever see the app's own screens: permission prompts, the
// name on the home screen, the copyright line. `InfoPlist.strings` (or `InfoPlist.xcstrings`)
// translates them; what an app's `Info.plist` declares is read with its languages (`AppLanguages.swift`).

/// Which Info.plist strings each `InfoPlist` table must translate, and into which locales. Shared by
/// `permission-prompt-untranslated` and the rules that hand these strings to it (`missing-translation`,
/// `untranslated`, `missing-table`), so one defect gives one finding.
enum InfoPlistLocalization {
    static let tableName = "InfoPlist"

    /// True for a key of an `InfoPlist` table that `permission-prompt-untranslated` reports when a
    /// locale lacks it: every user-facing Info.plist key. Regional variants of the development
    /// language (en-GB) stay with `missing-translation`, which makes them a note.
    static func ownsMissingKey(_ context: RuleContext, table: TableID, key: String, locale: String) -> Bool {
        table.name == tableName && InfoPlistString.isUserFacing(key) && !context.isSourceVariant(locale)
    }

    /// True for a permission prompt left identical to the source: reported by this rule, not `untranslated`.
    static func ownsIdenticalKey(table: TableID, key: String) -> Bool {
        table.name == tableName && InfoPlistString.isPermissionPrompt(key)
    }

    /// One user-facing string an `InfoPlist` table must translate.
    struct Declared {
        var key: String
        /// The source text: the source table's value, else the `Info.plist`'s.
        var text: String
        /// The source entry, where there is one; else the `Info.plist` string.
        var sourceEntry: Entry?
        var plistLocation: SourceLocation?
        var isPrompt: Bool { InfoPlistString.isPermissionPrompt(key) }
        var location: SourceLocation { sourceEntry?.location ?? plistLocation! }
    }

    /// The folder of a path (`a/b/Info.plist` → `a/b`).
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func isInside(_ scope: String, _ folder: String) -> Bool {
        folder.isEmpty || scope == folder || scope.hasPrefix(folder + "/")
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    /// For each `Info.plist`, the `InfoPlist` tables that translate it: those in its folder or below,
    /// the shallowest first (an app's `Resources/` rather than its widget's folder inside it).
    static func plistStrings(for set: ProjectIndex.TableSet, in context: RuleContext) -> [InfoPlistString] {
        let infoPlistSets = context.index.tableSets.filter { $0.id.name == tableName }
        var result: [InfoPlistString] = []
        for string in context.project.infoPlistStrings {
            let folder = folder(string.plist)
            let candidates = infoPlistSets.filter { isInside($0.id.scope, folder) }
            guard let shallowest = candidates.map({ depth($0.id.scope) }).min() else { continue }
            if isInside(set.id.scope, folder) && depth(set.id.scope) == shallowest { result.append(string) }
        }
        return result
    }

    /// What the table must translate: the user-facing strings its `Info.plist` declares and those its
    /// source table holds. (An `Info.plist` generated from build settings lists none of them, so the
    /// source table counts as a declaration too.) In source order, then `Info.plist` order.
    static func declared(_ set: ProjectIndex.TableSet, in context: RuleContext) -> [Declared] {
        guard set.id.name == tableName else { return [] }
        var result: [Declared] = []
        var seen = Set<String>()
        if let source = set.source {
            for key in source.keys where InfoPlistString.isUserFacing(key) {
                guard let entry = source.entries[key], entry.shouldTranslate, let text = entry.value.plainText,
                      !text.trimmingSpaces.isEmpty else { continue }
                seen.insert(key)
                result.append(Declared(key: key, text: text, sourceEntry: entry, plistLocation: nil))
            }
        }
        for string in plistStrings(for: set, in: context) where seen.insert(string.key).inserted {
            result.append(Declared(key: string.key, text: string.value, sourceEntry: nil, plistLocation: string.location))
        }
        return result
    }

    /// The locales the app ships beside this table: every locale with a table in the same folder,
    /// except regional variants of the development language (they fall back to it by design) and
    /// partial locales (translated in part on purpose: `locale-incomplete` reports them as a whole).
    static func shippedLocales(_ set: ProjectIndex.TableSet, in context: RuleContext) -> [String] {
        var locales = Set<String>()
        for other in context.index.tableSets where other.id.scope == set.id.scope {
            for translation in other.translations { locales.insert(translation.locale) }
        }
        return locales.filter { !context.isSourceVariant($0) && !context.coverage.isPartial($0) }.sorted()
    }

    /// The display name and the copyright line need a translation only where the app translates
    /// them: a name the home screen shows the same in most languages (a brand, or "GpxWidget"
    /// respelled in two of fifteen), or "Copyright 2024 Jane Doe" kept everywhere, is no defect where
    /// it is missing. Prompts always do.
    static func mustTranslate(_ declared: Declared, in set: ProjectIndex.TableSet) -> Bool {
        if declared.isPrompt { return true }
        var translated = 0, kept = 0
        let source = declared.text.trimmingSpaces.lowercased()
        for translation in set.translations {
            guard let text = translation.entries[declared.key]?.value.plainText, !text.trimmingSpaces.isEmpty else { continue }
            if text.trimmingSpaces.lowercased() == source { kept += 1 } else { translated += 1 }
        }
        return translated > 0 && translated >= kept
    }

    /// The strings that make a locale's missing `InfoPlist` table this rule's finding (not `missing-table`'s).
    static func reportedWhenTableMissing(_ set: ProjectIndex.TableSet, in context: RuleContext) -> [Declared] {
        declared(set, in: context).filter { mustTranslate($0, in: set) }
    }
}

public struct PermissionPromptUntranslatedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "permission-prompt-untranslated", name: "Permission prompt not translated", severity: .error,
        summary: "A permission prompt (`NS…UsageDescription`), or the app's display name or copyright line, that the app declares has no translation in a locale it ships (`InfoPlist.strings`/`InfoPlist.xcstrings`), or a prompt is left identical to the source.",
        rationale: """
        iOS asks for the camera, location or contacts with the app's own sentence: shown in English to \
        someone who does not read it, the prompt asks for a consent they cannot give, and many simply \
        refuse. An error, like a missing accessibility label: the defect makes a decision impossible, not \
        just a screen less pleasant. The display name and the copyright line are warnings, reported \
        missing only where at least half the locales that list them translate them (a brand, or a \
        copyright line of a name and a year, reads the same everywhere and needs no line). \
        Declared means: in an `Info.plist` among the checked paths (its folder's shallowest `InfoPlist` \
        table translates it), or in the development language's `InfoPlist` table (an `Info.plist` \
        generated from `INFOPLIST_KEY_…` build settings lists none). Shipped means: every locale with \
        catalogs in the same folder, except regional variants of the development language (en-GB reads \
        the en prompt by design) and partial locales (below `coverage.complete-at`, whose users read \
        the development language in many places and which `locale-incomplete` reports as a whole). \
        One defect, one finding: a locale without the whole `InfoPlist` table gets one finding naming \
        every prompt it lacks (instead of `missing-table`); a missing key is reported here instead of \
        `missing-translation`, a prompt identical to the source instead of `untranslated`.
        """,
        triggering: [
            RuleExample("German lacks the camera prompt",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n↓\"NSCameraUsageDescription\" = \"Bookshelf uses your camera to scan book barcodes.\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("French has no InfoPlist table at all: one finding for its two prompts",
                VirtualFile("en.lproj/InfoPlist.strings", "↓\"NSCameraUsageDescription\" = \"Scans book barcodes.\";\n\"NSPhotoLibraryUsageDescription\" = \"Saves book covers to your photos.\";\n"),
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n")),
            RuleExample("Declared by Info.plist, left in English in Spanish",
                .plist("App/Info.plist", strings: [("CFBundleDevelopmentRegion", "en"), ("NSLocationWhenInUseUsageDescription", "Finds bookshops near you.")]),
                VirtualFile("App/en.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"Finds bookshops near you.\";\n"),
                VirtualFile("App/es.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = ↓\"Finds bookshops near you.\";\n")),
            RuleExample("Declared only by Info.plist: the translation lacks it",
                .plist("App/Info.plist", strings: [("NSContactsUsageDescription", "↓Lets you lend books to friends.")]),
                VirtualFile("App/en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                VirtualFile("App/it.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n")),
            RuleExample("The app's name is translated in most locales, but not in Italian (a warning)",
                VirtualFile("en.lproj/InfoPlist.strings", "↓\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bücherregal\";\n"),
                VirtualFile("fr.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Étagère\";\n"),
                VirtualFile("it.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Bookshelf\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every prompt translated; the app's name kept as it is",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n\"NSCameraUsageDescription\" = \"Bookshelf uses your camera to scan book barcodes.\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n\"NSCameraUsageDescription\" = \"Bookshelf verwendet deine Kamera, um Buch-Barcodes zu scannen.\";\n")),
            RuleExample("A display name nobody translates need not be listed in every locale",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n\"NSCameraUsageDescription\" = \"Scans book barcodes.\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scannt Buch-Barcodes.\";\n")),
            RuleExample("British English reads the en prompt by design",
                VirtualFile("en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scans book barcodes.\";\n"),
                .strings("en", "\"colour\" = \"Color\";\n"),
                .strings("en-GB", "\"colour\" = \"Colour\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let sourceLanguage = context.project.sourceLanguage
        var findings: [Finding] = []
        for set in context.index.tableSets where set.id.name == InfoPlistLocalization.tableName {
            let declared = InfoPlistLocalization.declared(set, in: context).filter { InfoPlistLocalization.mustTranslate($0, in: set) }
            guard !declared.isEmpty else { continue }
            let ownUnits = Self.bilingualUnits(set, context)
            for locale in InfoPlistLocalization.shippedLocales(set, in: context) {
                guard let translation = set.translations.first(where: { $0.locale == locale }) else {
                    // The whole table is missing: one finding for everything it would translate.
                    let prompts = declared.filter(\.isPrompt)
                    let listed = (prompts.isEmpty ? declared : prompts).map(\.key)
                    let what = prompts.isEmpty ? "the app's \(listed.joined(separator: " and "))"
                        : "\(prompts.count == 1 ? "the permission prompt" : "\(prompts.count) permission prompts") (\(Self.list(listed)))"
                    let catalog = set.source?.tables.contains { $0.format == .xcstrings } ?? false
                    let add = catalog ? "add the \(locale) localization to InfoPlist.xcstrings" : "add \(locale).lproj/InfoPlist.strings"
                    findings.append(Finding(ruleID: rule.id, severity: prompts.isEmpty ? .warning : rule.severity,
                                            message: "no \(locale) \(InfoPlistLocalization.tableName) table: \(what) show\(prompts.count == 1 || prompts.isEmpty && listed.count == 1 ? "s" : "") in \(sourceLanguage) to \(locale) users\(prompts.isEmpty ? "" : ", who cannot consent to what they cannot read"); \(add)",
                                            location: declared[0].location, locale: locale, table: set.id.name))
                    continue
                }
                for item in declared {
                    guard let entry = translation.entries[item.key] else {
                        let file = translation.tables.map(\.path).sorted().first ?? ""
                        findings.append(.entry(rule, Self.missingMessage(item, locale: locale, source: sourceLanguage),
                                               at: ownUnits[locale]?[item.key] ?? item.location, locale: locale, table: set.id, key: item.key,
                                               severity: item.isPrompt ? nil : .warning,
                                               notes: [Finding.Note(message: "add it to \(file)", location: nil)]))
                        continue
                    }
                    // Identical to the source: only prompts (a name or a copyright line may stay as it is).
                    guard item.isPrompt, entry.shouldTranslate, let text = entry.value.plainText, text == item.text,
                          LanguageTag.languageSubtag(of: locale) != LanguageTag.languageSubtag(of: sourceLanguage),
                          TextAnalysis.translatableWords(in: context.names.masking(text)).count >= 2 else { continue }
                    findings.append(.entry(rule, "permission prompt \(item.key) is identical to the \(sourceLanguage) source \"\(text.visibleExcerpt)\": \(locale) users are asked for consent in a language they may not read; translate it",
                                           at: entry.valueLocation ?? entry.location, locale: locale, table: set.id, key: item.key,
                                           notes: item.sourceEntry.map { [Finding.Note(message: "source", location: $0.valueLocation ?? $0.location)] } ?? []))
                }
            }
        }
        return findings
    }

    static func missingMessage(_ item: InfoPlistLocalization.Declared, locale: String, source: String) -> String {
        let text = "\"\(item.text.visibleExcerpt)\""
        if item.isPrompt {
            return "permission prompt \(item.key) has no \(locale) translation: iOS asks \(locale) users for consent with the \(source) text \(text), which they may not read; translate it"
        }
        if item.key == "CFBundleDisplayName" {
            return "the app's display name has no \(locale) version while other locales translate it: the home screen shows \(text); add it"
        }
        return "\(item.key) has no \(locale) translation: the app shows \(text) in \(source); add it"
    }

    /// "A, B, C and 2 more".
    static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(4).joined(separator: ", ")
        return keys.count > 4 ? "\(shown) and \(keys.count - 4) more" : shown
    }

    /// In a bilingual XLIFF the untranslated unit itself is where to fix it: locale → key → its location.
    static func bilingualUnits(_ set: ProjectIndex.TableSet, _ context: RuleContext) -> [String: [String: SourceLocation]] {
        var units: [String: [String: SourceLocation]] = [:]
        // The source side of this table's XLIFF files, found once rather than per locale.
        // Read in place: most tables fail the first two tests, and copying each out costs more than asking.
        let tables = context.project.tables
        let sourceSides = tables.indices.filter { index in
            tables[index].format == .xliff && tables[index].id == set.id && context.project.isSource(tables[index])
        }
        guard !sourceSides.isEmpty else { return units }
        for translation in set.translations {
            let paths = Set(translation.tables.filter { $0.format == .xliff }.map(\.path))
            guard !paths.isEmpty else { continue }
            for index in sourceSides where paths.contains(context.project.tables[index].path) {
                let table = context.project.tables[index]
                for entry in table.entries where units[translation.locale]?[entry.key] == nil {
                    units[translation.locale, default: [:]][entry.key] = entry.location
                }
            }
        }
        return units
    }
}
