import Foundation

/// One difference between two versions of the catalogs.
public struct DiffChange: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case keyAdded = "key-added", keyRemoved = "key-removed", keyRenamed = "key-renamed"
        case sourceChanged = "source-changed", stale, translationLost = "translation-lost"
        case translationChanged = "translation-changed", pluralFormsLost = "plural-forms-lost"

        /// A heading for reports.
        public var title: String {
            switch self {
            case .keyAdded: return "Keys added"
            case .keyRemoved: return "Keys removed"
            case .keyRenamed: return "Keys renamed"
            case .sourceChanged: return "Source texts changed"
            case .stale: return "Stale translations"
            case .translationLost: return "Translations lost"
            case .translationChanged: return "Translations changed"
            case .pluralFormsLost: return "Plural forms lost"
            }
        }

        /// What the category means and what to do about it, under the heading.
        public var explanation: String {
            switch self {
            case .keyAdded: return "new strings; every locale needs a translation"
            case .keyRemoved: return "strings the source no longer has"
            case .keyRenamed: return "the same source text under a new key, the old key gone"
            case .sourceChanged: return "the development-language text of a key changed"
            case .stale: return "the source text changed but the translation did not: a translator must look again"
            case .translationLost: return "translated before, missing now: users see the development language"
            case .translationChanged: return "a translation was edited"
            case .pluralFormsLost: return "a plural category present before is missing now"
            }
        }

        /// Changes of the source table; the others are per translated locale.
        public var isSourceLevel: Bool { self == .keyAdded || self == .keyRemoved || self == .keyRenamed || self == .sourceChanged }
    }

    public var kind: Kind
    /// The table, its folder relative to the side's root.
    public var table: TableID
    /// The translated locale; for source-level changes (and plural forms lost in the source), the
    /// source language.
    public var locale: String
    /// The key in the new version (the old key for `keyRemoved`).
    public var key: String
    /// The key in the old version, for `keyRenamed`.
    public var oldKey: String?
    /// The value before and after: the source text for source-level changes and `stale`, the
    /// translation otherwise.
    public var before: Value?
    public var after: Value?
    /// The unchanged translation of a `stale` change.
    public var translation: Value?
    /// Plural categories lost, written `variable.category` (`count.few`).
    public var pluralForms: [String]
    /// Where the change is in the new version, and where it was in the old one.
    public var location: SourceLocation?
    public var oldLocation: SourceLocation?

    public init(kind: Kind, table: TableID, locale: String, key: String, oldKey: String? = nil, before: Value? = nil,
                after: Value? = nil, translation: Value? = nil, pluralForms: [String] = [],
                location: SourceLocation? = nil, oldLocation: SourceLocation? = nil) {
        self.kind = kind
        self.table = table
        self.locale = locale
        self.key = key
        self.oldKey = oldKey
        self.before = before
        self.after = after
        self.translation = translation
        self.pluralForms = pluralForms
        self.location = location
        self.oldLocation = oldLocation
    }
}

/// Translated source keys over source keys, for one locale in one version.
public struct TranslationCoverage: Sendable, Hashable {
    public var translated: Int
    public var total: Int

    /// In percent, one decimal, for reports.
    public var percentText: String {
        guard total > 0 else { return "–" }
        let tenths = (translated * 1000 + total / 2) / total
        return "\(tenths / 10).\(tenths % 10)%"
    }

    public var text: String { "\(translated)/\(total) \(percentText)" }

    /// Exact comparison of the ratios, without floating point.
    public static func isLower(_ a: TranslationCoverage, than b: TranslationCoverage) -> Bool {
        a.translated * max(b.total, 1) < b.translated * max(a.total, 1)
    }
}

public struct LocaleCoverageChange: Sendable, Hashable {
    public var locale: String
    /// Nil when the locale has no table in that version.
    public var before: TranslationCoverage?
    public var after: TranslationCoverage?

    /// The locale lost ground: fewer strings translated than before, or gone altogether. A lower
    /// share caused only by new source strings is not a regression — every release that adds a
    /// string would fail the gate; those strings are listed as added and untranslated instead.
    public var dropped: Bool {
        guard let before, before.translated > 0 else { return false }
        guard let after else { return true }
        return after.translated < before.translated
    }
}

