import Foundation

// Accessibility-label style (Apple's guidance for accessibilityLabel and accessibilityHint, Google's
// Accessibility Test Framework): how a label or hint is worded, not whether it exists. All notes.
// Labels and hints are told apart by `AccessibilityClassifier` (Interface Builder properties, key tokens).

extension AccessibilityClassifier.Kind? {
    /// A hint: Interface Builder's `accessibilityHint`, or a key or comment that says "hint".
    /// `comment` is what the developer says of the key (`TableSet.comment(ofSourceKeyAt:)`).
    func isHint(key: String, comment: String?) -> Bool {
        switch self {
        case .hint: return true
        case .keyPattern: return AccessibilityClassifier.tokens(of: key).contains("hint")
        case .comment:
            let comment = comment?.lowercased() ?? ""
            return comment.contains("hint") && !comment.contains("label")
        default: return false
        }
    }
}

/// Walks the labels (or hints) of every table: the source entry, then each translation. A defect the
/// source has is reported once, at the source, counting the translations that repeat it; a translation
/// is reported only where its source is fine.
struct AccessibilityStyleWalk {
    enum Role { case label, hint }

    /// `problem` says what is wrong with one text; `advice` follows it in every message.
    static func run(_ context: RuleContext, rule: RuleDescription, role: Role, locales: (String) -> Bool,
                    problem: (_ text: String, _ locale: String) -> String?, advice: String) -> [Finding] {
        func make(_ message: String, _ entry: Entry, _ locale: String, _ table: TableID, _ key: String, _ copies: Int) -> Finding {
            let follow = copies == 0 ? "" : "; \(copies) translation\(copies == 1 ? " follows" : "s follow") it"
            return .entry(rule, message + follow + advice, at: entry.valueLocation ?? entry.location, locale: locale, table: table, key: key)
        }
        var findings: [Finding] = []
        for (t, set) in context.index.tableSets.enumerated() {
            let kinds = context.accessibilityKinds[t]
            guard let source = set.source, !kinds.isEmpty else { continue }
            for (k, key) in source.keys.enumerated() {
                let entry = set.sourceEntries[k]
                let kind = kinds[k], comment = set.comment(ofSourceKeyAt: k)
                let matches: Bool
                switch role {
                case .label: matches = LabelNamesControlTypeRule.isLabel(key: key, comment: comment, kind: kind)
                case .hint: matches = kind.isHint(key: key, comment: comment)
                }
                guard matches, entry.shouldTranslate, let sourceText = entry.value.plainText else { continue }
                let sourceLocale = context.project.sourceLanguage
                let sourceProblem = locales(sourceLocale) ? problem(sourceText, sourceLocale) : nil
                var copies = 0
                for translation in set.translations where locales(translation.locale) {
                    guard let other = translation.entries[key], let text = other.value.plainText,
                          let message = problem(text, translation.locale) else { continue }
                    if sourceProblem != nil || text == sourceText {
                        copies += 1
                        continue
                    }
                    findings.append(make(message, other, translation.locale, set.id, key, 0))
                }
                if let sourceProblem {
                    findings.append(make(sourceProblem, entry, sourceLocale, set.id, key, copies))
                }
            }
        }
        return findings
    }
}

public struct AccessibilityLabelPeriodRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-label-period", name: "Accessibility label ends with a period", severity: .note,
        summary: "An accessibility label ends with a period (`.`, `。`, or another script's full stop such as Urdu `۔`).",
        rationale: """
        Apple's guidance: a label is a word or short phrase that names the element (\"Add book\", not \
        \"Add book.\"), capitalised, without a period; VoiceOver reads it with a full stop's falling \
        pitch and pause, so it sounds like a finished sentence before the element's traits and value. \
        An ellipsis, an abbreviation (\"Dr.\", \"etc.\", \"U.S.\"), a period after a number or a \
        placeholder in a language that writes ordinals so (German and Hungarian write \"1.\" for \"1st\") \
        and a period inside the \
        label are not reported. A label the source ends with a period is reported once, at the source.
        """,
        triggering: [
            RuleExample("A label written as a sentence, in the source",
                .strings("en", "\"a11y.add.label\" = ↓\"Add book.\";\n"),
                .strings("de", "\"a11y.add.label\" = \"Buch hinzufügen.\";\n")),
            RuleExample("A translation adds one (Japanese full stop)", sourceLanguage: "en",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = \"Share\";\n"),
                VirtualFile("ja.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = ↓\"共有する。\";\n")),
            RuleExample("A label that only TranslateWiki's message documentation (qqq) calls one", sourceLanguage: "en",
                VirtualFile("en.lproj/Localizable.strings", "\"toc-hide\" = \"Hide table of contents\";\n"),
                VirtualFile("qqq.lproj/Localizable.strings", "\"toc-hide\" = \"Accessibility label for the hide Table of Contents button\";\n"),
                VirtualFile("id.lproj/Localizable.strings", "\"toc-hide\" = ↓\"Sembunyikan daftar isi.\";\n")),
            RuleExample("The Urdu full stop (۔)", sourceLanguage: "en",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = \"Share\";\n"),
                VirtualFile("ur.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = ↓\"شیئر کریں۔\";\n")),
        ],
        nonTriggering: [
            RuleExample("No period; an ellipsis; an abbreviation; a hint may be a sentence",
                .strings("en", """
                "a11y.add.label" = "Add book";
                "a11y.more.label" = "More…";
                "a11y.author.label" = "Author: Martin Luther King Jr.";
                "a11y.add.hint" = "Adds a book to your library.";

                """)),
            RuleExample("A Hungarian ordinal (\"3.\" is \"3rd\") after a placeholder",
                .strings("en", "\"a11y.rank.label\" = \"%1$@\";\n"),
                .strings("hu", "\"a11y.rank.label\" = \"%1$@.\";\n")),
        ])

    static let abbreviations: Set<String> = [
        "etc", "inc", "ltd", "co", "corp", "dr", "mr", "mrs", "ms", "st", "jr", "sr", "vs", "no", "nr", "approx",
        "min", "max", "sec", "hr", "hrs", "mins", "secs", "ft", "oz", "lb", "lbs", "bzw", "usw", "ca", "vol", "fig",
        "pp", "cf", "al", "av", "apt", "dept", "est", "mt",
        // Other languages' common ones (Romanian "dvs.", German "ggf.", Italian "ecc.", Spanish "pág.").
        "dvs", "dl", "dna", "ggf", "evtl", "inkl", "zzgl", "vgl", "env", "ecc", "sig", "sra", "srta", "ud", "uds", "pag", "pág",
        "núm", "num", "tel", "str", "nº",
    ]

    /// Sentence full stops other than ".": CJK, Urdu, Devanagari and Bengali, Armenian, Ethiopic,
    /// Burmese, Khmer.
    static let scriptFullStops: Set<Unicode.Scalar> = ["。", "｡", "۔", "।", "։", "።", "။", "។"]

    /// Languages that write an ordinal number with a period ("3." for "3rd").
    static let ordinalPeriodLanguages: Set<String> = [
        "de", "hu", "cs", "sk", "sl", "hr", "sr", "bs", "da", "nb", "nn", "no", "fi", "et", "lv", "tr", "is", "fo", "pl",
    ]

    /// True when `text` ends with a sentence period: not an ellipsis, abbreviation or initial, nor (in a
    /// language that writes ordinals so) the period after a number or placeholder.
    static func endsWithPeriod(_ text: String, language: String = "de") -> Bool {
        // Most labels end in a letter: decide from the last bytes before any allocation.
        guard let lastByte = text.utf8.reversed().first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }),
              lastByte == UInt8(ascii: ".") || lastByte >= 0x80 else { return false }
        let trimmed = text.trimmingSpaces
        // The full stops of other scripts end a sentence as surely (Urdu ۔, Devanagari ।, Burmese ။, …).
        if let last = trimmed.unicodeScalars.last, Self.scriptFullStops.contains(last) { return true }
        guard trimmed.hasSuffix("."), !trimmed.hasSuffix("..") else { return false }
        let body = trimmed.dropLast()
        // After a number or a placeholder the period makes an ordinal ("1." in German and Hungarian).
        if ordinalPeriodLanguages.contains(language) {
            if let last = body.last, last.isNumber { return false }
            let scan = FormatSpecifiers.scan(String(body))
            if scan.specifiers.contains(where: { $0.range.upperBound == body.unicodeScalars.count }) { return false }
        }
        let word = body.reversed().prefix { $0.isLetter }
        if word.isEmpty { return !body.isEmpty }
        // An initial ("J."), a dotted abbreviation ("U.S.", "e.g."), a known one ("Dr.", "etc.").
        if word.count == 1 { return false }
        let before = body.dropLast(word.count).last
        if before == "." { return false }
        return !abbreviations.contains(String(word.reversed()).lowercased())
    }

    public func check(_ context: RuleContext) -> [Finding] {
        AccessibilityStyleWalk.run(context, rule: Self.description, role: .label, locales: { _ in true }, problem: { text, locale in
            Self.endsWithPeriod(text, language: LanguageTag.languageSubtag(of: locale)) ? "accessibility label \"\(text.visibleExcerpt)\" ends with a period" : nil
        }, advice: ": a label names the element and VoiceOver reads a period as the end of a sentence — drop it")
    }
}

public struct AccessibilityLabelStatesStateRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-label-states-state", name: "Accessibility label states the element's state", severity: .note,
        summary: "An accessibility label ends with the element's state (\"Wi-Fi, on\", \"Photo, selected\", \"Fett, ausgewählt\").",
        rationale: """
        VoiceOver already announces a state through the element's traits and value (\"Photo, selected, \
        button\"; a switch's \"on\"): a label that says it too is read twice, and goes stale when the \
        state changes. Say the state with `accessibilityTraits` (`.selected`) or `accessibilityValue`, \
        and keep the label a name. To stay clear of names and actions, only a state word at the end of \
        the label is reported, and only after a separator (`,` `:` `-` `(` `、`) or a form of \"is\" \
        (\"Wi-Fi is on\"): \"Turn on Wi-Fi\" names an action, \"Selected items\" may be a heading, \
        \"3 items selected\" is a count. Word lists for English, German, French, Spanish, Italian, \
        Portuguese, Dutch and Japanese.
        """,
        triggering: [
            RuleExample("English and German labels that announce their state",
                .strings("en", "\"a11y.wifi.label\" = ↓\"Wi-Fi, on\";\n\"a11y.bold.label\" = \"Bold\";\n"),
                .strings("de", "\"a11y.wifi.label\" = \"WLAN, an\";\n\"a11y.bold.label\" = ↓\"Fett (ausgewählt)\";\n")),
            RuleExample("Japanese and Spanish", sourceLanguage: "en",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = \"Dark mode\";\n"),
                VirtualFile("ja.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = ↓\"ダークモード、オン\";\n"),
                VirtualFile("es.lproj/Main.strings", "\"abc-12-xyz.accessibilityLabel\" = ↓\"Modo oscuro: activado\";\n")),
        ],
        nonTriggering: [
            RuleExample("An action, a heading, a count, a name",
                .strings("en", """
                "a11y.wifi.label" = "Turn on Wi-Fi";
                "a11y.selection.label" = "Selected items";
                "a11y.count.label" = "%d items selected";
                "a11y.sign.label" = "Sign off";
                "a11y.show.label" = "Show selected";

                """),
                .strings("de", """
                "a11y.wifi.label" = "WLAN einschalten";
                "a11y.selection.label" = "Ausgewählte Objekte";
                "a11y.count.label" = "%d Objekte ausgewählt";
                "a11y.sign.label" = "Abmelden";
                "a11y.show.label" = "Ausgewählte anzeigen";

                """)),
        ])

    /// State words and phrases per language, folded (lowercase, no accents).
    static let stateWords: [String: [String]] = [
        "en": ["selected", "not selected", "unselected", "deselected", "checked", "unchecked", "not checked", "on", "off",
               "enabled", "disabled", "expanded", "collapsed", "toggled on", "toggled off", "switched on", "switched off"],
        "de": ["ausgewahlt", "nicht ausgewahlt", "markiert", "nicht markiert", "aktiviert", "deaktiviert", "an", "aus", "ein",
               "eingeschaltet", "ausgeschaltet", "ausgeklappt", "eingeklappt"],
        "fr": ["selectionne", "selectionnee", "non selectionne", "non selectionnee", "coche", "cochee", "decoche", "decochee",
               "active", "activee", "desactive", "desactivee", "allume", "eteint"],
        "es": ["seleccionado", "seleccionada", "no seleccionado", "no seleccionada", "marcado", "marcada", "desmarcado",
               "desmarcada", "activado", "activada", "desactivado", "desactivada", "encendido", "encendida", "apagado", "apagada"],
        "it": ["selezionato", "selezionata", "non selezionato", "attivato", "attivata", "disattivato", "disattivata", "acceso", "spento"],
        "pt": ["selecionado", "selecionada", "nao selecionado", "ativado", "ativada", "desativado", "desativada", "ligado", "desligado"],
        "nl": ["geselecteerd", "niet geselecteerd", "aan", "uit", "ingeschakeld", "uitgeschakeld", "aangevinkt"],
        "ja": ["選択済み", "選択中", "選択されています", "選択解除", "オン", "オフ", "チェック済み", "有効", "無効"],
    ]

    static let copulas: Set<String> = ["is", "are", "ist", "sind", "est", "sont", "esta", "estan", "e", "estao", "zijn"]
    static let separators: Set<Character> = [",", ":", ";", "-", "–", "—", "(", "/", "|", "、", "，", "：", "（", "·"]

    /// The state word `text` ends with, nil when it names no state (see the rationale).
    /// `stateWords`, longest first (a longer word is tried before the shorter one it ends with),
    /// sorted once rather than for every label.
    static let stateWordsLongestFirst = stateWords.mapValues { words in words.sorted { $0.count > $1.count } }

    static func statedState(_ text: String, language: String) -> String? {
        guard let words = stateWordsLongestFirst[language] else { return nil }
        var trimmed = Substring(text.trimmingSpaces)
        while let last = trimmed.last, ".。!)）".contains(last) || last == " " { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty, let folded = try? TextFolding.fold(String(trimmed)) else { return nil }
        let spaced = language != "ja"
        for word in words where folded.hasSuffix(word) {
            let before = folded.dropLast(word.count)
            if spaced, let last = before.last, last.isLetter || last.isNumber { continue }  // inside a word
            let head = before.trimmingCharacters(in: .whitespaces)
            guard let mark = head.last else { continue }  // the whole label is the word
            if separators.contains(mark) { return String(trimmed.suffix(word.count)) }
            if spaced, let previous = head.split(separator: " ").last, copulas.contains(String(previous)) {
                return String(trimmed.suffix(word.count))
            }
        }
        return nil
    }

    public func check(_ context: RuleContext) -> [Finding] {
        AccessibilityStyleWalk.run(context, rule: Self.description, role: .label,
                                   locales: { Self.stateWords[LanguageTag.languageSubtag(of: $0)] != nil }, problem: { text, locale in
            guard let state = Self.statedState(text, language: LanguageTag.languageSubtag(of: locale)) else { return nil }
            return "accessibility label \"\(text.visibleExcerpt)\" states the element's state (\"\(state)\")"
        }, advice: ": VoiceOver announces it from the traits or value — set .selected or accessibilityValue and keep the label a name")
    }
}

