import Foundation

/// A property list as a flat array of nodes (children by index), so no deep tree is ever built,
/// walked or freed recursively. Every key and value keeps its location.
struct PropertyListDocument {
    enum Kind: String {
        case dict, array, string, integer, real, bool, date, data

        init?(element: String) {
            switch element {
            case "dict": self = .dict
            case "array": self = .array
            case "string": self = .string
            case "integer": self = .integer
            case "real": self = .real
            case "true", "false": self = .bool
            case "date": self = .date
            case "data": self = .data
            default: return nil
            }
        }
        var isContainer: Bool { self == .dict || self == .array }
    }

    struct DictEntry {
        var key: String
        var keyLocation: SourceLocation
        /// Nil for a `<key>` without a value (already reported).
        var value: Int?
    }

    struct Node {
        var kind: Kind
        /// The element as written (`true`, `false`, …), for messages.
        var element: String
        /// Scalars: the text as written (`true`/`false` for booleans).
        var text: String = ""
        var location: SourceLocation
        var entries: [DictEntry] = []
        var items: [Int] = []
        /// False for a container whose end the reader never reached (the XML ended in an error).
        var isComplete = true
    }

    var nodes: [Node] = []
    var root: Int?

    static let allowedElements = "dict, array, string, integer, real, true, false, date or data"
}

/// Builds a `PropertyListDocument` from XML events and reports structural problems (`syntax`) and
/// duplicate keys (`duplicate-key`, which Foundation resolves by keeping the last one).
struct PropertyListXMLParser {
    private struct Frame {
        var node: Int?  // nil for <plist>
        var kind: PropertyListDocument.Kind?
        var pendingKey: (key: String, location: SourceLocation)?
        var firstKeyLocations: [String: SourceLocation] = [:]
        /// The top-level key this container belongs to, for findings.
        var entryKey: String?
        var plistHasChild = false
        var plistLocation: SourceLocation?
        var reportedText = false
    }

    private(set) var document = PropertyListDocument()
    private(set) var findings: [Finding] = []
    private var frames: [Frame] = []

    static func parse(_ xml: inout XMLTokenizer) -> (PropertyListDocument, [Finding]) {
        var parser = PropertyListXMLParser()
        parser.run(&xml)
        return (parser.document, parser.findings)
    }

    private mutating func run(_ xml: inout XMLTokenizer) {
        while let event = xml.next() {
            switch event {
            case .startElement(let element):
                start(element, &xml)
            case .endElement:
                guard let frame = frames.popLast() else { break }
                if let node = frame.node { document.nodes[node].isComplete = true }
                if let pending = frame.pendingKey { keyWithoutValue(pending, in: frame) }
                if frame.node == nil && !frame.plistHasChild, let location = frame.plistLocation {
                    syntax("expected a <dict> inside <plist>, found an empty property list", at: location, key: nil)
                }
            case .text(let text):
                if !text.isWhitespace, let top = frames.indices.last, !frames[top].reportedText {
                    frames[top].reportedText = true
                    let inside = frames[top].kind.map { "<\($0.rawValue)>" } ?? "<plist>"
                    let expected = frames[top].kind == .dict ? "<key>" : "an element"
                    syntax("unexpected text inside \(inside); expected \(expected)", at: text.location, key: frames[top].entryKey)
                }
            default:
                break
            }
        }
        // After a fatal XML error the open containers stay unfinished; the tokenizer reported why.
    }

    private mutating func start(_ element: XMLStartElement, _ xml: inout XMLTokenizer) {
        let name = element.name.qualifiedName
        if name == "plist" && frames.isEmpty && document.root == nil {
            frames.append(Frame(node: nil, kind: nil, entryKey: nil, plistLocation: element.location))
            return
        }
        let entryKey = frames.last?.entryKey
        if name == "key" {
            let text = collectText(element, &xml)
            guard let top = frames.indices.last, frames[top].kind == .dict else {
                syntax("<key> '\(text)' is outside a <dict>; expected a key only inside a <dict>", at: element.location, key: entryKey)
                return
            }
            if let pending = frames[top].pendingKey { keyWithoutValue(pending, in: frames[top]) }
            frames[top].pendingKey = (text, element.location)
            return
        }
        guard let kind = PropertyListDocument.Kind(element: name) else {
            syntax("unknown property-list element <\(name)>; expected \(PropertyListDocument.allowedElements)", at: element.location, key: entryKey)
            _ = xml.skipElement()
            return
        }
        guard let (attach, newEntryKey) = placeForValue(element) else {
            if kind.isContainer { _ = xml.skipElement() } else { _ = collectText(element, &xml) }
            return
        }
        var node = PropertyListDocument.Node(kind: kind, element: name, location: element.location)
        if kind.isContainer {
            node.isComplete = false
            let index = appendNode(node, attach)
            frames.append(Frame(node: index, kind: kind, entryKey: newEntryKey))
            if element.isSelfClosing {
                _ = xml.next()
                frames.removeLast()
                document.nodes[index].isComplete = true
            }
        } else {
            let text = collectText(element, &xml)
            if kind == .bool {
                if !text.allSatisfy(\.isWhitespace) {
                    syntax("expected <\(name)/> to be empty, found text", at: element.location, key: newEntryKey)
                }
                node.text = name
            } else {
                node.text = text
            }
            _ = appendNode(node, attach)
        }
    }

    private enum Attachment { case root, plist, dict(key: String, location: SourceLocation), array }

