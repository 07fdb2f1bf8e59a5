/// XLIFF 1.2, as Xcode exports it (`xcodebuild -exportLocalizations`, `.xcloc` bundles).
///
/// Each `<file>` becomes two tables: the source language's (from `<source>`) and the target
/// language's (from `<target>`). A unit without `<target>` is untranslated: it has a source entry
/// only. Units in `<group>`s are read like units in `<body>`; `alt-trans`, `header` and other
/// elements are skipped. `xml:space` is inherited (`<file>`, `<body>`, `<group>`, `<trans-unit>`,
/// `<source>`, `<target>`); Xcode writes `preserve` on every `<trans-unit>`.
///
/// Exports of translation platforms (Crowdin, Lokalise, Phrase) number their units (`id="1"`) and
/// keep the key in `resname`: such units are keyed by `resname`. The table still comes from
/// `original` (`Localizable.strings` → `Localizable`) and the locale from `target-language`.
///
/// Xcode repeats each `.stringsdict` key as a plain unit in the `.strings` `<file>` of the same
/// table (key as source, no target or a copy marked `translate="no"`). At run time the plural wins,
/// so these companion units are dropped when the `.stringsdict` `<file>` is in the same document.
struct XLIFF12Reader {
    static let namespace = "urn:oasis:names:tc:xliff:document:1.2"

    let path: String
    let fallbackTable: String
    var result = ReadResult()
    /// Per `<file>` read: its `original` and the indices of the tables it added to `result`.
    private var sections: [(original: String, tables: [Int])] = []

    init(path: String, fallbackTable: String) {
        self.path = path
        self.fallbackTable = fallbackTable
    }

    private func isXLIFF(_ name: XMLName, _ local: String) -> Bool { name.matches(local, namespace: Self.namespace) }

    private mutating func problem(_ message: String, at location: SourceLocation, severity: Severity = .error,
                                  key: String? = nil, table: String? = nil) {
        result.findings.append(Finding(ruleID: ReaderRule.syntax, severity: severity, message: message, location: location,
                                       table: table ?? fallbackTable, key: key))
    }

    private mutating func declareLanguage(_ attribute: XMLAttribute, origin: LocaleDeclaration.Origin) {
        result.localeDeclarations.append(LocaleDeclaration(identifier: attribute.value, origin: origin,
                                                           location: attribute.valueLocation))
    }

    /// Reads after the root start tag up to its end.
    mutating func read(_ xml: inout XMLTokenizer, root: XMLStartElement) {
        // After every <file>: a .strings section's companion units are known only once its .stringsdict is read.
        defer { dropStringsdictCompanions() }
        let rootPreserve = xmlSpacePreserve(root, inherited: false)
        noteXMLLang(root)
        var sawFile = false
        while let event = xml.next() {
            switch event {
            case .startElement(let element):
                if isXLIFF(element.name, "file") {
                    sawFile = true
                    readFile(&xml, element, preserve: rootPreserve)
                } else {
                    _ = xml.skipElement()
                }
            case .endElement:
                if !sawFile, !xml.failed {
                    problem("expected at least one <file> in <xliff>", at: root.location)
                }
                return
            case .error: return
            default: continue
            }
        }
    }

    private mutating func noteXMLLang(_ element: XMLStartElement) {
        if let lang = element.attribute("lang", namespace: XMLTokenizer.xmlNamespace) {
            declareLanguage(lang, origin: .xmlLang)
        }
    }

    private mutating func readFile(_ xml: inout XMLTokenizer, _ file: XMLStartElement, preserve inherited: Bool) {
        noteXMLLang(file)
        let original = file.value(of: "original")
        let table = original.map(XLIFFTableNaming.tableName(original:)) ?? fallbackTable
        let scope = original.map(XLIFFTableNaming.scope(original:)) ?? XLIFFTableNaming.scope(fileWithoutOriginal: path)
        if original == nil { problem("expected the attribute original on <file> (the file the strings come from)", at: file.location, table: table) }
        let sourceLanguage = file.attribute("source-language")
        let targetLanguage = file.attribute("target-language")
        if let sourceLanguage {
            declareLanguage(sourceLanguage, origin: .xliffSource)
            if result.declaredSourceLanguage == nil { result.declaredSourceLanguage = sourceLanguage.value }
        } else {
            problem("expected the attribute source-language on <file>", at: file.location, table: table)
        }
        if let targetLanguage { declareLanguage(targetLanguage, origin: .xliffTarget) }

        var units: [XLIFFRawUnit] = []
        // Open containers (file, body, group, …): whether each preserves space and translates.
        var containers: [(preserve: Bool, translate: Bool)] = [(xmlSpacePreserve(file, inherited: inherited),
                                                                file.value(of: "translate") != "no")]
        while let event = xml.next() {
            switch event {
            case .startElement(let element):
                guard element.name.namespaceURI == Self.namespace else {
                    _ = xml.skipElement()
                    continue
                }
                noteXMLLang(element)
                let outer = containers[containers.count - 1]
                switch element.name.localName {
                case "body", "group":
                    containers.append((xmlSpacePreserve(element, inherited: outer.preserve),
                                       element.value(of: "translate").map { $0 != "no" } ?? outer.translate))
                case "trans-unit":
                    if let unit = readUnit(&xml, element, preserve: outer.preserve, translate: outer.translate, table: table) {
                        units.append(unit)
                    }
                case "bin-unit", "header":
                    _ = xml.skipElement()
                default:
                    _ = xml.skipElement()
                }
            case .endElement:
                if containers.count == 1 {
                    finishFile(units: units, table: table, scope: scope, sourceLanguage: sourceLanguage,
                               targetLanguage: targetLanguage, file: file)
                    return
                }
                containers.removeLast()
            case .error:
                // Keep what was read before the error: the error itself is already a finding.
                finishFile(units: units, table: table, scope: scope, sourceLanguage: sourceLanguage,
                           targetLanguage: targetLanguage, file: file)
                return
            default: continue
            }
        }
        // The stream ended inside a unit (its error is already a finding): keep what was read.
        finishFile(units: units, table: table, scope: scope, sourceLanguage: sourceLanguage,
                   targetLanguage: targetLanguage, file: file)
    }

