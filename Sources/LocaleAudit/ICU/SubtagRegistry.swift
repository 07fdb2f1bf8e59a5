import CICUShim

/// The kinds of subtag CLDR's validity data covers.
public enum SubtagKind: String, Sendable, Hashable, CaseIterable {
    case language, script, region, variant, subdivision

    /// The key of this kind in `metadata/alias` (regions are "territory" there).
    fileprivate var aliasKey: String? {
        switch self {
        case .language: return "language"
        case .script: return "script"
        case .region: return "territory"
        case .variant: return "variant"
        case .subdivision: return "subdivision"
        }
    }
}

/// A subtag's status in CLDR's `idValidity` data (the statuses of BCP 47 / UTS #35 validity).
public enum SubtagStatus: String, Sendable, Hashable, CaseIterable {
    case regular, deprecated
    case privateUse = "private_use"
    case reserved, special, unknown, macroregion
}

/// A CLDR alias: the replacement of a deprecated, overlong or legacy code, and why.
public struct SubtagAlias: Sendable, Hashable {
    /// Space-separated when several (`CS` → "RS ME").
    public let replacement: String
    /// CLDR's reason, such as "deprecated", "overlong", "macrolanguage", "legacy", "bibliographic".
    public let reason: String
}

/// CLDR validity and alias data as bundled in ICU (`supplementalData/idValidity`, `metadata/alias`,
/// `keyTypeData`), so rules can say "iw is deprecated, use he" with the data ICU itself uses.
///
/// Loading keeps CLDR's ranges of codes as ranges (see `SubtagStatusTable`).
/// Thread safety: the shared registry loads once, lazily, under Swift's thread-safe static
/// initialisation; afterwards it is immutable and safe to read from any thread.
public final class SubtagRegistry: Sendable {
    private let statuses: [SubtagKind: SubtagStatusTable]
    private let aliases: [SubtagKind: [String: SubtagAlias]]
    private let unicodeExtensions: UnicodeExtensionData

    /// The registry built from ICU's data, or the error that prevented loading it.
    public static let loaded: Result<SubtagRegistry, ICUError> = Result { () throws(ICUError) in try SubtagRegistry() }

    public static func shared() throws(ICUError) -> SubtagRegistry { try loaded.get() }

    /// The status of a subtag (case-insensitive), or nil when CLDR does not list it at all.
    public static func status(of subtag: String, kind: SubtagKind) throws(ICUError) -> SubtagStatus? {
        try shared().status(of: subtag, kind: kind)
    }

    /// The CLDR alias of a subtag (case-insensitive), nil when it has none.
    public static func alias(of subtag: String, kind: SubtagKind) throws(ICUError) -> SubtagAlias? {
        try shared().alias(of: subtag, kind: kind)
    }

    /// Best effort: whether `type` is a known value of the `-u-` key (see `UnicodeExtensionData`).
    public static func isValidUnicodeExtension(key: String, type: String) throws(ICUError) -> Bool {
        try shared().isValidUnicodeExtension(key: key, type: type)
    }

    public func status(of subtag: String, kind: SubtagKind) -> SubtagStatus? {
        statuses[kind]?.status(of: subtag.asciiLowercased)
    }

    public func alias(of subtag: String, kind: SubtagKind) -> SubtagAlias? {
        aliases[kind]?[subtag.asciiLowercased.replacingHyphens()]
    }

    public func isValidUnicodeExtension(key: String, type: String) -> Bool {
        unicodeExtensions.isValid(key: key.asciiLowercased, type: type.asciiLowercased)
    }

    /// How many codes of a kind CLDR lists (after expanding ranges); for diagnostics and tests.
    public func count(of kind: SubtagKind) -> Int { statuses[kind]?.count ?? 0 }

