import Foundation

// Scripts and language of parts: text in a script its locale does not use is read by VoiceOver with
// the wrong voice unless the range carries `accessibilitySpeechLanguage` (WCAG 3.1.2).

/// One text of one entry in one locale, as the script rules walk them.
/// A struct in one array, 64 bytes a text: a large app has a quarter of a million texts, which as
/// objects were 96 bytes of heap each plus the array of references. It holds two references (its
/// entry and text; a locale identifier fits in the string itself): each copy read out of the array
/// retains and releases each. Its table and its locale's scripts are looked up by id.
struct LocalizedText: Sendable {
    /// The entry the text belongs to.
    let entry: Entry
    let text: String
    let locale: String
    /// Where the text starts, in the entry's file (a reader's locations are all in the file it read).
    private let line: Int32, column: Int32
    /// The index's table set position, the key's position in the source (-1 where the source lacks
    /// it) and the locale id.
    let tableIndex: Int32, keyPosition: Int32, localeID: Int32
    /// A text of the source language.
    let isSource: Bool
    /// A translation identical to one of the source entry's texts (left to `untranslated`).
    let equalsSourceText: Bool

    func table(in index: ProjectIndex) -> TableID { index.tableSets[Int(tableIndex)].id }
    var key: String { entry.key }
    var location: SourceLocation { SourceLocation(file: entry.location.file, line: Int(line), column: Int(column)) }

    init(entry: Entry, text: String, locale: String, location: SourceLocation, isSource: Bool, equalsSourceText: Bool,
         tableIndex: Int32, keyPosition: Int32, localeID: Int32) {
        assert(location.file == entry.location.file, "a text's location lies in its entry's file")
        self.entry = entry
        self.text = text
        self.locale = locale
        self.line = Int32(clamping: location.line)
        self.column = Int32(clamping: location.column)
        self.isSource = isSource
        self.equalsSourceText = equalsSourceText
        self.tableIndex = tableIndex
        self.keyPosition = keyPosition
        self.localeID = localeID
    }
}

extension LocalizedText {
    /// The scripts each locale of `index` is written in, by locale id; nil for a locale whose scripts
    /// are unknown, whose texts are not walked.
    static func scriptsByLocaleID(in index: ProjectIndex) -> [Set<ScriptCode>?] {
        index.locales.map { LanguageOfParts.scripts(of: $0) }
    }

    /// Every text of every value of `index` in a locale of known scripts (`scripts`, by locale id).
    static func all(in index: ProjectIndex, scripts: [Set<ScriptCode>?]) -> [LocalizedText] {
        var out: [LocalizedText] = []
        for (t, set) in index.tableSets.enumerated() {
            let all = [set.source].compactMap { $0 } + set.translations
            for (position, tables) in all.enumerated() {
                // Taken out of the table once: the closure below would copy the whole table for each text.
                let localeID = tables.localeID, locale = tables.locale
                guard scripts[Int(localeID)] != nil else { continue }
                let isSource = set.source != nil && position == 0
                for (k, (key, entry)) in zip(tables.keys, tables.orderedEntries).enumerated() where !NameTerms.isKeptAsWritten(key) {
                    let position = tables.sourcePosition(ofKeyAt: k)
                    let sourceEntry = position.map { set.sourceEntries[$0] }
                    guard entry.shouldTranslate, sourceEntry?.shouldTranslate != false else { continue }
                    entry.value.forEachText { text, location in
                        // A TranslateWiki message with plural markup ("{{PLURAL:$1|byte $1|bytes $1}}") is
                        // not what the app shows: its converted plural forms are, and are texts here.
                        guard !text.isEmpty, text.firstByteRange(of: "{{PLURAL:") == nil else { return }
                        let equalsSource = !isSource && (sourceEntry?.value.containsText { $0 == text } ?? false)
                        out.append(LocalizedText(entry: entry, text: text, locale: locale,
                                                 location: location ?? entry.valueLocation ?? entry.location,
                                                 isSource: isSource, equalsSourceText: equalsSource,
                                                 tableIndex: Int32(t), keyPosition: position.map(Int32.init) ?? -1, localeID: localeID))
                    }
                }
            }
        }
        return out
    }
}

/// What the script rules share: every localized text and its language-of-parts analysis, computed
/// once (on every worker; `RuleEngine.run` asks before the rules start) and kept. Asked for while
/// being computed, it makes the caller wait rather than do the same work again.
final class SharedScriptAnalyses: RuleCache, @unchecked Sendable {
    /// The rules that use these analyses.
    static let users: Set<String> = [WrongScriptRule.description.id, LanguageOfPartsRule.description.id,
                                     ChineseScriptMixRule.description.id]

