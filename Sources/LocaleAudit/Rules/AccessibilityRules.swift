// Accessibility strings: what VoiceOver and Voice Control users hear and say. Which strings these are
// is `AccessibilityClassifier`'s decision (Interface Builder accessibility keys, key tokens, comments).

/// Classifies the keys of every source table; translations are classified by their source's key and
/// comment (or message documentation). By table set position, then source key position; empty for a
/// table without any.
func classifyAccessibility(_ index: ProjectIndex, _ classifier: AccessibilityClassifier) -> [[AccessibilityClassifier.Kind?]] {
    index.tableSets.map { set in
        guard let source = set.source else { return [] }
        var found = false
        let kinds = source.keys.enumerated().map { position, key -> AccessibilityClassifier.Kind? in
            let entry = set.sourceEntries[position]
            let kind = classifier.classify(key: key, comment: set.comment(ofSourceKeyAt: position), sourceText: entry.value.plainText)
            if kind != nil { found = true }
            return kind
        }
        return found ? kinds : []
    }
}

extension RuleContext {
    /// The accessibility kind of a source key by its table set and position, nil for an ordinary string.
    func accessibilityKind(table: Int, position: Int) -> AccessibilityClassifier.Kind? {
        let kinds = accessibilityKinds[table]
        return kinds.isEmpty ? nil : kinds[position]
    }

    /// The accessibility kind of a pair's source key, nil for an ordinary string.
    func accessibilityKind(_ pair: TranslationPair) -> AccessibilityClassifier.Kind? {
        pair.tableIndex < 0 ? nil : accessibilityKind(table: Int(pair.tableIndex), position: Int(pair.keyPosition))
    }

    /// The accessibility kind of a key of a table set, nil for an ordinary string or a key the source lacks.
    func accessibilityKind(table: Int, key: String) -> AccessibilityClassifier.Kind? {
        guard !accessibilityKinds[table].isEmpty, let position = index.tableSets[table].sourcePositions[key] else { return nil }
        return accessibilityKinds[table][Int(position)]
    }
}

extension AccessibilityClassifier.Kind {
    /// "accessibility label", "accessibility string", for messages.
    var noun: String {
        switch self {
        case .label: return "accessibility label"
        case .hint: return "accessibility hint"
        case .value: return "accessibility value"
        case .identifier: return "accessibility identifier"
        case .keyPattern, .comment: return "accessibility string"
        }
    }
}

