// Format specifiers: the defects that crash apps (`%@` read where an integer is passed) or show
// garbage. A string counts as a format when its source text has a specifier; a translation of a
// plain string may use `%` freely, except for specifiers no prose writes (`format-in-plain-string`).
// Storyboard and xib strings are never formats: Interface Builder does not pass them to
// `String(format:)`, so no format rule looks at them.

/// The specifier facts of one translated text against its source text, computed once per pair.
struct FormatComparison: Sendable {
    let source: FormatScan
    let translation: FormatScan
    let sourceKinds: [Int: [FormatSpecifier.Kind]]
    let translationKinds: [Int: [FormatSpecifier.Kind]]

    init(source: String, translation: String) {
        let scan = FormatSpecifiers.scan(source)
        self.init(source: scan, sourceKinds: scan.argumentKinds, translation: translation)
    }

    /// With the source already scanned: one source is translated into every locale.
    init(source: FormatScan, sourceKinds: [Int: [FormatSpecifier.Kind]], translation: String) {
        self.source = source
        self.translation = FormatSpecifiers.scan(translation)
        self.sourceKinds = sourceKinds
        translationKinds = self.translation.argumentKinds
    }

    var sourceIsFormat: Bool { source.isFormat }

    /// Arguments the source passes that the translation never reads.
    var unreadArguments: [Int] { sourceKinds.keys.filter { translationKinds[$0] == nil }.sorted() }
    /// Arguments the translation reads that the source never passes.
    var extraArguments: [Int] { translationKinds.keys.filter { sourceKinds[$0] == nil }.sorted() }

    static func describe(_ kind: FormatSpecifier.Kind) -> String {
        switch kind {
        case .object: return "an object (%@)"
        case .integer: return "an integer"
        case .floatingPoint: return "a floating-point number"
        case .character: return "a character"
        case .cString: return "a C string (%s)"
        case .unicharString: return "a unichar string (%S)"
        case .pointer: return "a pointer"
        case .pluralVariable: return "a plural variable"
        case .literalPercent: return "%%"
        case .substitutionArgument: return "the substitution's argument (%arg)"
        }
    }

    func sourceText(of argument: Int) -> String {
        specifierText(in: source, argument: argument)
    }

    func translationText(of argument: Int) -> String {
        specifierText(in: translation, argument: argument)
    }

    private func specifierText(in scan: FormatScan, argument: Int) -> String {
        var next = 1
        for spec in scan.arguments {
            for star in spec.starArguments where star == nil { next += 1 }
            let n = spec.position ?? next
            if spec.position == nil { next += 1 }
            if n == argument { return spec.text }
        }
        return "?"
    }
}

/// A plain-text translation pair whose source is a format string, with its comparison.
typealias FormatPair = (pair: TranslationPair, source: String, translation: String, comparison: FormatComparison)

/// Computed once per run (see `RuleContext`): scanning is the format rules' main cost.
func computeFormatPairs(_ pairs: [TranslationPair], interfaceBuilderTables: Set<TableID> = []) -> [FormatPair] {
    // Each source entry is scanned once, not once per locale; by table set and key position.
    var sourceScans: [Int: (scan: FormatScan, kinds: [Int: [FormatSpecifier.Kind]])] = [:]
    return pairs.compactMap { pair in
        // A source without `%` has no specifier: it is no format string, whatever the translation has.
        guard case .text(let source) = pair.source.value, case .text(let translation) = pair.translation.value,
              source.containsByte(0x25),
              !InterfaceBuilder.isInterfaceBuilderString(key: pair.key, table: pair.table, source: pair.source,
                                                         interfaceBuilderTables: interfaceBuilderTables) else { return nil }
        let place = pair.tableIndex < 0 ? -1 : Int(pair.tableIndex) << 32 | Int(pair.keyPosition)
        let scanned: (scan: FormatScan, kinds: [Int: [FormatSpecifier.Kind]])
        if place >= 0, let known = sourceScans[place] {
            scanned = known
        } else {
            let scan = FormatSpecifiers.scan(source)
            scanned = (scan, scan.argumentKinds)
            if place >= 0 { sourceScans[place] = scanned }
        }
        guard scanned.scan.isFormat else { return nil }
        let comparison = FormatComparison(source: scanned.scan, sourceKinds: scanned.kinds, translation: translation)
        return (pair, source, translation, comparison)
    }
}

public struct FormatSpecifierInvalidRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-specifier-invalid", name: "Invalid format specifier", severity: .error,
        summary: "A `%` sequence in a format string is not a specifier String(format:) understands.",
        rationale: """
        Foundation's formatter stops or prints garbage at an unknown conversion, and a literal percent \
        sign must be written `%%` in any string that is used as a format. Only strings whose source is \
        a format string are checked, so a plain \"100 %\" stays legal. A `%` followed by a space is \
        prose (\"50 % de\", \"% (画面の割合)\") unless it is unmistakably a space-flagged specifier \
        (`% d`, `% .2f`: a signed conversion that ends its word). Storyboard and xib strings are never \
        checked: Interface Builder does not format them.
        """,
        triggering: [
            RuleExample("A percent sign that should be %%",
                .strings("en", "\"sync\" = \"Synced %d%%\";\n"),
                .strings("fr", "\"sync\" = ↓\"Synchronisé à %d %\";\n")),
        ],
        nonTriggering: [
            RuleExample("Every Apple conversion, flags and lengths",
                .strings("en", "\"all\" = \"%1$@ %2$ld %3$.2f %4$10.1e %5$lld %6$zd %%\";\n"),
                .strings("de", "\"all\" = \"%1$@ %2$ld %3$.2f %4$10.1e %5$lld %6$zd %%\";\n")),
            RuleExample("A plain string may use a bare percent sign",
                .strings("en", "\"sure\" = \"100 percent sure\";\n"),
                .strings("fr", "\"sure\" = \"Sûr à 100 %\";\n")),
            RuleExample("A percent sign followed by a space and text is prose, not the space-flagged % o or % (",
                VirtualFile("en.lproj/View.strings", "\"zoom\" = \"Zoom to %d%% of screen\";\n"),
                VirtualFile("fr.lproj/View.strings", "\"zoom\" = \"Zoom à %d %% de l’écran, soit 50 % de plus\";\n"),
                VirtualFile("ja.lproj/View.strings", "\"zoom\" = \"%d% (画面の割合)\";\n")),
            RuleExample("A storyboard's menu title is never passed to String(format:)",
                VirtualFile("en.lproj/Main.strings", "\"Ab1-cD-2eF.title\" = \"Zoom %d%%\";\n"),
                VirtualFile("ja.lproj/Main.strings", "\"Ab1-cD-2eF.title\" = \"ズーム %(最大)\";\n")),
            RuleExample("A table named after a xib is Interface Builder's, whatever its object ids",
                VirtualFile("Base.lproj/Menu.xib", "<document><objects><menuItem title=\"Zoom %d%%\" id=\"42\"/></objects></document>\n"),
                VirtualFile("en.lproj/Menu.strings", "\"42.title\" = \"Zoom %d%%\";\n"),
                VirtualFile("ja.lproj/Menu.strings", "\"42.title\" = \"ズーム %(最大)\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in context.formatPairs {
            for problem in item.comparison.translation.problems {
                findings.append(.entry(rule, problem.message + " (at offset \(problem.range.lowerBound))", at: item.pair.location,
                                       locale: item.pair.locale, table: item.pair.table, key: item.pair.key,
                                       notes: [item.pair.sourceNote]))
            }
        }
        return findings
    }
}

public struct FormatTypeMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-type-mismatch", name: "Specifier type differs from the source", severity: .error,
        summary: "A translation reads an argument as a different type than the source (e.g. %@ where the source has %d).",
        rationale: """
        The code passes the arguments the source string expects. Reading an integer as an object \
        (`%@`) dereferences a number as a pointer and crashes the app; reading an object as a number \
        prints garbage. Integer widths and signedness (%d, %ld, %u) are compatible.
        """,
        triggering: [
            RuleExample("%2$@ where the source passes an integer",
                .strings("en", "\"progress\" = \"Page %1$d of %2$d\";\n"),
                .strings("fr", "\"progress\" = ↓\"Page %1$d sur %2$@\";\n")),
        ],
        nonTriggering: [
            RuleExample("Reordered arguments keep their types",
                .strings("en", "\"byline\" = \"%1$@ by %2$@, %3$ld pages\";\n"),
                .strings("ja", "\"byline\" = \"%2$@著『%1$@』%3$dページ\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in context.formatPairs {
            let c = item.comparison
            for argument in c.translationKinds.keys.sorted() {
                guard let expected = c.sourceKinds[argument]?.first, expected != .substitutionArgument,
                      let actual = c.translationKinds[argument]?.first(where: { $0 != expected && $0 != .substitutionArgument }) else { continue }
                findings.append(.entry(rule,
                    "argument \(argument) is read by \(c.translationText(of: argument)) as \(FormatComparison.describe(actual)) but the source passes \(FormatComparison.describe(expected)) (read by \(c.sourceText(of: argument)))",
                    at: item.pair.location, locale: item.pair.locale, table: item.pair.table, key: item.pair.key,
                    notes: [item.pair.sourceNote]))
            }
        }
        return findings
    }
}

