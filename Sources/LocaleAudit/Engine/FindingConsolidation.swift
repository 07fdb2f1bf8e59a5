/// One defect, one finding. Rules look at the catalogs one representation and one locale at a time,
/// so a single defect can surface several times: in a String Catalog and again in the `.xcloc` exported
/// from it, in the source entry and again in every translation that copied it, under two rules at one
/// position, or once per string of a locale the app does not even ship. This pass, run after the rules,
/// keeps the finding a developer acts on and turns the others into notes of it.
enum FindingConsolidation {
    static func consolidate(_ findings: [Finding], project: Project) -> [Finding] {
        var findings = dropDominated(findings)
        findings = mergeReaderFindingsAtOnePlace(findings)
        findings = mergeRepresentations(findings, project: project)
        // After the merge: an export's copy of a state rides on the catalog's finding, and goes with it.
        findings = dropEntryDominated(findings)
        findings = mergeTableCopies(findings, project: project)
        findings = mergeIncompleteCopies(findings, project: project)
        findings = mergeSourceCopies(findings, project: project)
        findings = mergeLocaleCopies(findings, project: project)
        findings = foldIntoTableCopies(findings)
        findings = foldMissingIntoBrokenCopies(findings)
        findings = foldUndeclaredLocales(findings)
        findings = mergeFolderNameCopies(findings)
        // Last: the merges above have given each finding its copies' notes, which a batch's first keeps.
        findings = batchRepeats(findings)
        return findings
    }

    /// The note that stands for a finding repeated in another copy of a table (Wikipedia's two trees).
    static let copyNote = "the same in another copy of this table"

    /// At least this many findings of one cause (one `batchMark`) in one table of one file are one.
    static let batchMinimum = 3

    /// Findings that carry the same `batchMark`, of one rule, table, locale and file, are one cause
    /// repeated over keys: one finding at the first key, the other keys its notes. CotEditor's new
    /// Unicode block names, missing in 15 of 16 locales, were eight findings; Wikipedia's Spanish
    /// strings that an import began with a line break, 60. A finding that points at each locale's
    /// unit (an XLIFF export) carries no mark and stays alone.
    static func batchRepeats(_ findings: [Finding]) -> [Finding] {
        struct Batch: Hashable { var rule: String; var file: String; var table: String; var locale: String?; var mark: String }
        var members: [Batch: [Int]] = [:]
        for (i, finding) in findings.enumerated() {
            guard let mark = finding.batchMark, finding.key != nil, let table = finding.table,
                  let file = finding.location?.file else { continue }
            members[Batch(rule: finding.ruleID, file: file, table: table, locale: finding.locale, mark: mark), default: []].append(i)
        }
        guard !members.isEmpty else { return findings }
        var dropped = Set<Int>()
        var batched: [Int: Finding] = [:]
        for indices in members.values where indices.count >= batchMinimum {
            let ordered = indices.sorted { a, b in
                let x = findings[a].location!, y = findings[b].location!
                return (x.line, x.column, a) < (y.line, y.column, b)
            }
            var first = findings[ordered[0]]
            first.message = "'\(first.key!)' and \(ordered.count - 1) more keys: " + first.message
            first.notes += ordered.dropFirst().map { Finding.Note(message: "also '\(findings[$0].key!)'", location: findings[$0].location) }
            // Every key it stands for, so a translator's fix list (and JSON) still has each.
            first.keys = ordered.map { findings[$0].key! }
            batched[ordered[0]] = first
            dropped.formUnion(ordered.dropFirst())
        }
        // The mark has served: reports and a cached replay see the findings without it.
        return keeping(findings, dropping: dropped) { i, finding in
            var kept = batched[i] ?? finding
            kept.batchMark = nil
            return kept
        }
    }

    /// Wikipedia keeps TranslateWiki's tree and the tree converted from it, each with a `pt-br.lproj`:
    /// one naming of a locale (one finding about a folder name) is one defect, reported at the first
    /// folder, the folders of the other trees as its notes. Names written in files (an XLIFF's
    /// `target-language`) are each fixed in their file and stay apart.
    static func mergeFolderNameCopies(_ findings: [Finding]) -> [Finding] {
        struct Identity: Hashable { var rule: String; var locale: String?; var message: String }
        func identity(_ finding: Finding) -> Identity? {
            guard finding.ruleID.hasPrefix("locale-"), finding.key == nil, finding.table == nil,
                  let folder = finding.location?.file, folder.hasSuffix(".lproj") else { return nil }
            return Identity(rule: finding.ruleID, locale: finding.locale, message: finding.message)
        }
        return foldIntoFirst(findings, identity: identity) { Finding.Note(message: "the same folder name in another tree", location: $0.location) }
    }

