import Dispatch
import Foundation

/// What a rule sees: the project and the options of the run.
public struct RuleContext: Sendable {
    public var project: Project
    public var options: AuditOptions
    /// Source and translations per table, built once and shared by every rule.
    public var index: ProjectIndex
    /// Every (source, translation) pair of plain or plural entries, in stable order.
    public var pairs: [TranslationPair]
    /// Every plural value of every locale.
    var pluralSites: [PluralSite]
    /// What many rules ask of each pair, by its position in `pairs`.
    var pairFacts: [PairFacts]
    /// Pairs whose source is a format string, already scanned.
    var formatPairs: [FormatPair]
    /// Accessibility strings of every source table, classified once (keys repeat in every locale): by
    /// table set position, then source key position; empty for a table without any.
    var accessibilityKinds: [[AccessibilityClassifier.Kind?]]
    /// Every localized text and its script analysis, computed by the first rule that asks.
    let scriptAnalyses: SharedScriptAnalyses
    /// The app's name, platform terms and configured terms: names, never translations to make.
    public let names: NameTerms
    /// Translation coverage per locale and table: which locales are partial.
    public var coverage: CoverageReport
    /// Every table's translations with their texts numbered, for the cross-locale rules.
    let numberedTables: SharedNumberedTables
    /// Every distinct locale identifier per file, for the locale identifier rules.
    let localeOccurrences: [LocaleOccurrence]
    /// Each locale's texts as one buffer, built when a rule first asks how the locale writes a word.
    let localeTexts: LocaleTextBuffers
    /// The texts that may hold a bidi control (an E2 byte), for the two bidi control rules.
    let bidiControlTexts = SharedOnce<[BidiControlText]>()

    public init(project: Project, options: AuditOptions) {
        self.project = project
        self.options = options
        index = ProjectIndex(project, workers: options.workers)
        Timing.mark("index")
        pairs = index.translationPairs()
        Timing.mark("\(pairs.count) translation pairs")
        // Independent precomputations, one per worker.
        let names = NameTerms(index: index, configured: options.configuredNames)
        self.names = names
        let (index, pairs, interfaceBuilderTables) = (index, pairs, project.interfaceBuilderTables)
        let prepared = Parallel.map(Preparation.allCases, workers: options.workers) { job -> Prepared in
            switch job {
            case .pluralSites: return .pluralSites(index.pluralSites())
            case .formatPairs: return .formatPairs(computeFormatPairs(pairs, interfaceBuilderTables: interfaceBuilderTables))
            case .accessibility: return .accessibility(classifyAccessibility(index, options.accessibility))
            case .texts:
                let scripts = LocalizedText.scriptsByLocaleID(in: index)
                return .texts(LocalizedText.all(in: index, scripts: scripts), scripts: scripts)
            case .coverage: return .coverage(CoverageReport(index, names: names, options: options))
            case .pairFacts: return .pairFacts(Self.pairFacts(pairs))
            }
        }
        var sites: [PluralSite] = [], formats: [FormatPair] = [], kinds: [[AccessibilityClassifier.Kind?]] = []
        var texts: [LocalizedText] = [], scripts: [Set<ScriptCode>?] = []
        var facts: [PairFacts] = []
        var coverage = CoverageReport(locales: [], options: options.coverage)
        for result in prepared {
            switch result {
            case .pluralSites(let value): sites = value
            case .formatPairs(let value): formats = value
            case .accessibility(let value): kinds = value
            case .texts(let value, let byLocale): (texts, scripts) = (value, byLocale)
            case .coverage(let value): coverage = value
            case .pairFacts(let value): facts = value
            }
        }
        pairFacts = facts
        pluralSites = sites
        formatPairs = formats
        accessibilityKinds = kinds
        self.coverage = coverage
        scriptAnalyses = SharedScriptAnalyses(texts: texts, scripts: scripts, index: index, names: names, options: options)
        numberedTables = SharedNumberedTables(index: index, workers: options.workers)
        localeOccurrences = LocaleOccurrence.all(in: project)
        localeTexts = LocaleTextBuffers(index: index)
        Timing.mark("plural sites, \(formatPairs.count) format pairs, accessibility kinds and \(texts.count) texts")
    }

    /// The shared caches rule `id` reads (none for most rules). A rule missing here that reads one
    /// still gets it, worked out again if the rules that were listed have ended.
    func caches(readBy id: String) -> [any RuleCache] {
        switch id {
        case _ where SharedScriptAnalyses.users.contains(id): return [scriptAnalyses]
        case LocaleCopyRule.description.id, TranslationSwappedRule.description.id: return [numberedTables]
        case InconsistentTranslationRule.description.id, AccessibilityInconsistentLabelRule.description.id,
             PunctuationMismatchRule.description.id: return [localeTexts]
        case BidiUnbalancedRule.description.id, BidiOverrideRule.description.id: return [bidiControlTexts]
        default: return []
        }
    }

    private enum Preparation: CaseIterable, Sendable { case texts, pluralSites, formatPairs, accessibility, coverage, pairFacts }
    private enum Prepared: Sendable {
        case pluralSites([PluralSite])
        case formatPairs([FormatPair])
        case accessibility([[AccessibilityClassifier.Kind?]])
        case texts([LocalizedText], scripts: [Set<ScriptCode>?])
        case coverage(CoverageReport)
        case pairFacts([PairFacts])
    }
}

