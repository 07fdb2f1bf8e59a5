/// XLIFF 2.0, 2.1 and 2.2.
///
/// Mapping: each `<file>` gives a source table (`srcLang`) and, when `trgLang` is set or targets
/// exist, a target table (`trgLang`), named after `original` (else the file `id`). A unit is one
/// entry keyed by its `id` (unique within a file, so group ids are not prefixed; the enclosing group
/// ids are kept as `attributes["group"]`, e.g. `g1/g2`). Its value is the concatenation of its
/// segments and ignorables in document order (`order` is not applied). A target entry exists when at
/// least one segment has a target; an ignorable without a target contributes its source. The entry's
/// state is the worst segment state that is written (`initial` → new, `translated`, `reviewed` and
/// `final` → final); `comment` joins the unit's notes. Inline codes: see `XLIFFContent`.
///
/// Checks: problems the model depends on (missing `srcLang`, unit `id`, `trgLang` with targets, a
/// target without a source, duplicate unit ids, wrong root or version) are `syntax`; other core
/// constraints of the specification (ids, inline code pairing and attributes, references, states,
/// languages, element order, notes, skeleton, module element names, extension ids) are
/// `xliff-invalid`. Module and extension elements are otherwise tolerated and skipped.
struct XLIFF2Reader {
    static let namespace20 = "urn:oasis:names:tc:xliff:document:2.0"
    static let namespace22 = "urn:oasis:names:tc:xliff:document:2.2"
    static let namespaces: Set<String> = [namespace20, namespace22]
    static let fsNamespace = "urn:oasis:names:tc:xliff:fs:2.0"

    /// Module namespaces and the element names each defines (empty: attributes only or not checked).
    static let modules: [String: Set<String>] = [
        "urn:oasis:names:tc:xliff:matches:2.0": ["matches", "match"],
        "urn:oasis:names:tc:xliff:glossary:2.0": ["glossary", "glossEntry", "term", "translation", "definition"],
        "urn:oasis:names:tc:xliff:metadata:2.0": ["metadata", "metaGroup", "meta"],
        "urn:oasis:names:tc:xliff:resourcedata:2.0": ["resourceData", "resourceItemRef", "resourceItem", "source", "target", "reference"],
        "urn:oasis:names:tc:xliff:changetracking:2.0": ["changeTrack", "revisions", "revision", "item"],
        "urn:oasis:names:tc:xliff:sizerestriction:2.0": ["profiles", "normalization", "data"],
        "urn:oasis:names:tc:xliff:validation:2.0": ["validation", "rule"],
        fsNamespace: [],
        "http://www.w3.org/2005/11/its": [],
        "urn:oasis:names:tc:xliff:pgs:1.0": [],
    ]

    let path: String
    let fallbackTable: String
    var result = ReadResult()

    private var namespace = namespace20
    private var srcLang: String?
    private var trgLang: String?
    private var fileIDs: [String: SourceLocation] = [:]

    init(path: String, fallbackTable: String) {
        self.path = path
        self.fallbackTable = fallbackTable
    }

    // MARK: Findings

