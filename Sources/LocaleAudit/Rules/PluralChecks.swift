import Foundation

// Plurals against the CLDR rules of each locale, from ICU. Apple applies a `zero` form to exactly 0
// in every language, so `zero` is never required and never called unused.

/// One plural value of one entry in one locale, wherever it sits (top level or inside device
/// variations), with what every plural rule needs to know about it.
struct PluralSite: Sendable {
    var table: TableID
    var locale: String
    var key: String
    var entry: Entry
    var value: PluralValue
    /// "device iphone: " when the plural sits inside a variation, for messages.
    var context: String
    /// For a translation, the source entry of the same key.
    var sourceEntry: Entry? = nil
    /// The locale of `sourceEntry`.
    var sourceLocale = ""
    var location: SourceLocation { value.formatLocation ?? entry.valueLocation ?? entry.location }

    /// True when a String Catalog writes this case without a string unit: `xcstrings-invalid` reports it.
    func writesInvalidCase(_ variable: PluralVariable, _ category: String) -> Bool {
        guard let cases = entry.attributes[XCStringsReader.invalidPluralCasesKey] else { return false }
        return cases.split(separator: "\n").contains { $0 == variable.name + ":" + category }
    }
}

/// ICU plural rules per locale, with the category of every integer 0…1000 worked out once: rules
/// ask "which small integers take this category" for every plural form, and ICU's select costs ~1 µs.
/// Shared by all rules of all runs.
final class PluralRulesCache: Sendable {
    struct Entry {
        let rules: PluralRules
        /// `rules.requiredCategories(integer: true)`: expanding the samples is costly, and every plural
        /// of the locale asks.
        let integerCategories: [PluralCategory]
    }
    private let cache = LockedCache<String, Entry?>()

    static let shared = PluralRulesCache()

    func entry(for locale: String) -> Entry? {
        cache.value(for: locale) { locale in
            guard let rules = try? PluralRules(locale: locale.replacingOccurrences(of: "_", with: "-")) else { return nil }
            return Entry(rules: rules, integerCategories: rules.requiredCategories(integer: true))
        }
    }

    func rules(for locale: String) -> PluralRules? { entry(for: locale)?.rules }

    /// The categories a plural of the locale must have (see `PluralRules.requiredCategories`), nil
    /// without rules for the locale.
    func requiredCategories(_ locale: String, integer: Bool) -> [PluralCategory]? {
        guard let entry = entry(for: locale) else { return nil }
        return integer ? entry.integerCategories : entry.rules.requiredCategories(integer: false)
    }

    /// The integers 0…1000 that take the category in the locale: worked out once per locale and
    /// category (every plural of the locale asks).
    func integers(_ locale: String, _ category: PluralCategory, excludingZero: Bool = false) -> [Int] {
        let all = integerLists.value(for: IntegersOf(locale: locale, category: category)) { key in
            guard let rules = rules(for: key.locale) else { return [] }
            let table = rules.smallIntegerCategories
            return table.indices.filter { table[$0] == key.category }
        }
        return excludingZero && all.first == 0 ? Array(all.dropFirst()) : all
    }
    private struct IntegersOf: Hashable { var locale: String; var category: PluralCategory }
    private let integerLists = LockedCache<IntegersOf, [Int]>()

    /// Example numbers for messages, as a translator thinks of them: the integers 0…1000 that take
    /// the category, in runs ("0, 5–20, 25–30, 35–40, …"); CLDR's own samples for decimal-only ones.
    func exampleNumbers(_ locale: String, _ category: PluralCategory, items limit: Int = 4, excludingZero: Bool = false) -> String {
        let values = integers(locale, category, excludingZero: excludingZero)
        guard let rules = rules(for: locale) else { return "" }
        if values.isEmpty { return rules.exampleText(for: category) }
        // One run more than shown says whether the list goes on.
        let runs = PluralRules.collapse(values, items: limit + 1)
        return runs.count > limit ? (runs.prefix(limit) + ["…"]).joined(separator: ", ") : runs.joined(separator: ", ")
    }
}

extension ProjectIndex {
    /// Every plural value in every locale (the source included), in stable order. A translation of
    /// a key its table's source no longer has is left out, as translation pairs leave it out: the app
    /// never shows it, and extra-key reports it.
    func pluralSites() -> [PluralSite] {
        var sites: [PluralSite] = []
        for set in tableSets {
            // What a site needs of its set, taken out once: the closure below would copy the whole
            // set for every entry it is called for.
            let table = set.id, sourceLocale = set.source?.locale ?? ""
            let sourceEntries = set.sourceEntries
            let all = (set.source.map { [$0] } ?? []) + set.translations
            for (position, locale) in all.enumerated() {
                let isSource = set.source != nil && position == 0
                for (k, (key, entry)) in zip(locale.keys, locale.orderedEntries).enumerated() {
                    if case .text = entry.value { continue }
                    let sourcePosition = locale.keySourcePositions[k]
                    if !isSource && set.source != nil && sourcePosition < 0 { continue }
                    collect(entry.value, context: "") { plural, context in
                        let source = isSource || sourcePosition < 0 ? nil : sourceEntries[Int(sourcePosition)]
                        sites.append(PluralSite(table: table, locale: locale.locale, key: key, entry: entry, value: plural,
                                                context: context, sourceEntry: source, sourceLocale: sourceLocale))
                    }
                }
            }
        }
        return sites
    }

    private func collect(_ value: Value, context: String, _ body: (PluralValue, String) -> Void) {
        switch value {
        case .text: return
        case .plural(let p): body(p, context)
        case .variations(let v):
            for c in v.cases { collect(c.value, context: context + "\(v.kind.rawValue) \(c.name): ", body) }
        }
    }
}

extension PluralValue {
    /// The argument each variable stands for: a String Catalog substitution's `argNum`, else the
    /// variable's explicit `%n$#@name@` number or its order among the format's arguments.
    func argumentNumber(of variable: PluralVariable) -> Int? {
        if let number = variable.argumentNumber { return number }
        if let found = FormatSpecifiers.scan(format).numberedArguments.first(where: { $0.specifier.variableName == variable.name }) {
            return found.number
        }
        return formatIsImplicit ? 1 : nil
    }

    /// Every variable name the format and the forms refer to (a form may name another variable).
    var referencedVariableNames: Set<String> {
        var names = Set(FormatSpecifiers.scan(format).specifiers.compactMap(\.variableName))
        for variable in variables {
            for form in variable.forms {
                names.formUnion(FormatSpecifiers.scan(form.text).specifiers.compactMap(\.variableName))
            }
        }
        return names
    }
}

/// The argument each specifier of a plural form reads: numbered ones as written, unnumbered ones the
/// variable's own argument (that is how Foundation formats a form).
func formArgumentKinds(_ text: String, ownArgument: Int?) -> [(argument: Int?, kind: FormatSpecifier.Kind, text: String)] {
    FormatSpecifiers.scan(text).arguments.compactMap { spec in
        if spec.kind == .pluralVariable { return nil }
        return (spec.position ?? ownArgument, spec.kind, spec.text)
    }
}

extension PluralVariable {
    /// How messages name the variable: a String Catalog's top-level plural has no name of its own.
    var displayName: String { name == "__plural" ? "the plural" : "variable '\(name)'" }

    var knownCategories: [PluralCategory] { forms.compactMap { PluralCategory(rawValue: $0.category) } }

    /// True when every form is one of `source`'s texts: the source plural copied and not yet
    /// translated. Its categories are the source language's; `untranslated` reports the copy, and
    /// asking for another language's forms of English text is no advice.
    func copiesSource(_ source: Entry?) -> Bool {
        guard let source, !forms.isEmpty else { return false }
        let texts = Set(source.value.texts.map(\.text))
        return forms.allSatisfy { texts.contains($0.text) }
    }
    var isPluralRule: Bool { specType == nil || specType == "NSStringPluralRuleType" }
    func location(orEntry site: PluralSite) -> SourceLocation { location ?? site.location }
}

/// The kind a `NSStringFormatValueTypeKey` such as `d`, `lld`, `@` or `f` stands for.
/// A type written with its percent sign (`%ld`) is read as meant; `plural-value-type-mismatch` reports the spelling.
func valueTypeKind(_ valueType: String) -> FormatSpecifier.Kind? {
    let scan = FormatSpecifiers.scan(valueType.hasPrefix("%") ? valueType : "%" + valueType)
    guard scan.problems.isEmpty, let spec = scan.specifiers.first, scan.specifiers.count == 1 else { return nil }
    return spec.kind
}