/// What changed between two versions of the catalogs, and whether it made anything worse.
public struct CatalogDiff: Sendable {
    public struct SideSummary: Sendable {
        public var label: String
        public var sourceLanguage: String
        public var files: Int
        public var locales: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int
    }

    public var old: SideSummary
    public var new: SideSummary
    /// By table, then source-level changes before per-locale ones, locales sorted, keys in source order.
    public var changes: [DiffChange]
    /// Every translated locale of either version, sorted.
    public var coverage: [LocaleCoverageChange]
    /// Findings of the new version that the old one did not have, matched by baseline key.
    public var newFindings: [Finding]
    /// Findings of the old version that the new one no longer has.
    public var fixedFindings: [Finding]
    /// Why `--fail-on-regression` fails, one reason a line; empty when nothing got worse.
    public var regressions: [String]

    public func changes(_ kind: DiffChange.Kind) -> [DiffChange] { changes.filter { $0.kind == kind } }

    /// Per locale, how many changes of each kind.
    public func countsByLocale() -> [String: [DiffChange.Kind: Int]] {
        var counts: [String: [DiffChange.Kind: Int]] = [:]
        for change in changes { counts[change.locale, default: [:]][change.kind, default: 0] += 1 }
        return counts
    }

    public func count(_ kind: DiffChange.Kind) -> Int { changes.lazy.filter { $0.kind == kind }.count }
}

extension CatalogDiff {
    /// Compares two sides already read and checked.
    public static func compare(_ old: DiffSide, _ new: DiffSide) -> CatalogDiff {
        let oldIndex = old.result.index, newIndex = new.result.index
        Timing.mark("diff: indexes")
        var builder = DiffBuilder(old: old, new: new)
        let oldSets = tableSets(oldIndex, side: old), newSets = tableSets(newIndex, side: new)
        for id in Set(oldSets.keys).union(newSets.keys).sorted() {
            builder.compareTable(id, oldSets[id], newSets[id])
        }
        Timing.mark("diff: \(builder.changes.count) changes")
        let coverage = compareCoverage(oldIndex, newIndex)
        Timing.mark("diff: coverage")
        let (newFindings, fixedFindings) = matchFindings(old, new)
        Timing.mark("diff: findings matched")
        var diff = CatalogDiff(old: summary(old), new: summary(new), changes: builder.changes, coverage: coverage,
                               newFindings: newFindings, fixedFindings: fixedFindings, regressions: [])
        diff.regressions = regressions(of: diff)
        return diff
    }

    static func summary(_ side: DiffSide) -> SideSummary {
        let result = side.result
        return SideSummary(label: side.label, sourceLanguage: result.project.sourceLanguage, files: result.project.files.count,
                           locales: result.project.locales.count, errors: result.count(.error),
                           warnings: result.count(.warning), notes: result.count(.note))
    }

    /// Table sets keyed by identity with the side's root taken off their folder.
    static func tableSets(_ index: ProjectIndex, side: DiffSide) -> [TableID: ProjectIndex.TableSet] {
        var sets: [TableID: ProjectIndex.TableSet] = [:]
        for set in index.tableSets {
            let id = TableID(scope: side.relative(set.id.scope), name: set.id.name)
            if sets[id] == nil { sets[id] = set }
        }
        return sets
    }

    /// Per locale, translated source keys over translatable source keys of the whole project: a
    /// locale that lacks a whole table lacks its keys too.
    static func coverage(_ index: ProjectIndex) -> [String: TranslationCoverage] {
        var total = 0
        var translated: [String: Int] = [:]
        for set in index.tableSets {
            for translation in set.translations where translated[translation.locale] == nil {
                translated[translation.locale] = 0
            }
            guard set.source != nil else { continue }
            // Each translation's entries aligned with the source keys: positions, not key lookups.
            for (l, translation) in set.translations.enumerated() {
                var count = 0
                for (k, sourceEntry) in set.sourceEntries.enumerated() where sourceEntry.shouldTranslate {
                    if let entry = set.alignedEntries[l][k], isTranslated(entry) { count += 1 }
                }
                translated[translation.locale, default: 0] += count
            }
            total += set.sourceEntries.lazy.filter(\.shouldTranslate).count
        }
        return translated.mapValues { TranslationCoverage(translated: $0, total: total) }
    }