    /// The app's name, platform terms and configured never-tag terms.
    let names: NameTerms
    private let options: AuditOptions
    private let index: ProjectIndex
    // Written once, under `lock` (until `forget`).
    private let lock = NSLock()
    private var computedTexts: [LocalizedText]?
    private var computedAnalyses: [LanguageOfPartsAnalysis]?
    private var computedTranslationsByKey: [KeyOfTable: [Int]]?
    private var computedSourceByKey: [KeyOfTable: Int]?

    /// The scripts of each locale, by locale id.
    let scripts: [Set<ScriptCode>?]

    /// `texts` are `LocalizedText.all(in: index, scripts: scripts)`, worked out beside the run's
    /// other preparations.
    init(texts: [LocalizedText], scripts: [Set<ScriptCode>?], index: ProjectIndex, names: NameTerms, options: AuditOptions) {
        computedTexts = texts
        self.scripts = scripts
        self.index = index
        self.names = names
        self.options = options
    }

    /// The scripts `text`'s locale is written in.
    func scripts(of text: LocalizedText) -> Set<ScriptCode> { scripts[Int(text.localeID)] ?? [] }

    /// Every localized text of the index.
    var texts: [LocalizedText] {
        lock.lock()
        defer { lock.unlock() }
        if let computedTexts { return computedTexts }
        let texts = LocalizedText.all(in: index, scripts: scripts)
        computedTexts = texts
        return texts
    }

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        computedTexts = nil
        computedAnalyses = nil
        computedWidelyKept = nil
        computedTranslationsByKey = nil
        computedSourceByKey = nil
    }

    /// `languageOfParts[i]` analyses `texts[i]`.
    var languageOfParts: [LanguageOfPartsAnalysis] {
        lock.lock()
        defer { lock.unlock() }
        if let computedAnalyses { return computedAnalyses }
        let texts = computedTexts ?? LocalizedText.all(in: index, scripts: scripts), parts = options.languageOfParts
        computedTexts = texts
        let scripts = self.scripts
        let analyses = Parallel.mapInChunks(texts, chunk: 256, workers: options.workers) {
            parts.analyze($0.text, locale: $0.locale, scripts: scripts[Int($0.localeID)] ?? [])
        }
        computedAnalyses = analyses
        return analyses
    }

    /// A key of a table set (by its position in the index).
    struct KeyOfTable: Hashable { var table: Int32; var key: String }
    private var computedWidelyKept: Set<String>?

    /// Runs that translations in at least five locales of at least two scripts carry as they are, in
    /// whatever strings: a product or feature name ("Duck Address", "Wikidata") or a loanword the
    /// languages share, not a phrase one translator forgot.
    private var widelyKeptRuns: Set<String> {
        let analyses = languageOfParts, texts = self.texts
        lock.lock()
        defer { lock.unlock() }
        if let computedWidelyKept { return computedWidelyKept }
        var localesByRun: [String: Set<String>] = [:]
        var scriptsByRun: [String: Set<Set<ScriptCode>>] = [:]
        for i in texts.indices where !analyses[i].ranges.isEmpty && !texts[i].isSource {
            for range in analyses[i].ranges where !range.fromTerm {
                localesByRun[range.text, default: []].insert(texts[i].locale)
                scriptsByRun[range.text, default: []].insert(scripts(of: texts[i]))
            }
        }
        let kept = Set(localesByRun.filter { $0.value.count >= 5 && scriptsByRun[$0.key]!.count >= 2 }.keys)
        computedWidelyKept = kept
        return kept
    }

    /// The translations (indices into `texts`) of each key that has a run of another script
    /// somewhere, and its source text.
    private var textsByKey: (translations: [KeyOfTable: [Int]], sources: [KeyOfTable: Int]) {
        let analyses = languageOfParts, texts = self.texts
        lock.lock()
        defer { lock.unlock() }
        if let computedTranslationsByKey, let computedSourceByKey { return (computedTranslationsByKey, computedSourceByKey) }
        // A key of the source is known by its table set and position (integers, hashed quickly: this
        // asks of every text); only keys the source lacks by their names.
        struct Place: Hashable { var table: Int32; var position: Int32 }
        var wanted = Set<Place>(), wantedOutsideSource = Set<KeyOfTable>()
        for i in texts.indices where !analyses[i].ranges.isEmpty {
            if texts[i].keyPosition >= 0 {
                wanted.insert(Place(table: texts[i].tableIndex, position: texts[i].keyPosition))
            } else {
                wantedOutsideSource.insert(KeyOfTable(table: texts[i].tableIndex, key: texts[i].key))
            }
        }
        var byKey: [KeyOfTable: [Int]] = [:]
        var sources: [KeyOfTable: Int] = [:]
        if !wanted.isEmpty || !wantedOutsideSource.isEmpty {
            for i in texts.indices {
                let item = texts[i]
                guard item.keyPosition >= 0
                    ? wanted.contains(Place(table: item.tableIndex, position: item.keyPosition))
                    : !wantedOutsideSource.isEmpty && wantedOutsideSource.contains(KeyOfTable(table: item.tableIndex, key: item.key))
                else { continue }
                let id = KeyOfTable(table: item.tableIndex, key: item.key)
                if !texts[i].isSource {
                    byKey[id, default: []].append(i)
                } else if sources[id] == nil {
                    sources[id] = i
                }
            }
        }
        computedTranslationsByKey = byKey
        computedSourceByKey = sources
        return (byKey, sources)
    }

    /// What a run of another script is, as far as the same key's texts tell.
    enum RunStanding {
        /// Another language: what WCAG 3.1.2 asks to tag.
        case foreign
        /// A name: one of the name terms, the source's proper name, or a run most other languages'
        /// translations of the key keep as it is ("Firefox", "Wikipedia", a product name no list
        /// holds). A phrase left in English is translated by the other languages.
        case name
        /// The locale's own language in its other script: Serbian in Latin letters inside a Cyrillic
        /// Serbian string ("srpski latinica (sr-el)"), which the key's text in a locale of that
        /// language and script holds. A voice of the language reads both scripts.
        case ownLanguageInAnotherScript
    }

    /// The standing of `run` in the text at `textIndex`, from one walk over the key's other texts.
    func standing(of run: SpeechRange, in textIndex: Int) -> RunStanding {
        if names.covers(run.text) || widelyKeptRuns.contains(run.text) { return .name }
        let texts = self.texts, item = texts[textIndex]
        let id = KeyOfTable(table: item.tableIndex, key: item.key), keyed = textsByKey
        // A translation that keeps the source's proper name as it is.
        if run.isNameLike || run.isNameWithParticles, !item.isSource, let source = keyed.sources[id],
           Self.isProperName(run.text, in: texts[source].text) { return .name }
        guard let others = keyed.translations[id] else { return .foreign }
        // Compared without ASCII case: "Pacu Jawi" at the start of a Chinese sentence is the name most
        // translations write "pacu jawi" inside theirs.
        let word = ByteSearch.asciiLowercased(run.text)
        let script = ScriptCode(name: run.script), language = LanguageTag.languageSubtag(of: item.locale)
        // Per locale: a plural keeps the run when any of its forms does.
        var keeps: [String: Bool] = [:]
        var ownLanguage = false
        for j in others where texts[j].locale != item.locale && keeps[texts[j].locale] != true {
            let holds = NameTerms.containsWord(word, in: ByteSearch.asciiLowercased(texts[j].text))
            keeps[texts[j].locale] = holds
            if holds, let script, scripts(of: texts[j]).contains(script), LanguageTag.languageSubtag(of: texts[j].locale) == language {
                ownLanguage = true
            }
        }
        let keeping = keeps.values.filter { $0 }.count
        if keeping >= 3 && keeping * 2 > keeps.count { return .name }
        return ownLanguage ? .ownLanguageInAnotherScript : .foreign
    }

    /// Whether the source sentence capitalises `name` where no sentence starts ("Allow Wikimedia to
    /// save …"): a proper name, which WCAG 3.1.2 leaves in the surrounding language. A source in
    /// title case ("Add To Reading List") capitalises every word and tells nothing.
    static func isProperName(_ name: String, in source: String) -> Bool {
        func word(_ token: Substring) -> Substring { token.drop(while: { !$0.isLetter && !$0.isNumber }) }
        let tokens = source.split(whereSeparator: \.isWhitespace)
        let nameTokens = name.split(whereSeparator: \.isWhitespace)
        guard let first = nameTokens.first, first.first?.isUppercase == true, tokens.count > nameTokens.count else { return false }
        guard tokens.contains(where: { word($0).first?.isLowercase == true }) else { return false }
        for start in 1...(tokens.count - nameTokens.count) {
            let previous = tokens[start - 1]
            guard let last = previous.last, !".!?:".contains(last) else { continue }
            // A particle may be capitalised in one and not the other ("Leonardo Da Vinci").
            let written = tokens[start..<(start + nameTokens.count)]
            if written.first!.hasPrefix(first),
               zip(written.dropFirst(), nameTokens.dropFirst()).allSatisfy({ $0.0.hasPrefix($0.1) || $0.0.lowercased().hasPrefix($0.1.lowercased()) }) { return true }
        }
        return false
    }
}

