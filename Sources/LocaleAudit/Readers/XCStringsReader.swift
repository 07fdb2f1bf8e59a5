/// Reads Xcode String Catalogs (`.xcstrings`): one JSON file holding every locale of one table.
///
/// Mapping decisions (the XLIFF reader and the rules rely on them):
/// - One `LocalizedTable` per locale, source language first, then in order of first appearance.
///   The source table's `localeLocation` is the `sourceLanguage` value.
/// - A key without a localization in the source language gets an implicit source entry whose value
///   is the key itself, as Xcode uses the key as source text (`attributes["implicitSource"] = "true"`).
///   This holds for `shouldTranslate: false` keys too: the app still shows the key.
/// - A top-level plural becomes `PluralValue(format: "%#@__plural@", formatIsImplicit: true)` with one
///   variable named `implicitPluralVariableName`; its value type is the one numeric printf
///   conversion its forms use, or nil when they use none or disagree.
/// - `substitutions` become one `PluralVariable` each, attached to the `stringUnit` whose format names
///   them (`%#@NAME@`); at the localization's own `stringUnit` all of them are attached.
/// - An entry's state is the worst of its units' states (new > needs_review = machine_translated >
///   stale > other > translated). When a value has several units, each unit's raw state is also kept as
///   `attributes["state:<path>"]`, the path written like Xcode's XLIFF ids (`plural.one`,
///   `substitutions.arg1.plural.few`, `device.iphone`; `stringUnit` for the format itself).
/// - A `stringSet` (App Shortcuts phrases) reads as its first phrase; all phrases are kept in
///   `attributes["stringSet[i]"]` with `attributes["stringSet.count"]`.
/// - Duplicate member names anywhere are `duplicate-key` errors, and the first occurrence is used
///   (JSONSerialization would silently keep the last).
/// - Wrong types and missing members (`version` included, which Xcode requires) are located `syntax`
///   findings; the rest of the file is still read.
/// - A key with `extractionState: "stale"` keeps where its name is as `attributes["keyLocation"]`
///   ("line:column"), for `stale-key-translated`: its entries sit at their localizations.
/// - Shapes that Xcode's String Catalog compiler rejects, or that its export and import lose, are
///   `xcstrings-invalid` findings (see `XCStringsInvalidRule`); what can still be read is read.
public enum XCStringsReader: CatalogReader {
    public static let format = CatalogFormat.xcstrings

    /// The variable name of a String Catalog's top-level plural (which names no variable of its own).
    public static let implicitPluralVariableName = "__plural"

    /// The entry attribute listing plural cases written without a string unit, one `variable:category` a
    /// line: `xcstrings-invalid` reports each, so the plural rules do not call them missing too.
    public static let invalidPluralCasesKey = "xcstrings.invalidPluralCases"

    /// Variations nested deeper than this are reported, not read: Xcode nests two levels at most.
    static let maximumVariationDepth = 16

    public static func read(_ bytes: [UInt8], context: ReadContext) -> ReadResult {
        let decoded = TextDecoding.decode(bytes, path: context.path)
        let parsed = JSONParser.parse(decoded.utf8, file: context.path)
        var builder = CatalogBuilder(context: context)
        builder.findings = decoded.findings + parsed.findings
        builder.unfinished = Set(parsed.unfinishedContainers)
        if let root = parsed.root {
            builder.reportDuplicates(in: root)
            builder.readCatalog(root)
        }
        return builder.result()
    }
}

private struct CatalogBuilder {
    let context: ReadContext
    var findings: [Finding] = []
    var declarations: [LocaleDeclaration] = []
    var sourceLanguage: String?
    var tables: [LocalizedTable] = []
    var tableIndex: [String: Int] = [:]
    /// Objects a syntax error cut short: what they lack was never reached, so it is not reported
    /// again, and a localization among them is not read.
    var unfinished = Set<SourceLocation>()

    init(context: ReadContext) { self.context = context }

    func isUnfinished(_ node: JSONNode) -> Bool { !unfinished.isEmpty && unfinished.contains(node.location) }

    /// Objects holding a repeated member name; only these need first-wins filtering.
    var objectsWithDuplicates = Set<SourceLocation>()

    /// The members of an object without later repeats of a name (the first one wins).
    func distinctMembers(_ object: JSONNode, _ members: [JSONMember]) -> [JSONMember] {
        guard !objectsWithDuplicates.isEmpty, objectsWithDuplicates.contains(object.location) else { return members }
        var seen = Set<String>()
        return members.filter { seen.insert($0.name).inserted }
    }

    func result() -> ReadResult {
        ReadResult(tables: tables, findings: findings, localeDeclarations: declarations,
                   declaredSourceLanguage: sourceLanguage)
    }

    // MARK: Findings

    mutating func problem(_ message: String, at location: SourceLocation, severity: Severity = .error,
                          key: String? = nil, locale: String? = nil) {
        findings.append(Finding(ruleID: ReaderRule.syntax, severity: severity, message: message, location: location,
                                locale: locale, table: context.table, key: key))
    }

