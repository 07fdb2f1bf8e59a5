// What a translation must keep from its source text: the content rules (`whitespace-mismatch`,
// `punctuation-mismatch`, `escape-artifact`, `markdown-mismatch`) compare every visible string of a
// translation with the source string it translates. This file holds what they share: which source
// string each translated string is compared with, how one defect repeated in several plural forms
// becomes one finding, and the language facts they consult.

/// One visible string of a translation and the source string it translates.
struct ComparedText {
    var source: String
    var translation: String
    /// Where the translated string is written (its plural form or variation case where known).
    var location: SourceLocation
    var sourceLocation: SourceLocation?
    /// The plural form or variation case (`one`, `iphone`, `files.few`); nil for a plain string.
    var form: String?

    /// "the `one` form " or "" for a plain string: the start of a message.
    var formPrefix: String { form.map { "the '\($0)' form " } ?? "" }
}

enum ContentTexts {
    /// Every translated string of `pair` with the source string it is compared with: a plain string
    /// with the plain source; a plural form with the source's form of the same category, else the
    /// source's `other`; a variation case with the same case of the source, else the plain source or
    /// the source's `other` case. Shapes that do not correspond (a plural against a plain string)
    /// give nothing. Strings empty on either side are left to `empty-value`.
    static func compared(_ pair: TranslationPair) -> [ComparedText] {
        var out: [ComparedText] = []
        let fallback = pair.location
        guard let (sourceValue, sourceFallback) = source(of: pair) else { return [] }
        collect(source: sourceValue, translation: pair.translation.value, form: nil,
                location: fallback, sourceLocation: sourceFallback, into: &out)
        return out.filter { !$0.source.isEmpty && !$0.translation.isEmpty }
    }

    /// The source a translation was made from: the text a bilingual file (XLIFF) carries next to it,
    /// else the source table's. Another file's unit of the same key (XLIFF test suites reuse `1`) is
    /// no source of this one.
    static func source(of pair: TranslationPair) -> (value: Value, location: SourceLocation?)? {
        let location = pair.source.valueLocation ?? pair.source.location
        // The paths are compared only where the answer depends on them (every pair passes here).
        guard let own = pair.translation.sourceValue else {
            // A unit of one XLIFF file whose source text was not kept, and another XLIFF file's unit
            // of the same id: nothing says they are one string.
            if isXLIFF(location.file) && isXLIFF(pair.translation.location.file) && location.file != pair.translation.location.file {
                return nil
            }
            return (pair.source.value, location)
        }
        return (own, location.file == pair.translation.location.file ? location : pair.translation.sourceValueLocation)
    }

    private static func isXLIFF(_ path: String) -> Bool { path.hasByteSuffix(".xliff") || path.hasByteSuffix(".xlf") }

    private static func collect(source: Value, translation: Value, form: String?, location: SourceLocation,
                                sourceLocation: SourceLocation?, into out: inout [ComparedText]) {
        func label(_ name: String) -> String { form.map { "\($0).\(name)" } ?? name }
        switch (source, translation) {
        case (.text(let s), .text(let t)):
            out.append(ComparedText(source: s, translation: t, location: location, sourceLocation: sourceLocation, form: form))
        case (.plural(let sp), .plural(let tp)):
            if !sp.formatIsImplicit && !tp.formatIsImplicit {
                out.append(ComparedText(source: sp.format, translation: tp.format, location: tp.formatLocation ?? location,
                                        sourceLocation: sp.formatLocation ?? sourceLocation, form: label("format")))
            }
            let several = tp.variables.count > 1
            for variable in tp.variables {
                let sourceVariable = sp.variable(named: variable.name)
                    ?? (sp.variables.count == 1 && tp.variables.count == 1 ? sp.variables[0] : nil)
                guard let sourceVariable else { continue }
                for item in variable.forms {
                    guard let sourceForm = sourceVariable.form(item.category) ?? sourceVariable.form("other") else { continue }
                    out.append(ComparedText(source: sourceForm.text, translation: item.text, location: item.location ?? location,
                                            sourceLocation: sourceForm.location ?? sourceLocation,
                                            form: label(several ? "\(variable.name).\(item.category)" : item.category)))
                }
            }
        case (.variations(let sv), .variations(let tv)):
            for item in tv.cases {
                guard let sourceCase = sv.cases.first(where: { $0.name == item.name }) ?? sv.cases.first(where: { $0.name == "other" }) else { continue }
                collect(source: sourceCase.value, translation: item.value, form: label(item.name),
                        location: item.location ?? location, sourceLocation: sourceCase.location ?? sourceLocation, into: &out)
            }
        case (.text, .variations(let tv)):
            for item in tv.cases {
                collect(source: source, translation: item.value, form: label(item.name),
                        location: item.location ?? location, sourceLocation: sourceLocation, into: &out)
            }
        case (.variations(let sv), .text):
            guard let other = sv.cases.first(where: { $0.name == "other" }) else { return }
            collect(source: other.value, translation: translation, form: form, location: location,
                    sourceLocation: other.location ?? sourceLocation, into: &out)
        default:
            return
        }
    }

