/// One side (`<source>` or `<target>`) of a unit as read.
struct XLIFFUnitSide {
    var content: XLIFFContent
    /// Where the element's start tag is.
    var elementLocation: SourceLocation
    var state: TranslationState?
    /// Where the text starts: the first character, or the element when it is empty.
    var textLocation: SourceLocation { content.firstLocation ?? elementLocation }
}

/// A translation unit as read, before Xcode's id encodings are mapped back into the model.
/// A class: the assembler looks units up many times, and a reference is one retain where a copy of
/// this large value would be a dozen.
final class XLIFFRawUnit {
    let id: String
    /// Where the id's value starts.
    let idLocation: SourceLocation
    let shouldTranslate: Bool
    var source: XLIFFUnitSide?
    var target: XLIFFUnitSide?
    var notes: [String] = []
    var attributes: [String: String] = [:]

    init(id: String, idLocation: SourceLocation, shouldTranslate: Bool) {
        self.id = id
        self.idLocation = idLocation
        self.shouldTranslate = shouldTranslate
    }

    func side(_ target: Bool) -> XLIFFUnitSide? { target ? self.target : source }

    /// The notes joined by newlines (empty notes left out); nil without any text.
    var comment: String? {
        if notes.count == 1 { return notes[0].isEmpty ? nil : notes[0] }  // Xcode's usual single note
        let nonEmpty = notes.filter { !$0.isEmpty }
        return nonEmpty.isEmpty ? nil : nonEmpty.joined(separator: "\n")
    }
}

/// Maps the units of one XLIFF `<file>` to entries, undoing Xcode's encodings:
///
/// - `.stringsdict` units: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` (the format) and
///   `/KEY:dict/VAR:dict/CATEGORY:dict/:string` (a form; `NSStringFormatSpecTypeKey` and
///   `NSStringFormatValueTypeKey` units are read when present, other `NS…` names go to `otherKeys`).
///   Xcode writes a leading `/`, which is not part of the key. One `.plural` entry per KEY, mapped
///   like `StringsdictReader`. Xcode does not export the value type, so it is inferred from the forms
///   (`XCStringsReader.numericConversion`) unless a value-type unit says otherwise.
/// - String Catalog units: `KEY|==|plural.CAT`, `KEY|==|substitutions.NAME.plural.CAT`,
///   `KEY|==|device.NAME` (and `device.NAME.plural.CAT`, `width.NAME`), with the substitutions' format
///   in the plain unit `KEY`. Mapped like `XCStringsReader`: a top-level plural is the implicit
///   `%#@__plural@` format; substitutions are variables attached to the text that names them, with
///   `argumentNumber` and `valueType` taken from the forms' positional specifier (`%2$ld` → 2, `ld`),
///   since Xcode writes `%arg` back as that specifier. State: the worst of the units' states, each
///   unit's raw state kept as `attributes["state:<path>"]` when there are several.
/// - Anything else: key = id (or resname, for translation platforms' numbered units; see
///   `XLIFF12Reader.keysByResname`).
///
/// A value exists on a side only when its format unit (the plain `KEY` unit, or the
/// `NSStringLocalizedFormatKey` unit) has that side, or, without one, when any of its units has it.
struct XcodeUnitAssembler {
    let path: String
    let table: String
    var findings: [Finding] = []

    private enum Kind { case plain, catalog, stringsdict }

    private struct Group {
        var key: String
        var kind: Kind
        /// The plain `KEY` unit (or the stringsdict format unit), as an index into `units`.
        var base: Int?
        /// `(path after |==|, unit)` or `(components after KEY, unit)` in file order; indices into `units`.
        var parts: [(path: [String], unit: Int)] = []
        /// The unit whose id is exactly `key`, if any (a second one is a duplicate id).
        var plainUnit: Int?
        var first: Int { base ?? parts[0].unit }
    }

    /// The units being assembled; groups refer to them by index, so no unit is copied.
    private var units: [XLIFFRawUnit] = []

    init(path: String, table: String) {
        self.path = path
        self.table = table
    }

