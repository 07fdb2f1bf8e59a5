import Foundation

public struct AuditOptions: Sendable {
    /// The development language; nil to detect it (see `Project.detectSourceLanguage`).
    public var sourceLanguage: String?
    /// Files larger than this are refused with a finding instead of read.
    public var maxFileSize: Int
    /// Threads for reading and checking; the output does not depend on it.
    public var workers: Int
    /// Per-rule severity overrides; `nil` turns a rule off.
    public var severityOverrides: [String: Severity?]
    /// Globs over paths relative to `globBase`: only included, non-excluded files are read.
    public var include: [String] = []
    public var exclude: [String] = []
    public var globBase: String = "."
    /// Locales whose tables are left out entirely.
    public var skipLocales: Set<String> = []
    /// Terms that stay the same in every language (brand names): not "untranslated".
    public var doNotTranslate: [String] = []
    /// The configuration file's settings, for rules that read more of it.
    public var configuration: Configuration = Configuration()
    /// Which strings are accessibility strings (`--a11y-pattern` adds key tokens).
    public var accessibility = AccessibilityClassifier()
    /// Terms that never need a speech language (brand names a voice reads well in any language).
    public var neverTag: [String] = []
    /// Terms with a known language, reported with ranges where they occur in other-language strings.
    public var termLanguages: [TermLanguage] = []
    /// When a locale counts as partial (`locale-incomplete`), and the coverage gate.
    public var coverage = CoverageOptions()
    /// Keep what the rules shared (pairs, texts, analyses) alive in the result instead of freeing it
    /// when they are done: a command that exits right after its report skips freeing a quarter of a
    /// million objects one at a time. Off for callers that audit twice (`diff`) or keep results.
    public var keepsRuleWorkingSet = false
    /// Globs over folders, relative to each folder checked (`--apps`): each folder they match is an
    /// app of its own, audited alone; the rest is one more. Empty: apps are found by their markers
    /// (`Discovery.appRoots`).
    public var appFolders: [String] = []

    public var languageOfParts: LanguageOfParts { LanguageOfParts(neverTag: neverTag, terms: termLanguages) }
    /// Every configured name: never translated, never a language change.
    public var configuredNames: [String] { neverTag + doNotTranslate }

    public static let defaultMaxFileSize = 256 << 20

    public init(sourceLanguage: String? = nil, maxFileSize: Int = AuditOptions.defaultMaxFileSize,
                workers: Int = Parallel.defaultWorkerCount, severityOverrides: [String: Severity?] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.maxFileSize = maxFileSize
        self.workers = workers
        self.severityOverrides = severityOverrides
    }

    /// Options from a configuration file; command-line flags are applied on top by the caller.
    public init(configuration: Configuration, workers: Int = Parallel.defaultWorkerCount) {
        self.init(sourceLanguage: configuration.sourceLanguage,
                  maxFileSize: configuration.maxFileSize ?? AuditOptions.defaultMaxFileSize,
                  workers: workers, severityOverrides: configuration.ruleSeverities)
        include = configuration.include
        exclude = configuration.exclude
        globBase = configuration.baseDirectory
        skipLocales = Set(configuration.skipLocales)
        appFolders = configuration.apps
        doNotTranslate = configuration.doNotTranslate
        coverage = configuration.coverage
        self.configuration = configuration
    }

    /// Whether include/exclude globs let this file be read.
    func admits(_ path: String) -> Bool {
        if include.isEmpty && exclude.isEmpty { return true }
        let relative = PathRelativity.relative(path, to: globBase)
        if !include.isEmpty && !include.contains(where: { Glob.matches($0, relative) }) { return false }
        return !exclude.contains { Glob.matches($0, relative) }
    }

}

public struct AuditResult: Sendable {
    public var project: Project {
        didSet { cachedIndex = nil }
    }
    /// In `Finding.stableOrder`.
    public var findings: [Finding]
    public var unreadableArguments: [String]
    public var elapsedSeconds: Double
    public var bytesRead: Int
    /// Per-locale coverage of accessibility strings, for the JSON summary.
    public var accessibility: AccessibilityCoverage = AccessibilityCoverage()
    /// Translation coverage per locale and table, and which rows are partial.
    public var coverage: CoverageReport = CoverageReport(locales: [], options: CoverageOptions())
    /// The language-of-parts analysis the rules ran with (never-tag terms, term languages), so a
    /// report can recompute the same speech ranges.
    public var languageOfParts: LanguageOfParts = LanguageOfParts()
    /// The names the rules left alone (the app's, platform terms, configured ones), for reports.
    public var names: NameTerms = NameTerms()
    /// The index the rules built, kept so that reports need not build it again (dropped when
    /// `project` changes).
    var cachedIndex: ProjectIndex? = nil
    /// The rules' shared precomputations, when `AuditOptions.keepsRuleWorkingSet` asks to keep them.
    var ruleWorkingSet: RuleContext? = nil
    /// Each app's summary when the run covered several (see `Discovery.appRoots`); empty for one.
    public var apps: [AppSummary] = []