public struct WrongScriptRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "wrong-script", name: "Translation in another script", severity: .warning,
        summary: "A translation is written wholly in a script its locale does not use (Latin in a Russian translation).",
        rationale: """
        The text was pasted from another language or never translated, and VoiceOver reads it with the \
        locale's voice. Placeholders, URLs, e-mail addresses, numbers and configured never-tag terms are \
        ignored, and so are acronyms (every voice spells them); a single word or a short capitalised name is a note (often a brand: add it with `--never-tag`). Text identical \
        to the source is left to `untranslated`, accessibility strings to `a11y-untranslated`.
        """,
        triggering: [
            RuleExample("A Russian translation in English, though not the source text",
                .strings("en", "\"offline\" = \"You are offline.\";\n"),
                .strings("ru", "\"offline\" = ↓\"No internet connection.\";\n")),
        ],
        nonTriggering: [
            RuleExample("Cyrillic with a placeholder and a URL",
                .strings("en", "\"help\" = \"See %@ at https://example.com\";\n"),
                .strings("ru", "\"help\" = \"Смотрите %@ на https://example.com\";\n")),
            RuleExample("Serbian in Latin script",
                .strings("en", "\"offline\" = \"You are offline.\";\n"),
                .strings("sr-Latn", "\"offline\" = \"Niste povezani.\";\n")),
            RuleExample("The app's bundle name and a platform term",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Bookshelf Widget\";\n\"unlock\" = \"Touch ID\";\n"),
                VirtualFile("el.lproj/InfoPlist.strings", "\"CFBundleName\" = \"Bookshelf Widget Extension\";\n\"unlock\" = \"Touch ID, Face ID\";\n")),
            RuleExample("A copyright notice, a legal text often kept in English",
                VirtualFile("en.lproj/InfoPlist.strings", "\"NSHumanReadableCopyright\" = \"© 2024 Example Studio LLC\";\n"),
                VirtualFile("ja.lproj/InfoPlist.strings", "\"NSHumanReadableCopyright\" = \"© 2024 Jane Doe. All rights reserved.\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        let texts = context.scriptAnalyses.texts, analyses = context.scriptAnalyses.languageOfParts
        for i in texts.indices where !texts[i].isSource && !texts[i].equalsSourceText && analyses[i].isWhollyForeign {
            let item = texts[i], analysis = analyses[i]
            if item.keyPosition >= 0, context.accessibilityKind(table: Int(item.tableIndex), position: Int(item.keyPosition))?.isSpoken == true { continue }
            // In a right-to-left locale, Latin-only text is rtl-no-rtl-text's finding, said in RTL terms.
            if LocaleIdentifierCheck.isRightToLeft(item.locale) && analysis.ranges.allSatisfy({ $0.script == "Latn" }) { continue }
            let foreign = analysis.ranges.filter { !$0.fromTerm }
            // Names (the app's, a platform's, a brand every language keeps) are not translations to make.
            if foreign.allSatisfy({ context.scriptAnalyses.standing(of: $0, in: i) == .name }) { continue }
            let single = foreign.count == 1 && foreign[0].isNameLike
            let names = Set(foreign.map(\.script)).sorted().joined(separator: ", ")
            let languages = Set(foreign.map(\.language)).sorted().joined(separator: ", ")
            let advice = single ? "if it is a brand name, add it with --never-tag; else translate it"
                                : "translate it, or tag it with accessibilitySpeechLanguage \"\(languages)\" if it must stay"
            findings.append(.entry(rule, "written wholly in \(names), which \(item.locale) does not use; VoiceOver reads it with the \(item.locale) voice — \(advice)",
                                   at: item.location, locale: item.locale, table: item.table(in: context.index), key: item.key,
                                   severity: single ? .note : nil))
        }
        return findings
    }
}

