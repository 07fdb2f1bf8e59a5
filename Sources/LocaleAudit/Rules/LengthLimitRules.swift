// Length limits: a value longer than the space it is given. Where the limit comes from: the entry's
// comment ("Max 30"), `length-limits` in the configuration, or App Store Connect's limits for a table
// of App Store metadata.

/// A configured limit: a glob over the key (or over `Table.key`) and the most characters allowed.
public struct LengthLimitPattern: Sendable, Equatable {
    public var pattern: String
    public var limit: Int
    public init(pattern: String, limit: Int) {
        self.pattern = pattern
        self.limit = limit
    }

    /// A placeholder (`%@`, `%d`, `%1$@`) stands for at least one character: counted as one, a value
    /// reported over its limit is over it whatever the argument is (an empty `%@` aside).
    public static let defaultPlaceholderWidth = 1

    func matches(table: String, key: String) -> Bool {
        Glob.matches(pattern, key) || Glob.matches(pattern, "\(table).\(key)")
    }
}

/// The limit a developer comment states, read by a small grammar over words and numbers (no regular
/// expression). `N` is a whole number from 1 to 9999; UNIT is `character(s)`, `char(s)`, `letter(s)`
/// or `glyph(s)`; case does not matter, and `.`, `:`, `=` may follow a word.
///
///     max[imum] [length|len|chars|characters] [is|of] N [UNIT]      Max 30 · max. 30 characters · maximum length: 30
///     maxlength N [UNIT]                                             maxLength 30
///     [character] limit [is|of|to] N [UNIT]                          limit: 30 · character limit of 30
///     limited to N [UNIT]
///     ≤ N UNIT  (also <=)                                            ≤ 30 chars
///     N[-]UNIT [limit|max|maximum]                                   30 character limit · 30-char max
///     N UNIT or less|fewer                                           30 characters or less
///     up to|at most|no more than|not more than|no longer than N UNIT up to 30 characters
///
/// A number followed by any other word is not a length ("Max 30 files", "limit 3 per day"), nor is a
/// `max` not followed by a number ("Max is the user's name"). The whole comment is not read as a limit
/// when it speaks of going over one ("shown when the name exceeds 30 characters", "too long",
/// "error"): such a comment describes the message, not the room it has.
public enum LengthLimitGrammar {
    enum Token: Equatable {
        case word(String)
        case number(Int)
        case symbol(Character)
    }

    static let units: Set<String> = ["character", "characters", "char", "chars", "letter", "letters", "glyph", "glyphs"]
    static let maxWords: Set<String> = ["max", "maximum", "maximal"]
    /// Words that make a comment describe an overflow rather than state a room.
    static let overflowWords: Set<String> = ["exceed", "exceeds", "exceeded", "exceeding", "reached", "error", "too", "overflow", "longer"]

    /// The limit stated in `comment`, nil when it states none.
    public static func limit(in comment: String) -> Int? {
        // Almost no comment states a limit, and every limit has a digit: skip the rest unread.
        guard comment.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let tokens = tokenize(comment)
        guard tokens.count >= 2 else { return nil }
        // "no longer than" is a limit; "longer" anywhere else speaks of overflow.
        for (i, token) in tokens.enumerated() {
            guard case .word(let word) = token, overflowWords.contains(word) else { continue }
            if word == "longer", i > 0, tokens[i - 1] == .word("no") || tokens[i - 1] == .word("not") { continue }
            return nil
        }
        for i in tokens.indices {
            if let limit = limit(at: i, tokens) { return limit }
        }
        return nil
    }

