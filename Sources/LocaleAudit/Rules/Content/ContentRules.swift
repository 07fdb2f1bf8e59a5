// What a translation must keep from its source: white space at the edges and line breaks, the final
// punctuation, markup that must not show, and SwiftUI's Markdown. Each rule compares every
// translated string (plain, plural form, variation case) with its source string (see ContentTexts).

public struct WhitespaceMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "whitespace-mismatch", name: "White space differs from the source", severity: .warning,
        summary: "A translation gains or loses white space at its start or end, or has a different number of line breaks than its source (a warning); or has two spaces in a row that the source does not (a note).",
        rationale: """
        A space at an edge of a source string is there for a reason: the code joins it to another \
        string ("Signed in as " + name) or lays it out. A translation that drops it runs two words \
        together; one that adds it indents or misaligns a label. A line break more or less wraps a \
        label or alert differently than designed. Not reported: the no-break spaces French and Breton \
        set before `: ; ! ? »` and after `«`, and a space at an edge that a language written without \
        spaces between words (Japanese, Chinese, Thai, …) drops, nor a paragraph a translation adds to \
        prose written in paragraphs (a translator's credit in an about text). A `\\n` written as two characters \
        counts as the line break it stands for (`escape-artifact` reports it). A one-line translation \
        that ends where the source's first line ends, with its mark and placeholders, and is no longer \
        than a translation of that line is cut off: one warning says the lines after it are missing (and `punctuation-mismatch` \
        leaves its end mark alone). The same edge in three or more strings of a locale's file (an import \
        that began every string with a line break) is one cause: one finding, the other keys its notes; \
        so are doubled spaces in three or more strings of a file (a translator's typing habit). Five \
        translations or more without a line break inside the source's text (placed for the English \
        words: "improve the\\nDuckDuckGo VPN."), or with one it lacks (an older source's), are one \
        note at the source. Line breaks written as HTML (`<br/>` where the source has `\\n`) show as \
        markup on screen, and a dropped break with no space in its place runs two sentences together \
        ("uzzināt.Norādi"): each said so, once at the source when five translations or more do it. \
        A Chinese or Japanese translation in one line, where the source breaks only inside sentences \
        (a break the English length needed), is not reported: text in Han characters is a third as wide.
        """,
        triggering: [
            RuleExample("The German text lost the trailing space the code joins a name to",
                .strings("en", "\"signed.in\" = \"Signed in as \";\n\"title\" = \"Library\";\n"),
                .strings("de", "\"signed.in\" = ↓\"Angemeldet als\";\n\"title\" = ↓\" Bibliothek \";\n")),
            RuleExample("A line break the source does not have",
                .strings("en", "\"sync.done\" = \"Your library is up to date.\";\n"),
                .strings("fr", "\"sync.done\" = ↓\"Votre bibliothèque\\nest à jour.\";\n")),
            RuleExample("A translation that stops after the source's first line: the list after it is missing (a warning)",
                .strings("en", "\"variants\" = \"Read and edit in your preferred variant:\\n\\nSrpski (latinica)\\nСрпски (ћирилица)\";\n"),
                .strings("nl", "\"variants\" = ↓\"Lees en bewerk in uw voorkeursvariant:\";\n")),
            RuleExample("The source's paragraph break written as HTML, which a label shows as text",
                .strings("en", "\"footer\" = \"Removing sync deletes nothing.\\n\\nTo delete your data, contact us.\";\n"),
                .strings("es", "\"footer\" = ↓\"Quitar la sincronización no borra nada.<br/><br/>Para borrar tus datos, contáctanos.\";\n")),
            RuleExample("The source's paragraph break dropped with no space in its place: two sentences run together",
                .strings("en", "\"feedback\" = \"Found an issue? We want to know.\\n\\nLeave an email if you'd like a reply.\";\n"),
                .strings("lv", "\"feedback\" = ↓\"Atradi problēmu? Mēs gribam uzzināt.Norādi e-pastu, ja vēlies atbildi.\";\n")),
            RuleExample("Two spaces in a row (a note)",
                .strings("en", "\"delete.confirm\" = \"Delete this book?\";\n"),
                .strings("es", "\"delete.confirm\" = ↓\"¿Eliminar  este libro?\";\n")),
            RuleExample("Six translations without the break the source placed for its English words: one note at the source",
                .strings("en", "\"vpn.thanks\" = ↓\"Your feedback will help us improve the\\nDuckDuckGo VPN.\";\n"),
                .strings("de", "\"vpn.thanks\" = \"Dein Feedback hilft uns, DuckDuckGo VPN zu verbessern.\";\n"),
                .strings("fr", "\"vpn.thanks\" = \"Vos commentaires nous aideront à améliorer DuckDuckGo VPN.\";\n"),
                .strings("es", "\"vpn.thanks\" = \"Tus comentarios nos ayudarán a mejorar DuckDuckGo VPN.\";\n"),
                .strings("it", "\"vpn.thanks\" = \"Il tuo feedback ci aiuterà a migliorare DuckDuckGo VPN.\";\n"),
                .strings("nl", "\"vpn.thanks\" = \"Je feedback helpt ons DuckDuckGo VPN te verbeteren.\";\n"),
                .strings("pl", "\"vpn.thanks\" = \"Twoja opinia pomoże nam ulepszyć DuckDuckGo VPN.\";\n")),
            RuleExample("Two spaces in a row in three strings of a file: one typing habit, one note at the first",
                .strings("en", "\"a\" = \"Delete this book?\";\n\"b\" = \"Share this book\";\n\"c\" = \"Rename this book\";\n"),
                .strings("es", "\"a\" = ↓\"¿Eliminar  este libro?\";\n\"b\" = \"Compartir  este libro\";\n\"c\" = \"Renombrar este  libro\";\n")),
            RuleExample("A trailing space of the source that most translations drop is reported once, on the source (a note)",
                .strings("en", "\"saved\" = ↓\"You’re all set! \";\n"),
                .strings("de", "\"saved\" = \"Alles bereit!\";\n"),
                .strings("es", "\"saved\" = \"¡Todo listo!\";\n"),
                .strings("fr", "\"saved\" = \"Tout est prêt !\";\n"),
                .strings("it", "\"saved\" = \"Tutto pronto! \";\n"),
                .strings("nl", "\"saved\" = \"Alles klaar!\";\n")),
            RuleExample("Three strings of one file begin with the same line break the source does not have: one finding, the other keys its notes",
                .strings("en", "\"bold\" = \"Add bold\";\n\"italic\" = \"Add italic\";\n\"link\" = \"Add link\";\n"),
                .strings("es", "\"bold\" = ↓\"\\nAñadir negrita\";\n\"italic\" = \"\\nAñadir cursiva\";\n\"link\" = \"\\nAñadir enlace\";\n")),
            RuleExample("A plural form that lost its leading space (the other forms kept it)",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", " and %d more book"), ("other", " and %d more books")]),
                stringsdictExample("de.lproj/Localizable.stringsdict", forms: [("one", "↓und %d weiteres Buch"), ("other", " und %d weitere Bücher")])),
        ],
        nonTriggering: [
            RuleExample("French no-break spaces before a colon and inside guillemets",
                .strings("en", "\"author\" = \"Author: %@\";\n\"quote\" = \"\\\"%@\\\"\";\n"),
                .strings("fr", "\"author\" = \"Auteur\u{00A0}: %@\";\n\"quote\" = \"«\u{202F}%@\u{202F}»\";\n")),
            RuleExample("Hebrew joins the verb to the plural in its format (\"הוסר%#@count@\"): the form's leading space separates them",
                stringsdictExample("en.lproj/Localizable.stringsdict", forms: [("one", "%d byte removed"), ("other", "%d bytes removed")]),
                stringsdictExample("he.lproj/Localizable.stringsdict", format: "הוסר%#@count@",
                                   forms: [("one", " בית אחד"), ("two", "ו %d בתים"), ("other", "ו %d בתים")])),
            RuleExample("Japanese drops the joining space it does not write between words",
                .strings("en", "\"signed.in\" = \"Signed in as \";\n"),
                .strings("ja", "\"signed.in\" = \"ログイン中：\";\n")),
            RuleExample("An about text whose translation adds a paragraph (the translator's credit)",
                .strings("en", "\"about\" = \"Made by volunteers.\\n\\nMap data © OpenStreetMap.\";\n"),
                .strings("cs", "\"about\" = \"Vytvořili dobrovolníci.\\n\\nMapová data © OpenStreetMap.\\n\\nPřeklad: Jan Novák\";\n")),
            RuleExample("Chinese in one line where the English breaks inside its sentence for length",
                .strings("en", "\"license\" = \"CotEditor is an open source program\\nlicensed under the Apache License.\";\n"),
                .strings("zh-Hans", "\"license\" = \"CotEditor 是根据 Apache 许可证授权的开源程序。\";\n")),
            RuleExample("The same edges and line breaks; a Windows line break counts once",
                .strings("en", "\"welcome\" = \"Welcome!\\nLet's start.\";\n\"by\" = \" by \";\n"),
                .strings("de", "\"welcome\" = \"Willkommen!\\r\\nLos geht's.\";\n\"by\" = \"\u{00A0}von \";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let dropped = Self.sourceEdgesMostTranslationsDrop(context)
        // The same source strings by the index's integer ids, asked of every compared text.
        struct SourceString: Hashable { var table: Int32; var key: Int32 }
        let inDoubt = Set(dropped.values.flatMap { $0.values.map { SourceString(table: $0.tableIndex, key: $0.keyPosition) } })
        var findings = ContentTexts.check(context, Self.description, mayDiffer: WhitespaceFacts.mayDiffer) { text, language, pair in
            Self.defects(text, language: language,
                         sourceEdgeInDoubt: !inDoubt.isEmpty && inDoubt.contains(SourceString(table: pair.tableIndex, key: pair.keyPosition)),
                         joinedInFormat: text.form == nil ? Edges() : Self.edgesJoinedInFormat(pair.translation.value, form: text.translation))
        }
        // One note on the source instead of a warning per translation.
        for table in dropped.keys.sorted() {
            for (key, edge) in dropped[table]!.sorted(by: { $0.key < $1.key }) {
                let locales = edge.locales.sorted()
                findings.append(.entry(Self.description,
                    "\(locales.count) of \(edge.total) translations drop the space the source \(edge.source.value.shortDescription) has at its \(edge.side): if the code joins another string there, add the space to them; otherwise remove it from the source",
                    at: edge.source.valueLocation ?? edge.source.location, locale: nil, table: table, key: key, severity: .note,
                    notes: [Finding.Note(message: "dropped in \(locales.prefix(12).joined(separator: ", "))\(locales.count > 12 ? ", …" : "")")]))
            }
        }
        return findings
    }

    /// A source space at an edge that at least three quarters of the translations (and four or more)
    /// drop: the source's own stray space, more likely than as many translators' slips.
    struct DroppedEdge {
        var source: Entry
        /// The source string's table set and key position in the index.
        var tableIndex: Int32
        var keyPosition: Int32
        var side = "end"
        var locales: [String] = []
        var total = 0
    }

    static func sourceEdgesMostTranslationsDrop(_ context: RuleContext) -> [TableID: [String: DroppedEdge]] {
        var counts: [TableID: [String: DroppedEdge]] = [:]
        for pair in context.pairs {
            guard case .text(let source) = pair.source.value, case .text(let translation) = pair.translation.value,
                  let first = source.utf8.first, let last = source.utf8.last, first == 0x20 || last == 0x20 else { continue }
            let s = WhitespaceFacts(source), t = WhitespaceFacts(translation)
            guard s.hasContent, t.hasContent else { continue }
            var edge = counts[pair.table]?[pair.key] ?? DroppedEdge(source: pair.source, tableIndex: pair.tableIndex, keyPosition: pair.keyPosition)
            edge.total += 1
            let start = s.leading > 0 && s.leadingBreaks == 0 && t.leading == 0
            let end = s.trailing > 0 && s.trailingBreaks == 0 && t.trailing == 0
            if start || end {
                edge.locales.append(pair.locale)
                edge.side = end ? "end" : "start"
            }
            counts[pair.table, default: [:]][pair.key] = edge
        }
        return counts.compactMapValues { keys in
            let inDoubt = keys.filter { $0.value.locales.count >= 4 && $0.value.locales.count * 4 >= $0.value.total * 3 }
            return inDoubt.isEmpty ? nil : inDoubt
        }
    }

    /// The edges of a plural form that join text of its format: "הוסר%#@v1@" with the form
    /// " בית אחד", whose space separates the format's word from the form's.
    struct Edges { var start = false, end = false }

    static func edgesJoinedInFormat(_ value: Value, form: String) -> Edges {
        guard case .plural(let plural) = value, !plural.formatIsImplicit else { return Edges() }
        var joined = Edges()
        let format = plural.format.scalarArray
        for variable in plural.variables where variable.forms.contains(where: { $0.text == form }) {
            let reference = Array("%#@\(variable.name)@".unicodeScalars)
            guard reference.count <= format.count else { continue }
            for at in 0...(format.count - reference.count) where format[at..<(at + reference.count)].elementsEqual(reference) {
                if at > 0 && !format[at - 1].isWhitespaceFast { joined.start = true }
                let after = at + reference.count
                if after < format.count && !format[after].isWhitespaceFast { joined.end = true }
            }
        }
        return joined
    }

    static func defects(_ text: ComparedText, language: String, sourceEdgeInDoubt: Bool = false,
                        joinedInFormat: Edges = Edges()) -> [ContentTexts.Defect] {
        let s = WhitespaceFacts(text.source), t = WhitespaceFacts(text.translation)
        guard s.hasContent, t.hasContent else { return [] }
        var defects: [ContentTexts.Defect] = []
        var edges: [String] = []
        let unspaced = ContentTexts.unspacedLanguages.contains(language)
        for (name, sourceCount, sourceBreaks, count, breaks) in [("start", s.leading, s.leadingBreaks, t.leading, t.leadingBreaks),
                                                                 ("end", s.trailing, s.trailingBreaks, t.trailing, t.trailingBreaks)] {
            // Where the translation's format joins the form to its own text, the form's edge is
            // that join's, which its language decides ("הוסר" + " בית אחד").
            if name == "start" ? joinedInFormat.start : joinedInFormat.end { continue }
            if sourceCount > 0 && count == 0 {
                // A language without spaces between words rightly drops a joining space.
                if sourceBreaks == 0 && (unspaced || sourceEdgeInDoubt) { continue }
                edges.append("lacks the \(Self.describe(sourceCount, breaks: sourceBreaks, article: false)) the source has at its \(name)")
            } else if sourceCount == 0 && count > 0 {
                edges.append("\(name == "start" ? "starts" : "ends") with \(Self.describe(count, breaks: breaks, article: true)) the source does not have")
            }
        }
        if !edges.isEmpty {
            // The same edge in many strings of a file is one edit or import (Wikipedia's Spanish
            // strings that all begin with a line break): one finding.
            defects.append(.init(kind: "edges", message: "\"\(text.translation.visibleExcerpt)\" \(edges.joined(separator: " and ")): make its edges match the source's",
                                 severity: nil, text: text, batch: edges.joined(separator: " and ")))
        }
        // A translation that stops where the source's first line does ("…in your preferred variant:"
        // and no list after it) lost the lines after it: one defect, not its symptoms.
        if let (missing, keptLast) = ContentTexts.linesCutOff(source: text.source, translation: text.translation, language: language) {
            let lines = "\(missing) line\(missing == 1 ? "" : "s")", are = missing == 1 ? "is" : "are"
            let message = keptLast
                ? "\"\(text.translation.visibleExcerpt)\" translates only the source's last line, and the source's \(lines) before it \(are) missing: translate the rest of the text"
                : "\"\(text.translation.visibleExcerpt)\" ends where the source's first line does, and the source's \(lines) after it \(are) missing: translate the rest of the text"
            defects.append(.init(kind: "cut-off", message: message, severity: .warning, text: text))
            return defects
        }
        // Prose in paragraphs (a credits or about text) that gains one: a translator's addition (a
        // translation credit), not a label wrapped another way.
        let htmlBreaks = s.innerBreaks > t.innerBreaks && !text.source.containsByte(UInt8(ascii: "<")) ? Self.htmlLineBreaks(text.translation) : 0
        if htmlBreaks > 0 && htmlBreaks >= s.innerBreaks - t.innerBreaks {
            // "<br/><br/>" for "\n\n": markup a web tool wrote, which a label shows as it stands.
            defects.append(.init(kind: "breaks", message: "writes the source's line breaks as HTML (\(htmlBreaks) <br/>), which the app shows as text: write them as line breaks",
                                 severity: nil, text: text,
                                 acrossLocales: ContentTexts.SharedChange(change: "write the source's line breaks as HTML <br/>",
                                                                          advice: "the app shows the markup as text; write them as line breaks",
                                                                          atAnyShare: true)))
        } else if s.innerBreaks > t.innerBreaks, let glued = Self.sentencesRunTogether(text.translation) {
            // "…uzzināt.Norādi…": the break went, and no space came in its place.
            defects.append(.init(kind: "breaks", message: "runs two sentences together (\"\(glued)\") where the source breaks the line: put the source's line break back",
                                 severity: nil, text: text,
                                 acrossLocales: ContentTexts.SharedChange(change: "run two sentences together where the source breaks the line",
                                                                          advice: "the break went and no space came in its place; put it back",
                                                                          atAnyShare: true)))
        } else if s.innerBreaks != t.innerBreaks,
           !(text.source.firstByteRange(of: "\n\n") != nil && Self.paragraphs(text.translation) > Self.paragraphs(text.source)),
           // "CotEditor is an open source program\nlicensed under …" in one Chinese line: a break the
           // English length needed inside a sentence, which text in Han characters, a third as wide, does not.
           !(t.innerBreaks == 0 && Self.denseScriptLanguages.contains(language) && Self.breaksOnlyInsideSentences(text.source)) {
            // Many translations without the source's break inside its text (not between paragraphs):
            // it was placed for the English words; many with a break it lacks: an older source had it.
            let paragraphs = text.source.firstByteRange(of: "\n\n") != nil || text.translation.firstByteRange(of: "\n\n") != nil
            let shared = paragraphs ? nil
                : t.innerBreaks < s.innerBreaks
                ? ContentTexts.SharedChange(change: "have fewer line breaks than the source's \(Self.lineBreaks(s.innerBreaks))",
                                            advice: "a break placed for the English wording; let the text wrap instead, or break them as the source does",
                                            atAnyShare: true)
                : ContentTexts.SharedChange(change: s.innerBreaks == 0 ? "have a line break the source does not have"
                                                                       : "have more line breaks than the source's \(Self.lineBreaks(s.innerBreaks))",
                                            advice: "a break an older source had? Remove it from them, or break the source there too",
                                            atAnyShare: true)
            defects.append(.init(kind: "breaks", message: "has \(Self.lineBreaks(t.innerBreaks)) where the source has \(Self.lineBreaks(s.innerBreaks)): the text wraps differently than designed; break the lines as the source does",
                                 severity: nil, text: text, acrossLocales: shared))
        }
        if let doubled = t.doubledSpace, s.doubledSpace == nil, !Self.isLanguageSpacing(t, language: language) {
            // A translator's typing habit across a file (Shan's double spaces): one finding.
            defects.append(.init(kind: "doubled", message: "has \(doubled.length) spaces in a row \(Self.context(text.translation, at: doubled.offset)) where the source has one: remove the extra space",
                                 severity: .note, text: text, batch: "doubled space"))
        }
        return defects
    }

    /// The words around a full stop, question or exclamation mark that a lower-case letter precedes
    /// and a capital follows with no space ("uzzināt.Norādi"), nil when there is none. "Duck.ai" and
    /// "U.S." are not sentences run together.
    static func sentencesRunTogether(_ text: String) -> String? {
        let scalars = text.scalarArray
        guard scalars.count >= 3 else { return nil }
        for i in 1..<(scalars.count - 1) where scalars[i] == "." || scalars[i] == "?" || scalars[i] == "!" {
            guard scalars[i - 1].properties.isLowercase, scalars[i + 1].properties.isUppercase else { continue }
            var start = i - 1, end = i + 1
            while start > 0 && scalars[start - 1].isAlphabeticFast { start -= 1 }
            while end + 1 < scalars.count && scalars[end + 1].isAlphabeticFast { end += 1 }
            return String(String.UnicodeScalarView(scalars[start...end]))
        }
        return nil
    }

    /// Languages written in Han characters (and kana), whose text takes a fraction of English's width.
    static let denseScriptLanguages: Set<String> = ["zh", "ja", "yue", "wuu"]

    /// Whether every line break of `text` falls inside a sentence: after neither a sentence's end
    /// (. ! ? … :) nor another break.
    static func breaksOnlyInsideSentences(_ text: String) -> Bool {
        var last: Unicode.Scalar? = nil, sawBreak = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                sawBreak = true
                guard let before = last, !".!?…:;\n\r".unicodeScalars.contains(before) else { return false }
            }
            if scalar != " " && scalar != "\t" { last = scalar }
        }
        return sawBreak
    }

    /// How many HTML line breaks (`<br>`, `<br/>`, `<br />`, any case) the text holds.
    static func htmlLineBreaks(_ text: String) -> Int {
        guard text.containsByte(UInt8(ascii: "<")) else { return 0 }
        let bytes = Array(text.utf8)
        var found = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "<") && i + 3 < bytes.count
            && bytes[i + 1] | 0x20 == UInt8(ascii: "b") && bytes[i + 2] | 0x20 == UInt8(ascii: "r") {
            var j = i + 3
            while j < bytes.count && bytes[j] == 0x20 { j += 1 }
            if j < bytes.count && bytes[j] == UInt8(ascii: "/") { j += 1 }
            if j < bytes.count && bytes[j] == UInt8(ascii: ">") { found += 1 }
        }
        return found
    }

    /// A no-break space next to an ordinary one before `: ; ! ? »` or after `«` in French or Breton.
    static func isLanguageSpacing(_ facts: WhitespaceFacts, language: String) -> Bool {
        guard ContentTexts.spacedPunctuationLanguages.contains(language), facts.doubledSpaceHasNoBreak,
              let doubled = facts.doubledSpace, doubled.length == 2 else { return false }
        let after = facts.doubledSpaceNeighbours.after, before = facts.doubledSpaceNeighbours.before
        return after.map { ":;!?»".unicodeScalars.contains($0) } == true || before == "«"
    }

    /// "a space", "2 line breaks", "white space and a line break".
    static func describe(_ count: Int, breaks: Int, article: Bool) -> String {
        let a = article ? "a " : ""
        if breaks == count { return breaks == 1 ? "\(a)line break" : "\(breaks) line breaks" }
        if breaks > 0 { return breaks == 1 ? "white space and a line break" : "white space and \(breaks) line breaks" }
        return count == 1 ? "\(a)space" : "\(count) spaces"
    }

    static func paragraphs(_ text: String) -> Int {
        text.components(separatedBy: "\n\n").filter { !$0.allSatisfy(\.isWhitespace) }.count
    }

    static func lineBreaks(_ n: Int) -> String { n == 0 ? "no line break" : n == 1 ? "1 line break" : "\(n) line breaks" }

    /// `after 'Eliminar'`: the word before a run of spaces (at a UTF-8 offset), for finding it in a long text.
    static func context(_ text: String, at offset: Int) -> String {
        let before = String(decoding: text.utf8.prefix(offset), as: UTF8.self)
        let word = before.unicodeScalars.reversed().prefix { !ContentTexts.isSpace($0) }.prefix(16)
        guard !word.isEmpty else { return "" }
        return "after '\(String(String.UnicodeScalarView(word.reversed())))'"
    }
}