    private mutating func finishFile(units: [XLIFFRawUnit], table: String, scope: String, sourceLanguage: XMLAttribute?,
                                     targetLanguage: XMLAttribute?, file: XMLStartElement) {
        var assembler = XcodeUnitAssembler(path: path, table: table)
        let (sources, targets) = assembler.entries(units, locale: targetLanguage?.value)
        assembler.reportUnknownPaths(units, locale: targetLanguage?.value)
        assembler.reportIncompleteStringsdictUnits(units, locale: targetLanguage?.value)
        result.findings += assembler.findings
        sections.append((file.value(of: "original") ?? "", [result.tables.count]))
        result.tables.append(LocalizedTable(name: table, locale: sourceLanguage?.value, path: path, format: .xliff,
                                            entries: sources, localeLocation: sourceLanguage?.valueLocation, scope: scope))
        let hasTargets = units.indices.contains { units[$0].target != nil }
        if targetLanguage != nil || hasTargets {
            if targetLanguage == nil {
                problem("units of this <file> have <target>s but it has no target-language; expected target-language=\"…\"",
                        at: file.location, table: table)
            }
            sections[sections.count - 1].tables.append(result.tables.count)
            result.tables.append(LocalizedTable(name: table, locale: targetLanguage?.value, path: path, format: .xliff,
                                                entries: targets, localeLocation: targetLanguage?.valueLocation, scope: scope))
        }
    }

    /// Drops Xcode's plain copies of `.stringsdict` keys from the `.strings` `<file>` of the same table
    /// (`en.lproj/Localizable.strings` next to `en.lproj/Localizable.stringsdict`). They are not
    /// strings of their own: the plural replaces them at run time, so reading them would report a
    /// plural-shape mismatch or a missing translation that does not exist. A unit counts as a copy when
    /// its source is the key itself or its note says "(Key in .stringsdict)", as Xcode writes it.
    private mutating func dropStringsdictCompanions() {
        var pluralKeys: [String: Set<String>] = [:]  // `original` without its extension → keys
        for section in sections where section.original.hasByteSuffix(".stringsdict") {
            guard let sourceTable = section.tables.first else { continue }
            let stem = String(section.original.utf8.dropLast(".stringsdict".utf8.count))!
            pluralKeys[stem, default: []].formUnion(result.tables[sourceTable].entries.lazy.filter(\.value.isPlural).map(\.key))
        }
        guard !pluralKeys.isEmpty else { return }
        for section in sections where section.original.hasByteSuffix(".strings") {
            let stem = String(section.original.utf8.dropLast(".strings".utf8.count))!
            guard let keys = pluralKeys[stem], let sourceTable = section.tables.first else { continue }
            var companions = Set<String>()
            for entry in result.tables[sourceTable].entries where keys.contains(entry.key) {
                guard case .text(let text) = entry.value else { continue }
                if text == entry.key || (entry.comment?.contains("(Key in .stringsdict)") ?? false) {
                    companions.insert(entry.key)
                }
            }
            guard !companions.isEmpty else { continue }
            for index in section.tables {
                result.tables[index].entries.removeAll { companions.contains($0.key) }
            }
        }
    }

