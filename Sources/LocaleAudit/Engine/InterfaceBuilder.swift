/// Storyboard and xib tables. Xcode localizes `Base.lproj/Main.storyboard` as `de.lproj/Main.strings`
/// with keys `<objectID>.<property>`; the source text lives in the storyboard, or, when only the
/// translations were shipped, in the comment Xcode writes above each key
/// (`/* Class = "UIButton"; accessibilityLabel = "Settings"; ObjectID = "1rB-5w-de3"; */`).
public enum InterfaceBuilder {
    /// The name/value pairs of an Xcode-generated comment, or nil when the comment is not one.
    /// `Class = "UIButton"; normalTitle = "Add"; ObjectID = "x"` → ["Class": "UIButton", "normalTitle": "Add", …].
    public static func parseGeneratedComment(_ comment: String) -> [String: String]? {
        // Only a comment with an ObjectID is one; most comments are not, and this runs for every pair.
        guard comment.firstByteRange(of: "ObjectID") != nil else { return nil }
        var pairs: [String: String] = [:]
        var scalars = Substring(comment).unicodeScalars[...]
        func skipSpaces() { while let s = scalars.first, s.isWhitespaceFast || s == ";" { scalars.removeFirst() } }
        while true {
            skipSpaces()
            guard !scalars.isEmpty else { break }
            var name = ""
            while let s = scalars.first, s != "=", !s.isWhitespaceFast { name.unicodeScalars.append(s); scalars.removeFirst() }
            skipSpaces()
            guard scalars.first == "=" else { return nil }
            scalars.removeFirst()
            skipSpaces()
            guard scalars.first == "\"" else { return nil }
            scalars.removeFirst()
            var value = ""
            var closed = false
            while let s = scalars.first {
                scalars.removeFirst()
                if s == "\"" { closed = true; break }
                if s == "\\", let next = scalars.first {
                    scalars.removeFirst()
                    switch next {
                    case "n": value += "\n"
                    case "t": value += "\t"
                    case "r": value += "\r"
                    default: value.unicodeScalars.append(next)
                    }
                    continue
                }
                value.unicodeScalars.append(s)
            }
            guard closed, !name.isEmpty else { return nil }
            pairs[name] = value
        }
        return pairs["ObjectID"] != nil ? pairs : nil
    }

    /// The source table a set of translated storyboard tables implies: for each IB key, the text its
    /// generated comment carries. Located at the first translation entry that gave it.
    static func sourceEntries(fromCommentsOf tables: [LocalizedTable]) -> [Entry] {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for table in tables.sorted(by: { $0.path < $1.path }) {
            for entry in table.entries where !seen.contains(entry.key) {
                guard let (_, property) = AccessibilityClassifier.interfaceBuilderKey(entry.key),
                      let comment = entry.comment, let pairs = parseGeneratedComment(comment),
                      // Segment titles are named in full: `NJH-oV-DbS.segmentTitles[0] = "All"`.
                      let text = pairs[String(property)] ?? pairs[entry.key] else { continue }
                seen.insert(entry.key)
                entries.append(Entry(key: entry.key, value: .text(text), comment: comment, location: entry.location,
                                     attributes: ["source": "interface-builder-comment"]))
            }
        }
        return entries
    }

    /// Whether a string is a storyboard's or xib's: its key is `<objectID>.<property>`, its table is
    /// named after a storyboard or xib, or its source text was read from one. Interface Builder never
    /// passes its strings to `String(format:)`, so a `%` in them is text.
    static func isInterfaceBuilderString(key: String, table: TableID, source: Entry, interfaceBuilderTables: Set<TableID>) -> Bool {
        if interfaceBuilderTables.contains(table) { return true }
        if let origin = source.attributes["source"], origin.hasPrefix("interface-builder") { return true }
        return AccessibilityClassifier.interfaceBuilderKey(key) != nil
    }

    /// Attributes of elements with an `id` that Xcode exports as `<id>.<attribute>`.
    static let localizableAttributes = ["text", "title", "placeholder", "headerTitle", "footerTitle", "prompt"]