    mutating func entries(_ units: [XLIFFRawUnit], locale: String?) -> (source: [Entry], target: [Entry]) {
        self.units = units
        defer { self.units = [] }
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        groupIndex.reserveCapacity(units.count)
        // Exact duplicates of encoded ids; a plain id's duplicate is a second plain unit in its group,
        // which saves hashing every (often long) plain id twice.
        var seenEncodedIDs: [String: SourceLocation] = [:]
        for unitIndex in units.indices {
            let id = units[unitIndex].id, idLocation = units[unitIndex].idLocation
            let (key, kind, partPath) = Self.classify(id)
            // A unit keyed by its resname (translation platforms) keeps its own id as an attribute.
            let naming = units[unitIndex].attributes["id"] == nil ? "trans-unit id" : "resname"
            func reportDuplicate(of first: SourceLocation) {
                findings.append(Finding(
                    ruleID: ReaderRule.duplicateKey, severity: .error,
                    message: "duplicate \(naming) \"\(id)\" in this <file>; the first one is used",
                    location: idLocation, locale: locale, table: table, key: id,
                    notes: [Finding.Note(message: "first \"\(id)\" is here", location: first)]))
            }
            if kind != .plain {
                if let first = seenEncodedIDs[id] {
                    reportDuplicate(of: first)
                    continue
                }
                seenEncodedIDs[id] = idLocation
            }
            // One hash: the defaulted subscript inserts the placeholder -1 for a new key.
            let newIndex = groups.count
            let index = { (slot: inout Int) -> Int in
                if slot < 0 { slot = newIndex }
                return slot
            }(&groupIndex[key, default: -1])
            if index == newIndex {
                groups.append(Group(key: key, kind: kind))
            } else if groups[index].kind == .plain && kind != .plain {
                groups[index].kind = kind
            }
            if let partPath {
                if kind == .stringsdict && partPath == [StringsdictReader.formatKey] && groups[index].base == nil {
                    groups[index].base = unitIndex
                } else {
                    groups[index].parts.append((partPath, unitIndex))
                }
            } else {
                if let first = groups[index].plainUnit {
                    reportDuplicate(of: units[first].idLocation)
                    continue
                }
                groups[index].plainUnit = unitIndex
                groups[index].base = unitIndex
            }
        }
        var sources: [Entry] = [], targets: [Entry] = []
        sources.reserveCapacity(groups.count)
        targets.reserveCapacity(groups.count)
        for g in groups.indices {
            if let entry = entry(groups[g], target: false, locale: locale) { sources.append(entry) }
            if let entry = entry(groups[g], target: true, locale: locale) { targets.append(entry) }
        }
        return (sources, targets)
    }

    /// Ends with `:dict/:string`, compared as bytes.
    private static func hasStringsdictSuffix(_ id: String) -> Bool {
        id.utf8.count > 13 && id.hasByteSuffix(":dict/:string")
    }

    /// Splits an id into its key and the path of the part it encodes.
    private static func classify(_ id: String) -> (key: String, kind: Kind, path: [String]?) {
        if let range = id.firstByteRange(of: "|==|") {
            let key = String(id[..<range.lowerBound])
            let rest = id[range.upperBound...]
            return (key, .catalog, rest.parts(separatedBy: UInt8(ascii: ".")).map(String.init))
        }
        if hasStringsdictSuffix(id),
           let first = id.firstByteRange(of: ":dict/") {
            var key = String(id[..<first.lowerBound])
            if key.hasPrefix("/") { key.removeFirst() }
            let middle = id[first.upperBound..<id.index(id.endIndex, offsetBy: -":string".count)]
            // `VAR:dict/one:dict/` → ["VAR", "one"]
            var components = middle.components(separatedBy: ":dict/")
            if components.last == "" { components.removeLast() }
            if components.count == 1 || components.count == 2 {
                return (key, .stringsdict, components)
            }
        }
        return (id, .plain, nil)
    }

    private func entry(_ group: Group, target: Bool, locale: String?) -> Entry? {
        switch group.kind {
        case .plain:
            guard let base = group.base else { return nil }
            let unit = units[base]
            guard let side = unit.side(target) else { return nil }
            var attributes = unit.attributes
            if let inline = side.content.inlineAttribute { attributes["inline"] = inline }
            return Entry(key: group.key, value: .text(side.content.text), comment: unit.comment,
                         state: target ? side.state : nil, location: unit.idLocation, valueLocation: side.textLocation,
                         sourceValue: target ? unit.source.map { .text($0.content.text) } : nil,
                         sourceValueLocation: target ? unit.source?.textLocation : nil,
                         shouldTranslate: unit.shouldTranslate, attributes: attributes)
        case .catalog:
            return catalogEntry(group, target: target)
        case .stringsdict:
            return stringsdictEntry(group, target: target)
        }
    }