    /// A limit phrase starting at token `i`.
    private static func limit(at i: Int, _ t: [Token]) -> Int? {
        func word(_ k: Int) -> String? {
            guard k < t.count, case .word(let w) = t[k] else { return nil }
            return w
        }
        func number(_ k: Int) -> Int? {
            guard k < t.count, case .number(let n) = t[k] else { return nil }
            return n
        }
        func isSymbol(_ k: Int, _ set: String) -> Bool {
            guard k < t.count, case .symbol(let s) = t[k] else { return false }
            return set.contains(s)
        }
        /// After N: the end, a unit, or punctuation; another word (files, seconds) or `%` is no length.
        func tailAllows(_ k: Int, unitRequired: Bool) -> Bool {
            if k >= t.count { return !unitRequired }
            switch t[k] {
            case .word(let w): return units.contains(w)
            case .number: return false
            case .symbol(let s): return !unitRequired && s != "%" && s != "/" && s != "x" && s != "×"
            }
        }
        func valid(_ n: Int) -> Int? { n >= 1 && n <= 9999 ? n : nil }

        guard i < t.count else { return nil }
        switch t[i] {
        case .word(let w) where maxWords.contains(w) || w == "maxlength" || w == "maxlen":
            var k = i + 1
            if isSymbol(k, ".:") { k += 1 }
            if w != "maxlength" && w != "maxlen", let next = word(k), next == "length" || next == "len" || units.contains(next) {
                k += 1
                if isSymbol(k, ".") { k += 1 }
            }
            if isSymbol(k, ":=") { k += 1 }
            if let next = word(k), next == "is" || next == "of" { k += 1 }
            guard let n = number(k), tailAllows(k + 1, unitRequired: false) else { return nil }
            return valid(n)
        case .word("limit"), .word("limited"):
            var k = i + 1
            if isSymbol(k, ":=") { k += 1 }
            if let next = word(k), next == "is" || next == "of" || next == "to" { k += 1 }
            if t[i] == .word("limited") && word(i + 1) != "to" { return nil }
            guard let n = number(k), tailAllows(k + 1, unitRequired: false) else { return nil }
            return valid(n)
        case .symbol("≤"):
            guard let n = number(i + 1), tailAllows(i + 2, unitRequired: true) else { return nil }
            return valid(n)
        case .number(let n):
            // "30 character limit", "30-char max", "30 characters or less".
            var k = i + 1
            if isSymbol(k, "-") { k += 1 }
            guard let unit = word(k), units.contains(unit) else { return nil }
            k += 1
            if isSymbol(k, "-") { k += 1 }
            if let next = word(k), next == "limit" || maxWords.contains(next) { return valid(n) }
            if word(k) == "or", let next = word(k + 1), next == "less" || next == "fewer" { return valid(n) }
            return nil
        case .word(let w):
            // up to / at most / no more than / not more than / no longer than N UNIT
            let phrases: [[String]] = [["up", "to"], ["at", "most"], ["no", "more", "than"], ["not", "more", "than"],
                                       ["no", "longer", "than"], ["not", "longer", "than"]]
            for phrase in phrases where phrase[0] == w {
                guard (0..<phrase.count).allSatisfy({ word(i + $0) == phrase[$0] }) else { continue }
                let k = i + phrase.count
                guard let n = number(k), tailAllows(k + 1, unitRequired: true) else { return nil }
                return valid(n)
            }
            return nil
        default:
            return nil
        }
    }

    /// Words (ASCII letters, lowercased; a run of other letters is one word), numbers (ASCII digits)
    /// and single symbols; white space separates. `<=` is read as `≤`.
    static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = text.scalarArray
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s.isWhitespaceFast { i += 1; continue }
            if s.isASCII && s.isAlphabeticFast || (!s.isASCII && s.isAlphabeticFast) {
                var word = String.UnicodeScalarView()
                let ascii = s.isASCII
                while i < scalars.count, scalars[i].isAlphabeticFast, scalars[i].isASCII == ascii {
                    let c = scalars[i]
                    word.append(c.isASCII && c.value >= 0x41 && c.value <= 0x5A ? Unicode.Scalar(c.value | 0x20)! : c)
                    i += 1
                }
                tokens.append(.word(String(word)))
                continue
            }
            if s.value >= 0x30 && s.value <= 0x39 {
                var value = 0
                while i < scalars.count, scalars[i].value >= 0x30 && scalars[i].value <= 0x39 {
                    value = min(value * 10 + Int(scalars[i].value - 0x30), 1_000_000)
                    i += 1
                }
                // "30,000" and "3.5" are not a count of characters.
                if i + 1 < scalars.count, scalars[i] == "," || scalars[i] == ".",
                   scalars[i + 1].value >= 0x30 && scalars[i + 1].value <= 0x39 {
                    while i < scalars.count, scalars[i] == "," || scalars[i] == "." || (scalars[i].value >= 0x30 && scalars[i].value <= 0x39) { i += 1 }
                    tokens.append(.word("#"))
                    continue
                }
                tokens.append(.number(value))
                continue
            }
            if s == "<" && i + 1 < scalars.count && scalars[i + 1] == "=" {
                tokens.append(.symbol("≤"))
                i += 2
                continue
            }
            tokens.append(.symbol(Character(s)))
            i += 1
        }
        return tokens
    }
}

