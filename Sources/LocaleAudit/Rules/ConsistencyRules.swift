import Foundation

// Catalog consistency: what is missing, extra, empty, left untranslated or marked unfinished.

public struct MissingTranslationRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "missing-translation", name: "Missing translation", severity: .warning,
        summary: "A key of the source language is absent from a locale that has the table.",
        rationale: """
        At run time the app falls back to the development language for that string: a German user \
        meets one English sentence in a German screen. The finding sits on the source entry and names \
        the locale; the note says which file should gain the key. A key that three quarters of the \
        locales lack (a new string not sent to translators yet; partial locales count too when most \
        complete locales lack it) is one finding naming them, and three or \
        more such keys of a table that the same locales lack (a batch of new strings) are one finding. Likewise \
        three or more keys one locale lacks in a file are one task for its translator: one finding at the \
        first, the other keys its notes (and each a unit of the XLIFF fix list). Interface Builder's default \
        titles ("Button", "Label") on objects the code titles at run time are seen by no one, and a name \
        (the app's, a platform term such as iCloud) reads the same in every language: neither is \
        reported. A regional variant of the source language shows its text by design: en-GB, en-AU \
        and the other Englishes lacking a string of an American English source is a note, and only \
        when they may spell a word of it differently (color, center, catalog, canceled, organize). \
        A copy of a table converted from another (Wikipedia's native tables from its TranslateWiki \
        messages) lacks a string when the converter left out a broken message: that is a note of the \
        format finding on the message, the text to mend. \
        Accessibility strings are reported by `a11y-missing` instead, and an `.accessibilityIdentifier` should not be translated at all; permission prompts and the other user-facing `InfoPlist` strings by `permission-prompt-untranslated`.
        """,
        triggering: [
            RuleExample("German lacks \"delete\"",
                .strings("en", "\"cancel\" = \"Cancel\";\n↓\"delete\" = \"Delete\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("Three strings German lacks in one file: one finding, the other keys its notes",
                .strings("en", "↓\"share\" = \"Share\";\n\"export\" = \"Export\";\n\"print\" = \"Print\";\n\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                .strings("fr", "\"share\" = \"Partager\";\n\"export\" = \"Exporter\";\n\"print\" = \"Imprimer\";\n\"cancel\" = \"Annuler\";\n")),
            RuleExample("A new string no locale has yet: one finding, not one per locale",
                .strings("en", "\"cancel\" = \"Cancel\";\n↓\"share\" = \"Share\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n"),
                .strings("ja", "\"cancel\" = \"キャンセル\";\n")),
            RuleExample("A new string three of five complete locales lack, and the partial ones too: one finding, not one per locale",
                .strings("en", menuRows("en") + "↓\"share\" = \"Share\";\n"),
                .strings("de", menuRows("de")), .strings("fr", menuRows("fr")), .strings("nl", menuRows("nl")),
                .strings("ja", menuRows("ja") + "\"share\" = \"共有\";\n"), .strings("ko", menuRows("ko") + "\"share\" = \"공유\";\n"),
                .strings("pl", "\"open\" = \"Otwórz\";\n"), .strings("tr", "\"open\" = \"Aç\";\n"), .strings("uk", "\"open\" = \"Відкрити\";\n"),
                .strings("cs", "\"open\" = \"Otevřít\";\n"), .strings("ru", "\"open\" = \"Открыть\";\n"), .strings("vi", "\"open\" = \"Mở\";\n")),
            RuleExample("A string no complete locale has, though a partial one translated it: one finding that names the partial one",
                .strings("en", menuRows("en") + "↓\"share\" = \"Share\";\n"),
                .strings("de", menuRows("de")), .strings("fr", menuRows("fr")), .strings("nl", menuRows("nl")),
                .strings("pl", "\"share\" = \"Udostępnij\";\n")),
            RuleExample("Three new strings the same locales lack: one batch, one finding",
                .strings("en", "\"cancel\" = \"Cancel\";\n↓\"share\" = \"Share\";\n\"export\" = \"Export\";\n\"print\" = \"Print\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n"),
                .strings("ja", "\"cancel\" = \"キャンセル\";\n")),
            RuleExample("British English lacks a string with an American spelling: a note",
                .strings("en", "\"cancel\" = \"Cancel\";\n↓\"theme\" = \"Choose a color\";\n"),
                .strings("en-GB", "\"cancel\" = \"Cancel\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every key translated",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("Interface Builder's default title on a button the code titles at run time: no one sees it",
                .strings("en", "\"cancel\" = \"Cancel\";\n/* Class = \"UIButton\"; normalTitle = \"Button\"; ObjectID = \"LM2-9D-wtc\"; */\n\"LM2-9D-wtc.normalTitle\" = \"Button\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("The app's name: the fallback is the name every language shows",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Go Map!!\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Go Map!!\";\n"),
                .strings("en", "\"cancel\" = \"Cancel\";\n\"widget.title\" = \"Go Map!!\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("British English lacks strings it spells like the source: the fallback is its text",
                .strings("en", "\"cancel\" = \"Cancel\";\n\"block\" = \"Kirat Rai\";\n\"size\" = \"Resize the window\";\n"),
                .strings("en-GB", "\"cancel\" = \"Cancel\";\n")),
            RuleExample("TranslateWiki's qqq holds documentation, not a translation",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("qqq", "\"other\" = \"Label of the button that closes a dialog\";\n")),
            RuleExample("Nothing to translate: a space, a lone placeholder",
                .strings("en", "\"cancel\" = \"Cancel\";\n\" \" = \" \";\n\"name\" = \"%@\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("An acronym every translation that has it keeps as written: the fallback is that text",
                .strings("en", "\"nfkd\" = \"NFKD\";\n\"open\" = \"Open\";\n\"save\" = \"Save\";\n\"close\" = \"Close\";\n\"quit\" = \"Quit\";\n\"undo\" = \"Undo\";\n\"redo\" = \"Redo\";\n\"copy\" = \"Copy\";\n\"cut\" = \"Cut\";\n\"paste\" = \"Paste\";\n"),
                .strings("de", "\"nfkd\" = \"NFKD\";\n\"open\" = \"Öffnen\";\n\"save\" = \"Sichern\";\n\"close\" = \"Schließen\";\n\"quit\" = \"Beenden\";\n\"undo\" = \"Widerrufen\";\n\"redo\" = \"Wiederholen\";\n\"copy\" = \"Kopieren\";\n\"cut\" = \"Ausschneiden\";\n\"paste\" = \"Einsetzen\";\n"),
                .strings("ru", "\"open\" = \"Открыть\";\n\"save\" = \"Сохранить\";\n\"close\" = \"Закрыть\";\n\"quit\" = \"Завершить\";\n\"undo\" = \"Отменить\";\n\"redo\" = \"Повторить\";\n\"copy\" = \"Копировать\";\n\"cut\" = \"Вырезать\";\n\"paste\" = \"Вставить\";\n")),
            RuleExample("A key the code no longer uses (stale) has no translation to miss",
                VirtualFile("Localizable.xcstrings", """
                    {
                      "sourceLanguage" : "en",
                      "strings" : {
                        "Old title" : { "extractionState" : "stale", "localizations" : { "de" : \(stringUnit("Alter Titel")) } },
                    \(["Open", "Save", "Close", "Quit", "Undo", "Redo", "Copy", "Cut", "Paste", "Find"].map { key in
                        "    \"\(key)\" : { \"localizations\" : { \"de\" : \(stringUnit("\(key) (de)")), \"fr\" : \(stringUnit("\(key) (fr)")) } }"
                    }.joined(separator: ",\n"))
                      },
                      "version" : "1.0"
                    }
                    """)),
            RuleExample("Interface Builder's note says the text is a placeholder the app replaces",
                .strings("en", """
                    "cancel" = "Cancel";
                    /* Class = "UILabel"; text = "Title"; ObjectID = "2Q5-Vd-FED"; Note = "Placeholder - Do not translate"; */
                    "2Q5-Vd-FED.text" = "Title";

                    """),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        // A bilingual file (XLIFF) carries the untranslated unit itself: the finding belongs there,
        // not on the first copy of the source the project index kept (another locale's file).
        // Keyed by file and table: one XLIFF holds many tables, and the same key in another <file>
        // of it (InfoPlist's "title" for Localizable's) is an unrelated unit.
        var bilingualSource: [BilingualTable: [String: Entry]] = [:]
        for table in context.project.tables where table.format == .xliff && context.project.isSource(table) {
            // The table's identity hashed once, each key once (the first unit of a key wins).
            let id = BilingualTable(path: table.path, table: table.id)
            var entries = bilingualSource.removeValue(forKey: id) ?? [:]
            for entry in table.entries { _ = entries.insertIfAbsent(entry, forKey: entry.key) }
            bilingualSource[id] = entries
        }
        for (t, set) in context.index.tableSets.enumerated() {
            guard let source = set.source else { continue }
            // A key most locales lack was not sent to translators yet: one defect, gathered here per
            // key position and reported once unless only a few locales lack it.
            var missingIn: [Int: [(locale: String, finding: Finding)]] = [:]
            var reporting = 0
            // Keys whose fallback shows what a translation would, worked out only for keys some locale
            // lacks: an acronym every locale that has it keeps as written ("NFKD"); Interface Builder's
            // default title ("Button", "Label") on an object the code titles at run time, which no one
            // sees; a name (the app's, a platform term: "Go Map!!", "iCloud"), the same in every language.
            let fallbackServes = source.keys.indices.map { k -> Bool in
                guard set.alignedEntries.contains(where: { $0[k] == nil }) else { return false }
                let entry = set.sourceEntries[k]
                if Self.isAcronym(entry.value) {
                    let present = set.alignedEntries.compactMap { $0[k] }
                    if !present.isEmpty && present.allSatisfy({ $0.value == entry.value }) { return true }
                }
                guard let text = entry.value.plainText else { return false }
                return (ConsistentIdentification.interfaceBuilderDefaults.contains(text)
                        && AccessibilityClassifier.interfaceBuilderKey(source.keys[k]) != nil)
                    || context.names.covers(text)
            }
            // A partial locale's missing strings are summarised by locale-incomplete; that it lacks a
            // key too still says the key was not sent, when most complete locales lack it as well
            // (GoMap's new POI string: 9 of 13 locales, and 14 of the 14 partial ones).
            var partial = 0
            var partialLacking = [Int](repeating: 0, count: source.keys.count)
            for (l, translation) in set.translations.enumerated()
            where context.isFolded(translation.locale, set.id) && !context.isSourceVariant(translation.locale) {
                partial += 1
                let aligned = set.alignedEntries[l]
                for k in source.keys.indices where aligned[k] == nil { partialLacking[k] += 1 }
            }
            for (l, translation) in set.translations.enumerated() where !context.isFolded(translation.locale, set.id) {
                if !context.isSourceVariant(translation.locale) { reporting += 1 }
                let file = translation.tables.map(\.path).sorted().first ?? ""
                // en-GB for an en source shows the en text by design: only a note.
                let variant = context.isSourceVariant(translation.locale)
                let aligned = set.alignedEntries[l]
                for (k, key) in source.keys.enumerated() {
                    let entry = set.sourceEntries[k]
                    // A key the code no longer uses (`extractionState: stale`) shows nowhere;
                    // stale-key-translated speaks of it.
                    guard entry.shouldTranslate, aligned[k] == nil, !fallbackServes[k], !entry.isStale,
                          context.accessibilityKind(table: t, position: k) == nil,
                          !InfoPlistLocalization.ownsMissingKey(context, table: set.id, key: key, locale: translation.locale) else { continue }
                    // Nothing to translate (" ", "%@", "•"): the source text is what every locale shows.
                    if entry.value.texts.allSatisfy({ TextAnalysis.translatableWords(in: $0.text).isEmpty }) { continue }
                    // en-GB shows the en text by design, and rightly where it spells every word alike.
                    if variant && !entry.value.containsText(where: {
                        RegionalSpelling.mayDiffer($0, source: context.project.sourceLanguage, variant: translation.locale)
                    }) { continue }
                    let ownUnit = translation.tables.lazy.compactMap { bilingualSource[BilingualTable(path: $0.path, table: set.id)]?[key] }.first
                    let message = variant
                        ? "no \(translation.locale) version; the app shows the \(context.project.sourceLanguage) text, as a regional variant does by design, but \(translation.locale) may spell a word of it differently"
                        : "no \(translation.locale) translation; the app shows the \(context.project.sourceLanguage) text"
                    var finding = Finding.entry(rule, message,
                                                at: ownUnit?.location ?? entry.location, locale: translation.locale, table: set.id, key: key,
                                                severity: variant ? .note : nil,
                                                notes: [Finding.Note(message: "add it to \(Self.fileToAddTo(entry, translation: translation, default: file))", location: nil)])
                    // The strings one locale lacks in a file are one task for its translator: one
                    // finding from three on, the other keys its notes.
                    finding.batchMark = variant ? "no version" : "no translation"
                    if variant { findings.append(finding) } else { missingIn[k, default: []].append((translation.locale, finding)) }
                }
            }
            for k in missingIn.keys.sorted() {
                let missing = missingIn[k]!
                guard missing.count >= Self.groupedMinimum,
                      missing.count * 4 >= reporting * 3
                        || (missing.count * 2 > reporting && (missing.count + partialLacking[k]) * 4 >= (reporting + partial) * 3) else {
                    findings += missing.map(\.finding)
                    continue
                }
                let entry = set.sourceEntries[k]
                let places = missing.map { LocalePlace(locale: $0.locale, location: $0.finding.location ?? entry.location) }
                let count = missing.count == reporting ? "any of the \(reporting)" : "\(missing.count) of the \(reporting)"
                let partialToo = missing.count < reporting && partialLacking[k] > 0
                    ? ", nor in \(partialLacking[k]) of the \(partial) partial ones" : ""
                // Partial locales that have it, where no complete one does: it did reach translators.
                let partialHaving = missing.count == reporting && partialLacking[k] < partial
                    ? set.translations.indices.filter { l in
                        set.alignedEntries[l][k] != nil && context.isFolded(set.translations[l].locale, set.id)
                            && !context.isSourceVariant(set.translations[l].locale)
                    }.map { set.translations[$0].locale } : []
                let guess = partialHaving.isEmpty ? ": not yet sent to translators? "
                    : " (only partial locales have one: \(listed(partialHaving))). "
                // Bilingual files carry each locale's unit: those places, after the source.
                let unitPlaces = LocalePlace.ordered(places.filter { $0.location != entry.location })
                var grouped = Finding.entry(rule, "no translation in \(count) locales that translate \(set.id.name)\(partialToo)\(guess)The app shows the \(context.project.sourceLanguage) text",
                                            at: entry.location, locale: nil, table: set.id, key: source.keys[k],
                                            notes: [Finding.Note(message: "missing in \(listed(missing.map(\.locale)))")]
                                                + LocalePlace.notes(for: unitPlaces, saying: "also in"))
                // Reported at the source alone, it can join other new strings of the file (a finding
                // that points at each locale's unit stays alone: those places are its fix list).
                if unitPlaces.isEmpty { grouped.batchMark = "missing in " + missing.map(\.locale).joined(separator: " ") }
                findings.append(grouped)
            }
        }
        return findings
    }

    /// Ten menu commands, "translated" into `locale` by name: the bulk of a rule example's table.
    static func menuRows(_ locale: String) -> String {
        ["open", "save", "close", "quit", "undo", "redo", "copy", "cut", "paste", "find"].map { key in
            "\"\(key)\" = \"\(locale == "en" ? key.capitalized : "\(key.capitalized) (\(locale))")\";\n"
        }.joined()
    }

    /// A key missing in at least this many locales, and in three quarters of those that report, is
    /// one finding (Wikipedia's new strings, DuckDuckGo's newest feature: 24 locales, one defect).
    static let groupedMinimum = 2

    /// Capital letters and digits only ("NFKD", "UTF-8", "H.264"): an acronym or a standard's name.
    static func isAcronym(_ value: Value) -> Bool {
        guard case .text(let text) = value else { return false }
        let words = TextAnalysis.translatableWords(in: text)
        return !words.isEmpty && words.allSatisfy { word in word.allSatisfy { $0.isUppercase || $0.isNumber } }
    }
}

extension MissingTranslationRule {
    /// Where a missing string belongs: a plural of a `.stringsdict` goes into the locale's
    /// `.stringsdict` (beside its `.strings` when it has none yet), not into the `.strings` file.
    static func fileToAddTo(_ entry: Entry, translation: ProjectIndex.LocaleTables, default file: String) -> String {
        let sourceFile = entry.location.file
        guard sourceFile.hasSuffix(".stringsdict") else { return file }
        let paths = translation.tables.map(\.path).sorted()
        if let same = paths.first(where: { $0.hasSuffix(".stringsdict") }) { return same }
        guard let strings = paths.first(where: { $0.hasSuffix(".strings") }), let slash = strings.lastIndex(of: "/"),
              let sourceSlash = sourceFile.lastIndex(of: "/") else { return file }
        return String(strings[...slash]) + sourceFile[sourceFile.index(after: sourceSlash)...]
    }
}

/// One table of one bilingual file.
private struct BilingualTable: Hashable {
    var path: String
    var table: TableID
}

public struct ExtraKeyRule: Rule {
    public init() {}

    /// `CFBundleDisplayName`, `NSCameraUsageDescription`, `UILaunchStoryboardName`: two capitals, then a name.
    static func isInfoPlistKey(_ key: String) -> Bool {
        let scalars = key.scalarArray
        guard scalars.count > 3, scalars.allSatisfy({ $0.isASCII && $0.isAlphabeticFast }) else { return false }
        return scalars[0].properties.isUppercase && scalars[1].properties.isUppercase
    }
    public static let description = RuleDescription(
        id: "extra-key", name: "Key not in the source", severity: .warning,
        summary: "A locale has a key that the source language does not; a key that most translations have is one finding for the table.",
        rationale: """
        Code never asks for it (the key was renamed or removed), so the translation is dead weight and \
        translators keep paying for it; or the source entry was lost by mistake. A key that at least \
        half of the table's translations (and at least two) have is one source-side defect — the source \
        table lost it, or the code dropped it and no translation followed — and is reported once, at \
        its first place, with the other locales as notes (three or more such keys of one table, in the \
        same translations, are one out-of-date source table: one finding); a key that lingers in a minority of locales is \
        reported in each of them, and three or more such keys in one locale's file are one finding (one \
        clean-up), the other keys its notes.
        """,
        triggering: [
            RuleExample("German keeps a key the source dropped",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n↓\"subtitle\" = \"Alle Bücher\";\n")),
            RuleExample("Every translation has a key the source table lacks: one finding, not one per locale",
                .strings("en", "\"a\" = \"A\";\n"),
                .strings("de", "\"a\" = \"A\";\n↓\"Cancel\" = \"Abbrechen\";\n"),
                .strings("es", "\"a\" = \"A\";\n\"Cancel\" = \"Cancelar\";\n"),
                .strings("fr", "\"a\" = \"A\";\n\"Cancel\" = \"Annuler\";\n")),
            RuleExample("Every translation has three keys the source table lacks: one out-of-date source table, one finding",
                .strings("en", "\"a\" = \"A\";\n"),
                .strings("de", "\"a\" = \"A\";\n↓\"Cancel\" = \"Abbrechen\";\n\"Done\" = \"Fertig\";\n\"Edit\" = \"Bearbeiten\";\n"),
                .strings("fr", "\"a\" = \"A\";\n\"Cancel\" = \"Annuler\";\n\"Done\" = \"OK\";\n\"Edit\" = \"Modifier\";\n"),
                .strings("it", "\"a\" = \"A\";\n\"Cancel\" = \"Annulla\";\n\"Done\" = \"Fine\";\n\"Edit\" = \"Modifica\";\n")),
            RuleExample("Three stale keys left in one locale's file: one clean-up, one finding at the first",
                .strings("en", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
                .strings("de", "\"a\" = \"A\";\n\"b\" = \"B\";\n↓\"old.title\" = \"Alt\";\n\"old.body\" = \"Alter Text\";\n\"old.button\" = \"Weiter\";\n"),
                .strings("es", "\"a\" = \"A\";\n\"b\" = \"B\";\n"),
                .strings("fr", "\"a\" = \"A\";\n\"b\" = \"B\";\n")),
            RuleExample("A stale key left in two of five locales is reported in each",
                .strings("en", "\"a\" = \"A\";\n"),
                .strings("de", "\"a\" = \"A\";\n↓\"old\" = \"Alt\";\n"),
                .strings("es", "\"a\" = \"A\";\n"),
                .strings("fr", "\"a\" = \"A\";\n↓\"old\" = \"Ancien\";\n"),
                .strings("it", "\"a\" = \"A\";\n"),
                .strings("ja", "\"a\" = \"A\";\n")),
        ],
        nonTriggering: [
            RuleExample("The same keys everywhere",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("InfoPlist.strings translates Info.plist keys and values (a shortcut title), which the source table need not list",
                VirtualFile("en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scans book covers.\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Scannt Buchumschläge.\";\n\"CFBundleDisplayName\" = \"Bücherregal\";\n\"Scan a Book\" = \"Buch scannen\";\n")),
        ])

    /// A key in at least this many translations, and in at least half of the table's translations, is
    /// one source-side defect reported once. Translators translate what the source sends them, so a key
    /// most locales carry was in the source when they were made: the source lost it, or the code dropped
    /// it and no translation followed — one fix either way. A key in a minority of locales (Wikipedia's 5
    /// of 108) is stale where it lingers, and each locale's file is its own fix. Two locales already
    /// make a repetition; one is just the per-locale finding.
    static let groupedMinimum = 2
    /// Places named as notes of a grouped finding; the other locales are listed by name.
    static let placesShown = 5

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for set in context.index.tableSets {
            guard let source = set.source else { continue }
            // InfoPlist.strings localizes Info.plist itself: its keys are Info.plist keys
            // (NSCameraUsageDescription) or Info.plist values used as keys (shortcut titles), so
            // they need no line in the development language's InfoPlist.strings.
            if set.id.name == "InfoPlist" { continue }
            // Each extra key with the locales (positions in `translations`) that have it, in first-seen order.
            var order: [String] = []
            var holders: [String: [Int]] = [:]
            for (l, translation) in set.translations.enumerated() {
                // Only a translation with more keys than it shares with the source has extra ones.
                guard set.hasKeysOutsideSource(l) else { continue }
                for key in translation.keys where source.entries[key] == nil {
                    if holders[key] == nil { order.append(key) }
                    holders[key, default: []].append(l)
                }
            }
            let total = set.translations.count
            for key in order {
                let locales = holders[key]!
                if locales.count >= Self.groupedMinimum && locales.count * 2 >= total {
                    findings.append(Self.grouped(key, locales: locales, in: set, source: source, context: context))
                    continue
                }
                for l in locales {
                    let translation = set.translations[l]
                    let entry = translation.entries[key]!
                    var finding = Finding.entry(rule, "not in the \(context.project.sourceLanguage) source table \(set.id.name): removed from the code (a stale translation), or the source file is out of date",
                                                at: entry.location, locale: translation.locale, table: set.id, key: key)
                    // The stale keys one locale's file keeps are one clean-up: one finding from three on.
                    finding.batchMark = "stale"
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// One finding for a key most translations have: at its first place (by file and line), the other
    /// places as notes. No locale of its own: it is about the source table.
    static func grouped(_ key: String, locales: [Int], in set: ProjectIndex.TableSet, source: ProjectIndex.LocaleTables,
                        context: RuleContext) -> Finding {
        let places = LocalePlace.ordered(locales.map {
            LocalePlace(locale: set.translations[$0].locale, location: set.translations[$0].entries[key]!.location)
        })
        let sourceLanguage = context.project.sourceLanguage
        let count = places.count == set.translations.count ? "all \(places.count) translations" : "\(places.count) of the \(set.translations.count) translations"
        var notes = LocalePlace.notes(forOthers: places, shown: placesShown)
        if let table = source.tables.first(where: { $0.format == .strings }) ?? source.tables.first {
            notes.append(Finding.Note(message: "the \(sourceLanguage) source table, where the key belongs if the code uses it", location: table.entries.first?.location ?? SourceLocation(file: table.path, line: 1, column: 1)))
        }
        var finding = Finding.entry(Self.description, "in \(count) of \(set.id.name) but not in the \(sourceLanguage) source table: if the code uses it, the source table is out of date (add the key to it); if not, remove it from every translation",
                                    at: places[0].location, locale: nil, table: set.id, key: key, notes: notes)
        // The keys an out-of-date source table lacks are one update of it: one finding from three on.
        finding.batchMark = "not in the source of " + count
        return finding
    }
}

public struct EmptyValueRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "empty-value", name: "Empty translation", severity: .warning,
        summary: "A translation is empty (or only white space) where the source is not.",
        rationale: """
        An empty string is shown as nothing: a button without a title, a label VoiceOver reads as \
        silence. Unlike a missing key, it does not even fall back to the development language. Accessibility \
        strings are reported by `a11y-empty` instead.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"add\" = \"Add Book\";\n"),
                .strings("fr", "\"add\" = ↓\"\";\n")),
        ],
        nonTriggering: [
            RuleExample("Empty in the source too: intentionally blank",
                .strings("en", "\"spacer\" = \"\";\n"),
                .strings("fr", "\"spacer\" = \"\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        return context.pairPositions(with: [.bothText, .translationBlank]).compactMap { position in
            let pair = context.pairs[position]
            guard !context.pairFacts[position].contains(.sourceBlank), context.accessibilityKind(pair) == nil else { return nil }
            return .entry(rule, "empty translation; the source is \(pair.source.value.shortDescription)",
                          at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, notes: [pair.sourceNote])
        }
    }
}

public struct UntranslatedRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "untranslated", name: "Left untranslated", severity: .warning,
        summary: "A translation is identical to the source text, which has words to translate.",
        rationale: """
        The user reads the development language in the middle of their own. Strings with nothing to \
        translate (only placeholders, numbers, URLs or e-mail addresses), acronyms (GPX, VPN), unit \
        symbols (px, pt; km and kg too, except in Cyrillic, which writes км and кг), the \
        app's name (CFBundleName, CFBundleDisplayName) and configured do-not-translate terms are not \
        reported; a text kept as it is in three quarters of the languages written in its script (a \
        text of capitalised words only: in a third of them, and three at least) is \
        probably a name and only a note, one for the key rather than one per locale (and nothing when \
        the languages of other scripts translate or transliterate it, or when translators write it \
        inside their own sentences: then it was kept on purpose; the strings of one file that every \
        language keeps were never sent, and are one note at the first), \
        and so is a text of capitalised words only (\"Gurung Khema\", \
        \"Add Book\"), which may be a name kept on purpose. Nor are reported \
        regional variants of the source language (en-GB for an en source), nor a single word (a \
        hyphenated term is one; capitalised words most of the key's other translations keep inside \
        their own wording are a name, and a word left beside them counts alone unless the locale \
        writes it in fewer than three of its other translations: Dutch "Open" of "Open GitHub Sponsors"; up \
        to three such words when the locale writes each, Dutch "Open in" of "Open in CotEditor") in a \
        locale written in the source's script (\"Version\", \"Radio\" and brand names are often the \
        same in German or French). A phrase to say to Siri (\"Siri, erase my history.\") is kept as it \
        is in a language Siri does not speak (Welsh, Punjabi): its users talk to Siri in another one. \
        A sentence that three quarters of all the languages keep, whatever their script, is one such note. \
        Three members or more of a numbered series one locale keeps (\"Skin Tone III\" … \"Skin Tone VI\") \
        are one finding at the first. \
        Accessibility strings are reported by `a11y-untranslated` instead, \
        permission prompts by `permission-prompt-untranslated`.
        """,
        triggering: [
            RuleExample("A sentence left in English",
                .strings("en", "\"offline\" = \"Check your connection.\";\n"),
                .strings("de", "\"offline\" = ↓\"Check your connection.\";\n")),
            RuleExample("A name that every Latin-script language keeps: one note for the key, not one per locale",
                .strings("en", "\"block\" = \"Bassa Vah\";\n"),
                .strings("de", "\"block\" = ↓\"Bassa Vah\";\n"),
                .strings("fr", "\"block\" = \"Bassa Vah\";\n"),
                .strings("nl", "\"block\" = \"Bassa Vah\";\n")),
            RuleExample("Three strings of a tip jar that no language translates: never sent, together; one note at the first",
                .strings("en", "\"tip.small\" = \"Small Tip\";\n\"tip.medium\" = \"Medium Tip\";\n\"tip.large\" = \"Large Tip\";\n"),
                .strings("de", "\"tip.small\" = ↓\"Small Tip\";\n\"tip.medium\" = \"Medium Tip\";\n\"tip.large\" = \"Large Tip\";\n"),
                .strings("fr", "\"tip.small\" = \"Small Tip\";\n\"tip.medium\" = \"Medium Tip\";\n\"tip.large\" = \"Large Tip\";\n"),
                .strings("nl", "\"tip.small\" = \"Small Tip\";\n\"tip.medium\" = \"Medium Tip\";\n\"tip.large\" = \"Large Tip\";\n")),
            RuleExample("A sentence most languages keep, in Latin script or another: a string not yet sent, one note",
                .strings("en", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("de", "\"ledger\" = \"Übersicht über Ausgaben und Einnahmen\";\n"),
                .strings("es", "\"ledger\" = \"Resumen de gastos e ingresos\";\n"),
                .strings("fr", "\"ledger\" = ↓\"Overview of your expenses and income\";\n"),
                .strings("it", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("nl", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("ja", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("ko", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("ru", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("uk", "\"ledger\" = \"Overview of your expenses and income\";\n"),
                .strings("zh-Hans", "\"ledger\" = \"Overview of your expenses and income\";\n")),
            RuleExample("A numbered series kept in English in one locale: one decision, one note at the first",
                .strings("en", "\"tone.3\" = \"Skin Tone III\";\n\"tone.4\" = \"Skin Tone IV\";\n\"tone.5\" = \"Skin Tone V\";\n"),
                .strings("de", "\"tone.3\" = \"Hautton III\";\n\"tone.4\" = \"Hautton IV\";\n\"tone.5\" = \"Hautton V\";\n"),
                .strings("cs", "\"tone.3\" = ↓\"Skin Tone III\";\n\"tone.4\" = \"Skin Tone IV\";\n\"tone.5\" = \"Skin Tone V\";\n")),
            RuleExample("A .stringsdict copied into the German folder and never translated",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book left to read"), ("other", "%d books left to read")]),
                stringsdictExample("de.lproj/Localizable.stringsdict", forms: [("one", "↓%d book left to read"), ("other", "%d books left to read")])),
            RuleExample("A comment that asks to keep a part of the string does not exempt the rest",
                .strings("en", "/* Do not translate the newlines */\n\"offline\" = \"Check your\\nconnection.\";\n"),
                .strings("de", "\"offline\" = ↓\"Check your\\nconnection.\";\n")),
            RuleExample("One word beside a name the others keep, which German writes nowhere else (\"Erweitert\" elsewhere): a note",
                .strings("en", "\"kana\" = \"Kana Extended-A\";\n\"latin\" = \"Latin Extended-A\";\n"),
                .strings("de", "\"kana\" = ↓\"Kana Extended-A\";\n\"latin\" = \"Lateinisch Erweitert-A\";\n"),
                .strings("fr", "\"kana\" = \"Kana étendu-A\";\n\"latin\" = \"Latin étendu-A\";\n"),
                .strings("it", "\"kana\" = \"Kana esteso-A\";\n\"latin\" = \"Latino esteso-A\";\n"),
                .strings("nl", "\"kana\" = \"Kana Uitgebreid-A\";\n\"latin\" = \"Latijns Uitgebreid-A\";\n")),
            RuleExample("Russian writes kilometres in Cyrillic (км): a note",
                .strings("en", "\"distance\" = \"%d km\";\n"),
                .strings("ru", "\"distance\" = ↓\"%d km\";\n")),
            RuleExample("A phrase to say to Siri, which speaks German",
                .strings("en", "\"tip.erase\" = \"“Siri, erase my browsing history.”\";\n"),
                .strings("de", "\"tip.erase\" = ↓\"“Siri, erase my browsing history.”\";\n")),
            RuleExample("A single English word in a Cyrillic locale (a note: it may be a brand name)",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                .strings("ru", "\"cancel\" = ↓\"Cancel\";\n")),
        ],
        nonTriggering: [
            RuleExample("Nothing to translate: a placeholder, a URL, a number",
                .strings("en", "\"name\" = \"%@\";\n\"help\" = \"https://example.com/help\";\n\"max\" = \"100\";\n"),
                .strings("de", "\"name\" = \"%@\";\n\"help\" = \"https://example.com/help\";\n\"max\" = \"100\";\n")),
            RuleExample("A single word that German writes the same, and a hyphenated term (one word)",
                .strings("en", "\"version\" = \"Version\";\n\"regex.lookahead\" = \"look-ahead\";\n"),
                .strings("de", "\"version\" = \"Version\";\n\"regex.lookahead\" = \"look-ahead\";\n")),
            RuleExample("One word besides a name the other translations keep, a word the Dutch translators write elsewhere",
                .strings("en", "\"sponsor\" = \"Open Bookshelf Sponsors\";\n\"window\" = \"Open in a new window\";\n\"tab\" = \"Open in a new tab\";\n\"file\" = \"Open a file\";\n"),
                .strings("nl", "\"sponsor\" = \"Open Bookshelf Sponsors\";\n\"window\" = \"Open in een nieuw venster\";\n\"tab\" = \"Open in een nieuw tabblad\";\n\"file\" = \"Open een bestand\";\n"),
                .strings("de", "\"sponsor\" = \"Bookshelf Sponsors öffnen\";\n"),
                .strings("fr", "\"sponsor\" = \"Ouvrir Bookshelf Sponsors\";\n"),
                .strings("it", "\"sponsor\" = \"Apri Bookshelf Sponsors\";\n")),
            RuleExample("Two words besides the app's name, both words the Dutch translators write elsewhere",
                .strings("en", "\"service\" = \"Open in Bookshelf\";\n\"window\" = \"Open in a new window\";\n\"tab\" = \"Open in a new tab\";\n\"store\" = \"Open in the App Store\";\n"),
                .strings("nl", "\"service\" = \"Open in Bookshelf\";\n\"window\" = \"Open in een nieuw venster\";\n\"tab\" = \"Open in een nieuw tabblad\";\n\"store\" = \"Open in de App Store\";\n"),
                .strings("de", "\"service\" = \"In Bookshelf öffnen\";\n"),
                .strings("fr", "\"service\" = \"Ouvrir dans Bookshelf\";\n"),
                .strings("it", "\"service\" = \"Apri in Bookshelf\";\n")),
            RuleExample("One word besides a platform term and an acronym, which Dutch writes the same",
                .strings("en", "\"vpn.start\" = \"Siri, start VPN.\";\n"),
                .strings("nl", "\"vpn.start\" = \"Siri, start VPN.\";\n")),
            RuleExample("A plural whose forms are translated",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book left to read"), ("other", "%d books left to read")]),
                stringsdictExample("de.lproj/Localizable.stringsdict", forms: [("one", "Noch %d Buch zu lesen"), ("other", "Noch %d Bücher zu lesen")])),
            RuleExample("A platform term and the app's name are names",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("en", "\"sync\" = \"iCloud Drive\";\n\"open\" = \"Bookshelf\";\n"),
                .strings("ru", "\"sync\" = \"iCloud Drive\";\n\"open\" = \"Bookshelf\";\n")),
            RuleExample("A phrase to say to Siri, which does not speak Welsh: Welsh users talk to it in English",
                .strings("en", "\"tip.erase\" = \"“Siri, erase my browsing history.”\";\n"),
                .strings("cy", "\"tip.erase\" = \"“Siri, erase my browsing history.”\";\n")),
            RuleExample("A regional variant of the source language",
                .strings("en", "\"offline\" = \"Check your connection.\";\n"),
                .strings("en-GB", "\"offline\" = \"Check your connection.\";\n")),
            RuleExample("Unit symbols Japanese writes in Latin letters",
                .strings("en", "\"size\" = \"px\";\n\"distance\" = \"%d km\";\n"),
                .strings("ja", "\"size\" = \"px\";\n\"distance\" = \"%d km\";\n")),
            RuleExample("A name kept in Latin script that Cyrillic and Japanese transliterate: kept on purpose",
                .strings("en", "\"block\" = \"Kayah Li\";\n"),
                .strings("de", "\"block\" = \"Kayah Li\";\n"),
                .strings("fr", "\"block\" = \"Kayah Li\";\n"),
                .strings("nl", "\"block\" = \"Kayah Li\";\n"),
                .strings("ru", "\"block\" = \"Кая Ли\";\n"),
                .strings("ja", "\"block\" = \"カヤー文字\";\n")),
            RuleExample("A product name one locale keeps, and writes inside its own sentences too",
                .strings("en", "\"pir.title\" = \"Privacy Pro Removal\";\n\"pir.info\" = \"Includes our VPN and Privacy Pro Removal\";\n\"done\" = \"Done\";\n"),
                .strings("pt", "\"pir.title\" = \"Privacy Pro Removal\";\n\"pir.info\" = \"Inclui a nossa VPN e a Privacy Pro Removal\";\n\"done\" = \"Concluído\";\n"),
                .strings("de", "\"pir.title\" = \"Entfernung mit Privacy Pro\";\n\"pir.info\" = \"Enthält unser VPN und die Entfernung mit Privacy Pro\";\n\"done\" = \"Fertig\";\n"),
                .strings("fr", "\"pir.title\" = \"Suppression Privacy Pro\";\n\"pir.info\" = \"Comprend notre VPN et la suppression Privacy Pro\";\n\"done\" = \"Terminé\";\n")),
            RuleExample("A product name the translators also write inside their own sentences",
                .strings("en", "\"player.title\" = \"Duck Player\";\n\"player.open\" = \"Open in Duck Player\";\n"),
                .strings("de", "\"player.title\" = \"Duck Player\";\n\"player.open\" = \"In Duck Player öffnen\";\n"),
                .strings("fr", "\"player.title\" = \"Duck Player\";\n\"player.open\" = \"Ouvrir dans Duck Player\";\n"),
                .strings("nl", "\"player.title\" = \"Duck Player\";\n\"player.open\" = \"Openen in Duck Player\";\n")),
            RuleExample("A platform term and an OS name that other scripts keep, and write inside their own sentences",
                .strings("en", "\"lf.description\" = \"macOS / Unix\";\n\"exec\" = \"Unix executable\";\n"),
                .strings("ja", "\"lf.description\" = \"macOS / Unix\";\n\"exec\" = \"Unix実行ファイル\";\n"),
                .strings("ru", "\"lf.description\" = \"macOS / Unix\";\n\"exec\" = \"Исполняемый файл Unix\";\n"),
                .strings("zh-Hans", "\"lf.description\" = \"macOS / Unix\";\n\"exec\" = \"Unix可执行文件\";\n")),
            RuleExample("A script's name that Latin-script languages keep or translate and other scripts transliterate",
                .strings("en", "\"block\" = \"Masaram Gondi\";\n"),
                .strings("pl", "\"block\" = \"Masaram Gondi\";\n"),
                .strings("pt", "\"block\" = \"Masaram Gondi\";\n"),
                .strings("de", "\"block\" = \"Masaram Gondi\";\n"),
                .strings("fr", "\"block\" = \"Masaram gondi\";\n"),
                .strings("es", "\"block\" = \"Gondi masaram\";\n"),
                .strings("it", "\"block\" = \"Gondi Masaram\";\n"),
                .strings("ru", "\"block\" = \"Масарам гонди\";\n"),
                .strings("ja", "\"block\" = \"マサラム・ゴーンディー文字\";\n")),
            RuleExample("The comment takes the whole entry out of translation",
                .strings("en", "/* Do not translate - shown in debug builds only */\n\"debug\" = \"Check your connection.\";\n"),
                .strings("de", "\"debug\" = \"Check your connection.\";\n")),
        ])

    /// How many translations of each key exist in locales of the source's script, and how many of
    /// them are identical to the source: a name (a Unicode block, a place, a product) is kept as it
    /// is almost everywhere, while a forgotten translation is identical in a few locales only.
    struct Consensus { var identical = 0; var total = 0 }

    /// Per key, agreement among locales of the source's (Latin) script and among all locales, counted
    /// in one pass over the pairs.
    /// How many languages keep each source key identical: by table set position, then source key
    /// position (a table's array is empty where no language keeps any key identical).
    static func consensus(_ context: RuleContext, sourceLanguage: String)
        -> (sameScript: [[Consensus]], everywhere: [[Consensus]]) {
        // Locales repeat in every pair: their language and script are worked out once each, by id.
        let localeFacts = context.index.locales.map { locale in
            (counts: LanguageTag.languageSubtag(of: locale) != sourceLanguage, otherScript: writesOtherScript(locale))
        }
        // Only keys that some language keeps identical are ever looked up: count those alone.
        let tableSets = context.index.tableSets
        var wanted = tableSets.map { _ in [Bool]() }
        for position in context.pairPositions(with: .identical) {
            let pair = context.pairs[position]
            guard localeFacts[Int(pair.localeID)].counts else { continue }
            let t = Int(pair.tableIndex)
            if wanted[t].isEmpty { wanted[t] = [Bool](repeating: false, count: tableSets[t].sourceEntries.count) }
            wanted[t][Int(pair.keyPosition)] = true
        }
        var sameScript = wanted.map { $0.isEmpty ? [] : [Consensus](repeating: Consensus(), count: $0.count) }
        var everywhere = sameScript
        for (position, pair) in context.pairs.enumerated() {
            let facts = context.pairFacts[position]
            guard facts.contains(.bothText) else { continue }
            let t = Int(pair.tableIndex), k = Int(pair.keyPosition)
            guard !wanted[t].isEmpty, wanted[t][k] else { continue }
            let locale = localeFacts[Int(pair.localeID)]
            guard locale.counts else { continue }
            let identical = facts.contains(.identical) ? 1 : 0
            everywhere[t][k].total += 1
            everywhere[t][k].identical += identical
            if !locale.otherScript {
                sameScript[t][k].total += 1
                sameScript[t][k].identical += identical
            }
        }
        return (sameScript, everywhere)
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let sourceLanguage = LanguageTag.languageSubtag(of: context.project.sourceLanguage)
        let (sameScript, everywhere) = Self.consensus(context, sourceLanguage: sourceLanguage)
        // A text most languages keep is one question about the key, not one per locale: its places
        // are gathered here (by table set and key position, in pair order) and reported once.
        var kept: [KeyPlace: [(pair: TranslationPair, location: SourceLocation)]] = [:]
        var keptOrder: [KeyPlace] = []
        // The notes about a name one locale keeps: their index among the findings, the name, the locale.
        var keptInOneLocale: [(finding: Int, name: String, locale: Int32)] = []
        // The findings whose one word to translate stands beside kept names: the word, the locale.
        var wordsBesideNames: [(finding: Int, name: String, locale: Int32)] = []
        var findings: [Finding] = []
        for (position, pair) in context.pairs.enumerated() {
            // Two plain strings that differ are most pairs: settled without reading them.
            let facts = context.pairFacts[position]
            if facts.contains(.bothText) && !facts.contains(.identical) { continue }
            guard let (source, location) = Self.identicalText(pair), LanguageTag.languageSubtag(of: pair.locale) != sourceLanguage,
                  context.accessibilityKind(pair) == nil,
                  !InfoPlistLocalization.ownsIdenticalKey(table: pair.table, key: pair.key),
                  !context.isFolded(pair.locale, pair.table) else { continue }
            // The app's name, platform terms and configured do-not-translate terms are not words to translate.
            // An acronym (GPX, URL, VPN) reads the same everywhere: "Siri, start DuckDuckGo VPN." has one
            // word to translate, which Dutch and Danish write the same.
            let masked = context.names.masking(source)
            var words = Self.withoutAcronyms(Self.joiningHyphenated(TextAnalysis.translatableWords(in: masked)))
            if words.isEmpty || TextAnalysis.isIdentifierLike(source) { continue }
            // A word left beside names the other translations keep ("Open" of "Open GitHub Sponsors") is
            // the locale's own when its translators write it in their other strings (Dutch "Open in
            // Finder"); German "Extended" of "Kana Extended-A" is not. Settled after the walk.
            // Up to three such words ("Open in" of "Open in CotEditor") are the locale's own when each is.
            var wordBesideNames: Substring? = nil
            var wordsLeftBesideNames: [Substring] = []
            let all = words.count
            if words.count >= 2 {
                words = Self.withoutKeptNames(words, of: pair, context)
                if words.count == 1 { wordBesideNames = words[0] }
            }
            // Names are the app's and the configured terms (masked) or those the others keep.
            if (words.count < all || masked != source) && words.count <= 3 { wordsLeftBesideNames = words }
            // The app's name is a brand, its copyright notice a legal text.
            if NameTerms.isKeptAsWritten(pair.key) { continue }
            // What to say to Siri stays in a language Siri speaks when it does not speak the locale's.
            if SiriPhrase.isSpoken(source) && !SiriPhrase.speaks(pair.locale) { continue }
            if Self.isUnitSymbols(words, locale: pair.locale) { continue }
            // One word may be a brand or a loanword; in a locale of another script it stands out, but
            // brand names are kept in Latin there too, so it is only a note.
            if words.count == 1 && !Self.writesOtherScript(pair.locale) && wordBesideNames == nil { continue }
            // Kept as it is in most languages of the source's script: probably a name; gathered.
            // (In a locale of another script, only when nearly every language keeps it: a brand.)
            // A name (capitalised words only) kept by a third of them and by three at least is kept
            // on purpose: "Masaram Gondi", "Global Privacy Control (GPC)"; the others may translate it.
            // A sentence is kept by no language's choice of script: most languages keeping it, of any
            // script, is one string not yet sent ("Ledger overview of Expenses and Income" in 7 of 9).
            let otherScript = Self.writesOtherScript(pair.locale)
            let agreement = otherScript || Self.isSentence(words, of: source) ? everywhere : sameScript
            let agreed = agreement[Int(pair.tableIndex)]
            let nameLike = !words.contains(where: { $0.first?.isLowercase == true })
            if !agreed.isEmpty, case let c = agreed[Int(pair.keyPosition)], c.total >= 3,
               c.identical * 4 >= c.total * 3 || (nameLike && c.identical >= 3 && c.identical * 3 >= c.total) {
                let place = KeyPlace(table: pair.tableIndex, key: pair.keyPosition)
                if kept[place] == nil { keptOrder.append(place) }
                kept[place, default: []].append((pair, location))
                continue
            }
            // Only capitalised words ("Gurung Khema", "Creative Commons License") in a locale of the
            // same script: as likely a name kept on purpose as a title left untranslated; a note.
            let nameOrTitle = !Self.writesOtherScript(pair.locale) && !words.contains(where: { $0.first?.isLowercase == true })
            if nameOrTitle && Self.isName(source) { keptInOneLocale.append((findings.count, source, pair.localeID)) }
            for word in wordsLeftBesideNames { wordsBesideNames.append((findings.count, String(word), pair.localeID)) }
            let question = nameOrTitle ? ": a name or title kept on purpose, or left untranslated in \(pair.locale)?"
                                       : "; not translated into \(pair.locale)?"
            var finding = Finding.entry(rule, "identical to the \(context.project.sourceLanguage) source" + question,
                                        at: location, locale: pair.locale, table: pair.table, key: pair.key,
                                        severity: nameOrTitle || words.count == 1 ? .note : nil, notes: [pair.sourceNote])
            // A numbered series ("Skin Tone I-II" … "Skin Tone VI") is one decision: one finding.
            if let stem = Self.seriesStem(source) { finding.batchMark = "series " + stem }
            findings.append(finding)
        }
        // A name the translators write inside their own sentences ("Проигрыватель Duck Player") is
        // kept on purpose, not waiting for a translation.
        // The name a kept text is: the whole text ("Duck Player"), or its one capitalised word beside
        // platform terms ("Unix" of "macOS / Unix", which Japanese writes in "Unix実行ファイル").
        func keptName(_ place: KeyPlace) -> String? {
            guard case .text(let source) = kept[place]![0].pair.source.value else { return nil }
            if Self.isName(source) { return source }
            let words = TextAnalysis.translatableWords(in: context.names.masking(source))
            guard words.count == 1, words[0].first?.isUppercase == true else { return nil }
            return String(words[0])
        }
        let names = keptOrder.compactMap(keptName)
        let inSentences = NameOccurrences(names + keptInOneLocale.map(\.name), in: context)
        // A name one locale keeps and also writes inside its own sentences ("Inclui a nossa VPN, a
        // Personal Information Removal …") is kept on purpose there too; so is a word of its own.
        let ownWords = Self.ownWords(wordsBesideNames.map { ($0.name, $0.locale) }, in: context)
        // A finding whose every word beside names is the locale's own.
        let notOwn = Set(wordsBesideNames.enumerated().filter { !ownWords[$0.offset] }.map(\.element.finding))
        let keptOnPurpose = Set(keptInOneLocale.filter { inSentences.writes($0.name, in: $0.locale) }.map(\.finding)
                                + wordsBesideNames.map(\.finding).filter { !notOwn.contains($0) })
        if !keptOnPurpose.isEmpty {
            findings = findings.enumerated().filter { !keptOnPurpose.contains($0.offset) }.map(\.element)
        }
        for place in keptOrder {
            let t = Int(place.table), k = Int(place.key)
            let places = kept[place]!
            if let name = keptName(place), places.filter({ inSentences.writes(name, in: $0.pair.localeID) }).count >= 2 { continue }
            if let finding = Self.keptByMost(places, sameScript: sameScript[t][k], everywhere: everywhere[t][k], context: context) {
                findings.append(finding)
            }
        }
        return findings
    }

    /// Two words joined by a hyphen are one term ("look-ahead", "e-mail"), kept as one word or not at
    /// all; a longer chain is a phrase ("Mobile-to-Mobile") and keeps its words.
    static func joiningHyphenated(_ words: [Substring]) -> [Substring] {
        func hyphenated(_ a: Substring, _ b: Substring) -> Bool {
            a.endIndex < b.startIndex && b.base[a.endIndex..<b.startIndex] == "-"
        }
        var joined: [Substring] = []
        var i = 0
        while i < words.count {
            var end = i
            while end + 1 < words.count, hyphenated(words[end], words[end + 1]) { end += 1 }
            if end == i + 1 {
                joined.append(words[i].base[words[i].startIndex..<words[end].endIndex])
            } else {
                joined += words[i...end]
            }
            i = end + 1
        }
        return joined
    }

    /// The words that are not acronyms (up to four capitals or digits), unless every word is written
    /// in capitals: "GET STARTED" shouts, it names nothing.
    static func withoutAcronyms(_ words: [Substring]) -> [Substring] {
        let isAcronym = { (word: Substring) in word.count <= 4 && word.allSatisfy { $0.isUppercase || $0.isNumber } }
        let acronyms = words.filter(isAcronym).count
        guard acronyms > 0, acronyms == words.count || words.contains(where: { $0.contains(where: \.isLowercase) }) else { return words }
        return words.filter { !isAcronym($0) }
    }

    /// The words of an identical text less the capitalised ones that most of the key's translations
    /// (three at least) keep as written inside their own wording: "Sponsors" of "Open GitHub
    /// Sponsors", which German writes "GitHub Sponsors öffnen", is a name, and Dutch "Open" alone is
    /// what the Dutch text has to translate.
    static func withoutKeptNames(_ words: [Substring], of pair: TranslationPair, _ context: RuleContext) -> [Substring] {
        guard pair.tableIndex >= 0, pair.keyPosition >= 0, words.contains(where: { $0.first?.isUppercase == true }),
              case .text(let source) = pair.source.value else { return words }
        let set = context.index.tableSets[Int(pair.tableIndex)]
        var others: [[UInt8]] = []
        for aligned in set.alignedEntries {
            guard case .text(let text)? = aligned[Int(pair.keyPosition)]?.value, text != source, !text.isEmpty else { continue }
            others.append(Array(text.utf8))
        }
        guard others.count >= 3 else { return words }
        return words.filter { word in
            guard word.first?.isUppercase == true else { return true }
            let bytes = Array(word.utf8)
            return others.filter { NameTerms.containsWord(bytes, in: $0) }.count * 2 <= others.count
        }
    }

    /// Whether each (word, locale) is a word of the locale's language: its translators write it, as a
    /// whole word, in at least three of their translations that differ from the source (Dutch "Open"
    /// in "Open in een nieuw venster"). German "Extended", left in one other block name, is not.
    static func ownWords(_ words: [(word: String, locale: Int32)], in context: RuleContext) -> [Bool] {
        guard !words.isEmpty else { return [] }
        let wanted = Dictionary(grouping: words.indices, by: { words[$0].locale })
        let bytes = words.map { Array($0.word.utf8) }
        var counts = [Int](repeating: 0, count: words.count)
        for (position, pair) in context.pairs.enumerated() {
            guard let indices = wanted[pair.localeID] else { continue }
            let facts = context.pairFacts[position]
            guard facts.contains(.bothText), !facts.contains(.identical), case .text(let translation) = pair.translation.value else { continue }
            let text = Array(translation.utf8)
            for i in indices where NameTerms.containsWord(bytes[i], in: text) { counts[i] += 1 }
        }
        return counts.map { $0 >= 3 }
    }

    /// Up to four capitalised words ("Duck Player", "Masaram Gondi"): a name, not a sentence.
    static func isName(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return (1...4).contains(words.count) && words.allSatisfy { $0.first?.isUppercase == true }
    }

    /// Which locales write each of some names inside a translation of another text: one byte-level
    /// pass over the translations that compares only where a name's first two bytes stand, instead of
    /// searching each translation for each name.
    struct NameOccurrences {
        private var written: Set<Occurrence> = []
        private struct Occurrence: Hashable { var name: Int; var locale: Int32 }
        private var index: [String: Int] = [:]

        init(_ names: [String], in context: RuleContext) {
            // The names by their first two bytes: a flat table of the 65,536 byte pairs (256 KB, for
            // one walk over every translation) instead of a hashed lookup at every position.
            var groupOfLead = [Int32](repeating: -1, count: 1 << 16)
            var groups: [[(Int, [UInt8])]] = []
            var leadByte = [Bool](repeating: false, count: 256)
            for name in names where index[name] == nil {
                let bytes = Array(name.utf8)
                guard bytes.count >= 2 else { continue }
                index[name] = index.count
                let lead = Int(bytes[0]) << 8 | Int(bytes[1])
                if groupOfLead[lead] < 0 {
                    groupOfLead[lead] = Int32(groups.count)
                    groups.append([])
                }
                groups[Int(groupOfLead[lead])].append((index[name]!, bytes))
                leadByte[Int(bytes[0])] = true
            }
            guard !groups.isEmpty else { return }
            for (position, pair) in context.pairs.enumerated() {
                let facts = context.pairFacts[position]
                guard facts.contains(.bothText), !facts.contains(.identical),
                      case .text(let translation) = pair.translation.value else { continue }
                translation.withUTF8Bytes { bytes in
                    guard bytes.count >= 2 else { return }
                    for i in 0..<(bytes.count - 1) where leadByte[Int(bytes[i])] {
                        let group = groupOfLead[Int(bytes[i]) << 8 | Int(bytes[i + 1])]
                        guard group >= 0 else { continue }
                        for (name, nameBytes) in groups[Int(group)]
                        where nameBytes.count <= bytes.count - i && bytes[i..<(i + nameBytes.count)].elementsEqual(nameBytes) {
                            written.insert(Occurrence(name: name, locale: pair.localeID))
                        }
                    }
                }
            }
        }

        func writes(_ name: String, in locale: Int32) -> Bool {
            guard let name = index[name] else { return false }
            return written.contains(Occurrence(name: name, locale: locale))
        }
    }

    struct KeyPlace: Hashable {
        var table: Int32
        var key: Int32
    }

    /// One note for a key most languages keep identical, at its first place, the other locales as
    /// notes. A name (not a sentence) that most languages of another script translate or
    /// transliterate (Unicode's "Kayah Li": bg "Каях Ли", ja "カヤー文字") reached the translators, and
    /// those of the source's script kept it on purpose: nothing to report.
    static func keptByMost(_ places: [(pair: TranslationPair, location: SourceLocation)], sameScript: Consensus,
                           everywhere: Consensus, context: RuleContext) -> Finding? {
        let first = places[0].pair
        guard case .text(let rawSource) = first.source.value else { return nil }
        let words = TextAnalysis.translatableWords(in: context.names.masking(rawSource))
        // A sentence (three words or more, some in lower case) is no name: it has not been
        // translated yet. "Phags-pa" is a name.
        let isSentence = Self.isSentence(words, of: rawSource)
        let otherScript = everywhere.total - sameScript.total
        let translatedInOtherScript = otherScript - (everywhere.identical - sameScript.identical)
        if !isSentence, otherScript >= 2, translatedInOtherScript * 2 >= otherScript { return nil }
        let ordered = LocalePlace.ordered(places.map { LocalePlace(locale: $0.pair.locale, location: $0.location) })
        let onlySameScript = places.allSatisfy { !writesOtherScript($0.pair.locale) }
        let c = onlySameScript ? sameScript : everywhere
        let why = isSentence ? "a string not yet sent to translators (or a placeholder copy of the source)"
                             : "a name kept on purpose (then list it under terms.do-not-translate) or a string never sent to translators"
        let covered = ordered.count <= 3 ? listed(ordered.map(\.locale)) : "\(ordered.count) locales"
        let message = "identical to the \(context.project.sourceLanguage) source in \(c.identical) of \(c.total) languages\(onlySameScript ? " written in its script" : "") (this note covers \(covered)): \(why)"
        var finding = Finding.entry(description, message, at: ordered[0].location, locale: ordered.count == 1 ? ordered[0].locale : nil,
                                    table: first.table, key: first.key, severity: .note,
                                    notes: LocalePlace.notes(forOthers: ordered) + [first.sourceNote])
        // Strings that no language translates were never sent, together: one finding per file (a
        // tip jar's "Large Tip", "Medium Tip", "Small Tip"), its other keys in its notes.
        if c.identical == c.total { finding.batchMark = message }
        return finding
    }

    /// What the members of a numbered series share: the text before a last word that is a number
    /// or a Roman numeral, or a range of them ("Skin Tone" of "Skin Tone I-II", "Level" of "Level 3").
    /// Whether a text of these words is a sentence, not a name or title: three words or more, some
    /// in lower case.
    static func isSentence(_ words: [Substring], of text: String) -> Bool {
        words.count >= 3 && text.contains(" ") && words.contains { $0.first?.isLowercase == true }
    }

    static func seriesStem(_ source: String) -> String? {
        guard let space = source.lastIndex(of: " ") else { return nil }
        let last = source[source.index(after: space)...], stem = source[..<space]
        let numeral = last.split(separator: "-", omittingEmptySubsequences: false)
        guard !stem.isEmpty, !last.isEmpty, numeral.allSatisfy({ part in
            !part.isEmpty && (part.allSatisfy { $0.isASCII && $0.isWholeNumber } || part.allSatisfy { "IVXLC".contains($0) })
        }) else { return nil }
        return String(stem)
    }

    /// The source text a translation repeats, and where: a plain string identical to its source, or
    /// a plural whose every form with words is one of the source's forms (a `.stringsdict` copied
    /// and never translated). Nil when the translation differs.
    static func identicalText(_ pair: TranslationPair) -> (text: String, location: SourceLocation)? {
        switch (pair.translation.value, pair.source.value) {
        case (.text(let translation), .text(let source)):
            return translation == source ? (source, pair.location) : nil
        case (.plural(let translation), .plural):
            let sourceTexts = Set(pair.source.value.texts.map(\.text))
            var first: (String, SourceLocation)?
            for variable in translation.variables {
                for form in variable.forms where !TextAnalysis.translatableWords(in: form.text).isEmpty {
                    guard sourceTexts.contains(form.text) else { return nil }
                    if first == nil { first = (form.text, form.location ?? pair.location) }
                }
            }
            return first
        default:
            return nil
        }
    }

    /// Unit symbols that other scripts write in Latin letters too: typographic units everywhere;
    /// measurement units except in Cyrillic, which writes them in its own letters (км, кг). Not
    /// `in`: as a word it is the English preposition.
    static let typographicUnits: Set<Substring> = ["px", "pt", "pc", "em", "rem", "dpi", "ppi"]
    static let measurementUnits: Set<Substring> = [
        "mm", "cm", "m", "km", "g", "kg", "mg", "ml", "l", "s", "ms", "min", "h", "Hz", "kHz", "MHz", "GHz",
        "kB", "KB", "MB", "GB", "TB", "ft", "yd", "mi", "nmi", "lb", "lbs", "oz", "lt", "st", "mph", "kph",
    ]
    static func isUnitSymbols(_ words: [Substring], locale: String) -> Bool {
        guard !words.isEmpty else { return false }
        let cyrillic = localeScripts(locale)?.contains(.cyrillic) == true && !writesLatin(locale)
        return words.allSatisfy { typographicUnits.contains($0) || (!cyrillic && measurementUnits.contains($0)) }
    }

    /// A locale whose ordinary text is not in the Latin script (ICU's scripts of the locale: `ru`,
    /// `ba`, `sr`, but not `sr-Latn`, Wikipedia's `sr-el`, or Berber written in Latin and Tifinagh),
    /// where a Latin word stands out.
    static func writesOtherScript(_ locale: String) -> Bool {
        guard localeScripts(locale) != nil else { return false }
        return !writesLatin(locale)
    }

    private static func writesLatin(_ locale: String) -> Bool { localeScripts(locale)?.contains(.latin) ?? true }

    /// `LanguageOfParts.scripts(of:)`, asked of ICU once per locale: the rule asks per string.
    private static func localeScripts(_ locale: String) -> Set<ScriptCode>? {
        scriptsByLocale.value(for: locale) { LanguageOfParts.scripts(of: $0) }
    }
    private static let scriptsByLocale = LockedCache<String, Set<ScriptCode>?>()
}

/// A phrase the user says to Siri, and the languages Siri speaks (Apple's 21, by language subtag;
/// `zh` covers Mandarin and Cantonese, `no` and `nb` Norwegian Bokmål).
enum SiriPhrase {
    static let languages: Set<String> = ["ar", "da", "de", "en", "es", "fi", "fr", "he", "it", "ja", "ko", "ms",
                                         "nb", "nl", "no", "pt", "ru", "sv", "th", "tr", "yue", "zh"]

    static func speaks(_ locale: String) -> Bool { languages.contains(LanguageTag.languageSubtag(of: locale)) }

    /// A text that begins, after opening quotes, with "Siri," or "Hey Siri": words addressed to Siri.
    static func isSpoken(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0.isWhitespace || $0.isPunctuation }
        if rest.hasPrefix("Hey ") { rest = rest.dropFirst(4) }
        guard rest.hasPrefix("Siri") else { return false }
        let after = rest.dropFirst(4).first
        return after == "," || after == " "
    }
}

public struct TranslationStateRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "translation-state", name: "Unfinished translation state", severity: .note,
        summary: "A String Catalog or XLIFF marks a translation as new, needing review, machine translated, needing translation or stale.",
        rationale: """
        The translation exists but its own file says it is not final: a reviewer or translator still \
        has to look at it before release. A String Catalog's `machine_translated` value was written by a \
        machine and read by nobody yet, so it needs review like `needs_review`. Where `untranslated` or \
        `rtl-no-rtl-text` reports the text of the same entry, that finding says what is wrong and stands \
        for both. A string not for translation (`shouldTranslate: false`) has no state worth reporting, \
        and a partial locale's strings still to translate are counted by `locale-incomplete`. A state \
        that three translations of a string share or more is one finding at the source entry naming \
        the locales (when a third of them are unfinished in some state, as one change of the source \
        leaves them, it says so), and the same locales in that state on three strings or more of a \
        file are one finding; five strings or \
        more of one table in one state in one locale are one finding there, naming the strings.
        """,
        triggering: [
            RuleExample(.catalog(strings: catalogKey("Cancel", ("↓de", stringUnit("Abbrechen", state: "needs_review"))))),
            RuleExample("A machine translation nobody has reviewed",
                .catalog(strings: catalogKey("Cancel", ("↓fr", stringUnit("Annuler", state: "machine_translated"))))),
            RuleExample("The source text changed and every translation awaits review: one finding at the source",
                .catalog(strings: catalogKey("Delete", ("↓en", stringUnit("Delete…")), ("de", stringUnit("Löschen", state: "needs_review")),
                                             ("fr", stringUnit("Supprimer", state: "needs_review")),
                                             ("it", stringUnit("Elimina", state: "needs_review"))))),
            RuleExample("A source change left three of twelve translations in review and a fourth machine translated: together a third, so the three are one finding at the source",
                .catalog(strings: catalogKey("Delete", ("↓en", stringUnit("Delete…")), ("de", stringUnit("Löschen", state: "needs_review")),
                                             ("fr", stringUnit("Supprimer", state: "needs_review")),
                                             ("it", stringUnit("Elimina", state: "needs_review")),
                                             ("↓es", stringUnit("Eliminar", state: "machine_translated")),
                                             ("nl", stringUnit("Verwijderen")), ("pt", stringUnit("Apagar")), ("sv", stringUnit("Radera")),
                                             ("da", stringUnit("Slet")), ("fi", stringUnit("Poista")), ("pl", stringUnit("Usuń")),
                                             ("cs", stringUnit("Smazat")), ("hu", stringUnit("Törlés"))))),
            RuleExample("Three of twelve translations in review, the others final: one finding at the source, naming the three",
                .catalog(strings: catalogKey("Delete", ("↓en", stringUnit("Delete…")), ("de", stringUnit("Löschen", state: "needs_review")),
                                             ("fr", stringUnit("Supprimer", state: "needs_review")),
                                             ("it", stringUnit("Elimina", state: "needs_review")),
                                             ("es", stringUnit("Eliminar")), ("nl", stringUnit("Verwijderen")), ("pt", stringUnit("Apagar")),
                                             ("sv", stringUnit("Radera")), ("da", stringUnit("Slet")), ("fi", stringUnit("Poista")),
                                             ("pl", stringUnit("Usuń")), ("cs", stringUnit("Smazat")), ("hu", stringUnit("Törlés"))))),
            RuleExample("One locale has not reviewed five strings of a table yet: one finding, naming them",
                .catalog(strings: ["Copy", "Cut", "Paste", "Delete", "Undo"].enumerated().map { index, key in
                    catalogKey(key, ("\(index == 0 ? "↓" : "")fr", stringUnit("« \(key) »", state: "needs_review")))
                }.joined(separator: ",\n"))),
        ],
        nonTriggering: [
            RuleExample(.catalog(strings: catalogKey("Cancel", ("de", stringUnit("Abbrechen"))))),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for set in context.index.tableSets {
            // One source change marks every translation of the string for review: per source key and
            // state, the locales that have it, reported together when they are a third of them.
            struct Marked: Hashable { var key: String; var state: String }
            var marked: [Marked: [(place: LocalePlace, finding: Finding, meaning: String)]] = [:]
            var order: [Marked] = []
            // One source change leaves some locales' plural in review and others' partly new (a form
            // added): the share that says "one change" counts the key's unfinished translations in any
            // state, those locale-incomplete counts included.
            var unfinished: [String: Int] = [:]
            for translation in set.translations {
                for (key, entry) in zip(translation.keys, translation.orderedEntries) {
                    // A string not for translation has no translation whose state matters.
                    guard let state = entry.state, entry.shouldTranslate else { continue }
                    guard let meaning = Self.meaning(of: state) else { continue }
                    unfinished[key, default: 0] += 1
                    // A partial locale's strings still to translate are counted by locale-incomplete.
                    if state.meaning == .new || state.meaning == .needsTranslation, context.isFolded(translation.locale, set.id) { continue }
                    let finding = Finding.entry(rule, "marked '\(state.raw)': \(meaning)", at: entry.location,
                                                locale: translation.locale, table: set.id, key: key)
                    guard set.sourcePositions[key] != nil else {
                        findings.append(finding)
                        continue
                    }
                    let group = Marked(key: key, state: state.raw)
                    if marked[group] == nil { order.append(group) }
                    marked[group, default: []].append((LocalePlace(locale: translation.locale, location: entry.location), finding, meaning))
                }
            }
            // What is left, per locale and state: a translator who has not reviewed a table yet leaves
            // many strings in one state, which is one job.
            struct LocaleState: Hashable { var locale: String; var state: String }
            var left: [LocaleState: [(key: String, place: LocalePlace, finding: Finding, meaning: String)]] = [:]
            var leftOrder: [LocaleState] = []
            for group in order {
                let members = marked[group]!
                let having = set.translations.filter { $0.entries[group.key] != nil }.count
                guard members.count >= 3, let position = set.sourcePositions[group.key] else {
                    for member in members {
                        let place = LocaleState(locale: member.place.locale, state: group.state)
                        if left[place] == nil { leftOrder.append(place) }
                        left[place, default: []].append((group.key, member.place, member.finding, member.meaning))
                    }
                    continue
                }
                let places = LocalePlace.ordered(members.map(\.place))
                guard unfinished[group.key]! * 3 >= having else {
                    // A few locales with the same mark on one key (es, fr and nl of 16): one finding
                    // that names them; the same locales on more keys of the file are one batch.
                    let locales = places.map(\.locale).sorted()
                    var finding = Finding.entry(rule, "marked '\(group.state)' in \(listed(locales)) (\(members.count) of the \(having) translations): \(members[0].meaning)",
                                                at: set.sourceEntries[Int(position)].location, locale: nil, table: set.id, key: group.key,
                                                notes: LocalePlace.notes(for: places))
                    finding.batchMark = "marked '\(group.state)' in " + locales.joined(separator: " ")
                    findings.append(finding)
                    continue
                }
                findings.append(.entry(rule, "marked '\(group.state)' in \(members.count) of the \(having) translations, \(members[0].meaning); all at once, so most likely one change of the source",
                                       at: set.sourceEntries[Int(position)].location, locale: nil, table: set.id, key: group.key,
                                       notes: LocalePlace.notes(for: places)))
            }
            for place in leftOrder {
                let members = left[place]!
                guard members.count >= Self.rolledUpMinimum else {
                    findings += members.map(\.finding)
                    continue
                }
                let sorted = members.sorted { ($0.place.location.line, $0.place.location.column) < ($1.place.location.line, $1.place.location.column) }
                findings.append(.entry(rule, "\(members.count) strings of \(set.id.name) are marked '\(place.state)' in \(place.locale); for each, \(members[0].meaning)",
                                       at: sorted[0].place.location, locale: place.locale, table: set.id, key: sorted[0].key,
                                       notes: sorted.dropFirst().map { Finding.Note(message: "also \"\($0.key.visibleExcerpt)\"", location: $0.place.location) }))
            }
        }
        return findings
    }

    /// Strings of one table in one state in one locale, from which on they are one finding.
    static let rolledUpMinimum = 5

    /// What a state means for the release, not the state's name again; nil for a finished one.
    static func meaning(of state: TranslationState) -> String? {
        switch state.meaning {
        case .new: return "not translated yet: the source text shows until a translator does it"
        case .needsReview:
            return state.raw == "machine_translated" ? "machine translated: a person should review it"
                                                     : "a reviewer has to confirm it (often the source text changed since)"
        case .needsTranslation: return "needs a translation: the source text shows until a translator does it"
        case .stale: return "stale: the source changed or the key is no longer used"
        case .translated, .final, .other: return nil
        }
    }

}

public struct StaleKeyTranslatedRule: Rule {
    public static let id = "stale-key-translated"
    public init() {}

    /// A catalog with one key, "Old title" (stale unless `extractionState` says otherwise), translated into `locales`.
    private static func catalog(extractionState: String, marked: Bool, locales: [(String, String)]) -> String {
        let localizations = locales.map { locale, text in
            "        \"\(locale)\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(text)\" } }"
        }.joined(separator: ",\n")
        return """
        {
          "sourceLanguage" : "en",
          "strings" : {
            \(marked ? "↓" : "")"Old title" : {
              "extractionState" : "\(extractionState)",
              "localizations" : {
        \(localizations)
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    public static let description = RuleDescription(
        id: StaleKeyTranslatedRule.id, name: "Stale key still translated", severity: .note,
        summary: "A String Catalog key that Xcode marks stale (no longer found in the code) still has translations; one finding per key, saying how many locales translate it, and one for three or more such keys of a catalog.",
        rationale: """
        Xcode marks a key `extractionState: "stale"` when the last build no longer found it in the code. \
        Its translations are dead strings that translators keep paying for: every hand-off sends them \
        out again, and reviews spend time on text nobody sees. Remove the key from the catalog, or use it \
        again if it was dropped by mistake. Stale keys without any translation, or whose values are copies \
        of the source, cost nothing and are left alone.
        """,
        triggering: [
            RuleExample("A stale key translated into German and French",
                VirtualFile("Localizable.xcstrings", catalog(extractionState: "stale", marked: true,
                                                             locales: [("de", "Alter Titel"), ("fr", "Ancien titre")]))),
            RuleExample("Three stale keys of one catalog: one clean-up, one finding at the first",
                .catalog(strings: staleKey("↓Old title"), staleKey("Old subtitle"), staleKey("Old button"))),
        ],
        nonTriggering: [
            RuleExample("A key the code still uses",
                VirtualFile("Localizable.xcstrings", catalog(extractionState: "extracted_with_value", marked: false,
                                                             locales: [("de", "Alter Titel")]))),
            RuleExample("A stale key nobody translated",
                VirtualFile("Localizable.xcstrings", catalog(extractionState: "stale", marked: false, locales: []))),
            RuleExample("A stale key whose \"translations\" are copies of the source",
                VirtualFile("Localizable.xcstrings", catalog(extractionState: "stale", marked: false,
                                                             locales: [("de", "Old title"), ("fr", "Old title")]))),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for set in context.index.tableSets {
            guard let source = set.source else { continue }
            for key in source.keys {
                // The catalog is where the key is removed: an XLIFF export that inherits the catalog's
                // staleness (`ExportedStaleness`) is no second place to report it.
                guard let entry = source.entries[key], entry.isStale, entry.location.file.hasSuffix(".xcstrings") else { continue }
                // A copy of the source ("%@") is no translator's work: only real translations count.
                let translated = set.translations.filter { translation in
                    guard let other = translation.entries[key] else { return false }
                    return other.location.file == entry.location.file && Coverage.isTranslated(other)
                        && !Coverage.isIdentical(other.value, entry.value)
                }.map(\.locale)
                guard !translated.isEmpty else { continue }
                let count = translated.count == 1 ? "1 locale still translates it" : "\(translated.count) locales still translate it"
                var finding = Finding.entry(rule, "stale (the code no longer uses it), yet \(count) (\(Self.list(translated))): remove it from the catalog, or use it again",
                                            at: Self.keyLocation(entry), locale: nil, table: set.id, key: key)
                // The stale keys of one catalog are one clean-up: one finding from three on.
                finding.batchMark = "stale"
                findings.append(finding)
            }
        }
        return findings
    }

    /// A catalog member marked stale, translated into German.
    private static func staleKey(_ key: String) -> String {
        catalogKey(key, ("de", stringUnit("\(key.dropFirst(key.hasPrefix("↓") ? 1 : 0)) (de)")))
            .replacingOccurrences(of: "\"localizations\"", with: "\"extractionState\" : \"stale\",\n\"localizations\"")
    }

    /// "de, fr, ja, ru, uk and 3 more".
    static func list(_ locales: [String]) -> String {
        let shown = locales.prefix(5).joined(separator: ", ")
        return locales.count > 5 ? "\(shown) and \(locales.count - 5) more" : shown
    }

    /// Where the key's name is ("line:column" kept by the reader), else where its source entry is.
    static func keyLocation(_ entry: Entry) -> SourceLocation {
        guard let text = entry.attributes["keyLocation"] else { return entry.location }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return entry.location }
        return SourceLocation(file: entry.location.file, line: line, column: column)
    }
}

public struct MissingTableRule: Rule {
    public init() {}
    /// Locales without one table, from which on they are one finding.
    static let groupedMinimum = 3
    public static let description = RuleDescription(
        id: "missing-table", name: "Table missing for a locale", severity: .warning,
        summary: "A locale has other tables of the same folder but lacks this one entirely; a table no locale has is one finding.",
        rationale: """
        Every string of the table falls back to the development language in that locale — for \
        InfoPlist, the permission prompts and the app's name on the home screen (an `InfoPlist` table \
        with permission prompts is reported by `permission-prompt-untranslated` instead). A table that \
        no locale has while the folder's other tables are translated (never sent for translation, or a \
        `tableName` typo in the code) is one finding at the source table, not one per locale; so are \
        three locales or more without the table (an export or import that left it out of them), which \
        the finding names.
        """,
        triggering: [
            RuleExample("German has Localizable but no InfoPlist",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/InfoPlist.strings", "↓\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("German has the Settings table, French does not",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/Settings.strings", "↓\"sync\" = \"Sync\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                VirtualFile("de.lproj/Settings.strings", "\"sync\" = \"Synchronisieren\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n")),
            RuleExample("Three locales lack the Settings table the others have: one finding that names them",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/Settings.strings", "↓\"sync\" = \"Sync\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                VirtualFile("de.lproj/Settings.strings", "\"sync\" = \"Synchronisieren\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n"), .strings("ja", "\"cancel\" = \"キャンセル\";\n"),
                .strings("ko", "\"cancel\" = \"취소\";\n")),
            RuleExample("No locale has the table (a tableName typo, or never sent for translation): one finding, not one per locale",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/Sync paused.strings", "↓\"Sync paused\" = \"Syncing resumes when you are online.\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                .strings("fr", "\"cancel\" = \"Annuler\";\n"),
                .strings("ja", "\"cancel\" = \"キャンセル\";\n")),
        ],
        nonTriggering: [
            RuleExample("Both tables in both locales",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n"),
                VirtualFile("de.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n")),
            RuleExample("A project with no translation yet",
                .strings("en", "\"cancel\" = \"Cancel\";\n"),
                VirtualFile("en.lproj/Settings.strings", "\"sync\" = \"Sync\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        // The locales of a folder: every locale that has any table there.
        var localesByScope: [String: Set<String>] = [:]
        for set in context.index.tableSets {
            for translation in set.translations { localesByScope[set.id.scope, default: []].insert(translation.locale) }
        }
        for set in context.index.tableSets {
            guard let source = set.source, !source.keys.isEmpty,
                  source.tables.allSatisfy({ $0.format == .strings || $0.format == .stringsdict }) else { continue }
            let present = Set(set.translations.map(\.locale))
            // The finding is about the table: it sits on the first entry of its `.strings` file (the
            // `.stringsdict` holds only its plurals), else of the `.stringsdict`.
            let file = source.tables.sorted { a, b in
                a.format == b.format ? a.path < b.path : a.format == .strings
            }[0]
            let location = file.entries.first?.location ?? SourceLocation(file: file.path, line: 1, column: 1)
            // permission-prompt-untranslated reports a shipped locale without the InfoPlist table its prompts need.
            let promptsOwnIt = set.id.name == InfoPlistLocalization.tableName
                && !InfoPlistLocalization.reportedWhenTableMissing(set, in: context).isEmpty
            let folderLocales = localesByScope[set.id.scope] ?? []
            // A table no locale has (never sent for translation, or a tableName typo) is one defect of
            // the source, not one per locale. permission-prompt-untranslated owns a missing InfoPlist.
            if present.isEmpty && folderLocales.count >= 2 && !promptsOwnIt {
                let variantsOnly = folderLocales.allSatisfy { context.isSourceVariant($0) }
                let strings = source.keys.count == 1 ? "its string falls" : "its \(source.keys.count) strings fall"
                findings.append(Finding(ruleID: rule.id, severity: variantsOnly ? .note : rule.severity,
                                        message: "table \(set.id.name) exists only in \(context.project.sourceLanguage): none of the \(folderLocales.count) locales this folder is translated into has it, so \(strings) back to \(context.project.sourceLanguage) in all of them; send it for translation, or, if the table name is a mistake, fix the name in the code",
                                        location: location, locale: nil, table: set.id.name))
                continue
            }
            let strings = "\(source.keys.count) string\(source.keys.count == 1 ? " falls" : "s fall") back to \(context.project.sourceLanguage)"
            var lacking: [String] = []
            for locale in folderLocales.subtracting(present).sorted() {
                // en-GB for an en source falls back to en by design: a note.
                let variant = context.isSourceVariant(locale)
                if promptsOwnIt && !variant && !context.coverage.isPartial(locale) { continue }
                if variant {
                    findings.append(Finding(ruleID: rule.id, severity: .note,
                                            message: "table \(set.id.name) has no \(locale) version (\(strings), as a regional variant does by design)",
                                            location: location, locale: locale, table: set.id.name))
                } else {
                    lacking.append(locale)
                }
            }
            // Several locales without the table: one export or import left it out of them all, one finding.
            if lacking.count >= Self.groupedMinimum {
                findings.append(Finding(ruleID: rule.id, severity: rule.severity,
                                        message: "table \(set.id.name) has no version in \(lacking.count) of the \(folderLocales.count) locales this folder is translated into (\(strings) in each): \(listed(lacking))",
                                        location: location, locale: nil, table: set.id.name))
            } else {
                findings += lacking.map { locale in
                    Finding(ruleID: rule.id, severity: rule.severity, message: "table \(set.id.name) has no \(locale) version (\(strings))",
                            location: location, locale: locale, table: set.id.name)
                }
            }
        }
        return findings
    }
}
