/// Inline suppressions: `locale-audit:disable rule-id, other-id` (or bare `locale-audit:disable` for
/// every rule) in the comment of an entry — a `/* … */` before a `.strings` entry, a String Catalog
/// `comment`, an XLIFF `note`. In the source language it silences the key in every locale; in a
/// translation, only in that locale.
public struct Suppressions: Sendable {
    public static let marker = markerLiteral.description
    private static let markerLiteral: StaticString = "locale-audit:disable"

    private struct SourceKey: Hashable { var table: String; var key: String }
    private struct LocaleKey: Hashable { var table: String; var locale: String; var key: String }
    /// Rule ids, or an empty set for every rule.
    private var sourceLevel: [SourceKey: Set<String>] = [:]
    private var localeLevel: [LocaleKey: Set<String>] = [:]

    public init(_ project: Project) {
        for table in project.tables {
            for entry in table.entries {
                guard let comment = entry.comment, let ids = Suppressions.parse(comment) else { continue }
                if project.isSource(table) || table.locale == nil {
                    sourceLevel[SourceKey(table: table.name, key: entry.key), default: []].formUnion(ids)
                } else if let locale = project.effectiveLocale(of: table) {
                    localeLevel[LocaleKey(table: table.name, locale: locale, key: entry.key), default: []].formUnion(ids)
                }
                // An empty set means "every rule"; keep it empty when any comment says so.
                if ids.isEmpty {
                    if project.isSource(table) || table.locale == nil {
                        sourceLevel[SourceKey(table: table.name, key: entry.key)] = []
                    } else if let locale = project.effectiveLocale(of: table) {
                        localeLevel[LocaleKey(table: table.name, locale: locale, key: entry.key)] = []
                    }
                }
            }
        }
    }

    public var isEmpty: Bool { sourceLevel.isEmpty && localeLevel.isEmpty }

    public func suppresses(_ finding: Finding) -> Bool {
        guard !isEmpty, let table = finding.table, let key = finding.key else { return false }
        if let ids = sourceLevel[SourceKey(table: table, key: key)], ids.isEmpty || ids.contains(finding.ruleID) { return true }
        if let locale = finding.locale, let ids = localeLevel[LocaleKey(table: table, locale: locale, key: key)],
           ids.isEmpty || ids.contains(finding.ruleID) { return true }
        return false
    }

    /// The rule ids named after the marker (separated by commas or spaces), an empty set for all
    /// rules, or nil when the comment has no marker.
    static func parse(_ comment: String) -> Set<String>? {
        // Every comment of the project passes here: a byte search, not Foundation's.
        guard let range = comment.firstByteRange(of: markerLiteral) else { return nil }
        var ids: Set<String> = []
        var current = ""
        for character in comment[range.upperBound...] {
            if character.isLetter || character.isNumber || character == "-" {
                current.append(character)
            } else if character == "," || character == " " || character == "\t" {
                if !current.isEmpty { ids.insert(current.lowercased()); current = "" }
            } else {
                break  // `*/`, a newline or prose ends the list
            }
        }
        if !current.isEmpty { ids.insert(current.lowercased()) }
        return ids
    }
}