public struct PunctuationMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "punctuation-mismatch", name: "Final punctuation differs from the source", severity: .note,
        summary: "A translation does not end with its source's final mark (`.` `:` `…` `?` `!`) in the target language's form, or adds one (a note); or has an ASCII quote or bracket at an edge that its source does not (a warning).",
        rationale: """
        A question that ends in a full stop, a label that lost its colon or an ellipsis that promises \
        a dialog the menu item no longer announces read as careless; a stray `"` pasted from a \
        spreadsheet shows on screen. Marks are compared in the target language's form: `。：？！` in \
        Chinese and Japanese, `؟` in Arabic, Persian and Urdu, `;` as the Greek question mark, `։` \
        and `՞` in Armenian, `።`, `፧` and the preface colon `፦` (typed `፡-`) in Amharic, `।` in Hindi and Bengali, `။` in Burmese; `...` \
        and `…` are one ellipsis; an exclamation may become a full stop (or end without a mark in Burmese, Mon and Shan, which have none, and in Chinese, Japanese and Korean interface style); a Burmese question may end with its particle (လား) alone; Thai and Lao may end without \
        a mark; the stop may end the sentence before a closing aside ("…합니다. (예시: ö = o)"); an \
        ellipsis may move to the start, where a verb-final language puts the omitted words \
        ("...ဖြင့် အစားထိုးရန်" for "Replace with…"); a full stop after an abbreviation or an ordinal ("z. B.", "am %@.") is none, and so is one \
        that cuts a word short ("გამორთ." where the locale writes "გამორთულია", "uitbr." where it writes \
        "uitbreidingen"); a \
        translation that makes two sentences of the source's one ends its last like its first; a \
        Japanese noun phrase or terse command ("検索結果を閉じる", anything but the polite style's \
        "…ます"), or a short Chinese or Korean label, needs no 。, and a Korean or Japanese \
        translation that makes a whole sentence of a fragment ("…못했습니다.") ends it; a single Chinese or Japanese character for a label of several words ("以" for "Indent width:") \
        starts a sentence that runs on through the control, and needs no colon; a source that \
        stops on a preposition ("Indent wrapped lines by", "Places near") runs on into a control or the text after it, and a translation \
        may make a label of it with a colon; a lower-case bullet item may end the sentence its list makes. Closing \
        quotes and brackets after the mark are looked past. When a third of the translations (three at \
        least), or five of any number, add the same mark, drop the source's or end with the same other \
        one (each change counted on its own; those the rule excuses counted too), the source is the odd one or the choice is one to make once: one note at the \
        source names them. A copy of the table (TranslateWiki's tree and the tree converted from it) where \
        too few translations make that change to fold on their own joins that note instead of repeating it. \
        A full stop that a translation adds to a whole sentence (five words or more, some in lower case) \
        that the source leaves open is the sentence's own; it is reported only at the source, when a \
        third of the translations add it. \
        A translator who adds the same mark to three or more strings of a file, or drops the source's, \
        has one habit to settle: one finding at the first, the other keys its notes. A colon written as \
        the phonetic length mark `ː` (U+02D0), a letter that looks like it, is a note.
        """,
        triggering: [
            RuleExample("A question that became a statement, a lost full stop, an added colon",
                .strings("en", "\"delete\" = \"Delete this book?\";\n\"offline\" = \"Check your connection.\";\n\"name\" = \"Name\";\n"),
                .strings("de", "\"delete\" = ↓\"Dieses Buch löschen.\";\n\"offline\" = ↓\"Prüfen Sie Ihre Verbindung\";\n\"name\" = ↓\"Name:\";\n")),
            RuleExample("German adds a full stop to three labels: one habit, one finding at the first",
                .strings("en", "\"a\" = \"Open the file\";\n\"b\" = \"Save the file\";\n\"c\" = \"Close the file\";\n\"d\" = \"Done\";\n"),
                .strings("de", "\"a\" = ↓\"Datei öffnen.\";\n\"b\" = \"Datei sichern.\";\n\"c\" = \"Datei schließen.\";\n\"d\" = \"Fertig\";\n"),
                .strings("fr", "\"a\" = \"Ouvrir le fichier\";\n\"b\" = \"Enregistrer le fichier\";\n\"c\" = \"Fermer le fichier\";\n\"d\" = \"OK\";\n")),
            RuleExample("Three of four translations add a full stop: one note at the source, which lacks it",
                .strings("en", "\"widget.tip\" = ↓\"Touch and hold the widget to edit it\";\n"),
                .strings("de", "\"widget.tip\" = \"Halte das Widget gedrückt, um es zu bearbeiten.\";\n"),
                .strings("fr", "\"widget.tip\" = \"Maintenez le widget appuyé pour le modifier.\";\n"),
                .strings("it", "\"widget.tip\" = \"Tieni premuto il widget per modificarlo.\";\n"),
                .strings("es", "\"widget.tip\" = \"Mantén pulsado el widget para editarlo\";\n")),
            RuleExample("A copy of the table where only two translations add the stop: its places join the note of the copy where three of four do",
                VirtualFile("Wiki/en.lproj/Localizable.strings", "\"widget.tip\" = ↓\"Touch and hold the widget to edit it\";\n"),
                VirtualFile("Wiki/de.lproj/Localizable.strings", "\"widget.tip\" = \"Halte das Widget gedrückt, um es zu bearbeiten.\";\n"),
                VirtualFile("Wiki/fr.lproj/Localizable.strings", "\"widget.tip\" = \"Maintenez le widget appuyé pour le modifier.\";\n"),
                VirtualFile("Wiki/it.lproj/Localizable.strings", "\"widget.tip\" = \"Tieni premuto il widget per modificarlo.\";\n"),
                VirtualFile("Wiki/es.lproj/Localizable.strings", "\"widget.tip\" = \"Mantén pulsado el widget para editarlo\";\n"),
                VirtualFile("Native/en.lproj/Localizable.strings", "\"widget.tip\" = \"Touch and hold the widget to edit it\";\n"),
                VirtualFile("Native/de.lproj/Localizable.strings", "\"widget.tip\" = \"Halte das Widget gedrückt, um es zu bearbeiten.\";\n"),
                VirtualFile("Native/fr.lproj/Localizable.strings", "\"widget.tip\" = \"Maintenez le widget appuyé pour le modifier.\";\n"),
                VirtualFile("Native/it.lproj/Localizable.strings", "\"widget.tip\" = \"Tieni premuto il widget per modificarlo\";\n"),
                VirtualFile("Native/es.lproj/Localizable.strings", "\"widget.tip\" = \"Mantén pulsado el widget para editarlo\";\n"),
                VirtualFile("Native/nl.lproj/Localizable.strings", "\"widget.tip\" = \"Houd de widget ingedrukt om hem te bewerken\";\n"),
                VirtualFile("Native/pt.lproj/Localizable.strings", "\"widget.tip\" = \"Mantenha o widget pressionado para editá-lo\";\n")),
            RuleExample("Five of sixteen translations drop the stop of \"Log in.\": one choice to make, one note at the source",
                .strings("en", "\"login\" = ↓\"Log in.\";\n"),
                .strings("cs", "\"login\" = \"Přihlásit se\";\n"),
                .strings("da", "\"login\" = \"Log ind.\";\n"),
                .strings("de", "\"login\" = \"Anmelden.\";\n"),
                .strings("es", "\"login\" = \"Iniciar sesión.\";\n"),
                .strings("fi", "\"login\" = \"Kirjaudu.\";\n"),
                .strings("fr", "\"login\" = \"Se connecter.\";\n"),
                .strings("hu", "\"login\" = \"Bejelentkezés\";\n"),
                .strings("id", "\"login\" = \"Masuk\";\n"),
                .strings("it", "\"login\" = \"Accedi.\";\n"),
                .strings("nb", "\"login\" = \"Logg inn\";\n"),
                .strings("nl", "\"login\" = \"Inloggen.\";\n"),
                .strings("pl", "\"login\" = \"Zaloguj się\";\n"),
                .strings("pt", "\"login\" = \"Entrar.\";\n"),
                .strings("ro", "\"login\" = \"Autentificare.\";\n"),
                .strings("sv", "\"login\" = \"Logga in.\";\n"),
                .strings("tr", "\"login\" = \"Giriş yap.\";\n")),
            RuleExample("Five of sixteen translations end with a colon where the source now ends with a full stop: one note at the source",
                .strings("en", "\"password.hint\" = ↓\"Enter your password below.\";\n"),
                .strings("br", "\"password.hint\" = \"Skrivit ho ker-tremen amañ dindan:\";\n"),
                .strings("cs", "\"password.hint\" = \"Níže zadejte své heslo.\";\n"),
                .strings("da", "\"password.hint\" = \"Indtast din adgangskode nedenfor.\";\n"),
                .strings("de", "\"password.hint\" = \"Gib unten dein Passwort ein.\";\n"),
                .strings("es", "\"password.hint\" = \"Introduce tu contraseña a continuación.\";\n"),
                .strings("fi", "\"password.hint\" = \"Anna salasanasi alle.\";\n"),
                .strings("fr", "\"password.hint\" = \"Saisissez votre mot de passe ci-dessous.\";\n"),
                .strings("hu", "\"password.hint\" = \"Add meg a jelszavad alább.\";\n"),
                .strings("it", "\"password.hint\" = \"Inserisci la password qui sotto.\";\n"),
                .strings("nl", "\"password.hint\" = \"Voer hieronder je wachtwoord in.\";\n"),
                .strings("pl", "\"password.hint\" = \"Wpisz poniżej swoje hasło.\";\n"),
                .strings("pt", "\"password.hint\" = \"Digite sua senha abaixo.\";\n"),
                .strings("ru", "\"password.hint\" = \"Введите пароль здесь:\";\n"),
                .strings("sv", "\"password.hint\" = \"Ange ditt lösenord här:\";\n"),
                .strings("ta", "\"password.hint\" = \"உங்கள் கடவுச்சொல்லை இங்கே உள்ளிடவும்:\";\n"),
                .strings("tr", "\"password.hint\" = \"Şifrenizi buraya girin:\";\n")),
            RuleExample("Six translations end an ellipsis with a full stop: one note at the source; the two that drop the mark are each their own",
                .strings("en", "\"captcha\" = ↓\"Obtaining a new CAPTCHA…\";\n"),
                .strings("da", "\"captcha\" = ↓\"Henter ny CAPTCHA\";\n"),
                .strings("de", "\"captcha\" = \"Neues CAPTCHA wird abgerufen.\";\n"),
                .strings("es", "\"captcha\" = \"Obteniendo un nuevo CAPTCHA.\";\n"),
                .strings("fr", "\"captcha\" = \"Obtention d’un nouveau CAPTCHA.\";\n"),
                .strings("it", "\"captcha\" = \"Ottenimento di un nuovo CAPTCHA.\";\n"),
                .strings("nl", "\"captcha\" = \"Nieuwe CAPTCHA ophalen.\";\n"),
                .strings("pt", "\"captcha\" = \"A obter um novo CAPTCHA.\";\n"),
                .strings("sv", "\"captcha\" = ↓\"Hämtar ny CAPTCHA\";\n"),
                .strings("fi", "\"captcha\" = \"Haetaan uutta CAPTCHAa…\";\n"),
                .strings("pl", "\"captcha\" = \"Pobieranie nowego CAPTCHA…\";\n")),
            RuleExample("Korean and Japanese sentences end with the stop as well: with them, a third add it",
                .strings("en", "\"folder.failed\" = ↓\"Failed to create the folder\";\n"),
                .strings("ko", "\"folder.failed\" = \"폴더를 만들지 못했습니다.\";\n"),
                .strings("ja", "\"folder.failed\" = \"フォルダを作成できませんでした。\";\n"),
                .strings("de", "\"folder.failed\" = \"Der Ordner konnte nicht erstellt werden.\";\n"),
                .strings("nl", "\"folder.failed\" = \"Kan de map niet aanmaken.\";\n"),
                .strings("fr", "\"folder.failed\" = \"Impossible de créer le dossier\";\n"),
                .strings("es", "\"folder.failed\" = \"No se pudo crear la carpeta\";\n"),
                .strings("it", "\"folder.failed\" = \"Impossibile creare la cartella\";\n"),
                .strings("pt", "\"folder.failed\" = \"Não foi possível criar a pasta\";\n")),
            RuleExample("A colon written as the phonetic length mark 'ː', a letter that looks like one",
                .strings("en", "\"example\" = \"For example:\";\n"),
                .strings("gl", "\"example\" = ↓\"Por exemploː\";\n")),
            RuleExample("A stray quote pasted from a spreadsheet (a warning)",
                .strings("en", "\"shelf\" = \"My shelf\";\n\"sort\" = \"Sort by title\";\n"),
                .strings("it", "\"shelf\" = ↓\"\\\"Il mio scaffale\";\n\"sort\" = ↓\"\\\"Ordina per titolo\\\"\";\n")),
            RuleExample("A Japanese sentence (ending in kana) without its 。",
                .strings("en", "\"saved\" = \"The document was saved.\";\n"),
                .strings("ja", "\"saved\" = ↓\"書類を保存しました\";\n")),
            RuleExample("Japanese ends the question with an ASCII full stop",
                .strings("en", "\"sync.ask\" = \"Sync now?\";\n"),
                .strings("ja", "\"sync.ask\" = ↓\"今すぐ同期します.\";\n")),
            RuleExample("A stop after a whole word the locale writes elsewhere ends a sentence that is none",
                .strings("en", "\"alert.cancel\" = \"Cancel\";\n\"sheet.cancel\" = \"Cancel\";\n\"cancelled\" = \"The upload will be cancelled\";\n"),
                .strings("fr", "\"alert.cancel\" = ↓\"Annuler.\";\n\"sheet.cancel\" = \"Annuler\";\n\"cancelled\" = \"L'envoi sera annulé\";\n")),
        ],
        nonTriggering: [
            RuleExample("A translation ends a whole sentence that the source leaves open with a full stop",
                .strings("en", "\"empty.history\" = \"Keep track of what you have been reading here\";\n"),
                .strings("de", "\"empty.history\" = \"Behalte hier im Blick, was du gelesen hast.\";\n"),
                .strings("fr", "\"empty.history\" = \"Retrouvez ici ce que vous avez lu\";\n"),
                .strings("it", "\"empty.history\" = \"Tieni traccia di ciò che hai letto\";\n"),
                .strings("es", "\"empty.history\" = \"Sigue aquí lo que has leído\";\n")),
            RuleExample("Labels cut short to fit, whose full words the locale writes elsewhere",
                .strings("en", "\"switch.on\" = \"On\";\n\"switch.off\" = \"Off\";\n\"state\" = \"Blocking is off\";\n\"block\" = \"Phonetic Extensions\";\n"),
                .strings("ka", "\"switch.on\" = \"ჩართ.\";\n\"switch.off\" = \"გამორთ.\";\n\"state\" = \"დაბლოკვა გამორთულია\";\n"),
                .strings("nl", "\"switch.on\" = \"Aan\";\n\"switch.off\" = \"Uit\";\n\"state\" = \"Blokkeren is uit\";\n\"block\" = \"Katakana fonetische uitbr.\";\n\"more\" = \"Fonetische uitbreidingen\";\n")),
            RuleExample("Armenian ends a sentence with '։' (typed as ':') and a label with its mijaket '․' (or '.')",
                .strings("en", "\"done\" = \"The file was saved.\";\n\"name\" = \"Name:\";\n\"size\" = \"Size:\";\n"),
                .strings("hy", "\"done\" = \"Ֆայլը պահպանվեց:\";\n\"name\" = \"Անուն․\";\n\"size\" = \"Չափ.\";\n")),
            RuleExample("Amharic types its preface colon '፦' as the word space and a hyphen",
                .strings("en", "\"header\" = \"Use it as a private browser:\";\n"),
                .strings("am", "\"header\" = \"እንደ የግል አሳሽ ይጠቀሙበት፡-\";\n")),
            RuleExample("One Chinese character that starts a sentence running on through the control after it",
                .strings("en", "\"indent.width\" = \"Indent width:\";\n\"indent.unit\" = \"spaces\";\n"),
                .strings("zh-Hans", "\"indent.width\" = \"以\";\n\"indent.unit\" = \"个空格缩进\";\n")),
            RuleExample("The placeholder that ends the source moves to the front, and the source's mark before it ends the translation",
                .strings("en", "\"captcha.help\" = \"Can't see the image? $1\";\n\"reload\" = \"Not working? %@\";\n"),
                .strings("hi", "\"captcha.help\" = \"$1 चित्र को नहीं देख सकते?\";\n\"reload\" = \"%@ काम नहीं कर रहा?\";\n")),
            RuleExample("A search suggestion the translation makes a question of (a question word, Spanish ¿)",
                .strings("en", "\"try.search\" = \"how to say duck in spanish\";\n\"feedback\" = \"Please tell us what we can improve\";\n"),
                .strings("ru", "\"try.search\" = \"Как сказать «утка» по-испански?\";\n\"feedback\" = \"Что мы можем улучшить?\";\n"),
                .strings("es", "\"try.search\" = \"¿Cómo se dice pato en inglés?\";\n\"feedback\" = \"Dinos qué podemos mejorar\";\n")),
            RuleExample("The target language's own marks",
                .strings("en", "\"delete\" = \"Delete this book?\";\n\"done\" = \"Done.\";\n\"label\" = \"Title:\";\n"),
                .strings("ja", "\"delete\" = \"この本を削除しますか？\";\n\"done\" = \"完了しました。\";\n\"label\" = \"タイトル：\";\n"),
                .strings("ar", "\"delete\" = \"حذف هذا الكتاب؟\";\n\"done\" = \"تم.\";\n\"label\" = \"العنوان:\";\n"),
                .strings("el", "\"delete\" = \"Διαγραφή αυτού του βιβλίου;\";\n\"done\" = \"Έγινε.\";\n\"label\" = \"Τίτλος:\";\n"),
                .strings("hi", "\"delete\" = \"यह पुस्तक हटाएँ?\";\n\"done\" = \"हो गया।\";\n\"label\" = \"शीर्षक:\";\n")),
            RuleExample("French spacing, Spanish opening marks, an ellipsis written as three dots, a quote after the mark",
                .strings("en", "\"delete\" = \"Delete this book?\";\n\"loading\" = \"Loading…\";\n\"tap\" = \"Tap \\\"Done.\\\"\";\n"),
                .strings("fr", "\"delete\" = \"Supprimer ce livre\u{00A0}?\";\n\"loading\" = \"Chargement...\";\n\"tap\" = \"Touchez « Terminé. »\";\n"),
                .strings("es", "\"delete\" = \"¿Eliminar este libro?\";\n\"loading\" = \"Cargando…\";\n\"tap\" = \"Toca \\\"Listo\\\".\";\n")),
            RuleExample("An abbreviation and a German ordinal end with a full stop that is no sentence's",
                .strings("en", "\"e.g\" = \"for example\";\n\"day\" = \"on the %@\";\n\"welcome\" = \"Welcome!\";\n"),
                .strings("de", "\"e.g\" = \"z. B.\";\n\"day\" = \"am %@.\";\n\"welcome\" = \"Willkommen.\";\n")),
            RuleExample("Japanese and Chinese descriptions written as noun phrases or terse commands, without 。",
                .strings("en", "\"dir\" = \"The directory name of the dropped file.\";\n\"contents\" = \"File contents.\";\n\"close\" = \"Close the search results.\";\n"),
                .strings("ja", "\"dir\" = \"ドロップ元ファイルのあるディレクトリ名\";\n\"contents\" = \"ファイルの内容\";\n\"close\" = \"検索結果を閉じる\";\n"),
                .strings("zh-Hans", "\"dir\" = \"拖放文件所在的目录名称\";\n\"contents\" = \"文件内容\";\n")),
            RuleExample("The source's last sentence lacks the stop its first has: the translation ends both",
                .strings("en", "\"edit.tip\" = \"You can also edit articles here. Try fixing typos\";\n"),
                .strings("eo", "\"edit.tip\" = \"Vi ankaŭ povas redakti artikolojn ĉi tie. Provu ripari tajperarojn.\";\n")),
            RuleExample("Urdu stops spaced apart are an ellipsis; a Japanese description starting with '.' is still a noun phrase",
                .strings("en", "\"share\" = \"Share…\";\n\"single\" = \"Allow . to match any character (singleline).\";\n"),
                .strings("ur", "\"share\" = \"اشتراک۔ ۔ ۔\";\n"),
                .strings("ja", "\"single\" = \".が改行記号を含むすべての文字に一致（単一行モード）\";\n")),
            RuleExample("A Japanese title without the source's exclamation mark",
                .strings("en", "\"protected\" = \"You’re protected!\";\n"),
                .strings("ja", "\"protected\" = \"保護されています\";\n")),
            RuleExample("A Burmese question asked by its final particle",
                .strings("en", "\"erase\" = \"Erase all saved articles?\";\n"),
                .strings("my", "\"erase\" = \"သိမ်းထားသော ဆောင်းပါးအားလုံးကို ဖျက်မှာလား\";\n")),
            RuleExample("Burmese and Punjabi put the ellipsis first, where the omitted words go",
                .strings("en", "\"replace\" = \"Replace with…\";\n\"share\" = \"Share page with…\";\n"),
                .strings("my", "\"replace\" = \"...ဖြင့် အစားထိုးရန်\";\n"),
                .strings("pa", "\"share\" = \"…ਨਾਲ ਸਫ਼ਾ ਸਾਂਝਾ ਕਰੋ\";\n")),
            RuleExample("The full stop ends the sentence before a closing aside",
                .strings("en", "\"diacritics\" = \"Search ignores diacritical marks (e.g., ö = o).\";\n"),
                .strings("ko", "\"diacritics\" = \"표음 부호를 무시하고 비교합니다. (예시: ö = o)\";\n")),
            RuleExample("An invisible variation selector after the full stop",
                .strings("en", "\"visit\" = \"Visit a new site.\";\n"),
                .strings("it", "\"visit\" = \"Visita un nuovo sito.\u{FE0F}\";\n")),
            RuleExample("Korean and Japanese make a whole sentence of the English fragment, and end it",
                .strings("en", "\"export.failed\" = \"Failed to create export directory\";\n"),
                .strings("ko", "\"export.failed\" = \"내보내기 디렉터리를 만들지 못했습니다.\";\n"),
                .strings("ja", "\"export.failed\" = \"書き出し用のフォルダを作成できませんでした。\";\n")),
            RuleExample("The English runs on into a number field; Japanese puts a label before it",
                .strings("en", "\"indent\" = \"Indent wrapped lines by\";\n"),
                .strings("ja", "\"indent\" = \"折り返し行のインデント:\";\n")),
            RuleExample("A translation cut off after the source's first line ends with that line's colon: whitespace-mismatch reports the missing lines",
                .strings("en", "\"variants\" = \"Read and edit in your preferred variant:\\n\\nSrpski (latinica)\\nСрпски (ћирилица)\";\n"),
                .strings("nl", "\"variants\" = \"Lees en bewerk in uw voorkeursvariant:\";\n")),
            RuleExample("A heading the article name follows: Upper Sorbian makes a label of it with a colon",
                .strings("en", "\"nearby\" = \"Places near\";\n"),
                .strings("hsb", "\"nearby\" = \"Městna w bliskosći:\";\n")),
            RuleExample("Lithuanian \"ir kt.\" (and others) ends with its abbreviation's full stop",
                .strings("en", "\"search.settings\" = \"Customize your language, region, and more\";\n"),
                .strings("lt", "\"search.settings\" = \"Tinkinkite savo kalbą, regioną ir kt.\";\n")),
            RuleExample("A bullet list written as one sentence: lower-case items, the last one ends with a full stop",
                .strings("en", "\"feedback.item4\" = \"• Aggregate app diagnostics (e.g., error codes)\";\n"),
                .strings("ro", "\"feedback.item4\" = \"• diagnosticare agregată a aplicației (de exemplu, coduri de eroare).\";\n")),
            RuleExample("The translation says it in two sentences: the second ends like the first",
                .strings("en", "\"widget\" = \"Find the widget and select it, then swipe to the next page\";\n"),
                .strings("de", "\"widget\" = \"Finde das Widget und wähle es aus. Wische dann zur nächsten Seite.\";\n")),
            RuleExample("Afrikaans 'n and German „quotes\" are no stray quotes",
                .strings("en", "\"error\" = \"An error occurred\";\n\"tap\" = \"Tap Done\";\n"),
                .strings("af", "\"error\" = \"'n Fout het voorgekom\";\n\"tap\" = \"Tik „Klaar\\\"\";\n")),
        ])

    /// From this many translations that add the same final mark or drop the source's, they are one
    /// finding at the source.
    static let sameChangeFolds = ContentTexts.sameChangeFolds

    public func check(_ context: RuleContext) -> [Finding] {
        let sourceLanguage = LanguageTag.languageSubtag(of: context.project.sourceLanguage)
        // Plain-text translations per source string, and those that add the same final mark or drop
        // the source's: when a third do (three at least), the source is what differs ("Tap the
        // widget" where 9 of 24 translations end with "."; a "Log in." most leave without one): one
        // finding at the source instead of one per locale.
        struct SourceString: Hashable { var table: Int32; var key: Int32 }
        // The shared defect of one source string, and the per-locale findings it stands for.
        struct Shared {
            var kind: String
            var mark: EndMark
            var added: Bool
            /// The source's mark, when the translations end with another (`mark`) instead.
            var replacing: EndMark?
            var source: SourceLocation?
            var table: String
            var key: String
            /// The source text and the project-wide key id: a copy of the table holds the same.
            var sourceText: String
            var keyID: Int32
            var places: [(place: LocalePlace, message: String)] = []
        }
        var translations: [SourceString: Int] = [:]
        // Per source string, the translations that add or drop each mark, those the rule excuses
        // (two sentences, a Japanese noun phrase) included: they differ from the source all the same.
        struct Difference: Hashable { var string: SourceString; var kind: String }
        var differing: [Difference: Int] = [:]
        // Each change to one source string on its own: 13 translations that end "Obtaining a new
        // CAPTCHA..." with a full stop are one decision, whatever 4 others that drop the mark do.
        var shared: [Difference: Shared] = [:]
        let cutShort = CutShortWords(texts: context.localeTexts)
        var findings = ContentTexts.check(context, Self.description) { text, language, pair in
            let expected = EndPunctuation.endMark(of: text.source, language: sourceLanguage)
            let found = EndPunctuation.endMark(of: text.translation, language: language)
            var defects = Self.defects(text, language: language, key: pair.key, expected: expected, found: found)
            // A label cut short to fit ("გამორთ." for "Off"): the stop marks the cut, which only the
            // locale's other words tell.
            if let added = defects.firstIndex(where: { $0.kind == "added-\(EndMark.period.rawValue)" }),
               cutShort.endsWithCutShortWord(text.translation, locale: pair.localeID) {
                defects.remove(at: added)
            }
            // "Keep track of what you've been reading here" → "…, was du hier gelesen hast.": a whole
            // sentence the source leaves open ends with its stop in a translation; only a label or
            // title ("Save." for "Save") has gained one. It counts towards the note at the source
            // (below) when so many translations add it that the source is the odd one.
            let sentenceStop = defects.firstIndex { $0.kind == Self.addedStop }.flatMap { Self.isSentence(text.source) ? $0 : nil }
            var reported = defects
            if let sentenceStop { reported.remove(at: sentenceStop) }
            guard text.form == nil else { return reported }
            let string = SourceString(table: pair.tableIndex, key: pair.keyPosition)
            translations[string, default: 0] += 1
            switch (expected, found) {
            case (nil, let added?): differing[Difference(string: string, kind: "added-\(added.rawValue)"), default: 0] += 1
            case (let lacked?, nil): differing[Difference(string: string, kind: "lacks-\(lacked.rawValue)"), default: 0] += 1
            default: break
            }
            guard let defect = defects.first(where: { ["added-", "lacks-", "other-"].contains($0.kind.prefix(6)) }),
                  let mark = EndMark(rawValue: String(defect.kind.dropFirst(6))) else { return reported }
            let change = Difference(string: string, kind: defect.kind)
            if shared[change] == nil {
                shared[change] = Shared(kind: defect.kind, mark: mark, added: defect.kind.hasPrefix("added-"),
                                        replacing: defect.kind.hasPrefix("other-") ? expected : nil, source: text.sourceLocation,
                                        table: pair.table.name, key: pair.key, sourceText: text.source, keyID: pair.keyID)
            }
            shared[change]!.places.append((LocalePlace(locale: pair.locale, location: text.location), defect.message))
            // The note sits at the source text that comes first: each XLIFF export carries its own,
            // and the first locale's file is where the note's places start too.
            if let source = text.sourceLocation, shared[change]!.source.map({ source < $0 }) ?? true { shared[change]!.source = source }
            return reported
        }
        let differingCount = { (change: Difference, group: Shared) in
            max(group.places.count, differing[change] ?? 0)
        }
        // Five translators who make the same change to one string are one decision to take, whatever
        // their share: Wikipedia's "Log in." loses its stop in 24 of 120 locales.
        let bySource = shared.filter { change, group in
            let count = differingCount(change, group), sourceIsOdd = count * 3 >= translations[change.string, default: 0]
            // Stops added to a sentence are no defect of the translations: only of the source, when it is the odd one.
            if group.kind == Self.addedStop && Self.isSentence(group.sourceText) { return group.places.count >= 2 && count >= 3 && sourceIsOdd }
            return group.places.count >= 2 && (count >= Self.sameChangeFolds || (count >= 3 && sourceIsOdd))
        }
        guard !bySource.isEmpty else { return findings }
        // A copy of the table (TranslateWiki's tree and the tree converted from it) whose translations
        // make the same change to the same source text, too few there to fold on their own, is the
        // same decision: its places join the group, as one note, instead of repeating its findings.
        struct CopyOf: Hashable { var tableName: Int32; var key: Int32; var kind: String }
        let tableSets = context.index.tableSets
        // In table order, so the first copy's group takes the others, whatever the dictionaries' order.
        let inOrder = { (a: Difference, b: Difference) in (a.string.table, a.string.key, a.kind) < (b.string.table, b.string.key, b.kind) }
        var groupOfCopy: [CopyOf: Difference] = [:]
        for change in bySource.keys.sorted(by: inOrder) {
            let group = bySource[change]!
            _ = groupOfCopy.insertIfAbsent(change, forKey: CopyOf(tableName: tableSets[Int(change.string.table)].nameID, key: group.keyID, kind: group.kind))
        }
        var copies: [Difference: [[(place: LocalePlace, message: String)]]] = [:]
        for change in shared.keys.sorted(by: inOrder) where bySource[change] == nil {
            let group = shared[change]!
            guard group.keyID >= 0 else { continue }
            let copy = CopyOf(tableName: tableSets[Int(change.string.table)].nameID, key: group.keyID, kind: group.kind)
            guard let folded = groupOfCopy[copy], bySource[folded]!.sourceText == group.sourceText else { continue }
            copies[folded, default: []].append(group.places)
        }
        // The per-locale findings the source's note stands for, known by place and message.
        struct Place: Hashable { var locale: String; var location: SourceLocation; var message: String }
        let replaced = Set((bySource.values.map(\.places) + copies.values.flatMap { $0 }).flatMap { places in
            places.map { Place(locale: $0.place.locale, location: $0.place.location, message: $0.message) }
        })
        findings.removeAll { finding in
            guard let locale = finding.locale, let location = finding.location else { return false }
            return replaced.contains(Place(locale: locale, location: location, message: finding.message))
        }
        for (change, group) in bySource {
            let ordered = LocalePlace.ordered(group.places.map(\.place))
            let total = translations[change.string, default: 0], count = differingCount(change, group)
            // A third or more: the source is likely the odd one. Fewer: the translations are.
            let sourceIsOdd = count * 3 >= total
            let message: String
            if let replaced = group.replacing {
                message = "\(count) of \(total) translations end with \(group.mark.withArticle) where the source ends with \(replaced.withArticle): "
                    + (sourceIsOdd ? "end the source with \(group.mark.withArticle) too, or end them with its \(replaced.name)"
                                   : "end them with the source's \(replaced.name) (the source may have changed since they were translated)")
            } else {
                switch (group.added, sourceIsOdd) {
                case (true, true):
                    message = "\(count) of \(total) translations end with \(group.mark.withArticle) that the source does not have: add it to the source, or remove it from them"
                case (true, false):
                    message = "\(count) of \(total) translations end with \(group.mark.withArticle) that the source does not have: remove it from them, unless the source should have it too"
                case (false, true):
                    message = "\(count) of \(total) translations do not end with the source's \(group.mark.name): end them with it, or drop it from the source if the text is no sentence"
                case (false, false):
                    message = "\(count) of \(total) translations do not end with the source's \(group.mark.name): end them with it, unless the text is no sentence and the source should drop it too"
                }
            }
            let copyNotes = (copies[change] ?? []).map { places in
                let copyOrdered = LocalePlace.ordered(places.map(\.place))
                return Finding.Note(message: "\(FindingConsolidation.copyNote): \(copyOrdered.map(\.locale).joined(separator: ", "))",
                                    location: copyOrdered[0].location)
            }
            findings.append(Finding(ruleID: Self.description.id, severity: .note, message: message,
                                    location: group.source ?? ordered[0].location, table: group.table, key: group.key,
                                    notes: LocalePlace.notes(for: ordered, shown: ordered.count) + copyNotes))
        }
        return findings
    }

    /// The defects of one compared text, whose source ends with `expected` and translation with `found`.
    static func defects(_ text: ComparedText, language: String, key: String, expected: EndMark?, found: EndMark?) -> [ContentTexts.Defect] {
        var defects: [ContentTexts.Defect] = []
        for stray in StrayEdgeCharacters.find(translation: text.translation, source: text.source) {
            let quoted = "\"\(text.translation.visibleExcerpt)\""
            let message: String
            if stray.wraps {
                message = "\(quoted) is wrapped in '\(stray.character)' that the source does not have (a spreadsheet cell's quoting?): remove them"
            } else if stray.character == "(" || stray.character == "[" {
                message = "\(quoted) starts with '\(stray.character)' that nothing closes: remove it"
            } else if stray.character == ")" || stray.character == "]" {
                message = "\(quoted) ends with '\(stray.character)' that nothing opens: remove it"
            } else {
                message = "\(quoted) \(stray.atStart ? "starts" : "ends") with a stray '\(stray.character)' that the source does not have (pasted from a spreadsheet?): remove it"
            }
            defects.append(.init(kind: "stray-\(stray.character)-\(stray.atStart)", message: message, severity: .warning, text: text))
        }
        // "Por exemploː": the phonetic length mark U+02D0 looks like the source's colon but is a letter,
        // which VoiceOver, search and line breaking take for part of the word.
        if expected == .colon, EndPunctuation.endTrimmed(text.translation).unicodeScalars.last == "\u{02D0}" {
            defects.append(.init(kind: "lookalike-colon",
                                 message: "\"\(text.translation.visibleExcerpt)\" ends with 'ː' (U+02D0, a phonetic length mark), not a colon: it is a letter that looks like one, which VoiceOver and search take for part of the word; write ':'",
                                 severity: .note, text: text, batch: "lookalike colon"))
        }
        // Most translations end as their source does: the finer tests below run for the others only.
        // A translation cut off after the source's first line is whitespace-mismatch's finding.
        guard expected != found, ContentTexts.linesCutOff(source: text.source, translation: text.translation, language: language) == nil,
              // A text without letters ("%@", "•") has no sentence to end; the app's name is a name.
              text.source.hasLetter, text.translation.hasLetter, !NameTerms.appNameKeys.contains(key) else { return defects }
        // Quoted only for a defect: most differing marks are excused below.
        func quoted() -> String { "\"\(text.translation.visibleExcerpt)\"" }
        if let expected {
            // A source that ends with an abbreviation ("Supp.") has no sentence stop to keep.
            if expected == .period && EndPunctuation.periodIsAbbreviationOrOrdinal(text.source) { return defects }
            if EndPunctuation.renders(expected, as: found, translation: text.translation, language: language) { return defects }
            let form = EndPunctuation.form(expected, language: language)
            if let found {
                defects.append(.init(kind: "other-\(found.rawValue)", message: "\(quoted()) ends with \(found.withArticle) where the source ends with \(expected.withArticle): end it with \(form)",
                                     severity: nil, text: text))
            } else {
                if EndPunctuation.markOptionalLanguages.contains(language) && expected != .colon && expected != .ellipsis { return defects }
                if expected == .period && Self.isCJKLabel(text.translation, language: language) { return defects }
                // zh "以" for "Indent width:": one character is no label but the start of a sentence that
                // runs on through the control ("以 [4] 个空格缩进"), and a colon would cut it.
                if expected == .colon && Self.isOneCJKCharacterOfSeveralWords(text, language: language) { return defects }
                // "…비교합니다. (예시: ö = o)": the sentence ends before the aside that closes the text.
                if let sentence = EndPunctuation.beforeFinalAside(text.translation),
                   EndPunctuation.endMark(of: String(sentence), language: language) == expected { return defects }
                defects.append(.init(kind: "lacks-\(expected.rawValue)", message: "\(quoted()) does not end with the source's \(expected.name): end it with \(form)",
                                     severity: nil, text: text, batch: "lacks-\(expected.rawValue)"))
            }
        } else if let found {
            if found == .period && EndPunctuation.periodIsAbbreviationOrOrdinal(text.translation) { return defects }
            // A mark inside a closing bracket ends a parenthesis ("(opt.)"), not the text.
            if EndPunctuation.closedByBracket(text.translation) { return defects }
            // "Как сказать «утка» по-испански?" for the search "how to say duck in spanish": the
            // translator made a question of it, which needs its mark.
            if found == .question && EndPunctuation.opensQuestion(text.translation, language: language) { return defects }
            // "Can't see the image? $1" → "$1 चित्र को नहीं देख सकते?": the translation moved the
            // placeholder that ends the source, and its mark now ends the text.
            if EndPunctuation.markBeforeFinalPlaceholder(of: text.source, language: language) == found { return defects }
            // The translation made two sentences of the source's one ("Finde X. Wische dann …"), or
            // keeps the source's two, whose last the source left open: its last sentence ends like
            // its first, and removing the mark would be the error.
            if Self.hasInnerSentenceEnd(text.translation) { return defects }
            // Korean and Japanese say "Failed to create the folder" as a whole sentence ("…못했습니다.",
            // "…できませんでした。"), and a whole sentence ends with its full stop.
            if found == .period && Self.isKoreanOrJapaneseSentence(text.translation, language: language) { return defects }
            // "Indent wrapped lines by [4] spaces": the English runs on into the control after it, where
            // another word order needs a label, and a label ends with a colon ("折り返し行のインデント:").
            if found == .colon && Self.runsOnIntoAControl(text.source) { return defects }
            // "• diagnosticare agregată … (de exemplu, coduri de eroare).": Romanian and Slovene write a
            // list as one sentence, items in lower case, the last ending with a full stop.
            if found == .period && Self.isLowerCaseListItem(text.translation) { return defects }
            // A translator who adds (or drops) one mark in many strings has one habit to settle: batched.
            defects.append(.init(kind: "added-\(found.rawValue)", message: "\(quoted()) ends with \(found.withArticle) that the source does not have: remove it, or add it to the source",
                                 severity: nil, text: text, batch: "added-\(found.rawValue)"))
        }
        return defects
    }
}