    /// Source and translations per table.
    public var index: ProjectIndex { cachedIndex ?? ProjectIndex(project) }

    public func count(_ severity: Severity) -> Int { findings.lazy.filter { $0.severity == severity }.count }
}

/// One audit run: discover, read every file in parallel, assemble the project, run the rules.
public enum Auditor {
    /// `progress` is called from worker threads with (files read, files in all) as reading goes on.
    /// A project read, before any rule ran: the tables and what the readers found.
    public typealias Loaded = (project: Project, findings: [Finding], unreadableArguments: [String], bytesRead: Int)

    public static func audit(paths: [String], options: AuditOptions = AuditOptions(),
                             progress: (@Sendable (Int, Int) -> Void)? = nil) -> AuditResult {
        let started = DispatchTime.now()
        if Timing.enabled { Timing.last = started.uptimeNanoseconds }
        return audit(discover(paths: paths, options: options), options: options, progress: progress, started: started)
    }

    /// The same audit over files already in memory (a git side of `diff`): each with what its path
    /// says about it (`Discovery.classify`) and its bytes. `lprojFolders` are the `.lproj` folders
    /// of the listing, for the BCP 47 checks. Include/exclude globs are the caller's business: these
    /// paths need not exist on disk.
    public static func audit(files: [(DiscoveredFile, [UInt8])], lprojFolders: [String] = [],
                             options: AuditOptions = AuditOptions()) -> AuditResult {
        let started = DispatchTime.now()
        if Timing.enabled { Timing.last = started.uptimeNanoseconds }
        return check(load(files: files, lprojFolders: lprojFolders, options: options), options: options, started: started)
    }

    /// The same audit over files already discovered (the result cache discovers first, to hash).
    /// Several apps (`DiscoveryResult.appRoots`) are audited one by one and merged.
    public static func audit(discovery: DiscoveryResult, options: AuditOptions = AuditOptions(),
                             progress: (@Sendable (Int, Int) -> Void)? = nil) -> AuditResult {
        let started = DispatchTime.now()
        if Timing.enabled { Timing.last = started.uptimeNanoseconds }
        return audit(discovery, options: options, progress: progress, started: started)
    }