/// App Store Connect's limits for the fields of an app's product page, for a table that holds App
/// Store metadata: a table named `AppStore`, `AppStoreMetadata`, `Metadata` or `StoreMetadata`
/// (case, `-`, `_` and spaces ignored), whose keys end in a field name (`subtitle`, `de.subtitle`,
/// `metadata/subtitle`, `promotional_text`).
public enum AppStoreMetadata {
    static let tableNames: Set<String> = ["appstore", "appstoremetadata", "metadata", "storemetadata", "appstoreconnect"]

    /// Field (lowercased, separators removed) → (limit, the field's name in App Store Connect).
    static let fields: [String: (limit: Int, name: String)] = [
        "name": (30, "app name"), "appname": (30, "app name"), "title": (30, "app name"),
        "subtitle": (30, "subtitle"),
        "keywords": (100, "keywords"),
        "promotionaltext": (170, "promotional text"),
        "description": (4000, "description"),
        "releasenotes": (4000, "release notes"), "whatsnew": (4000, "release notes"),
    ]

    static func normalized<S: StringProtocol>(_ text: S) -> String {
        String(text.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    public static func isMetadataTable(_ name: String) -> Bool { tableNames.contains(normalized(name)) }

    /// The limit for `key` in a metadata table: its last component after `.`, `/` or `:`.
    public static func field(of key: String) -> (limit: Int, name: String)? {
        let last = key.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == ":" }).last ?? Substring(key)
        return fields[normalized(last)]
    }
}