extension PunctuationMismatchRule {
    /// Chinese, Japanese and Korean write a noun phrase without 。 where English ends its description
    /// with a full stop ("ドロップ元ファイルのあるディレクトリ名", "文件内容"): a single phrase with no
    /// mark inside that ends in a noun (Japanese: a kanji, katakana or Latin character, where a
    /// sentence ends in kana such as ます or た), or a short label in Chinese or Korean, whose
    /// sentences and labels look alike at the end.
    static func isCJKLabel(_ text: String, language: String) -> Bool {
        guard cjkLanguages.contains(language) else { return false }
        let scalars = visibleScalars(text)
        // A mark that starts the text (". matches any character") ends no sentence.
        guard let last = scalars.last, !scalars.dropFirst().dropLast().contains(where: { endsSentence($0) || $0 == "、" || $0 == "，" }) else { return false }
        if language == "ja" {
            if last.properties.isIdeographic || (0x30A0...0x30FF).contains(last.value) || last.isASCII { return true }
            // A terse command or verb-stem label ("検索結果を閉じる", "…で置き換え") is UI style too; a
            // sentence in the polite style ("…しました", "…できません") is a sentence and ends with 。.
            let text = String(String.UnicodeScalarView(scalars))
            return !Self.japanesePoliteEndings.contains(where: text.hasSuffix)
        }
        return scalars.count <= 12
    }

