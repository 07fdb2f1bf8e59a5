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
    /// Which strings are accessibility strings (`--a11y-pattern` adds key tokens).
    public var accessibility = AccessibilityClassifier()
    /// Terms that never need a speech language (brand names a voice reads well in any language).
    public var neverTag: [String] = []
    /// Terms with a known language, reported with ranges where they occur in other-language strings.
    public var termLanguages: [TermLanguage] = []

    public var languageOfParts: LanguageOfParts { LanguageOfParts(neverTag: neverTag, terms: termLanguages) }

    public static let defaultMaxFileSize = 256 << 20

    public init(sourceLanguage: String? = nil, maxFileSize: Int = AuditOptions.defaultMaxFileSize,
                workers: Int = Parallel.defaultWorkerCount, severityOverrides: [String: Severity?] = [:]) {
        self.sourceLanguage = sourceLanguage
        self.maxFileSize = maxFileSize
        self.workers = workers
        self.severityOverrides = severityOverrides
    }
}

public struct AuditResult: Sendable {
    public var project: Project
    /// In `Finding.stableOrder`.
    public var findings: [Finding]
    public var unreadableArguments: [String]
    public var elapsedSeconds: Double
    public var bytesRead: Int
    /// Per-locale coverage of accessibility strings, for the JSON summary.
    public var accessibility: AccessibilityCoverage = AccessibilityCoverage()

    public func count(_ severity: Severity) -> Int { findings.lazy.filter { $0.severity == severity }.count }
}

/// One audit run: discover, read every file in parallel, assemble the project, run the rules.
public enum Auditor {
    public static func audit(paths: [String], options: AuditOptions = AuditOptions()) -> AuditResult {
        let started = DispatchTime.now()
        if Timing.enabled { Timing.last = started.uptimeNanoseconds }
        let loaded = load(paths: paths, options: options)
        var findings = loaded.findings
        let project = loaded.project
        Timing.mark("read \(project.files.count) files")
        let context = RuleContext(project: project, options: options)
        findings += RuleEngine.run(context: context)
        Timing.mark("rules")
        findings = RuleEngine.applySeverityOverrides(findings, options.severityOverrides)
        findings.sort(by: Finding.stableOrder)
        Timing.mark("sort \(findings.count) findings")
        let coverage = AccessibilityCoverage(context.index, classifier: options.accessibility)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return AuditResult(project: project, findings: findings, unreadableArguments: loaded.unreadableArguments,
                           elapsedSeconds: elapsed, bytesRead: loaded.bytesRead, accessibility: coverage)
    }

    /// Discovers and reads everything, without running rules: the project and the readers' findings.
    public static func load(paths: [String], options: AuditOptions = AuditOptions())
        -> (project: Project, findings: [Finding], unreadableArguments: [String], bytesRead: Int) {
        let discovery = Discovery.discover(paths, formats: ReaderRegistry.supportedFormats)
        let limit = options.maxFileSize
        let reads = Parallel.map(discovery.files, workers: options.workers) { file in
            readFile(file, limit: limit)
        }
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
                if table.scope.isEmpty { table.scope = file.scope }
                tables.append(table)
            }
        }
        for folder in discovery.lprojFolders {
            let name = String(folder.split(separator: "/").last!.dropLast(".lproj".count))
            declarations.append(LocaleDeclaration(identifier: name, origin: .lprojFolder,
                                                  location: SourceLocation(file: folder, line: 1, column: 1)))
        }
        let source: String
        let origin: Project.SourceLanguageOrigin
        if let configured = options.sourceLanguage {
            (source, origin) = (configured, .configured)
        } else {
            (source, origin) = Project.detectSourceLanguage(declared: declaredSource, tables: tables)
        }
        findings += InterfaceBuilder.completeSources(tables: &tables, interfaceBuilderFiles: discovery.interfaceBuilderFiles,
                                                     sourceLanguage: source, limit: limit)
        let project = Project(tables: tables, sourceLanguage: source, sourceLanguageOrigin: origin,
                              localeDeclarations: declarations, files: discovery.files,
                              lprojFolders: discovery.lprojFolders)
        return (project, findings, discovery.unreadableArguments, bytes)
    }

    /// Reads one file; never fails: a file that cannot be read becomes a finding.
    public static func readFile(_ file: DiscoveredFile, limit: Int) -> ReadResult {
        guard let reader = ReaderRegistry.reader(for: file.format) else { return ReadResult() }
        switch FileLoading.bytes(atPath: file.path, limit: limit) {
        case .failure(let failure):
            return ReadResult(findings: [Finding(ruleID: ReaderRule.unreadable, severity: .error, message: failure.message,
                                                 location: SourceLocation(file: file.path, line: 1, column: 1))])
        case .success(let bytes):
            let context = ReadContext(path: file.path, locale: file.locale, table: file.table)
            return reader.read(bytes, context: context)
        }
    }
}

/// Phase timings on standard error when LOCALE_AUDIT_TIMING is set, for profiling whole runs.
enum Timing {
    static let enabled = ProcessInfo.processInfo.environment["LOCALE_AUDIT_TIMING"] != nil
    nonisolated(unsafe) static var last = DispatchTime.now().uptimeNanoseconds

    static func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = now > last ? now - last : 0
        FileHandle.standardError.write(Data("timing: \(phase): \(Int(Double(elapsed) / 1e6)) ms\n".utf8))
        last = now
    }
}