    /// Present, not empty, and not marked as still to be translated.
    static func isTranslated(_ entry: Entry) -> Bool {
        if let state = entry.state?.meaning, state == .new || state == .needsTranslation { return false }
        if case .text(let text) = entry.value, text.isEmpty { return false }
        return true
    }

    static func compareCoverage(_ old: ProjectIndex, _ new: ProjectIndex) -> [LocaleCoverageChange] {
        let before = coverage(old), after = coverage(new)
        return Set(before.keys).union(after.keys).sorted().map {
            LocaleCoverageChange(locale: $0, before: before[$0], after: after[$0])
        }
    }

    /// Matches findings of both sides by their baseline key (path relative to the side's root, rule,
    /// locale, key, message without positions), counting duplicates: what is left are the new and
    /// the fixed findings. Most findings are the same on both sides, word for word, so an exact pass
    /// pairs those first and only the rest pay for blanking positions out of messages; the number
    /// paired is the same either way.
    static func matchFindings(_ old: DiffSide, _ new: DiffSide) -> (new: [Finding], fixed: [Finding]) {
        let oldFindings = old.result.findings, newFindings = new.result.findings
        let (oldLeft, newLeft) = pairExact(oldFindings.map { ExactKey($0, side: old) }, newFindings.map { ExactKey($0, side: new) })
        let (fixed, added) = pair(oldLeft.map { findingKey(oldFindings[$0], side: old) },
                                  newLeft.map { findingKey(newFindings[$0], side: new) })
        return (added.map { newFindings[newLeft[$0]] }, fixed.map { oldFindings[oldLeft[$0]] })
    }

    /// `pair` for the first pass, with the dictionary keyed by digest alone: a dictionary of large
    /// keys spent more time copying them than the rest of the diff took.
    private static func pairExact(_ old: [ExactKey], _ new: [ExactKey]) -> (old: [Int], new: [Int]) {
        var buckets: [UInt64: [Int]] = [:]
        buckets.reserveCapacity(old.count)
        for index in old.indices { buckets[old[index].digest, default: []].append(index) }
        var unpairedNew: [Int] = []
        for index in new.indices {
            let key = new[index]
            if let position = buckets[key.digest]?.firstIndex(where: { old[$0] == key }) {
                buckets[key.digest]!.remove(at: position)
            } else {
                unpairedNew.append(index)
            }
        }
        return (buckets.values.flatMap { $0 }.sorted(), unpairedNew)
    }