    /// Findings of one `identity` are one: the first keeps its place, each other one becomes the
    /// note `note` makes of it. Findings without an identity pass through.
    static func foldIntoFirst<Identity: Hashable>(_ findings: [Finding], identity: (Finding) -> Identity?,
                                                  note: (Finding) -> Finding.Note) -> [Finding] {
        var first: [Identity: Int] = [:]
        var notes: [Int: [Finding.Note]] = [:]
        var dropped = Set<Int>()
        for (i, finding) in findings.enumerated() {
            guard let id = identity(finding) else { continue }
            if let kept = first[id] {
                notes[kept, default: []].append(note(finding))
                dropped.insert(i)
            } else {
                first[id] = i
            }
        }
        guard !dropped.isEmpty else { return findings }
        return keeping(findings, dropping: dropped, addingNotes: notes)
    }

    // MARK: A table copied from another locale

    /// Rules whose finding on a key of a table that `locale-copy` reports says what the copy says:
    /// the Gaelic table copied from Welsh holds Welsh text.
    static let explainedByTableCopy: Set<String> = ["wrong-language"]

    /// A key's finding that a copied table explains becomes a note of the `locale-copy` finding
    /// (same file, locale and table, the key among those it names): one defect, fixed by
    /// translating the table.
    static func foldIntoTableCopies(_ findings: [Finding]) -> [Finding] {
        struct Table: Hashable { var file: String; var locale: String; var table: String }
        func table(_ finding: Finding) -> Table? {
            guard let file = finding.location?.file, let locale = finding.locale, let table = finding.table else { return nil }
            return Table(file: file, locale: locale, table: table)
        }
        var copies: [Table: (index: Int, keys: Set<String>)] = [:]
        for (i, finding) in findings.enumerated() where finding.ruleID == LocaleCopyRule.description.id {
            if let place = table(finding) { copies[place] = (i, Set(finding.keys)) }
        }
        guard !copies.isEmpty else { return findings }
        var notes: [Int: [Finding.Note]] = [:]
        var dropped = Set<Int>()
        for (i, finding) in findings.enumerated() where explainedByTableCopy.contains(finding.ruleID) {
            guard let key = finding.key, let place = table(finding), let copy = copies[place], copy.keys.contains(key) else { continue }
            notes[copy.index, default: []].append(Finding.Note(message: "\(finding.ruleID): \(finding.message)", location: finding.location))
            dropped.insert(i)
        }
        guard !dropped.isEmpty else { return findings }
        return keeping(findings, dropping: dropped, addingNotes: notes)
    }

    // MARK: A string one copy of a table lacks, because the other copy's is broken

    /// Findings on a translation whose message a converter would reject.
    static let brokenMessageRules: Set<String> = ["format-count-mismatch", "format-specifier-invalid", "format-type-mismatch",
                                                  "format-stray-fragment"]

    /// Wikipedia's native tables are converted from its TranslateWiki messages, and the converter
    /// leaves out a message whose placeholders are broken: the native copy of the table then lacks
    /// the string. That missing translation is the broken message's consequence, mended with it: a
    /// note of the format finding, which points at the text to fix. A copy of a table that lacks a
    /// key another copy has (same locale, table name and key) is such a copy.
    static func foldMissingIntoBrokenCopies(_ findings: [Finding]) -> [Finding] {
        struct Place: Hashable { var locale: String; var table: String; var key: String }
        func place(_ finding: Finding) -> Place? {
            guard let locale = finding.locale, let table = finding.table, let key = finding.key else { return nil }
            return Place(locale: locale, table: table, key: key)
        }
        var broken: [Place: Int] = [:]
        for (i, finding) in findings.enumerated() where brokenMessageRules.contains(finding.ruleID) && finding.severity != .note {
            if let place = place(finding) { broken.insertIfAbsent(i, forKey: place) }
        }
        guard !broken.isEmpty else { return findings }
        var dropped = Set<Int>(), notes: [Int: [Finding.Note]] = [:]
        for (i, finding) in findings.enumerated() where finding.ruleID == "missing-translation" {
            guard let place = place(finding), let cause = broken[place] else { continue }
            dropped.insert(i)
            notes[cause, default: []].append(Finding.Note(
                message: "so another copy of this table, converted from it, lacks the \(place.locale) string: the app shows it untranslated until this is mended",
                location: finding.location))
        }
        return keeping(findings, dropping: dropped, addingNotes: notes)
    }

    // MARK: Two rules, one defect

    /// (more specific, less specific): at one position of one entry, the second says less about the
    /// same defect. A type mismatch tells what to delete; "mixed positional" only that something is off.
    static let dominance: [(kept: String, dropped: String)] = [
        ("format-type-mismatch", "format-mixed-positional"),
        ("format-specifier-invalid", "format-mixed-positional"),
        // An English label in an Arabic table: "left untranslated" says why there is no Arabic in it.
        ("a11y-untranslated", "rtl-no-rtl-text"),
        ("untranslated", "rtl-no-rtl-text"),
        // A value left in English is also "translated another way" than its siblings: translate it.
        ("untranslated", "inconsistent-translation"),
        ("a11y-untranslated", "a11y-inconsistent-label"),
        // A label's added full stop: the accessibility rule says why it matters for a label.
        ("a11y-label-period", "punctuation-mismatch"),
        // "u200f%@ …": the mark the translator meant lost its backslash, and its letter 'u' now leads
        // the text; writing the mark itself mends both.
        ("escape-artifact", "rtl-leading-ltr"),
    ]