    private mutating func structural(_ message: String, at location: SourceLocation, key: String? = nil) {
        result.findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location,
                                       table: fallbackTable, key: key))
    }

    private mutating func invalid(_ message: String, at location: SourceLocation, key: String? = nil) {
        result.findings.append(Finding(ruleID: XLIFFInvalidRule.id, severity: .error, message: message, location: location,
                                       table: fallbackTable, key: key))
    }

    private func isCore(_ name: XMLName) -> Bool { name.namespaceURI == namespace }

    // MARK: Attribute checks

    private static let allowedAttributes: [String: Set<String>] = [
        "xliff": ["version", "srcLang", "trgLang"],
        "file": ["id", "canResegment", "original", "translate", "srcDir", "trgDir"],
        "skeleton": ["href"],
        "group": ["id", "name", "canResegment", "translate", "srcDir", "trgDir", "type"],
        "unit": ["id", "name", "canResegment", "translate", "srcDir", "trgDir", "type"],
        "segment": ["id", "canResegment", "state", "subState"],
        "ignorable": ["id"],
        "notes": [],
        "note": ["id", "appliesTo", "category", "priority", "ref"],
        "originalData": [],
        "data": ["id", "dir"],
        "source": [],
        "target": ["order"],
        "cp": ["hex"],
        "ph": ["canCopy", "canDelete", "canReorder", "copyOf", "disp", "equiv", "id", "dataRef", "subFlows", "subType", "type"],
        "pc": ["canCopy", "canDelete", "canOverlap", "canReorder", "copyOf", "dispEnd", "dispStart", "equivEnd", "equivStart",
               "id", "dataRefEnd", "dataRefStart", "subFlowsEnd", "subFlowsStart", "subType", "type", "dir"],
        "sc": ["canCopy", "canDelete", "canOverlap", "canReorder", "copyOf", "dataRef", "dir", "disp", "equiv", "id", "isolated",
               "subFlows", "subType", "type"],
        "ec": ["canCopy", "canDelete", "canOverlap", "canReorder", "copyOf", "dataRef", "dir", "disp", "equiv", "id", "isolated",
               "startRef", "subFlows", "subType", "type"],
        "mrk": ["id", "translate", "type", "ref", "value"],
        "sm": ["id", "translate", "type", "ref", "value"],
        "em": ["startRef"],
    ]
    /// Elements that accept attributes from any namespace; the others accept module attributes only.
    private static let openElements: Set<String> = ["xliff", "file", "group", "unit", "note", "mrk", "sm"]

    private static let yesNo: Set<String> = ["yes", "no"]
    private static let enumerations: [String: Set<String>] = [
        "canResegment": yesNo, "translate": yesNo, "canCopy": yesNo, "canDelete": yesNo, "canOverlap": yesNo,
        "isolated": yesNo, "canReorder": ["yes", "no", "firstNo"], "srcDir": ["ltr", "rtl", "auto"],
        "trgDir": ["ltr", "rtl", "auto"], "dir": ["ltr", "rtl", "auto"], "appliesTo": ["source", "target"],
        "state": ["initial", "translated", "reviewed", "final"],
    ]

    /// Attribute names, enumerated values, NMTOKEN ids and foreign attributes of a core element.
    private mutating func checkAttributes(_ element: XMLStartElement) {
        let local = element.name.localName
        let allowed = Self.allowedAttributes[local] ?? []
        var checkedSize = false
        for attribute in element.attributes {
            let name = attribute.name
            if name.qualifiedName == "xmlns" || name.prefix == "xmlns" { continue }
            if let uri = name.namespaceURI {
                if uri == XMLTokenizer.xmlNamespace {
                    if name.localName == "space" && attribute.value != "preserve" && attribute.value != "default" {
                        invalid("xml:space=\"\(attribute.value)\"; expected \"preserve\" or \"default\"", at: attribute.valueLocation)
                    }
                    if name.localName == "lang" {
                        result.localeDeclarations.append(LocaleDeclaration(identifier: attribute.value, origin: .xmlLang,
                                                                           location: attribute.valueLocation))
                        if !attribute.value.isEmpty && !Self.isWellFormedLanguageTag(attribute.value) {
                            invalid("xml:lang=\"\(attribute.value)\" is not a well-formed BCP 47 language tag", at: attribute.valueLocation)
                        }
                    }
                    continue
                }
                if uri == Self.fsNamespace { checkFormatStyle(attribute, on: element) }
                if uri == Self.sizeNamespace && !checkedSize {
                    checkedSize = true
                    checkSizeAttributes(element)
                }
                if !Self.openElements.contains(local) && Self.modules[uri] == nil {
                    invalid("attribute \(name.qualifiedName) from namespace \(uri) is not allowed on <\(local)>; expected only XLIFF or module attributes",
                            at: attribute.location)
                }
                continue
            }
            guard allowed.contains(name.localName) else {
                invalid("attribute \(name.localName) is not allowed on <\(local)>", at: attribute.location)
                continue
            }
            if let values = Self.enumerations[name.localName], !values.contains(attribute.value) {
                invalid("\(name.localName)=\"\(attribute.value)\" on <\(local)>; expected one of \(values.sorted().joined(separator: ", "))",
                        at: attribute.valueLocation)
            }
            if name.localName == "id" || name.localName == "startRef" || name.localName == "copyOf" || name.localName.hasPrefix("dataRef") {
                if !Self.isNMTOKEN(attribute.value) {
                    invalid("\(name.localName)=\"\(attribute.value)\" on <\(local)> is not a valid identifier (NMTOKEN)", at: attribute.valueLocation)
                }
            }
        }
    }

    /// `fs:fs` must name an HTML element; `fs:subFs` needs `fs:fs`; on `<ec>` only when isolated.
    private mutating func checkFormatStyle(_ attribute: XMLAttribute, on element: XMLStartElement) {
        switch attribute.name.localName {
        case "fs":
            if !Self.htmlElements.contains(attribute.value) {
                invalid("fs:fs=\"\(attribute.value)\" is not an HTML element name", at: attribute.valueLocation)
            }
            if element.name.localName == "ec" && element.value(of: "isolated") != "yes" {
                invalid("fs:fs is not allowed on a non-isolated <ec>: it belongs on the <sc>", at: attribute.location)
            }
        case "subFs":
            if element.attribute("fs", namespace: Self.fsNamespace) == nil {
                invalid("fs:subFs without fs:fs on the same element", at: attribute.location)
            }
        default:
            invalid("unknown attribute fs:\(attribute.name.localName); expected fs:fs or fs:subFs", at: attribute.location)
        }
    }

    static let htmlElements: Set<String> = [
        "a", "abbr", "acronym", "address", "applet", "area", "article", "aside", "audio", "b", "base", "basefont", "bdi",
        "bdo", "big", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
        "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed",
        "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins", "isindex", "kbd", "label", "legend",
        "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav", "noframes", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
        "script", "section", "select", "small", "source", "span", "strike", "strong", "style", "sub", "summary", "sup",
        "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u",
        "ul", "var", "video", "wbr",
    ]

    static func isNMTOKEN(_ value: String) -> Bool {
        guard !value.isEmpty else { return false }
        for b in value.utf8 {
            let ok = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b >= 0x80
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
            if !ok { return false }
        }
        return true
    }

    /// A light RFC 5646 shape check: a 2–8 letter language, then 1–8 alphanumeric subtags.
    static func isWellFormedLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count) || (first == "i" || first == "x"),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    // MARK: Document

    mutating func read(_ xml: inout XMLTokenizer, root: XMLStartElement) {
        namespace = root.name.namespaceURI ?? Self.namespace20
        checkAttributes(root)
        if let version = root.attribute("version") {
            // The 2.2 suite has a valid 2.1 document in the 2.2 namespace, so both namespaces take every 2.x.
            let expected = ["2.0", "2.1", "2.2"]
            if !expected.contains(version.value) {
                structural("version=\"\(version.value)\" in namespace \(namespace); expected \(expected.map { "version=\"\($0)\"" }.joined(separator: " or "))",
                           at: version.valueLocation)
            }
        } else {
            structural("expected the attribute version on <xliff>", at: root.location)
        }
        if let source = root.attribute("srcLang") {
            srcLang = source.value
            result.declaredSourceLanguage = source.value
            result.localeDeclarations.append(LocaleDeclaration(identifier: source.value, origin: .xliffSource,
                                                               location: source.valueLocation))
            if !Self.isWellFormedLanguageTag(source.value) {
                invalid("srcLang=\"\(source.value)\" is not a well-formed BCP 47 language tag", at: source.valueLocation)
            }
        } else {
            structural("expected the attribute srcLang on <xliff>", at: root.location)
        }
        if let target = root.attribute("trgLang") {
            trgLang = target.value
            result.localeDeclarations.append(LocaleDeclaration(identifier: target.value, origin: .xliffTarget,
                                                               location: target.valueLocation))
            if !Self.isWellFormedLanguageTag(target.value) {
                invalid("trgLang=\"\(target.value)\" is not a well-formed BCP 47 language tag", at: target.valueLocation)
            }
        }
        let rootLang = root.value(of: "lang", namespace: XMLTokenizer.xmlNamespace)
        let rootPreserve = xmlSpacePreserve(root, inherited: false)
        var files = 0
        while let event = xml.next() {
            switch event {
            case .startElement(let element):
                if namespace == Self.namespace22 && files == 0 && !isCore(element.name) {
                    // 2.2 allows module elements (e.g. mda:metadata) before the files.
                    var ids: [String: [String: SourceLocation]] = [:]
                    readExtension(&xml, element, ids: &ids)
                } else if namespace == Self.namespace22 && files == 0 && isCore(element.name) && element.name.localName == "notes" {
                    _ = readNotes(&xml, element)
                } else if isCore(element.name) && element.name.localName == "file" {
                    files += 1
                    var file = FileReader(element: element, inheritedLang: rootLang, preserve: rootPreserve)
                    file.read(&xml, reader: &self)
                } else {
                    invalid("<\(element.name.qualifiedName)> is not allowed in <xliff>; expected <file> elements only",
                            at: element.location)
                    _ = xml.skipElement()
                }
            case .endElement:
                if files == 0 { invalid("expected at least one <file> in <xliff>", at: root.location) }
                return
            case .error: return
            default: continue
            }
        }
    }

    // MARK: Files, groups, units

    fileprivate struct Container {
        var kind: String
        var location: SourceLocation
        /// 0 skeleton, 1 module/extension elements, 2 notes, 3 units and groups.
        var phase = 0
        var lang: String?
        var preserve: Bool
        var translate: Bool
        var extensionIDs: [String: [String: SourceLocation]] = [:]
        var groupPath: String
    }

    fileprivate struct FileReader {
        let element: XMLStartElement
        var stack: [Container]
        var units: [Unit] = []
        var unitIDs: [String: SourceLocation] = [:]
        var groupIDs: [String: SourceLocation] = [:]
        var subFlowReferences: [(String, SourceLocation)] = []
        var hasChildUnit = false

        init(element: XMLStartElement, inheritedLang: String?, preserve: Bool) {
            self.element = element
            let lang = element.value(of: "lang", namespace: XMLTokenizer.xmlNamespace) ?? inheritedLang
            stack = [Container(kind: "file", location: element.location, lang: lang,
                               preserve: xmlSpacePreserve(element, inherited: preserve),
                               translate: element.value(of: "translate") != "no", groupPath: "")]
        }

        mutating func read(_ xml: inout XMLTokenizer, reader: inout XLIFF2Reader) {
            reader.checkAttributes(element)
            if let id = element.attribute("id") {
                if let first = reader.fileIDs[id.value] {
                    reader.invalid("duplicate file id \"\(id.value)\" (first at \(first.line):\(first.column)); expected unique file ids",
                                   at: id.valueLocation)
                } else {
                    reader.fileIDs[id.value] = id.valueLocation
                }
            } else {
                reader.invalid("expected the attribute id on <file>", at: element.location)
            }
            while let event = xml.next() {
                switch event {
                case .startElement(let child):
                    readChild(&xml, child, reader: &reader)
                case .endElement:
                    let closed = stack.removeLast()
                    if stack.isEmpty {
                        finish(reader: &reader, complete: true)
                        return
                    }
                    _ = closed
                case .error:
                    finish(reader: &reader, complete: false)
                    return
                default: continue
                }
            }
            finish(reader: &reader, complete: false)  // the stream ended inside a unit: keep what was read
        }

        mutating func readChild(_ xml: inout XMLTokenizer, _ child: XMLStartElement, reader: inout XLIFF2Reader) {
            var top = stack[stack.count - 1]
            let isFile = stack.count == 1
            guard reader.isCore(child.name) else {
                if top.phase > 1 {
                    reader.invalid("<\(child.name.qualifiedName)> must come before <notes>, <unit> and <group> in <\(top.kind)>",
                                   at: child.location)
                }
                stack[stack.count - 1].phase = max(top.phase, 1)
                reader.readExtension(&xml, child, ids: &stack[stack.count - 1].extensionIDs)
                return
            }
            switch child.name.localName {
            case "skeleton" where isFile:
                if top.phase > 0 { reader.invalid("<skeleton> must be the first child of <file>", at: child.location) }
                stack[stack.count - 1].phase = 1
                reader.readSkeleton(&xml, child)
            case "notes":
                if top.phase > 2 {
                    reader.invalid("<notes> must come before the <unit> and <group> elements of <\(top.kind)>", at: child.location)
                }
                stack[stack.count - 1].phase = max(top.phase, 2)
                _ = reader.readNotes(&xml, child)
            case "group":
                reader.checkAttributes(child)
                stack[stack.count - 1].phase = 3
                hasChildUnit = true
                var path = top.groupPath
                if let id = child.attribute("id") {
                    if let first = groupIDs[id.value] {
                        reader.invalid("duplicate group id \"\(id.value)\" (first at \(first.line):\(first.column)); expected unique group ids in a file",
                                       at: id.valueLocation)
                    } else {
                        groupIDs[id.value] = id.valueLocation
                    }
                    path = path.isEmpty ? id.value : path + "/" + id.value
                } else {
                    reader.invalid("expected the attribute id on <group>", at: child.location)
                }
                top = Container(kind: "group", location: child.location,
                                lang: child.value(of: "lang", namespace: XMLTokenizer.xmlNamespace) ?? top.lang,
                                preserve: xmlSpacePreserve(child, inherited: top.preserve),
                                translate: child.value(of: "translate").map { $0 != "no" } ?? top.translate, groupPath: path)
                if child.isSelfClosing { top.phase = 0 }
                stack.append(top)
            case "unit":
                stack[stack.count - 1].phase = 3
                hasChildUnit = true
                var unitReader = UnitReader(element: child, container: top)
                unitReader.read(&xml, reader: &reader)
                subFlowReferences += unitReader.subFlowReferences
                if let unit = unitReader.unit {
                    if let first = unitIDs[unit.id] {
                        reader.structural("duplicate unit id \"\(unit.id)\" (first at \(first.line):\(first.column)); expected unique unit ids in a file; the first is used",
                                          at: unit.idLocation, key: unit.id)
                    } else {
                        unitIDs[unit.id] = unit.idLocation
                        units.append(unit)
                    }
                }
            default:
                reader.invalid("<\(child.name.localName)> is not allowed in <\(top.kind)>", at: child.location)
                _ = xml.skipElement()
            }
        }

        mutating func finish(reader: inout XLIFF2Reader, complete: Bool) {
            if !hasChildUnit && complete {
                reader.invalid("<file> has no <unit> or <group>; expected at least one", at: element.location)
            }
            for (reference, location) in subFlowReferences where unitIDs[reference] == nil {
                reader.invalid("sub-flow reference \"\(reference)\" names no unit of this file", at: location)
            }
            let original = element.value(of: "original")
            let fileID = element.value(of: "id") ?? reader.fallbackTable
            let table = original.map(XLIFFTableNaming.tableName(original:)) ?? fileID
            let scope = XLIFFTableNaming.scope(original: original ?? "")
            var sources: [Entry] = [], targets: [Entry] = []
            for unit in units {
                var attributes = unit.attributes
                if let inline = unit.source.inlineAttribute { attributes["inline"] = inline }
                sources.append(Entry(key: unit.id, value: .text(unit.source.text), comment: unit.comment,
                                     location: unit.idLocation, valueLocation: unit.source.firstLocation ?? unit.location,
                                     shouldTranslate: unit.translate, attributes: attributes))
                if let target = unit.target {
                    var targetAttributes = unit.attributes
                    if let inline = target.inlineAttribute { targetAttributes["inline"] = inline }
                    targets.append(Entry(key: unit.id, value: .text(target.text), comment: unit.comment, state: unit.state,
                                         location: unit.idLocation, valueLocation: target.firstLocation ?? unit.location,
                                         sourceValue: .text(unit.source.text), shouldTranslate: unit.translate,
                                         attributes: targetAttributes))
                }
            }
            let root = reader
            appendTables(&reader.result, table: table, scope: scope, sources: sources, targets: targets, root: root)
        }

        private func appendTables(_ result: inout ReadResult, table: String, scope: String, sources: [Entry], targets: [Entry],
                                  root: XLIFF2Reader) {
            let sourceLocation = root.result.localeDeclarations.first { $0.origin == .xliffSource }?.location
            let targetLocation = root.result.localeDeclarations.first { $0.origin == .xliffTarget }?.location
            result.tables.append(LocalizedTable(name: table, locale: root.srcLang, path: root.path, format: .xliff,
                                                entries: sources, localeLocation: sourceLocation, scope: scope))
            if root.trgLang != nil || !targets.isEmpty {
                result.tables.append(LocalizedTable(name: table, locale: root.trgLang, path: root.path, format: .xliff,
                                                    entries: targets, localeLocation: targetLocation, scope: scope))
            }
        }
    }

    fileprivate struct Unit {
        var id: String
        var idLocation: SourceLocation
        var location: SourceLocation
        var translate: Bool
        var source: XLIFFContent
        var target: XLIFFContent?
        var state: TranslationState?
        var comment: String?
        var attributes: [String: String]
    }

    // MARK: Skeleton, notes, extensions

    mutating func readSkeleton(_ xml: inout XMLTokenizer, _ element: XMLStartElement) {
        checkAttributes(element)
        var hasContent = false
        var depth = 0
        while let event = xml.next() {
            switch event {
            case .text(let text): if !text.isWhitespace { hasContent = true }
            case .startElement:
                hasContent = true
                depth += 1
            case .endElement:
                if depth == 0 {
                    let hasHref = element.attribute("href") != nil
                    if hasHref && hasContent {
                        invalid("<skeleton> with href must be empty", at: element.location)
                    } else if !hasHref && !hasContent {
                        invalid("<skeleton> without href must hold the skeleton; expected content or an href", at: element.location)
                    }
                    return
                }
                depth -= 1
            case .error: return
            default: continue
            }
        }
    }

    /// Reads `<notes>`; returns the note texts and ids.
    mutating func readNotes(_ xml: inout XMLTokenizer, _ element: XMLStartElement) -> [(id: String?, text: String)] {
        checkAttributes(element)
        var notes: [(id: String?, text: String)] = []
        var ids: [String: SourceLocation] = [:]
        while let event = xml.next() {
            switch event {
            case .startElement(let child):
                if isCore(child.name) && child.name.localName == "note" {
                    checkAttributes(child)
                    if let id = child.attribute("id") {
                        if let first = ids[id.value] {
                            invalid("duplicate note id \"\(id.value)\" (first at \(first.line):\(first.column))", at: id.valueLocation)
                        } else {
                            ids[id.value] = id.valueLocation
                        }
                    }
                    if let priority = child.value(of: "priority"), !(Int(priority).map { (1...10).contains($0) } ?? false) {
                        invalid("priority=\"\(priority)\" on <note>; expected 1 to 10", at: child.location)
                    }
                    var text = XLIFFContent(preserveSpace: true)
                    var depth = 0
                    loop: while let inner = xml.next() {
                        switch inner {
                        case .text(let t): text.appendText(t.text, at: t.location)
                        case .startElement(let e):
                            invalid("<\(e.name.qualifiedName)> is not allowed in <note>; expected text only", at: e.location)
                            depth += 1
                        case .endElement:
                            if depth == 0 { break loop }
                            depth -= 1
                        case .error: return notes
                        default: continue
                        }
                    }
                    notes.append((child.value(of: "id"), text.text))
                } else {
                    invalid("<\(child.name.qualifiedName)> is not allowed in <notes>; expected <note> elements", at: child.location)
                    _ = xml.skipElement()
                }
            case .endElement:
                if notes.isEmpty { invalid("<notes> without any <note>; expected at least one", at: element.location) }
                return notes
            case .error: return notes
            default: continue
            }
        }
        return notes
    }

    /// Skips a module or extension element, checking module element names and that ids are unique
    /// per namespace within the enclosing file, group or unit.
    mutating func readExtension(_ xml: inout XMLTokenizer, _ element: XMLStartElement,
                                ids: inout [String: [String: SourceLocation]]) {
        var depth = 0
        var current: XMLStartElement? = element
        while true {
            if let element = current {
                let uri = element.name.namespaceURI ?? ""
                if let known = Self.modules[uri], !known.isEmpty, !known.contains(element.name.localName) {
                    invalid("<\(element.name.qualifiedName)> is not an element of the module \(uri)", at: element.location)
                }
                if Self.modules[uri] != nil { checkModuleElement(element) }
                if Self.modules[uri] != nil || !Self.namespaces.contains(uri) {
                    for attribute in element.attributes where attribute.name.localName == "id"
                        && (attribute.name.namespaceURI == nil || attribute.name.namespaceURI == XMLTokenizer.xmlNamespace) {
                        if let first = ids[uri]?[attribute.value] {
                            invalid("duplicate id \"\(attribute.value)\" among \(uri) elements (first at \(first.line):\(first.column)); expected unique ids within the enclosing element",
                                    at: attribute.valueLocation)
                        } else {
                            ids[uri, default: [:]][attribute.value] = attribute.valueLocation
                        }
                    }
                }
                current = nil
            }
            guard let event = xml.next() else { return }
            switch event {
            case .startElement(let child):
                depth += 1
                // Core elements inside modules (e.g. <source> in <mtc:match>) are not checked here.
                current = child
            case .endElement:
                if depth == 0 { return }
                depth -= 1
            case .error: return
            default: continue
            }
        }
    }
}