    private mutating func readUnit(_ xml: inout XMLTokenizer, _ element: XMLStartElement, preserve inherited: Bool,
                                   translate inheritedTranslate: Bool, table: String) -> XLIFFRawUnit? {
        let preserve = xmlSpacePreserve(element, inherited: inherited)
        guard let idAttribute = element.attribute("id") else {
            problem("expected the attribute id on <trans-unit>", at: element.location, table: table)
            _ = xml.skipElement()
            return nil
        }
        let translate = element.value(of: "translate").map { $0 != "no" } ?? inheritedTranslate
        let unit: XLIFFRawUnit
        if let resname = element.attribute("resname"), Self.keysByResname(id: idAttribute.value, resname: resname.value) {
            // Translation platforms (Crowdin, Lokalise, Phrase) number their units and keep the key in
            // resname: the key is what the app asks for, so it names the entry and locates it.
            unit = XLIFFRawUnit(id: resname.value, idLocation: resname.valueLocation, shouldTranslate: translate)
            unit.attributes["id"] = idAttribute.value
            unit.attributes["resname"] = resname.value
        } else {
            unit = XLIFFRawUnit(id: idAttribute.value, idLocation: idAttribute.valueLocation, shouldTranslate: translate)
            if let resname = element.value(of: "resname") { unit.attributes["resname"] = resname }
        }
        while let event = xml.next() {
            switch event {
            case .startElement(let child):
                guard child.name.namespaceURI == Self.namespace else {
                    _ = xml.skipElement()
                    continue
                }
                noteXMLLang(child)
                switch child.name.localName {
                case "source":
                    let content = readContent(&xml, preserve: xmlSpacePreserve(child, inherited: preserve))
                    if unit.source == nil {
                        unit.source = XLIFFUnitSide(content: content, elementLocation: child.location)
                    } else {
                        problem("a second <source> in trans-unit \"\(unit.id)\"; expected one, the first is used",
                                at: child.location, key: unit.id, table: table)
                    }
                case "target":
                    var state: TranslationState? = nil
                    if let raw = child.attribute("state") {
                        state = XLIFFStates.meaning12(raw.value)
                        if !XLIFFStates.values12.contains(raw.value) && !raw.value.hasPrefix("x-") {
                            problem("unknown state \"\(raw.value)\"; expected one of \(XLIFFStates.values12.sorted().joined(separator: ", ")) or an x- value",
                                    at: raw.valueLocation, severity: .warning, key: unit.id, table: table)
                        }
                    }
                    if let qualifier = child.value(of: "state-qualifier") { unit.attributes["state-qualifier"] = qualifier }
                    let content = readContent(&xml, preserve: xmlSpacePreserve(child, inherited: preserve))
                    if unit.target == nil {
                        unit.target = XLIFFUnitSide(content: content, elementLocation: child.location, state: state)
                    } else {
                        problem("a second <target> in trans-unit \"\(unit.id)\"; expected at most one, the first is used",
                                at: child.location, key: unit.id, table: table)
                    }
                case "note":
                    unit.notes.append(readContent(&xml, preserve: true).text)
                default:
                    _ = xml.skipElement()  // alt-trans, context-group, count-group, prop-group, seg-source …
                }
            case .endElement:
                if unit.source == nil {
                    problem("trans-unit \"\(unit.id)\" has no <source>; expected one", at: element.location,
                            key: unit.id, table: table)
                    return nil
                }
                return unit
            case .error: return nil
            default: continue
            }
        }
        return nil
    }

    /// True when a unit is keyed by its resname rather than its id: a non-empty resname that differs
    /// from the id, unless the id is one of Xcode's encoded ids (`KEY|==|plural.one`,
    /// `/KEY:dict/…:string`), which are the key already. Xcode's own exports write id = key.
    static func keysByResname(id: String, resname: String) -> Bool {
        guard !resname.isEmpty, resname != id else { return false }
        if id.firstByteRange(of: "|==|") != nil || id.hasByteSuffix(":dict/:string") { return false }
        return true
    }

    /// Reads mixed content up to the end of the current element; inline elements are kept as
    /// described in `XLIFFContent`. Iterative: nesting depth costs no stack.
    private mutating func readContent(_ xml: inout XMLTokenizer, preserve: Bool) -> XLIFFContent {
        var content = XLIFFContent(preserveSpace: preserve)
        var open: [(name: String, id: String?, start: Int)] = []
        while let event = xml.next() {
            switch event {
            case .text(let text):
                content.appendText(text.text, at: text.location)
            case .startElement(let element):
                let name = element.name.namespaceURI == Self.namespace ? element.name.localName : element.name.qualifiedName
                let id = element.value(of: "id")
                switch name {
                case "x", "bx", "ex":
                    content.appendPlaceholder(name, id: id, at: element.location)
                    open.append((name, nil, -1))  // its end event closes nothing
                default:
                    open.append((name, id, content.beginCode(at: element.location)))
                }
            case .endElement:
                guard let last = open.popLast() else { return content }
                if last.start >= 0 { content.endCode(last.name, id: last.id, start: last.start) }
            case .error: return content
            default: continue
            }
        }
        return content
    }
}