    /// One problem of one compared string, before it becomes a finding.
    struct Defect {
        /// Problems of the same kind in several strings of one entry are one defect (one finding).
        var kind: String
        var message: String
        var severity: Severity?
        var text: ComparedText
        /// The same defect in many keys of a locale's file is one cause (`Finding.batchMark`).
        var batch: String? = nil
        /// The change, worded for many translations ("lack the source's italic"), when the same
        /// change in many translations of one source string says more of the source than of them.
        var acrossLocales: SharedChange? = nil
    }

    /// A change many translators make to one source string: one decision about the source.
    struct SharedChange: Hashable {
        /// "N of M translations …"
        var change: String
        var advice: String
        /// Five translators who make the change are one decision whatever their share (a line break
        /// an older source had); otherwise a third of the translations at least must make it (five
        /// of 24 that drop a bold name are five slips).
        var atAnyShare = false
    }

    /// From this many translations of one source string with the same change (see `SharedChange`), the
    /// change is one finding at the source: DuckDuckGo's "improve the\nDuckDuckGo VPN." loses its
    /// break in 11 of 24 locales, "if you *do* want" its italic in 13.
    static let sameChangeFolds = 5

    /// The findings of one pair: one per kind of defect, at its first string; the other plural forms
    /// or variation cases with the same kind of defect become notes of it.
    static func findings(_ rule: RuleDescription, _ pair: TranslationPair, _ defects: [Defect]) -> [Finding] {
        guard !defects.isEmpty else { return [] }
        var order: [String] = []
        var byKind: [String: [Defect]] = [:]
        for defect in defects {
            if byKind[defect.kind] == nil { order.append(defect.kind) }
            byKind[defect.kind, default: []].append(defect)
        }
        return order.map { kind in
            let group = byKind[kind]!
            let first = group[0]
            var notes: [Finding.Note] = []
            for other in group.dropFirst() {
                notes.append(Finding.Note(message: "the same in \(other.text.formPrefix)\"\(other.text.translation.visibleExcerpt)\"",
                                          location: other.text.location))
            }
            // A bilingual unit's own source text (no source entry of its file) is in that unit.
            notes.append(Finding.Note(message: "source: \"\(first.text.source.visibleExcerpt)\"",
                                      location: first.text.sourceLocation ?? pair.translation.location))
            var finding = Finding.entry(rule, first.text.formPrefix + first.message, at: first.text.location, locale: pair.locale,
                                        table: pair.table, key: pair.key, severity: first.severity, notes: notes)
            finding.batchMark = first.batch
            return finding
        }
    }

