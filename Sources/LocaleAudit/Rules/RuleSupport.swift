/// The names behind an index's integer ids, shared by every pair and text made from it: each holds
/// one reference here instead of its own copies of a table id, a locale and a key.
public final class IndexNames: Sendable {
    /// By table set position.
    public let tables: [TableID]
    /// By locale id.
    public let locales: [String]
    /// By table set position, then key position in the source.
    public let sourceKeys: [[String]]

    public init(tables: [TableID], locales: [String], sourceKeys: [[String]]) {
        self.tables = tables
        self.locales = locales
        self.sourceKeys = sourceKeys
    }

    public convenience init(_ index: ProjectIndex) {
        self.init(tables: index.tableSets.map(\.id), locales: index.locales,
                  sourceKeys: index.tableSets.map { $0.source?.keys ?? [] })
    }
}

/// A translated entry next to the source entry of the same key, as most rules look at them.
/// A struct of 40 bytes in one array (a large app has a quarter of a million pairs; as objects they
/// were 56 bytes of heap each, one allocation each). Its names are read through the index's ids.
public struct TranslationPair: Sendable {
    private let names: IndexNames
    public let source: Entry
    public let translation: Entry
    /// The index's integer ids of the pair's table set (a position in `tableSets`), key (its position
    /// in the source's keys, and its project-wide id) and locale; -1 for a pair made outside an index.
    public let tableIndex: Int32, keyPosition: Int32, keyID: Int32, localeID: Int32

    public var table: TableID { names.tables[tableIndex < 0 ? 0 : Int(tableIndex)] }
    public var locale: String { names.locales[localeID < 0 ? 0 : Int(localeID)] }
    public var key: String { tableIndex < 0 ? names.sourceKeys[0][0] : names.sourceKeys[Int(tableIndex)][Int(keyPosition)] }

    init(names: IndexNames, source: Entry, translation: Entry, tableIndex: Int32, keyPosition: Int32, keyID: Int32, localeID: Int32) {
        self.names = names
        self.source = source
        self.translation = translation
        self.tableIndex = tableIndex
        self.keyPosition = keyPosition
        self.keyID = keyID
        self.localeID = localeID
    }

    /// A pair made outside an index, as tests and single-entry checks make them.
    public init(table: TableID, locale: String, key: String, source: Entry, translation: Entry) {
        self.init(names: IndexNames(tables: [table], locales: [locale], sourceKeys: [[key]]), source: source,
                  translation: translation, tableIndex: -1, keyPosition: -1, keyID: -1, localeID: -1)
    }

    /// Where findings about the translation land: its value, else its key.
    public var location: SourceLocation { translation.valueLocation ?? translation.location }
    /// A note pointing at the source entry, shown under findings.
    public var sourceNote: Finding.Note {
        // A bilingual file (XLIFF) carries its own source beside the translation: the note points at
        // that unit, not at the copy of the source that another locale's file gave the index.
        if let own = translation.sourceValue, translation.location.file != source.location.file {
            return Finding.Note(message: "source: \(own.shortDescription)", location: translation.sourceValueLocation ?? translation.location)
        }
        return Finding.Note(message: "source: \(source.value.shortDescription)", location: source.valueLocation ?? source.location)
    }
}

extension ProjectIndex {
    /// Every key present both in the source and in a translation, in stable order (table, locale, key
    /// in source order). Entries marked do-not-translate are skipped.
    public func translationPairs() -> [TranslationPair] {
        var pairs: [TranslationPair] = []
        let names = IndexNames(self)
        for (t, set) in tableSets.enumerated() {
            guard let source = set.source else { continue }
            for (l, translation) in set.translations.enumerated() {
                let aligned = set.alignedEntries[l]
                for k in source.keys.indices {
                    let sourceEntry = set.sourceEntries[k]
                    guard sourceEntry.shouldTranslate, let entry = aligned[k], entry.shouldTranslate else { continue }
                    pairs.append(TranslationPair(names: names, source: sourceEntry, translation: entry,
                                                 tableIndex: Int32(t), keyPosition: Int32(k), keyID: set.sourceKeyIDs[k],
                                                 localeID: translation.localeID))
                }
            }
        }
        return pairs
    }

