import CICUShim
// Bidirectional text: explicit controls in any locale, and the layout of right-to-left translations.

/// The explicit formatting characters of UAX #9 and the marks, with the names messages show.
enum BidiControl {
    static func name(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x202A: return "LRE"
        case 0x202B: return "RLE"
        case 0x202C: return "PDF"
        case 0x202D: return "LRO"
        case 0x202E: return "RLO"
        case 0x2066: return "LRI"
        case 0x2067: return "RLI"
        case 0x2068: return "FSI"
        case 0x2069: return "PDI"
        case 0x200E: return "LRM"
        case 0x200F: return "RLM"
        case 0x061C: return "ALM"
        default: return nil
        }
    }

    static func isControlOrMark(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
    }

    /// Paragraph separators (Bidi_Class B): embeddings and isolates end with the paragraph.
    static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029: return true
        default: return false
        }
    }

    /// The text with bidi controls and marks written as `⟨RLE⟩`, and line breaks escaped.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let name = name(of: scalar) { out += "⟨\(name)⟩" } else {
                switch scalar {
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out.truncatedForMessage
    }

    struct Problem: Sendable, Hashable {
        var message: String
        var utf16Offset: Int
        /// A closer with nothing to close, rather than an opener left open.
        var isStray = false
    }

    /// Unbalanced controls per paragraph, following UAX #9 X1–X8: a PDF closes only an embedding or
    /// override opened after the last isolate; a PDI closes the last isolate and every embedding inside
    /// it; a paragraph separator closes everything.
    static func balanceProblems(in text: String) -> [Problem] {
        guard text.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        else { return [] }
        struct Open { var name: String; var offset: Int; var isIsolate: Bool }
        var stack: [Open] = []
        var problems: [Problem] = []
        var offset = 0
        func closeAll(_ reason: String) {
            for open in stack {
                problems.append(Problem(message: "⟨\(open.name)⟩ at UTF-16 offset \(open.offset) is never closed (\(reason))", utf16Offset: open.offset))
            }
            stack.removeAll()
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x202A, 0x202B, 0x202D, 0x202E:
                stack.append(Open(name: name(of: scalar)!, offset: offset, isIsolate: false))
            case 0x2066, 0x2067, 0x2068:
                stack.append(Open(name: name(of: scalar)!, offset: offset, isIsolate: true))
            case 0x202C:
                if let last = stack.last, !last.isIsolate { stack.removeLast() } else {
                    let inside = stack.isEmpty ? "nothing is open" : "the open ⟨\(stack.last!.name)⟩ needs a ⟨PDI⟩"
                    problems.append(Problem(message: "stray ⟨PDF⟩ at UTF-16 offset \(offset) closes nothing (\(inside))", utf16Offset: offset, isStray: true))
                }
            case 0x2069:
                if let isolate = stack.lastIndex(where: \.isIsolate) {
                    for open in stack[(isolate + 1)...] {
                        problems.append(Problem(message: "⟨\(open.name)⟩ at UTF-16 offset \(open.offset) is never closed (the ⟨PDI⟩ at \(offset) ends it)", utf16Offset: open.offset))
                    }
                    stack.removeSubrange(isolate...)
                } else {
                    problems.append(Problem(message: "stray ⟨PDI⟩ at UTF-16 offset \(offset) closes no isolate", utf16Offset: offset, isStray: true))
                }
            default:
                if isParagraphSeparator(scalar) { closeAll("the line ends first") }
            }
            offset += v > 0xFFFF ? 2 : 1
        }
        closeAll("the text ends first")
        return problems.sorted { $0.utf16Offset < $1.utf16Offset }
    }
}

extension BidiControl {
    /// The PDF and PDI that close what `text` leaves open at its end, innermost first; nil when that
    /// is not the whole problem (a stray closer, a control cut off by a line end) or nothing is open.
    static func missingClosers(in text: String) -> String? {
        var open: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append("\u{202C}")
            case 0x2066, 0x2067, 0x2068: open.append("\u{2069}")
            case 0x202C, 0x2069:
                guard open.last == scalar else { return nil }
                open.removeLast()
            default:
                if isParagraphSeparator(scalar) && !open.isEmpty { return nil }
            }
        }
        return open.isEmpty ? nil : String(String.UnicodeScalarView(open.reversed()))
    }
}