public struct LanguageOfPartsRule: Rule {
    public init() {}
    /// Parts named in the message of a string with several; the Swift note sets every range.
    static let partsListed = 4
    public static let description = RuleDescription(
        id: "language-of-parts", name: "Language of parts", severity: .warning,
        summary: "A run of another script (or a configured term of another language) inside a string needs its own speech language.",
        rationale: """
        VoiceOver reads the whole string with the locale's voice, so \"Arc de Triomphe\" inside Russian \
        comes out as Russian phonetics (WCAG 3.1.2 Language of Parts). The finding gives the run's UTF-16 \
        range (NSRange) and its BCP 47 language — the one language identification (CLD2 on Linux, \
        NaturalLanguage on Apple platforms) finds when it is reliable about a run of at least 12 letters, \
        else the one ICU finds likely for its script — with a Swift snippet \
        that sets `.accessibilitySpeechLanguage` on it; `locale-audit speech-ranges` writes every range \
        as JSON for the app to load. Acronyms and units (VPN, MB) are left out: every voice spells them \
        its own way. A single Latin word or a short capitalised Latin name (a brand such as `Duck \
        Player`, a loanword such as `cookie`) is left alone: WCAG 3.1.2 exempts proper names, technical \
        terms and words that have become part of the language, and voices read Latin letters; \
        `--never-tag` silences a term, `--term-language \"Arc de Triomphe=fr-FR\"` names a term's language. \
        Several parts of one string are one finding that lists their ranges, with a snippet setting each. \
        A string the system shows (an Info.plist permission prompt) takes no attribute: a note asks to \
        translate the run instead.
        """,
        triggering: [
            RuleExample("An English phrase in a Japanese permission prompt, which the system shows: a note to translate it",
                VirtualFile("en.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = \"Your location finds a Point of Interest near you.\";\n"),
                VirtualFile("ja.lproj/InfoPlist.strings", "\"NSLocationWhenInUseUsageDescription\" = ↓\"位置情報を使って近くの Point of Interest を探します。\";\n")),
            RuleExample("Latin and Han runs in a Russian string: one finding lists both ranges",
                .strings("en", "\"map.landmark\" = \"Moscow, Paris and Tokyo\";\n"),
                .strings("ru", "\"map.landmark\" = ↓\"Москва Arc de Triomphe 東京\";\n")),
            RuleExample("The source's second sentence left in English after a translated first one: to translate, not to tag",
                .strings("en", "\"upload.warning\" = \"Your edit will be credited to your IP address. If you log in you will have more privacy.\";\n"),
                .strings("ru", "\"upload.warning\" = ↓\"Правка будет приписана вашему IP-адресу. If you log in you will have more privacy.\";\n")),
            RuleExample("A French phrase inside a Russian string: identified from its words, it is tagged fr",
                .strings("en", "\"cafe.motto\" = \"Our motto: “Happiness is in the morning coffee”\";\n"),
                .strings("ru", "\"cafe.motto\" = ↓\"Наш девиз: «Le bonheur est dans le café du matin»\";\n")),
        ],
        nonTriggering: [
            RuleExample("Only Cyrillic, digits and a placeholder",
                .strings("en", "\"sync\" = \"Synced %d%% on 12.05\";\n"),
                .strings("ru", "\"sync\" = \"Синхронизировано %d%% 12.05\";\n")),
            RuleExample("Serbian in Latin letters inside a Cyrillic Serbian string, as the Latin Serbian translation writes it",
                .strings("en", "\"variants\" = \"Choose a variant: Serbian Cyrillic (sr-ec) or Serbian Latin (sr-el)\";\n"),
                .strings("sr", "\"variants\" = \"Изаберите варијанту: српски ћирилица (sr-ec) или srpski latinica (sr-el)\";\n"),
                .strings("sr-Latn", "\"variants\" = \"Izaberite varijantu: srpski ćirilica (sr-ec) ili srpski latinica (sr-el)\";\n")),
            RuleExample("A language list's entry: the language's own name, its English name and its code, which no one voice reads",
                .strings("en", "\"uzbek.variants\" = \"The app now supports Uzbek:\\n\\noʻzbekcha lotin Uzbek, Latin (uz-latin)\";\n"),
                .strings("ru", "\"uzbek.variants\" = \"Приложение теперь поддерживает узбекский:\\n\\noʻzbekcha lotin Uzbek, Latin (uz-latin)\";\n")),
            RuleExample("A TranslateWiki message with plural markup: the converted plural forms are what the app shows",
                .strings("en", "\"size\" = \"{{PLURAL:$1|$1 byte|$1 bytes}} added\";\n"),
                .strings("ru", "\"size\" = \"{{PLURAL:$1|byte $1|bytes $1}} добавлено\";\n")),
            RuleExample("A URL template a machine translation broke apart with spaces: path and domain pieces, no words",
                .strings("en", "\"tiles\" = \"http://{switch:a,b,c}.tile.org/{z}/{x}/{y}.png\";\n"),
                .strings("ta", "\"tiles\" = \"http: // {சுவிட்ச்: a, b, c} .tile.org/{z}/{x}/{y} .png\";\n")),
            RuleExample("Latin letters typed into a Russian word (\"ceйчас\"): a typo, not a part in English",
                .strings("en", "\"now\" = \"Tap to update now\";\n"),
                .strings("ru", "\"now\" = \"Нажмите, чтобы обновить ceйчас\";\n")),
            RuleExample("Japanese mixes kana and kanji by nature",
                .strings("en", "\"add\" = \"Add a book\";\n"),
                .strings("ja", "\"add\" = \"本を追加する\";\n")),
            RuleExample("The app's name (InfoPlist.strings) and Apple's platform terms are names, not a language change",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("en", "\"sync\" = \"Sync Bookshelf with iCloud Drive\";\n\"open\" = \"Open in Safari\";\n"),
                VirtualFile("ru.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf\";\n"),
                .strings("ru", "\"sync\" = \"Синхронизировать Bookshelf с iCloud Drive\";\n\"open\" = \"Открыть в Safari\";\n")),
            RuleExample("A name that most languages' translations of the string keep as it is",
                .strings("en", "\"share\" = \"Open in Firefox\";\n"),
                .strings("ru", "\"share\" = \"Открыть в Firefox\";\n"),
                .strings("uk", "\"share\" = \"Відкрити у Firefox\";\n"),
                .strings("bg", "\"share\" = \"Отваряне във Firefox\";\n"),
                .strings("el", "\"share\" = \"Άνοιγμα στο Firefox\";\n")),
            RuleExample("A person's name with its particle, kept from the source",
                .strings("en", "\"example\" = \"painting by Leonardo Da Vinci\";\n"),
                .strings("ru", "\"example\" = \"картина Leonardo da Vinci\";\n")),
            RuleExample("A proper name and a loanword (WCAG 3.1.2 leaves names and technical terms alone)",
                .strings("en", "\"sync.footer\" = \"Allow Wikimedia to save your reading lists\";\n\"cookies\" = \"Clear cookies\";\n"),
                .strings("ru", "\"sync.footer\" = \"Разрешить Wikimedia сохранять списки чтения\";\n"),
                .strings("el", "\"cookies\" = \"Διαγραφή cookie\";\n")),
            RuleExample("A name capitalised where one translation starts with it, in lower case inside the others",
                .strings("en", "\"race\" = \"A pacu jawi race\";\n"),
                .strings("zh-Hans", "\"race\" = \"Pacu jawi 比赛\";\n"),
                .strings("ru", "\"race\" = \"Гонка pacu jawi\";\n"),
                .strings("uk", "\"race\" = \"Перегони pacu jawi\";\n"),
                .strings("bg", "\"race\" = \"Състезание pacu jawi\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        let texts = context.scriptAnalyses.texts, analyses = context.scriptAnalyses.languageOfParts
        for i in texts.indices where !analyses[i].partRanges.isEmpty {
            let item = texts[i]
            // A single Latin word or a short capitalised Latin name ("cookie", "Duck Player") is a proper
            // name, a technical term or a loanword, which WCAG 3.1.2 leaves in the surrounding language
            // and voices read in Latin letters anyway; "Москва" in English text is not for an English voice.
            let reported = analyses[i].partRanges.filter { range in
                range.fromTerm || (!(range.isNameLike && range.script == "Latn") && context.scriptAnalyses.standing(of: range, in: i) == .foreign)
            }
            guard let first = reported.first else { continue }
            func what(_ range: SpeechRange) -> String {
                range.fromTerm ? "term \"\(range.text)\" (\(range.language))" : "\(range.script) run \"\(range.text.visibleEscaped)\""
            }
            let table = item.table(in: context.index)
            // The system shows an Info.plist string (a permission prompt, the app's name): no attribute
            // can be set on it, so the run can only be translated or written in the locale's script.
            if LanguageOfParts.isShownBySystem(table: table.name, key: item.key) {
                let runs = reported.map { what($0) }.joined(separator: ", ")
                findings.append(.entry(rule, "\(runs) in a \(item.locale) string the system shows (\(item.key)): VoiceOver reads it with the \(item.locale) voice, and no speech language can be set on a system prompt — translate it, or write it as \(item.locale) does",
                                       at: item.location, locale: item.locale, table: table, key: item.key, severity: .note))
                continue
            }
            let snippet = LanguageOfParts.swiftSnippet(key: item.key, table: table.name, ranges: reported)
            let message: String
            if reported.count == 1 {
                let why = first.languageSource == .identified ? " (identified from its words)" : ""
                let place = "\(what(first)) at UTF-16 {\(first.location), \(first.length)} in a \(item.locale) string"
                message = Self.copiesSourceWords(first, of: item, in: context)
                    // Half a translation: the rest of the source, left as it was ("…। If you $1 you will have more privacy.").
                    ? "\(place) is the source's own words, left untranslated: translate them (if they are to stay, set accessibilitySpeechLanguage \"\(first.language)\" on that range)"
                    : "\(place); VoiceOver reads it with the \(item.locale) voice — set accessibilitySpeechLanguage \"\(first.language)\"\(why) on that range"
            } else {
                // Several parts of one string are one defect, fixed in one place: one finding lists them.
                let listed = reported.prefix(Self.partsListed).map { "\(what($0)) at UTF-16 {\($0.location), \($0.length)} (\"\($0.language)\")" }
                let more = reported.count > Self.partsListed ? " and \(reported.count - Self.partsListed) more" : ""
                message = "\(reported.count) parts of a \(item.locale) string are in other languages: \(listed.joined(separator: ", "))\(more); VoiceOver reads them with the \(item.locale) voice — set accessibilitySpeechLanguage on each range"
            }
            var finding = Finding.entry(rule, message, at: item.location, locale: item.locale, table: table, key: item.key,
                                        notes: [Finding.Note(message: "Swift:\n" + snippet)])
            finding.speechRange = first
            findings.append(finding)
        }
        return findings
    }
}

extension LanguageOfPartsRule {
    /// A run of three words or more that the source entry's text holds as it stands.
    static func copiesSourceWords(_ range: SpeechRange, of item: LocalizedText, in context: RuleContext) -> Bool {
        guard !range.fromTerm, item.keyPosition >= 0, TextAnalysis.translatableWords(in: range.text).count >= 3 else { return false }
        let source = context.index.tableSets[Int(item.tableIndex)].sourceEntries[Int(item.keyPosition)]
        return source.value.texts.contains { $0.text.contains(range.text) }
    }
}

public struct ChineseScriptMixRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "chinese-script-mix", name: "Simplified and Traditional Chinese mixed", severity: .warning,
        summary: "A Simplified Chinese string contains Traditional-only characters, or a Traditional one Simplified-only characters.",
        rationale: """
        Readers of one script notice the other at once, and it marks text copied from the wrong \
        translation. Found with ICU's Hans-Hant and Hant-Hans transliterators, one character at a time; \
        the message names the character to use instead. A variant's name followed by its language tag \
        in brackets (`简体（zh-hans）`) is left alone: a list of variants writes each name in its own script.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"delete\" = \"Delete\";\n"),
                .strings("zh-Hans", "\"delete\" = ↓\"刪除\";\n")),
            RuleExample("A sentence before a bracketed tag is no variant's name",
                .strings("en", "\"install\" = \"Install the Chinese language pack (zh) to continue\";\n"),
                .strings("zh-Hans", "\"install\" = ↓\"請先安裝中文語言套件（zh）再繼續\";\n")),
        ],
        nonTriggering: [
            RuleExample(
                .strings("en", "\"delete\" = \"Delete\";\n"),
                .strings("zh-Hans", "\"delete\" = \"删除\";\n"),
                .strings("zh-Hant", "\"delete\" = \"刪除\";\n")),
            RuleExample("A list of variants names each in its own script, with its tag",
                .strings("en", "\"variants\" = \"Choose a variant:\\nSimplified (zh-hans)\\nTraditional (zh-hant)\";\n"),
                .strings("zh-Hant", "\"variants\" = \"選擇變體：\\n简体（zh-hans）\\n繁體（zh-hant）\";\n"),
                .strings("zh-Hans", "\"variants\" = \"选择变体：\\n简体 (zh-hans)\\n繁體 Traditional Chinese (zh-hant)\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        // ICU builds its transliterators from rules when they open (tens of milliseconds): only a
        // project with Chinese texts opens them.
        var opened: ChineseScriptVariants?? = nil
        let rule = Self.description
        var findings: [Finding] = []
        // Texts come grouped by table and locale: the variant is looked up when the locale changes.
        var lastLocale = "", variant: String? = nil
        // The same characters come back in thousands of texts: each is transliterated once per direction.
        var hasSimplifiedForm: [Unicode.Scalar: Bool] = [:], hasTraditionalForm: [Unicode.Scalar: Bool] = [:]
        for item in context.scriptAnalyses.texts {
            if item.locale != lastLocale {
                lastLocale = item.locale
                variant = Self.variant(of: item.locale)
            }
            guard let variant else { continue }
            if opened == nil { opened = .some(try? ChineseScriptVariants()) }
            guard let variants = opened ?? nil else { return [] }
            let simplified = variant == "Hans"
            var odd: [Unicode.Scalar] = []
            let scalars = item.text.scalarArray
            // Only a text with a bracket can name a variant before its tag.
            let names = scalars.contains(where: { $0 == "(" || $0 == "（" }) ? Self.variantNames(scalars) : []
            func hasOtherForm(_ scalar: Unicode.Scalar, _ memo: inout [Unicode.Scalar: Bool]) -> Bool {
                if let known = memo[scalar] { return known }
                let changes = (try? variants.hasOtherForm(scalar, toSimplified: simplified)) ?? false
                memo[scalar] = changes
                return changes
            }
            for (k, scalar) in scalars.enumerated() where scalar.value >= 0x2E80 && !names.contains(k) && Scripts.script(of: scalar) == .han {
                if simplified ? hasOtherForm(scalar, &hasSimplifiedForm) : hasOtherForm(scalar, &hasTraditionalForm) { odd.append(scalar) }
            }
            if odd.isEmpty { continue }
            var seen: Set<Unicode.Scalar> = []
            let allowed = simplified ? Self.validInSimplified : Self.validInTraditional
            let distinct = odd.filter { seen.insert($0).inserted && !allowed.contains($0) }
            if distinct.isEmpty { continue }
            let described = distinct.map { scalar -> String in
                let single = String(Character(scalar))
                let other = (try? variants.otherForm(of: scalar, toSimplified: simplified)) ?? "?"
                return "\(single) (\(simplified ? "Simplified" : "Traditional"): \(other))"
            }
            let kind = simplified ? "Traditional-only" : "Simplified-only"
            findings.append(.entry(rule, "\(kind) character\(described.count == 1 ? "" : "s") in a \(item.locale) string: \(described.joined(separator: ", ")); use the \(simplified ? "Simplified" : "Traditional") form",
                                   at: item.location, locale: item.locale, table: item.table(in: context.index), key: item.key))
        }
        return findings
    }

    /// Characters the Hant-Hans transliterator simplifies but that Simplified Chinese also uses in their
    /// own meaning (著 "write" in 作者著, 乾 in 乾坤, 於 as a surname, 藉 in 藉口, 瞭 in 瞭望, 徵 as a note).
    static let validInSimplified: Set<Unicode.Scalar> = Set("著乾於徵藉瞭夥覆".unicodeScalars)
    /// Characters the Hans-Hant transliterator converts but that Traditional Chinese also uses in their
    /// own meaning (后 "queen", 干 "to concern", 里 "mile", 面 "face", 只, 台, 系, 表, 准, 周, 才, 余, …).
    static let validInTraditional: Set<Unicode.Scalar> = Set(("后干里面只台系范松板表冲了周谷丑游采制征才余云占斗向合夸折朴杰姜御布借凶划伙仆"
        + "秋困致蒙舍扎胡辟郁克几家尸千升回卜出党注准咸奸岳弦愿托据朱杠沈沾泛淀熏症秘累虫并吊巨志扣于仇价仿佣冬吃同呆哄幸念愈暗曲杆欲涂痴筑荐蜡雕").unicodeScalars)

    /// The longest variant name, in Han characters ("新加坡简体" has 5).
    static let longestVariantName = 8
    /// The longest label in another language between a variant's name and its tag, in characters.
    static let longestLabel = 40

    /// Positions of the Han characters that name a language variant: words of them, single spaces
    /// between, followed by a language tag in brackets, full-width or not, after at most one space
    /// ("简体（zh-hans）", "香港繁體 (zh-hk)", "赣语 简体（gan-hans）").
    static func variantNames(_ scalars: [Unicode.Scalar]) -> Set<Int> {
        func isHan(_ k: Int) -> Bool { k >= 0 && k < scalars.count && scalars[k].value >= 0x2E80 && Scripts.script(of: scalars[k]) == .han }
        /// A tag (an ASCII letter, then letters, digits, `-` or `_`) in the brackets opening at `open`.
        func tagInBrackets(at open: Int) -> Bool {
            guard scalars[open] == "(" || scalars[open] == "（" else { return false }
            var k = open + 1
            guard k < scalars.count, scalars[k].isASCII, scalars[k].properties.isAlphabetic else { return false }
            while k < scalars.count, scalars[k].isASCII,
                  scalars[k].properties.isAlphabetic || ("0"..."9").contains(scalars[k]) || scalars[k] == "-" || scalars[k] == "_" { k += 1 }
            return k < scalars.count && (scalars[k] == ")" || scalars[k] == "）")
        }
        var names: Set<Int> = []
        for open in scalars.indices where tagInBrackets(at: open) {
            var k = open - 1
            if k >= 0, scalars[k] == " " { k -= 1 }
            // An English label may stand between the name and its tag ("赣语 简体 Gan, Simplified (gan-hans)").
            var j = k
            while j >= 0, k - j < Self.longestLabel, scalars[j].isASCII, scalars[j] != "\n" { j -= 1 }
            if j < k, isHan(j), scalars[j + 1] == " " { k = j }
            // Back over the name: Han words, a single space between them.
            var name: [Int] = []
            while isHan(k) {
                while isHan(k) {
                    name.append(k)
                    k -= 1
                }
                if k >= 1, scalars[k] == " ", isHan(k - 1) { k -= 1 }
            }
            // A variant's name is a few characters ("新加坡简体"); a longer run is a sentence that
            // happens to end before a bracket, and stays checked.
            if name.count <= Self.longestVariantName { names.formUnion(name) }
        }
        return names
    }

    /// "Hans" or "Hant" for Chinese locales (zh, zh-TW, zh-Hant-HK, yue…), nil for every other.
    static func variant(of locale: String) -> String? {
        guard ["zh", "yue", "wuu", "cmn"].contains(LanguageTag.languageSubtag(of: locale)),
              let tag = try? LanguageTag(locale, options: .allowUnderscores),
              let script = try? tag.maximizedScript?.shortName else { return nil }
        return script == "Hans" || script == "Hant" ? script : nil
    }
}