    private func makeEntry(_ group: Group, value: Value, source: (value: Value, location: SourceLocation)?, states: [(String, TranslationState)],
                           valueLocation: SourceLocation, target: Bool) -> Entry {
        let first = units[group.first]
        var attributes = first.attributes
        if target && states.count > 1 {
            for (path, state) in states { attributes["state:" + path] = state.raw }
        }
        let comment = group.base.flatMap { units[$0].comment } ?? group.parts.lazy.compactMap { self.units[$0.unit].comment }.first
        return Entry(key: group.key, value: value, comment: comment,
                     state: target ? XLIFFStates.worst(states.map(\.1)) : nil,
                     location: first.idLocation, valueLocation: valueLocation, sourceValue: source?.value,
                     sourceValueLocation: source?.location, shouldTranslate: first.shouldTranslate, attributes: attributes)
    }

    // MARK: String Catalog units

    private func catalogEntry(_ group: Group, target: Bool) -> Entry? {
        guard let value = catalogValue(group, target: target) else { return nil }
        let source = target ? catalogValue(group, target: false).map { ($0.value, $0.location) } : nil
        return makeEntry(group, value: value.value, source: source, states: value.states,
                         valueLocation: value.location, target: target)
    }

    private struct CaseBuild {
        var name: String
        var text: (String, SourceLocation)?
        var forms: [PluralForm] = []
        var location: SourceLocation
    }

    private func catalogValue(_ group: Group, target: Bool) -> (value: Value, states: [(String, TranslationState)], location: SourceLocation)? {
        if let base = group.base, units[base].side(target) == nil { return nil }
        if group.base == nil && !group.parts.contains(where: { units[$0.unit].side(target) != nil }) { return nil }
        var states: [(String, TranslationState)] = []
        var location: SourceLocation? = nil
        var baseText: (String, SourceLocation)? = nil
        if let base = group.base, let side = units[base].side(target) {
            baseText = (side.content.text, side.textLocation)
            location = side.textLocation
            if let state = side.state { states.append(("stringUnit", state)) }
        }
        var pluralForms: [PluralForm] = []
        var pluralLocation: SourceLocation? = nil
        var substitutions: [PluralVariable] = []
        var substitutionIndex: [String: Int] = [:]
        var cases: [CaseBuild] = []
        var caseKind: VariationValue.Kind? = nil
        for (path, unitIndex) in group.parts {
            let unit = units[unitIndex]
            guard let side = unit.side(target) else { continue }
            let text = side.content.text, at = side.textLocation
            if location == nil { location = at }
            if let state = side.state { states.append((path.joined(separator: "."), state)) }
            switch path.first {
            case "plural" where path.count == 2:
                if pluralLocation == nil { pluralLocation = unit.idLocation }
                pluralForms.append(PluralForm(category: path[1], text: text, location: at))
            case "substitutions" where path.count == 4 && path[2] == "plural":
                let name = path[1]
                if substitutionIndex[name] == nil {
                    substitutionIndex[name] = substitutions.count
                    substitutions.append(PluralVariable(name: name, forms: [], location: unit.idLocation))
                }
                substitutions[substitutionIndex[name]!].forms.append(PluralForm(category: path[3], text: text, location: at))
            case "device" where path.count == 2 || (path.count == 4 && path[2] == "plural"),
                 "width" where path.count == 2 || (path.count == 4 && path[2] == "plural"):
                let kind: VariationValue.Kind = path[0] == "device" ? .device : .width
                if caseKind == nil { caseKind = kind }
                guard caseKind == kind else { continue }
                let index: Int
                if let existing = cases.firstIndex(where: { $0.name == path[1] }) {
                    index = existing
                } else {
                    index = cases.count
                    cases.append(CaseBuild(name: path[1], location: unit.idLocation))
                }
                if path.count == 2 {
                    cases[index].text = (text, at)
                } else {
                    cases[index].forms.append(PluralForm(category: path[3], text: text, location: at))
                }
            default:
                continue  // reported once, in `reportUnknownPaths`
            }
        }
        for k in substitutions.indices {
            let (argument, conversion) = Self.positionalSpecifier(substitutions[k].forms.map(\.text))
            substitutions[k].argumentNumber = argument
            substitutions[k].valueType = conversion
        }
        func referenced(_ texts: [String]) -> [PluralVariable] {
            substitutions.filter { variable in texts.contains { $0.contains("#@\(variable.name)@") } }
        }
        func implicitPlural(_ forms: [PluralForm], at location: SourceLocation?) -> Value {
            let variable = PluralVariable(name: XCStringsReader.implicitPluralVariableName,
                                          valueType: XCStringsReader.numericConversion(forms.map(\.text)),
                                          forms: forms, location: location)
            return .plural(PluralValue(format: "%#@\(XCStringsReader.implicitPluralVariableName)@", formatIsImplicit: true,
                                       variables: [variable] + referenced(forms.map(\.text))))
        }
        let value: Value
        if !pluralForms.isEmpty {
            value = implicitPlural(pluralForms, at: pluralLocation)
        } else if let caseKind, !cases.isEmpty {
            value = .variations(VariationValue(kind: caseKind, cases: cases.map { build in
                let caseValue: Value
                if !build.forms.isEmpty {
                    caseValue = implicitPlural(build.forms, at: build.location)
                } else if let (text, at) = build.text {
                    let names = referenced([text])
                    caseValue = names.isEmpty ? .text(text)
                                              : .plural(PluralValue(format: text, formatLocation: at, variables: names))
                } else {
                    caseValue = .text("")
                }
                return VariationValue.Case(name: build.name, value: caseValue, location: build.location)
            }))
        } else if let (text, at) = baseText {
            value = substitutions.isEmpty ? .text(text)
                                          : .plural(PluralValue(format: text, formatLocation: at, variables: substitutions))
        } else if !substitutions.isEmpty {
            let format = substitutions.map { "%#@\($0.name)@" }.joined(separator: " ")
            value = .plural(PluralValue(format: format, formatIsImplicit: true, variables: substitutions))
        } else {
            return nil
        }
        return (value, states, location ?? units[group.first].idLocation)
    }