    /// A shape Xcode's String Catalog compiler (or its export and import) does not accept.
    mutating func invalid(_ message: String, at location: SourceLocation, severity: Severity = .error,
                          key: String? = nil, locale: String? = nil) {
        findings.append(Finding(ruleID: XCStringsInvalidRule.id, severity: severity, message: message, location: location,
                                locale: locale, table: context.table, key: key))
    }

    /// Reports a member of the wrong type: "expected a string for "value" but found a number".
    mutating func wrongType(_ expected: String, for name: String, found node: JSONNode, key: String? = nil,
                            locale: String? = nil) {
        problem("expected \(expected) for \"\(name)\" but found \(node.kindDescription)", at: node.location,
                key: key, locale: locale)
    }

    mutating func reportDuplicates(in root: JSONNode) {
        for duplicate in root.duplicateMembers() {
            objectsWithDuplicates.insert(duplicate.objectLocation)
            let name = duplicate.duplicate.name
            let path = duplicate.path
            let message: String
            var key: String? = nil
            var locale: String? = nil
            if path.first == "strings" && path.count >= 2 { key = path[1] }
            if path.count >= 4 && path[0] == "strings" && path[2] == "localizations" { locale = path[3] }
            switch path.count {
            case 0:
                message = "duplicate member \"\(name)\" at the top level of the catalog"
            case 1 where path[0] == "strings":
                message = "duplicate key \"\(name)\" in \"strings\""
                key = name
            case 3 where path[0] == "strings" && path[2] == "localizations":
                message = "duplicate localization \"\(name)\" of key \"\(path[1])\""
                locale = name
            default:
                let place = path.count >= 3 && path[0] == "strings" ? path.dropFirst(2).joined(separator: ".") + " of key \"\(path[1])\""
                                                                    : path.joined(separator: ".")
                message = "duplicate member \"\(name)\" in \(place)"
            }
            findings.append(Finding(
                ruleID: ReaderRule.duplicateKey, severity: .error,
                message: message + "; the first one is used (JSON decoders such as JSONSerialization keep the last)",
                location: duplicate.duplicate.nameLocation, locale: locale, table: context.table, key: key,
                notes: [Finding.Note(message: "first \"\(name)\" is here", location: duplicate.first.nameLocation)]))
        }
    }

    // MARK: Tables

    mutating func append(_ entry: consuming Entry, locale: String, localeLocation: SourceLocation) {
        if let index = tableIndex[locale] {
            tables[index].entries.append(entry)
        } else {
            tableIndex[locale] = tables.count
            tables.append(LocalizedTable(name: context.table, locale: locale, path: context.path, format: .xcstrings,
                                         entries: [entry], localeLocation: localeLocation))
        }
    }

    // MARK: Catalog

    mutating func readCatalog(_ root: JSONNode) {
        guard root.members != nil else {
            problem("expected an object at the top level of a String Catalog but found \(root.kindDescription)",
                    at: root.location)
            return
        }
        if let member = root.member("sourceLanguage") {
            if let language = member.value.stringValue {
                sourceLanguage = language
                declarations.append(LocaleDeclaration(identifier: language, origin: .catalogSource,
                                                      location: member.value.location))
                tableIndex[language] = 0
                tables.append(LocalizedTable(name: context.table, locale: language, path: context.path,
                                             format: .xcstrings, entries: [], localeLocation: member.value.location))
            } else {
                wrongType("a string (a language identifier)", for: "sourceLanguage", found: member.value)
            }
        } else if !isUnfinished(root) {
            problem("expected member \"sourceLanguage\" at the top level of the catalog", at: root.location)
        }
        if let version = root["version"] {
            if version.stringValue == nil { wrongType("a string", for: "version", found: version) }
        } else if !isUnfinished(root) {
            // Xcode refuses to compile a catalog without it ("The data couldn't be read").
            problem("expected member \"version\" (Xcode writes \"version\" : \"1.0\") at the top level of the catalog; Xcode refuses to compile a String Catalog without it",
                    at: root.location)
        }
        guard let strings = root.member("strings") else {
            if isUnfinished(root) { return }
            problem("expected member \"strings\" at the top level of the catalog", at: root.location)
            return
        }
        guard let keys = strings.value.members else {
            wrongType("an object", for: "strings", found: strings.value)
            return
        }
        var pathLikeKeys: [(member: JSONMember, path: XCStringsReader.VariationPath)] = []
        for member in distinctMembers(strings.value, keys) {
            readKey(member)
            // `|==|` is rare in keys: only those pay for the path check.
            if member.name.utf8.contains(UInt8(ascii: "|")), let path = XCStringsReader.VariationPath(key: member.name) {
                pathLikeKeys.append((member, path))
            }
        }
        for (member, path) in pathLikeKeys { reportPathLikeKey(member, path) }
    }