extension XLIFF2Reader {
    /// One inline element of a unit's source or target.
    fileprivate struct InlineItem {
        var element: XMLStartElement
        var part: Int
        var name: String { element.name.localName }
        func value(_ attribute: String) -> String? { element.value(of: attribute) }
    }

    fileprivate struct Part {
        var isSegment: Bool
        var location: SourceLocation
        var source: XLIFFContent?
        var sourcePreserve = false
        var target: XLIFFContent?
        var targetPreserve = false
        var targetLocation: SourceLocation?
        var order: Int?
        var orderLocation: SourceLocation?
        var state: TranslationState?
    }

    fileprivate struct UnitReader {
        let element: XMLStartElement
        let container: Container
        var unit: Unit?
        var parts: [Part] = []
        var partIDs: [String: SourceLocation] = [:]
        var notes: [(id: String?, text: String)] = []
        var dataIDs: [String: SourceLocation] = [:]
        var hasOriginalData = false
        var sourceItems: [InlineItem] = []
        var targetItems: [InlineItem] = []
        var subFlowReferences: [(String, SourceLocation)] = []
        var extensionIDs: [String: [String: SourceLocation]] = [:]
        /// 0 extensions, 1 notes, 2 originalData, 3 segments.
        var phase = 0
        let lang: String?
        let preserve: Bool

        init(element: XMLStartElement, container: Container) {
            self.element = element
            self.container = container
            lang = element.value(of: "lang", namespace: XMLTokenizer.xmlNamespace) ?? container.lang
            preserve = xmlSpacePreserve(element, inherited: container.preserve)
        }

        mutating func read(_ xml: inout XMLTokenizer, reader: inout XLIFF2Reader) {
            reader.checkAttributes(element)
            let idAttribute = element.attribute("id")
            if idAttribute == nil { reader.structural("expected the attribute id on <unit>", at: element.location) }
            let key = idAttribute?.value
            while let event = xml.next() {
                switch event {
                case .startElement(let child):
                    guard reader.isCore(child.name) else {
                        if phase > 0 {
                            reader.invalid("<\(child.name.qualifiedName)> must come before <notes>, <originalData> and the segments of <unit>",
                                           at: child.location, key: key)
                        }
                        reader.readExtension(&xml, child, ids: &extensionIDs)
                        continue
                    }
                    switch child.name.localName {
                    case "notes":
                        if phase > 0 { reader.invalid("<notes> must come first in <unit>", at: child.location, key: key) }
                        phase = max(phase, 1)
                        notes += reader.readNotes(&xml, child)
                    case "originalData":
                        if phase > 1 { reader.invalid("<originalData> must come before the segments of <unit>", at: child.location, key: key) }
                        phase = max(phase, 2)
                        readOriginalData(&xml, child, reader: &reader)
                    case "segment", "ignorable":
                        phase = 3
                        readPart(&xml, child, reader: &reader, key: key)
                    default:
                        reader.invalid("<\(child.name.localName)> is not allowed in <unit>", at: child.location, key: key)
                        _ = xml.skipElement()
                    }
                case .endElement:
                    finish(reader: &reader, idAttribute: idAttribute)
                    return
                case .error:
                    return
                default: continue
                }
            }
        }

        mutating func readOriginalData(_ xml: inout XMLTokenizer, _ element: XMLStartElement, reader: inout XLIFF2Reader) {
            reader.checkAttributes(element)
            hasOriginalData = true
            var count = 0
            while let event = xml.next() {
                switch event {
                case .startElement(let child):
                    guard reader.isCore(child.name) && child.name.localName == "data" else {
                        reader.invalid("<\(child.name.qualifiedName)> is not allowed in <originalData>; expected <data> elements", at: child.location)
                        _ = xml.skipElement()
                        continue
                    }
                    count += 1
                    reader.checkAttributes(child)
                    if let id = child.attribute("id") {
                        if let first = dataIDs[id.value] {
                            reader.invalid("duplicate data id \"\(id.value)\" (first at \(first.line):\(first.column))", at: id.valueLocation)
                        } else {
                            dataIDs[id.value] = id.valueLocation
                        }
                    } else {
                        reader.invalid("expected the attribute id on <data>", at: child.location)
                    }
                    var depth = 0
                    loop: while let inner = xml.next() {
                        switch inner {
                        case .startElement(let e):
                            depth += 1
                            if reader.isCore(e.name) && e.name.localName == "cp" {
                                _ = reader.codePoint(e)
                            } else {
                                reader.invalid("<\(e.name.qualifiedName)> is not allowed in <data>; expected text and <cp>", at: e.location)
                            }
                        case .endElement:
                            if depth == 0 { break loop }
                            depth -= 1
                        case .error: return
                        default: continue
                        }
                    }
                case .endElement:
                    if count == 0 { reader.invalid("<originalData> without any <data>; expected at least one", at: element.location) }
                    return
                case .error: return
                default: continue
                }
            }
        }

        mutating func readPart(_ xml: inout XMLTokenizer, _ element: XMLStartElement, reader: inout XLIFF2Reader, key: String?) {
            reader.checkAttributes(element)
            let isSegment = element.name.localName == "segment"
            var part = Part(isSegment: isSegment, location: element.location)
            if let id = element.attribute("id") {
                if let first = partIDs[id.value] {
                    reader.invalid("duplicate segment or ignorable id \"\(id.value)\" (first at \(first.line):\(first.column))",
                                   at: id.valueLocation, key: key)
                } else {
                    partIDs[id.value] = id.valueLocation
                }
            }
            if let state = element.attribute("state") { part.state = XLIFFStates.meaning2(state.value) }
            if let subState = element.attribute("subState") {
                if element.attribute("state") == nil {
                    reader.invalid("subState without state on <segment>", at: subState.location, key: key)
                }
                if !XLIFF2Reader.isPrefixedValue(subState.value) {
                    reader.invalid("subState=\"\(subState.value)\"; expected prefix:value", at: subState.valueLocation, key: key)
                }
            }
            let partPreserve = preserve
            let index = parts.count
            while let event = xml.next() {
                switch event {
                case .startElement(let child):
                    guard reader.isCore(child.name), child.name.localName == "source" || child.name.localName == "target" else {
                        reader.invalid("<\(child.name.qualifiedName)> is not allowed in <\(element.name.localName)>; expected <source> and <target>",
                                       at: child.location, key: key)
                        _ = xml.skipElement()
                        continue
                    }
                    reader.checkAttributes(child)
                    let childPreserve = xmlSpacePreserve(child, inherited: partPreserve)
                    let childLang = child.value(of: "lang", namespace: XMLTokenizer.xmlNamespace) ?? lang
                    if child.name.localName == "source" {
                        if part.source != nil {
                            reader.invalid("a second <source> in <\(element.name.localName)>; expected exactly one", at: child.location, key: key)
                        }
                        if part.target != nil {
                            reader.invalid("<source> after <target>; expected the source first", at: child.location, key: key)
                        }
                        if let childLang, let srcLang = reader.srcLang, childLang.lowercased() != srcLang.lowercased() {
                            reader.invalid("the source's language is \"\(childLang)\" (xml:lang) but srcLang is \"\(srcLang)\"; expected the same",
                                           at: child.location, key: key)
                        }
                        let content = reader.readInline(&xml, preserve: childPreserve, part: index, items: &sourceItems,
                                                        subFlows: &subFlowReferences, key: key)
                        if part.source == nil {
                            part.source = content
                            part.sourcePreserve = childPreserve
                        }
                    } else {
                        if reader.trgLang == nil {
                            reader.structural("<target> in a document without trgLang; expected trgLang on <xliff>", at: child.location, key: key)
                        } else if let childLang, childLang.lowercased() != reader.trgLang!.lowercased() {
                            reader.invalid("the target's language is \"\(childLang)\" (xml:lang) but trgLang is \"\(reader.trgLang!)\"; expected the same",
                                           at: child.location, key: key)
                        }
                        if let order = child.attribute("order") {
                            if let value = Int(order.value), value >= 1 {
                                part.order = value
                                part.orderLocation = order.valueLocation
                            } else {
                                reader.invalid("order=\"\(order.value)\"; expected a positive integer", at: order.valueLocation, key: key)
                            }
                        }
                        let content = reader.readInline(&xml, preserve: childPreserve, part: index, items: &targetItems,
                                                        subFlows: &subFlowReferences, key: key)
                        if part.target != nil {
                            reader.invalid("a second <target> in <\(element.name.localName)>; expected at most one", at: child.location, key: key)
                        } else {
                            if part.source == nil {
                                reader.structural("<target> without a <source> before it; expected <source> first", at: child.location, key: key)
                            }
                            part.target = content
                            part.targetPreserve = childPreserve
                            part.targetLocation = child.location
                        }
                    }
                case .endElement:
                    if part.source == nil && !(part.target != nil) {
                        reader.structural("<\(element.name.localName)> without a <source>; expected one", at: element.location, key: key)
                    } else if part.source == nil {
                        // Reported at the target.
                    } else if part.target != nil && part.sourcePreserve != part.targetPreserve {
                        reader.invalid("the source and target of this \(element.name.localName) differ in xml:space; expected the same",
                                       at: part.targetLocation ?? element.location, key: key)
                    }
                    parts.append(part)
                    return
                case .error: return
                default: continue
                }
            }
        }

        mutating func finish(reader: inout XLIFF2Reader, idAttribute: XMLAttribute?) {
            let key = idAttribute?.value
            if !parts.contains(where: { $0.isSegment }) {
                reader.invalid("<unit> without a <segment>; expected at least one", at: element.location, key: key)
            }
            checkTargetOrder(reader: &reader, key: key)
            let unitNoteIDs = Set(notes.compactMap(\.id))
            reader.checkInline(sourceItems, side: "source", dataIDs: hasOriginalData ? dataIDs : nil, noteIDs: unitNoteIDs,
                               otherSide: [], key: key)
            reader.checkInline(targetItems, side: "target", dataIDs: hasOriginalData ? dataIDs : nil, noteIDs: unitNoteIDs,
                               otherSide: sourceItems, key: key)
            checkNonRemovable(reader: &reader, key: key)
            guard let idAttribute else { return }
            var source = XLIFFContent(preserveSpace: true)
            var target = XLIFFContent(preserveSpace: true)
            var hasTarget = false
            var states: [TranslationState] = []
            for part in parts {
                if let content = part.source { source.append(content) }
                if let content = part.target {
                    hasTarget = hasTarget || part.isSegment
                    target.append(content)
                } else if !part.isSegment, let content = part.source {
                    target.append(content)
                }
                if let state = part.state { states.append(state) }
            }
            var attributes: [String: String] = [:]
            if !container.groupPath.isEmpty { attributes["group"] = container.groupPath }
            if let name = element.value(of: "name") { attributes["name"] = name }
            let comment = notes.map(\.text).filter { !$0.isEmpty }
            unit = Unit(id: idAttribute.value, idLocation: idAttribute.valueLocation, location: element.location,
                        translate: element.value(of: "translate").map { $0 != "no" } ?? container.translate,
                        source: source, target: hasTarget ? target : nil, state: XLIFFStates.worst(states),
                        comment: comment.isEmpty ? nil : comment.joined(separator: "\n"), attributes: attributes)
        }

        /// Each target's `order` (explicit, or its part's position) must be unique in the unit.
        mutating func checkTargetOrder(reader: inout XLIFF2Reader, key: String?) {
            var seen: [Int: Int] = [:]
            for (index, part) in parts.enumerated() where part.target != nil {
                let order = part.order ?? index + 1
                if part.order != nil && order > parts.count {
                    reader.invalid("order=\"\(order)\" is beyond the \(parts.count) segments and ignorables of this unit",
                                   at: part.orderLocation ?? part.location, key: key)
                }
                if seen[order] != nil {
                    reader.invalid("a second target with order \(order); expected each position once", at: part.orderLocation ?? part.targetLocation ?? part.location, key: key)
                }
                seen[order] = index
            }
        }

        /// Codes with `canDelete="no"` in a source must appear in the unit's targets when the
        /// segment has a target.
        mutating func checkNonRemovable(reader: inout XLIFF2Reader, key: String?) {
            let targetIDs = Set(targetItems.compactMap { $0.value("id") ?? $0.value("startRef") })
            for item in sourceItems where item.value("canDelete") == "no" && ["ph", "pc", "sc", "ec"].contains(item.name) {
                guard parts[item.part].target != nil, let id = item.value("id") ?? item.value("startRef") else { continue }
                if !targetIDs.contains(id) {
                    reader.invalid("the code \"\(id)\" has canDelete=\"no\" but is missing from the translation", at: item.element.location, key: key)
                }
            }
        }
    }

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
    fileprivate mutating func readInline(_ xml: inout XMLTokenizer, preserve: Bool, part: Int, items: inout [InlineItem],
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

    private static let codeTypes: Set<String> = ["fmt", "ui", "quote", "link", "image", "other"]
    private static let xlfSubTypes: [String: String] = [
        "xlf:lb": "fmt", "xlf:pb": "fmt", "xlf:b": "fmt", "xlf:i": "fmt", "xlf:u": "fmt", "xlf:var": "ui",
    ]

    /// Inline constraints within one side of a unit: ids, pairing, references, types, reordering.
    fileprivate mutating func checkInline(_ items: [InlineItem], side: String, dataIDs: [String: SourceLocation]?,
                                          noteIDs: Set<String>, otherSide: [InlineItem], key: String?) {
        var ids: [String: SourceLocation] = [:]
        var openStarts: [String: InlineItem] = [:]
        var openMarkers: [String: InlineItem] = [:]
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
                    invalid("<ec startRef=\"\(startRef)\"> has no <sc id=\"\(startRef)\"> before it in this unit", at: location, key: key)
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
                }
            default: break
            }
            if name == "mrk" || name == "sm" { checkAnnotation(item, noteIDs: noteIDs, key: key) }
        }
        for (id, item) in openStarts.sorted(by: { $0.value.element.location < $1.value.element.location }) {
            invalid("<sc id=\"\(id)\"> has no <ec startRef=\"\(id)\"> in this unit; expected one, or isolated=\"yes\"", at: item.element.location, key: key)
        }
        for (id, item) in openMarkers.sorted(by: { $0.value.element.location < $1.value.element.location }) {
            invalid("<sm id=\"\(id)\"> has no <em startRef=\"\(id)\"> in this unit", at: item.element.location, key: key)
        }
    }

    /// `mrk`/`sm` types and references; a comment annotation needs exactly one of value and ref,
    /// and a ref must name a note of the unit.
    private mutating func checkAnnotation(_ item: InlineItem, noteIDs: Set<String>, key: String?) {
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

    private static let fragmentLeaves: Set<String> = ["n", "d", "t"]
    private static let registeredPrefixes: Set<String> = ["mtc", "gls", "fs", "mda", "res", "ctr", "slr", "val", "its", "pgs", "tbx"]

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