/// Every text of every entry, in every locale but documentation pseudo-locales, with its location.
/// Every text of every table that has a bidi control. Each control (U+202A–U+202E, U+2066–U+2069)
/// starts with the byte E2 in UTF-8: texts without it are skipped without decoding them.
/// A text that may hold a bidi control, with where it is: asked by two rules, gathered once per run.
typealias BidiControlText = (text: String, location: SourceLocation, locale: String?, table: String, key: String)

private func textsWithBidiControls(_ context: RuleContext) -> [BidiControlText] {
    context.bidiControlTexts.value { gatherTextsWithBidiControls(context) }
}

private func gatherTextsWithBidiControls(_ context: RuleContext) -> [BidiControlText] {
    var out: [BidiControlText] = []
    for table in context.project.tables {
        let locale = context.project.effectiveLocale(of: table)
        if let locale, ProjectIndex.documentationLocales.contains(locale) { continue }
        // The name alone is captured: a closure that captured the table copied it at every entry.
        let name = table.name
        for entry in table.entries {
            entry.value.forEachText { text, location in
                guard text.containsByte(0xE2) else { return }
                out.append((text, location ?? entry.valueLocation ?? entry.location, locale, name, entry.key))
            }
        }
    }
    return out
}

public struct BidiUnbalancedRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "bidi-unbalanced", name: "Unbalanced bidi control", severity: .error,
        summary: "An embedding, override or isolate (LRE RLE LRO RLO LRI RLI FSI) is not closed in its paragraph, or a PDF/PDI closes nothing.",
        rationale: """
        An unclosed control reorders everything after it — the rest of the label, or the text the string \
        is inserted into — and a stray closer can end an isolate the surrounding text opened (a warning \
        when stray closers are all a text has: alone, the label shows as it should). This is \
        the Trojan Source class of defects (CVE-2021-42574). Marks (LRM, RLM, ALM) need no partner and \
        are never reported.
        """,
        triggering: [
            RuleExample("An RLE that is never closed",
                .strings("en", "\"storage\" = \"%@ used\";\n"),
                .strings("ar", "\"storage\" = ↓\"\u{202B}%@ مستخدمة\";\n")),
            RuleExample("A stray PDI at the end of a translation",
                .strings("en", "\"done\" = \"Done\";\n"),
                .strings("de", "\"done\" = ↓\"Fertig\u{2069}\";\n")),
        ],
        nonTriggering: [
            RuleExample("A balanced isolate and a lone RLM",
                .strings("en", "\"hello\" = \"Hello, %@\";\n\"title\" = \"Library\";\n"),
                .strings("he", "\"hello\" = \"שלום, \u{2068}%@\u{2069}\";\n\"title\" = \"\u{200F}ספרייה\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in textsWithBidiControls(context) {
            let problems = BidiControl.balanceProblems(in: item.text)
            if problems.isEmpty { continue }
            // Only closers with nothing to close: the label itself shows as it should, and only text
            // that opens an isolate around it is cut short. A warning; an opener left open is an error.
            let strayOnly = problems.allSatisfy(\.isStray)
            var finding = Finding(ruleID: rule.id, severity: strayOnly ? .warning : rule.severity,
                                  message: "unbalanced bidi controls in \"\(BidiControl.visible(item.text))\": \(problems.map(\.message).joined(separator: "; ")); "
                                      + (strayOnly ? "remove the stray control (invisible here, it ends an isolate that text around this string opens)"
                                                   : "add the missing ⟨PDF⟩/⟨PDI⟩ or remove the stray control"),
                                  location: item.location, locale: item.locale, table: item.table, key: item.key)
            // Controls left open at the end of a quoted value are closed there, innermost first.
            let file = item.location.file
            if file.hasSuffix(".strings") || file.hasSuffix(".xcstrings"), let closers = BidiControl.missingClosers(in: item.text) {
                // Written as escapes, as visible to a reviewer as the file's own: `\U202C` in `.strings`, `\u202C` in JSON.
                let escape = file.hasSuffix(".xcstrings") ? "\\u" : "\\U"
                let escaped = closers.unicodeScalars.map { escape + String($0.value, radix: 16, uppercase: true) }.joined()
                finding.fix = Fix("Close \(closers.unicodeScalars.map { "⟨\(BidiControl.name(of: $0)!)⟩" }.joined()) at the end of the text",
                                  .insertBeforeClosingQuote(item.location, text: escaped))
            }
            findings.append(finding)
        }
        return findings
    }
}