    /// The same, for findings about one entry that sit at different positions of it: a String
    /// Catalog's state is reported where the localization starts, the text where its value does. A
    /// value identical to the source (or without a right-to-left letter) whose state is `new` is
    /// one untranslated string: the finding that says what is wrong with the text stays.
    static let entryDominance: [(kept: String, dropped: String)] = [
        ("untranslated", "translation-state"),
        ("rtl-no-rtl-text", "translation-state"),
    ]

    static func dropDominated(_ findings: [Finding]) -> [Finding] {
        let dropped = Set(dominance.map(\.dropped))
        guard findings.contains(where: { dropped.contains($0.ruleID) }) else { return findings }
        struct Place: Hashable { var location: SourceLocation; var locale: String?; var key: String? }
        var rulesAt: [Place: Set<String>] = [:]
        for finding in findings {
            guard let location = finding.location, finding.key != nil else { continue }
            rulesAt[Place(location: location, locale: finding.locale, key: finding.key), default: []].insert(finding.ruleID)
            // A finding reported once for several locales (no locale of its own) covers the places
            // its notes name: any locale there.
            if finding.locale == nil {
                for note in finding.notes {
                    guard let place = note.location else { continue }
                    rulesAt[Place(location: place, locale: nil, key: finding.key), default: []].insert(finding.ruleID)
                }
            }
        }
        return findings.filter { finding in
            guard dropped.contains(finding.ruleID), let location = finding.location else { return true }
            let rules = rulesAt[Place(location: location, locale: finding.locale, key: finding.key), default: []]
                .union(rulesAt[Place(location: location, locale: nil, key: finding.key)] ?? [])
            return !dominance.contains { $0.dropped == finding.ruleID && rules.contains($0.kept) }
        }
    }

    static func dropEntryDominated(_ findings: [Finding]) -> [Finding] {
        let dropped = Set(entryDominance.map(\.dropped)), kept = Set(entryDominance.map(\.kept))
        struct Entry: Hashable { var file: String; var locale: String; var table: String?; var key: String }
        func entry(_ finding: Finding) -> Entry? {
            guard let file = finding.location?.file, let locale = finding.locale, let key = finding.key else { return nil }
            return Entry(file: file, locale: locale, table: finding.table, key: key)
        }
        var rulesAt: [Entry: Set<String>] = [:]
        for finding in findings where kept.contains(finding.ruleID) {
            if let place = entry(finding) { rulesAt[place, default: []].insert(finding.ruleID) }
        }
        guard !rulesAt.isEmpty else { return findings }
        return findings.filter { finding in
            guard dropped.contains(finding.ruleID), let place = entry(finding), let rules = rulesAt[place] else { return true }
            return !entryDominance.contains { $0.dropped == finding.ruleID && rules.contains($0.kept) }
        }
    }

    // MARK: One element, several complaints

    /// A reader that finds two things wrong with one element or attribute (an isolated `<ec>` with
    /// a `startRef`: no `id`, and a `startRef` it must not have) reports one finding there, the
    /// other complaints as its notes: the developer edits that one place once.
    static func mergeReaderFindingsAtOnePlace(_ findings: [Finding]) -> [Finding] {
        // An ill-formed `srcLang`/`trgLang` is invalid XLIFF too: locale-ill-formed says what is wrong
        // with the tag and how to write it, so the reader's complaint at the same place goes.
        let illFormedAt = Set(findings.filter { $0.ruleID == "locale-ill-formed" }.compactMap(\.location))
        let findings = illFormedAt.isEmpty ? findings : findings.filter { finding in
            !(finding.ruleID == "xliff-invalid" && finding.location.map(illFormedAt.contains) == true)
        }
        struct Place: Hashable { var rule: String; var location: SourceLocation; var key: String? }
        return foldIntoFirst(findings, identity: { (finding: Finding) -> Place? in
            guard readerRules.contains(finding.ruleID), let location = finding.location else { return nil }
            return Place(rule: finding.ruleID, location: location, key: finding.key)
        }, note: { Finding.Note(message: "also here: \($0.message)") })
    }

    /// How directly a developer edits a file: catalogs first, then Xcode's `.xcloc` exports, then other
    /// XLIFF files (exports and imports of translation tools).
    static func editRank(_ file: DiscoveredFile) -> Int {
        guard file.format == .xliff else { return 0 }
        // A byte search: Foundation's `contains` compares Unicode text, and every file is asked.
        return file.path.firstByteRange(of: ".xcloc/") != nil ? 1 : 2
    }

