// Language of the app (WCAG 3.1.1 for an app: the languages it declares). The Xcode project's
// `knownRegions` and the `CFBundleLocalizations` of `Info.plist` files are compared with the locales
// that have catalogs; the development region with the String Catalogs' `sourceLanguage`. Nothing is
// reported for a project that declares nothing (no `.xcodeproj`, no `Info.plist`). Declared
// identifiers also go through the BCP 47 rules (`locale-invalid`, `locale-not-canonical`, …), which
// name where they were declared.

extension RuleContext {
    /// The declarations that list localizations, without `Base`/`mul` and build settings.
    fileprivate var declaredLocalizations: [AppLanguageDeclaration] {
        project.appLanguages.filter { $0.kind.isLocalizationList && !$0.isBuildSetting && !Self.isPseudoLocale($0.identifier) }
    }

    fileprivate static func isPseudoLocale(_ identifier: String) -> Bool {
        identifier == "Base" || identifier == "mul" || ProjectIndex.documentationLocales.contains(identifier)
    }

    /// Where each locale with tables is first seen: its `.lproj` folder, String Catalog localization
    /// or XLIFF target, else its first table. Keyed by `AppLanguageDeclaration.matchKey`.
    fileprivate var localesOnDisk: [String: (identifier: String, location: SourceLocation)] {
        var result: [String: (String, SourceLocation)] = [:]
        for table in project.tables {
            guard let locale = table.locale, !Self.isPseudoLocale(locale) else { continue }
            let key = AppLanguageDeclaration.matchKey(locale)
            var location = table.localeLocation ?? SourceLocation(file: table.path, line: 1, column: 1)
            // A table in an `.lproj` folder is named by the folder, where the BCP 47 rules report too.
            let components = table.path.split(separator: "/", omittingEmptySubsequences: false)
            if table.localeLocation == nil, let folder = components.lastIndex(where: { $0 == "\(locale).lproj" }) {
                location = SourceLocation(file: components[...folder].joined(separator: "/"), line: 1, column: 1)
            }
            if let existing = result[key], existing.1 <= location { continue }
            result[key] = (locale, location)
        }
        return result
    }
}

extension AppLanguageDeclaration.Kind {
    var what: String {
        switch self {
        case .knownRegion: return "the Xcode project's knownRegions"
        case .developmentRegion: return "the Xcode project's developmentRegion"
        case .bundleDevelopmentRegion: return "CFBundleDevelopmentRegion"
        case .bundleLocalization: return "CFBundleLocalizations"
        }
    }
}

private func fileName(_ path: String) -> String {
    let parts = path.split(separator: "/")
    // `App.xcodeproj/project.pbxproj` is named by its project.
    if parts.count >= 2, parts.last == "project.pbxproj" { return String(parts[parts.count - 2]) }
    return parts.last.map(String.init) ?? path
}

public struct AppLocaleUndeclaredRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "app-locale-undeclared", name: "Locale not declared by the app", severity: .warning,
        summary: "A locale has catalogs on disk, but the Xcode project's knownRegions and the Info.plist CFBundleLocalizations do not declare it.",
        rationale: """
        WCAG 3.1.1 for an app: the languages it offers are the ones it declares. Xcode treats only the \
        project's known regions as localizations: an undeclared language is left out of Export \
        Localizations and String Catalog syncing, and a `CFBundleLocalizations` list that omits it \
        tells the system the app does not speak it, so translators' work may never reach its users. \
        Spellings are matched loosely (`pt_BR` is `pt-BR`, `English` is `en`); the BCP 47 rules report \
        the spelling. Reported only when the project declares a list at all.
        """,
        triggering: [
            RuleExample("Polish translations, but knownRegions lists only English and German",
                VirtualFile("App.xcodeproj/project.pbxproj", """
                // !$*UTF8*$!
                {
                	objects = {
                		1A2B3C /* Project object */ = {
                			isa = PBXProject;
                			developmentRegion = en;
                			knownRegions = (
                				en,
                				Base,
                				de,
                			);
                		};
                	};
                }

                """),
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                VirtualFile(folder: "pl.lproj", marked: true),
                .strings("pl", "\"cancel\" = \"Anuluj\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every locale declared (Info.plist CFBundleLocalizations counts too)",
                VirtualFile("App.xcodeproj/project.pbxproj", "{ objects = { 1A = { isa = PBXProject; developmentRegion = en; knownRegions = (en, Base, \"zh-Hans\"); }; }; }\n"),
                .plist("App/Info.plist", dict: "<key>CFBundleLocalizations</key>\n<array><string>pt-BR</string></array>"),
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("zh-Hans", "\"cancel\" = \"取消\";\n"),
                .strings("pt-BR", "\"cancel\" = \"Cancelar\";\n")),
            RuleExample("No Xcode project and no Info.plist: nothing is declared, nothing is compared",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("pl", "\"cancel\" = \"Anuluj\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let declared = context.declaredLocalizations
        guard !declared.isEmpty else { return [] }
        var declaredKeys = Set(declared.map { AppLanguageDeclaration.matchKey($0.identifier) })
        // The development language is declared by the development region even where the list omits it.
        for region in context.project.appLanguages where !region.kind.isLocalizationList && !region.isBuildSetting {
            declaredKeys.insert(AppLanguageDeclaration.matchKey(region.identifier))
        }
        let lists = Set(declared.map(\.kind)).sorted { $0.rawValue < $1.rawValue }
        let places = lists.map { kind in
            let first = declared.first { $0.kind == kind }!
            return Finding.Note(message: "\(kind.what) in \(fileName(first.location.file)) lists \(declared.filter { $0.kind == kind && $0.location.file == first.location.file }.map(\.identifier).joined(separator: ", "))",
                                location: first.location)
        }
        let rule = Self.description
        return context.localesOnDisk.filter { !declaredKeys.contains($0.key) }.values
            .sorted { $0.location < $1.location }
            .map { locale in
                Finding(ruleID: rule.id, severity: rule.severity,
                        message: "'\(locale.identifier)' has catalogs but the app does not declare it: add '\(locale.identifier)' to \(lists.map(\.what).joined(separator: " and ")) (Project ▸ Info ▸ Localizations in Xcode), or remove its catalogs",
                        location: locale.location, locale: locale.identifier, notes: places)
            }
    }
}

public struct AppLocaleWithoutCatalogsRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "app-locale-without-catalogs", name: "Declared locale without catalogs", severity: .warning,
        summary: "The Xcode project's knownRegions or an Info.plist's CFBundleLocalizations declares a locale that no catalog provides.",
        rationale: """
        The app tells the system and the App Store that it speaks a language it has no translations \
        for: users who pick it get the development language throughout. Either the translations were \
        lost (a folder not added to the repository, a locale renamed) or the declaration is stale. \
        `Base` (Interface Builder's development-language folder) and `mul` are not locales. An `.lproj` \
        folder that holds only localized storyboards or images counts as provided.
        """,
        triggering: [
            RuleExample("Korean declared, never translated",
                VirtualFile("App.xcodeproj/project.pbxproj", """
                {
                	objects = {
                		1A2B3C = {
                			isa = PBXProject;
                			developmentRegion = en;
                			knownRegions = (en, Base, de, ↓ko);
                		};
                	};
                }

                """),
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("CFBundleLocalizations names a locale without translations",
                .plist("Info.plist", dict: """
                    <key>CFBundleDevelopmentRegion</key>
                    <string>$(DEVELOPMENT_LANGUAGE)</string>
                    <key>CFBundleLocalizations</key>
                    <array>
                    \t<string>en</string>
                    \t↓<string>fr</string>
                    </array>
                    """),
                .strings("en", "\"cancel\" = \"Cancel\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every declared locale has catalogs; Base is not a locale; a String Catalog provides German",
                VirtualFile("App.xcodeproj/project.pbxproj", "{ objects = { 1A = { isa = PBXProject; developmentRegion = en; knownRegions = (en, Base, de); }; }; }\n"),
                .catalog(strings: #""Cancel" : { "localizations" : { "de" : \#(stringUnit("Abbrechen")) } }"#)),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let declared = context.declaredLocalizations
        guard !declared.isEmpty else { return [] }
        var provided = Set(context.localesOnDisk.keys)
        provided.insert(AppLanguageDeclaration.matchKey(context.project.sourceLanguage))
        for folder in context.project.lprojFolders {
            let name = folder.split(separator: "/").last.map { String($0.dropLast(".lproj".count)) } ?? ""
            provided.insert(AppLanguageDeclaration.matchKey(name))
        }
        let rule = Self.description
        return declared.filter { !provided.contains(AppLanguageDeclaration.matchKey($0.identifier)) }.map { declaration in
            Finding(ruleID: rule.id, severity: rule.severity,
                    message: "\(declaration.kind.what) declares '\(declaration.identifier)' but no catalog has '\(declaration.identifier)' translations: its users see \(context.project.sourceLanguage) everywhere; add the translations or remove '\(declaration.identifier)'",
                    location: declaration.location, locale: declaration.identifier)
        }
    }
}

public struct AppDevelopmentRegionMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "app-development-region-mismatch", name: "Development region disagrees with the catalogs", severity: .warning,
        summary: "The Xcode project's developmentRegion or an Info.plist's CFBundleDevelopmentRegion differs from the source language of the String Catalogs (or the configured source language), or the two settings differ.",
        rationale: """
        The development region is the language the app falls back to when none of the user's \
        languages is available; the String Catalogs' `sourceLanguage` is the language their keys are \
        written in. When they differ, users of an untranslated language get a fallback the catalogs \
        do not hold, and Xcode treats the source strings as a translation. `$(DEVELOPMENT_LANGUAGE)` \
        is the project's developmentRegion and is not compared on its own. Without catalogs that \
        declare a source language, the development region is taken as the source language.
        """,
        triggering: [
            RuleExample("The project says German, the catalog is written in English",
                VirtualFile("App.xcodeproj/project.pbxproj", "{ objects = { 1A = { isa = PBXProject; developmentRegion = ↓de; knownRegions = (en, de, Base); }; }; }\n"),
                .catalog(strings: #""Cancel" : { "localizations" : { "de" : \#(stringUnit("Abbrechen")) } }"#)),
        ],
        nonTriggering: [
            RuleExample("All agree; Info.plist refers to the project's setting",
                VirtualFile("App.xcodeproj/project.pbxproj", "{ objects = { 1A = { isa = PBXProject; developmentRegion = en; knownRegions = (en, de, Base); }; }; }\n"),
                .plist("App/Info.plist", strings: [("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)")]),
                .catalog(strings: #""Cancel" : { "localizations" : { "de" : \#(stringUnit("Abbrechen")) } }"#)),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let regions = context.project.appLanguages.filter { !$0.kind.isLocalizationList && !$0.isBuildSetting }
        guard !regions.isEmpty else { return [] }
        // What the regions are compared with: each catalog source language at its first place, or the configuration.
        var sources: [(identifier: String, location: SourceLocation?, what: String, count: Int)] = []
        for declaration in context.project.localeDeclarations.sorted(by: { $0.location < $1.location }) where declaration.origin == .catalogSource {
            if let index = sources.firstIndex(where: { $0.identifier == declaration.identifier }) {
                sources[index].count += 1
            } else {
                sources.append((declaration.identifier, declaration.location, "String Catalog", 1))
            }
        }
        if context.project.sourceLanguageOrigin == .configured {
            sources = [(context.project.sourceLanguage, nil, "configured source language", 1)]
        }
        let projectRegion = regions.first { $0.kind == .developmentRegion }
        var findings: [Finding] = []
        for region in regions {
            let key = AppLanguageDeclaration.matchKey(region.identifier)
            var reported = false
            for source in sources where AppLanguageDeclaration.matchKey(source.identifier) != key {
                let named = source.what == "String Catalog"
                    ? "\(source.count == 1 ? "the String Catalog" : "\(source.count) String Catalogs") declare sourceLanguage '\(source.identifier)'"
                    : "the configured source language is '\(source.identifier)'"
                findings.append(Finding(ruleID: rule.id, severity: rule.severity,
                                        message: "\(region.kind.what) is '\(region.identifier)' but \(named): the app falls back to a language its catalogs are not written in; make them agree (usually set the development region to '\(source.identifier)')",
                                        location: region.location, locale: region.identifier,
                                        notes: source.location.map { [Finding.Note(message: "sourceLanguage '\(source.identifier)'", location: $0)] } ?? []))
                reported = true
            }
            // An Info.plist that hard-codes another region than the project's.
            if !reported, region.kind == .bundleDevelopmentRegion, let projectRegion,
               AppLanguageDeclaration.matchKey(projectRegion.identifier) != key {
                findings.append(Finding(ruleID: rule.id, severity: rule.severity,
                                        message: "CFBundleDevelopmentRegion is '\(region.identifier)' but the Xcode project's developmentRegion is '\(projectRegion.identifier)': write $(DEVELOPMENT_LANGUAGE) so the two cannot drift apart",
                                        location: region.location, locale: region.identifier,
                                        notes: [Finding.Note(message: "developmentRegion '\(projectRegion.identifier)'", location: projectRegion.location)]))
            }
        }
        return findings
    }
}