public struct FormatCountMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-count-mismatch", name: "Arguments differ from the source", severity: .error,
        summary: "A translation reads an argument the source does not pass (error), or drops one it does (warning).",
        rationale: """
        Reading an argument that was never passed takes whatever lies on the stack: garbage or a crash. \
        Dropping one loses information (a name, a count). Arguments are compared by number, so a \
        placeholder the source repeats may appear fewer times in a translation. TranslateWiki's \
        messages (a table with `qqq` documentation) pass their arguments as `$1`, `$2`, …: those are \
        compared the same way.
        """,
        triggering: [
            RuleExample("The name is dropped",
                .strings("en", "\"welcome\" = \"Welcome back, %@!\";\n"),
                .strings("pl", "\"welcome\" = ↓\"Witaj ponownie!\";\n")),
            RuleExample("A second argument that is never passed",
                .strings("en", "\"deleted\" = \"%@ was deleted\";\n"),
                .strings("de", "\"deleted\" = ↓\"%1$@ wurde von %2$@ gelöscht\";\n")),
            RuleExample("TranslateWiki messages: a $1 the source does not pass, and a $1 that lost its number",
                .strings("en", "\"list.exists\" = \"Reading list name already in use\";\n\"terms\" = \"You agree to the $1Terms of Use$2\";\n"),
                .strings("qqq", "\"list.exists\" = \"Error when a list name is taken\";\n\"terms\" = \"$1 and $2 wrap the link\";\n"),
                .strings("mr", "\"list.exists\" = ↓\"$1 या नावाची वाचन यादी आधीच अस्तित्त्वात आहे.\";\n"),
                .strings("ar", "\"terms\" = ↓\"فإنك توافق على $شروط الاستخدام$2\";\n")),
        ],
        nonTriggering: [
            RuleExample("TranslateWiki messages: a plural's number that only chooses the form, and a translator's %@ for $1",
                .strings("en", "\"deleted\" = \"{{PLURAL:$1|article|articles}} deleted\";\n\"hidden\" = \"All $1 cards hidden\";\n"),
                .strings("qqq", "\"deleted\" = \"Announced after deleting\";\n\"hidden\" = \"$1 is a number\";\n"),
                .strings("ab", "\"deleted\" = \"Астатиа аныхуп\";\n"),
                .strings("ru", "\"hidden\" = \"Все %@ карточек скрыты\";\n")),
            RuleExample("A repeated placeholder used once",
                .strings("en", "\"share\" = \"Share %1$@? %1$@ will be public.\";\n"),
                .strings("de", "\"share\" = \"%1$@ teilen und veröffentlichen?\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in context.formatPairs {
            let c = item.comparison
            if !c.translation.problems.isEmpty { continue }  // reported as invalid specifiers
            let extra = c.extraArguments
            if !extra.isEmpty {
                let list = extra.map { "\(c.translationText(of: $0)) (argument \($0))" }.joined(separator: ", ")
                findings.append(.entry(rule, "reads \(list), which the source never passes: garbage or a crash at run time",
                                       at: item.pair.location, locale: item.pair.locale, table: item.pair.table,
                                       key: item.pair.key, notes: [item.pair.sourceNote]))
            }
            let fragments = FormatSpecifiers.strayFragments(in: item.translation, outside: c.translation)
            let unread = c.unreadArguments
            if !unread.isEmpty && fragments.isEmpty {
                let list = unread.map { "\(c.sourceText(of: $0)) (argument \($0))" }.joined(separator: ", ")
                findings.append(.entry(rule, "never shows \(list) that the source passes", at: item.pair.location,
                                       locale: item.pair.locale, table: item.pair.table, key: item.pair.key,
                                       severity: .warning, notes: [item.pair.sourceNote]))
            }
        }
        findings += Self.mediaWikiFindings(context)
        return findings
    }

    /// TranslateWiki's `$1`, `$2`: in a table with message documentation (`qqq`), each translation
    /// passes the source's numbers, no more and no fewer.
    static func mediaWikiFindings(_ context: RuleContext) -> [Finding] {
        let rule = description
        var findings: [Finding] = []
        let documented = context.index.tableSets.map { $0.documentation != nil }
        for pair in context.pairs where pair.tableIndex >= 0 && documented[Int(pair.tableIndex)] {
            guard case .text(let translation) = pair.translation.value, case .text(let source) = pair.source.value,
                  source.containsByte(0x24) || translation.containsByte(0x24) else { continue }
            // A translator's "%@" for "$1" carries the argument too (the conversion numbers it).
            let printf = Set(FormatSpecifiers.scan(translation).numberedArguments.map(\.number))
            let passed = mediaWikiNumbers(source), read = mediaWikiNumbers(translation).union(printf)
            guard passed != read else { continue }
            // A number the source only uses to choose a form ("{{PLURAL:$1|article|articles}} deleted")
            // need not show in a language that has one form.
            let extra = read.subtracting(passed).sorted()
            let unread = mediaWikiNumbers(source, shownOnly: true).subtracting(read).sorted()
            func list(_ numbers: [Int]) -> String { numbers.map { "$\($0) (argument \($0))" }.joined(separator: ", ") }
            if !extra.isEmpty {
                findings.append(.entry(rule, "has \(list(extra)), which the source never passes: the app shows it as it stands, or reads an argument never passed",
                                       at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, notes: [pair.sourceNote]))
            }
            if !unread.isEmpty {
                // "$شروط" for "$1Terms": the placeholder lost its number, and the $ shows.
                let broken = brokenMediaWikiPlaceholder(translation).map { "; \"\($0)\" looks like it, mistyped" } ?? ""
                var finding = Finding.entry(rule, "never shows \(list(unread)) that the source passes\(broken)",
                                            at: pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                                            severity: .warning, notes: [pair.sourceNote])
                // One translator's way of typing placeholders ("$१" in every string) is one habit in a file.
                if let typed = brokenMediaWikiPlaceholder(translation) { finding.batchMark = "placeholder typed \(typed)" }
                findings.append(finding)
            }
        }
        return findings
    }

    /// The numbers of the text's `$1`, `$2`, … placeholders; `shownOnly`: leaving out those that
    /// only choose a form (`{{PLURAL:$1|…}}`, `{{GENDER:$1|…}}`) and show nowhere.
    static func mediaWikiNumbers(_ text: String, shownOnly: Bool = false) -> Set<Int> {
        var numbers: Set<Int> = []
        let bytes = Array(text.utf8)
        for i in bytes.indices.dropLast() where bytes[i] == 0x24 && bytes[i + 1] >= 0x31 && bytes[i + 1] <= 0x39 {
            if shownOnly && i >= 1 && bytes[i - 1] == UInt8(ascii: ":") { continue }
            var j = i + 1, n = 0
            while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39, n < 100 { n = n * 10 + Int(bytes[j] - 0x30); j += 1 }
            numbers.insert(n)
        }
        return numbers
    }

    /// A `$` without its number ("$شروط", "uso$ e", "$ 1"), with the word it stands in: a
    /// placeholder whose number was typed over or split off.
    static func brokenMediaWikiPlaceholder(_ text: String) -> String? {
        let scalars = text.scalarArray
        // Letters and digits of any script ("$१", "1$") around it belong to what was typed.
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool { scalar.isAlphabeticFast || scalar.properties.numericType != nil }
        for i in scalars.indices where scalars[i] == "$" && !(i + 1 < scalars.count && (0x31...0x39).contains(scalars[i + 1].value)) {
            var start = i, end = i
            while start > 0 && isWordScalar(scalars[start - 1]) { start -= 1 }
            if end + 2 < scalars.count && scalars[end + 1] == " " && (0x31...0x39).contains(scalars[end + 2].value) { end += 2 }
            while end + 1 < scalars.count && isWordScalar(scalars[end + 1]) { end += 1 }
            return String(String.UnicodeScalarView(scalars[start...end]))
        }
        return nil
    }
}