    /// Pairs old and new keys that are equal (as many as each key has on both sides); returns the
    /// positions of the unpaired ones of each side, in order.
    private static func pair<Key: Hashable>(_ old: [Key], _ new: [Key]) -> (old: [Int], new: [Int]) {
        var remaining: [Key: Int] = [:]
        remaining.reserveCapacity(old.count)
        for key in old { remaining[key, default: 0] += 1 }
        var unpairedNew: [Int] = []
        for (index, key) in new.enumerated() {
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
            } else {
                unpairedNew.append(index)
            }
        }
        // Of several old items with one key, the last ones are the unpaired ones.
        var unpairedOld: [Int] = []
        for index in old.indices.reversed() {
            if let count = remaining[old[index]], count > 0 {
                remaining[old[index]] = count - 1
                unpairedOld.append(index)
            }
        }
        return (unpairedOld.reversed(), unpairedNew)
    }

    static func findingKey(_ finding: Finding, side: DiffSide) -> Baseline.Key {
        var finding = finding
        if let file = finding.location?.file { finding.location!.file = side.relative(file) }
        // Messages that name a file of the side name it from the side's root too.
        if !side.root.isEmpty, side.root != ".", finding.message.contains(side.root) {
            let prefix = side.root.hasSuffix("/") || side.root.hasSuffix(":") ? side.root : side.root + "/"
            finding.message = finding.message.replacingOccurrences(of: prefix, with: "")
        }
        return Baseline.key(for: finding, roots: [])
    }

    static func regressions(of diff: CatalogDiff) -> [String] {
        var reasons: [String] = []
        let lost = diff.changes(.translationLost)
        if !lost.isEmpty {
            var byLocale: [String: Int] = [:]
            for change in lost { byLocale[change.locale, default: 0] += 1 }
            let list = byLocale.keys.sorted().map { "\($0) \(byLocale[$0]!)" }.joined(separator: ", ")
            reasons.append("\(lost.count) translation\(lost.count == 1 ? "" : "s") lost (\(list))")
        }
        let dropped = diff.coverage.filter(\.dropped)
        if !dropped.isEmpty {
            // Counts, not percentages: one new string in a thousand does not show in "98.2%".
            var list = dropped.prefix(8).map { "\($0.locale) \($0.before!.translated)/\($0.before!.total) → \($0.after.map { "\($0.translated)/\($0.total)" } ?? "gone")" }
            if dropped.count > 8 { list.append("…and \(dropped.count - 8) more") }
            reasons.append("coverage dropped in \(dropped.count) locale\(dropped.count == 1 ? "" : "s") (\(list.joined(separator: ", ")))")
        }
        let errors = diff.newFindings.filter { $0.severity == .error }.count
        if errors > 0 { reasons.append("\(errors) new error\(errors == 1 ? "" : "s")") }
        return reasons
    }
}

/// Walks one table of both versions and records what changed.
struct DiffBuilder {
    let old: DiffSide
    let new: DiffSide
    var changes: [DiffChange] = []

    init(old: DiffSide, new: DiffSide) {
        self.old = old
        self.new = new
    }

