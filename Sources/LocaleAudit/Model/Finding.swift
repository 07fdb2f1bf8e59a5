public enum Severity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in the catalogs. Readers produce them for syntax, encoding and duplicates; rules
/// produce the rest.
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    public var locale: String?
    public var table: String?
    public var key: String?
    /// Related places, e.g. the source entry a translation disagrees with or a duplicate's first copy.
    public var notes: [Note]
    /// For findings that stand for many strings (`locale-incomplete`): every key concerned, which the
    /// message and notes only count and sample. `identicalKeys` are keys whose value equals the source.
    public var keys: [String] = []
    public var identicalKeys: [String] = []
    /// A mechanical repair, where there is one (SARIF `fixes`).
    public var fix: Fix? = nil
    /// The stretch a `language-of-parts` finding is about, with its speech language and where that
    /// language comes from.
    public var speechRange: SpeechRange? = nil
    /// A cause one edit repeats over many keys of a file (new strings not yet sent to translators, a
    /// line break an import added to every string, a converter that dropped a plural form): findings
    /// of one rule, file, table and locale with the same mark become one, the other keys its notes.
    /// Consolidation clears it (`FindingConsolidation.batchRepeats`).
    var batchMark: String? = nil

    public struct Note: Sendable, Hashable {
        public var message: String
        public var location: SourceLocation?
        public init(message: String, location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public init(ruleID: String, severity: Severity, message: String, location: SourceLocation?,
                locale: String? = nil, table: String? = nil, key: String? = nil, notes: [Note] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.locale = locale
        self.table = table
        self.key = key
        self.notes = notes
    }
}

extension Finding {
    /// The order of every report: by file, line, column, then rule and message, so output is stable.
    /// `findings` sorted by `stableOrder`, faster for large arrays: files and rule ids become ranks
    /// (few distinct values), so most comparisons are of integers, and an index permutation is sorted
    /// instead of moving the large findings themselves.
    public static func sortedStably(_ findings: [Finding]) -> [Finding] {
        if findings.count < 64 { return findings.sorted(by: stableOrder) }
        func ranks(_ values: [String]) -> [String: Int] {
            let distinct = Array(Set(values)).sorted()
            return Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($0.element, $0.offset) })
        }
        let fileRank = ranks(findings.map { $0.location?.file ?? "" })
        let ruleRank = ranks(findings.map(\.ruleID))
        struct SortKey {
            var file: Int
            var line: Int
            var column: Int
            var rule: Int
            var index: Int
        }
        var keys = findings.indices.map { i in
            SortKey(file: fileRank[findings[i].location?.file ?? ""]!, line: findings[i].location?.line ?? 0,
                    column: findings[i].location?.column ?? 0, rule: ruleRank[findings[i].ruleID]!, index: i)
        }
        keys.sort { a, b in
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            if a.rule != b.rule { return a.rule < b.rule }
            let x = findings[a.index], y = findings[b.index]
            if (x.key ?? "") != (y.key ?? "") { return (x.key ?? "") < (y.key ?? "") }
            return x.message < y.message
        }
        return keys.map { findings[$0.index] }
    }

    public static func stableOrder(_ a: Finding, _ b: Finding) -> Bool {
        let fa = a.location?.file ?? "", fb = b.location?.file ?? ""
        if fa != fb { return fa < fb }
        let la = a.location?.line ?? 0, lb = b.location?.line ?? 0
        if la != lb { return la < lb }
        let ca = a.location?.column ?? 0, cb = b.location?.column ?? 0
        if ca != cb { return ca < cb }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        if (a.key ?? "") != (b.key ?? "") { return (a.key ?? "") < (b.key ?? "") }
        return a.message < b.message
    }
}

/// Rule ids of the problems readers report.
public enum ReaderRule {
    /// The file does not follow its format's grammar.
    public static let syntax = "syntax"
    /// The bytes are not valid text in the encoding the file declares or implies.
    public static let encoding = "encoding"
    /// The same key twice in one table: the platform silently keeps one of them.
    public static let duplicateKey = "duplicate-key"
    /// A file or folder that could not be read at all.
    public static let unreadable = "unreadable"
}