/// True when the value type is an integer (or unknown), so decimal-only categories are not needed.
func isIntegerValueType(_ valueType: String?) -> Bool {
    guard let valueType, let kind = valueTypeKind(valueType) else { return true }
    return kind == .integer
}

extension PluralRules {
    /// The categories a translation must provide for a value of this type: those that some integer
    /// below a million takes, and for decimals also those a decimal written in digits takes. The
    /// fr/es/it/pt `many` takes only exact millions and compact numbers ("1M", `1c6` in CLDR): it words
    /// "1 million de livres", while a number printed in digits reads right with `other`.
    func requiredCategories(integer: Bool) -> [PluralCategory] {
        categories.filter { category in
            let samples = samples(for: category)
            if samples.plainIntegers.contains(where: { $0 < 1_000_000 }) { return true }
            return !integer && samples.decimals.contains { !$0.usesCompactExponent }
        }
    }
}

public struct PluralMissingCategoryRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-missing-category", name: "Plural category missing", severity: .warning,
        summary: "A plural lacks a category the locale's CLDR rules need; the message gives example numbers.",
        rationale: """
        For numbers in that category the platform falls back to the `other` form, which is the wrong \
        grammatical form: Russian shows \"5 книги\" instead of \"5 книг\". Categories that only \
        decimal numbers take are not required for integer formats, and one that only exact millions \
        and compact numbers ("1M") take (the French, Spanish, Italian and Portuguese `many`) is not \
        required at all: a number the app prints in digits reads right with `other`. \
        A variable that lacks several categories is one finding that names them all. Where the \
        language words that category like `other` (Turkish, Hungarian, Georgian, Armenian, Persian or Chechen \
        `one`: the noun stays singular after any numeral; Bengali and Assamese count with a \
        classifier), nothing is missing; where no form shows the number ("Delete these lists?"; an `other` \
        form that writes one of its own, "1 بايت" for "$1 بايت", shows it for every count) and the \
        string is more than the noun, only `one` and a dual `two` are needed; and where the source leaves a \
        form out (only `other`: the string is never shown for 1), a category holding only that number is not, \
        nor, for a key named for several (`….many`, `…_multiple`), one holding only 0 and 1; Hebrew needs `two` only for the nouns with a \
        dual (days, hours, weeks, months, years, times). A plural copied from the source and not translated is left to `untranslated`. \
        Where the plural was converted from a TranslateWiki message that the translator wrote with as many \
        forms, nothing was lost on the way, and the translator may have merged categories that read alike \
        in that sentence (a Czech genitive: "limit 3 článků"): a note, pointing at the message; forms the \
        converter may have filled from the message's explicit cases ("1=Včera") count as such cases, and \
        an explicit case for a category that holds that number alone (Hebrew `two`: "2=שלשום") is a form \
        the conversion dropped. Where the \
        message has more forms than the plural converted from it, the conversion dropped them: the plurals \
        of a file that lost the same categories are one finding (one converter, one cause), the other \
        keys its notes, pointing at the first key's message. In Arabic, Romanian, Irish and Welsh the \
        number changes the wording in any sentence: there a message with as few forms is the translator's \
        gap, a warning that points at the message, one per file for three or more plurals that lack the same categories.
        """,
        triggering: [
            RuleExample("Russian needs 'many' for 0, 5–20, 25, …",
                stringsdictExample("ru.lproj/Localizable.stringsdict",
                                   forms: [("one", "%d книга"), ("few", "%d книги"), ("other", "%d книги")], markVariable: true)),
            RuleExample("Hebrew needs 'two' for a noun with a dual: 2 days is יומיים, not \"2 ימים\"",
                stringsdictExample("he.lproj/Localizable.stringsdict",
                                   forms: [("one", "יום אחד"), ("other", "%d ימים")], markVariable: true)),
            RuleExample("The English source has only 'other': English is asked for 'one', Bulgarian (whose 'one' holds only 1) is not",
                stringsdictExample("en.lproj/Localizable.stringsdict", format: "Move %#@count@ to the Trash?", forms: [("other", "%d items")],
                                   markVariable: true),
                stringsdictExample("bg.lproj/Localizable.stringsdict", format: "Да се преместят ли %#@count@ в кошчето?", forms: [("other", "%d елемента")])),
            RuleExample("Bosnian for a unit the app writes after its own number: 'few' is needed though no form shows it",
                stringsdictExample("bs.lproj/Localizable.stringsdict", forms: [("one", "znak"), ("other", "znakova")], markVariable: true)),
            RuleExample("The TranslateWiki message has Czech 'few', which the converted plural lost",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 month|$1 months}}\";\n"),
                VirtualFile("Wiki/cs.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 měsíc|$1 měsíce|$1 měsíců}}\";\n"),
                stringsdictExample("cs.lproj/Localizable.stringsdict", forms: [("one", "%d měsíc"), ("other", "%d měsíců")], markVariable: true)),
            RuleExample("Three plurals converted from messages with Czech 'few' all lost it: one finding, the other keys its notes",
                VirtualFile("Wiki/en.lproj/Localizable.strings", """
                    "days" = "{{PLURAL:$1|$1 day|$1 days}}";
                    "hours" = "{{PLURAL:$1|$1 hour|$1 hours}}";
                    "weeks" = "{{PLURAL:$1|$1 week|$1 weeks}}";

                    """),
                VirtualFile("Wiki/cs.lproj/Localizable.strings", """
                    "days" = "{{PLURAL:$1|$1 den|$1 dny|$1 dní}}";
                    "hours" = "{{PLURAL:$1|$1 hodina|$1 hodiny|$1 hodin}}";
                    "weeks" = "{{PLURAL:$1|$1 týden|$1 týdny|$1 týdnů}}";

                    """),
                .plist("cs.lproj/Localizable.stringsdict", dict: [
                    stringsdictEntry("days", forms: [("one", "%d den"), ("other", "%d dní")], markVariable: true),
                    stringsdictEntry("hours", forms: [("one", "%d hodina"), ("other", "%d hodin")]),
                    stringsdictEntry("weeks", forms: [("one", "%d týden"), ("other", "%d týdnů")]),
                ].joined(separator: "\n"))),
            RuleExample("Romanian: the translator's TranslateWiki message has only two forms, and from 20 on the number takes \"de\": a warning at the message",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 list|$1 lists}}\";\n"),
                VirtualFile("Wiki/ro.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 listă|$1 liste}}\";\n"),
                stringsdictExample("ro.lproj/Localizable.stringsdict", forms: [("one", "%d listă"), ("other", "%d liste")], markVariable: true)),
            RuleExample("Special cases written as explicit forms (\"1=Včera\", converted to Czech 'one', which holds 1 alone) beside one general form: a note that asks about 'few'",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"days-ago\" = \"{{PLURAL:$1|0=Today|1=Yesterday|$1 days ago}}\";\n"),
                VirtualFile("Wiki/cs.lproj/Localizable.strings", "\"days-ago\" = \"{{PLURAL:$1|0=Dnes|1=Včera|2=Předevčírem|Před $1 dny}}\";\n"),
                .plist("cs.lproj/Localizable.stringsdict", dict: stringsdictEntry("days-ago", forms: [("zero", "Dnes"), ("one", "Včera"), ("other", "Před %d dny")], markVariable: true))),
            RuleExample("The translator's own form for 2 (\"2=שלשום\"), which Hebrew 'two' holds alone, lost in the conversion",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"days-ago\" = \"{{PLURAL:$1|0=Today|1=Yesterday|$1 days ago}}\";\n"),
                VirtualFile("Wiki/he.lproj/Localizable.strings", "\"days-ago\" = \"{{PLURAL:$1|0=היום|1=אתמול|2=שלשום|לפני $1 ימים}}\";\n"),
                .plist("he.lproj/Localizable.stringsdict", dict: stringsdictEntry("days-ago", forms: [("zero", "היום"), ("one", "אתמול"), ("other", "לפני %d ימים")], markVariable: true))),
            RuleExample("A message with two plurals: each converted variable is compared with its own, and both have its two forms (a note each)",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"synced\" = \"Synced {{PLURAL:$1|$1 article|$1 articles}} and {{PLURAL:$2|$2 list|$2 lists}}\";\n"),
                VirtualFile("Wiki/sk.lproj/Localizable.strings", "\"synced\" = \"Synchronizácia {{PLURAL:$1|$1 článku|$1 článkov}} a {{PLURAL:$2|$2 zoznamu|$2 zoznamov}}\";\n"),
                .plist("sk.lproj/Localizable.stringsdict", dict: """
                    <key>synced</key>
                    <dict>
                    \t<key>NSStringLocalizedFormatKey</key>
                    \t<string>Synchronizácia %#@v1@ a %#@v2@</string>
                    \(stringsdictVariable("v1", forms: [("one", "%1$d článku"), ("other", "%1$d článkov")], marked: true))\
                    \(stringsdictVariable("v2", forms: [("one", "%2$d zoznamu"), ("other", "%2$d zoznamov")], marked: true))\
                    </dict>
                    """)),
            RuleExample("The translator's TranslateWiki message has the same two forms: a note that asks whether 2–4 read right with 'other'",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"Limit of {{PLURAL:$1|$1 article|$1 articles}}\";\n"),
                VirtualFile("Wiki/cs.lproj/Localizable.strings", "\"books\" = \"Limit {{PLURAL:$1|$1 článku|$1 článků}}\";\n"),
                stringsdictExample("cs.lproj/Localizable.stringsdict", format: "Limit %#@count@",
                                   forms: [("one", "%d článku"), ("other", "%d článků")], markVariable: true)),
            RuleExample("The TranslateWiki message has one general form beside its special cases: not every number's",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|0=This month|1=Last month|$1 months ago}}\";\n"),
                VirtualFile("Wiki/ru.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|0=Этот месяц|1=Последний месяц|$1 месяцев назад}}\";\n"),
                stringsdictExample("ru.lproj/Localizable.stringsdict", forms: [("other", "%d месяцев назад")], markVariable: true)),
            RuleExample("Arabic lacks four forms: one finding names them all",
                stringsdictExample("ar.lproj/Localizable.stringsdict",
                                   forms: [("one", "كتاب واحد"), ("other", "%d كتاب")], markVariable: true)),
        ],
        nonTriggering: [
            RuleExample("French 'many' starts at a million: not needed for %d",
                stringsdictExample("fr.lproj/Localizable.stringsdict", forms: [("one", "%d livre"), ("other", "%d livres")])),
            RuleExample("Portuguese 'many' is for exact millions in words: not needed for a distance printed with %.1f",
                stringsdictExample("pt.lproj/Localizable.stringsdict", valueType: ".1f",
                                   forms: [("one", "%.1f metro"), ("other", "%.1f metros")])),
            RuleExample("Japanese needs only 'other'",
                stringsdictExample("ja.lproj/Localizable.stringsdict", forms: [("other", "%d冊")])),
            RuleExample("Turkish keeps the noun singular after a number: 'other' serves 1 too",
                stringsdictExample("tr.lproj/Localizable.stringsdict", forms: [("other", "%d kitap")])),
            RuleExample("Without the number, Polish has one plural for 2 and for 5: no 'few' or 'many'",
                stringsdictExample("pl.lproj/Localizable.stringsdict", format: "Usunąć %#@count@?", forms: [("one", "listę"), ("other", "listy")])),
            RuleExample("Bengali counts with a classifier, the noun unchanged: 'other' serves 1 too",
                stringsdictExample("bn.lproj/Localizable.stringsdict", forms: [("other", "%d মিনিট আগে")])),
            RuleExample("Hebrew counts books in the plural for 2: 'other' reads right",
                stringsdictExample("he.lproj/Localizable.stringsdict", forms: [("one", "ספר אחד"), ("other", "%d ספרים")])),
            RuleExample("Polish 'other' holds no whole number: converted from a TranslateWiki message, it holds that message's 'many' form",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 byte|$1 bytes}}\";\n"),
                VirtualFile("Wiki/pl.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 bajt|$1 bajty|$1 bajtów}}\";\n"),
                stringsdictExample("pl.lproj/Localizable.stringsdict", forms: [("one", "%d bajt"), ("few", "%d bajty"), ("other", "%d bajtów")])),
            RuleExample("A plural beside the message it was made from (the .stringsdict wins), its one variable (\"v0\") the message's one plural (\"$1\"), the 'many' form in 'other'",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 article|$1 articles}}\";\n"),
                VirtualFile("Wiki/pl.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|$1 artykuł|$1 artykuły|$1 artykułów}}\";\n"),
                .plist("Wiki/pl.lproj/Localizable.stringsdict", dict: stringsdictEntry("books", format: "%#@v0@", forms: [("one", "%d artykuł"), ("few", "%d artykuły"), ("other", "%d artykułów")], variableName: "v0"))),
            RuleExample("No word changes with the number: \"1 replaced\" and \"1 ersetzt\" read right with 'other'",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("zero", "Not replaced"), ("other", "%lld replaced")], markVariable: true),
                stringsdictExample("de.lproj/Localizable.stringsdict", forms: [("zero", "Nicht ersetzt"), ("other", "%lld ersetzt")])),
            RuleExample("The TranslateWiki message has one form on purpose: German \"Artikel\" is singular and plural",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"books\" = \"Remove {{PLURAL:$1|article|articles}}?\";\n"),
                VirtualFile("Wiki/de.lproj/Localizable.strings", "\"books\" = \"{{PLURAL:$1|Artikel}} entfernen?\";\n"),
                stringsdictExample("en.lproj/Localizable.stringsdict", format: "Remove %#@count@?", forms: [("one", "article"), ("other", "articles")]),
                stringsdictExample("de.lproj/Localizable.stringsdict", format: "%#@count@ entfernen?", forms: [("other", "Artikel")])),
            RuleExample("A key named for several items is never shown for 0 or 1: neither English 'one' nor French 'one' (0, 1) is needed",
                .plist("en.lproj/Localizable.stringsdict", dict: stringsdictEntry("trash.confirm.many", format: "Move %#@count@ to the Trash?", forms: [("other", "%d items")])),
                .plist("fr.lproj/Localizable.stringsdict", dict: stringsdictEntry("trash.confirm.many", format: "Placer %#@count@ dans la corbeille ?", forms: [("other", "%d éléments")]))),
            RuleExample("An English plural copied into Russian and not translated (`untranslated` reports it)",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")]),
                stringsdictExample("ru.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let cache = PluralRulesCache.shared
        var findings: [Finding] = []
        // Read from the `.strings` tables only when a plural lacks a form: most projects have no such messages.
        var translateWiki: [TranslateWikiPlace: [Int: TranslateWikiPlural]]? = nil
        // The plural of a TranslateWiki message a variable was converted from: Wikipedia's converter
        // names the variable of `{{PLURAL:$2|…}}` `v2`.
        func message(_ site: PluralSite, _ variable: PluralVariable) -> TranslateWikiPlural? {
            if translateWiki == nil { translateWiki = Self.translateWikiPluralForms(context) }
            guard let plurals = translateWiki?[TranslateWikiPlace(locale: site.locale, key: site.key)] else { return nil }
            if variable.name.hasPrefix("v"), let number = Int(variable.name.dropFirst()), let plural = plurals[number] { return plural }
            // One plural in the message, one in the entry, whatever they are called ("v0" for "$1").
            return plurals.count == 1 && site.value.variables.filter(\.isPluralRule).count == 1 ? plurals.values.first : nil
        }
        for site in context.pluralSites {
            guard let rules = cache.rules(for: site.locale), rules.hasLocaleData else { continue }
            let language = LanguageTag.languageSubtag(of: site.locale)
            let fallbacks = Self.grammaticalFallbacks[language] ?? []
            for variable in site.value.variables where variable.isPluralRule && !variable.copiesSource(site.sourceEntry) {
                let present = Set(variable.knownCategories)
                let missing = (cache.requiredCategories(site.locale, integer: isIntegerValueType(variable.valueType)) ?? rules.categories)
                    .filter { $0 != .other && !present.contains($0) && !site.writesInvalidCase(variable, $0.rawValue) }
                    .filter { !fallbacks.contains($0) }
                    .filter { $0 != .two || !Self.dualIsLexical.contains(language) || Self.mentionsHebrewDualNoun(variable) }
                    .filter { Self.countsAloud(variable, in: site.value) || $0 == .one || ($0 == .two && Self.dualNouns.contains(language)) }
                    .filter { Self.holdsANumberShown($0, variable: variable, site: site, rules: rules) }
                    .filter { $0 != .one || !Self.wordingIgnoresNumber(variable, language: language) }
                guard !missing.isEmpty else { continue }
                // A TranslateWiki message written with a single form and nothing else
                // ("{{PLURAL:$1|Artikel}}") says that one wording serves every number (German "Artikel",
                // Swedish "avsnitt" are singular and plural); the converted plural, that form as its only
                // one, lacks nothing. Not so beside explicit forms ("0=Heute|1=Gestern|vor $1 Tagen": the
                // translator wrote the special cases, not every number's), nor a form that writes a number
                // of its own ("1 بايت": it shows 1 for every count).
                if present.subtracting([.zero]) == [.other], let other = variable.form("other")?.text {
                    if let forms = message(site, variable)?.forms, forms.count == 1,
                       case let only = Self.wording(forms[0]), !only.writesNumber, only.letters == Self.letters(other) { continue }
                }
                // Polish and East Slavic `other` holds no whole number: converted from a TranslateWiki
                // message whose last form (the `many` one) it is, it shows right for every `many` number.
                // (Written by hand, "%d файлу" may as well be the fractions' wording: only the message tells.)
                if missing == [.many], isIntegerValueType(variable.valueType), Self.otherHoldsNoInteger.contains(language),
                   let other = variable.form("other")?.text {
                    if let forms = message(site, variable).map({ Self.generalForms($0.forms) }),
                       forms.count == Set(variable.knownCategories).subtracting([.zero]).count,
                       let last = forms.last, Self.letters(last) == Self.letters(other) { continue }
                }
                // One variable lacking several forms is one defect: one finding names them all.
                let needed = missing.map { "'\($0.rawValue)' (e.g. \(cache.exampleNumbers(site.locale, $0)))" }
                if let message = message(site, variable) {
                    let forms = Self.generalForms(message.forms), converted = present.subtracting([.zero]).count
                    // A category the converter may have filled from an explicit form ("1=Včera": Czech
                    // 'one' holds 1 alone) is no general form of the message; without them, the plural
                    // may have just the message's general forms. ("0=" becomes Apple's `zero`, set aside.)
                    let explicitNumbers = Self.explicitNumbers(message.forms).filter { $0 != 0 }
                    let explicit = Set(explicitNumbers.map(rules.category(for:)))
                    let sameForms = forms.count == converted || forms.count == present.subtracting([.zero]).subtracting(explicit).count
                    let atMessage = Finding.Note(message: "the TranslateWiki message", location: message.location)
                    // The translator wrote a number's own form ("2=שלשום") for a category that holds that
                    // number alone (Hebrew 'two'), and the plural lacks the category: the conversion
                    // dropped a form it could have kept.
                    if let number = explicitNumbers.first(where: { n in
                        missing.contains(rules.category(for: n)) && !rules.coversMultipleIntegers(rules.category(for: n))
                    }) {
                        var finding = Finding.entry(rule,
                            "\(site.context)\(site.locale) needs \(listed(needed)) in \(variable.displayName), and the translator's TranslateWiki message has its own form for \(number) ('\(rules.category(for: number).rawValue)' holds \(number) alone): the conversion dropped it: give this plural that form, and fix the converter — \(ICUInfo.dataSummary)",
                            at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key, notes: [atMessage])
                        finding.batchMark = "conversion dropped the form for \(number)"
                        findings.append(finding)
                        continue
                    }
                    // The message has more forms than the plural converted from it: the conversion
                    // dropped them (Wikipedia's Bosnian, Ukrainian, Czech and Slovak plurals lack the
                    // `few` their messages have). One cause in every plural of the locale's file: one
                    // finding, at the first, pointing at the message.
                    if forms.count > converted {
                        var finding = Finding.entry(rule,
                            "\(site.context)\(site.locale) needs \(listed(needed)) in \(variable.displayName), and the translator's TranslateWiki message has \(forms.count) forms where this plural has \(converted): the conversion dropped \(forms.count - converted == 1 ? "one" : "some"): give this plural the message's forms, and fix the converter — \(ICUInfo.dataSummary)",
                            at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key, notes: [atMessage])
                        finding.batchMark = "conversion dropped " + missing.map(\.rawValue).joined(separator: " ")
                        findings.append(finding)
                        continue
                    }
                    // The message has as many forms as this plural: the converter lost nothing, and
                    // the translator may have merged categories that read alike in this sentence
                    // (Serbian "пре 2 дана" and "пре 5 дана", Czech genitive "limit 3 článků"), or
                    // not (Polish "5 artykuły"). Only the wording tells: a question, not a defect.
                    // Not where the number itself changes the wording, whatever the sentence:
                    // Romanian's "de" from 20 on, Arabic's counted noun, Irish and Welsh mutations.
                    // Where the number changes the wording in any sentence, the message itself lacks the
                    // forms: a warning at each converted plural would repeat one task of the translator's,
                    // so the plurals of a file whose messages lack the same categories are one finding.
                    if sameForms, Self.numberChangesWording.contains(language) {
                        var finding = Finding.entry(rule,
                            "\(site.context)\(site.locale) needs \(listed(needed)) in \(variable.displayName), and the translator's TranslateWiki message has the same \(forms.count == 1 ? "one form" : "\(forms.count) forms"): give the message the forms \(site.locale) needs, then convert it again — \(ICUInfo.dataSummary)",
                            at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key, notes: [atMessage])
                        // Messages of another number of forms are worded apart ("the same one form").
                        finding.batchMark = "message of \(forms.count) forms lacks " + missing.map(\.rawValue).joined(separator: " ")
                        findings.append(finding)
                        continue
                    }
                    if sameForms {
                        findings.append(.entry(rule,
                            "\(site.context)\(site.locale) distinguishes \(listed(needed)), which \(variable.displayName) leaves to 'other'; the translator's TranslateWiki message has the same \(forms.count == 1 ? "one form" : "\(forms.count) forms"): check that those numbers read right with the 'other' form, and, if it was worded for them, that the numbers 'other' keeps (e.g. \(cache.exampleNumbers(site.locale, .other))) do too; or give them their own in the message — \(ICUInfo.dataSummary)",
                            at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key, severity: .note,
                            notes: [atMessage]))
                        continue
                    }
                }
                findings.append(.entry(rule,
                    "\(site.context)\(site.locale) needs \(listed(needed)) in \(variable.displayName) — \(ICUInfo.dataSummary)",
                    at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key))
            }
        }
        return findings
    }

    /// Per locale and key, and per argument number, the forms of each `{{PLURAL:$N|…}}` of a
    /// TranslateWiki message as written: the general ones in the language's category order, and
    /// explicit ones (`0=`, `1=` …) where the translator put them. Wikipedia converts these messages
    /// into its `.stringsdict` plurals.
    ///
    /// Read from the translations' `.strings` files themselves: where a `.stringsdict` beside one holds
    /// the plural (Wikipedia's TranslateWiki tree), the message is no pair of the index, yet it is
    /// what the plural was made from.
    static func translateWikiPluralForms(_ context: RuleContext) -> [TranslateWikiPlace: [Int: TranslateWikiPlural]] {
        var plurals: [TranslateWikiPlace: [Int: TranslateWikiPlural]] = [:]
        let messages = context.index.tableSets.lazy.flatMap(\.translations).flatMap { translation in
            translation.tables.lazy.filter { $0.format == .strings }.flatMap(\.entries).map { (locale: translation.locale, entry: $0) }
        }
        for (locale, entry) in messages {
            guard case .text(let text) = entry.value, text.firstByteRange(of: "{{PLURAL:") != nil else { continue }
            var rest = text
            var blocks: [Int: TranslateWikiPlural] = [:]
            while let start = rest.firstByteRange(of: "{{PLURAL:") {
                let after = String(rest[start.upperBound...])
                guard let end = after.firstByteRange(of: "}}") else { break }
                let arguments = after[..<end.lowerBound].split(separator: "|", omittingEmptySubsequences: false)
                // A second plural of the same number ("{{PLURAL:$1|…}}{{PLURAL:$1|}}") does not replace the first.
                if let variable = arguments.first, variable.hasPrefix("$"), let number = Int(variable.dropFirst()), blocks[number] == nil {
                    blocks[number] = TranslateWikiPlural(forms: Array(arguments.dropFirst()), location: entry.valueLocation ?? entry.location)
                }
                rest = String(after[end.upperBound...])
            }
            if !blocks.isEmpty, plurals[TranslateWikiPlace(locale: locale, key: entry.key)] == nil {
                plurals[TranslateWikiPlace(locale: locale, key: entry.key)] = blocks
            }
        }
        return plurals
    }

    /// Languages whose plural categories change the wording around any counted noun, in any case:
    /// a missing form is a defect even where the translator wrote no more.
    static let numberChangesWording: Set<String> = ["ar", "ro", "mo", "ga", "cy"]

    /// A message's place in `translateWikiPluralForms`: TranslateWiki's tree writes `sr-ec.lproj`
    /// where the converted one writes `sr-EC.lproj`, one locale (tags ignore case).
    struct TranslateWikiPlace: Hashable {
        var locale: String
        var key: String
        init(locale: String, key: String) {
            self.locale = locale.lowercased()
            self.key = key
        }
    }

    /// A TranslateWiki message's plural forms as written, and where the message is.
    struct TranslateWikiPlural {
        var forms: [Substring]
        var location: SourceLocation
    }

    /// The general forms of a TranslateWiki plural: not the explicit `0=`, `1=` … ones.
    static func generalForms(_ forms: [Substring]) -> [Substring] {
        forms.filter { explicitNumber($0) == nil }
    }

    /// The numbers of a TranslateWiki plural's explicit forms (`0=Heute`, `1=Gestern`).
    static func explicitNumbers(_ forms: [Substring]) -> [Int] { forms.compactMap(explicitNumber) }

    private static func explicitNumber(_ form: Substring) -> Int? {
        guard let equals = form.firstIndex(of: "="), case let digits = form[..<equals], !digits.isEmpty,
              digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// The letters of a text, without format specifiers, digits and spacing: "$1 bajtów" and
    /// "%d bajtów" agree.
    static func letters(_ text: some StringProtocol) -> String { wording(text).letters }

    /// One pass over a form: its `letters`, and whether it writes a number of its own, a digit that
    /// belongs to no format specifier and no `$1`-style placeholder ("1 بايت" shows 1 for every count).
    static func wording(_ text: some StringProtocol) -> (letters: String, writesNumber: Bool) {
        let string = String(text)
        let scalars = string.scalarArray
        var kept = [Bool](repeating: true, count: scalars.count)
        for specifier in FormatSpecifiers.scan(string).specifiers {
            for i in specifier.range where i < kept.count { kept[i] = false }
        }
        var letters = String.UnicodeScalarView()
        var writesNumber = false
        var afterDollar = false
        for (scalar, isKept) in zip(scalars, kept) {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            if isKept && isDigit && !afterDollar { writesNumber = true }
            afterDollar = scalar == "$" || (afterDollar && isDigit)
            if isKept && scalar.properties.isAlphabetic { letters.append(scalar) }
        }
        return (String(letters), writesNumber)
    }

    /// English and German word a count in `one` as in `other` when no word of the form changes with
    /// the number ("%lld replaced", "%lld ersetzt": "1 replaced" reads right): English nouns take an
    /// "s" in the plural (or are one of a few irregular ones, beside the verbs that agree), German
    /// nouns are written with a capital.
    static func wordingIgnoresNumber(_ variable: PluralVariable, language: String) -> Bool {
        guard language == "en" || language == "de", let other = variable.form("other")?.text else { return false }
        let words = TextAnalysis.translatableWords(in: other)
        guard !words.isEmpty else { return false }
        if language == "de" { return !words.contains { $0.first?.isUppercase == true } }
        return !words.contains { word in
            let lower = word.lowercased()
            return (lower.count > 3 && lower.hasSuffix("s")) || englishWordsOfNumber.contains(lower)
        }
    }

    /// English words that change with the number but take no "s": irregular plurals, and the verbs
    /// and determiners that agree with one.
    static let englishWordsOfNumber: Set<String> = ["are", "were", "have", "these", "those", "people", "children", "men", "women",
                                                   "feet", "teeth", "mice", "geese", "data", "media", "criteria", "lives", "leaves"]

    /// Languages whose `other` category holds fractions only: whole numbers are `one`, `few` or `many`.
    static let otherHoldsNoInteger: Set<String> = ["pl", "ru", "uk", "be"]

    /// Categories whose numbers read correctly in the `other` form: Turkic languages, Hungarian,
    /// Georgian, Armenian, Persian and Chechen keep the noun singular after every numeral ("1 dosya",
    /// "5 dosya"), and Bengali and Assamese count with a classifier ("১টি বই", "৫টি বই"), so `one`
    /// words nothing differently.
    static let grammaticalFallbacks: [String: Set<PluralCategory>] = [
        "tr": [.one], "az": [.one], "uz": [.one], "kk": [.one], "ky": [.one], "tk": [.one], "hu": [.one], "ka": [.one],
        "hy": [.one], "fa": [.one], "bn": [.one], "as": [.one], "ce": [.one],
    ]

    /// Whether the number goes with the noun: a form writes it, or the whole string is the noun (a
    /// unit the app shows after a number it writes itself: "znak", "znaka", "znakova"). "Delete this
    /// list?" / "Delete these lists?" choose a noun form by the count without a numeral, and without
    /// one a Slavic plural is one plural (Polish "listy" for 2 and for 5): only `one`, and `two`
    /// where nouns have a dual, differ then.
    static func countsAloud(_ variable: PluralVariable, in value: PluralValue) -> Bool {
        if variable.forms.contains(where: { $0.text.utf8.contains(UInt8(ascii: "%")) }) { return true }
        // An `other` form that writes a number of its own ("1 بايت" where "$1 بايت" was meant) shows
        // a number for every count: the categories a number takes are all needed.
        if let other = variable.form("other")?.text, wording(other).writesNumber { return true }
        return !value.formatIsImplicit && value.format.trimmingCharacters(in: .whitespaces) == "%#@\(variable.name)@"
    }

    /// Whether the category holds a number the string is shown for, as far as the catalog tells.
    /// A source plural that leaves a form out says which: "Move %lld items to the Trash?" with only
    /// `other` in English is never asked for 1 (another string says it). A target category is needed
    /// when it holds one of the numbers the source's forms cover (Russian `one` holds 21), not when it
    /// holds only the number the source left out (Bulgarian `one`: 1). A key named for several
    /// ("MoveToTrashConfirmation.title.many", "delete_multiple") is shown for two or more, so a
    /// category that holds only 0 and 1 (English and French `one`) is never used. Otherwise every
    /// number counts.
    static func holdsANumberShown(_ category: PluralCategory, variable: PluralVariable, site: PluralSite,
                                  rules: PluralRules) -> Bool {
        let lowest = keyNamesSeveral(site.key) ? 2 : 0
        guard case .plural(let sourcePlural)? = site.sourceEntry?.value,
              let source = sourcePlural.variable(named: variable.name) ?? (sourcePlural.variables.count == 1 ? sourcePlural.variables[0] : nil),
              !source.forms.isEmpty,
              let sourceRules = PluralRulesCache.shared.rules(for: site.sourceLocale), sourceRules.hasLocaleData,
              case let shown = Set(source.knownCategories), shown.count < sourceRules.categories.count else {
            return lowest == 0 || (lowest...200).contains { rules.category(for: $0) == category }
        }
        return (lowest...200).contains { n in rules.category(for: n) == category && shown.contains(sourceRules.category(for: n)) }
    }

    /// A key for several things: its last word is many, multiple, several or plural. A key with
    /// spaces is a source text, not a name.
    static func keyNamesSeveral(_ key: String) -> Bool {
        guard !key.utf8.contains(UInt8(ascii: " ")), let last = AccessibilityClassifier.tokens(of: key).last else { return false }
        return ["many", "multiple", "several", "plural"].contains(last)
    }

    /// Languages whose nouns have a dual form of their own, with or without a numeral.
    static let dualNouns: Set<String> = ["ar", "sl", "dsb", "hsb", "he", "iw"]

    /// Hebrew counts nearly every noun in the plural for 2 ("2 ספרים", "these lists"): the `other`
    /// form serves. Only a handful of nouns have a dual that 2 must use (יומיים, not "2 ימים").
    static let dualIsLexical: Set<String> = ["he", "iw"]
    static let hebrewDualNouns = ["ימים", "שעות", "שבועות", "חודשים", "שנים", "פעמים"]

    static func mentionsHebrewDualNoun(_ variable: PluralVariable) -> Bool {
        variable.forms.contains { form in hebrewDualNouns.contains { form.text.contains($0) } }
    }
}

public struct PluralMissingOtherRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-missing-other", name: "Plural without 'other'", severity: .error,
        summary: "A plural variable has no `other` form.",
        rationale: """
        `other` is the fallback for every number no other form covers. Without it the platform shows \
        the raw format key (`%#@count@`) to the user.
        """,
        triggering: [
            RuleExample("Polish forms without 'other'",
                stringsdictExample("pl.lproj/Localizable.stringsdict",
                                   forms: [("one", "%d plik"), ("few", "%d pliki"), ("many", "%d plików")], markVariable: true)),
        ],
        nonTriggering: [
            RuleExample(stringsdictExample("ja.lproj/Localizable.stringsdict", forms: [("other", "%d個のファイル")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for site in context.pluralSites {
            for variable in site.value.variables where variable.isPluralRule && variable.form("other") == nil
                && !site.writesInvalidCase(variable, "other") {
                findings.append(.entry(rule, "\(site.context)\(variable.displayName) has no 'other' form; numbers without a form of their own show the raw format",
                                       at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key))
            }
        }
        return findings
    }
}

public struct PluralUnusedCategoryRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-unused-category", name: "Plural category the locale never uses", severity: .warning,
        summary: "A plural form for a category the locale's CLDR rules never select (`zero` excepted).",
        rationale: """
        The form is dead: no number ever selects it, so whatever it says (often a better wording the \
        translator meant for some numbers) is never shown. Apple applies `zero` to exactly 0 in every \
        language, so a `zero` form is always allowed. A dead form that says what `other` says (spacing \
        aside) loses nothing and is only a note; three such strings or more of one table in one locale are one note. \
        Five dead forms or more worded apart from `other` in one table of one locale (a converter that \
        writes `one` for a language without it) are one finding naming them. A plural copied from the \
        source and not yet translated is left to `untranslated`.
        """,
        triggering: [
            RuleExample("Japanese has no 'one': the wording meant for 1 is never shown",
                stringsdictExample("ja.lproj/Localizable.stringsdict", forms: [("one", "↓1冊の本"), ("other", "%d冊")])),
            RuleExample("A dead form that says what 'other' says: a note",
                stringsdictExample("ja.lproj/Localizable.stringsdict", forms: [("one", "↓%d冊"), ("other", "%d冊")])),
            RuleExample("Three strings of one table with such forms (a generator writes every category): one note",
                deadForms([("books", "%d冊", "%d冊"), ("files", "%dファイル", "%dファイル"), ("pages", "%dページ", "%dページ")])),
            RuleExample("Three such strings, one of whose 'other' forms has a doubled space: the same words, still one note",
                deadForms([("books", "%d冊", "%d冊"), ("files", "%d ファイル", "%d  ファイル"), ("pages", "%dページ", "%dページ")])),
            RuleExample("Five strings whose dead 'one' forms say something else (a converter writes 'one' for every language): one finding",
                deadForms([("books", "1冊の本", "%d冊"), ("files", "1つのファイル", "%dファイル"), ("pages", "1ページ", "%dページ"),
                           ("photos", "1枚の写真", "%d枚"), ("songs", "1曲", "%d曲")])),
        ],
        nonTriggering: [
            RuleExample("An English 'zero' form is Apple's exact-zero form",
                stringsdictExample("en.lproj/Localizable.stringsdict",
                                   forms: [("zero", "No books"), ("one", "%d book"), ("other", "%d books")])),
            RuleExample("An English plural copied into Japanese and not translated (`untranslated` reports it)",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")]),
                stringsdictExample("ja.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let cache = PluralRulesCache.shared
        var findings: [Finding] = []
        // A generator that writes every category (Wikipedia's) leaves dozens of dead forms, which are
        // one job, not dozens. Dead forms per locale and table, apart as they say what `other` says (harmless: only tidying,
        // a note; from three on one note) or not (one warning per string, or from `rolledUpMinimum`
        // on, as a converter that writes `one` for a language without it leaves, one finding).
        struct Group: Hashable { var harmless: Bool; var table: String }
        var dead: [Group: [(site: PluralSite, variable: PluralVariable, form: PluralForm, location: SourceLocation)]] = [:]
        var order: [Group] = []
        for site in context.pluralSites {
            // Without CLDR data for the locale ICU answers with the root rules; nothing can be said.
            guard let rules = cache.rules(for: site.locale), rules.hasLocaleData else { continue }
            // Xcode's XLIFF export writes a source form for every category of the *target* language
            // (copied from `other`): on the source side of XLIFF they are not the source's own forms.
            if site.locale == context.project.sourceLanguage, site.entry.location.file.hasSuffix("liff") || site.entry.location.file.hasSuffix(".xlf") { continue }
            // A copy of the source plural keeps the source's categories; `untranslated` reports it.
            for variable in site.value.variables where variable.isPluralRule && !variable.copiesSource(site.sourceEntry) {
                for form in variable.forms {
                    let known = PluralCategory(rawValue: form.category)
                    if known == .zero || (known.map { rules.categories.contains($0) } ?? false) { continue }
                    guard known != nil else {
                        findings.append(.entry(rule, "\(site.context)'\(form.category)' is not a plural category (zero, one, two, few, many, other)",
                                               at: form.location ?? variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key))
                        continue
                    }
                    // A form that differs from `other` only in its spacing (a doubled space in one of
                    // them) says the same; the spacing is whitespace-mismatch's.
                    let other = variable.form("other")?.text
                    let harmless = other == form.text || other.map { Self.sameWords($0, form.text) } == true
                    let group = Group(harmless: harmless,
                                      table: "\(site.locale)\u{0}\(site.table.scope)\u{0}\(site.table.name)")
                    if dead[group] == nil { order.append(group) }
                    dead[group, default: []].append((site, variable, form, form.location ?? variable.location(orEntry: site)))
                }
            }
        }
        let categories = { (site: PluralSite) in PluralRulesCache.shared.rules(for: site.locale)?.categories ?? [] }
        for group in order {
            let forms = dead[group]!
            let severity: Severity? = group.harmless ? .note : nil
            guard forms.count >= (group.harmless ? 3 : Self.rolledUpMinimum) else {
                for item in forms {
                    findings.append(.entry(rule, Self.neverUses(item.form, of: item.variable, at: item.site, categories: categories(item.site))
                                                 + (group.harmless ? "; it says what 'other' says, so nothing shows wrong: remove it" : ""),
                                           at: item.location, locale: item.site.locale, table: item.site.table, key: item.site.key, severity: severity))
                }
                continue
            }
            let first = forms[0]
            let unused = Set(forms.map(\.form.category)).sorted().map { "'\($0)'" }.joined(separator: ", ")
            let notes = forms.dropFirst().map { item in
                Finding.Note(message: "also '\(item.form.category)' in \"\(item.site.key.visibleExcerpt)\"", location: item.location)
            }
            let advice = group.harmless ? "each says what 'other' says, so nothing shows wrong: remove them"
                : "their wording is never shown: move what matters into the forms \(first.site.locale) uses, then remove them"
            findings.append(.entry(rule, "\(forms.count) plural strings of \(first.site.table.name) have \(unused) forms, which \(first.site.locale) never uses (its categories: \(categories(first.site).map(\.rawValue).joined(separator: ", "))) — \(ICUInfo.dataSummary); \(advice)",
                                   at: first.location, locale: first.site.locale, table: first.site.table, key: first.site.key,
                                   severity: severity, notes: notes))
        }
        return findings
    }

    /// A Japanese `.stringsdict` whose plurals have a `one` form (dead in Japanese) beside `other`;
    /// the first `one` is marked.
    static func deadForms(_ rows: [(key: String, one: String, other: String)]) -> VirtualFile {
        .plist("ja.lproj/Localizable.stringsdict", dict: rows.enumerated().map { index, row in """
            <key>\(row.key)</key>
            <dict>
            \t<key>NSStringLocalizedFormatKey</key>
            \t<string>%#@count@</string>
            \t<key>count</key>
            \t<dict>
            \t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t<string>NSStringPluralRuleType</string>
            \t\t<key>NSStringFormatValueTypeKey</key>
            \t\t<string>d</string>
            \t\t<key>one</key>
            \t\t\(index == 0 ? "↓" : "")<string>\(row.one)</string>
            \t\t<key>other</key>
            \t\t<string>\(row.other)</string>
            \t</dict>
            </dict>

            """ }.joined())
    }

    /// The same words in the same order, however spaced.
    static func sameWords(_ a: String, _ b: String) -> Bool {
        a.split(whereSeparator: \.isWhitespace) == b.split(whereSeparator: \.isWhitespace)
    }

    /// Dead forms of one locale's table worded apart from `other`, from which on they are one finding.
    static let rolledUpMinimum = 5

    /// "ja never uses 'one' in variable 'count' (its categories: other) — CLDR …".
    static func neverUses(_ form: PluralForm, of variable: PluralVariable, at site: PluralSite, categories: [PluralCategory]) -> String {
        "\(site.context)\(site.locale) never uses '\(form.category)' in \(variable.displayName) (its categories: \(categories.map(\.rawValue).joined(separator: ", "))) — \(ICUInfo.dataSummary)"
    }
}

public struct PluralFormOmitsNumberRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-form-omits-number", name: "Plural form hard-codes its number", severity: .warning,
        summary: "A `zero`/`one`/`two` form leaves out the number where that category covers several numbers.",
        rationale: """
        Writing \"One file\" for `one` is right in English, where `one` is only 1. In Russian `one` also \
        covers 21, 31, 101…, so \"Один файл\" is shown for 21 files. Such forms must show the number. \
        Where the category adds only 0 (French, Portuguese), it is a note: many apps never show the \
        string for 0, and a `zero` form, which Apple gives 0 first, settles it.
        """,
        triggering: [
            RuleExample("Russian 'one' also covers 21, 31, …",
                stringsdictExample("ru.lproj/Localizable.stringsdict",
                                   forms: [("one", "↓Один файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")])),
            RuleExample("French 'one' adds only 0: a note, since many apps never show the string for 0",
                stringsdictExample("fr.lproj/Localizable.stringsdict",
                                   forms: [("one", "↓Un caractère trouvé"), ("other", "%d caractères trouvés")])),
        ],
        nonTriggering: [
            RuleExample("English 'one' is only 1",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "One file"), ("other", "%d files")])),
            RuleExample("'zero' is exactly 0 everywhere",
                stringsdictExample("ru.lproj/Localizable.stringsdict",
                                   forms: [("zero", "Нет файлов"), ("one", "%d файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")])),
            RuleExample("French 'one' beside a 'zero' form is only 1",
                stringsdictExample("fr.lproj/Localizable.stringsdict",
                                   forms: [("zero", "Aucun caractère"), ("one", "Un caractère trouvé"), ("other", "%d caractères trouvés")])),
            RuleExample("A plural of a key the English source no longer has is never shown: extra-key reports it",
                .plist("en.lproj/Localizable.stringsdict", dict: stringsdictEntry("files", forms: [("one", "%d file"), ("other", "%d files")])),
                stringsdictExample("ru.lproj/Localizable.stringsdict",
                                   forms: [("one", "Одна книга"), ("few", "%d книги"), ("many", "%d книг"), ("other", "%d книги")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let cache = PluralRulesCache.shared
        var findings: [Finding] = []
        for site in context.pluralSites {
            guard cache.rules(for: site.locale) != nil else { continue }
            for variable in site.value.variables where variable.isPluralRule {
                guard let other = variable.form("other"), FormatSpecifiers.scan(other.text).arguments.contains(where: { $0.kind != .pluralVariable }) else { continue }
                for form in variable.forms {
                    // Apple gives 0 to a `zero` form when there is one, so 0 no longer counts for `one`.
                    let hasZero = variable.form("zero") != nil
                    guard let category = PluralCategory(rawValue: form.category), category == .one || category == .two,
                          FormatSpecifiers.scan(form.text).arguments.isEmpty,
                          case let covered = cache.integers(site.locale, category, excludingZero: hasZero), covered.count > 1 else { continue }
                    // French and Portuguese 'one' adds only 0, which many apps never show in that string
                    // (they say "No issues found" instead): a question, and a `zero` form answers it.
                    if covered == [0, 1] {
                        findings.append(.entry(rule,
                            "\(site.context)the '\(form.category)' form has no number, and in \(site.locale) '\(form.category)' also covers 0: if the string can show for 0, add a 'zero' form (0 then takes it) or show the number — \(ICUInfo.dataSummary)",
                            at: form.location ?? variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key,
                            severity: .note))
                        continue
                    }
                    findings.append(.entry(rule,
                        "\(site.context)the '\(form.category)' form has no number, but in \(site.locale) '\(form.category)' covers \(cache.exampleNumbers(site.locale, category, excludingZero: hasZero)): show the number — \(ICUInfo.dataSummary)",
                        at: form.location ?? variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key))
                }
            }
        }
        return findings
    }
}

public struct PluralVariableReferenceRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-variable-reference", name: "Plural variable undefined or unused", severity: .error,
        summary: "The format names a variable that is not defined (error), or defines one it never names (warning).",
        rationale: """
        An undefined variable is shown raw (`%#@count@`); an unused one means the format lost the \
        count it was meant to show. In a String Catalog an undefined substitution stops Xcode's build \
        ("Referencing undefined substitution"): the reader reports it as `xcstrings-invalid`, wherever \
        the string unit is, and this rule does not repeat it.
        """,
        triggering: [
            RuleExample("The format names 'count' but the variable is 'books'",
                stringsdictExample("en.lproj/Localizable.stringsdict", format: "%#@count@",
                                   forms: [("one", "%d book"), ("other", "%d books")], markVariable: true, markFormat: true,
                                   variableName: "books")),
            RuleExample("The variable's name translated inside its reference: one finding, at the format",
                stringsdictExample("de.lproj/Localizable.stringsdict", format: "%#@ die Bücher@",
                                   forms: [("one", "%d Buch"), ("other", "%d Bücher")], markFormat: true)),
            RuleExample("A reference broken apart by spaces: '%# @' is an object specifier that takes the count",
                stringsdictExample("fr.lproj/Localizable.stringsdict", format: "%# @count @",
                                   forms: [("one", "%d livre"), ("other", "%d livres")], markFormat: true)),
        ],
        nonTriggering: [
            RuleExample(stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for site in context.pluralSites where !site.value.formatIsImplicit {
            let formatScan = FormatSpecifiers.scan(site.value.format)
            let referenced = site.value.referencedVariableNames
            let defined = Set(site.value.variables.map(\.name))
            // A variable reference written wrong ("%#@ die Einträge@", its name translated) is the
            // reference to the variable the format then never names: one defect, said once.
            let badReferences = formatScan.problems.filter { $0.message == FormatSpecifiers.malformedVariableReference }
            let unnamed = site.value.variables.map(\.name).filter { name in
                !referenced.contains(name) && !formatScan.problems.contains { $0.text.contains("@\(name)@") }
            }
            let meantForUnnamed = !badReferences.isEmpty && unnamed.count <= badReferences.count
            for problem in formatScan.problems {
                var message = problem.message
                if meantForUnnamed && problem.message == FormatSpecifiers.malformedVariableReference {
                    message += " (the variable \(unnamed.map { "'\($0)'" }.joined(separator: " or ")) is never named)"
                }
                findings.append(.entry(rule, "\(site.context)the format \"\(site.value.format.visibleEscaped)\" is malformed: \(message)",
                                       at: site.value.formatLocation ?? site.location, locale: site.locale, table: site.table, key: site.key))
            }
            if meantForUnnamed { continue }
            // "%# @sites @": the reference is there, broken apart by spaces (a translation tool's
            // doing). Said once, at the format, as the crash it is, not as a variable left unnamed.
            var spaced: Set<String> = []
            for name in unnamed {
                guard Self.spacedReference(to: name, in: site.value.format) != nil else { continue }
                spaced.insert(name)
                findings.append(.entry(rule, "\(site.context)the format \"\(site.value.format.visibleEscaped)\" breaks the reference %#@\(name)@ apart with spaces: Foundation reads '%# @' as an object specifier, which takes the count, so the app crashes or shows garbage; write %#@\(name)@",
                                       at: site.value.formatLocation ?? site.location, locale: site.locale, table: site.table, key: site.key))
            }
            // A String Catalog's reader reports undefined substitutions (`xcstrings-invalid`) in every
            // string unit, those this value does not hold included.
            let isCatalog = site.location.file.hasSuffix(".xcstrings")
            let undefined = referenced.subtracting(defined).sorted()
            for name in isCatalog ? [] : undefined {
                findings.append(.entry(rule, "\(site.context)the format names '%#@\(name)@' but no variable '\(name)' is defined; it is shown raw",
                                       at: site.value.formatLocation ?? site.location, locale: site.locale, table: site.table, key: site.key))
            }
            // In a String Catalog, a substitution left unnamed next to an undefined name is most likely
            // that name misspelt: the reader's one finding about it says so.
            if isCatalog && !undefined.isEmpty { continue }
            for variable in site.value.variables where unnamed.contains(variable.name) && !spaced.contains(variable.name) {
                findings.append(.entry(rule, "\(site.context)variable '\(variable.name)' is defined but the format \"\(site.value.format.visibleEscaped)\" never names it",
                                       at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key,
                                       severity: .warning))
            }
        }
        return findings
    }
}

extension PluralVariableReferenceRule {
    /// The reference to `name` as `format` writes it when spaces broke it apart ("%# @sites @",
    /// "%1$# @ sites@"), nil when there is none.
    static func spacedReference(to name: String, in format: String) -> String? {
        let s = format.scalarArray, wanted = name.scalarArray
        var i = 0
        while i < s.count {
            defer { i += 1 }
            guard s[i] == "%" else { continue }
            var j = i + 1, spaces = 0
            func skipSpaces() { while j < s.count && s[j] == " " { j += 1; spaces += 1 } }
            while j < s.count && ("0"..."9").contains(s[j]) { j += 1 }
            if j > i + 1 {
                guard j < s.count && s[j] == "$" else { continue }
                j += 1
            }
            guard j < s.count && s[j] == "#" else { continue }
            j += 1
            skipSpaces()
            guard j < s.count && s[j] == "@" else { continue }
            j += 1
            skipSpaces()
            guard j + wanted.count <= s.count && s[j..<(j + wanted.count)].elementsEqual(wanted) else { continue }
            j += wanted.count
            skipSpaces()
            guard j < s.count && s[j] == "@" && spaces > 0 else { continue }
            return String(String.UnicodeScalarView(s[i...j]))
        }
        return nil
    }
}

public struct PluralValueTypeRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "plural-value-type-mismatch", name: "Plural forms disagree with their value type", severity: .error,
        summary: "A form's specifier contradicts `NSStringFormatValueTypeKey`, or forms use different specifier types.",
        rationale: """
        The count is passed as the value type says. A form that reads it as an object (`%@` where the \
        type is `d`) crashes the app for exactly the numbers that select that form — a crash only some \
        users ever meet.
        """,
        triggering: [
            RuleExample("'%@' where the value type is 'd'",
                stringsdictExample("zh-Hans.lproj/Localizable.stringsdict", forms: [("other", "↓%@ 个文件")])),
            RuleExample("A value type written with its percent sign",
                stringsdictExample("en.lproj/Localizable.stringsdict", valueType: "%ld", forms: [("one", "%ld book"), ("other", "%ld books")],
                                   markVariable: true)),
        ],
        nonTriggering: [
            RuleExample("'%ld' and 'd' are both integers",
                stringsdictExample("de.lproj/Localizable.stringsdict", forms: [("one", "Ein Buch"), ("other", "%ld Bücher")])),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for site in context.pluralSites {
            for variable in site.value.variables where variable.isPluralRule {
                // `%ld` for `ld`: Foundation puts its own `%` in front, and "%%ld" is no specifier.
                if let written = variable.valueType, written.hasPrefix("%"), written.count > 1 {
                    findings.append(.entry(rule,
                        "\(site.context)NSStringFormatValueTypeKey of '\(variable.name)' is '\(written)': write the conversion without its percent sign ('\(written.dropFirst())'); Foundation adds the '%' itself",
                        at: variable.location(orEntry: site), locale: site.locale, table: site.table, key: site.key))
                }
                let declared = variable.valueType.flatMap(valueTypeKind)
                // A String Catalog's top-level plural: each form is the whole string, numbered as usual.
                if site.value.formatIsImplicit {
                    findings += implicitFormatFindings(site, variable)
                    continue
                }
                let own = site.value.argumentNumber(of: variable)
                var otherKinds: [Int: FormatSpecifier.Kind] = [:]
                if let other = variable.form("other") {
                    for item in formArgumentKinds(other.text, ownArgument: own) where item.kind != .substitutionArgument {
                        if let argument = item.argument { otherKinds[argument] = item.kind }
                    }
                }
                for form in variable.forms {
                    let location = form.location ?? variable.location(orEntry: site)
                    var reported = false
                    for item in formArgumentKinds(form.text, ownArgument: own) where item.kind != .substitutionArgument {
                        if let declared, item.argument == own, own != nil, item.kind != declared {
                            findings.append(.entry(rule,
                                "\(site.context)the '\(form.category)' form of '\(variable.name)' reads its count as \(FormatComparison.describe(item.kind)) (\(item.text)) but NSStringFormatValueTypeKey '\(variable.valueType!)' passes \(FormatComparison.describe(declared))",
                                at: location, locale: site.locale, table: site.table, key: site.key))
                            reported = true
                            break
                        }
                    }
                    if reported || form.category == "other" { continue }
                    for item in formArgumentKinds(form.text, ownArgument: own) where item.kind != .substitutionArgument {
                        guard let argument = item.argument, let expected = otherKinds[argument], expected != item.kind else { continue }
                        findings.append(.entry(rule,
                            "\(site.context)the '\(form.category)' form of '\(variable.name)' reads argument \(argument) as \(FormatComparison.describe(item.kind)) (\(item.text)); the 'other' form reads it as \(FormatComparison.describe(expected))",
                            at: location, locale: site.locale, table: site.table, key: site.key))
                        break
                    }
                }
            }
        }
        return findings
    }
}

extension PluralValueTypeRule {
    /// Forms of a top-level String Catalog plural are complete format strings, numbered as usual:
    /// every form must read each argument as the same type (a form may leave the count out; whether
    /// it may is `plural-form-omits-number`'s question).
    func implicitFormatFindings(_ site: PluralSite, _ variable: PluralVariable) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        let otherKinds = variable.form("other").map { FormatSpecifiers.scan($0.text).argumentKinds } ?? [:]
        for form in variable.forms {
            let kinds = FormatSpecifiers.scan(form.text).argumentKinds
            let location = form.location ?? variable.location(orEntry: site)
            guard form.category != "other" else { continue }
            for argument in kinds.keys.sorted() {
                guard let kind = kinds[argument]?.first, let expected = otherKinds[argument]?.first, kind != expected else { continue }
                findings.append(.entry(rule,
                    "\(site.context)the '\(form.category)' form reads argument \(argument) as \(FormatComparison.describe(kind)); the 'other' form reads it as \(FormatComparison.describe(expected))",
                    at: location, locale: site.locale, table: site.table, key: site.key))
                break
            }
        }
        return findings
    }
}

public struct PluralShapeMismatchRule: Rule {
    public init() {}

    /// Languages whose nouns stay singular after a numeral ("5 cikk"), though CLDR gives them `one`
    /// and `other` (for other words, such as verbs or ordinals).
    static let singularAfterNumerals: Set<String> = ["hu", "tr", "az", "uz", "kk", "ky", "tk", "tt", "ba", "ka", "hy", "fa"]
    public static let description = RuleDescription(
        id: "plural-shape-mismatch", name: "Plural in one language, plain in another", severity: .warning,
        summary: "The source is pluralised and a translation is a plain string (warning), or the reverse (note).",
        rationale: """
        A plain translation of a plural shows one grammatical form for every number (\"1 Dateien\"). \
        Locales with a single plural category (Japanese, Chinese, Korean…) may legitimately use a plain \
        string. A plural translation of a plain source works, but the source should vary too.
        """,
        triggering: [
            RuleExample("German translates a plural with a plain string",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")]),
                .strings("de", "\"books\" = ↓\"%d Bücher\";\n")),
        ],
        nonTriggering: [
            RuleExample("Japanese has one plural category",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d book"), ("other", "%d books")]),
                .strings("ja", "\"books\" = \"%d冊\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let cache = PluralRulesCache.shared
        return context.pairs.compactMap { pair in
            let sourcePlural = pair.source.value.isPlural, translationPlural = pair.translation.value.isPlural
            if sourcePlural && !translationPlural {
                // TranslateWiki's source form writes plurals inline as {{PLURAL:$1|…|…}}.
                if case .text(let text) = pair.translation.value, text.contains("{{PLURAL:") { return nil }
                guard let rules = cache.rules(for: pair.locale),
                      (cache.requiredCategories(pair.locale, integer: true) ?? rules.categories).filter({ $0 != .zero }).count > 1 else { return nil }
                // Where a noun stays singular after any numeral, one string is often right: a note.
                let singularAfterNumerals = Self.singularAfterNumerals.contains(LanguageTag.languageSubtag(of: pair.locale))
                return .entry(rule, "the source varies by plural but the \(pair.locale) translation is one plain string for every number"
                              + (singularAfterNumerals ? " (often right in \(pair.locale), where nouns stay singular after numerals; check the wording)" : ""),
                              at: pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                              severity: singularAfterNumerals ? .note : nil, notes: [pair.sourceNote])
            }
            if !sourcePlural && translationPlural {
                return .entry(rule, "the \(pair.locale) translation varies by plural but the source is a plain string",
                              at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, severity: .note,
                              notes: [pair.sourceNote])
            }
            return nil
        }
    }
}
