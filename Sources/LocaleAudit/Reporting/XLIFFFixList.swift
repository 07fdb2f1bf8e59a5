/// Per-locale XLIFF 1.2 files holding only the strings that need a translator's work, each unit with
/// notes saying why (the finding's rule and message, the source text). Any CAT tool opens them, they
/// validate against the XLIFF 1.2 strict schema, and locale-audit's own reader reads them back.
public enum XLIFFFixList {
    public struct Document: Sendable {
        /// A safe file name: the locale with anything but letters, digits, `-` and `_` replaced, and a
        /// `-2`, `-3`, … suffix where two locales would share one.
        public var fileName: String
        public var locale: String
        public var text: String
        public var unitCount: Int
    }

    /// Rules whose findings a translator can act on in the translation itself.
    static func isTranslatorWork(_ finding: Finding) -> Bool {
        finding.locale != nil && finding.key != nil && finding.table != nil
            && !["syntax", "encoding", "unreadable", "extra-key", "missing-table"].contains(finding.ruleID)
            && !finding.ruleID.hasPrefix("locale-")
    }

    public static func documents(for result: AuditResult) -> [Document] {
        let index = result.index
        let sourceLanguage = result.project.sourceLanguage
        // locale → table → key → findings, all in stable order.
        var work: [String: [String: [String: [Finding]]]] = [:]
        for finding in result.findings where isTranslatorWork(finding) {
            let locale = finding.locale!
            guard locale != sourceLanguage else { continue }
            // A finding that stands for several keys (one cause repeated) is work on each of them.
            for key in finding.keys.isEmpty ? [finding.key!] : finding.keys {
                work[locale, default: [:]][finding.table!, default: [:]][key, default: []].append(finding)
            }
        }
        var documents: [Document] = []
        // Distinct locales can share a safe name (`pt.BR`, `pt/BR`); case-insensitive file systems
        // also merge `de` and `DE`. Each document gets its own file, or one would overwrite another.
        var usedNames = Set<String>()
        for locale in work.keys.sorted() {
            var xml = XMLWriterText()
            var units = 0
            xml.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
            xml.line(#"<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">"#)
            for tableName in work[locale]!.keys.sorted() {
                let keys = work[locale]![tableName]!
                let set = index.tableSets.first { $0.id.name == tableName && $0.translations.contains { $0.locale == locale } }
                    ?? index.tableSets.first { $0.id.name == tableName }
                let translation = set?.translations.first { $0.locale == locale }
                let original = (set?.source?.tables.first?.path ?? translation?.tables.first?.path ?? tableName)
                xml.line("  <file original=\"\(XMLWriterText.escape(original))\" source-language=\"\(XMLWriterText.escape(sourceLanguage))\" target-language=\"\(XMLWriterText.escape(locale))\" datatype=\"plaintext\">")
                xml.line("    <header>")
                xml.line("      <tool tool-id=\"locale-audit\" tool-name=\"locale-audit\" tool-version=\"\(LocaleAuditVersion.string)\"/>")
                xml.line("    </header>")
                xml.line("    <body>")
                for key in keys.keys.sorted() {
                    let findings = keys[key]!
                    let sourceEntry = set?.source?.entries[key]
                    let translated = translation?.entries[key]
                    let sourceValue = sourceEntry?.value ?? translated?.sourceValue
                    for unit in self.units(key: key, source: sourceValue, target: translated?.value) {
                        units += 1
                        xml.line("      <trans-unit id=\"\(XMLWriterText.escape(unit.id))\" xml:space=\"preserve\">")
                        xml.line("        <source>\(XMLWriterText.escape(unit.source))</source>")
                        let state = unit.target == nil ? "needs-translation" : "needs-review-translation"
                        xml.line("        <target state=\"\(state)\">\(XMLWriterText.escape(unit.target ?? ""))</target>")
                        for finding in findings {
                            xml.line("        <note from=\"locale-audit\" priority=\"\(priority(finding.severity))\">\(XMLWriterText.escape("[\(finding.ruleID)] \(finding.message)"))</note>")
                        }
                        if let comment = sourceEntry?.comment ?? translated?.comment, !comment.isEmpty {
                            xml.line("        <note from=\"developer\">\(XMLWriterText.escape(comment))</note>")
                        }
                        xml.line("      </trans-unit>")
                    }
                }
                xml.line("    </body>")
                xml.line("  </file>")
            }
            xml.line("</xliff>")
            var fileName = safeFileName(locale) + ".xliff"
            var suffix = 2
            while !usedNames.insert(fileName.lowercased()).inserted {
                fileName = safeFileName(locale) + "-\(suffix).xliff"
                suffix += 1
            }
            documents.append(Document(fileName: fileName, locale: locale, text: xml.text, unitCount: units))
        }
        return documents
    }

    struct Unit {
        var id: String
        var source: String
        var target: String?
    }

    /// A plain string is one unit; a plural becomes Xcode's `.stringsdict` units
    /// (`key:dict/NSStringLocalizedFormatKey:dict/:string`, `key:dict/var:dict/one:dict/:string`), which
    /// Xcode and locale-audit read back as one plural value; a String Catalog's top-level plural
    /// becomes `key|==|plural.one` units instead.
    static func units(key: String, source: Value?, target: Value?) -> [Unit] {
        switch source {
        case .plural(let plural)?:
            let targetPlural: PluralValue? = { if case .plural(let p)? = target { return p } else { return nil } }()
            var units: [Unit] = []
            if !plural.formatIsImplicit {
                units.append(Unit(id: "\(key):dict/NSStringLocalizedFormatKey:dict/:string", source: plural.format,
                                  target: targetPlural?.format))
            }
            for variable in plural.variables {
                let targetVariable = targetPlural?.variable(named: variable.name)
                var categories = variable.categories
                for category in targetVariable?.categories ?? [] where !categories.contains(category) { categories.append(category) }
                for category in categories {
                    let sourceText = variable.form(category)?.text ?? variable.form("other")?.text ?? ""
                    // A String Catalog's top-level plural has no format unit to carry: `:dict/` units
                    // without one do not read back, so it takes Xcode's catalog id (`KEY|==|plural.CAT`).
                    let id = plural.formatIsImplicit
                        ? "\(key)|==|plural.\(category)"
                        : "\(key):dict/\(variable.name):dict/\(category):dict/:string"
                    units.append(Unit(id: id, source: sourceText, target: targetVariable?.form(category)?.text))
                }
            }
            return units
        default:
            let sourceText = source?.texts.first?.text ?? key
            let targetText: String? = target.flatMap { value in
                if case .text(let text) = value { return text }
                return value.texts.first?.text
            }
            return [Unit(id: key, source: sourceText, target: targetText)]
        }
    }

    static func priority(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 3
        case .note: return 5
        }
    }

    static func safeFileName(_ locale: String) -> String {
        let cleaned = String(locale.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.isAlphabeticFast || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        })
        return cleaned.isEmpty ? "locale" : cleaned
    }
}

/// Text of an XML document with escaping that is safe in content and attribute values.
struct XMLWriterText {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    /// Escapes markup characters and drops what XML 1.0 cannot carry (most C0 controls, lone
    /// surrogates cannot occur in Swift strings).
    static func escape(_ string: String) -> String { Escaping.xml(string, unrepresentable: .drop) }
}