    private init() throws(ICUError) {
        var statuses: [SubtagKind: SubtagStatusTable] = [:]
        var aliases: [SubtagKind: [String: SubtagAlias]] = [:]
        for kind in SubtagKind.allCases {
            var table = SubtagStatusTable()
            for (status, item) in try Self.dump("supplementalData", "idValidity/\(kind.rawValue)") {
                // Unknown statuses in future data are skipped rather than guessed.
                guard let status = SubtagStatus(rawValue: status) else { continue }
                table.add(item, status)
            }
            statuses[kind] = table
            guard let aliasKey = kind.aliasKey else { continue }
            var replacements: [String: String] = [:]
            var reasons: [String: String] = [:]
            for (path, value) in try Self.dump("metadata", "alias/\(aliasKey)", optional: true) {
                let parts = path.split(separator: "/", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let code = String(parts[0]).asciiLowercased
                if parts[1] == "replacement" { replacements[code] = value } else if parts[1] == "reason" { reasons[code] = value }
            }
            aliases[kind] = replacements.reduce(into: [:]) { result, entry in
                result[entry.key] = SubtagAlias(replacement: entry.value, reason: reasons[entry.key] ?? "")
            }
        }
        self.statuses = statuses
        self.aliases = aliases
        self.unicodeExtensions = try UnicodeExtensionData()
    }

    /// `(relative path, value)` pairs of the string leaves under a resource path.
    static func dump(_ bundle: String, _ path: String, optional: Bool = false) throws(ICUError) -> [(String, String)] {
        let text: String
        do {
            text = try ShimBuffer.utf8("read ICU resource \(bundle)/\(path)", capacity: 1 << 16) {
                la_resource_dump(bundle, path, $0, $1, $2)
            }
        } catch {
            // U_MISSING_RESOURCE_ERROR (2): a table some ICU versions do not carry.
            if optional && error.code == 2 { return [] }
            throw error
        }
        // Split on bytes: the dump is ASCII-separated, and Character-level splitting would run grapheme
        // breaking over ~100 KB.
        var pairs: [(String, String)] = []
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            pairs.append((String(decoding: line[..<tab], as: UTF8.self),
                          String(decoding: line[line.index(after: tab)...], as: UTF8.self)))
        }
        return pairs
    }

    /// CLDR writes runs of codes as `aaa~i` (aaa through aai, varying the last character).
    static func expandRange(_ item: String) -> [String] {
        guard let range = SubtagStatusTable.range(item) else { return [item] }
        return range.lastCharacters.map { range.prefix + String(UnicodeScalar($0)) }
    }
}

/// One kind's statuses, codes lower-cased: single codes by code, and CLDR's runs (`aaa~z`) as ranges
/// of their last character by the code before it. Expanding every run into single codes took
/// about 60 million instructions at each start. A code in several entries has the last one's status.
struct SubtagStatusTable: Sendable {
    private struct Status: Sendable { var status: SubtagStatus; var order: Int }
    private struct Run: Sendable { var lastCharacters: ClosedRange<UInt8>; var status: Status }
    private var codes: [String: Status] = [:]
    private var runs: [String: [Run]] = [:]
    private var added = 0

    /// A run "<first code>~<last character>": the code before its last character, and the range of
    /// that character (codes are ASCII). Nil for a single code.
    static func range(_ item: String) -> (prefix: String, lastCharacters: ClosedRange<UInt8>)? {
        let bytes = Array(item.utf8)
        guard let tilde = bytes.firstIndex(of: UInt8(ascii: "~")), tilde > 0, tilde == bytes.count - 2,
              bytes[tilde - 1] <= bytes[tilde + 1] else { return nil }
        return (String(decoding: bytes[..<(tilde - 1)], as: UTF8.self), bytes[tilde - 1]...bytes[tilde + 1])
    }

    mutating func add(_ item: String, _ status: SubtagStatus) {
        added += 1
        let entry = Status(status: status, order: added)
        guard let range = Self.range(item) else {
            codes[item.asciiLowercased] = entry
            return
        }
        let lower = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        runs[range.prefix.asciiLowercased, default: []].append(
            Run(lastCharacters: lower(range.lastCharacters.lowerBound)...lower(range.lastCharacters.upperBound), status: entry))
    }

    /// The status of a lower-cased code.
    func status(of code: String) -> SubtagStatus? {
        var found = codes[code]
        if let last = code.utf8.last, let candidates = runs[String(decoding: code.utf8.dropLast(), as: UTF8.self)] {
            for run in candidates where run.lastCharacters.contains(last) && run.status.order > (found?.order ?? 0) {
                found = run.status
            }
        }
        return found?.status
    }