    /// Runs `check` over every compared string of every pair and gathers the findings.
    /// `mayDiffer(source, translation)` is a cheap byte test run first on every pair of strings: false
    /// when the rule can have nothing to say about them.
    static func check(_ context: RuleContext, _ rule: RuleDescription, mayDiffer: (String, String) -> Bool = { _, _ in true },
                      _ check: (ComparedText, _ language: String, _ pair: TranslationPair) -> [Defect]) -> [Finding] {
        var findings: [Finding] = []
        // Pairs come grouped by table and locale: the language changes rarely.
        var lastLocale: Int32? = nil, language = ""
        let pairs = context.pairs, facts = context.pairFacts
        var changes = SharedChanges()
        for position in pairs.indices {
            // A translation equal to its source has nothing to compare: settled by the pair's facts,
            // before the pair is copied out (unless an XLIFF unit carries a source of its own).
            let ownSource = pairs[position].translation.sourceValue != nil
            if facts[position].contains(.identical) && !ownSource { continue }
            // Two plain strings (most pairs) are read and tested in place: those the byte test passes
            // over are settled before the pair is copied out.
            var plain: (source: String, translation: String)? = nil
            if facts[position].contains(.bothText) && !ownSource,
               case .text(let source) = pairs[position].source.value, case .text(let translation) = pairs[position].translation.value {
                guard !source.isEmpty, !translation.isEmpty, mayDiffer(source, translation), source != translation else { continue }
                plain = (source, translation)
            }
            let pair = pairs[position]
            if pair.localeID != lastLocale || pair.localeID < 0 {
                lastLocale = pair.localeID
                language = LanguageTag.languageSubtag(of: pair.locale)
            }
            // An XLIFF unit's own source against its target, when both are plain too.
            if plain == nil, case .text(let source) = pair.translation.sourceValue ?? pair.source.value, case .text(let translation) = pair.translation.value {
                guard !source.isEmpty, !translation.isEmpty, mayDiffer(source, translation), source != translation else { continue }
                plain = (source, translation)
            }
            let defects: [Defect]
            // No list of compared texts is built for two plain strings.
            if let (source, translation) = plain {
                guard let origin = Self.source(of: pair) else { continue }
                defects = check(ComparedText(source: source, translation: translation, location: pair.location,
                                             sourceLocation: origin.location, form: nil), language, pair)
            } else {
                defects = compared(pair).filter { $0.source != $0.translation && mayDiffer($0.source, $0.translation) }
                    .flatMap { check($0, language, pair) }
            }
            if !defects.isEmpty {
                changes.note(defects, of: pair, findingsFrom: findings.count)
                findings += self.findings(rule, pair, defects)
            }
        }
        return changes.folded(findings, rule, index: context.index)
    }

    /// The translations of each source string, and those that make one change to it.
    struct SharedChanges {
        struct SourceString: Hashable { var table: Int32; var key: Int32 }
        struct Change: Hashable { var string: SourceString; var change: SharedChange }
        struct Member { var finding: Int; var place: LocalePlace; var source: SourceLocation?; var table: String; var key: String }
        var members: [Change: [Member]] = [:]

        /// The translations of a source string, as `translationPairs` makes them (those equal to it
        /// and those without the rule's concern included): asked only of strings enough translations
        /// change, not counted for every pair.
        static func translations(of string: SourceString, in index: ProjectIndex) -> Int {
            let set = index.tableSets[Int(string.table)]
            return set.alignedEntries.reduce(0) { $0 + ($1[Int(string.key)]?.shouldTranslate == true ? 1 : 0) }
        }

        /// The pair's findings start at `first`, one per kind of defect in the order the kinds first occur.
        mutating func note(_ defects: [Defect], of pair: TranslationPair, findingsFrom first: Int) {
            var kinds: [String] = []
            for defect in defects {
                if !kinds.contains(defect.kind) { kinds.append(defect.kind) }
                guard let change = defect.acrossLocales, defect.text.form == nil, pair.tableIndex >= 0 else { continue }
                let string = SourceString(table: pair.tableIndex, key: pair.keyPosition)
                members[Change(string: string, change: change), default: []].append(Member(
                    finding: first + kinds.count - 1, place: LocalePlace(locale: pair.locale, location: defect.text.location),
                    source: defect.text.sourceLocation, table: pair.table.name, key: pair.key))
            }
        }

        /// `findings` with each change that enough translations make as one note at the source.
        func folded(_ findings: [Finding], _ rule: RuleDescription, index: ProjectIndex) -> [Finding] {
            let shared = members.filter { change, group in
                group.count >= ContentTexts.sameChangeFolds
                    && (change.change.atAnyShare || group.count * 3 >= Self.translations(of: change.string, in: index))
            }
            guard !shared.isEmpty else { return findings }
            var dropped = Set<Int>()
            var atSource: [Finding] = []
            for (change, group) in shared {
                dropped.formUnion(group.map(\.finding))
                let first = group[0], total = Self.translations(of: change.string, in: index)
                let ordered = LocalePlace.ordered(group.map(\.place))
                atSource.append(Finding(ruleID: rule.id, severity: .note,
                                        message: "\(group.count) of \(total) translations \(change.change.change): \(change.change.advice)",
                                        location: group.compactMap(\.source).min() ?? ordered[0].location, table: first.table, key: first.key,
                                        notes: LocalePlace.notes(for: ordered, shown: ordered.count)))
            }
            return findings.indices.filter { !dropped.contains($0) }.map { findings[$0] } + atSource
        }
    }