    /// The source text a bilingual entry carries, or the source table's value.
    public func sourceValue(for entry: Entry, key: String, in set: TableSet) -> Value? {
        set.source?.entries[key]?.value ?? entry.sourceValue
    }
}

/// One place of a defect that several locales share, for findings reported once for all of them.
struct LocalePlace {
    var locale: String
    var location: SourceLocation

    /// In file order, then by locale: the first is where the finding lands.
    static func ordered(_ places: [LocalePlace]) -> [LocalePlace] {
        places.sorted { a, b in
            let x = a.location, y = b.location
            return (x.file, x.line, x.column, a.locale) < (y.file, y.line, y.column, b.locale)
        }
    }

    /// Notes for the places after the first (where the finding is): the first `shown` with their
    /// place, the rest by name.
    static func notes(forOthers places: [LocalePlace], shown: Int = 5) -> [Finding.Note] {
        notes(for: places.dropFirst(), saying: "also in", shown: shown)
    }

    /// Notes for every place, for a finding that sits elsewhere (at the source entry).
    static func notes(for places: some Collection<LocalePlace>, saying: String = "in", shown: Int = 5) -> [Finding.Note] {
        var notes = places.prefix(shown).map { Finding.Note(message: "\(saying) \($0.locale)", location: $0.location) }
        let rest = places.dropFirst(shown).map(\.locale)
        if !rest.isEmpty { notes.append(Finding.Note(message: "and in \(rest.count) more: \(listed(Array(rest)))")) }
        return notes
    }
}

extension Finding {
    /// A finding about one entry of one table in one locale.
    static func entry(_ rule: RuleDescription, _ message: String, at location: SourceLocation, locale: String?,
                      table: TableID, key: String, severity: Severity? = nil, notes: [Note] = []) -> Finding {
        Finding(ruleID: rule.id, severity: severity ?? rule.severity, message: message, location: location,
                locale: locale, table: table.name, key: key, notes: notes)
    }
}

extension Value {
    /// A one-line rendering for messages: the text in quotes, or the shape of a plural.
    public var shortDescription: String {
        switch self {
        case .text(let s): return "\"\(s.visibleExcerpt)\""
        case .plural(let p):
            let forms = p.variables.map { "\($0.name): \($0.categories.joined(separator: "/"))" }.joined(separator: "; ")
            return p.formatIsImplicit ? "plural (\(forms))" : "plural \"\(p.format.visibleExcerpt)\" (\(forms))"
        case .variations(let v): return "\(v.kind.rawValue) variations (\(v.cases.map(\.name).joined(separator: ", ")))"
        }
    }
}

/// "a", "a and b", "a, b and c": a list in a message.
func listed(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
}

extension String {
    /// At most 80 Unicode scalars of a text quoted in a message, "…" marking the cut.
    static let messageExcerptLimit = 80

    var truncatedForMessage: String {
        let limit = Self.messageExcerptLimit
        guard unicodeScalars.count > limit else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.prefix(limit))) + "…"
    }

    /// `visibleEscaped.truncatedForMessage`, escaping no further than the cut: rules quote the
    /// translations they report, some of them paragraphs long.
    var visibleExcerpt: String {
        // Written as UTF-8 bytes: appending scalars to a String one by one cost more than the rest
        // of the message. A scalar's lead byte starts it; its continuation bytes follow it out.
        let limit = Self.messageExcerptLimit
        var out: [UInt8] = []
        out.reserveCapacity(Swift.min(utf8.count, limit * 4) + 1)
        var count = 0, cut = false
        for byte in utf8 {
            if byte & 0xC0 == 0x80 { out.append(byte); continue }
            let escape: UInt8? = byte == 0x0A ? UInt8(ascii: "n") : byte == 0x0D ? UInt8(ascii: "r") : byte == 0x09 ? UInt8(ascii: "t") : nil
            // One scalar more than the limit means a cut: the excerpt keeps the first `limit`.
            if count == limit { cut = true; break }
            if let escape {
                out.append(UInt8(ascii: "\\"))
                count += 1
                if count == limit { cut = true; break }
                out.append(escape)
            } else {
                out.append(byte)
            }
            count += 1
        }
        let excerpt = String(decoding: out, as: UTF8.self)
        return cut ? excerpt + "…" : excerpt
    }
}