public struct AccessibilityHintStyleRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "a11y-hint-style", name: "Accessibility hint not worded as a result", severity: .note,
        summary: "An English accessibility hint starts with a gesture (\"Tap to play\") or an imperative (\"Play the video\") instead of a verb in the third person (\"Plays the video\").",
        rationale: """
        Apple's guidance for `accessibilityHint`: describe the result of the action, starting with a verb \
        in the third person singular (\"Plays the video\"), as if the element described itself; do not \
        name the gesture (VoiceOver users double-tap, Switch Control and Voice Control users do not tap at \
        all) and do not give an order. English only (other languages form these hints differently); \
        only hints that start with a gesture word or one of a list of common verbs in the imperative are \
        reported, so \"The video plays in full screen\" and \"Opens the menu\" are left alone. A hint the \
        source words so is reported once, at the source.
        """,
        triggering: [
            RuleExample("A gesture and an imperative",
                .strings("en", "\"a11y.play.hint\" = ↓\"Tap to play the video\";\n\"a11y.share.hint\" = ↓\"Share this book with a friend\";\n")),
            RuleExample("In a storyboard's strings", sourceLanguage: "en",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-xyz.accessibilityHint\" = ↓\"Double tap to open the book.\";\n")),
        ],
        nonTriggering: [
            RuleExample("Third-person verbs; other openings; labels may be imperative",
                .strings("en", """
                "a11y.play.hint" = "Plays the video";
                "a11y.share.hint" = "Shares this book with a friend.";
                "a11y.goal.hint" = "The goal resets every Monday";
                "a11y.add.label" = "Add book";

                """),
                .strings("de", "\"a11y.play.hint\" = \"Tippen, um das Video abzuspielen\";\n")),
        ])

    static let gestures: Set<String> = ["tap", "double", "click", "swipe", "press", "touch", "triple", "long", "doubletap", "drag", "pinch"]

    static let imperatives: Set<String> = [
        "open", "play", "show", "add", "delete", "remove", "close", "go", "view", "edit", "share", "save", "select", "choose",
        "start", "stop", "pause", "resume", "navigate", "return", "dismiss", "toggle", "enable", "disable", "turn", "change",
        "create", "display", "hide", "expand", "collapse", "move", "activate", "search", "scroll", "send", "copy",
        "download", "upload", "refresh", "reload", "cancel", "confirm", "clear", "reset", "filter", "sort", "mark",
        "listen", "watch", "record", "take", "switch", "skip", "jump", "access", "manage", "adjust", "set", "zoom", "rename",
        "report", "follow", "unfollow", "reply", "call", "mute", "unmute", "lock", "unlock", "launch", "load", "find",
        "pick", "browse", "check", "enter", "type", "use", "let", "allow", "get", "see", "make", "try", "learn",
        "sign", "log", "subscribe", "unsubscribe", "restore", "buy", "purchase", "rate", "invite", "connect", "disconnect",
    ]

    /// "plays", "goes", "copies", "switches".
    static func thirdPerson(_ verb: String) -> String {
        let lower = verb.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return String(verb.dropLast()) + "ies" }
        if ["s", "sh", "ch", "x", "z", "o"].contains(where: { lower.hasSuffix($0) }) { return verb + "es" }
        return verb + "s"
    }

    /// What is wrong with an English hint, nil when it reads as a result.
    static func problem(_ text: String) -> String? {
        let words = text.trimmingSpaces.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," }).map { $0.lowercased() }
        guard let first = words.first, let initial = text.trimmingSpaces.first, initial.isUppercase else { return nil }
        if gestures.contains(first) {
            // "Double tap to open the book" → "Opens the book".
            guard first != "double" && first != "triple" && first != "long" || words.count > 1 && ["tap", "click", "press"].contains(words[1]) else { return nil }
            if let to = words.firstIndex(of: "to"), to + 1 < words.count, to <= 3 {
                let rest = text.trimmingSpaces.split(separator: " ", omittingEmptySubsequences: true)
                if let restTo = rest.firstIndex(where: { $0.lowercased() == "to" }), restTo + 1 < rest.count {
                    let verb = thirdPerson(String(rest[restTo + 1]))
                    let suggestion = ([verb.prefix(1).uppercased() + verb.dropFirst()] + rest[(restTo + 2)...].map(String.init)).joined(separator: " ")
                    return "names the gesture (\"\(words[0...(to - 1)].joined(separator: " "))\"): say what happens, e.g. \"\(suggestion.visibleExcerpt)\""
                }
            }
            return "names the gesture (\"\(first)\"): say what happens, starting with a verb in the third person"
        }
        if imperatives.contains(first), words.count > 1 {
            let original = String(text.trimmingSpaces.prefix { $0 != " " })
            let verb = thirdPerson(original)
            return "starts with the imperative \"\(original)\": describe the result instead (\"\(verb) …\")"
        }
        return nil
    }

    public func check(_ context: RuleContext) -> [Finding] {
        AccessibilityStyleWalk.run(context, rule: Self.description, role: .hint,
                                   locales: { LanguageTag.languageSubtag(of: $0) == "en" }, problem: { text, _ in
            Self.problem(text).map { "accessibility hint \"\(text.visibleExcerpt)\" \($0)" }
        }, advice: " (Apple: a hint describes the result, as in \"Plays the video\")")
    }
}
