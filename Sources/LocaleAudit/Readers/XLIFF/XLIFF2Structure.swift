// XLIFF 2: the structure above units — files, groups, skeleton, notes and extensions.

extension XLIFF2Reader {

    struct Container {
        var kind: String
        var location: SourceLocation
        /// 0 skeleton, 1 module/extension elements, 2 notes, 3 units and groups.
        var phase = 0
        var lang: String?
        /// Where `lang` is written (this element's `xml:lang` or an ancestor's).
        var langLocation: SourceLocation?
        var preserve: Bool
        var translate: Bool
        var extensionIDs: [String: [String: SourceLocation]] = [:]
        var groupPath: String
    }

    struct FileReader {
        let element: XMLStartElement
        var stack: [Container]
        var units: [Unit] = []
        var unitIDs: [String: SourceLocation] = [:]
        var groupIDs: [String: SourceLocation] = [:]
        var subFlowReferences: [(String, SourceLocation)] = []
        var hasChildUnit = false

        init(element: XMLStartElement, inheritedLang: String?, inheritedLangLocation: SourceLocation?, preserve: Bool) {
            self.element = element
            let own = element.attribute("lang", namespace: XMLTokenizer.xmlNamespace)
            stack = [Container(kind: "file", location: element.location, lang: own?.value ?? inheritedLang,
                               langLocation: own?.valueLocation ?? inheritedLangLocation,
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
                let ownLang = child.attribute("lang", namespace: XMLTokenizer.xmlNamespace)
                top = Container(kind: "group", location: child.location, lang: ownLang?.value ?? top.lang,
                                langLocation: ownLang?.valueLocation ?? top.langLocation,
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
            let scope = original.map(XLIFFTableNaming.scope(original:)) ?? XLIFFTableNaming.scope(fileWithoutOriginal: reader.path)
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
                                         sourceValue: .text(unit.source.text), sourceValueLocation: unit.source.firstLocation ?? unit.location,
                                         shouldTranslate: unit.translate,
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

    struct Unit {
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