    /// One Chinese, Japanese or Korean character for a source of several words.
    static func isOneCJKCharacterOfSeveralWords(_ text: ComparedText, language: String) -> Bool {
        guard cjkLanguages.contains(language) else { return false }
        let scalars = visibleScalars(text.translation)
        return scalars.count == 1 && scalars.first!.properties.isIdeographic && TextAnalysis.translatableWords(in: text.source).count >= 2
    }

    static let cjkLanguages: Set<String> = ["ja", "zh", "ko", "yue"]

    /// The text's scalars without white space or invisible marks anywhere.
    static func visibleScalars(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !ContentTexts.isSpace($0) && !ContentTexts.isInvisible($0) }
    }

    static let japanesePoliteEndings = ["ます", "ました", "ません", "です", "でした", "ください", "ましょう", "でしょう"]

    /// A Korean text whose last word before its full stop ends in a sentence ending (다, 요, 죠, 까:
    /// "…없습니다.", "…해요."), or a Japanese one whose 。 follows kana ("…しました。").
    static func isKoreanOrJapaneseSentence(_ text: String, language: String) -> Bool {
        let scalars = EndPunctuation.endTrimmed(text).unicodeScalars
        guard let mark = scalars.last, let before = scalars.dropLast().last else { return false }
        switch language {
        case "ko": return mark == "." && ["다", "요", "죠", "까"].contains(before)
        case "ja": return mark == "。" && (0x3040...0x309F).contains(before.value)
        default: return false
        }
    }

    /// A bullet item ("•", "-", "–") whose text starts in lower case: a piece of a sentence the list
    /// makes up.
    /// The kind of defect of a full stop that the source does not have.
    static let addedStop = "added-\(EndMark.period.rawValue)"

    /// A sentence, not a label or title: five words or more, some of them in lower case.
    static func isSentence(_ text: String) -> Bool {
        let words = TextAnalysis.translatableWords(in: text)
        return words.count >= 5 && words.contains { $0.first?.isLowercase == true }
    }

    static func isLowerCaseListItem(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.drop(while: { ContentTexts.isSpace($0) || ContentTexts.isInvisible($0) })
        guard let bullet = scalars.first, ["•", "-", "–", "·", "*", "◦"].contains(bullet) else { return false }
        let rest = scalars.dropFirst().drop(while: { ContentTexts.isSpace($0) })
        return rest.first?.properties.isLowercase == true
    }

    /// An English text that stops on a preposition ("Indent wrapped lines by", "Check for updates
    /// every"): its sentence goes on in the control beside it.
    static func runsOnIntoAControl(_ source: String) -> Bool {
        let lastWord = source.trimmingSpaces.split(separator: " ").last.map { $0.lowercased() } ?? ""
        return Self.runOnPrepositions.contains(lastWord)
    }

    static let runOnPrepositions: Set<String> = [
        "by", "to", "at", "for", "of", "with", "from", "in", "on", "every", "after", "before", "per", "than", "into", "within",
        "near", "via", "under", "over", "around", "between", "about", "until", "since", "using", "through", "across",
        "toward", "towards", "below", "above", "without", "except",
    ]

    /// A full stop, question or exclamation mark in any script the rule knows (`EndPunctuation.mark`).
    static func endsSentence(_ s: Unicode.Scalar) -> Bool {
        switch EndPunctuation.mark(s, language: "") {
        case .period?, .question?, .exclamation?: return true
        default: return false
        }
    }
    /// Full-width marks need no space after them.
    static let fullWidthEnds: Set<Unicode.Scalar> = ["。", "！", "？"]

    /// True when a sentence ends before the text does: a sentence mark, then (for all but the
    /// full-width marks) white space, then a letter. "z. B." is no sentence end: a letter must come
    /// after the space, and the mark must follow a word of two letters or more.
    static func hasInnerSentenceEnd(_ text: String) -> Bool {
        let scalars = text.scalarArray
        var wordLength = 0
        for i in scalars.indices {
            let c = scalars[i]
            if c.properties.isAlphabetic {
                wordLength += 1
                continue
            }
            defer { wordLength = 0 }
            guard endsSentence(c), wordLength >= 2 || fullWidthEnds.contains(c) else { continue }
            var j = i + 1
            if !fullWidthEnds.contains(c) {
                guard j < scalars.count, scalars[j].properties.isWhitespace else { continue }
                while j < scalars.count, scalars[j].properties.isWhitespace { j += 1 }
            }
            if j < scalars.count, scalars[j].properties.isAlphabetic { return true }
        }
        return false
    }
}

