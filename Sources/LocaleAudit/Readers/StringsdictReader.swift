/// Reads `.stringsdict` files: XML property lists through `XMLTokenizer` (every key and value located),
/// binary ones (`bplist00`) through Foundation (located at 1:1).
///
/// Mapping: each top-level key is an `Entry`. A dict with `NSStringLocalizedFormatKey` is a
/// `.plural`: every other key whose value is a dict is a `PluralVariable`. Inside a variable,
/// `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` are read, other `NS…` keys go to
/// `otherKeys`, and every remaining key with a string value is a form, whatever its name (`several`
/// is kept for a rule to flag). A dict whose only rule is `NSStringVariableWidthRuleType` or
/// `NSStringDeviceSpecificRuleType` (and no format key) is a `.variations` table of widths or devices.
public enum StringsdictReader: CatalogReader {
    public static let format = CatalogFormat.stringsdict

    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let widthRule = "NSStringVariableWidthRuleType"
    static let deviceRule = "NSStringDeviceSpecificRuleType"

    public static func read(_ bytes: [UInt8], context: ReadContext) -> ReadResult {
        var findings: [Finding] = []
        let document: PropertyListDocument
        if bytes.starts(with: Array("bplist".utf8)) {
            let parsed = PropertyListBinary.parse(bytes, path: context.path)
            document = parsed.0
            findings += parsed.1
        } else {
            var xml = XMLTokenizer(decoding: bytes, path: context.path)
            let parsed = PropertyListXMLParser.parse(&xml)
            document = parsed.0
            findings += xml.findings
            findings += parsed.1
        }
        var mapper = Mapper(document: document)
        let entries = mapper.entries()
        findings += mapper.findings
        for i in findings.indices {
            findings[i].table = findings[i].table ?? context.table
            findings[i].locale = findings[i].locale ?? context.locale
        }
        findings.sort(by: Finding.stableOrder)
        let table = LocalizedTable(name: context.table, locale: context.locale, path: context.path,
                                   format: .stringsdict, entries: entries)
        return ReadResult(tables: [table], findings: findings)
    }

    private struct Mapper {
        let document: PropertyListDocument
        var findings: [Finding] = []

        init(document: PropertyListDocument) { self.document = document }

        mutating func entries() -> [Entry] {
            guard let root = document.root else { return [] }
            let node = document.nodes[root]
            guard node.kind == .dict else {
                syntax("expected a <dict> as the property list's root object, found <\(node.element)>", at: node.location, key: nil)
                return []
            }
            var entries: [Entry] = []
            for item in node.entries {
                // An entry cut short by a fatal XML error is left out: the error says why.
                guard let valueIndex = item.value, document.nodes[valueIndex].isComplete,
                      let value = entryValue(valueIndex, key: item.key, keyLocation: item.keyLocation, depth: 0) else { continue }
                entries.append(Entry(key: item.key, value: value, location: item.keyLocation,
                                     valueLocation: document.nodes[valueIndex].location))
            }
            return entries
        }

        private mutating func entryValue(_ index: Int, key: String, keyLocation: SourceLocation, depth: Int) -> Value? {
            let node = document.nodes[index]
            guard node.kind == .dict else {
                syntax("entry '\(key)': expected a <dict> with NSStringLocalizedFormatKey, found <\(node.element)>", at: node.location, key: key)
                // Kept so the text is still checked; Foundation would fall back to the .strings value.
                return node.kind == .string ? .text(node.text) : nil
            }
            let hasFormat = node.entries.contains { $0.key == StringsdictReader.formatKey }
            if !hasFormat, let rule = node.entries.first(where: { $0.key == StringsdictReader.widthRule || $0.key == StringsdictReader.deviceRule }) {
                return variations(node, rule: rule, key: key, depth: depth)
            }
            var format = ""
            var formatLocation: SourceLocation? = nil
            var formatFound = false
            var variables: [PluralVariable] = []
            for item in node.entries {
                guard let valueIndex = item.value else { continue }
                let value = document.nodes[valueIndex]
                if item.key == StringsdictReader.formatKey {
                    guard value.kind == .string else {
                        syntax("entry '\(key)': expected a <string> for NSStringLocalizedFormatKey, found <\(value.element)>", at: value.location, key: key)
                        continue
                    }
                    // A duplicate was reported; the model has one format, so the first is kept.
                    if !formatFound {
                        format = value.text
                        formatLocation = value.location
                        formatFound = true
                    }
                    continue
                }
                guard value.kind == .dict else {
                    syntax("entry '\(key)': expected a <dict> for the variable '\(item.key)', found <\(value.element)>", at: value.location, key: key)
                    continue
                }
                variables.append(variable(item.key, value, entryKey: key))
            }
            if !hasFormat {
                syntax("entry '\(key)' has no NSStringLocalizedFormatKey", at: keyLocation, key: key)
            }
            return .plural(PluralValue(format: format, formatLocation: formatLocation, formatIsImplicit: !formatFound,
                                       variables: variables))
        }