public struct LengthLimitRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "length-limit", name: "Over its length limit", severity: .error,
        summary: "A source or translated value is longer than the limit its comment states, the configuration sets (`length-limits`), or App Store Connect allows for App Store metadata.",
        rationale: """
        A value over its limit is cut off on screen, or App Store Connect refuses the upload: the user \
        reads half a word, or the release waits. Length is counted in characters as users see them \
        (grapheme clusters: \"é\" and a flag emoji are one each); a placeholder counts as \
        `length-placeholder-width` characters (1 unless configured), so a value reported is over its \
        limit whatever the argument. Every plural form and variation is counted on its own; the source \
        is held to its own limit too. One finding per value, for its longest form. \
        Where the limit comes from, in order: \
        (1) the entry's comment (a `.strings` comment, XLIFF note or String Catalog comment), read by a \
        small grammar — `Max 30`, `max. 30 characters`, `maximum length: 30`, `maxLength 30`, `limit: 30`, \
        `character limit of 30`, `≤ 30 chars`, `30 character limit`, `30-char max`, `30 characters or less`, \
        `up to 30 characters`, `at most`/`no more than`/`no longer than 30 characters`; a number followed by \
        another word is no length (`Max 30 files`), `max` without a number is none (`Max is the user's \
        name`), and a comment that speaks of going over a limit (`exceeds`, `too long`, `error`) or whose \
        source text contains the number describes a message about a limit and is not read; \
        (2) `length-limits` in `.locale-audit.yml`: a glob over the key, or over `Table.key` \
        (`\"AppStore.*.subtitle\": 30`); \
        (3) App Store metadata: in a table named `AppStore`, `AppStoreMetadata`, `Metadata` or \
        `StoreMetadata` (case and separators ignored), a key whose last part (after `.`, `/` or `:`) is \
        `name`/`title` (30), `subtitle` (30), `keywords` (100), `promotional_text` (170), `description` \
        or `release_notes`/`whats_new` (4000).
        """,
        triggering: [
            RuleExample("A German subtitle longer than the comment allows",
                .strings("en", "/* Shown under the title. Max 30 */\n\"library.subtitle\" = \"Everything you read\";\n"),
                .strings("de", "/* Shown under the title. Max 30 */\n\"library.subtitle\" = ↓\"Alles, was du jemals gelesen hast\";\n")),
            RuleExample("The source over its own limit",
                .strings("en", "/* Tab title, 12 character limit */\n\"tab.stats\" = ↓\"Reading statistics\";\n"),
                .strings("fr", "\"tab.stats\" = \"Stats\";\n")),
            RuleExample("App Store metadata: a French subtitle over App Store Connect's 30 characters",
                .catalog("Metadata.xcstrings", strings: catalogKey("subtitle",
                    ("en", stringUnit("Your books, everywhere")), ("fr", stringUnit("↓Vos livres, partout où vous allez"))))),
            RuleExample("One plural form too long (one finding, at that form)",
                .catalog(strings: catalogKey("%lld books", comment: "Badge on the shelf; up to 10 characters",
                    ("ru", pluralLocalization(("one", "%lld книга"), ("few", "%lld книги"), ("many", "↓%lld книг на полке"), ("other", "%lld книги")))))),
        ],
        nonTriggering: [
            RuleExample("Within the limit, counted in characters users see (é, ü and an emoji are one each)",
                .strings("en", "/* max. 12 characters */\n\"greeting\" = \"Hello 👋🏽\";\n"),
                .strings("fr", "/* max. 12 characters */\n\"greeting\" = \"Café 👋🏽 été\";\n")),
            RuleExample("Not limits: a count of files, a name, a comment about a message that reports the limit",
                .strings("en", """
                /* Max 30 files can be attached at once */
                "attach.hint" = "Attach up to thirty files to one message";
                /* Max is the user's name */
                "greeting.max" = "Welcome back, Max! Your library is waiting.";
                /* Error shown when the title exceeds 20 characters */
                "title.tooLong" = "Titles can be at most twenty characters long.";
                /* Shown under the field; max 20 characters */
                "title.rule" = "Use 20 characters or fewer for the title.";

                """),
                .strings("de", """
                "attach.hint" = "Hänge bis zu dreißig Dateien an eine Nachricht an";
                "greeting.max" = "Willkommen zurück, Max! Deine Bibliothek wartet.";
                "title.tooLong" = "Titel dürfen höchstens zwanzig Zeichen lang sein.";
                "title.rule" = "Verwende für den Titel höchstens 20 Zeichen.";

                """)),
            RuleExample("A placeholder counts as one character",
                .strings("en", "/* ≤ 10 chars */\n\"count\" = \"%@ books\";\n"),
                .strings("de", "/* ≤ 10 chars */\n\"count\" = \"%@ Bücher\";\n")),
            RuleExample("A description of 4,000 characters is not a 30-character name; a table that is not App Store metadata",
                VirtualFile("en.lproj/AppStore.strings", "\"description\" = \"Bookshelf keeps every book you own, read or want to read in one place, with notes, quotes and reading goals.\";\n"),
                .strings("en", "\"settings.name\" = \"The name shown on your profile and in shared lists\";\n"),
                .strings("de", "\"settings.name\" = \"Der Name, der in deinem Profil und in geteilten Listen erscheint\";\n")),
        ])

    /// A limit and where it was found, for the message.
    struct Limit {
        var characters: Int
        var origin: String
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let configuration = context.options.configuration
        let width = configuration.lengthPlaceholderWidth
        var commentLimits: [String: Int?] = [:]
        var findings: [Finding] = []
        for set in context.index.tableSets {
            guard let source = set.source else { continue }
            let metadata = AppStoreMetadata.isMetadataTable(set.id.name)
            for key in source.keys {
                let entry = source.entries[key]!
                guard let limit = Self.limit(for: entry, key: key, table: set.id.name, metadata: metadata,
                                             configuration: configuration, cache: &commentLimits) else { continue }
                let sourceOver = Self.longestOver(entry.value, limit: limit.characters, width: width)
                if let over = sourceOver {
                    findings.append(Self.finding(rule, over, limit: limit, entry: entry, locale: context.project.sourceLanguage,
                                                 table: set.id, key: key, width: width, notes: []))
                }
                for translation in set.translations {
                    guard let other = translation.entries[key], other.shouldTranslate,
                          let over = Self.longestOver(other.value, limit: limit.characters, width: width) else { continue }
                    let note = Finding.Note(message: "source: \(entry.value.shortDescription)", location: entry.valueLocation ?? entry.location)
                    findings.append(Self.finding(rule, over, limit: limit, entry: other, locale: translation.locale,
                                                 table: set.id, key: key, width: width, notes: [note]))
                }
            }
        }
        return findings
    }

    static func finding(_ rule: RuleDescription, _ over: Over, limit: Limit, entry: Entry, locale: String, table: TableID,
                        key: String, width: Int, notes: [Finding.Note]) -> Finding {
        var message = "\"\(over.text.visibleExcerpt)\" is \(over.count) characters, over the limit of \(limit.characters) \(limit.origin)"
        if over.placeholders > 0 {
            message += " (\(over.placeholders == 1 ? "its placeholder" : "each of its \(over.placeholders) placeholders") counted as \(width))"
        }
        if over.formsOver > 1 { message += "; \(over.formsOver) of its forms are over it" }
        message += ": shorten it by \(over.count - limit.characters)"
        return .entry(rule, message, at: over.location ?? entry.valueLocation ?? entry.location, locale: locale,
                      table: table, key: key, notes: notes)
    }

    /// The limit for an entry: its comment's, else the configuration's, else App Store Connect's.
    static func limit(for entry: Entry, key: String, table: String, metadata: Bool, configuration: Configuration,
                      cache: inout [String: Int?]) -> Limit? {
        if let comment = entry.comment, !comment.isEmpty {
            let stated: Int?
            if let known = cache[comment] {
                stated = known
            } else {
                stated = LengthLimitGrammar.limit(in: comment)
                cache[comment] = stated
            }
            // A source text that names the number is a message about the limit ("at most 20 characters").
            if let stated, !entry.value.texts.contains(where: { $0.text.contains(String(stated)) }) {
                return Limit(characters: stated, origin: "stated in its comment (\"\(comment.visibleExcerpt)\")")
            }
        }
        if let configured = configuration.lengthLimits.first(where: { $0.matches(table: table, key: key) }) {
            return Limit(characters: configured.limit, origin: "set in length-limits (\"\(configured.pattern)\")")
        }
        if metadata, let field = AppStoreMetadata.field(of: key) {
            return Limit(characters: field.limit, origin: "that App Store Connect allows for the \(field.name)")
        }
        return nil
    }

    struct Over {
        var text: String
        var count: Int
        var placeholders: Int
        var location: SourceLocation?
        var formsOver: Int
    }

    /// The longest text of a value over `limit`, with how many of its texts are over it.
    static func longestOver(_ value: Value, limit: Int, width: Int) -> Over? {
        var longest: Over? = nil
        var formsOver = 0
        for (text, location) in value.texts {
            // Quick: a text of no more scalars than the limit cannot be over it (placeholders aside).
            if text.unicodeScalars.count <= limit && width <= 2 { continue }
            let (count, placeholders) = length(of: text, placeholderWidth: width)
            guard count > limit else { continue }
            formsOver += 1
            if longest == nil || count > longest!.count {
                longest = Over(text: text, count: count, placeholders: placeholders, location: location, formsOver: 0)
            }
        }
        longest?.formsOver = formsOver
        return longest
    }

    /// Characters a user sees (grapheme clusters), each placeholder counted as `placeholderWidth`;
    /// `%%` shows as one `%`.
    public static func length(of text: String, placeholderWidth: Int) -> (count: Int, placeholders: Int) {
        let scan = FormatSpecifiers.scan(text)
        guard scan.isFormat else { return (text.count, 0) }
        var scalars = text.scalarArray
        var placeholders = 0
        // Replace from the end so earlier ranges stay valid.
        for specifier in scan.specifiers.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard specifier.range.upperBound <= scalars.count else { continue }
            if specifier.conversion == "%" {
                scalars.replaceSubrange(specifier.range, with: ["%"])
            } else {
                scalars.removeSubrange(specifier.range)
                placeholders += 1
            }
        }
        var rest = String.UnicodeScalarView()
        rest.append(contentsOf: scalars)
        return (String(rest).count + placeholders * placeholderWidth, placeholders)
    }
}