    /// The same finding (rule, locale, table, key) in a catalog and in an XLIFF export of it is
    /// reported once, at the file the developer edits; the copies become notes. Findings are matched
    /// with their messages first; an export's finding whose message differs (an XLIFF state is
    /// spelled `needs-review-translation` where the catalog says `needs_review`) joins the catalog's
    /// finding of the same rule and key, its message kept in the note.
    static func mergeRepresentations(_ findings: [Finding], project: Project) -> [Finding] {
        let ranks = Dictionary(project.files.map { ($0.path, editRank($0)) }, uniquingKeysWith: { a, _ in a })
        // Only a run that holds both an export and something more directly edited can repeat itself.
        guard Set(ranks.values).count > 1 else { return findings }
        struct Identity: Hashable { var rule: String; var locale: String?; var table: String?; var key: String; var message: String? }
        func identity(_ finding: Finding, withMessage: Bool) -> Identity? {
            // A finding about a whole table of a locale (locale-incomplete) has no key: the table is its place.
            guard let key = finding.key ?? (finding.table != nil && finding.locale != nil ? "" : nil) else { return nil }
            return Identity(rule: finding.ruleID, locale: finding.locale, table: finding.table, key: key,
                            message: withMessage ? finding.message : nil)
        }
        // Each finding's two identities are interned once (a message is long to hash): the passes
        // below index arrays by them. -1: no identity.
        var interned = Interner<Identity>(capacity: findings.count * 2)
        let exactIDs = findings.map { identity($0, withMessage: true).map { interned.id(of: $0) } ?? -1 }
        let looseIDs = findings.map { identity($0, withMessage: false).map { interned.id(of: $0) } ?? -1 }
        let rankOf = findings.map { finding in finding.location.flatMap { ranks[$0.file] } }
        // The most directly edited file each finding appears in, with and without its message.
        var best = [Int](repeating: Int.max, count: interned.count)
        for i in findings.indices {
            guard let rank = rankOf[i], exactIDs[i] >= 0 else { continue }
            best[exactIDs[i]] = min(best[exactIDs[i]], rank)
            best[looseIDs[i]] = min(best[looseIDs[i]], rank)
        }
        var kept: [Finding] = []
        var keptAt = [Int](repeating: -1, count: interned.count)
        var copies: [(index: Int, exact: Bool)] = []
        for (i, finding) in findings.enumerated() {
            let exact = exactIDs[i], loose = looseIDs[i]
            guard let rank = rankOf[i], exact >= 0 else {
                kept.append(finding)
                continue
            }
            if rank > best[exact] || rank > best[loose] {
                copies.append((i, rank > best[exact]))
                continue
            }
            for id in [exact, loose] where keptAt[id] < 0 { keptAt[id] = kept.count }
            kept.append(finding)
        }
        for (i, exact) in copies {
            let copy = findings[i]
            let index = keptAt[exact ? exactIDs[i] : looseIDs[i]]
            guard index >= 0 else {
                kept.append(copy)  // nothing to join (cannot happen: a better-ranked finding exists)
                continue
            }
            let message = exact ? "the same in an exported copy (re-export it after the fix)"
                                : "also in an exported copy (re-export it after the fix): \(copy.message)"
            // A finding about several locales stands at the source, which every file of an export
            // repeats (the first by name need not be among them): the copy's first member is the place.
            let place = copy.locale == nil ? copy.notes.first(where: { $0.location != nil })?.location ?? copy.location : copy.location
            kept[index].notes.append(Finding.Note(message: message, location: place))
        }
        return kept
    }

    // MARK: One table, several copies

    /// Projects keep copies of one table in several folders: Wikipedia ships TranslateWiki's tree and
    /// the tree converted from it, an app and its extensions repeat their `InfoPlist.strings`, an
    /// XLIFF export holds every catalog of the project. The same finding (rule, severity, locale,
    /// table, key, message) in several files is one defect: it is reported once, at the most directly
    /// edited file (then the first by path and line), with every other place as a note. Then the same
    /// again for messages that differ only in what they quote: copies of a string worded apart.
    static let readerRules = Set(RuleEngine.descriptions.filter(\.reportedByReaders).map(\.id))

    static func mergeTableCopies(_ findings: [Finding], project: Project) -> [Finding] {
        let places = CopyPlaces(project)
        let exact = mergeCopies(findings, project: project, places: places, wording: placeholdersFolded)
        // A table's own findings (its size, its coverage) are left to `mergeIncompleteCopies`: their
        // numbers tell an app's table from its widget's of the same name.
        let reworded = mergeCopies(exact, project: project, places: places, keyedOnly: true, wording: defectShape)
        // One tree's copy of a string is an accessibility label and the other's is not (the key
        // reads as one only in one of them): its missing or untranslated copies are one defect too.
        return mergeCopies(reworded, project: project, places: places, keyedOnly: true, family: accessibilityFamilies, wording: { _ in "" })
    }

    /// Where a copy of a table lives: its file, or for a file that holds several tables of one name
    /// and locale (an Xcode export's `<file>` for the iOS widget's `Localizable.strings`, another for
    /// the macOS widget's, a third for the app's), the file and the table a line falls in.
    struct CopyPlaces {
        /// Per such file, each table's first and last entry line, in file order.
        private var ranges: [String: [(first: Int, last: Int)]] = [:]