    /// How many codes the table holds, as if every run were expanded.
    var count: Int {
        var total = codes.count
        for (prefix, candidates) in runs {
            var covered = Set<UInt8>()
            for run in candidates { covered.formUnion(run.lastCharacters) }
            total += covered.filter { codes[prefix + String(UnicodeScalar($0))] == nil }.count
        }
        return total
    }
}

extension StringProtocol {
    /// Lowercases ASCII letters only: CLDR codes are ASCII, and Foundation-free full lowercasing is slow.
    var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

/// Valid `-u-` keys and types from ICU's `keyTypeData`. Keys and types are BCP 47 (`ca`, `gregory`).
/// Types given by a pattern in CLDR (code points, reorder codes, subdivisions, region+`zzzz`, private
/// use) are checked by shape, not against a list.
struct UnicodeExtensionData: Sendable {
    private enum Pattern: Sendable {
        case codepoints, reorderCode, regionKeyValue, scriptCode, subdivisionCode, privateUse
    }

    private var types: [String: Set<String>] = [:]
    private var patterns: [String: [Pattern]] = [:]

    init() throws(ICUError) {
        var bcpKeyForLegacy: [String: String] = [:]
        for (legacy, bcp) in try SubtagRegistry.dump("keyTypeData", "keyMap") {
            bcpKeyForLegacy[legacy.asciiLowercased] = bcp.isEmpty ? legacy.asciiLowercased : bcp.asciiLowercased
        }
        for (path, value) in try SubtagRegistry.dump("keyTypeData", "typeMap") {
            let parts = path.split(separator: "/", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = bcpKeyForLegacy[parts[0].asciiLowercased] ?? parts[0].asciiLowercased
            let legacyType = String(parts[1])
            switch legacyType {
            case "CODEPOINTS": patterns[key, default: []].append(.codepoints)
            case "REORDER_CODE": patterns[key, default: []].append(.reorderCode)
            case "RG_KEY_VALUE": patterns[key, default: []].append(.regionKeyValue)
            case "SCRIPT_CODE": patterns[key, default: []].append(.scriptCode)
            case "SUBDIVISION_CODE": patterns[key, default: []].append(.subdivisionCode)
            case "PRIVATE_USE": patterns[key, default: []].append(.privateUse)
            default:
                // Time zone ids use ':' for '/' in resource keys; their BCP 47 type is always the value.
                types[key, default: []].insert(value.isEmpty ? legacyType.asciiLowercased : value.asciiLowercased)
            }
        }
        for (path, _) in try SubtagRegistry.dump("keyTypeData", "bcpTypeAlias", optional: true) {
            let parts = path.split(separator: "/", maxSplits: 1)
            if parts.count == 2 { types[String(parts[0]).asciiLowercased, default: []].insert(parts[1].asciiLowercased) }
        }
    }

    func isValid(key: String, type: String) -> Bool {
        guard types[key] != nil || patterns[key] != nil else { return false }
        // A key alone means "true" (`-u-kn` is `-u-kn-true`).
        let type = type.isEmpty ? "true" : type
        if types[key]?.contains(type) == true { return true }
        let subtags = type.split(separator: "-")
        for pattern in patterns[key] ?? [] where !subtags.isEmpty && subtags.allSatisfy({ Self.matches($0, pattern) }) {
            if pattern == .regionKeyValue || pattern == .subdivisionCode || pattern == .scriptCode,
               subtags.count != 1 { continue }
            return true
        }
        return false
    }

    private static func matches(_ subtag: Substring, _ pattern: Pattern) -> Bool {
        let bytes = Array(subtag.utf8)
        let alnum = bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
        switch pattern {
        case .codepoints:
            return (4...6).contains(bytes.count) && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
        case .reorderCode:
            return bytes.count == 4 && bytes.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
                || ["space", "punct", "symbol", "currency", "digit", "others", "zzzz"].contains(String(subtag))
        case .scriptCode:
            return bytes.count == 4 && bytes.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        case .regionKeyValue:
            // A region (2 letters or 3 digits) followed by a subdivision suffix or "zzzz": "uszzzz", "usca".
            return alnum && (3...7).contains(bytes.count)
        case .subdivisionCode:
            return alnum && (3...7).contains(bytes.count)
        case .privateUse:
            return alnum && (3...8).contains(bytes.count)
        }
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