/// Every rule locale-audit knows, and the run over a project.
public enum RuleEngine {
    /// In documentation order: reader problems first, then by family.
    public static let allRules: [any Rule.Type] = [
        SyntaxRule.self, EncodingRule.self, DuplicateKeyRule.self, UnreadableRule.self, XLIFFInvalidRule.self,
        XCStringsInvalidRule.self, LocaleMismatchRule.self,
        LocaleIncompleteRule.self, MissingTranslationRule.self, ExtraKeyRule.self, MissingTableRule.self, EmptyValueRule.self,
        UntranslatedRule.self, TranslationStateRule.self, StaleKeyTranslatedRule.self,
        PermissionPromptUntranslatedRule.self, LengthLimitRule.self,
        WhitespaceMismatchRule.self, PunctuationMismatchRule.self, EscapeArtifactRule.self, MarkdownMismatchRule.self,
        FormatSpecifierInvalidRule.self, FormatTypeMismatchRule.self, FormatCountMismatchRule.self,
        FormatMixedPositionalRule.self, FormatStrayFragmentRule.self, FormatInPlainStringRule.self,
        PluralMissingCategoryRule.self, PluralMissingOtherRule.self, PluralUnusedCategoryRule.self,
        PluralFormOmitsNumberRule.self, PluralVariableReferenceRule.self, PluralValueTypeRule.self,
        PluralShapeMismatchRule.self,
        LocaleIllFormedRule.self, LocaleInvalidRule.self, LocaleNotCanonicalRule.self, LocaleSpecialUseRule.self,
        LocaleCaseCollisionRule.self,
        AppLocaleUndeclaredRule.self, AppLocaleWithoutCatalogsRule.self, AppDevelopmentRegionMismatchRule.self,
        BidiUnbalancedRule.self, BidiOverrideRule.self,
        RTLWithoutRTLTextRule.self, RTLLeadingLTRRule.self, RTLPlaceholderBoundaryRule.self,
        AccessibilityMissingRule.self, AccessibilityEmptyRule.self, AccessibilityUntranslatedRule.self,
        LabelInNameRule.self, LabelNamesControlTypeRule.self, AccessibilityLabelPeriodRule.self,
        AccessibilityLabelStatesStateRule.self, AccessibilityHintStyleRule.self, AccessibilityIdentifierTranslatedRule.self,
        AccessibilityInconsistentLabelRule.self, InconsistentTranslationRule.self,
        LocaleCopyRule.self, TranslationSwappedRule.self,
        WrongScriptRule.self, WrongLanguageRule.self, LanguageOfPartsRule.self, ChineseScriptMixRule.self,
    ]

    public static var descriptions: [RuleDescription] { allRules.map { $0.description } }

    public static func rule(withID id: String) -> (any Rule.Type)? {
        allRules.first { $0.description.id == id }
    }

    /// Runs every enabled rule; rules run in parallel and their findings are concatenated in rule order.
    public static func run(on project: Project, options: AuditOptions, only ids: Set<String>? = nil) -> [Finding] {
        run(context: RuleContext(project: project, options: options), only: ids)
    }

    /// Runs every enabled rule over an already built context.
    public static func run(context: RuleContext, only ids: Set<String>? = nil) -> [Finding] {
        let options = context.options
        let rules = allRules.filter { type in
            let id = type.description.id
            if type.description.reportedByReaders { return false }
            if let ids, !ids.contains(id) { return false }
            if let override = options.severityOverrides[id], override == nil { return false }
            return true
        }
        let timing = ProcessInfo.processInfo.environment["LOCALE_AUDIT_TIMING"] != nil
        // The script analyses three rules share are computed up front on every core; computed inside
        // one rule, the others would wait for it with a core idle.
        if rules.contains(where: { SharedScriptAnalyses.users.contains($0.description.id) }) {
            _ = context.scriptAnalyses.languageOfParts
            Timing.mark("script analyses")
        }
        // The costliest rules (consistency, scripts) come last in documentation order: started first,
        // the quick ones fill in around them instead of leaving one core idle at the end. Findings are
        // concatenated in rule order all the same.
        let readers = CacheReaders(rules.map { context.caches(readBy: $0.description.id) })
        let results = Parallel.map(rules.reversed().map { RuleBox(type: $0) }, workers: options.workers) { box in
            let start = DispatchTime.now().uptimeNanoseconds
            let findings = box.type.init().check(context)
            readers.ended(context.caches(readBy: box.type.description.id))
            if timing {
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                FileHandle.standardError.write(Data("timing: rule \(box.type.description.id): \(Int(ms)) ms, \(findings.count) findings\n".utf8))
            }
            return findings
        }
        return results.reversed().flatMap { $0 }
    }

    /// Applies `--severity`/configuration overrides; a rule set to off drops its findings.
    public static func applySeverityOverrides(_ findings: [Finding], _ overrides: [String: Severity?]) -> [Finding] {
        if overrides.isEmpty { return findings }
        return findings.compactMap { finding in
            guard let override = overrides[finding.ruleID] else { return finding }
            guard let severity = override else { return nil }
            var changed = finding
            changed.severity = severity
            return changed
        }
    }

    /// How many rules still to end read each shared cache; the last to end has it forget.
    private final class CacheReaders: @unchecked Sendable {
        private var remaining: [ObjectIdentifier: Int] = [:]
        private let lock = NSLock()

        init(_ caches: [[any RuleCache]]) {
            for cache in caches.joined() { remaining[ObjectIdentifier(cache), default: 0] += 1 }
        }

        func ended(_ caches: [any RuleCache]) {
            for cache in caches {
                lock.lock()
                let left = remaining[ObjectIdentifier(cache), default: 1] - 1
                remaining[ObjectIdentifier(cache)] = left
                lock.unlock()
                if left == 0 { cache.forget() }
            }
        }
    }

    private struct RuleBox: @unchecked Sendable {
        // Metatypes of Sendable rules are safe to pass between threads.
        let type: any Rule.Type
    }
}