    /// A key such as `Photos|==|plural.one` reads in an XLIFF export like the `one` form of key `Photos`.
    mutating func reportPathLikeKey(_ member: JSONMember, _ path: XCStringsReader.VariationPath) {
        let key = member.name
        let suffix = "|==|" + path.suffix
        let collides = tables.contains { table in
            table.entries.contains { $0.key == path.baseKey && path.names($0.value) }
        }
        if collides {
            invalid("key \"\(key.visibleExcerpt)\" is also the XLIFF id of a variation of key \"\(path.baseKey.visibleExcerpt)\" (\"\(suffix)\"): Xcode's Export Localizations stops with \"Duplicate values for key\"; rename this key so it does not end in \"\(suffix)\"",
                    at: member.nameLocation, key: key)
        } else {
            invalid("key \"\(key.visibleExcerpt)\" ends like the XLIFF id of a variation (\"\(suffix)\"): Xcode exports it, but its import silently ignores a translated unit whose id ends so; rename the key so it does not end in \"\(suffix)\"",
                    at: member.nameLocation, severity: .warning, key: key)
        }
    }

    mutating func readKey(_ keyMember: JSONMember) {
        let key = keyMember.name
        guard let fields = keyMember.value.members else {
            wrongType("an object", for: key, found: keyMember.value, key: key)
            return
        }
        var comment: String? = nil
        var shouldTranslate = true
        var attributes: [String: String] = [:]
        var localizations: JSONNode? = nil
        for field in distinctMembers(keyMember.value, fields) {
            switch field.name {
            case "comment":
                if let text = field.value.stringValue { comment = text } else {
                    wrongType("a string", for: "comment", found: field.value, key: key)
                }
            case "extractionState":
                if let text = field.value.stringValue {
                    attributes["extractionState"] = text
                    if text == "stale" {
                        attributes["keyLocation"] = "\(keyMember.nameLocation.line):\(keyMember.nameLocation.column)"
                    }
                } else {
                    wrongType("a string", for: "extractionState", found: field.value, key: key)
                }
            case "shouldTranslate":
                if let flag = field.value.boolValue { shouldTranslate = flag } else {
                    wrongType("true or false", for: "shouldTranslate", found: field.value, key: key)
                }
            case "localizations":
                if field.value.members != nil { localizations = field.value } else {
                    wrongType("an object", for: "localizations", found: field.value, key: key)
                }
            default:
                // Unknown fields (`isCommentAutoGenerated`, future ones) are kept when they are scalars.
                if let text = Self.scalarText(field.value) { attributes[field.name] = text }
            }
        }

        var hasSourceLocalization = false
        for localization in localizations.map({ distinctMembers($0, $0.members ?? []) }) ?? [] {
            let locale = localization.name
            declarations.append(LocaleDeclaration(identifier: locale, origin: .catalogLocalization,
                                                  location: localization.nameLocation))
            if locale == sourceLanguage { hasSourceLocalization = true }
            var unit = UnitReader(key: key, locale: locale)
            guard let read = unit.readLocalization(localization.value, builder: &self) else { continue }
            var entryAttributes = attributes.merging(read.attributes) { _, unitValue in unitValue }
            if unit.states.count > 1 {
                for (path, raw) in unit.states { entryAttributes["state:" + path] = raw }
            }
            if !unit.invalidPluralCases.isEmpty {
                entryAttributes[XCStringsReader.invalidPluralCasesKey] = unit.invalidPluralCases.joined(separator: "\n")
            }
            let entry = Entry(key: key, value: read.value, comment: comment, state: unit.worstState,
                              location: localization.nameLocation, valueLocation: read.valueLocation,
                              shouldTranslate: shouldTranslate, attributes: entryAttributes)
            append(entry, locale: locale, localeLocation: localization.nameLocation)
        }

        if let sourceLanguage, !hasSourceLocalization, !isUnfinished(keyMember.value), let index = tableIndex[sourceLanguage] {
            var implicitAttributes = attributes
            implicitAttributes["implicitSource"] = "true"
            tables[index].entries.append(Entry(key: key, value: .text(key), comment: comment, state: nil,
                                               location: keyMember.nameLocation, shouldTranslate: shouldTranslate,
                                               attributes: implicitAttributes))
        }
    }

    static func scalarText(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let s): return s
        case .number(let n): return n.literal
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .object, .array: return nil
        }
    }
}

/// What one localization (or one variation case) reads as.
private struct UnitRead {
    var value: Value
    var valueLocation: SourceLocation?
    var attributes: [String: String] = [:]
}

/// Reads one localization of one key: its string units, variations and substitutions.
private struct UnitReader {
    let key: String
    let locale: String
    /// Every unit's raw state with its XLIFF-style path, in file order.
    var states: [(path: String, raw: String)] = []
    var substitutions: [PluralVariable] = []
    var usedSubstitutions = Set<String>()
    /// Every string unit's text that may name a substitution (`#@`), with where its value is.
    var referencingTexts: [(text: String, location: SourceLocation)] = []
    /// Substitutions written inside a variation case, already reported where they are.
    var misplacedSubstitutions = Set<String>()
    /// Every substitution name written at the localization, read or not (a malformed one is a syntax
    /// finding already, not also an undefined reference).
    var declaredSubstitutions = Set<String>()
    /// `variable:category` of plural cases written without a string unit (`XCStringsReader.invalidPluralCasesKey`).
    var invalidPluralCases: [String] = []
    var substitutionsUnreadable = false