    /// The source lines a one-line translation lacks when it is a translation of one line of the
    /// source alone: it ends where the source's first line ends, with the same final mark ("…variant:"
    /// before the list of variants), or it is the last line alone (the paragraph before it dropped,
    /// a line break left at its edge), and is no longer than a translation of that line (1.6 times
    /// it) with that line's placeholders; nil otherwise.
    static func linesCutOff(source: String, translation: String, language: String) -> (missing: Int, keptLast: Bool)? {
        guard source.containsByte(0x0A) else { return nil }
        // Most translations keep the source's breaks: only one whose breaks all stand at its edges
        // is trimmed (this runs for every text whose source has a line break).
        let translationBreaks = translation.containsByte(0x0A)
        let kept: String
        if translationBreaks {
            let scalars = translation.unicodeScalars
            guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }),
                  !scalars[first...last].contains("\n") else { return nil }
            kept = String(scalars[first...last])
        } else {
            kept = translation
        }
        let lines = source.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count >= 2 else { return nil }
        func translates(_ line: Substring) -> Bool {
            let line = String(line)
            guard let mark = EndPunctuation.endMark(of: line, language: "en"),
                  EndPunctuation.endMark(of: kept, language: language) == mark,
                  kept.unicodeScalars.count * 10 <= line.unicodeScalars.count * 16 else { return false }
            // Its placeholders, and no more sentences than it has (a Chinese translation of two lines
            // in one is short, and a translation of the last line alone carries that line's "$1").
            return placeholders(line) == placeholders(kept)
                && PunctuationMismatchRule.hasInnerSentenceEnd(kept) == PunctuationMismatchRule.hasInnerSentenceEnd(line)
        }
        // The first line: a translation without any line break stopped there.
        if !translationBreaks, translates(lines[0]) { return (lines.count - 1, false) }
        // The last line: one that kept a line break where the paragraphs before it were.
        if translationBreaks, placeholders(String(lines[lines.count - 1])) != placeholders(String(lines[0])),
           translates(lines[lines.count - 1]) {
            return (lines.count - 1, true)
        }
        return nil
    }

    /// Format specifiers and MediaWiki's `$1`, sorted: what a translation of a text must carry.
    private static func placeholders(_ text: String) -> [String] {
        var found = FormatSpecifiers.scan(text).specifiers.map(\.text)
        let scalars = text.scalarArray
        for i in scalars.indices.dropLast() where scalars[i] == "$" && scalars[i + 1].properties.numericType != nil {
            found.append("$\(scalars[i + 1])")
        }
        return found.sorted()
    }

    /// Languages written without spaces between words: a space the source has at an edge (where the
    /// code joins it to another string) is often rightly dropped.
    static let unspacedLanguages: Set<String> = ["ja", "zh", "yue", "wuu", "th", "lo", "km", "my", "bo", "dz"]

    /// Languages that set a no-break space before `: ; ! ? »` and after `«`.
    static let spacedPunctuationLanguages: Set<String> = ["fr", "br"]

    /// The scalar is white space (a space, a no-break or narrow no-break space, a line break, …).
    @inline(__always)
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.value == 0x0B || scalar.value == 0x0C }
        return scalar.isWhitespaceFast
    }

    /// Invisible formatting characters (bidi marks and isolates, zero-width joiners) that a text may
    /// carry at an edge without changing what the reader sees there.
    @inline(__always)
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        // Variation selectors too: one left after a full stop (".\u{FE0F}", copied from an emoji
        // picker) shows nothing, and the full stop still ends the text.
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF, 0x061C, 0xFE00...0xFE0F: return true
        default: return false
        }
    }
}