    mutating func compareTable(_ id: TableID, _ oldSet: ProjectIndex.TableSet?, _ newSet: ProjectIndex.TableSet?) {
        let oldSource = oldSet?.source, newSource = newSet?.source
        let sourceLanguage = new.result.project.sourceLanguage
        let oldKeys = oldSource?.keys ?? [], newKeys = newSource?.keys ?? []
        let added = newKeys.filter { oldSource?.entries[$0] == nil }
        let removed = oldKeys.filter { newSource?.entries[$0] == nil }
        let renamedFrom = DiffBuilder.renames(removed: removed, added: added, old: oldSource, new: newSource)
        let renamedKeys = Set(renamedFrom.values)

        for key in added {
            let entry = newSource!.entries[key]!
            if let oldKey = renamedFrom[key] {
                let oldEntry = oldSource!.entries[oldKey]!
                changes.append(DiffChange(kind: .keyRenamed, table: id, locale: sourceLanguage, key: key, oldKey: oldKey,
                                          before: oldEntry.value, after: entry.value,
                                          location: entry.location, oldLocation: oldEntry.location))
            } else {
                changes.append(DiffChange(kind: .keyAdded, table: id, locale: sourceLanguage, key: key, after: entry.value,
                                          location: entry.location))
            }
        }
        for key in removed where !renamedKeys.contains(key) {
            let entry = oldSource!.entries[key]!
            changes.append(DiffChange(kind: .keyRemoved, table: id, locale: sourceLanguage, key: key, before: entry.value,
                                      oldLocation: entry.location))
        }
        var sourceChanged = Set<String>()
        if let oldSource, let newSource {
            for key in newKeys {
                guard let before = oldSource.entries[key], let after = newSource.entries[key] else { continue }
                if !DiffBuilder.sameContent(before.value, after.value) {
                    sourceChanged.insert(key)
                    changes.append(DiffChange(kind: .sourceChanged, table: id, locale: sourceLanguage, key: key,
                                              before: before.value, after: after.value,
                                              location: after.valueLocation ?? after.location,
                                              oldLocation: before.valueLocation ?? before.location))
                }
                let lost = DiffBuilder.lostPluralForms(before.value, after.value)
                if !lost.isEmpty {
                    changes.append(DiffChange(kind: .pluralFormsLost, table: id, locale: sourceLanguage, key: key,
                                              before: before.value, after: after.value, pluralForms: lost,
                                              location: after.valueLocation ?? after.location,
                                              oldLocation: before.valueLocation ?? before.location))
                }
            }
        }

        // Translations: only keys the new source still has, each compared with its old key.
        guard newSource != nil, let newSet else { return }
        // Where each new source key (or the old key it was renamed from) stood in the old source,
        // worked out once for every locale: the translations are then read by position.
        let oldPositions: [Int?] = newKeys.map { key in
            guard let oldSet else { return nil }
            return oldSet.sourcePositions[renamedFrom[key] ?? key].map(Int.init)
        }
        var oldTranslations: [String: Int] = [:]
        for (l, translation) in (oldSet?.translations ?? []).enumerated() { oldTranslations[translation.locale] = l }
        var newTranslations: [String: Int] = [:]
        for (l, translation) in newSet.translations.enumerated() { newTranslations[translation.locale] = l }
        for locale in Set(oldTranslations.keys).union(newTranslations.keys).sorted() {
            guard let oldSet, let o = oldTranslations[locale] else { continue }  // a new locale loses nothing
            let oldAligned = oldSet.alignedEntries[o]
            let newAligned = newTranslations[locale].map { newSet.alignedEntries[$0] }
            for (k, key) in newKeys.enumerated() {
                let sourceEntry = newSet.sourceEntries[k]
                guard sourceEntry.shouldTranslate, let oldPosition = oldPositions[k],
                      let before = oldAligned[oldPosition], CatalogDiff.isTranslated(before) else { continue }
                let oldKey = oldSource!.keys[oldPosition]
                let beforeLocation = before.valueLocation ?? before.location
                let current = newAligned?[k] ?? nil
                guard let after = current, CatalogDiff.isTranslated(after) else {
                    changes.append(DiffChange(kind: .translationLost, table: id, locale: locale, key: key,
                                              oldKey: oldKey == key ? nil : oldKey, before: before.value,
                                              after: current?.value,
                                              location: current.map { $0.valueLocation ?? $0.location },
                                              oldLocation: beforeLocation))
                    continue
                }
                let afterLocation = after.valueLocation ?? after.location
                let lost = DiffBuilder.lostPluralForms(before.value, after.value)
                if !lost.isEmpty {
                    // The lost forms are the news; "changed" on top would say the same twice.
                    changes.append(DiffChange(kind: .pluralFormsLost, table: id, locale: locale, key: key,
                                              before: before.value, after: after.value, pluralForms: lost,
                                              location: afterLocation, oldLocation: beforeLocation))
                } else if !DiffBuilder.sameContent(before.value, after.value) {
                    changes.append(DiffChange(kind: .translationChanged, table: id, locale: locale, key: key,
                                              oldKey: oldKey == key ? nil : oldKey, before: before.value, after: after.value,
                                              location: afterLocation, oldLocation: beforeLocation))
                } else if sourceChanged.contains(key) {
                    changes.append(DiffChange(kind: .stale, table: id, locale: locale, key: key,
                                              before: oldSource!.entries[key]!.value, after: sourceEntry.value,
                                              translation: after.value, location: afterLocation, oldLocation: beforeLocation))
                }
            }
        }
    }

    /// New key → old key, for removed and added keys with the same source text. Several keys with
    /// one text pair up in source order; empty texts say nothing and are never paired.
    static func renames(removed: [String], added: [String], old: ProjectIndex.LocaleTables?,
                        new: ProjectIndex.LocaleTables?) -> [String: String] {
        guard let old, let new, !removed.isEmpty, !added.isEmpty else { return [:] }
        var candidates: [ValueContent: [String]] = [:]
        for key in removed {
            let value = old.entries[key]!.value
            if case .text(let text) = value, text.isEmpty { continue }
            candidates[ValueContent(value), default: []].append(key)
        }
        var renamed: [String: String] = [:]
        for key in added {
            let content = ValueContent(new.entries[key]!.value)
            guard var keys = candidates[content], !keys.isEmpty else { continue }
            renamed[key] = keys.removeFirst()
            candidates[content] = keys
        }
        return renamed
    }