    /// Where a new value goes, or nil (reported) when it has no place.
    private mutating func placeForValue(_ element: XMLStartElement) -> (Attachment, String?)? {
        let name = element.name.qualifiedName
        guard let top = frames.indices.last else {
            if document.root == nil { return (.root, nil) }
            return nil  // a second root element is a tokenizer error
        }
        switch frames[top].kind {
        case nil:
            if frames[top].plistHasChild {
                syntax("expected a single object inside <plist>, found another <\(name)>", at: element.location, key: nil)
                return nil
            }
            frames[top].plistHasChild = true
            return (.plist, nil)
        case .dict?:
            guard let pending = frames[top].pendingKey else {
                syntax("expected <key> before <\(name)> in a <dict>", at: element.location, key: frames[top].entryKey)
                return nil
            }
            frames[top].pendingKey = nil
            let isTopLevel = frames[top].entryKey == nil && isRootDict(top)
            return (.dict(key: pending.key, location: pending.location), isTopLevel ? pending.key : frames[top].entryKey)
        default:
            return (.array, frames[top].entryKey)
        }
    }

    private func isRootDict(_ frameIndex: Int) -> Bool {
        frames[frameIndex].node == document.root
    }

    private mutating func appendNode(_ node: PropertyListDocument.Node, _ attach: Attachment) -> Int {
        let index = document.nodes.count
        document.nodes.append(node)
        switch attach {
        case .root, .plist:
            document.root = index
        case .dict(let key, let location):
            let top = frames.count - 1
            let dictNode = frames[top].node!
            if let first = frames[top].firstKeyLocations[key] {
                findings.append(Finding(
                    ruleID: ReaderRule.duplicateKey, severity: .error,
                    message: "duplicate key '\(key)' (first at \(first.line):\(first.column)); Foundation uses the last one",
                    location: location, key: frames[top].entryKey ?? key,
                    notes: [Finding.Note(message: "first '\(key)' is here", location: first)]))
            } else {
                frames[top].firstKeyLocations[key] = location
            }
            document.nodes[dictNode].entries.append(.init(key: key, keyLocation: location, value: index))
        case .array:
            document.nodes[frames[frames.count - 1].node!].items.append(index)
        }
        return index
    }

    private mutating func keyWithoutValue(_ pending: (key: String, location: SourceLocation), in frame: Frame) {
        syntax("key '\(pending.key)' has no value; expected a value element after <key>", at: pending.location,
               key: frame.entryKey ?? pending.key)
    }

    /// The text content of a scalar element; child elements are reported and skipped.
    private mutating func collectText(_ element: XMLStartElement, _ xml: inout XMLTokenizer) -> String {
        var text = ""
        if element.isSelfClosing {
            _ = xml.next()
            return text
        }
        while let event = xml.next() {
            switch event {
            case .text(let t): text += t.text
            case .startElement(let child):
                syntax("expected only text inside <\(element.name.qualifiedName)>, found <\(child.name.qualifiedName)>",
                       at: child.location, key: frames.last?.entryKey)
                _ = xml.skipElement()
            case .endElement, .error: return text
            default: break
            }
        }
        return text
    }

    private mutating func syntax(_ message: String, at location: SourceLocation, key: String?) {
        findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location, key: key))
    }
}

/// Binary property lists through Foundation, which gives no positions: everything is at 1:1.
enum PropertyListBinary {
    static func parse(_ bytes: [UInt8], path: String) -> (PropertyListDocument, [Finding]) {
        let location = SourceLocation(file: path, line: 1, column: 1)
        var document = PropertyListDocument()
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return (document, [Finding(ruleID: ReaderRule.syntax, severity: .error,
                                       message: "unreadable binary property list (\(error.localizedDescription)); expected a valid bplist00 file",
                                       location: location)])
        }
        var findings: [Finding] = []
        document.root = add(object, to: &document, location: location, depth: 0, findings: &findings)
        return (document, findings)
    }

    /// Foundation's dictionaries have no order: keys come back in a stable order, format and spec keys
    /// first, then plural categories in CLDR order, then the rest alphabetically.
    static func keyOrder(_ a: String, _ b: String) -> Bool {
        let first = ["NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey",
                     "zero", "one", "two", "few", "many", "other"]
        let ra = first.firstIndex(of: a) ?? first.count, rb = first.firstIndex(of: b) ?? first.count
        return ra != rb ? ra < rb : a < b
    }

    private static func add(_ object: Any, to document: inout PropertyListDocument, location: SourceLocation, depth: Int,
                            findings: inout [Finding]) -> Int? {
        guard depth < 256 else {
            findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                    message: "binary property list nested deeper than 256 levels; the rest is not read",
                                    location: location))
            return nil
        }
        let index = document.nodes.count
        if let dictionary = object as? [String: Any] {
            document.nodes.append(.init(kind: .dict, element: "dict", location: location))
            for key in dictionary.keys.sorted(by: keyOrder) {
                let child = add(dictionary[key]!, to: &document, location: location, depth: depth + 1, findings: &findings)
                document.nodes[index].entries.append(.init(key: key, keyLocation: location, value: child))
            }
        } else if let array = object as? [Any] {
            document.nodes.append(.init(kind: .array, element: "array", location: location))
            for item in array {
                if let child = add(item, to: &document, location: location, depth: depth + 1, findings: &findings) {
                    document.nodes[index].items.append(child)
                }
            }
        } else if let string = object as? String {
            document.nodes.append(.init(kind: .string, element: "string", text: string, location: location))
        } else if let date = object as? Date {
            document.nodes.append(.init(kind: .date, element: "date", text: "\(date)", location: location))
        } else if let data = object as? Data {
            document.nodes.append(.init(kind: .data, element: "data", text: data.base64EncodedString(), location: location))
        } else {
            document.nodes.append(.init(kind: .integer, element: "number", text: "\(object)", location: location))
        }
        return index
    }
}