        private mutating func variable(_ name: String, _ node: PropertyListDocument.Node, entryKey: String) -> PluralVariable {
            var specType: String? = nil, valueType: String? = nil
            var forms: [PluralForm] = []
            var otherKeys: [String: String] = [:]
            for item in node.entries {
                guard let valueIndex = item.value else { continue }
                let value = document.nodes[valueIndex]
                let isScalar = !value.kind.isContainer
                switch item.key {
                case StringsdictReader.specTypeKey, StringsdictReader.valueTypeKey:
                    guard value.kind == .string else {
                        syntax("variable '\(name)' of entry '\(entryKey)': expected a <string> for \(item.key), found <\(value.element)>", at: value.location, key: entryKey)
                        continue
                    }
                    if item.key == StringsdictReader.specTypeKey {
                        if specType == nil { specType = value.text }
                    } else if valueType == nil {
                        valueType = value.text
                    }
                default:
                    if item.key.hasPrefix("NS") {
                        guard isScalar else {
                            syntax("variable '\(name)' of entry '\(entryKey)': expected a <string> for \(item.key), found <\(value.element)>", at: value.location, key: entryKey)
                            continue
                        }
                        if otherKeys[item.key] == nil { otherKeys[item.key] = value.text }
                    } else if value.kind == .string {
                        forms.append(PluralForm(category: item.key, text: value.text, location: value.location))
                    } else {
                        syntax("plural form '\(item.key)' of variable '\(name)' in entry '\(entryKey)': expected a <string>, found <\(value.element)>", at: value.location, key: entryKey)
                    }
                }
            }
            return PluralVariable(name: name, specType: specType, valueType: valueType, forms: forms,
                                  location: node.location, otherKeys: otherKeys)
        }

        /// Apple's width and device tables: `{ NSStringVariableWidthRuleType: { "20": "Hi", "50": "Welcome" } }`.
        /// A case whose value is itself a dict (e.g. a plural per device) is read like an entry.
        private mutating func variations(_ node: PropertyListDocument.Node, rule: PropertyListDocument.DictEntry,
                                         key: String, depth: Int) -> Value? {
            let kind: VariationValue.Kind = rule.key == StringsdictReader.widthRule ? .width : .device
            for item in node.entries where item.key != rule.key {
                syntax("entry '\(key)': key '\(item.key)' next to \(rule.key) is not read; expected only the rule's dict",
                       at: item.keyLocation, key: key)
            }
            guard let tableIndex = rule.value else { return nil }
            let table = document.nodes[tableIndex]
            guard table.kind == .dict else {
                syntax("entry '\(key)': expected a <dict> for \(rule.key), found <\(table.element)>", at: table.location, key: key)
                return nil
            }
            var cases: [VariationValue.Case] = []
            for item in table.entries {
                guard let valueIndex = item.value else { continue }
                let value = document.nodes[valueIndex]
                if value.kind == .string {
                    cases.append(.init(name: item.key, value: .text(value.text), location: value.location))
                } else if value.kind == .dict && depth < 4,
                          let nested = entryValue(valueIndex, key: key, keyLocation: item.keyLocation, depth: depth + 1) {
                    cases.append(.init(name: item.key, value: nested, location: value.location))
                } else if value.kind != .dict {
                    syntax("entry '\(key)': expected a <string> or <dict> for the \(kind.rawValue) '\(item.key)', found <\(value.element)>", at: value.location, key: key)
                }
            }
            return .variations(VariationValue(kind: kind, cases: cases))
        }

        private mutating func syntax(_ message: String, at location: SourceLocation, key: String?) {
            findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location, key: key))
        }
    }
}