    init(key: String, locale: String) {
        self.key = key
        self.locale = locale
    }

    var worstState: TranslationState? {
        var worst: TranslationState? = nil
        for (_, raw) in states {
            let state = Self.state(raw)
            if worst == nil || Self.rank(state.meaning) > Self.rank(worst!.meaning) { worst = state }
        }
        return worst
    }

    static func state(_ raw: String) -> TranslationState {
        switch raw {
        case "translated": return TranslationState(raw: raw, meaning: .translated)
        case "new": return TranslationState(raw: raw, meaning: .new)
        case "needs_review": return TranslationState(raw: raw, meaning: .needsReview)
        // Xcode's machine translation: a value nobody has read yet, so it needs review like needs_review.
        case "machine_translated": return TranslationState(raw: raw, meaning: .needsReview)
        case "stale": return TranslationState(raw: raw, meaning: .stale)
        default: return TranslationState(raw: raw, meaning: .other)
        }
    }

    static func rank(_ meaning: TranslationState.Meaning) -> Int {
        switch meaning {
        case .translated, .final: return 0
        case .other: return 1
        case .stale: return 2
        case .needsReview: return 3
        case .new, .needsTranslation: return 4
        }
    }

    mutating func problem(_ message: String, at location: SourceLocation, severity: Severity = .error,
                          builder: inout CatalogBuilder) {
        builder.problem(message, at: location, severity: severity, key: key, locale: locale)
    }

    mutating func invalid(_ message: String, at location: SourceLocation, severity: Severity = .error,
                          builder: inout CatalogBuilder) {
        builder.invalid(message, at: location, severity: severity, key: key, locale: locale)
    }

    mutating func readLocalization(_ node: JSONNode, builder: inout CatalogBuilder) -> UnitRead? {
        if builder.isUnfinished(node) { return nil }
        guard node.members != nil else {
            builder.wrongType("an object", for: locale, found: node, key: key, locale: locale)
            return nil
        }
        if let member = node.member("substitutions") {
            readSubstitutions(member.value, builder: &builder)
        }
        let read = readVariant(node, path: "", depth: 0, isLocalization: true, builder: &builder)
        for substitution in substitutions where !usedSubstitutions.contains(substitution.name) {
            problem("substitution \"\(substitution.name)\" is not named (as %#@\(substitution.name)@) by any value of this localization, so it is not read",
                    at: substitution.location ?? node.location, severity: .warning, builder: &builder)
        }
        reportUndefinedReferences(builder: &builder)
        return read
    }

    /// `%#@NAME@` in any string unit of the localization must name one of its substitutions.
    mutating func reportUndefinedReferences(builder: inout CatalogBuilder) {
        guard !referencingTexts.isEmpty, !substitutionsUnreadable else { return }
        let defined = declaredSubstitutions
        // Substitutions are read before the units that name them: report in file order.
        for (text, location) in referencingTexts.sorted(by: { $0.location < $1.location }) {
            var undefined: [String] = []
            for spec in FormatSpecifiers.scan(text).specifiers {
                guard let name = spec.variableName, !defined.contains(name), !misplacedSubstitutions.contains(name),
                      !undefined.contains(name) else { continue }
                undefined.append(name)
            }
            guard !undefined.isEmpty else { continue }
            let references = undefined.map { "%#@\($0)@" }.joined(separator: ", ")
            let names = undefined.map { "'\($0)'" }.joined(separator: ", ")
            let fix = defined.isEmpty
                ? "define it under \"substitutions\" of localization \"\(locale)\" (argNum, formatSpecifier and a plural) or write the argument as a plain specifier such as %lld"
                : "define it under \"substitutions\" or correct the name (defined: \(defined.sorted().joined(separator: ", ")))"
            invalid("\(references) in \"\(text.visibleExcerpt)\" names no substitution of localization \"\(locale)\": Xcode's compiler stops with \"Referencing undefined substitution \(names)\"; \(fix)",
                    at: location, builder: &builder)
        }
    }