public struct EscapeArtifactRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "escape-artifact", name: "Escape shown literally", severity: .warning,
        summary: "A translation shows markup or an escape literally that its source does not have: an XML entity (`&amp;`, `&lt;`, `&#39;`), a backslash escape as two characters (`\\n`, `\\\"`), a bidi mark whose backslash was lost (`u200f`), or `%%` in a string that is never formatted (and a single `%` where the formatted source writes `%%`).",
        rationale: """
        A value that went through XML escaping twice (a translation tool's export imported as text) \
        shows `Terms &amp; Conditions`; a `\\n` typed into a spreadsheet arrives as a backslash and an \
        n instead of a line break; a right-to-left mark typed as `\\u200F` whose backslash was lost \
        shows as "u200f". The user reads the garbage. `%%` is how a format string writes a \
        percent sign; in a string the code never formats, the user sees both. Specifiers in plain \
        strings are `format-in-plain-string`'s concern, and String Catalogs, whose compiler reads \
        every value as a format, may write `%%`.
        """,
        triggering: [
            RuleExample("An ampersand escaped twice, a line break typed as \\n",
                .strings("en", "\"terms\" = \"Terms & Conditions\";\n\"welcome\" = \"Welcome!\\nLet's start.\";\n"),
                .strings("de", "\"terms\" = ↓\"AGB &amp; Datenschutz\";\n\"welcome\" = ↓\"Willkommen!\\\\nLos geht's.\";\n")),
            RuleExample("An XLIFF target whose quotes came through escaping",
                VirtualFile("fr.xliff", """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
                  <file original="Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                    <body>
                      <trans-unit id="tap">
                        <source>Tap "Done"</source>
                        <target>↓Touchez &amp;quot;Terminé&amp;quot;</target>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>
                """)),
            RuleExample("A right-to-left mark typed as \\u200F that lost its backslash: the user reads \"u200f\"",
                .strings("en", "\"about\" = \"%@ is made by Mozilla.\";\n"),
                .strings("ar", "\"about\" = ↓\"u200f%@ منتج من موزيلا.\";\n")),
            RuleExample("%% in a string that is never formatted",
                .strings("en", "\"battery\" = \"Battery below 20%\";\n"),
                .strings("fr", "\"battery\" = ↓\"Batterie sous 20 %%\";\n")),
        ],
        nonTriggering: [
            RuleExample("Real characters, and an entity the source has too (HTML shown in a web view)",
                .strings("en", "\"terms\" = \"Terms & Conditions\";\n\"html\" = \"<b>Fish &amp; Chips</b>\";\n"),
                .strings("de", "\"terms\" = \"AGB & Datenschutz\";\n\"html\" = \"<b>Fisch &amp; Pommes</b>\";\n")),
            RuleExample("A format string writes %% for its percent sign",
                .strings("en", "\"sync\" = \"Synced %d%%\";\n\"full\" = \"100%% done\";\n"),
                .strings("fr", "\"sync\" = \"%d %% synchronisés\";\n\"full\" = \"Terminé à 100 %%\";\n")),
            RuleExample("A path with a backslash the source has too",
                .strings("en", "\"path\" = \"Saved to C:\\\\new\";\n"),
                .strings("de", "\"path\" = \"Gespeichert in C:\\\\new\";\n")),
            RuleExample("A model name that happens to end in u2068",
                .strings("en", "\"model\" = \"Model Tu2068\";\n"),
                .strings("ar", "\"model\" = \"طراز Tu2068\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let interfaceBuilderTables = context.project.interfaceBuilderTables
        // Only a translation with `&`, a backslash or `%` can show an escape.
        let mayDiffer: (String, String) -> Bool = { _, translation in
            translation.containsByte(0x26) || translation.containsByte(0x5C) || translation.containsByte(0x25)
                || !EscapeArtifacts.lostBackslashMarks(translation).isEmpty
        }
        return ContentTexts.check(context, Self.description, mayDiffer: mayDiffer) { text, _, pair in
            var defects: [ContentTexts.Defect] = []
            if let message = Self.escapeMessage(text) {
                defects.append(.init(kind: "escape", message: message, severity: nil, text: text))
            }
            guard text.translation.containsByte(0x25),
                  !InterfaceBuilder.isInterfaceBuilderString(key: pair.key, table: pair.table, source: pair.source,
                                                             interfaceBuilderTables: interfaceBuilderTables) else { return defects }
            if let message = Self.percentMessage(text, isStringCatalog: FormatInPlainStringRule.isStringCatalog(pair)) {
                defects.append(.init(kind: "percent", message: message, severity: nil, text: text))
            }
            return defects
        }
    }

    static func escapeMessage(_ text: ComparedText) -> String? {
        let found = EscapeArtifacts.scan(text.translation)
        guard !found.isEmpty else { return nil }
        let inSource = Dictionary(EscapeArtifacts.scan(text.source).map { ($0.text, $0.count) }, uniquingKeysWith: +)
        let extra = found.filter { $0.count > (inSource[$0.text] ?? 0) }
        guard !extra.isEmpty else { return nil }
        let list = extra.map { item -> String in
            let meaning = EscapeArtifacts.meaning(of: item.text)
            if item.text.hasPrefix("\\") {
                let sourceHas = item.text == "\\n" ? text.source.containsByte(0x0A) : item.text == "\\\"" ? text.source.containsByte(0x22) : false
                return "'\(item.text)' as two characters\(sourceHas ? " where the source has \(meaning)" : ""): write \(meaning == "\"" || meaning == "'" ? "'\(meaning)'" : meaning) instead"
            }
            if EscapeArtifacts.lostBackslashControls[item.text] != nil {
                return "'\(item.text)' as text: \(meaning) lost its backslash; write the mark itself"
            }
            return "'\(item.text)'\(item.text.hasPrefix("&#") ? "" : " where the source has \(meaning == "\"" ? "'\"'" : meaning)")"
        }
        let entities = extra.contains { $0.text.hasPrefix("&") }
        return "shows \(list.joined(separator: ", "))\(entities ? ": the value was XML-escaped twice; write the character itself" : "")"
    }

    static func percentMessage(_ text: ComparedText, isStringCatalog: Bool) -> String? {
        let sourceScan = FormatSpecifiers.scan(text.source)
        let sourcePercent = EscapeArtifacts.percentSigns(text.source)
        let translationPercent = EscapeArtifacts.percentSigns(text.translation)
        if sourceScan.specifiers.isEmpty {
            // A source with a lone `%` is plain text, shown as written; a String Catalog's compiler
            // reads every value as a format, so there `%%` is right (format-in-plain-string).
            guard !isStringCatalog, sourcePercent.single > 0, translationPercent.doubled > 0 else { return nil }
            return "writes '%%' where the source writes a single '%': this string is not formatted, so the user sees '%%'; write '%'"
        }
        // A source whose only specifiers are `%%` is formatted: a lone `%` in the translation is read
        // as the start of a specifier. Invalid ones are format-specifier-invalid's.
        guard sourceScan.arguments.isEmpty, sourcePercent.single == 0 else { return nil }
        let scan = FormatSpecifiers.scan(text.translation)
        guard scan.problems.isEmpty, scan.arguments.isEmpty, translationPercent.single > 0 else { return nil }
        return "writes a single '%' where the source writes '%%': the string is formatted, so '%' starts a specifier; write '%%'"
    }
}