        init(_ project: Project) {
            struct Name: Hashable { var path: String; var name: String; var locale: String? }
            var counts: [Name: Int] = [:]
            for table in project.tables { counts[Name(path: table.path, name: table.name, locale: table.locale), default: 0] += 1 }
            for table in project.tables where counts[Name(path: table.path, name: table.name, locale: table.locale)]! > 1 {
                let lines = table.entries.map(\.location.line)
                guard let first = lines.min(), let last = lines.max() else { continue }
                ranges[table.path, default: []].append((first, last))
            }
            for path in ranges.keys { ranges[path]!.sort { $0.first < $1.first } }
        }

        func place(of location: SourceLocation) -> String {
            guard let tables = ranges[location.file],
                  let index = tables.lastIndex(where: { $0.first <= location.line }) else { return location.file }
            return "\(location.file)#\(index)"
        }
    }

    /// The accessibility rules that say of an accessibility string what the general rule says of others.
    static let accessibilityFamilies = ["a11y-missing": "missing-translation", "a11y-untranslated": "untranslated",
                                        "missing-translation": "missing-translation", "untranslated": "untranslated"]

    /// One pass of `mergeTableCopies`: findings whose `wording` agrees (with rule, severity, locale,
    /// table and key) in several files are one defect. The n-th such finding of one file pairs with
    /// the n-th of another, so two defects of one string in both copies stay two.
    /// `family`, when given, names the rules compared (others are left alone) and the rule each
    /// counts as.
    private static func mergeCopies(_ findings: [Finding], project: Project, places: CopyPlaces, keyedOnly: Bool = false,
                                    family: [String: String]? = nil, wording: (String) -> String) -> [Finding] {
        let ranks = Dictionary(project.files.map { ($0.path, editRank($0)) }, uniquingKeysWith: { a, _ in a })
        struct Identity: Hashable {
            var rule: String; var severity: Severity; var locale: String?; var table: String?; var key: String?; var message: String
            var occurrence = 0
        }
        func identity(_ finding: Finding) -> Identity? {
            // What a reader finds (syntax, encoding, an invalid XLIFF) is a defect of its file's bytes,
            // and so is a finding about no key and no locale's table: each file is fixed on its own.
            guard finding.location != nil, !readerRules.contains(finding.ruleID),
                  finding.key != nil || (!keyedOnly && finding.table != nil && finding.locale != nil) else { return nil }
            let rule = family.map { $0[finding.ruleID] } ?? finding.ruleID
            guard let rule else { return nil }
            // Locale folders spelled apart by case (Wikipedia's sr-ec.lproj and sr-EC.lproj) are copies too.
            return Identity(rule: rule, severity: family == nil ? finding.severity : .note, locale: finding.locale?.lowercased(),
                            table: finding.table, key: finding.key, message: wording(finding.message))
        }
        func order(_ finding: Finding) -> (Int, String, Int, Int) {
            let location = finding.location!
            return (ranks[location.file] ?? 0, location.file, location.line, location.column)
        }
        // Each finding's identity interned once (a message is long to hash); -1: none.
        var interned = Interner<Identity>(capacity: findings.count)
        struct InFile: Hashable { var identity: Identity; var file: String }
        var seenInFile: [InFile: Int] = [:]
        let ids = findings.map { finding -> Int in
            guard var id = identity(finding) else { return -1 }
            let inFile = InFile(identity: id, file: places.place(of: finding.location!))
            id.occurrence = seenInFile[inFile, default: 0]
            seenInFile[inFile] = id.occurrence + 1
            return interned.id(of: id)
        }
        var best = [Int](repeating: -1, count: interned.count)
        // The first file each identity is found in, and whether another file has it too.
        var firstFile = [String?](repeating: nil, count: interned.count)
        var inSeveralFiles = [Bool](repeating: false, count: interned.count)
        for (i, finding) in findings.enumerated() {
            let id = ids[i]
            guard id >= 0 else { continue }
            let file = places.place(of: finding.location!)
            if let first = firstFile[id] {
                if first != file { inSeveralFiles[id] = true }
            } else {
                firstFile[id] = file
            }
            if best[id] >= 0, order(findings[best[id]]) <= order(finding) { continue }
            best[id] = i
        }
        // Nothing repeats across files: the common case costs one pass.
        guard inSeveralFiles.contains(true) else { return findings }
        var copies: [Int: [Finding.Note]] = [:]
        var dropped = Set<Int>()
        for (i, finding) in findings.enumerated() {
            let id = ids[i]
            guard id >= 0, inSeveralFiles[id], case let keep = best[id], keep != i,
                  places.place(of: findings[keep].location!) != places.place(of: finding.location!) else { continue }
            // Placeholders written another way are the same words; other wording is shown.
            let message = placeholdersFolded(finding.message) == placeholdersFolded(findings[keep].message)
                ? copyNote
                : "\(copyNote), worded there: \(finding.message)"
            copies[keep, default: []].append(Finding.Note(message: message, location: finding.location))
            dropped.insert(i)
        }
        return keeping(findings, dropping: dropped) { i, finding in
            guard let notes = copies[i] else { return finding }
            var merged = finding
            merged.notes += notes.sorted { ($0.location!.file, $0.location!.line) < ($1.location!.file, $1.location!.line) }
            return merged
        }
    }

