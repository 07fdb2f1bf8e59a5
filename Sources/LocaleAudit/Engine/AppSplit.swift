/// One run over several apps (a folder of repositories, each with its own project) is one audit
/// per app, merged: every rule that looks across keys or locales (the app's locale set, its labels,
/// its terminology, its coverage) sees one app at a time.
public struct AppSummary: Sendable, Hashable {
    /// The app's folder; "" for the catalogs outside every app's folder, audited together.
    public var root: String
    public var sourceLanguage: String
    public var sourceLanguageOrigin: Project.SourceLanguageOrigin
    public var files: Int
    public var locales: [String]
}

extension DiscoveryResult {
    /// What each app of `appRoots` holds, in their order, then what lies outside all of them (when
    /// anything does); the whole result when it is one app. Names on the command line that cannot be
    /// read stay with the first part.
    func splitByApp() -> [(root: String, part: DiscoveryResult)] {
        guard !appRoots.isEmpty else { return [("", self)] }
        // The app of a path: the one whose folder it lies in, by position in `appRoots`;
        // `appRoots.count` for none.
        let prefixes = appRoots.map { $0.map(PathRelativity.folderPrefix) }
        func app(of path: String) -> Int {
            prefixes.firstIndex { $0.contains { path.hasPrefix($0) } } ?? prefixes.count
        }
        var parts = (0...appRoots.count).map { _ in
            DiscoveryResult(files: [], findings: [], unreadableArguments: [], lprojFolders: [])
        }
        for file in files { parts[app(of: file.path)].files.append(file) }
        for finding in findings { parts[app(of: finding.location?.file ?? "")].findings.append(finding) }
        for folder in lprojFolders { parts[app(of: folder)].lprojFolders.append(folder) }
        for file in interfaceBuilderFiles { parts[app(of: file.path)].interfaceBuilderFiles.append(file) }
        for file in appDeclarationFiles { parts[app(of: file.path)].appDeclarationFiles.append(file) }
        parts[0].unreadableArguments = unreadableArguments
        var split = zip(appRoots, parts).map { (root: $0[0], part: $1) }
        let outside = parts[appRoots.count]
        if !outside.files.isEmpty || !outside.findings.isEmpty || !outside.lprojFolders.isEmpty {
            split.append((root: "", part: outside))
        }
        return split.count > 1 ? split : [("", self)]
    }
}

extension AuditResult {
    /// The audits of several apps as one result: their findings in one stable order, the project and
    /// coverage of all of them (for reports), and each app's own summary in `apps`.
    static func merging(_ audits: [(root: String, result: AuditResult)], elapsedSeconds: Double) -> AuditResult {
        let results = audits.map(\.result)
        var project = results[0].project
        for other in results.dropFirst() {
            project.tables += other.project.tables
            project.localeDeclarations += other.project.localeDeclarations
            project.files += other.project.files
            project.lprojFolders += other.project.lprojFolders
            project.appLanguages += other.project.appLanguages
            project.infoPlistStrings += other.project.infoPlistStrings
            project.interfaceBuilderTables.formUnion(other.project.interfaceBuilderTables)
        }
        project.files.sort { $0.path < $1.path }
        project.lprojFolders.sort()
        // The reports' one development language: the one of most apps' files.
        var filesByLanguage: [String: Int] = [:]
        for result in results { filesByLanguage[result.project.sourceLanguage, default: 0] += result.project.files.count }
        if let main = results.max(by: { a, b in
            let (x, y) = (filesByLanguage[a.project.sourceLanguage]!, filesByLanguage[b.project.sourceLanguage]!)
            return x != y ? x < y : a.project.sourceLanguage > b.project.sourceLanguage
        }) {
            project.sourceLanguage = main.project.sourceLanguage
            project.sourceLanguageOrigin = main.project.sourceLanguageOrigin
        }
        var merged = AuditResult(project: project, findings: Finding.sortedStably(results.flatMap(\.findings)),
                                 unreadableArguments: results.flatMap(\.unreadableArguments),
                                 elapsedSeconds: elapsedSeconds, bytesRead: results.reduce(0) { $0 + $1.bytesRead })
        merged.accessibility = AccessibilityCoverage(merging: results.map(\.accessibility))
        merged.coverage = CoverageReport(merging: results.map(\.coverage))
        merged.languageOfParts = results[0].languageOfParts
        merged.names = results[0].names.merging(results.dropFirst().map(\.names))
        merged.apps = audits.map { root, result in
            AppSummary(root: root, sourceLanguage: result.project.sourceLanguage,
                       sourceLanguageOrigin: result.project.sourceLanguageOrigin,
                       files: result.project.files.count, locales: result.project.locales)
        }
        return merged
    }
}

extension AccessibilityCoverage {
    /// Several apps' counts added up, locale by locale.
    init(merging parts: [AccessibilityCoverage]) {
        self.init()
        var byLocale: [String: LocaleCoverage] = [:]
        for part in parts {
            sourceKinds.merge(part.sourceKinds, uniquingKeysWith: +)
            translationKinds.merge(part.translationKinds, uniquingKeysWith: +)
            for row in part.locales {
                var sum = byLocale[row.locale] ?? LocaleCoverage(locale: row.locale, strings: 0, translated: 0, missing: 0)
                sum.strings += row.strings
                sum.translated += row.translated
                sum.missing += row.missing
                byLocale[row.locale] = sum
            }
        }
        locales = byLocale.values.sorted { $0.locale < $1.locale }
    }
}

extension CoverageReport {
    /// Several apps' coverage as one report: each locale's tables from every app that has it (their
    /// tables are distinct: a table is named by its folder).
    init(merging parts: [CoverageReport]) {
        var byLocale: [String: LocaleCoverage] = [:]
        var order: [String] = []
        for part in parts {
            for row in part.locales {
                if let existing = byLocale[row.locale] {
                    byLocale[row.locale]!.tables = (existing.tables + row.tables).sorted { $0.table < $1.table }
                } else {
                    byLocale[row.locale] = row
                    order.append(row.locale)
                }
            }
        }
        self.init(locales: order.sorted().map { byLocale[$0]! }, options: parts.first?.options ?? CoverageOptions())
    }
}