public struct FormatMixedPositionalRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-mixed-positional", name: "Positional and sequential specifiers mixed", severity: .error,
        summary: "A format string mixes numbered (%1$d) and unnumbered (%d) specifiers.",
        rationale: """
        Once a string numbers its arguments, an unnumbered specifier reads an argument nobody intended; \
        the C standard leaves the mix undefined. Number them all.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"progress\" = \"Page %1$d of %2$d\";\n"),
                .strings("pl", "\"progress\" = ↓\"Strona %d z %2$d\";\n")),
        ],
        nonTriggering: [
            RuleExample(
                .strings("en", "\"progress\" = \"Page %d of %d\";\n"),
                .strings("pl", "\"progress\" = \"Strona %1$d z %2$d\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        return context.formatPairs.compactMap { item in
            guard item.comparison.translation.mixesPositionalAndSequential else { return nil }
            let texts = item.comparison.translation.arguments.map(\.text).joined(separator: " ")
            return .entry(rule, "mixes numbered and unnumbered specifiers (\(texts)); number every one",
                          at: item.pair.location, locale: item.pair.locale, table: item.pair.table, key: item.pair.key,
                          notes: [item.pair.sourceNote])
        }
    }
}

public struct FormatStrayFragmentRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-stray-fragment", name: "Broken specifier", severity: .error,
        summary: "A translation lacks a specifier of the source and shows a broken remnant of it instead (1$@, @@, ％@).",
        rationale: """
        A translation tool or hand edit lost the `%` (or turned it into another character): the user \
        sees the literal remnant, and the value the code passes is never shown.
        """,
        triggering: [
            RuleExample("The % of %1$@ is lost",
                .strings("en", "\"step\" = \"Go to %1$@ > %2$@\";\n"),
                .strings("tr", "\"step\" = ↓\"1$@ > %2$@ adresine gidin\";\n")),
            RuleExample("%@ became @@",
                .strings("en", "\"deleted\" = \"Password for %@ deleted\";\n"),
                .strings("tr", "\"deleted\" = ↓\"@@ için şifre silindi\";\n")),
        ],
        nonTriggering: [
            RuleExample("An e-mail-like @ that is not a remnant",
                .strings("en", "\"contact\" = \"Write to %@ at help@example.com\";\n"),
                .strings("de", "\"contact\" = \"Schreib %@ an help@example.com\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in context.formatPairs {
            let c = item.comparison
            let unread = c.unreadArguments
            guard !unread.isEmpty else { continue }
            let fragments = FormatSpecifiers.strayFragments(in: item.translation, outside: c.translation)
            guard !fragments.isEmpty else { continue }
            let missing = unread.map { c.sourceText(of: $0) }.joined(separator: ", ")
            for fragment in fragments {
                findings.append(.entry(rule,
                    "'\(fragment.text)' at offset \(fragment.range.lowerBound) looks like a broken specifier; the source's \(missing) is missing",
                    at: item.pair.location, locale: item.pair.locale, table: item.pair.table, key: item.pair.key,
                    notes: [item.pair.sourceNote]))
            }
        }
        return findings
    }
}

public struct FormatInPlainStringRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "format-in-plain-string", name: "Specifier in a plain string", severity: .error,
        summary: "A translation holds a format specifier (%@, %d, %1$@, …) although its source has none: a warning in a `.strings` table, an error in a String Catalog.",
        rationale: """
        The code treats the string as plain text. Shown as it is, the user reads a literal `%@`; passed \
        through String(format:) without arguments, the specifier reads an argument that was never \
        passed: garbage or a crash. In a `.strings` table only specifiers no prose writes count (`%@`, \
        `%d`, `%ld`, `%.2f`, `%1$@`, …; never "50 %" or "100%."). Xcode's String Catalog compiler \
        reads every value for specifiers as Foundation would, flags included ("50%-ig" is `%-i`), and \
        a translation whose specifiers its source lacks fails the build: there every such `%` is an \
        error; write `%%` or rephrase. Storyboard and xib strings are skipped: Interface Builder \
        never formats them.
        """,
        triggering: [
            RuleExample("A placeholder the code never fills",
                .strings("en", "\"title\" = \"Settings\";\n"),
                .strings("de", "\"title\" = ↓\"Einstellungen für %@\";\n")),
            RuleExample("In a String Catalog, \"50%-ig\" reads as %-i and breaks the build",
                .catalog(strings: catalogKey("half", ("de", stringUnit("↓50%-ig")), ("en", stringUnit("Half"))))),
        ],
        nonTriggering: [
            RuleExample("A percent sign in prose",
                .strings("en", "\"sure\" = \"Completely sure\";\n\"zoom\" = \"Fit to screen\";\n"),
                .strings("fr", "\"sure\" = \"Sûr à 100 %\";\n\"zoom\" = \"100%. Ajuster\";\n")),
            RuleExample("A TranslateWiki message whose $1 the translator wrote as %@",
                .strings("en", "\"hidden\" = \"All $1 cards hidden\";\n"),
                .strings("ru", "\"hidden\" = \"Все %@ карточек скрыты\";\n")),
            RuleExample("A storyboard's menu title is never formatted",
                VirtualFile("en.lproj/Main.strings", "\"abc-12-xyz.title\" = \"Zoom\";\n"),
                VirtualFile("ja.lproj/Main.strings", "\"abc-12-xyz.title\" = \"%@ ズーム\";\n")),
            RuleExample("A source that is a format string is the other format rules' concern",
                .strings("en", "\"sync\" = \"Synced %d%%\";\n"),
                .strings("de", "\"sync\" = \"%d %% synchronisiert\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        let interfaceBuilderTables = context.project.interfaceBuilderTables
        var findings: [Finding] = []
        // Only translations with a '%' can hold a specifier: the pairs' facts say which, uncopied.
        for position in context.pairPositions(with: .translationHasPercent) {
            let pair = context.pairs[position]
            guard case .text(let translation) = pair.translation.value,
                  case .text(let source) = pair.source.value,
                  !InterfaceBuilder.isInterfaceBuilderString(key: pair.key, table: pair.table, source: pair.source,
                                                             interfaceBuilderTables: interfaceBuilderTables) else { continue }
            // A source with any specifier (even %%) is a format string: the other format rules compare it.
            // A source with MediaWiki placeholders (`$1`, TranslateWiki's form) passes arguments too: a
            // translator's `%@` for its `$1` survives the conversion to `%1$@`.
            guard !FormatSpecifiers.scan(source).isFormat, !Self.hasMediaWikiPlaceholder(source) else { continue }
            if Self.isStringCatalog(pair) {
                // What Xcode's compiler reads, flags and all; a source it reads the same way is left alone.
                let read = FormatSpecifiers.scan(translation, reading: .literal).arguments
                guard !read.isEmpty, FormatSpecifiers.scan(source, reading: .literal).arguments.isEmpty else { continue }
                let list = read.map { "'\($0.text)' (at offset \($0.range.lowerBound))" }.joined(separator: ", ")
                findings.append(.entry(rule,
                    "Xcode's String Catalog compiler reads \(list) as a format specifier, which the source does not have: the build fails; write %% for a percent sign",
                    at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, notes: [pair.sourceNote]))
            } else {
                let found = FormatSpecifiers.unmistakable(in: translation, FormatSpecifiers.scan(translation))
                guard !found.isEmpty else { continue }
                let list = found.map { "'\($0.text)'" }.joined(separator: ", ")
                findings.append(.entry(rule,
                    "holds \(list) although the source has no specifier: the app shows it literally, or, through String(format:), reads an argument that was never passed",
                    at: pair.location, locale: pair.locale, table: pair.table, key: pair.key, severity: .warning,
                    notes: [pair.sourceNote]))
            }
        }
        return findings
    }

    /// `$1`, `$2`, …: the placeholders of TranslateWiki's message form.
    static func hasMediaWikiPlaceholder(_ text: String) -> Bool {
        var previousWasDollar = false
        for byte in text.utf8 {
            if previousWasDollar && byte >= 0x31 && byte <= 0x39 { return true }
            previousWasDollar = byte == 0x24
        }
        return false
    }

    /// A String Catalog, or an export of one (its table scope is the catalog's path).
    static func isStringCatalog(_ pair: TranslationPair) -> Bool {
        pair.table.scope.hasSuffix(".xcstrings") || pair.translation.location.file.hasSuffix(".xcstrings")
    }
}