public struct BidiOverrideRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "bidi-override", name: "Bidi override", severity: .warning,
        summary: "A text contains a directional override (LRO U+202D or RLO U+202E), even a balanced one.",
        rationale: """
        An override forces the direction of every character up to its PDF, so letters display in an \
        order other than the one they are stored in: the mechanism of Trojan Source \
        (CVE-2021-42574) and of spoofed file names. Localized text has no need for it: an isolate \
        (RLI…PDI) or a mark (RLM) sets direction without reordering letters.
        """,
        triggering: [
            RuleExample(
                .strings("en", "\"file\" = \"Invoice.pdf\";\n"),
                .strings("he", "\"file\" = ↓\"\u{202E}fdp.exe\u{202C}\";\n")),
        ],
        nonTriggering: [
            RuleExample("An embedding (not an override) and an isolate",
                .strings("en", "\"a\" = \"%@ items\";\n\"b\" = \"By %@\";\n"),
                .strings("ar", "\"a\" = \"\u{202B}%@ عناصر\u{202C}\";\n\"b\" = \"بواسطة \u{2067}%@\u{2069}\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        for item in textsWithBidiControls(context) {
            var offsets: [String] = []
            var offset = 0
            for scalar in item.text.unicodeScalars {
                if scalar.value == 0x202D || scalar.value == 0x202E { offsets.append("⟨\(BidiControl.name(of: scalar)!)⟩ at UTF-16 offset \(offset)") }
                offset += scalar.value > 0xFFFF ? 2 : 1
            }
            if offsets.isEmpty { continue }
            findings.append(Finding(ruleID: rule.id, severity: rule.severity,
                                    message: "directional override \(offsets.joined(separator: ", ")) in \"\(BidiControl.visible(item.text))\" displays characters out of their stored order; use an isolate (⟨RLI⟩…⟨PDI⟩, U+2067…U+2069) or a mark (⟨RLM⟩, U+200F) instead",
                                    location: item.location, locale: item.locale, table: item.table, key: item.key))
        }
        return findings
    }
}

// MARK: - Right-to-left locales

/// Strong direction of the letters of a text, with format specifiers set aside (their letters, such as
/// the `d` of `%d`, are not text).
struct DirectionFacts {
    enum Strong { case ltr, rtl }
    /// Per scalar: the strong direction, or nil for neutrals, digits, marks and specifiers.
    var strong: [Strong?]
    var scalars: [Unicode.Scalar]
    var specifiers: [FormatSpecifier]

    init(_ text: String, specifiers: [FormatSpecifier], memo: inout StrongDirectionMemo) {
        scalars = text.scalarArray
        self.specifiers = specifiers
        strong = scalars.map { memo.direction(of: $0) }
        for spec in specifiers { for k in spec.range where k < strong.count { strong[k] = nil } }
        if text.containsByte(0x7B) { maskMediaWikiMarkup() }
    }

    var hasRTL: Bool { strong.contains(.rtl) }
    var hasLTR: Bool { strong.contains(.ltr) }