    /// A localization or a variation case: a `stringUnit`, a `variations` object or a `stringSet`.
    mutating func readVariant(_ node: JSONNode, path: String, depth: Int, isLocalization: Bool,
                              builder: inout CatalogBuilder) -> UnitRead? {
        let place = path.isEmpty ? "localization \"\(locale)\"" : "\"\(path)\""
        guard node.members != nil else {
            problem("expected an object for \(place) but found \(node.kindDescription)", at: node.location,
                    builder: &builder)
            return nil
        }
        let stringUnit = node.member("stringUnit")
        let variations = node.member("variations")
        if !isLocalization, let nested = node.member("substitutions") {
            let names = nested.value.members?.map(\.name) ?? []
            misplacedSubstitutions.formUnion(names)
            invalid("\"substitutions\" inside \(place) are not read: Xcode's compiler looks for substitutions only at the localization and stops with \"Referencing undefined substitution\"; move them up into localization \"\(locale)\", next to its \"variations\"",
                    at: nested.nameLocation, builder: &builder)
        }
        if let variations {
            if let stringUnit {
                invalid("both \"stringUnit\" and \"variations\" in \(place): Xcode exports only the variations and its import then deletes the string unit; keep one of them (the variations, with the unit's text in their \"other\" case)",
                        at: stringUnit.nameLocation, builder: &builder)
            }
            return readVariations(variations, path: path, depth: depth, builder: &builder)
        }
        if let stringUnit {
            let unitPath = path.isEmpty ? "stringUnit" : path
            guard let (text, location) = readStringUnit(stringUnit.value, path: unitPath, builder: &builder) else {
                return nil
            }
            let names = isLocalization ? substitutions.map(\.name) : referencedSubstitutions(in: [text])
            guard !names.isEmpty else { return UnitRead(value: .text(text), valueLocation: location) }
            return UnitRead(value: .plural(PluralValue(format: text, formatLocation: location,
                                                       variables: takeSubstitutions(names))),
                            valueLocation: location)
        }
        if let stringSet = node.member("stringSet") {
            return readStringSet(stringSet.value, path: path.isEmpty ? "stringSet" : path, builder: &builder)
        }
        if isLocalization && !substitutions.isEmpty {
            let references = substitutions.map { "%#@\($0.name)@" }.joined(separator: " ")
            invalid("\(place) has \"substitutions\" but no \"stringUnit\": Xcode's compiler stops with \"Missing required key 'stringUnit'\"; add a string unit whose value names them (\(references))",
                    at: node.location, builder: &builder)
            let names = substitutions.map(\.name)
            let format = names.map { "%#@\($0)@" }.joined(separator: " ")
            return UnitRead(value: .plural(PluralValue(format: format, formatIsImplicit: true,
                                                       variables: takeSubstitutions(names))))
        }
        problem("expected \"stringUnit\", \"variations\" or \"stringSet\" in \(place)", at: node.location,
                builder: &builder)
        return nil
    }

    /// `"stringUnit": {"state": …, "value": …}` → the value and its location; records the state.
    mutating func readStringUnit(_ node: JSONNode, path: String, builder: inout CatalogBuilder)
        -> (String, SourceLocation)? {
        guard node.members != nil else {
            problem("expected an object for \"stringUnit\" but found \(node.kindDescription)", at: node.location,
                    builder: &builder)
            return nil
        }
        if let state = node["state"] {
            if let raw = state.stringValue { states.append((path, raw)) } else {
                problem("expected a string for \"state\" but found \(state.kindDescription)", at: state.location,
                        builder: &builder)
            }
        }
        guard let value = node["value"] else {
            problem("expected member \"value\" in \"stringUnit\"", at: node.location, builder: &builder)
            return nil
        }
        guard let text = value.stringValue else {
            problem("expected a string for \"value\" but found \(value.kindDescription)", at: value.location,
                    builder: &builder)
            return nil
        }
        if XCStringsReader.mayReferenceSubstitution(text) { referencingTexts.append((text, value.location)) }
        return (text, value.location)
    }

    mutating func readStringSet(_ node: JSONNode, path: String, builder: inout CatalogBuilder) -> UnitRead? {
        guard node.members != nil else {
            problem("expected an object for \"stringSet\" but found \(node.kindDescription)", at: node.location,
                    builder: &builder)
            return nil
        }
        if let state = node["state"], let raw = state.stringValue { states.append((path, raw)) }
        guard let values = node["values"] else {
            problem("expected member \"values\" in \"stringSet\"", at: node.location, builder: &builder)
            return nil
        }
        guard let elements = values.elements else {
            problem("expected an array for \"values\" but found \(values.kindDescription)", at: values.location,
                    builder: &builder)
            return nil
        }
        var texts: [String] = []
        for element in elements {
            if let text = element.stringValue { texts.append(text) } else {
                problem("expected a string in \"values\" but found \(element.kindDescription)", at: element.location,
                        builder: &builder)
            }
        }
        var attributes = ["stringSet.count": String(texts.count)]
        for (index, text) in texts.enumerated() { attributes["stringSet[\(index)]"] = text }
        return UnitRead(value: .text(texts.first ?? ""), valueLocation: elements.first?.location ?? values.location,
                        attributes: attributes)
    }

    // MARK: Variations