    /// Reads the localizable strings of a storyboard or xib as `.strings` keys would name them.
    public static func read(_ bytes: [UInt8], path: String) -> (entries: [Entry], findings: [Finding]) {
        var xml = XMLTokenizer(decoding: bytes, path: path)
        var entries: [Entry] = []
        var seen: Set<String> = []
        // The nearest enclosing element with an id, per depth.
        var ids: [String?] = []
        var pendingString: (key: String, location: SourceLocation, text: String)? = nil
        var segmentIndex: [String: Int] = [:]
        func add(_ id: String?, _ property: String, _ value: String, _ location: SourceLocation) {
            guard let id, !value.isEmpty else { return }
            let key = "\(id).\(property)"
            guard seen.insert(key).inserted else { return }
            entries.append(Entry(key: key, value: .text(value), location: location,
                                 attributes: ["source": "interface-builder"]))
        }
        while let event = xml.next() {
            switch event {
            case .startElement(let element):
                let enclosing = ids.last ?? nil
                let ownID = element.value(of: "id")
                switch element.name.localName {
                case "state":
                    // <button><state key="normal" title="Add"/></button> → normalTitle.
                    if let state = element.value(of: "key"), let title = element.attribute("title") {
                        add(enclosing, "\(state)Title", title.value, title.valueLocation)
                    }
                case "accessibility":
                    for (attribute, property) in [("label", "accessibilityLabel"), ("hint", "accessibilityHint"),
                                                  ("value", "accessibilityValue"), ("identifier", "accessibilityIdentifier")] {
                        if let a = element.attribute(attribute) { add(enclosing, property, a.value, a.valueLocation) }
                    }
                case "segment":
                    if let enclosing, let title = element.attribute("title") {
                        let index = segmentIndex[enclosing, default: 0]
                        segmentIndex[enclosing] = index + 1
                        add(enclosing, "segmentTitles[\(index)]", title.value, title.valueLocation)
                    }
                case "string":
                    // Multi-line text is written as a child: <string key="text">…</string>.
                    if let key = element.value(of: "key"), localizableAttributes.contains(key), let enclosing {
                        pendingString = ("\(enclosing).\(key)", element.location, "")
                    }
                default:
                    if ownID != nil {
                        for name in localizableAttributes {
                            if let a = element.attribute(name) { add(ownID, name, a.value, a.valueLocation) }
                        }
                    }
                }
                if element.isSelfClosing {
                    if element.name.localName == "string" { pendingString = nil }
                } else {
                    ids.append(ownID ?? enclosing)
                }
            case .text(let text):
                if pendingString != nil { pendingString!.text += text.text }
            case .endElement(let end):
                if !end.isSelfClosing { _ = ids.popLast() }
                if end.name.localName == "string", let pending = pendingString {
                    let parts = pending.key.split(separator: ".", maxSplits: 1)
                    if parts.count == 2 { add(String(parts[0]), String(parts[1]), pending.text, pending.location) }
                    pendingString = nil
                }
            case .error:
                break
            default:
                break
            }
        }
        return (entries, xml.findings)
    }

    /// Adds source tables for storyboard tables: read from `Base.lproj` storyboards when present,
    /// else recovered from the generated comments of the translations. Tables that already have a
    /// source are left alone.
    static func completeSources(tables: inout [LocalizedTable], interfaceBuilderFiles: [InterfaceBuilderFile],
                                sourceLanguage: String, limit: Int) -> [Finding] {
        var findings: [Finding] = []
        var groups: [TableID: [Int]] = [:]
        for (index, table) in tables.enumerated() { groups[table.id, default: []].append(index) }
        var hasSource: Set<TableID> = []
        for (id, indices) in groups where indices.contains(where: { tables[$0].locale == "Base" || tables[$0].locale == sourceLanguage }) {
            hasSource.insert(id)
        }
        for file in interfaceBuilderFiles where file.locale == "Base" || file.locale == sourceLanguage {
            let id = TableID(scope: file.scope, name: file.table)
            // Only where translations exist and no strings table already gives the source.
            guard groups[id] != nil, !hasSource.contains(id) else { continue }
            switch FileLoading.bytes(atPath: file.path, limit: limit) {
            case .failure(let failure):
                findings.append(Finding(ruleID: ReaderRule.unreadable, severity: .error, message: failure.message,
                                        location: SourceLocation(file: file.path, line: 1, column: 1)))
            case .success(let bytes):
                let read = read(bytes, path: file.path)
                findings += read.findings
                tables.append(LocalizedTable(name: file.table, locale: file.locale, path: file.path, format: .strings,
                                             entries: read.entries, scope: file.scope))
                hasSource.insert(id)
            }
        }
        for (id, indices) in groups.sorted(by: { $0.key < $1.key }) where !hasSource.contains(id) {
            let translations = indices.map { tables[$0] }.filter { $0.format == .strings }
            let entries = sourceEntries(fromCommentsOf: translations)
            guard !entries.isEmpty, let first = translations.min(by: { $0.path < $1.path }) else { continue }
            tables.append(LocalizedTable(name: id.name, locale: sourceLanguage, path: first.path, format: .strings,
                                         entries: entries, scope: id.scope))
        }
        return findings
    }
}

/// A storyboard or xib found next to the catalogs: a side input, not a catalog format.
public struct InterfaceBuilderFile: Sendable, Hashable {
    public var path: String
    /// The enclosing `.lproj` folder's name (`Base` usually), nil outside one.
    public var locale: String?
    /// The file name without its extension: the table its translations use.
    public var table: String
    public var scope: String
}