    /// Letters (not marks) decide; RLM/ALM and LRM are strong too.
    static func strongDirection(_ scalar: Unicode.Scalar) -> Strong? {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) ? .ltr : nil
        }
        switch scalar.value {
        case 0x200E: return .ltr
        case 0x200F, 0x061C: return .rtl
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            let script = Scripts.script(of: scalar)
            // Shared letters such as the Arabic tatweel (U+0640) take the direction of their scripts.
            if script.isCommonOrInherited {
                return Scripts.extensions(of: scalar).contains(where: \.isRightToLeft) ? .rtl : nil
            }
            return script.isRightToLeft ? .rtl : .ltr
        case .otherPunctuation, .otherSymbol, .otherNumber:
            // Some right-to-left punctuation is strong (Bidi_Class AL: the Urdu full stop U+06D4).
            return la_is_strong_right_to_left(Int32(bitPattern: scalar.value)) == 1 ? .rtl : nil
        default: return nil
        }
    }

    /// MediaWiki magic words (`{{PLURAL:$1|…}}`, `{{GENDER:…}}`) in TranslateWiki sources are markup
    /// that the app replaces, not text a user reads: their letters are set aside like specifiers.
    mutating func maskMediaWikiMarkup() {
        var k = 0
        while k + 2 < scalars.count {
            if scalars[k] == "{" && scalars[k + 1] == "{" {
                var j = k + 2
                while j < scalars.count, scalars[j].isASCII, scalars[j].isAlphabeticFast || scalars[j] == "#" { j += 1 }
                if j < scalars.count, scalars[j] == ":" || scalars[j] == "|" || scalars[j] == "}" {
                    for m in (k + 2)..<j { strong[m] = nil }
                }
                k = j
            } else {
                k += 1
            }
        }
    }
}

/// The strong direction of each BMP scalar asked, remembered for one rule's walk: the texts of a
/// locale repeat a few hundred letters, and each answer takes several Unicode and ICU lookups.
struct StrongDirectionMemo {
    /// Per BMP scalar: 0 not asked yet, 1 neither, 2 left to right, 3 right to left.
    private var known = [UInt8](repeating: 0, count: 0x10000)

    mutating func direction(of scalar: Unicode.Scalar) -> DirectionFacts.Strong? {
        let value = Int(scalar.value)
        if value < 0x80 { return DirectionFacts.strongDirection(scalar) }
        guard value < 0x10000 else { return DirectionFacts.strongDirection(scalar) }
        switch known[value] {
        case 1: return nil
        case 2: return .ltr
        case 3: return .rtl
        default:
            let direction = DirectionFacts.strongDirection(scalar)
            known[value] = direction == nil ? 1 : direction == .ltr ? 2 : 3
            return direction
        }
    }
}

/// Right-to-left verdicts per locale, computed once per run.
/// The translation pairs of right-to-left locales, which every RTL rule looks at.
private func rightToLeftPairs(_ context: RuleContext) -> [TranslationPair] {
    // By locale id: asked of every pair, by three rules.
    let rtl = context.index.locales.map(LocaleIdentifierCheck.isRightToLeft)
    guard rtl.contains(true) else { return [] }
    // By position, so that only the right-to-left pairs are copied out (filtering the pairs
    // themselves retains and releases each of the quarter million).
    let pairs = context.pairs
    return pairs.indices.lazy.filter { i in
        pairs[i].localeID >= 0 ? rtl[Int(pairs[i].localeID)] : LocaleIdentifierCheck.isRightToLeft(pairs[i].locale)
    }.map { pairs[$0] }
}

private func isRTLLetter(_ scalar: Unicode.Scalar) -> Bool {
    guard !scalar.isASCII else { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        return Scripts.script(of: scalar).isRightToLeft
    default: return false
    }
}

public struct RTLWithoutRTLTextRule: Rule {
    public init() {}
    /// Files with at least this many findings also get one summary finding.
    static let summaryThreshold = 10