    /// Equal texts and shapes; where each part sits in its file does not matter.
    /// Asked of every translation both versions have, nearly all unchanged: equal bytes answer at
    /// once, where Swift's `==` compares non-ASCII text scalar by scalar, normalising as it goes.
    /// Texts whose bytes differ are still compared as Swift compares them (canonical equivalence).
    static func sameContent(_ a: Value, _ b: Value) -> Bool {
        func same(_ x: String, _ y: String) -> Bool { String.sameBytes(x, y) || x == y }
        if case .text(let x) = a, case .text(let y) = b { return same(x, y) }
        let x = ValueContent(a).parts, y = ValueContent(b).parts
        return x.count == y.count && zip(x, y).allSatisfy(same)
    }

    /// `variable.category` of every plural form of `before` that `after` lacks, for variables both
    /// have (a plural turned plain, or a renamed variable, is a rewrite, not a lost form).
    static func lostPluralForms(_ before: Value, _ after: Value) -> [String] {
        guard before.isPlural, after.isPlural else { return [] }
        let afterForms = Set(pluralForms(after))
        let afterVariables = Set(afterForms.map(\.variable))
        return pluralForms(before).filter { afterVariables.contains($0.variable) && !afterForms.contains($0) }
            .map { $0.variable == XCStringsReader.implicitPluralVariableName ? $0.category : "\($0.variable).\($0.category)" }
    }

    struct PluralForm: Hashable {
        var variable: String
        var category: String
    }

    /// Plural forms with the variation path in the variable name (`iphone/count`).
    static func pluralForms(_ value: Value, prefix: String = "") -> [PluralForm] {
        switch value {
        case .text: return []
        case .plural(let plural):
            return plural.variables.flatMap { variable in
                variable.forms.map { PluralForm(variable: prefix + variable.name, category: $0.category) }
            }
        case .variations(let variations):
            return variations.cases.flatMap { pluralForms($0.value, prefix: prefix + $0.name + "/") }
        }
    }
}

/// A finding's baseline key with the message as written, compared and hashed as UTF-8 bytes:
/// `String` hashing and equality normalise Unicode first, which made matching the 200,000 findings
/// of a large diff take most of its time.
struct ExactKey: Hashable {
    var path: String
    var rule: String
    var locale: String
    var key: String
    var message: String
    var digest: UInt64

    init(_ finding: Finding, side: DiffSide) {
        path = side.relative(finding.location?.file ?? "")
        rule = finding.ruleID
        locale = finding.locale ?? ""
        key = finding.key ?? ""
        message = finding.message
        // FNV-1a over the bytes, once: the dictionary then hashes one integer, even when it grows.
        var hash: UInt64 = 0xcbf29ce484222325
        for part in [path, rule, locale, key, message] {
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            hash = (hash ^ 0xFF) &* 0x100000001b3  // 0xFF is never in UTF-8: ("ab", "c") ≠ ("a", "bc")
        }
        digest = hash
    }

    static func == (a: ExactKey, b: ExactKey) -> Bool {
        a.digest == b.digest && same(a.message, b.message) && same(a.key, b.key) && same(a.path, b.path) && same(a.rule, b.rule) && same(a.locale, b.locale)
    }

    private static func same(_ a: String, _ b: String) -> Bool { String.sameBytes(a, b) }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// A value without its locations, to compare versions and find renames.
struct ValueContent: Hashable {
    var parts: [String]

    init(_ value: Value) {
        parts = []
        append(value)
    }

    private mutating func append(_ value: Value) {
        switch value {
        case .text(let text):
            parts.append("t")
            parts.append(text)
        case .plural(let plural):
            parts.append("p")
            parts.append(plural.formatIsImplicit ? "" : plural.format)
            for variable in plural.variables {
                parts.append("v\(variable.forms.count)")
                parts.append(variable.name)
                for form in variable.forms {
                    parts.append(form.category)
                    parts.append(form.text)
                }
            }
        case .variations(let variations):
            parts.append(variations.kind.rawValue)
            for variation in variations.cases {
                parts.append(variation.name)
                append(variation.value)
            }
            parts.append("end")
        }
    }
}