public struct MarkdownMismatchRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "markdown-mismatch", name: "Markdown differs from the source", severity: .warning,
        summary: "A translation of a string with Markdown breaks it: a lone marker that shows literally, a lost or broken link, a changed URL (warnings); or it drops an emphasis or code span of the source (a note).",
        rationale: """
        SwiftUI's `Text` renders a localized string's inline Markdown: `**bold**`, `*italic*`, \
        `~~struck~~`, `` `code` `` and `[text](url)`. A translation that drops one marker shows a \
        literal `**`; one that writes `[text] (url)` shows the URL as text; one that changes the URL \
        sends the user elsewhere. Only strings whose source has Markdown are compared, so a `*` in \
        "5 * 3", a `_` in `snake_case` or a German gender star (\"Nutzer*innen\") is no marker; a URL \
        that differs only by a locale code (`/de/`, `de.wikipedia.org`) is the same link. Emphasis \
        that five translations or more, and a third at least, drop (an English emphatic "if you *do* \
        want") is one note at the source.
        """,
        triggering: [
            RuleExample("A lost closing marker, and a link to another URL",
                .catalog(strings:
                    catalogKey("**Tip:** swipe to delete", ("de", stringUnit("↓**Tipp: zum Löschen wischen"))),
                    catalogKey("Read our [privacy policy](https://example.com/privacy).",
                               ("de", stringUnit("↓Lies unsere [Datenschutzerklärung](https://example.org/datenschutz)."))))),
            RuleExample("Emphasis the other languages' wording does not carry, dropped by five translations: one note at the source",
                .strings("en", "\"peek\" = ↓\"If you *do* want a peek, open the menu.\";\n"),
                .strings("de", "\"peek\" = \"Wenn du einen Blick werfen willst, öffne das Menü.\";\n"),
                .strings("fr", "\"peek\" = \"Si vous voulez jeter un œil, ouvrez le menu.\";\n"),
                .strings("es", "\"peek\" = \"Si quieres echar un vistazo, abre el menú.\";\n"),
                .strings("it", "\"peek\" = \"Se vuoi dare un'occhiata, apri il menu.\";\n"),
                .strings("pl", "\"peek\" = \"Jeśli chcesz zajrzeć, otwórz menu.\";\n")),
            RuleExample("A space breaks the link syntax in a .strings value",
                .strings("en", "\"help\" = \"See [Help](https://example.com/help).\";\n"),
                .strings("fr", "\"help\" = ↓\"Voir [Aide] (https://example.com/help).\";\n")),
        ],
        nonTriggering: [
            RuleExample("Emphasis kept (`_` for `*` renders the same), a localized URL, a gender star",
                .catalog(strings:
                    catalogKey("**%@** shared *%lld* books with users", ("de", stringUnit("**%1$@** hat _%2$lld_ Bücher mit Nutzer*innen geteilt"))),
                    catalogKey("Read the [guide](https://example.com/en/guide).", ("de", stringUnit("Lies die [Anleitung](https://example.com/de/guide)."))))),
            RuleExample("No Markdown in the source: arithmetic, identifiers and footnote stars",
                .strings("en", "\"calc\" = \"5 * 3 = 15\";\n\"key\" = \"Use file_name_here\";\n\"price\" = \"Price\";\n"),
                .strings("de", "\"calc\" = \"5 * 3 = 15\";\n\"key\" = \"Verwende datei_name\";\n\"price\" = \"Preis*\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let sourceLanguage = context.project.sourceLanguage
        // Each source is scanned once, not once per locale: most sources holding a marker character
        // hold no Markdown, and are then done with in one lookup.
        var scans: [ExactText: MarkdownScan] = [:]
        var codesByLocale: [Int32: Set<String>] = [:]
        return ContentTexts.check(context, Self.description, mayDiffer: { source, _ in MarkdownScan.mayHaveMarkdown(source) }) { text, language, pair in
            let exact = ExactText(text.source)
            let source = scans[exact] ?? MarkdownScan(text.source)
            if scans.count < Self.scansKept { scans[exact] = source }
            guard source.hasMarkdown else { return [] }
            let codes = codesByLocale[pair.localeID] ?? Self.codes(locale: pair.locale, language: language, sourceLanguage: sourceLanguage)
            if pair.localeID >= 0 { codesByLocale[pair.localeID] = codes }
            return Self.defects(text, source: source, codes: codes)
        }
    }

    /// Scans of distinct sources kept at most: a bound on memory for a catalog of endless distinct texts.
    static let scansKept = 50_000

    /// The language codes a localized link may carry in its URL for `locale` or the source language.
    static func codes(locale: String, language: String, sourceLanguage: String) -> Set<String> {
        var codes: Set<String> = [language, LanguageTag.languageSubtag(of: sourceLanguage)]
        for locale in [locale, sourceLanguage] {
            let lower = locale.lowercased()
            codes.insert(lower)
            codes.formUnion(lower.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init))
        }
        return codes
    }

    static func defects(_ text: ComparedText, source: MarkdownScan, codes: Set<String>) -> [ContentTexts.Defect] {
        let translation = MarkdownScan(text.translation)
        var defects: [ContentTexts.Defect] = []
        var emphasis: [String] = []
        // Lost emphasis reads plainer (a note); a lone marker shows on screen (a warning).
        var literal = false
        for style in MarkdownScan.Style.allCases {
            let expected = source.pairs[style] ?? 0, found = translation.pairs[style] ?? 0
            if found < expected {
                if let marker = translation.unmatchedMarker(of: style) {
                    emphasis.append("has a lone '\(marker)' that shows literally: the source's \(style.example) lost a marker")
                    literal = true
                } else {
                    emphasis.append("lacks the source's \(style.example)")
                }
            } else if style != .emphasis, translation.unmatchedCount(of: style) > source.unmatchedCount(of: style),
                      let marker = translation.unmatchedMarker(of: style) {
                emphasis.append("has a lone '\(marker)' that shows literally")
                literal = true
            }
        }
        // Quoted only for a defect: most compared texts have none, and some are paragraphs long.
        func quoted() -> String { "\"\(text.translation.visibleExcerpt)\"" }
        // Emphasis lost with the placeholder it wrapped (`*%@*`) is the format rules' finding.
        if !literal && !emphasis.isEmpty && text.source.containsByte(0x25)
            && FormatSpecifiers.scan(text.translation).arguments.count < FormatSpecifiers.scan(text.source).arguments.count {
            emphasis = []
        }
        if !emphasis.isEmpty {
            // Emphasis many translations do without is the English wording's (an emphatic "do").
            let lost = literal ? nil : ContentTexts.SharedChange(
                change: emphasis.map { $0.replacingOccurrences(of: "lacks ", with: "lack ") }.joined(separator: "; "),
                advice: "emphasis the other languages' wording does not carry; keep it where it fits, or let them drop it")
            defects.append(.init(kind: "emphasis", message: "\(quoted()) \(emphasis.joined(separator: "; ")): write the markers as the source does",
                                 severity: literal ? nil : .note, text: text, acrossLocales: lost))
        }
        // Each source link needs one in the translation to the same place.
        var remaining = translation.links
        var lost: [String] = []
        for link in source.links {
            if let k = remaining.firstIndex(where: { MarkdownScan.sameDestination(link, $0, ignoring: codes) }) {
                remaining.remove(at: k)
            } else {
                lost.append(link)
            }
        }
        var problems: [String] = []
        for (k, link) in lost.enumerated() {
            if k < remaining.count {
                problems.append("links to '\(remaining[k])' where the source links to '\(link)'")
            } else if translation.brokenLinks > 0 {
                problems.append("breaks the link to '\(link)' (a space before '(' or a missing ')'), so it shows as plain text")
            } else {
                problems.append("lacks the source's link to '\(link)'")
            }
        }
        for extra in remaining.dropFirst(lost.count) { problems.append("adds a link to '\(extra)' that the source does not have") }
        if !problems.isEmpty {
            defects.append(.init(kind: "link", message: "\(quoted()) \(problems.joined(separator: "; ")): keep the source's [text](url) with its URL",
                                 severity: nil, text: text))
        }
        return defects
    }
}