    mutating func readVariations(_ member: JSONMember, path: String, depth: Int,
                                 builder: inout CatalogBuilder) -> UnitRead? {
        guard let kinds = member.value.members else {
            problem("expected an object for \"variations\" but found \(member.value.kindDescription)",
                    at: member.value.location, builder: &builder)
            return nil
        }
        guard depth < XCStringsReader.maximumVariationDepth else {
            problem("variations nested more than \(XCStringsReader.maximumVariationDepth) levels deep are not read",
                    at: member.nameLocation, builder: &builder)
            return nil
        }
        var result: UnitRead? = nil
        var readKind: String? = nil
        for kind in kinds {
            guard ["plural", "device", "width"].contains(kind.name) else {
                problem("unknown variation kind \"\(kind.name)\": expected \"plural\", \"device\" or \"width\"",
                        at: kind.nameLocation, severity: .warning, builder: &builder)
                continue
            }
            if let readKind {
                if readKind != kind.name {
                    invalid("a \"\(kind.name)\" variation next to a \"\(readKind)\" variation in \(path.isEmpty ? "localization \"\(locale)\"" : "\"\(path)\""): Xcode exports only one of them and its import deletes the other (only \"\(readKind)\" is read here); vary by device first and by plural inside a device case",
                            at: kind.nameLocation, builder: &builder)
                }
                continue
            }
            readKind = kind.name
            let prefix = path.isEmpty ? kind.name : path + "." + kind.name
            if kind.name == "plural" {
                result = readPlural(kind, path: prefix, builder: &builder)
            } else {
                result = readCases(kind, kindValue: kind.name == "device" ? .device : .width, path: prefix,
                                   depth: depth, builder: &builder)
            }
            result?.valueLocation = member.value.location
        }
        if readKind == nil {
            problem("expected a \"plural\", \"device\" or \"width\" variation in \"variations\"",
                    at: member.value.location, builder: &builder)
        }
        return result
    }

    mutating func readCases(_ kind: JSONMember, kindValue: VariationValue.Kind, path: String, depth: Int,
                            builder: inout CatalogBuilder) -> UnitRead? {
        guard let members = kind.value.members else {
            problem("expected an object for \"\(kind.name)\" but found \(kind.value.kindDescription)",
                    at: kind.value.location, builder: &builder)
            return nil
        }
        var cases: [VariationValue.Case] = []
        for member in builder.distinctMembers(kind.value, members) {
            if kindValue == .device, let nested = member.value.member("variations") {
                let nestedKinds = nested.value.members?.map(\.name) ?? []
                if member.name == "other" {
                    invalid("the device fallback \"\(path).other\" is varied again: Xcode's compiler stops with \"Fallback value cannot be further varied\"; give \"other\" a \"stringUnit\" (for a count, one that names a substitution such as %#@count@)",
                            at: nested.nameLocation, builder: &builder)
                } else if nestedKinds.contains("device") {
                    invalid("a device variation inside device \"\(member.name)\": Xcode varies a string by device once; put each device's text or plural directly under \"\(path).\(member.name)\"",
                            at: nested.nameLocation, builder: &builder)
                }
            }
            if let read = readVariant(member.value, path: path + "." + member.name, depth: depth + 1,
                                      isLocalization: false, builder: &builder) {
                cases.append(VariationValue.Case(name: member.name, value: read.value, location: member.nameLocation))
            }
        }
        return UnitRead(value: .variations(VariationValue(kind: kindValue, cases: cases)))
    }

    mutating func readPlural(_ plural: JSONMember, path: String, builder: inout CatalogBuilder) -> UnitRead? {
        guard let forms = readForms(plural, path: path, variable: XCStringsReader.implicitPluralVariableName,
                                    builder: &builder) else { return nil }
        let variable = PluralVariable(name: XCStringsReader.implicitPluralVariableName,
                                      valueType: XCStringsReader.numericConversion(forms.map(\.text)),
                                      forms: forms, location: plural.nameLocation)
        let names = referencedSubstitutions(in: forms.map(\.text))
        return UnitRead(value: .plural(PluralValue(format: "%#@\(XCStringsReader.implicitPluralVariableName)@",
                                                   formatIsImplicit: true,
                                                   variables: [variable] + takeSubstitutions(names))))
    }

    /// `{"one": {"stringUnit": …}, "other": …}` → forms in file order, each located at its value.
    mutating func readForms(_ plural: JSONMember, path: String, variable: String,
                            builder: inout CatalogBuilder) -> [PluralForm]? {
        guard let members = plural.value.members else {
            problem("expected an object for \"plural\" but found \(plural.value.kindDescription)",
                    at: plural.value.location, builder: &builder)
            return nil
        }
        var forms: [PluralForm] = []
        for member in builder.distinctMembers(plural.value, members) {
            let formPath = path + "." + member.name
            guard member.value.members != nil else {
                problem("expected an object with a \"stringUnit\" for plural form \"\(member.name)\" but found \(member.value.kindDescription)",
                        at: member.value.location, builder: &builder)
                continue
            }
            if let nested = member.value.member("variations") {
                invalid("plural case \"\(formPath)\" is varied again: Xcode's compiler stops with \"Plural case cannot be further varied\"; give the case a \"stringUnit\"; to vary by device too, vary by device first with the plural inside each device case (in \"other\", a substitution such as %#@count@)",
                        at: nested.nameLocation, builder: &builder)
            }
            guard let stringUnit = member.value.member("stringUnit") else {
                if member.value.member("variations") != nil {
                    // The nested fallback text stands in for the case, so no rule reports the form missing too.
                    if let read = readVariant(member.value, path: formPath, depth: 1, isLocalization: false, builder: &builder),
                       let text = Self.fallbackText(read.value) {
                        forms.append(PluralForm(category: member.name, text: text, location: read.valueLocation ?? member.value.location))
                    }
                } else {
                    // Written, so not also "missing" to the plural rules.
                    invalidPluralCases.append(variable + ":" + member.name)
                    invalid("plural case \"\(formPath)\" has no \"stringUnit\": Xcode's compiler stops with \"Missing required key 'stringUnit'\"; add {\"stringUnit\": {\"state\": …, \"value\": …}} or delete the case",
                            at: member.value.location, builder: &builder)
                }
                continue
            }
            if let (text, location) = readStringUnit(stringUnit.value, path: formPath, builder: &builder) {
                forms.append(PluralForm(category: member.name, text: text, location: location))
            }
        }
        return forms
    }