public struct AccessibilityMissingRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-missing", name: "Accessibility string missing", severity: .error,
        summary: "An accessibility label, hint or value of the source is absent from a locale that has the table.",
        rationale: """
        VoiceOver reads the development-language text to a user who may not understand it, or — for a \
        control whose only name is its label — announces an unlabelled button, which cannot be used \
        without sight (WCAG 1.1.1, 4.1.2). An error even where ordinary missing translations are \
        warnings; `missing-translation` leaves these keys to this rule. The strings one locale lacks \
        in one file, three or more, are one finding that names each key.
        """,
        triggering: [
            RuleExample("The German table lacks the add button's label",
                .strings("en", "\"cancel\" = \"Cancel\";\n↓\"a11y.add.label\" = \"Add book\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("Three labels German lacks: one finding, at the first",
                .strings("en", "↓\"a11y.add.label\" = \"Add book\";\n\"a11y.remove.label\" = \"Remove book\";\n\"a11y.share.label\" = \"Share book\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
            RuleExample("A storyboard table whose source comes from Xcode's comments", sourceLanguage: "en",
                VirtualFile("de.lproj/Main.strings", """
                /* Class = "UIButton"; accessibilityLabel = "Settings"; ObjectID = "1rB-5w-de3"; */
                ↓"1rB-5w-de3.accessibilityLabel" = "Einstellungen";

                """),
                VirtualFile("fr.lproj/Main.strings", "/* Class = \"UILabel\"; text = \"Title\"; ObjectID = \"9xZ-aa-b01\"; */\n\"9xZ-aa-b01.text\" = \"Titre\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every label translated",
                .strings("en", "\"a11y.add.label\" = \"Add book\";\n"),
                .strings("de", "\"a11y.add.label\" = \"Buch hinzufügen\";\n")),
            RuleExample("An accessibility identifier is never read to users",
                VirtualFile("en.lproj/Main.strings", "\"1rB-5w-de3.accessibilityIdentifier\" = \"settingsButton\";\n\"9xZ-aa-b01.text\" = \"Title\";\n"),
                VirtualFile("de.lproj/Main.strings", "\"9xZ-aa-b01.text\" = \"Titel\";\n")),
            RuleExample("A visible text that names the Accessibility settings is an ordinary string (a missing-translation)",
                .strings("en", "\"Open System Settings > Accessibility\" = \"Open System Settings > Accessibility\";\n\"cancel\" = \"Cancel\";\n"),
                .strings("de", "\"cancel\" = \"Abbrechen\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for (t, set) in context.index.tableSets.enumerated() {
            guard let source = set.source else { continue }
            for (k, key) in source.keys.enumerated() {
                let entry = set.sourceEntries[k]
                guard entry.shouldTranslate, let kind = context.accessibilityKind(table: t, position: k), kind.isSpoken else { continue }
                // A partial locale's missing strings are summarised by locale-incomplete; a regional
                // variant of the source language (en-GB) reads the source text by design: a note.
                for translation in set.translations where translation.entries[key] == nil && !context.isFolded(translation.locale, set.id) {
                    let file = translation.tables.map(\.path).sorted().first ?? ""
                    let variant = context.isSourceVariant(translation.locale)
                    var finding = Finding.entry(rule, "\(kind.noun) has no \(translation.locale) \(variant ? "version" : "translation"); VoiceOver reads \(entry.value.shortDescription) (\(context.project.sourceLanguage)) to \(translation.locale) users\(variant ? ", as a regional variant does by design" : "")",
                                                at: entry.location, locale: translation.locale, table: set.id, key: key,
                                                severity: variant ? .note : nil,
                                                notes: [Finding.Note(message: "add it to \(file)", location: nil)])
                    // The labels one locale lacks in a file are one task for its translator.
                    finding.batchMark = variant ? "no version" : "no translation"
                    findings.append(finding)
                }
            }
        }
        return findings
    }
}

public struct AccessibilityEmptyRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-empty", name: "Empty accessibility string", severity: .error,
        summary: "An accessibility label, hint or value is empty (or only white space) where the source is not.",
        rationale: """
        An empty label does not fall back to the development language: VoiceOver announces the control \
        by its type alone (\"button\"), so the user cannot tell what it does. `empty-value` leaves these \
        keys to this rule.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"a11y.add.label\" = \"Add book\";\n"),
                .strings("fr", "\"a11y.add.label\" = ↓\"\";\n")),
        ],
        nonTriggering: [
            RuleExample(
                .strings("en", "\"a11y.add.label\" = \"Add book\";\n"),
                .strings("fr", "\"a11y.add.label\" = \"Ajouter un livre\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        return context.pairPositions(with: [.bothText, .translationBlank]).compactMap { position in
            let pair = context.pairs[position]
            guard !context.pairFacts[position].contains(.sourceBlank),
                  let kind = context.accessibilityKind(pair), kind.isSpoken else { return nil }
            return .entry(rule, "empty \(kind.noun); VoiceOver says nothing useful here — translate \(pair.source.value.shortDescription)",
                          at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, notes: [pair.sourceNote])
        }
    }
}

public struct AccessibilityUntranslatedRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-untranslated", name: "Accessibility string left untranslated", severity: .warning,
        summary: "An accessibility string is identical to the source, or written wholly in a script its locale does not use.",
        rationale: """
        VoiceOver reads it with the voice of the user's language, so an English label in a Russian \
        translation comes out as garbled Russian phonetics. Text without words (placeholders, numbers, \
        URLs), regional variants of the source language and single words in a locale of the source's \
        script (\"OK\", brand names) and pronunciations in IPA letters are not reported; a single word in \
        another script is a note. \
        `untranslated` leaves these keys to this rule.
        """,
        triggering: [
            RuleExample("A label left in English in Portuguese",
                .strings("en", "\"a11y.add.hint\" = \"Adds a new book to your library.\";\n"),
                .strings("pt-BR", "\"a11y.add.hint\" = ↓\"Adds a new book to your library.\";\n")),
            RuleExample("Latin text in a Russian label, though not the source's",
                .strings("en", "\"a11y.close\" = \"Close the window\";\n"),
                .strings("ru", "\"a11y.close\" = ↓\"Close window\";\n")),
        ],
        nonTriggering: [
            RuleExample("Translated",
                .strings("en", "\"a11y.add.hint\" = \"Adds a new book to your library.\";\n"),
                .strings("ru", "\"a11y.add.hint\" = \"Добавляет новую книгу в вашу библиотеку.\";\n")),
            RuleExample("A single word German writes the same",
                .strings("en", "\"a11y.link\" = \"Link\";\n"),
                .strings("de", "\"a11y.link\" = \"Link\";\n")),
            RuleExample("A pronunciation for VoiceOver, in IPA letters in every language",
                .strings("en", "\"wiki-ipa-accessibility-label\" = \"ˈwɪkɪpiːdiə\";\n"),
                .strings("zh-Hant", "\"wiki-ipa-accessibility-label\" = \"wei˥˩ tɕi˧˥\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let sourceLanguage = LanguageTag.languageSubtag(of: context.project.sourceLanguage)
        let parts = context.options.languageOfParts
        var scriptsByLocale: [String: Set<ScriptCode>?] = [:]
        return context.pairPositions(with: .bothText).compactMap { position in
            let pair = context.pairs[position]
            // The kind first: it reads the pair's ids only, and most strings are not spoken.
            guard let kind = context.accessibilityKind(pair), kind.isSpoken,
                  case .text(let translation) = pair.translation.value,
                  LanguageTag.languageSubtag(of: pair.locale) != sourceLanguage else { return nil }
            let words = TextAnalysis.translatableWords(in: translation)
            if words.isEmpty { return nil }
            if context.pairFacts[position].contains(.identical) {
                // A partial locale's identical values are counted by locale-incomplete.
                if context.isFolded(pair.locale, pair.table) { return nil }
                if words.count == 1 && !UntranslatedRule.writesOtherScript(pair.locale) { return nil }
                return .entry(rule, "\(kind.noun) identical to the \(context.project.sourceLanguage) source; VoiceOver reads it to \(pair.locale) users as it stands — translate it",
                              at: pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                              severity: words.count == 1 ? .note : nil, notes: [pair.sourceNote])
            }
            // A pronunciation for VoiceOver to read is written in IPA letters in every locale.
            if TextAnalysis.isPhoneticTranscription(translation) { return nil }
            if scriptsByLocale[pair.locale] == nil { scriptsByLocale[pair.locale] = LanguageOfParts.scripts(of: pair.locale) }
            guard let native = scriptsByLocale[pair.locale] ?? nil else { return nil }
            let analysis = parts.analyze(translation, locale: pair.locale, scripts: native)
            guard analysis.isWhollyForeign else { return nil }
            let scripts = Set(analysis.ranges.map(\.script)).sorted().joined(separator: ", ")
            return .entry(rule, "\(kind.noun) written wholly in \(scripts), which \(pair.locale) does not use; VoiceOver reads it with the \(pair.locale) voice — translate it",
                          at: pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                          severity: words.count == 1 ? .note : nil, notes: [pair.sourceNote])
        }
    }
}

public struct LabelInNameRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "label-in-name", name: "Label in Name", severity: .warning,
        summary: "An object's accessibility label does not contain its visible text (WCAG 2.5.3).",
        rationale: """
        Voice Control users say what they see (\"tap Save\"); when the label VoiceOver and Voice Control \
        use does not contain the visible title, the command finds nothing. Compared case- and \
        accent-insensitively with ICU collation in the locale's language; a trailing colon or ellipsis \
        of the visible text is ignored. A translation is reported only where the source label passes.
        """,
        triggering: [
            RuleExample("The German label no longer contains the button's title", sourceLanguage: "en",
                VirtualFile("de.lproj/Main.strings", """
                /* Class = "UIButton"; normalTitle = "Save"; ObjectID = "abc-12-xyz"; */
                "abc-12-xyz.normalTitle" = "Sichern";

                /* Class = "UIButton"; accessibilityLabel = "Save draft"; ObjectID = "abc-12-xyz"; */
                "abc-12-xyz.accessibilityLabel" = ↓"Entwurf speichern";

                """)),
            RuleExample("In the storyboard itself: the label drops the title",
                VirtualFile("Base.lproj/Main.storyboard", """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                  <scenes><scene sceneID="s1"><objects>
                    <button opaque="NO" contentMode="scaleToFill" id="abc-12-xyz">
                      <state key="normal" title="Save"/>
                      <accessibility key="accessibilityConfiguration" label="↓Store draft"/>
                    </button>
                  </objects></scene></scenes>
                </document>
                """),
                .strings("en", "\"ok\" = \"OK\";\n"),
                VirtualFile("de.lproj/Main.strings", "\"abc-12-xyz.normalTitle\" = \"Sichern\";\n\"abc-12-xyz.accessibilityLabel\" = \"Entwurf sichern\";\n")),
        ],
        nonTriggering: [
            RuleExample("Label contains the title, ignoring case", sourceLanguage: "en",
                VirtualFile("de.lproj/Main.strings", """
                /* Class = "UIButton"; normalTitle = "Save"; ObjectID = "abc-12-xyz"; */
                "abc-12-xyz.normalTitle" = "Speichern";

                /* Class = "UIButton"; accessibilityLabel = "Save draft"; ObjectID = "abc-12-xyz"; */
                "abc-12-xyz.accessibilityLabel" = "Entwurf speichern";

                """)),
        ])

    static let visibleProperties = ["normalTitle", "text", "title"]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for set in context.index.tableSets {
            guard let source = set.source else { continue }
            for key in source.keys {
                guard let (objectID, property) = AccessibilityClassifier.interfaceBuilderKey(key),
                      property == "accessibilityLabel" else { continue }
                guard let visibleKey = Self.visibleProperties.lazy.map({ "\(objectID).\($0)" })
                        .first(where: { source.entries[$0] != nil }) else { continue }
                let sourceProblem = Self.problem(label: source.entries[key]!, visible: source.entries[visibleKey]!,
                                                 locale: context.project.sourceLanguage)
                if let sourceProblem {
                    let entry = source.entries[key]!
                    findings.append(.entry(rule, sourceProblem, at: entry.valueLocation ?? entry.location,
                                           locale: context.project.sourceLanguage, table: set.id, key: key))
                    continue
                }
                for translation in set.translations {
                    guard let label = translation.entries[key], let visible = translation.entries[visibleKey],
                          let problem = Self.problem(label: label, visible: visible, locale: translation.locale) else { continue }
                    findings.append(.entry(rule, problem, at: label.valueLocation ?? label.location, locale: translation.locale,
                                           table: set.id, key: key,
                                           notes: [Finding.Note(message: "visible text", location: visible.valueLocation ?? visible.location)]))
                }
            }
        }
        return findings
    }

    static func problem(label: Entry, visible: Entry, locale: String) -> String? {
        guard case .text(let labelText) = label.value, case .text(let visibleText) = visible.value else { return nil }
        var name = visibleText.trimmingSpaces
        for suffix in [":", "：", "…", "...", "?"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)).trimmingSpaces }
        guard !labelText.trimmingSpaces.isEmpty, !TextAnalysis.translatableWords(in: name).isEmpty,
              !FormatSpecifiers.scan(name).isFormat else { return nil }
        let language = LanguageTag.languageSubtag(of: locale)
        guard let found = try? TextFolding.contains(labelText, name, locale: language), !found else { return nil }
        return "accessibility label \"\(labelText.visibleExcerpt)\" does not contain the visible text \"\(name.visibleExcerpt)\"; Voice Control users who say what they see cannot reach it — start the label with the visible text"
    }
}

public struct LabelNamesControlTypeRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-label-names-control-type", name: "Label names its control type", severity: .note,
        summary: "An accessibility label says what kind of control it is (\"Add button\", \"Schaltfläche …\").",
        rationale: """
        VoiceOver already announces the trait (\"Add, button\"), so the user hears \"Add button, button\". \
        Checked for English, German, French, Spanish, Italian, Portuguese and Dutch labels.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"a11y.add.label\" = ↓\"Add button\";\n"),
                .strings("de", "\"a11y.add.label\" = ↓\"Schaltfläche Hinzufügen\";\n")),
        ],
        nonTriggering: [
            RuleExample("A hint may mention it; a label names the action only",
                .strings("en", "\"a11y.add.label\" = \"Add\";\n\"a11y.add.hint\" = \"Shows the add button's menu\";\n"),
                .strings("de", "\"a11y.add.label\" = \"Hinzufügen\";\n\"a11y.add.hint\" = \"Zeigt das Menü\";\n")),
        ])

    /// Folded words (no case, no accents) naming a control, per language.
    static let controlWords: [String: [String]] = [
        "en": ["button"], "de": ["schaltflache", "button", "taste"], "fr": ["bouton"], "es": ["boton"],
        "it": ["pulsante", "bottone"], "pt": ["botao"], "nl": ["knop"],
    ]

    public func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let rule = Self.description
        for (t, set) in context.index.tableSets.enumerated() {
            guard let source = set.source else { continue }
            for tables in [source] + set.translations {
                guard let words = Self.controlWords[LanguageTag.languageSubtag(of: tables.locale)] else { continue }
                for (k, (key, entry)) in zip(tables.keys, tables.orderedEntries).enumerated() {
                    let position = tables.sourcePosition(ofKeyAt: k)
                    guard Self.isLabel(key: key, comment: position.map(set.comment(ofSourceKeyAt:)) ?? entry.comment,
                                       kind: position.flatMap { context.accessibilityKind(table: t, position: $0) }),
                          case .text(let text) = entry.value, let folded = try? TextFolding.fold(text) else { continue }
                    guard let word = folded.split(whereSeparator: { !$0.isLetter }).lazy
                        .compactMap({ Self.controlWord(in: $0, words: words, locale: tables.locale) }).first else { continue }
                    findings.append(.entry(rule, "label \"\(text.visibleExcerpt)\" names the control type (\"\(word)\"); VoiceOver adds the trait itself — name the action only",
                                           at: entry.valueLocation ?? entry.location, locale: tables.locale, table: set.id, key: key))
                }
            }
        }
        return findings
    }

    /// The control word `token` (a folded word) is or ends with, if any. German compounds:
    /// "Zurück-Schaltfläche" splits into words, "Zurückschaltfläche" ends with one.
    static func controlWord(in token: Substring, words: [String], locale: String) -> String? {
        words.first { token == $0 || (locale.hasPrefix("de") && token.hasSuffix($0) && $0.count > 6) }
    }

    /// `comment` is what the developer says of the key (`TableSet.comment(ofSourceKeyAt:)`).
    static func isLabel(key: String, comment: String?, kind: AccessibilityClassifier.Kind?) -> Bool {
        switch kind {
        case .label: return true
        case .keyPattern, .comment:
            // Hints and values describe results, where naming the control can be fine.
            let tokens = AccessibilityClassifier.tokens(of: key)
            return tokens.contains("label") || (!tokens.contains("hint") && (comment?.lowercased().contains("label") ?? false))
        default: return false
        }
    }
}

public struct AccessibilityIdentifierTranslatedRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-identifier-translated", name: "Accessibility identifier translated", severity: .note,
        summary: "A translation changes an `.accessibilityIdentifier`, which users never see or hear.",
        rationale: """
        Identifiers exist for UI tests and automation; a translated one breaks the tests that run in \
        that locale and costs translation for nothing. Remove it from the localized tables.
        """,
        triggering: [
            RuleExample(
                VirtualFile("en.lproj/Main.strings", "\"1rB-5w-de3.accessibilityIdentifier\" = \"settingsButton\";\n"),
                VirtualFile("de.lproj/Main.strings", "\"1rB-5w-de3.accessibilityIdentifier\" = ↓\"EinstellungenKnopf\";\n")),
        ],
        nonTriggering: [
            RuleExample("Left as it is",
                VirtualFile("en.lproj/Main.strings", "\"1rB-5w-de3.accessibilityIdentifier\" = \"settingsButton\";\n"),
                VirtualFile("de.lproj/Main.strings", "\"1rB-5w-de3.accessibilityIdentifier\" = \"settingsButton\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        return context.pairs.compactMap { pair in
            guard context.accessibilityKind(pair) == .identifier,
                  pair.translation.value != pair.source.value else { return nil }
            return .entry(rule, "accessibility identifier translated as \(pair.translation.value.shortDescription); identifiers are for UI tests, never shown — keep \(pair.source.value.shortDescription) or drop the key from the \(pair.locale) table",
                          at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, notes: [pair.sourceNote])
        }
    }
}