    /// Units after `|==|` whose path this reader does not know; reported once per unit.
    mutating func reportUnknownPaths(_ units: [XLIFFRawUnit], locale: String?) {
        // Indices, not `for unit in units`: iterating an array copies each (large) unit.
        for k in units.indices where units[k].id.containsByte(UInt8(ascii: "|")) {
            let id = units[k].id
            guard let range = id.firstByteRange(of: "|==|") else { continue }
            let path = id[range.upperBound...].split(separator: ".", omittingEmptySubsequences: false)
            let known: Bool
            switch path.first {
            case "plural": known = path.count == 2
            case "substitutions": known = path.count == 4 && path[2] == "plural"
            case "device", "width": known = path.count == 2 || (path.count == 4 && path[2] == "plural")
            default: known = false
            }
            if !known {
                findings.append(Finding(
                    ruleID: ReaderRule.syntax, severity: .warning,
                    message: "unrecognised String Catalog variation path \"\(path.joined(separator: "."))\"; expected plural.CATEGORY, substitutions.NAME.plural.CATEGORY, device.NAME or width.NAME; this unit is not read",
                    location: units[k].idLocation, locale: locale, table: table, key: String(id[..<range.lowerBound])))
            }
        }
    }

    /// The argument number and conversion of the positional specifiers in a substitution's forms
    /// (`%2$ld` → (2, "ld")), when all forms that have one agree; otherwise the one numeric
    /// conversion the forms use.
    static func positionalSpecifier(_ texts: [String]) -> (Int?, String?) {
        var argument: Int? = nil, conversion: String? = nil, conflicting = false
        for text in texts {
            let bytes = Array(text.utf8)
            var i = 0
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
                i += 1
                if i < bytes.count && bytes[i] == UInt8(ascii: "%") { i += 1; continue }
                var j = i, number = 0
                while j < bytes.count && bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                    number = min(number * 10 + Int(bytes[j] - 0x30), 1_000_000)
                    j += 1
                }
                guard j > i, j < bytes.count, bytes[j] == UInt8(ascii: "$") else { continue }
                let specStart = j + 1
                var k = specStart
                while k < bytes.count, "-+ #0'.*123456789hlqLztj".utf8.contains(bytes[k]) { k += 1 }
                guard k < bytes.count, "diouxXeEfFgGaAcCsSp@".utf8.contains(bytes[k]) else { continue }
                let spec = String(decoding: bytes[specStart...k], as: UTF8.self)
                if spec.contains("#") { i = k + 1; continue }  // `%1$#@name@` names a variable
                if argument == nil {
                    argument = number
                    conversion = spec
                } else if argument != number || conversion != spec {
                    conflicting = true
                }
                i = k + 1
            }
        }
        if conflicting || argument == nil { return (nil, XCStringsReader.numericConversion(texts)) }
        return (argument, conversion)
    }

    // MARK: Stringsdict units

    private func stringsdictEntry(_ group: Group, target: Bool) -> Entry? {
        guard let value = stringsdictValue(group, target: target) else { return nil }
        let source = target ? stringsdictValue(group, target: false).map { ($0.value, $0.location) } : nil
        return makeEntry(group, value: value.value, source: source, states: value.states,
                         valueLocation: value.location, target: target)
    }

    private func stringsdictValue(_ group: Group, target: Bool) -> (value: Value, states: [(String, TranslationState)], location: SourceLocation)? {
        if let base = group.base, units[base].side(target) == nil { return nil }
        if group.base == nil && !group.parts.contains(where: { units[$0.unit].side(target) != nil }) { return nil }
        var states: [(String, TranslationState)] = []
        var format = "", formatLocation: SourceLocation? = nil
        if let base = group.base, let side = units[base].side(target) {
            format = side.content.text
            formatLocation = side.textLocation
            if let state = side.state { states.append((StringsdictReader.formatKey, state)) }
        }
        var variables: [PluralVariable] = []
        var variableIndex: [String: Int] = [:]
        var explicitValueType = Set<String>()
        for (path, unitIndex) in group.parts {
            let unit = units[unitIndex]
            guard let side = unit.side(target) else { continue }
            let text = side.content.text, at = side.textLocation
            if let state = side.state { states.append((path.joined(separator: "/"), state)) }
            let name = path[0]
            if variableIndex[name] == nil {
                variableIndex[name] = variables.count
                variables.append(PluralVariable(name: name, forms: [], location: unit.idLocation))
            }
            let index = variableIndex[name]!
            guard path.count == 2 else { continue }  // `KEY:dict/VAR:dict/:string`: a bare string, reported below
            switch path[1] {
            case StringsdictReader.specTypeKey: variables[index].specType = text
            case StringsdictReader.valueTypeKey:
                variables[index].valueType = text
                explicitValueType.insert(name)
            case let other where other.hasPrefix("NS"): variables[index].otherKeys[other] = text
            default: variables[index].forms.append(PluralForm(category: path[1], text: text, location: at))
            }
        }
        for k in variables.indices where !explicitValueType.contains(variables[k].name) {
            variables[k].valueType = XCStringsReader.numericConversion(variables[k].forms.map(\.text))
        }
        let location = formatLocation ?? group.parts.lazy.compactMap { self.units[$0.unit].side(target)?.textLocation }.first
        return (.plural(PluralValue(format: format, formatLocation: formatLocation, formatIsImplicit: group.base == nil,
                                    variables: variables)),
                states, location ?? units[group.first].idLocation)
    }

    /// Stringsdict groups without a format unit, and bare `KEY:dict/VAR:dict/:string` units.
    mutating func reportIncompleteStringsdictUnits(_ units: [XLIFFRawUnit], locale: String?) {
        var keysWithFormat = Set<String>(), firstUnit: [String: SourceLocation] = [:], order: [String] = []
        for k in units.indices where Self.hasStringsdictSuffix(units[k].id) {
            let unit = units[k]
            let (key, kind, path) = Self.classify(unit.id)
            guard kind == .stringsdict, let path else { continue }
            if path == [StringsdictReader.formatKey] { keysWithFormat.insert(key) }
            if firstUnit[key] == nil {
                firstUnit[key] = unit.idLocation
                order.append(key)
            }
            if path.count == 1 && path[0] != StringsdictReader.formatKey {
                findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                        message: "stringsdict unit \"\(unit.id)\": expected a plural form or NSString… key after the variable \"\(path[0])\"",
                                        location: unit.idLocation, locale: locale, table: table, key: key))
            }
        }
        for key in order where !keysWithFormat.contains(key) {
            findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                    message: "stringsdict entry \"\(key)\" has no \"\(key):dict/NSStringLocalizedFormatKey:dict/:string\" unit; expected one holding the format",
                                    location: firstUnit[key]!, locale: locale, table: table, key: key))
        }
    }
}