    private static func audit(_ discovery: DiscoveryResult, options: AuditOptions,
                              progress: (@Sendable (Int, Int) -> Void)?, started: DispatchTime) -> AuditResult {
        let apps = discovery.splitByApp()
        guard apps.count > 1 else {
            return check(load(discovery: discovery, options: options, progress: progress), options: options, started: started)
        }
        // Progress counts over all apps' files.
        let total = discovery.files.count
        var done = 0
        var audits: [(root: String, result: AuditResult)] = []
        for (root, part) in apps {
            let before = done
            let partProgress = progress.map { report in { @Sendable (read: Int, _: Int) in report(before + read, total) } }
            audits.append((root, check(load(discovery: part, options: options, progress: partProgress), options: options, started: started)))
            done += part.files.count
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return AuditResult.merging(audits, elapsedSeconds: elapsed)
    }

    /// What an audit of these paths reads: catalogs and side inputs the include/exclude globs admit.
    public static func discover(paths: [String], options: AuditOptions = AuditOptions()) -> DiscoveryResult {
        var discovery = Discovery.discover(paths, formats: ReaderRegistry.supportedFormats)
        discovery.files = discovery.files.filter { options.admits($0.path) }
        discovery.appDeclarationFiles = discovery.appDeclarationFiles.filter { options.admits($0.path) }
        if !options.appFolders.isEmpty {
            discovery.appRoots = Discovery.namedApps(options.appFolders, holding: discovery.files.map(\.path), under: paths)
        }
        return discovery
    }

    /// Discovers and reads everything, without running rules: the project and the readers' findings.
    public static func load(paths: [String], options: AuditOptions = AuditOptions(),
                            progress: (@Sendable (Int, Int) -> Void)? = nil) -> Loaded {
        load(discovery: discover(paths: paths, options: options), options: options, progress: progress)
    }

    private static func load(discovery: DiscoveryResult, options: AuditOptions,
                             progress: (@Sendable (Int, Int) -> Void)?) -> Loaded {
        let limit = options.maxFileSize
        return assemble(discovery, options: options, progress: progress) { file in
            readFile(file, limit: limit)
        }
    }

    /// Reads files already in memory, without running rules.
    public static func load(files: [(DiscoveredFile, [UInt8])], lprojFolders: [String] = [],
                            options: AuditOptions = AuditOptions()) -> Loaded {
        let order = files.indices.sorted { files[$0].0.path < files[$1].0.path }
        let sorted = order.map { files[$0] }
        let discovery = DiscoveryResult(files: sorted.map(\.0), findings: [], unreadableArguments: [],
                                        lprojFolders: lprojFolders.sorted())
        let limit = options.maxFileSize
        // `assemble` may drop files of skipped locales, so bytes are looked up by path, not position.
        var bytesByPath: [String: [UInt8]] = [:]
        for (file, bytes) in sorted { bytesByPath[file.path] = bytes }
        let shared = bytesByPath
        return assemble(discovery, options: options, progress: nil) { file in
            readBytes(shared[file.path] ?? [], of: file, limit: limit)
        }
    }

    /// Runs the rules over a project read, applies configuration and suppressions, and sorts.
    private static func check(_ loaded: Loaded, options: AuditOptions, started: DispatchTime) -> AuditResult {
        var findings = loaded.findings
        let project = loaded.project
        Timing.mark("assemble the project of \(project.files.count) files")
        let context = RuleContext(project: project, options: options)
        findings += RuleEngine.run(context: context)
        Timing.mark("rules")
        findings = FindingConsolidation.consolidate(findings, project: project)
        Timing.mark("one defect, one finding")
        findings = RuleEngine.applySeverityOverrides(findings, options.severityOverrides)
        let suppressions = Suppressions(project)
        findings = findings.filter { !suppressions.suppresses($0) }
        findings = Finding.sortedStably(findings)
        Timing.mark("sort \(findings.count) findings")
        let coverage = AccessibilityCoverage(context.index, sourceKinds: context.accessibilityKinds, classifier: options.accessibility)
        Timing.mark("accessibility coverage")
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return AuditResult(project: project, findings: findings, unreadableArguments: loaded.unreadableArguments,
                           elapsedSeconds: elapsed, bytesRead: loaded.bytesRead, accessibility: coverage,
                           coverage: context.coverage, languageOfParts: options.languageOfParts, names: context.names,
                           cachedIndex: context.index, ruleWorkingSet: options.keepsRuleWorkingSet ? context : nil)
    }

    /// Everything after discovery: read (in parallel) and assemble the project.
    private static func assemble(_ discovery: DiscoveryResult, options: AuditOptions,
                                 progress: (@Sendable (Int, Int) -> Void)?,
                                 read: @Sendable (DiscoveredFile) -> ReadResult) -> Loaded {
        let limit = options.maxFileSize
        var discovery = discovery
        if !options.skipLocales.isEmpty {
            discovery.files = discovery.files.filter { !options.skipLocales.contains($0.locale ?? "") }
            discovery.lprojFolders = discovery.lprojFolders.filter { !options.skipLocales.contains(Discovery.lprojLocale($0)) }
        }
        let total = discovery.files.count
        Timing.mark("discover \(total) files")
        let counter = ProgressCounter()
        let reads = Parallel.map(discovery.files, workers: options.workers, cost: \.size) { file in
            let result = read(file)
            if let progress { progress(counter.increment(), total) }
            return result
        }
        Timing.mark("parse")
        var tables: [LocalizedTable] = []
        var findings = discovery.findings
        var declarations: [LocaleDeclaration] = []
        var declaredSource: [String] = []
        var bytes = 0
        for (file, read) in zip(discovery.files, reads) {
            bytes += file.size
            // Reader findings name the locale the file's folder implies, like every other finding.
            findings += read.findings.map { finding in
                var finding = finding
                if finding.locale == nil, let locale = file.locale { finding.locale = locale }
                return finding
            }
            declarations += read.localeDeclarations
            if let language = read.declaredSourceLanguage { declaredSource.append(language) }
            for var table in read.tables {
                if let locale = table.locale, options.skipLocales.contains(locale) { continue }
                if table.scope.isEmpty { table.scope = file.scope }
                tables.append(table)
            }
        }
        for folder in discovery.lprojFolders {
            declarations.append(LocaleDeclaration(identifier: Discovery.lprojLocale(folder), origin: .lprojFolder,
                                                  location: SourceLocation(file: folder, line: 1, column: 1)))
        }
        var appLanguages: [AppLanguageDeclaration] = []
        var infoPlistStrings: [InfoPlistString] = []
        for file in discovery.appDeclarationFiles {
            // A project file that cannot be read declares nothing; it holds no strings to check.
            guard case .success(let bytes) = FileLoading.bytes(atPath: file.path, limit: limit) else { continue }
            let read = AppDeclarationReader.readAll(bytes, file: file)
            appLanguages += read.languages
            infoPlistStrings += read.strings
        }
        appLanguages.removeAll { options.skipLocales.contains($0.identifier) }
        for declaration in appLanguages where !declaration.isBuildSetting {
            declarations.append(LocaleDeclaration(identifier: declaration.identifier, origin: declaration.kind.origin,
                                                  location: declaration.location))
        }
        let source: String
        let origin: Project.SourceLanguageOrigin
        if let configured = options.sourceLanguage {
            (source, origin) = (configured, .configured)
        } else {
            (source, origin) = Project.detectSourceLanguage(declared: declaredSource, tables: tables, appLanguages: appLanguages)
        }
        findings += InterfaceBuilder.completeSources(tables: &tables, interfaceBuilderFiles: discovery.interfaceBuilderFiles,
                                                     sourceLanguage: source, limit: limit)
        ExportedStaleness.apply(to: &tables)
        var project = Project(tables: tables, sourceLanguage: source, sourceLanguageOrigin: origin,
                              localeDeclarations: declarations, files: discovery.files,
                              lprojFolders: discovery.lprojFolders)
        project.appLanguages = appLanguages
        project.infoPlistStrings = infoPlistStrings
        project.interfaceBuilderTables = Set(discovery.interfaceBuilderFiles.map { TableID(scope: $0.scope, name: $0.table) })
        return (project, findings, discovery.unreadableArguments, bytes)
    }

    /// Reads one file; never fails: a file that cannot be read becomes a finding.
    public static func readFile(_ file: DiscoveredFile, limit: Int) -> ReadResult {
        guard let reader = ReaderRegistry.reader(for: file.format) else { return ReadResult() }
        switch FileLoading.bytes(atPath: file.path, limit: limit) {
        case .failure(let failure):
            return unreadable(file, failure)
        case .success(let bytes):
            var result = reader.read(bytes, context: ReadContext(path: file.path, locale: file.locale, table: file.table))
            result.applyDoNotTranslateComments()
            return result
        }
    }

    /// Reads one file already in memory, with the same size limit as files on disk.
    public static func readBytes(_ bytes: [UInt8], of file: DiscoveredFile, limit: Int) -> ReadResult {
        guard let reader = ReaderRegistry.reader(for: file.format) else { return ReadResult() }
        if bytes.count > limit { return unreadable(file, .tooLarge(size: bytes.count, limit: limit)) }
        var result = reader.read(bytes, context: ReadContext(path: file.path, locale: file.locale, table: file.table))
        result.applyDoNotTranslateComments()
        return result
    }

    private static func unreadable(_ file: DiscoveredFile, _ failure: FileLoading.Failure) -> ReadResult {
        ReadResult(findings: [Finding(ruleID: ReaderRule.unreadable, severity: .error, message: failure.message,
                                      location: SourceLocation(file: file.path, line: 1, column: 1))])
    }
}

/// Phase timings on standard error when LOCALE_AUDIT_TIMING is set: where a run's time goes.
public enum Timing {
    public static let enabled = ProcessInfo.processInfo.environment["LOCALE_AUDIT_TIMING"] != nil
    nonisolated(unsafe) public static var last = DispatchTime.now().uptimeNanoseconds

    public static func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = now > last ? now - last : 0
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let peakMB = usage.ru_maxrss / 1024  // kilobytes on Linux
        #else
        getrusage(RUSAGE_SELF, &usage)
        let peakMB = usage.ru_maxrss / 1_048_576  // bytes on macOS
        #endif
        FileHandle.standardError.write(Data("timing: \(phase): \(Int(Double(elapsed) / 1e6)) ms (peak \(peakMB) MB)\n".utf8))
        last = now
    }
}

/// Paths relative to a folder, for globs and baselines: independent of where the checkout lives.
public enum PathRelativity {
    public static func relative(_ path: String, to base: String) -> String {
        let absolutePath = absolute(path), absoluteBase = absolute(base)
        if absolutePath == absoluteBase { return "." }
        let prefix = folderPrefix(absoluteBase)
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : path
    }

    /// A folder's path with one trailing "/": what every path inside it starts with ("/" for the root).
    static func folderPrefix(_ folder: String) -> String { folder.hasSuffix("/") ? folder : folder + "/" }

    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// A thread-safe count of files read, for progress reports.
final class ProgressCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