    /// The text a varied value falls back to: device `other` (or its first case), plural `other`.
    static func fallbackText(_ value: Value) -> String? {
        switch value {
        case .text(let text): return text
        case .variations(let variations):
            guard let chosen = variations.cases.first(where: { $0.name == "other" }) ?? variations.cases.first else { return nil }
            return fallbackText(chosen.value)
        case .plural(let plural):
            guard let variable = plural.variables.first else { return nil }
            return (variable.form("other") ?? variable.forms.first)?.text
        }
    }

    // MARK: Substitutions

    mutating func readSubstitutions(_ node: JSONNode, builder: inout CatalogBuilder) {
        guard let members = node.members else {
            substitutionsUnreadable = true
            problem("expected an object for \"substitutions\" but found \(node.kindDescription)", at: node.location,
                    builder: &builder)
            return
        }
        for member in builder.distinctMembers(node, members) {
            let name = member.name
            declaredSubstitutions.insert(name)
            guard let fields = member.value.members else {
                problem("expected an object for substitution \"\(name)\" but found \(member.value.kindDescription)",
                        at: member.value.location, builder: &builder)
                continue
            }
            var variable = PluralVariable(name: name, forms: [], location: member.nameLocation)
            var hasPlural = false
            var reportedKind = false
            for field in builder.distinctMembers(member.value, fields) {
                switch field.name {
                case "argNum":
                    if let number = field.value.numberValue?.intValue { variable.argumentNumber = number } else {
                        problem("expected an integer for \"argNum\" but found \(field.value.kindDescription)",
                                at: field.value.location, builder: &builder)
                    }
                case "formatSpecifier":
                    if let text = field.value.stringValue { variable.valueType = text } else {
                        problem("expected a string for \"formatSpecifier\" but found \(field.value.kindDescription)",
                                at: field.value.location, builder: &builder)
                    }
                case "variations":
                    guard let kinds = field.value.members else {
                        problem("expected an object for \"variations\" but found \(field.value.kindDescription)",
                                at: field.value.location, builder: &builder)
                        continue
                    }
                    for kind in kinds {
                        if kind.name == "plural" && !hasPlural {
                            hasPlural = true
                            variable.forms = readForms(kind, path: "substitutions.\(name).plural", variable: name, builder: &builder) ?? []
                        } else if kind.name == "plural" {
                            problem("a second \"plural\" in substitution \"\(name)\" is not read",
                                    at: kind.nameLocation, severity: .warning, builder: &builder)
                        } else {
                            reportedKind = true
                            invalid("substitution \"\(name)\" varies by \"\(kind.name)\": a substitution varies by plural only, so Xcode's compiler rejects it; vary the localization by device instead and name the substitution in each device's string unit",
                                    at: kind.nameLocation, builder: &builder)
                        }
                    }
                default:
                    if let text = CatalogBuilder.scalarText(field.value) { variable.otherKeys[field.name] = text }
                }
            }
            if !hasPlural && !reportedKind {
                invalid("substitution \"\(name)\" has no plural (\"variations\" → \"plural\" → a case with a \"stringUnit\"): Xcode's compiler needs one to build the string; add the plural cases, or delete the substitution and write its argument as a plain specifier",
                        at: member.value.location, builder: &builder)
            }
            substitutions.append(variable)
        }
    }

    /// Names of the substitutions that these texts refer to as `%#@NAME@` (or `%1$#@NAME@`).
    func referencedSubstitutions(in texts: [String]) -> [String] {
        guard !substitutions.isEmpty else { return [] }
        return substitutions.map(\.name).filter { name in
            let reference = "#@\(name)@"
            return texts.contains { $0.contains(reference) }
        }
    }

    mutating func takeSubstitutions(_ names: [String]) -> [PluralVariable] {
        usedSubstitutions.formUnion(names)
        return substitutions.filter { names.contains($0.name) }
    }
}

extension XCStringsReader {
    /// The one numeric printf conversion (`d`, `lld`, `f`, …) the texts use, or nil when there is
    /// none or more than one; positions (`%1$`), flags, width and precision are ignored.
    static func numericConversion(_ texts: [String]) -> String? {
        var found: String? = nil
        for text in texts {
            for conversion in conversions(in: text) {
                guard let last = conversion.last, "diouxXeEfFgGaA".contains(last) else { continue }
                if let found, found != conversion { return nil }
                found = conversion
            }
        }
        return found
    }