    public static let description = RuleDescription(
        id: "rtl-no-rtl-text", name: "Right-to-left translation without right-to-left text", severity: .warning,
        summary: "A translation in a right-to-left locale has no Arabic, Hebrew or other right-to-left letter although the source has words: probably left in English.",
        rationale: """
        The user reads the development language, laid out in a right-to-left interface. A single word \
        is only a note (brand names stay in Latin letters). A plain copy of the source is left to \
        `untranslated`. When a file has many such translations, one more finding at the top of the file \
        says so: the file may never have been translated.
        """,
        triggering: [
            RuleExample("An older English text in Arabic",
                .strings("en", "\"offline\" = \"Check your connection.\";\n"),
                .strings("ar", "\"offline\" = ↓\"Check your internet connection.\";\n")),
        ],
        nonTriggering: [
            RuleExample("Arabic text around a Latin brand name, and a placeholder alone",
                .strings("en", "\"sync\" = \"Sync with iCloud\";\n\"name\" = \"%@\";\n"),
                .strings("ar", "\"sync\" = \"المزامنة مع iCloud\";\n\"name\" = \"%@\";\n")),
            RuleExample("Platform terms and the app's name stay in Latin letters",
                VirtualFile("en.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf Reader\";\n\"unlock\" = \"Use Face ID or Touch ID\";\n"),
                VirtualFile("he.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"Bookshelf Reader Pro\";\n\"unlock\" = \"Face ID / Touch ID\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        var perFile: [String: (flagged: Int, checked: Int, locale: String, table: TableID)] = [:]
        // A pair counts when its source has words and no right-to-left letter (a string to translate).
        func counts(_ pair: TranslationPair) -> Bool {
            let sourceTexts = pair.source.value.texts.map(\.text)
            return sourceTexts.contains(where: { !TextAnalysis.translatableWords(in: $0).isEmpty })
                && !sourceTexts.contains(where: { $0.unicodeScalars.contains(where: isRTLLetter) })
        }
        let pairs = rightToLeftPairs(context)
        // The app's name and copyright notice are written the same in every script.
        for pair in pairs where !NameTerms.isKeptAsWritten(pair.key) {
            let texts = pair.translation.value.texts.map(\.text)
            // A pronunciation in IPA letters is meant to be in them.
            if texts.contains(where: TextAnalysis.isPhoneticTranscription) { continue }
            // Most translations have a right-to-left letter: the cheap test goes first.
            guard !texts.contains(where: { $0.unicodeScalars.contains(where: isRTLLetter) }), counts(pair) else { continue }
            // Platform terms and brand names stay in Latin letters in right-to-left interfaces.
            let words = texts.flatMap { TextAnalysis.translatableWords(in: context.names.masking($0)) }
            if words.isEmpty { continue }
            // A copy of the source is `untranslated`'s finding, and a file of copies is its (and
            // locale-incomplete's) too: neither is reported nor summarised here.
            if pair.translation.value.canonical == pair.source.value.canonical { continue }
            // One word (a name, often) says nothing about whether the file was translated.
            if words.count > 1 { perFile[pair.location.file, default: (0, 0, pair.locale, pair.table)].flagged += 1 }
            findings.append(.entry(rule, "\(pair.translation.value.shortDescription) has no right-to-left letter: not translated into \(pair.locale)?",
                                   at: pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                                   severity: words.count == 1 ? .note : nil, notes: [pair.sourceNote]))
        }
        // How many pairs were checked matters only for the files that get a summary.
        let summarised = Set(perFile.filter { $0.value.flagged >= Self.summaryThreshold }.keys)
        if !summarised.isEmpty {
            for pair in pairs where summarised.contains(pair.location.file) && counts(pair)
                && pair.translation.value.canonical != pair.source.value.canonical { perFile[pair.location.file]!.checked += 1 }
        }
        for (file, counts) in perFile.sorted(by: { $0.key < $1.key }) where counts.flagged >= Self.summaryThreshold {
            findings.append(Finding(ruleID: rule.id, severity: rule.severity,
                                    message: "\(counts.flagged) of \(counts.checked) translations in this \(counts.locale) file have no right-to-left letter: is the file translated?",
                                    location: SourceLocation(file: file, line: 1, column: 1), locale: counts.locale,
                                    table: counts.table.name))
        }
        return findings
    }
}

public struct RTLLeadingLTRRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "rtl-leading-ltr", name: "Right-to-left text starting left to right", severity: .warning,
        summary: "A right-to-left translation's first strong character is left-to-right (a Latin name, a unit), so the paragraph is laid out left to right.",
        rationale: """
        Text views take a paragraph's direction from its first strong character (UAX #9 rules P2–P3): \
        \"iCloud متصل.\" is laid out as a left-to-right paragraph, with the words in the wrong order and \
        the full stop on the wrong side. A leading RLM (U+200F) makes it right to left without showing \
        anything. Each paragraph takes its own direction: a later line that starts left to right is \
        named, and needs its mark after its line break. Format specifiers are not counted as letters; a translation with no right-to-left \
        letter at all is reported by rtl-no-rtl-text instead.
        """,
        triggering: [
            RuleExample("A size with a Latin unit first",
                .strings("en", "\"storage\" = \"%.1f MB used\";\n"),
                .strings("he", "\"storage\" = ↓\"%.1f MB בשימוש\";\n")),
            RuleExample("A list after a Hebrew sentence: its lines start with Latin names and are laid out left to right",
                .strings("en", "\"variants\" = \"Choose a variant:\\n\\nQırımtatarca, Crimean Tatar in Latin script\";\n"),
                .strings("he", "\"variants\" = ↓\"בחרו גרסה:\\n\\nQırımtatarca, טטרית של קרים באותיות לטיניות\";\n")),
        ],
        nonTriggering: [
            RuleExample("A leading RLM, a placeholder first, Hebrew first",
                .strings("en", "\"a\" = \"iCloud connected\";\n\"b\" = \"%d books\";\n\"c\" = \"Sync with iCloud\";\n"),
                .strings("he", "\"a\" = \"\u{200F}iCloud מחובר\";\n\"b\" = \"%d ספרים\";\n\"c\" = \"סנכרון עם iCloud\";\n")),
            RuleExample("The Urdu full stop is strong right-to-left punctuation (Bidi_Class AL)",
                .strings("en", "\"tap\" = \"Tap Safari\";\n"),
                .strings("ur", "\"tap\" = \"۔Safari کو تھپتھپائیں\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        var memo = StrongDirectionMemo()
        for pair in rightToLeftPairs(context) {
            for (text, location) in pair.translation.value.texts {
                guard text.unicodeScalars.contains(where: isRTLLetter) else { continue }
                let facts = DirectionFacts(text, specifiers: FormatSpecifiers.scan(text).specifiers, memo: &memo)
                guard facts.hasLTR else { continue }
                let paragraphs = Self.ltrParagraphs(facts)
                guard let first = paragraphs.first else { continue }
                let quoted = "\"\(BidiControl.visible(text))\""
                // Each paragraph takes its own direction: a later line that starts left to right needs
                // its own mark, after its line break; one at the start of the string changes nothing there.
                let message = first.line == 1
                    ? "\(quoted) starts with left-to-right text ('\(first.word)'), so it is laid out left to right; start it with an RLM (U+200F)"
                    : "\(quoted) has \(paragraphs.count == 1 ? "a line" : "lines") starting with left-to-right text (\(paragraphs.map { "line \($0.line): '\($0.word)'" }.joined(separator: ", "))), so \(paragraphs.count == 1 ? "that line is" : "those lines are") laid out left to right; start \(paragraphs.count == 1 ? "it" : "each") with an RLM (U+200F) after the line break"
                findings.append(.entry(rule, message, at: location ?? pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                                       notes: [pair.sourceNote]))
                break
            }
        }
        return findings
    }

    /// The paragraphs (their line, from 1, and first left-to-right word) that have right-to-left
    /// letters but start with a left-to-right one. Isolated content (LRI/RLI/FSI…PDI) is skipped, as
    /// rule P2 says. The first paragraph's alone when it is one of them: the reader meets it first,
    /// and its fix is the one a translator looks for.
    static func ltrParagraphs(_ facts: DirectionFacts) -> [(line: Int, word: String)] {
        var found: [(line: Int, word: String)] = []
        var index = 0, line = 1
        let count = facts.scalars.count
        while index < count {
            var end = index
            while end < count, !BidiControl.isParagraphSeparator(facts.scalars[end]) { end += 1 }
            var first: (DirectionFacts.Strong, Int)? = nil
            var depth = 0
            var hasRTL = false
            for k in index..<end {
                let v = facts.scalars[k].value
                if v == 0x2066 || v == 0x2067 || v == 0x2068 { depth += 1; continue }
                if v == 0x2069 { depth = max(0, depth - 1); continue }
                guard let strong = facts.strong[k] else { continue }
                if strong == .rtl { hasRTL = true }
                if depth == 0, first == nil { first = (strong, k) }
            }
            if hasRTL, let (direction, start) = first, direction == .ltr {
                var stop = start
                while stop < end, facts.strong[stop] == .ltr || facts.scalars[stop] == "." { stop += 1 }
                found.append((line, String(String.UnicodeScalarView(facts.scalars[start..<stop]))))
                if line == 1 { return found }
            }
            index = end + 1
            line += 1
        }
        return found
    }
}

public struct RTLPlaceholderBoundaryRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "rtl-placeholder-boundary", name: "Placeholder between opposite directions", severity: .note,
        summary: "In a right-to-left translation, a string placeholder (%@, %s) sits between left-to-right and right-to-left text, so the inserted value can reorder the sentence.",
        rationale: """
        A substituted value joins the direction run of its neighbours: a Latin name next to a Latin word \
        and an Arabic word takes the Latin side, an Arabic name the other, and the words around it \
        change places. Wrapping the placeholder in FSI…PDI (U+2068, U+2069) isolates the value. Only \
        placeholders whose nearest strong neighbours have opposite directions are reported; numbers are \
        weak and are not. Placeholders the source uses in pairs around words, as link markup does \
        (`%1$@Terms of Use%2$@`: each glued to the words it wraps), insert tags rather than text and are \
        not reported.
        """,
        triggering: [
            RuleExample("A name between a Latin product name and Arabic",
                .strings("en", "\"shared\" = \"Shared in iCloud by %@\";\n"),
                .strings("ar", "\"shared\" = ↓\"iCloud %@ شاركه\";\n")),
        ],
        nonTriggering: [
            RuleExample("An isolated placeholder, and one with Arabic on both sides",
                .strings("en", "\"shared\" = \"Shared in iCloud by %@\";\n\"by\" = \"Written by %@ in 2020\";\n"),
                .strings("ar", "\"shared\" = \"iCloud \u{2068}%@\u{2069} شاركه\";\n\"by\" = \"كتبه %@ عام ٢٠٢٠\";\n")),
            RuleExample("Link markup: the source's placeholders wrap words in pairs, so they insert tags, not text",
                .strings("en", "\"terms\" = \"You agree to the %1$@Terms of Use%2$@ and release your edits under %3$@CC BY-SA%4$@.\";\n"),
                .strings("ar", "\"terms\" = \"أنت توافق على %1$@شروط الاستخدام%2$@ وتنشر تعديلاتك تحت %3$@CC BY-SA%4$@ دائما.\";\n")),
        ])

    public func check(_ context: RuleContext) -> [Finding] {
        let rule = Self.description
        var findings: [Finding] = []
        var memo = StrongDirectionMemo()
        for pair in rightToLeftPairs(context) {
            for (text, location) in pair.translation.value.texts where text.containsByte(0x25) {
                let specifiers = FormatSpecifiers.scan(text).specifiers
                guard specifiers.contains(where: Self.isString) else { continue }
                let facts = DirectionFacts(text, specifiers: specifiers, memo: &memo)
                guard facts.hasLTR && facts.hasRTL else { continue }
                var boundaries = specifiers.filter { Self.isString($0) && Self.isAtBoundary($0, facts) }
                // A mark that lost its backslash ("u200f%@") is the left-to-right text beside the
                // placeholder: escape-artifact reports it, and writing the mark fixes both.
                guard !boundaries.isEmpty, EscapeArtifacts.lostBackslashMarks(text).isEmpty else { continue }
                if case .text(let source) = pair.translation.sourceValue ?? pair.source.value {
                    let markup = Self.markupArguments(source)
                    if !markup.isEmpty {
                        let numbers = Self.argumentNumbers(specifiers)
                        boundaries.removeAll { markup.contains(numbers[$0.range.lowerBound] ?? 0) }
                        guard !boundaries.isEmpty else { continue }
                    }
                }
                let names = boundaries.map { "\($0.text) (offset \($0.range.lowerBound))" }.joined(separator: ", ")
                findings.append(.entry(rule, "\(names) in \"\(BidiControl.visible(text))\" sits between left-to-right and right-to-left text; isolate it as ⟨FSI⟩\(boundaries[0].text)⟨PDI⟩ (U+2068 … U+2069)",
                                       at: location ?? pair.location, locale: pair.locale, table: pair.table, key: pair.key,
                                       notes: [pair.sourceNote]))
            }
        }
        return findings
    }

    /// The argument each specifier reads, by its start offset.
    static func argumentNumbers(_ specifiers: [FormatSpecifier]) -> [Int: Int] {
        var numbers: [Int: Int] = [:]
        for (number, spec) in FormatScan(specifiers: specifiers, problems: []).numberedArguments { numbers[spec.range.lowerBound] = number }
        return numbers
    }

    /// The argument numbers of string placeholders `source` uses in pairs around words, as link
    /// markup does (`%1$@Terms of Use%2$@`): the first glued to the word after it and not to the one
    /// before, its partner the other way round. Such a placeholder inserts a tag, not text.
    static func markupArguments(_ source: String) -> Set<Int> {
        guard source.containsByte(0x25) else { return [] }
        let specifiers = FormatSpecifiers.scan(source).specifiers
        let numbers = argumentNumbers(specifiers)
        let strings = specifiers.filter { isString($0) && numbers[$0.range.lowerBound] != nil }
        guard strings.count >= 2 else { return [] }
        let scalars = source.scalarArray
        func isWord(_ k: Int) -> Bool {
            k >= 0 && k < scalars.count && (scalars[k].isAlphabeticFast || scalars[k].properties.numericType != nil)
        }
        var markup = Set<Int>()
        for (open, close) in zip(strings, strings.dropFirst()) {
            guard open.range.upperBound < close.range.lowerBound,
                  isWord(open.range.upperBound), !isWord(open.range.lowerBound - 1),
                  isWord(close.range.lowerBound - 1), !isWord(close.range.upperBound) else { continue }
            markup.insert(numbers[open.range.lowerBound]!)
            markup.insert(numbers[close.range.lowerBound]!)
        }
        return markup
    }

    static func isString(_ spec: FormatSpecifier) -> Bool {
        switch spec.kind {
        case .object, .cString, .unicharString: return true
        default: return false
        }
    }

    /// The nearest strong characters before and after, in the same paragraph and outside isolates,
    /// have opposite directions; an already isolated placeholder is never at a boundary.
    static func isAtBoundary(_ spec: FormatSpecifier, _ facts: DirectionFacts) -> Bool {
        let before = spec.range.lowerBound - 1, after = spec.range.upperBound
        if before >= 0, after < facts.scalars.count,
           [0x2066, 0x2067, 0x2068].contains(facts.scalars[before].value), facts.scalars[after].value == 0x2069 { return false }
        func nearest(from start: Int, step: Int) -> DirectionFacts.Strong? {
            var k = start
            while k >= 0 && k < facts.scalars.count {
                if BidiControl.isParagraphSeparator(facts.scalars[k]) { return nil }
                if let strong = facts.strong[k] { return strong }
                k += step
            }
            return nil
        }
        guard let left = nearest(from: before, step: -1), let right = nearest(from: after, step: 1) else { return false }
        return left != right
    }
}