    /// What a message says with what it quotes and counts left out: one string's copies in two trees
    /// differ in wording ("{{PLURAL:$1|…}}" against a `.stringsdict` form, " $1 икән, …" against
    /// " %1$@ икән…"), so the same defect of both is quoted and located two ways ("after 'список}}'",
    /// "at UTF-16 {204, 6}"). Double-quoted and single-quoted passages and numbers are dropped, and
    /// so is the "the 'format' form " that names a plural form.
    static func defectShape(_ message: String) -> String {
        // On the UTF-8 bytes: every mark it looks for is ASCII, and messages that list strings are
        // long (appending scalar by scalar cost a quarter of a million instructions per finding).
        var message = message
        return message.withUTF8 { b -> String in
            let n = b.count
            var out: [UInt8] = []
            out.reserveCapacity(n)
            var i = 0
            let formPrefix = Array("the '".utf8), formEnd = Array("' form ".utf8)
            if n >= formPrefix.count, b.starts(with: formPrefix),
               let start = formEnd.withUnsafeBufferPointer({ ByteSearch.firstOffset(of: $0, in: b) }) { i = start + formEnd.count }
            var previous = UInt8(ascii: " ")
            while i < n {
                let c = b[i]
                i += 1
                if c == UInt8(ascii: "\"") {
                    // Up to the closing quote; a quote inside is escaped.
                    while i < n {
                        let q = b[i]
                        i += 1
                        if q == UInt8(ascii: "\"") { break }
                        if q == UInt8(ascii: "\\") { i += 1 }
                    }
                    out.append(c)
                } else if c == UInt8(ascii: "'"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "("),
                          let close = b[i...].firstIndex(of: UInt8(ascii: "'")),
                          close + 1 == n || !Self.startsWithLetter(b, at: close + 1) {
                    // A quoted mark or fragment, not an apostrophe ("source's").
                    i = close + 1
                    out.append(c)
                } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                    if previous != UInt8(ascii: "#") { out.append(UInt8(ascii: "#")) }
                    previous = UInt8(ascii: "#")
                    continue
                } else {
                    out.append(c)
                }
                previous = c
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Whether the character starting at byte `index` is a letter.
    private static func startsWithLetter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let first = bytes[index]
        if first < 0x80 { return (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z") }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first?.properties.isAlphabetic ?? false
    }

    /// Wikipedia's converted tree keeps a string or two fewer than TranslateWiki's (a plural moved to
    /// its `.stringsdict`), and copies English where the other leaves a string out, so one locale's
    /// `locale-incomplete` lists 681 strings in one copy and 680 in the other. Findings of one locale
    /// and table name whose strings showing in the source language (missing or identical) are the
    /// same but for a few are one table's copies: the most directly edited is kept, the others
    /// become notes. Tables of one name that are not copies (an app's and its widget's
    /// `Localizable`) lack other strings.
    static func mergeIncompleteCopies(_ findings: [Finding], project: Project) -> [Finding] {
        let rule = "locale-incomplete"
        struct Group: Hashable { var locale: String; var table: String; var severity: Severity }
        var groups: [Group: [Int]] = [:]
        for (i, finding) in findings.enumerated() where finding.ruleID == rule {
            guard let locale = finding.locale, let table = finding.table, finding.location != nil else { continue }
            // Two trees may spell the locale's folder apart by case (TranslateWiki's sr-ec, sr-EC).
            groups[Group(locale: LanguageTag.caseFolded(locale), table: table, severity: finding.severity), default: []].append(i)
        }
        guard groups.values.contains(where: { $0.count > 1 }) else { return findings }
        let ranks = Dictionary(project.files.map { ($0.path, editRank($0)) }, uniquingKeysWith: { a, _ in a })
        var notes: [Int: [Finding.Note]] = [:]
        var dropped = Set<Int>()
        for members in groups.values where members.count > 1 {
            let ordered = members.sorted { a, b in
                let x = findings[a].location!, y = findings[b].location!
                return (ranks[x.file] ?? 0, x.file, x.line) < (ranks[y.file] ?? 0, y.file, y.line)
            }
            let shown = Dictionary(uniqueKeysWithValues: members.map { ($0, Set(findings[$0].keys + findings[$0].identicalKeys)) })
            for (position, kept) in ordered.enumerated() where !dropped.contains(kept) {
                for other in ordered.dropFirst(position + 1) where !dropped.contains(other) {
                    guard findings[other].location!.file != findings[kept].location!.file,
                          nearlyEqual(shown[kept]!, shown[other]!) else { continue }
                    notes[kept, default: []].append(Finding.Note(
                        message: "another copy of this table: \(shown[other]!.count) strings show in the source language there",
                        location: findings[other].location))
                    dropped.insert(other)
                }
            }
        }
        return keeping(findings, dropping: dropped, addingNotes: notes)
    }

    /// The same strings but for 4 % of them (5 at least: Wikipedia's converted tree also lacks the
    /// few messages its converter left out). Under ten strings nothing tells a copy: a widget's
    /// `InfoPlist` and an extension's may lack the same two.
    static func nearlyEqual(_ a: Set<String>, _ b: Set<String>) -> Bool {
        let scale = max(a.count, b.count)
        guard scale >= 10 else { return false }
        let allowed = max(5, scale / 25)
        // The size of the symmetric difference, counted without building it: each string of the
        // smaller set that the larger lacks adds two (it, and one more the larger has alone).
        let (small, large) = a.count <= b.count ? (a, b) : (b, a)
        var difference = large.count - small.count
        guard difference <= allowed else { return false }
        for string in small where !large.contains(string) {
            difference += 2
            if difference > allowed { return false }
        }
        return true
    }

    /// A message with every placeholder it quotes written one way: TranslateWiki's tree writes `$1`
    /// where the tree converted from it writes `%1$@` or `%1$d`, so one defect quoted from both reads
    /// `" $1 م"` in one and `" %1$@ م"` in the other. Positional placeholders become `#1`; others `#`.
    static func placeholdersFolded(_ message: String) -> String {
        guard message.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "%") }) else { return message }
        // Every character it looks for is ASCII: the bytes are read and written as they are, and a
        // non-ASCII scalar's bytes pass through untouched.
        let bytes = Array(message.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let lengthModifiers = Array("lhqzjt".utf8), conversions = Array("@dDiuUxXoOfFeEgGcCsSaAp".utf8)
        func digits(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9") { end += 1 }
            return end
        }
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "$"), case let end = digits(from: i + 1), end > i + 1 {
                out.append(UInt8(ascii: "#"))
                out.append(contentsOf: bytes[(i + 1)..<end])
                i = end
                continue
            }
            if c == UInt8(ascii: "%") {
                var j = i + 1
                let end = digits(from: j)
                var position: ArraySlice<UInt8> = []
                if end > j, end < bytes.count, bytes[end] == UInt8(ascii: "$") {
                    position = bytes[j..<end]
                    j = end + 1
                }
                while j < bytes.count, lengthModifiers.contains(bytes[j]) { j += 1 }
                if j < bytes.count, conversions.contains(bytes[j]) {
                    out.append(UInt8(ascii: "#"))
                    out.append(contentsOf: position)
                    i = j + 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `findings` without the `dropped` indices, each one kept passed through `update`.
    private static func keeping(_ findings: [Finding], dropping dropped: Set<Int>,
                                _ update: (Int, Finding) -> Finding) -> [Finding] {
        var result: [Finding] = []
        result.reserveCapacity(findings.count - dropped.count)
        for (i, finding) in findings.enumerated() where !dropped.contains(i) { result.append(update(i, finding)) }
        return result
    }

    /// `keeping` where the update is notes added to the findings that stand for the dropped ones.
    private static func keeping(_ findings: [Finding], dropping dropped: Set<Int>, addingNotes notes: [Int: [Finding.Note]]) -> [Finding] {
        keeping(findings, dropping: dropped) { i, finding in
            guard let added = notes[i] else { return finding }
            var merged = finding
            merged.notes += added
            return merged
        }
    }

    // MARK: A defect of the source, copied into translations

    /// A defect the source entry has (a malformed format, a plural that reads its count with the
    /// wrong type) is copied into every translation made from it. It is reported once, at the
    /// source, saying how many translations copy it.
    static func mergeSourceCopies(_ findings: [Finding], project: Project) -> [Finding] {
        let source = project.sourceLanguage
        func isSource(_ locale: String?) -> Bool { locale == source || locale == "Base" }
        let scopes = Dictionary(project.files.map { ($0.path, $0.scope) }, uniquingKeysWith: { a, _ in a })
        struct Identity: Hashable { var rule: String; var scope: String; var table: String?; var key: String; var message: String }
        func identity(_ finding: Finding) -> Identity? {
            guard let key = finding.key, let file = finding.location?.file else { return nil }
            return Identity(rule: finding.ruleID, scope: scopes[file] ?? "", table: finding.table, key: key, message: finding.message)
        }
        var sourceIndex: [Identity: Int] = [:]
        for (i, finding) in findings.enumerated() where isSource(finding.locale) {
            if let id = identity(finding), sourceIndex[id] == nil { sourceIndex[id] = i }
        }
        guard !sourceIndex.isEmpty else { return findings }
        var copiedInto: [Int: [String]] = [:]
        var dropped = Set<Int>()
        for (i, finding) in findings.enumerated() where !isSource(finding.locale) {
            guard let locale = finding.locale, let id = identity(finding), let at = sourceIndex[id] else { continue }
            copiedInto[at, default: []].append(locale)
            dropped.insert(i)
        }
        guard !dropped.isEmpty else { return findings }
        return keeping(findings, dropping: dropped) { i, finding in
            guard let locales = copiedInto[i] else { return finding }
            var merged = finding
            let unique = Set(locales).sorted()
            merged.message += "; \(unique.count) translation\(unique.count == 1 ? "" : "s") copy it: fix the source, then each of them"
            merged.notes.append(Finding.Note(message: "copied into \(unique.joined(separator: ", "))"))
            return merged
        }
    }

    // MARK: A locale copied from another of its language

    /// Rules whose findings say that something is absent: two locales that both lack a string each
    /// need it, so they are not one defect.
    static let absenceRules: Set<String> = ["missing-translation", "a11y-missing", "missing-table", "extra-key", "locale-incomplete"]

    /// A locale made by copying another of its language and script (Najdi Arabic `ars` from `ar`,
    /// `es-419` from `es`) repeats the original's defects word for word: each is one finding, at the
    /// original (the shorter code), with the copy as a note.
    static func mergeLocaleCopies(_ findings: [Finding], project: Project) -> [Finding] {
        let scopes = Dictionary(project.files.map { ($0.path, $0.scope) }, uniquingKeysWith: { a, _ in a })
        struct Identity: Hashable { var rule: String; var scope: String; var table: String?; var key: String; var message: String; var language: LocaleLanguage }
        var languages: [String: LocaleLanguage] = [:]
        func identity(_ finding: Finding) -> Identity? {
            guard let locale = finding.locale, let key = finding.key, let file = finding.location?.file,
                  !absenceRules.contains(finding.ruleID) else { return nil }
            let language = languages[locale] ?? LocaleLanguage(locale)
            languages[locale] = language
            return Identity(rule: finding.ruleID, scope: scopes[file] ?? "", table: finding.table, key: key,
                            message: replacingWord(locale, in: finding.message), language: language)
        }
        var groups: [Identity: [Int]] = [:]
        for (i, finding) in findings.enumerated() {
            if let id = identity(finding) { groups[id, default: []].append(i) }
        }
        var copies: [Int: [Int]] = [:]
        var dropped = Set<Int>()
        for members in groups.values where members.count > 1 {
            let byLocale = members.sorted { a, b in
                let x = findings[a].locale!, y = findings[b].locale!
                return (x.count, x) < (y.count, y)
            }
            let original = byLocale[0]
            for copy in byLocale.dropFirst() where findings[copy].locale != findings[original].locale {
                copies[original, default: []].append(copy)
                dropped.insert(copy)
            }
        }
        guard !dropped.isEmpty else { return findings }
        return keeping(findings, dropping: dropped) { i, finding in
            guard let copied = copies[i] else { return finding }
            var merged = finding
            for copy in copied.sorted() {
                merged.notes.append(Finding.Note(message: "the same in \(findings[copy].locale!), a copy of this text", location: findings[copy].location))
            }
            return merged
        }
    }

    /// `message` with every whole-word occurrence of `word` (a locale code: not the "ar" of "are")
    /// blanked, so that two locales' findings compare as one message.
    static func replacingWord(_ word: String, in message: String) -> String {
        // A byte search first (nearly every message lacks the word); an ASCII word next to another
        // character is left alone below, so bytes decide as Unicode text would.
        guard !word.isEmpty, message.withUTF8Bytes({ m in word.withUTF8Bytes { ByteSearch.firstOffset(of: $0, in: m) != nil } }) else {
            return message
        }
        let isWordByte: (UInt8) -> Bool = { $0 >= 0x80 || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
        let bytes = Array(message.utf8), needle = Array(word.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == needle[0], i + needle.count <= bytes.count, bytes[i..<(i + needle.count)].elementsEqual(needle),
               i == 0 || !isWordByte(bytes[i - 1]), i + needle.count == bytes.count || !isWordByte(bytes[i + needle.count]) {
                out.append(0)
                i += needle.count
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: A locale the app does not ship

    /// Strings of a locale the app does not declare are never shown: `app-locale-undeclared` says so
    /// once, instead of one missing or untranslated string at a time.
    static let shadowedByUndeclaredLocale: Set<String> = [
        "missing-translation", "a11y-missing", "untranslated", "a11y-untranslated", "locale-incomplete", "missing-table",
        "permission-prompt-untranslated",
    ]

    static func foldUndeclaredLocales(_ findings: [Finding]) -> [Finding] {
        let undeclared = findings.indices.filter { findings[$0].ruleID == "app-locale-undeclared" && findings[$0].locale != nil }
        guard !undeclared.isEmpty else { return findings }
        var index: [String: Int] = [:]
        for i in undeclared { index[AppLanguageDeclaration.matchKey(findings[i].locale!)] = i }
        var folded: [Int: Int] = [:]
        var result: [Finding] = []
        for finding in findings {
            if shadowedByUndeclaredLocale.contains(finding.ruleID), let locale = finding.locale,
               let at = index[AppLanguageDeclaration.matchKey(locale)] {
                folded[at, default: 0] += 1
                continue
            }
            result.append(finding)
        }
        guard !folded.isEmpty else { return findings }
        // Indices shift as findings are dropped: match the undeclared findings by identity.
        return result.map { finding in
            guard finding.ruleID == "app-locale-undeclared", let locale = finding.locale,
                  let at = index[AppLanguageDeclaration.matchKey(locale)], let count = folded[at] else { return finding }
            var finding = finding
            finding.notes.append(Finding.Note(message: "\(count) finding\(count == 1 ? "" : "s") about its missing or untranslated strings are left out while the app does not ship it"))
            return finding
        }
    }
}
