// XLIFF 2: checks on single elements — module elements, size restrictions, inline codes,
// annotations and fragment identifiers.

extension XLIFF2Reader {
    static let matchesNamespace = "urn:oasis:names:tc:xliff:matches:2.0"
    static let metadataNamespace = "urn:oasis:names:tc:xliff:metadata:2.0"
    static let validationNamespace = "urn:oasis:names:tc:xliff:validation:2.0"
    static let sizeNamespace = "urn:oasis:names:tc:xliff:sizerestriction:2.0"

    /// A few constraints of the modules that are cheap to check on one element: NMTOKEN ids,
    /// required attributes and enumerated values. The rest of the modules is not validated.
    mutating func checkModuleElement(_ element: XMLStartElement) {
        let uri = element.name.namespaceURI ?? "", local = element.name.localName
        if let id = element.attribute("id"), !Self.isNMTOKEN(id.value) {
            invalid("id=\"\(id.value)\" on <\(element.name.qualifiedName)> is not a valid identifier (NMTOKEN)", at: id.valueLocation)
        }
        func enumerated(_ name: String, _ values: Set<String>) {
            if let attribute = element.attribute(name), !values.contains(attribute.value) {
                invalid("\(name)=\"\(attribute.value)\" on <\(element.name.qualifiedName)>; expected one of \(values.sorted().joined(separator: ", "))",
                        at: attribute.valueLocation)
            }
        }
        switch (uri, local) {
        case (Self.metadataNamespace, "meta"):
            if element.attribute("type") == nil { invalid("expected the attribute type on <\(element.name.qualifiedName)>", at: element.location) }
            if let appliesTo = element.attribute("appliesTo") {
                invalid("appliesTo is allowed on <mda:metaGroup> only", at: appliesTo.location)
            }
        case (Self.metadataNamespace, "metaGroup"):
            enumerated("appliesTo", ["source", "target", "ignorable"])
        case (Self.matchesNamespace, "match"):
            enumerated("type", ["am", "mt", "icm", "idm", "tb", "tm", "other"])
            if element.attribute("subType") != nil && element.attribute("type") == nil {
                invalid("subType without type on <\(element.name.qualifiedName)>", at: element.location)
            }
            if let lang = element.attribute("lang", namespace: XMLTokenizer.xmlNamespace) {
                invalid("xml:lang is not allowed on <\(element.name.qualifiedName)>", at: lang.location)
            }
            if let ref = element.attribute("ref"), !ref.value.hasPrefix("#") {
                invalid("ref=\"\(ref.value)\" on <\(element.name.qualifiedName)>; expected a fragment identifier (#…)", at: ref.valueLocation)
            }
        case (Self.validationNamespace, "rule"):
            let kinds = ["isPresent", "isNotPresent", "startsWith", "endsWith"].filter { element.attribute($0) != nil }
            let custom = element.attributes.contains { $0.name.namespaceURI != nil && $0.name.namespaceURI != Self.validationNamespace
                && $0.name.namespaceURI != XMLTokenizer.xmlnsNamespace }
            if kinds.count != 1 && !(kinds.isEmpty && custom) {
                invalid("<\(element.name.qualifiedName)> needs exactly one of isPresent, isNotPresent, startsWith and endsWith", at: element.location)
            }
            if element.attribute("existsInSource") != nil && !["isPresent", "startsWith", "endsWith"].contains(where: { kinds.contains($0) }) {
                invalid("existsInSource needs isPresent, startsWith or endsWith", at: element.location)
            }
            if let occurs = element.attribute("occurs") {
                if Int(occurs.value).map({ $0 < 1 }) ?? true {
                    invalid("occurs=\"\(occurs.value)\"; expected a positive integer", at: occurs.valueLocation)
                }
                if element.attribute("isPresent") == nil { invalid("occurs needs isPresent", at: occurs.location) }
            }
            enumerated("caseSensitive", ["yes", "no"])
            enumerated("normalization", ["none", "nfc", "nfd"])
            enumerated("disabled", ["yes", "no"])
        default:
            break
        }
    }

