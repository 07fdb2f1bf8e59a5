// XLIFF 2: one unit — its segments and ignorables, their inline content, and the checks that
// need the whole unit (code pairing across source and target, removable codes).

extension XLIFF2Reader {
    /// One inline element of a unit's source or target.
    struct InlineItem {
        var element: XMLStartElement
        var part: Int
        var name: String { element.name.localName }
        func value(_ attribute: String) -> String? { element.value(of: attribute) }
    }

    struct Part {
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

    struct UnitReader {
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
        /// Where `lang` is written: the unit's own `xml:lang`, or the file's or group's it inherits.
        let langLocation: SourceLocation?
        let preserve: Bool

        init(element: XMLStartElement, container: Container) {
            self.element = element
            self.container = container
            let own = element.attribute("lang", namespace: XMLTokenizer.xmlNamespace)
            lang = own?.value ?? container.lang
            langLocation = own?.valueLocation ?? container.langLocation
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
                    let ownLang = child.value(of: "lang", namespace: XMLTokenizer.xmlNamespace)
                    // An ill-formed xml:lang ("f r") is locale-ill-formed's finding, which says how to
                    // write it: comparing it with srcLang or trgLang would report the same defect again.
                    let childLang = (ownLang ?? lang).flatMap { language -> String? in
                        if case .success = LanguageTag.parse(language) { return language }
                        return nil
                    }
                    if child.name.localName == "source" {
                        if part.source != nil {
                            reader.invalid("a second <source> in <\(element.name.localName)>; expected exactly one", at: child.location, key: key)
                        }
                        if part.target != nil {
                            reader.invalid("<source> after <target>; expected the source first", at: child.location, key: key)
                        }
                        if let childLang, let srcLang = reader.srcLang, childLang.lowercased() != srcLang.lowercased() {
                            if ownLang == nil, let langLocation {
                                reader.inheritedLanguageMismatch(childLang, declaredAt: langLocation, isTarget: false, key: key)
                            } else {
                                reader.invalid("the source's language is \"\(childLang)\" (xml:lang) but srcLang is \"\(srcLang)\"; expected the same",
                                               at: child.location, key: key)
                            }
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
                            if ownLang == nil, let langLocation {
                                reader.inheritedLanguageMismatch(childLang, declaredAt: langLocation, isTarget: true, key: key)
                            } else {
                                reader.invalid("the target's language is \"\(childLang)\" (xml:lang) but trgLang is \"\(reader.trgLang!)\"; expected the same",
                                               at: child.location, key: key)
                            }
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
            let hasTarget = parts.contains { $0.isSegment && $0.target != nil }
            var states: [TranslationState] = []
            let targetAt = targetPositions()
            for (index, part) in parts.enumerated() {
                if let content = part.source { source.append(content) }
                if let state = part.state { states.append(state) }
                // The target text is read in its `order`; a place no target fills keeps its part's
                // source, as a translation tool shows it. A segment left so in a translated unit is
                // untranslated: its state is the default, `initial`.
                if let filler = targetAt[index + 1] {
                    target.append(parts[filler].target!)
                } else if part.target == nil, let content = part.source {
                    target.append(content)
                    if part.isSegment && hasTarget && part.state == nil { states.append(Self.untranslatedSegment) }
                }
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

        /// The state of a segment without `<target>` in a unit whose other segments have one.
        static let untranslatedSegment = TranslationState(raw: "initial (by default: a segment has no <target>)", meaning: .new)

        /// Which part's target stands at each position (1-based): its `order`, else its own position.
        /// Orders that clash or fall outside the unit (reported by `checkTargetOrder`) are ignored.
        func targetPositions() -> [Int: Int] {
            var positions: [Int: Int] = [:]
            for (index, part) in parts.enumerated() where part.target != nil {
                let order = part.order ?? index + 1
                guard (1...parts.count).contains(order), positions[order] == nil else {
                    return Dictionary(uniqueKeysWithValues: parts.indices.filter { parts[$0].target != nil }.map { ($0 + 1, $0) })
                }
                positions[order] = index
            }
            return positions
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
}