    /// Length modifier plus conversion of each `%` specifier in a text, e.g. `["lld", "@"]`.
    static func conversions(in text: String) -> [String] {
        var result: [String] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: "%") { i += 1; continue }
            // Position `1$`.
            var j = i
            while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1 }
            if j < bytes.count && j > i && bytes[j] == UInt8(ascii: "$") { i = j + 1 }
            // Flags, width, precision.
            var isSubstitution = false
            while i < bytes.count && "-+ #0'".utf8.contains(bytes[i]) {
                if bytes[i] == UInt8(ascii: "#") { isSubstitution = true }
                i += 1
            }
            while i < bytes.count, bytes[i] == UInt8(ascii: "*") || bytes[i] == UInt8(ascii: ".")
                    || (bytes[i] >= 0x30 && bytes[i] <= 0x39) {
                i += 1
            }
            let start = i
            while i < bytes.count, "hlqLztj".utf8.contains(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let conversion = bytes[i]
            i += 1
            if isSubstitution && conversion == UInt8(ascii: "@") {
                // `%#@name@` names a variable; skip the name.
                while i < bytes.count && bytes[i] != UInt8(ascii: "@") { i += 1 }
                i += 1
                continue
            }
            guard "diouxXeEfFgGaAcCsSp@".utf8.contains(conversion) else { continue }
            result.append(String(decoding: bytes[start..<i], as: UTF8.self))
        }
        return result
    }
}

extension XCStringsReader {
    /// True when the text may name a substitution (`%#@NAME@`, `%1$#@NAME@`): it holds `#@`.
    static func mayReferenceSubstitution(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "@") && previous == UInt8(ascii: "#") { return true }
            previous = byte
        }
        return false
    }

    static let pluralCategories: Set<Substring> = ["zero", "one", "two", "few", "many", "other"]
    static let deviceNames: Set<Substring> = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]

    /// What Xcode's XLIFF export appends to a key for one variation (`|==|plural.one`,
    /// `|==|device.iphone`, `|==|device.ipad.plural.few`, `|==|substitutions.count.plural.other`);
    /// Xcode's import reads any unit id that ends so as that variation of the key before it.
    struct VariationPath: Equatable {
        var baseKey: String
        /// After `|==|`, e.g. `plural.one`.
        var suffix: String
        var device: String?
        var substitution: String?
        var category: String?

        /// The path a key ends with after its last `|==|`, or nil when it ends in no variation Xcode knows.
        init?(key: String) {
            guard let separator = key.range(of: "|==|", options: .backwards) else { return nil }
            let suffix = key[separator.upperBound...]
            baseKey = String(key[..<separator.lowerBound])
            self.suffix = String(suffix)
            let parts = suffix.split(separator: ".", omittingEmptySubsequences: false)
            switch parts.first {
            case "plural":
                guard parts.count == 2, XCStringsReader.pluralCategories.contains(parts[1]) else { return nil }
                category = String(parts[1])
            case "device":
                guard parts.count >= 2, XCStringsReader.deviceNames.contains(parts[1]) else { return nil }
                device = String(parts[1])
                if parts.count == 2 { break }
                guard parts.count == 4, parts[2] == "plural", XCStringsReader.pluralCategories.contains(parts[3]) else { return nil }
                category = String(parts[3])
            case "substitutions":
                // The name may hold dots; Xcode then writes it between `@`s (`substitutions.@a.b@.plural.one`).
                guard parts.count >= 4, parts[parts.count - 2] == "plural",
                      XCStringsReader.pluralCategories.contains(parts[parts.count - 1]) else { return nil }
                var name = parts[1..<(parts.count - 2)].joined(separator: ".")
                if name.count > 2 && name.hasPrefix("@") && name.hasSuffix("@") { name = String(name.dropFirst().dropLast()) }
                guard !name.isEmpty else { return nil }
                substitution = name
                category = String(parts[parts.count - 1])
            default:
                return nil
            }
        }

        /// True when the value has the variation this path names.
        func names(_ value: Value) -> Bool {
            switch value {
            case .text:
                return false
            case .variations(let variations):
                if let substitution {
                    return variations.cases.contains { names(substitution, in: $0.value) }
                }
                guard variations.kind == .device, let device,
                      let match = variations.cases.first(where: { $0.name == device }) else { return false }
                guard let category else { return true }
                return Self.hasForm(category, of: XCStringsReader.implicitPluralVariableName, in: match.value)
            case .plural:
                if let substitution { return names(substitution, in: value) }
                guard device == nil, let category else { return false }
                return Self.hasForm(category, of: XCStringsReader.implicitPluralVariableName, in: value)
            }
        }

        private func names(_ substitution: String, in value: Value) -> Bool {
            switch value {
            case .text: return false
            case .plural: return Self.hasForm(category ?? "other", of: substitution, in: value)
            case .variations(let variations): return variations.cases.contains { names(substitution, in: $0.value) }
            }
        }

        private static func hasForm(_ category: String, of variable: String, in value: Value) -> Bool {
            guard case .plural(let plural) = value else { return false }
            return plural.variable(named: variable)?.form(category) != nil
        }
    }
}