    /// Size and storage restriction attributes on core elements.
    mutating func checkSizeAttributes(_ element: XMLStartElement) {
        let sizeInfo = element.attribute("sizeInfo", namespace: Self.sizeNamespace)
        let sizeInfoRef = element.attribute("sizeInfoRef", namespace: Self.sizeNamespace)
        // sizeInfo's form depends on the profile (the suite has a valid `sizeInfo="some info"`); equivStorage is a count.
        for attribute in [element.attribute("equivStorage", namespace: Self.sizeNamespace)].compactMap({ $0 })
        where Int(attribute.value).map({ $0 < 0 }) ?? true {
            invalid("\(attribute.name.qualifiedName)=\"\(attribute.value)\"; expected a non-negative integer", at: attribute.valueLocation)
        }
        if let sizeInfo, sizeInfoRef != nil {
            invalid("slr:sizeInfo and slr:sizeInfoRef on the same element; expected one of them", at: sizeInfo.location)
        }
        if element.name.localName == "ec" && element.value(of: "isolated") != "yes", let either = sizeInfo ?? sizeInfoRef {
            invalid("\(either.name.qualifiedName) is not allowed on a non-isolated <ec>: it belongs on the <sc>", at: either.location)
        }
    }

    static func isPrefixedValue(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":") else { return false }
        return colon != value.startIndex && value.index(after: colon) != value.endIndex
    }

    /// `<cp hex="…"/>` → the character; only characters XML cannot carry are allowed.
    mutating func codePoint(_ element: XMLStartElement) -> Character {
        checkAttributes(element)
        guard let hex = element.attribute("hex") else {
            invalid("expected the attribute hex on <cp>", at: element.location)
            return "\u{FFFD}"
        }
        guard !hex.value.isEmpty, hex.value.count <= 6, let value = UInt32(hex.value, radix: 16) else {
            invalid("hex=\"\(hex.value)\" on <cp>; expected a hexadecimal code point", at: hex.valueLocation)
            return "\u{FFFD}"
        }
        let allowedInXML = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        if allowedInXML {
            invalid("<cp hex=\"\(hex.value)\"/> encodes a character XML allows; expected the character itself", at: hex.valueLocation)
        }
        return Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}"
    }

    /// Reads the content of a `<source>` or `<target>`, recording inline elements.
    mutating func readInline(_ xml: inout XMLTokenizer, preserve: Bool, part: Int, items: inout [InlineItem],
                                         subFlows: inout [(String, SourceLocation)], key: String?) -> XLIFFContent {
        var content = XLIFFContent(preserveSpace: preserve, trimsEnds: false)
        var open: [(name: String, id: String?, start: Int, counts: Bool)] = []
        while let event = xml.next() {
            switch event {
            case .text(let text):
                content.appendText(text.text, at: text.location)
            case .startElement(let element):
                guard isCore(element.name) else {
                    invalid("<\(element.name.qualifiedName)> is not allowed in inline content", at: element.location, key: key)
                    _ = xml.skipElement()
                    continue
                }
                let name = element.name.localName
                checkAttributes(element)
                for attribute in ["subFlows", "subFlowsStart", "subFlowsEnd"] {
                    guard let value = element.attribute(attribute) else { continue }
                    for reference in value.value.split(separator: " ") { subFlows.append((String(reference), value.valueLocation)) }
                }
                switch name {
                case "cp":
                    let character = codePoint(element)
                    content.appendText(String(character), at: element.location)
                    open.append((name, nil, 0, false))
                case "ph", "sc", "ec":
                    items.append(InlineItem(element: element, part: part))
                    content.appendPlaceholder(name, id: element.value(of: "id") ?? element.value(of: "startRef"), at: element.location)
                    open.append((name, nil, 0, false))
                case "sm", "em":
                    items.append(InlineItem(element: element, part: part))
                    open.append((name, nil, 0, false))
                case "pc", "mrk":
                    items.append(InlineItem(element: element, part: part))
                    open.append((name, element.value(of: "id"), content.beginCode(at: element.location), true))
                default:
                    invalid("<\(name)> is not allowed in inline content", at: element.location, key: key)
                    _ = xml.skipElement()
                }
            case .endElement:
                guard let last = open.popLast() else {
                    content.finish()
                    return content
                }
                if last.counts { content.endCode(last.name, id: last.id, start: last.start) }
            case .error: return content
            default: continue
            }
        }
        return content
    }

    static let codeTypes: Set<String> = ["fmt", "ui", "quote", "link", "image", "other"]
    static let xlfSubTypes: [String: String] = [
        "xlf:lb": "fmt", "xlf:pb": "fmt", "xlf:b": "fmt", "xlf:i": "fmt", "xlf:u": "fmt", "xlf:var": "ui",
    ]

    /// Inline constraints within one side of a unit: ids, pairing, references, types, reordering.
    mutating func checkInline(_ items: [InlineItem], side: String, dataIDs: [String: SourceLocation]?,
                                          noteIDs: Set<String>, otherSide: [InlineItem], key: String?) {
        var ids: [String: SourceLocation] = [:]
        var openStarts: [String: InlineItem] = [:]
        var openMarkers: [String: InlineItem] = [:]
        var endsBeforeStart = Set<String>()  // ids whose end came before their start
        var endedStarts = Set<String>()
        let isolatedStarts = Set(items.filter { $0.name == "sc" && $0.value("isolated") == "yes" }.compactMap { $0.value("id") })
        let allIDs = Set((items + otherSide).compactMap { $0.value("id") })
        var previousReorder: String? = nil
        for item in items {
            let element = item.element, name = item.name, location = element.location
            let id = item.value("id")
            // Ids: required on every code but em and a non-isolated ec; unique per side.
            let needsID = name != "em" && !(name == "ec" && item.value("isolated") != "yes")
            if needsID && id == nil { invalid("expected the attribute id on <\(name)>", at: location, key: key) }
            if let id, name != "ec" || item.value("isolated") == "yes" {
                if let first = ids[id] {
                    invalid("duplicate inline id \"\(id)\" in the \(side) of this unit (first at \(first.line):\(first.column))", at: location, key: key)
                } else {
                    ids[id] = location
                }
            }
            // References to original data.
            for attribute in ["dataRef", "dataRefStart", "dataRefEnd"] {
                guard let reference = element.attribute(attribute) else { continue }
                if dataIDs?[reference.value] == nil {
                    invalid("\(attribute)=\"\(reference.value)\" names no <data> of this unit's <originalData>", at: reference.valueLocation, key: key)
                }
            }
            if let copyOf = element.attribute("copyOf") {
                if element.attribute("dataRef") != nil || element.attribute("dataRefStart") != nil {
                    invalid("copyOf together with a data reference on <\(name)>; expected one of them", at: copyOf.location, key: key)
                }
                if let original = (items + otherSide).first(where: { $0.value("id") == copyOf.value && $0.element.attribute("copyOf") == nil }) {
                    if original.value("canCopy") == "no" {
                        invalid("copyOf=\"\(copyOf.value)\" copies a code with canCopy=\"no\"", at: copyOf.valueLocation, key: key)
                    }
                } else if !allIDs.contains(copyOf.value) {
                    invalid("copyOf=\"\(copyOf.value)\" names no code of this unit", at: copyOf.valueLocation, key: key)
                }
            }
            // Types.
            if ["ph", "pc", "sc", "ec"].contains(name) {
                let type = item.value("type")
                if let type, !Self.codeTypes.contains(type) {
                    invalid("type=\"\(type)\" on <\(name)>; expected one of \(Self.codeTypes.sorted().joined(separator: ", "))", at: location, key: key)
                }
                if let subType = item.value("subType") {
                    if type == nil { invalid("subType without type on <\(name)>", at: location, key: key) }
                    if !Self.isPrefixedValue(subType) {
                        invalid("subType=\"\(subType)\"; expected prefix:value", at: location, key: key)
                    } else if subType.hasPrefix("xlf:") {
                        if let required = Self.xlfSubTypes[subType] {
                            if let type, type != required {
                                invalid("subType=\"\(subType)\" requires type=\"\(required)\", found \"\(type)\"", at: location, key: key)
                            }
                        } else {
                            invalid("subType=\"\(subType)\" is not an xlf: sub-type", at: location, key: key)
                        }
                    }
                }
                // Reordering: `no`/`firstNo` need canCopy and canDelete "no"; a `no` continues a sequence.
                let reorder = item.value("canReorder") ?? "yes"
                if name != "ec" {
                    if reorder != "yes" && (item.value("canCopy") != "no" || item.value("canDelete") != "no") {
                        invalid("canReorder=\"\(reorder)\" requires canCopy=\"no\" and canDelete=\"no\"", at: location, key: key)
                    }
                    if reorder == "no" && previousReorder != "no" && previousReorder != "firstNo" {
                        invalid("canReorder=\"no\" must follow a code with canReorder=\"firstNo\" or \"no\"", at: location, key: key)
                    }
                    previousReorder = reorder
                }
            }
            switch name {
            case "sc":
                guard let id else { break }
                if item.value("isolated") != "yes" {
                    openStarts[id] = item
                } else if items.contains(where: { $0.name == "ec" && $0.value("startRef") == id }) {
                    invalid("<sc id=\"\(id)\"> is marked isolated but its <ec> is in the same unit", at: location, key: key)
                }
            case "ec":
                if item.value("isolated") == "yes" {
                    if element.attribute("startRef") != nil || id == nil {
                        invalid("an isolated <ec> must have id and no startRef", at: location, key: key)
                    }
                    // Its startRef pairs it with its <sc> all the same: that start is not left open.
                    if let startRef = item.value("startRef") { endsBeforeStart.insert(startRef) }
                    break
                }
                guard let startRef = item.value("startRef") else {
                    invalid("<ec> without startRef; expected startRef naming its <sc>, or isolated=\"yes\" with an id", at: location, key: key)
                    break
                }
                if id != nil && !isolatedStarts.contains(startRef) {
                    invalid("<ec> with both startRef and id; expected startRef only", at: location, key: key)
                }
                guard let start = openStarts.removeValue(forKey: startRef) else {
                    // Its <sc> is marked isolated, which is reported there: this end is no second defect.
                    guard !isolatedStarts.contains(startRef) else { break }
                    invalid("<ec startRef=\"\(startRef)\"> has no <sc id=\"\(startRef)\"> before it in this unit", at: location, key: key)
                    endsBeforeStart.insert(startRef)
                    break
                }
                endedStarts.insert(startRef)
                for attribute in ["canCopy", "canDelete", "canOverlap", "canReorder"]
                where (start.value(attribute) ?? "yes") != (item.value(attribute) ?? "yes") {
                    invalid("\(attribute) of <ec startRef=\"\(startRef)\"> differs from its <sc>; expected the same value", at: location, key: key)
                }
            case "sm":
                if let id { openMarkers[id] = item }
            case "em":
                guard let startRef = item.value("startRef") else {
                    invalid("expected the attribute startRef on <em>", at: location, key: key)
                    break
                }
                if openMarkers.removeValue(forKey: startRef) == nil {
                    invalid("<em startRef=\"\(startRef)\"> has no <sm id=\"\(startRef)\"> before it in this unit", at: location, key: key)
                    endsBeforeStart.insert(startRef)
                }
            default: break
            }
            if name == "mrk" || name == "sm" { checkAnnotation(item, noteIDs: noteIDs, key: key) }
        }
        // A start whose end came before it was reported there, once.
        for (id, item) in openStarts.sorted(by: { $0.value.element.location < $1.value.element.location }) where !endsBeforeStart.contains(id) {
            invalid("<sc id=\"\(id)\"> has no <ec startRef=\"\(id)\"> in this unit; expected one, or isolated=\"yes\"", at: item.element.location, key: key)
        }
        for (id, item) in openMarkers.sorted(by: { $0.value.element.location < $1.value.element.location }) where !endsBeforeStart.contains(id) {
            invalid("<sm id=\"\(id)\"> has no <em startRef=\"\(id)\"> in this unit", at: item.element.location, key: key)
        }
    }

    /// `mrk`/`sm` types and references; a comment annotation needs exactly one of value and ref,
    /// and a ref must name a note of the unit.
    mutating func checkAnnotation(_ item: InlineItem, noteIDs: Set<String>, key: String?) {
        let location = item.element.location
        let type = item.value("type") ?? "generic"
        if !["generic", "comment", "term"].contains(type) && !Self.isPrefixedValue(type) {
            invalid("type=\"\(type)\" on <\(item.name)>; expected generic, comment, term or prefix:value", at: location, key: key)
        }
        let ref = item.value("ref"), value = item.value("value")
        if let ref, ref.hasPrefix("#"), let problem = Self.fragmentProblem(String(ref.dropFirst())) {
            invalid("ref=\"\(ref)\": \(problem)", at: location, key: key)
        }
        guard type == "comment" else { return }
        if (ref == nil) == (value == nil) {
            invalid("a comment annotation needs exactly one of value and ref", at: location, key: key)
        } else if let ref {
            // `#n=ID`, or a longer path that goes through this unit (`#f=f1/u=u1/n=ID`).
            let selectors = ref.hasPrefix("#") ? ref.dropFirst().split(separator: "/").map(String.init) : []
            let note = selectors.last.flatMap { $0.hasPrefix("n=") ? String($0.dropFirst(2)) : nil }
            let throughUnit = selectors.count == 1 || selectors.contains("u=" + (key ?? ""))
            if note == nil || !noteIDs.contains(note!) || !throughUnit {
                invalid("ref=\"\(ref)\" of a comment annotation must name a note of this unit (#n=ID)", at: location, key: key)
            }
        }
    }

    static let fragmentLeaves: Set<String> = ["n", "d", "t"]
    static let registeredPrefixes: Set<String> = ["mtc", "gls", "fs", "mda", "res", "ctr", "slr", "val", "its", "pgs", "tbx"]

    /// Checks an XLIFF fragment identifier (after `#`); nil when it is well-formed.
    static func fragmentProblem(_ fragment: String) -> String? {
        var text = Substring(fragment)
        let absolute = text.hasPrefix("/")
        if absolute { text = text.dropFirst() }
        let selectors = text.split(separator: "/", omittingEmptySubsequences: false)
        if selectors.count == 1 && !selectors[0].contains("=") && !absolute { return nil }  // a plain id
        var level = 0  // 0 start, 1 after f, 2 after g, 3 after u, 4 after a leaf
        var seen = Set<String>()
        for selector in selectors {
            guard let equals = selector.firstIndex(of: "=") else { return "selector \"\(selector)\" has no prefix=; expected prefix=id" }
            let prefix = String(selector[..<equals]), id = String(selector[selector.index(after: equals)...])
            guard isNMTOKEN(prefix), !prefix.contains(":") else { return "prefix \"\(prefix)\" is not a valid NMTOKEN" }
            guard isNMTOKEN(id) else { return "id \"\(id)\" is not a valid NMTOKEN" }
            if level == 4 { return "\"\(selector)\" follows a leaf selector; expected the leaf last" }
            switch prefix {
            case "f":
                if level != 0 { return "f= must come first" }
                level = 1
            case "g":
                if level > 2 { return "g= must come after f= and before u=" }
                level = 2
            case "u":
                if level > 2 || seen.contains("u") { return "u= must appear once, after f= or g=" }
                level = 3
            default:
                if prefix.count == 1 && !fragmentLeaves.contains(prefix) { return "unknown one-letter prefix \"\(prefix)\"" }
                if prefix.count > 1 && !registeredPrefixes.contains(prefix) { return "prefix \"\(prefix)\" is not a registered XLIFF module or extension prefix" }
                level = 4
            }
            seen.insert(prefix)
        }
        if absolute && !seen.contains("f") { return "an absolute reference must start with f=" }
        return nil
    }
}
