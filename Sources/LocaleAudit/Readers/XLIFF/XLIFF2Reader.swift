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
///
/// The reader is split by level: the document here, files and groups in `XLIFF2Structure.swift`, one
/// unit and its inline content in `XLIFF2Units.swift`, per-element checks in `XLIFF2Checks.swift`.
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

    var namespace = namespace20
    var srcLang: String?
    var trgLang: String?
    /// Inherited `xml:lang` values that disagree with srcLang or trgLang, by where they are written.
    var inheritedLanguages: [(location: SourceLocation, lang: String, sources: Bool, targets: Bool, key: String?)] = []
    var fileIDs: [String: SourceLocation] = [:]

    init(path: String, fallbackTable: String) {
        self.path = path
        self.fallbackTable = fallbackTable
    }

    // MARK: Findings

    mutating func structural(_ message: String, at location: SourceLocation, key: String? = nil) {
        result.findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location,
                                       table: fallbackTable, key: key))
    }

    /// An `xml:lang` on the document, a file, a group or a unit that its sources (`isTarget` false) or
    /// targets inherit against srcLang or trgLang. Gathered, and reported once where it is written
    /// (`reportInheritedLanguages`), however many elements inherit it.
    mutating func inheritedLanguageMismatch(_ lang: String, declaredAt location: SourceLocation, isTarget: Bool, key: String?) {
        if let k = inheritedLanguages.firstIndex(where: { $0.location == location }) {
            if isTarget { inheritedLanguages[k].targets = true } else { inheritedLanguages[k].sources = true }
            return
        }
        inheritedLanguages.append((location, lang, !isTarget, isTarget, key))
    }

    /// One finding per inherited `xml:lang` that disagrees, naming the sides it disagrees on.
    mutating func reportInheritedLanguages() {
        for item in inheritedLanguages {
            var sides: [String] = [], declared: [String] = []
            if item.sources, let srcLang { sides.append("sources"); declared.append("srcLang is \"\(srcLang)\"") }
            if item.targets, let trgLang { sides.append("targets"); declared.append("trgLang is \"\(trgLang)\"") }
            invalid("xml:lang=\"\(item.lang)\" here applies to the \(sides.joined(separator: " and ")) inside, but \(declared.joined(separator: " and ")); expected xml:lang to agree or be left out",
                    at: item.location, key: item.key)
        }
        inheritedLanguages = []
    }

    mutating func invalid(_ message: String, at location: SourceLocation, key: String? = nil) {
        result.findings.append(Finding(ruleID: XLIFFInvalidRule.id, severity: .error, message: message, location: location,
                                       table: fallbackTable, key: key))
    }

    func isCore(_ name: XMLName) -> Bool { name.namespaceURI == namespace }

    // MARK: Attribute checks

    static let allowedAttributes: [String: Set<String>] = [
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
    static let openElements: Set<String> = ["xliff", "file", "group", "unit", "note", "mrk", "sm"]

    static let yesNo: Set<String> = ["yes", "no"]
    static let enumerations: [String: Set<String>] = [
        "canResegment": yesNo, "translate": yesNo, "canCopy": yesNo, "canDelete": yesNo, "canOverlap": yesNo,
        "isolated": yesNo, "canReorder": ["yes", "no", "firstNo"], "srcDir": ["ltr", "rtl", "auto"],
        "trgDir": ["ltr", "rtl", "auto"], "dir": ["ltr", "rtl", "auto"], "appliesTo": ["source", "target"],
        "state": ["initial", "translated", "reviewed", "final"],
    ]

    /// Attribute names, enumerated values, NMTOKEN ids and foreign attributes of a core element.
    mutating func checkAttributes(_ element: XMLStartElement) {
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
    mutating func checkFormatStyle(_ attribute: XMLAttribute, on element: XMLStartElement) {
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
        let rootLangLocation = root.attribute("lang", namespace: XMLTokenizer.xmlNamespace)?.valueLocation
        let rootPreserve = xmlSpacePreserve(root, inherited: false)
        defer { reportInheritedLanguages() }
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
                    var file = FileReader(element: element, inheritedLang: rootLang, inheritedLangLocation: rootLangLocation,
                                          preserve: rootPreserve)
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
}
