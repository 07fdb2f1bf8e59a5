/// A small, safe, well-formedness-checking XML pull tokenizer over UTF-8 bytes.
///
/// - Every event carries the line and column (Unicode scalars) where it starts.
/// - Namespaces are resolved; an unbound prefix is an error.
/// - Safety: a DOCTYPE is tokenised, never loaded. Nothing outside the input is ever opened or fetched;
///   only the five predefined entities and character references are expanded. A reference to an
///   entity the internal subset declares is kept literally (`&x;`) with a finding, which defeats
///   entity-expansion bombs and external entities by construction. Nesting depth is bounded and
///   nothing recurses, so memory stays linear in the input.
/// - The first well-formedness error ends the stream: `next()` returns `.error(finding)`, then nil.
///
/// ```
/// var xml = XMLTokenizer(decoding: bytes, path: path)
/// while let event = xml.next() { … }
/// findings += xml.findings
/// ```
public struct XMLTokenizer: Sendable {
    public struct Options: Sendable {
        /// Elements nested deeper than this end the stream with an error.
        public var maximumDepth: Int
        /// Non-fatal findings (unexpanded entities) beyond this many are summarised in one.
        public var maximumFindings: Int
        public init(maximumDepth: Int = 10_000, maximumFindings: Int = 100) {
            self.maximumDepth = maximumDepth
            self.maximumFindings = maximumFindings
        }
    }

    public static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    public static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    public let path: String
    public let options: Options
    /// Everything reported so far, in order: decoding problems (when built with `init(decoding:)`),
    /// encoding-declaration problems, unexpanded entities, and finally the fatal error if there was one.
    public private(set) var findings: [Finding] = []
    /// True once a well-formedness error ended the stream.
    public private(set) var failed = false
    public private(set) var declaration: XMLDeclaration?
    public private(set) var doctype: XMLDoctype?
    /// How many elements are open.
    public var depth: Int { stack.count }

    private struct OpenElement {
        var nameStart: Int
        var nameLength: Int
        var name: XMLName
        var location: SourceLocation
        var bindingMark: Int
    }
    private struct Binding {
        var prefix: String  // "" for the default namespace
        var uri: String
    }
    private enum Phase { case start, prolog, content, epilog, finished }
    private struct Failure: Error { var finding: Finding }

    private let input: XMLInput
    private let detectedEncoding: TextEncoding
    private var position = 0
    private var locator = XMLLocator()
    private var names = XMLNameTable()
    private var stack: [OpenElement] = []
    private var bindings: [Binding] = []
    private var phase = Phase.start
    private var pendingEnd: XMLEndElement?
    private var declaredEntities: Set<String> = []
    private var scratch: [UInt8] = []
    /// The name-table slot of each attribute of the start tag being read (reused between tags).
    private var attributeSlots: [Int] = []
    /// The default namespace in scope, cached because unprefixed elements are the common case.
    private var defaultNamespace: String?
    private var nonFatalCount = 0
    private var suppressedCount = 0

    /// Tokenizes UTF-8 text that `TextDecoding.decode` produced (no BOM). `detectedEncoding` is what
    /// the decoder found, checked against the XML declaration's `encoding`.
    public init(utf8: [UInt8], path: String, detectedEncoding: TextEncoding = .utf8, options: Options = Options()) {
        self.input = XMLInput(utf8)
        self.path = path
        self.detectedEncoding = detectedEncoding
        self.options = options
    }

    /// Decodes raw file bytes first (BOMs, UTF-16, invalid UTF-8); the decoder's findings come first.
    public init(decoding bytes: [UInt8], path: String, options: Options = Options()) {
        let decoded = TextDecoding.decode(bytes, path: path)
        self.init(utf8: decoded.utf8, path: path, detectedEncoding: decoded.encoding, options: options)
        findings = decoded.findings
    }

    /// The text of a byte range of the (decoded) input, e.g. an event's `byteRange`.
    public func source(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<input.count)
        return input.string(clamped)
    }

    public mutating func next() -> XMLEvent? {
        if let end = pendingEnd {
            pendingEnd = nil
            return .endElement(end)
        }
        if phase == .finished { return nil }
        do throws(Failure) {
            return try step()
        } catch {
            phase = .finished
            failed = true
            findings.append(error.finding)
            return .error(error.finding)
        }
    }

    /// After a start-element event: consumes events up to and including its end. False if the stream
    /// ended first (an error is then in `findings`).
    public mutating func skipElement() -> Bool {
        var open = 1
        while let event = next() {
            switch event {
            case .startElement: open += 1
            case .endElement:
                open -= 1
                if open == 0 { return true }
            case .error: return false
            default: break
            }
        }
        return false
    }

    // MARK: - Dispatch

    private mutating func step() throws(Failure) -> XMLEvent? {
        let base = input.base, end = input.count
        if phase == .start {
            phase = .prolog
            if startsWith("<?xml", at: 0) && XMLByteClass.table[Int(base[5])] & XMLByteClass.whitespace != 0 {
                return .declaration(try readDeclaration())
            }
        }
        while true {
            let i = position
            if i >= end {
                if let open = stack.last {
                    throw fail("expected </\(open.name.qualifiedName)> (opened at \(Self.lineColumn(open.location))) before the end of the file", at: end)
                }
                if phase == .prolog { throw fail("expected a root element; the file has none", at: end) }
                phase = .finished
                return nil
            }
            if base[i] == UInt8(ascii: "<") {
                switch base[i + 1] {
                case UInt8(ascii: "/"): return try readEndTag()
                case UInt8(ascii: "?"): return try readProcessingInstruction()
                case UInt8(ascii: "!"):
                    if startsWith("<!--", at: i) { return try readComment() }
                    if startsWith("<![CDATA[", at: i) {
                        guard phase == .content else {
                            throw fail("a CDATA section is not allowed outside the root element", at: i)
                        }
                        return try readText()
                    }
                    if startsWith("<!DOCTYPE", at: i) { return try readDoctype() }
                    throw fail("expected '<!--', '<![CDATA[' or '<!DOCTYPE' after '<!'", at: i)
                default: return try readStartTag()
                }
            }
            if phase == .content { return try readText() }
            try skipWhitespaceOutsideRoot()
        }
    }

    private mutating func skipWhitespaceOutsideRoot() throws(Failure) {
        let base = input.base, classes = XMLByteClass.table
        var i = position
        while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        if i < input.count && base[i] != UInt8(ascii: "<") {
            let place = phase == .prolog ? "before the root element" : "after the root element"
            throw fail("text is not allowed \(place); expected only whitespace, comments or processing instructions, found \(describe(i))", at: i)
        }
        position = i
    }

    // MARK: - Elements

    private mutating func readStartTag() throws(Failure) -> XMLEvent {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        let start = position
        var i = start + 1
        let nameEnd = scanName(from: i)
        guard nameEnd > i else { throw fail("expected an element name after '<', found \(describe(i))", at: i) }
        let elementSlot = names.intern(i, nameEnd - i, base: base)
        let qname = names.spelling(elementSlot)
        if phase == .epilog {
            throw fail("expected a single root element, found a second one: <\(qname.qualified)>", at: start)
        }
        guard qname.isValid else {
            throw fail("malformed element name '\(qname.qualified)'; expected a name with at most one ':' between a prefix and a local name", at: i)
        }
        let location = locate(start)
        if stack.count >= options.maximumDepth {
            throw fail("elements are nested deeper than \(options.maximumDepth) levels; stopped reading here", at: start)
        }
        phase = .content
        i = nameEnd
        var attributes: [XMLAttribute] = []
        attributeSlots.removeAll(keepingCapacity: true)
        var seenAttributeNames: Set<String> = []
        let isSelfClosing: Bool
        while true {
            let spaceStart = i
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            let hadSpace = i > spaceStart
            let b = base[i]
            if b == UInt8(ascii: ">") {
                i += 1
                isSelfClosing = false
                break
            }
            if b == UInt8(ascii: "/") {
                guard base[i + 1] == UInt8(ascii: ">") else {
                    throw fail("expected '>' after '/' in the start tag of <\(qname.qualified)>, found \(describe(i + 1))", at: i + 1)
                }
                i += 2
                isSelfClosing = true
                break
            }
            if i >= end {
                throw fail("expected '>' to end the start tag of <\(qname.qualified)> (opened at \(Self.lineColumn(location))), found the end of the file", at: end)
            }
            guard classes[Int(b)] & XMLByteClass.nameStart != 0 else {
                throw fail("expected an attribute name, '>' or '/>' in the start tag of <\(qname.qualified)>, found \(describe(i))", at: i)
            }
            guard hadSpace else {
                throw fail("expected whitespace before the attribute in the start tag of <\(qname.qualified)>, found \(describe(i))", at: i)
            }
            let attributeStart = i
            let attributeNameEnd = scanName(from: i)
            let attributeSlot = names.intern(i, attributeNameEnd - i, base: base)
            let attributeName = names.spelling(attributeSlot)
            guard attributeName.isValid else {
                throw fail("malformed attribute name '\(attributeName.qualified)'; expected a name with at most one ':' between a prefix and a local name", at: i)
            }
            let attributeLocation = locate(attributeStart)
            // Linear search for the usual handful of attributes; a set once there are many.
            var duplicate: XMLAttribute? = nil
            if attributes.count < 16 {
                duplicate = attributes.first { $0.name.qualifiedName == attributeName.qualified }
            } else {
                if seenAttributeNames.isEmpty { seenAttributeNames = Set(attributes.map(\.name.qualifiedName)) }
                if !seenAttributeNames.insert(attributeName.qualified).inserted {
                    duplicate = attributes.first { $0.name.qualifiedName == attributeName.qualified }
                }
            }
            if let first = duplicate {
                throw fail("duplicate attribute '\(attributeName.qualified)' (first at \(Self.lineColumn(first.location))); expected each attribute at most once per element", at: attributeStart)
            }
            i = attributeNameEnd
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            guard base[i] == UInt8(ascii: "=") else {
                throw fail("expected '=' after the attribute name '\(attributeName.qualified)', found \(describe(i))", at: i)
            }
            i += 1
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            let quote = base[i]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for the attribute '\(attributeName.qualified)', found \(describe(i))", at: i)
            }
            i += 1
            let valueLocation = locate(i)
            let value: String
            (value, i) = try readAttributeValue(from: i, quote: quote, attributeName: attributeName.qualified)
            // The namespace is filled in once the whole tag (and its xmlns declarations) is read.
            attributes.append(XMLAttribute(name: names.name(attributeSlot, namespace: nil), value: value,
                                           location: attributeLocation, valueLocation: valueLocation))
            attributeSlots.append(attributeSlot)
        }
        position = i

        // Namespace declarations first: they apply to the element's own name and attributes.
        let bindingMark = bindings.count
        for attribute in attributes where attribute.name.prefix == "xmlns" || attribute.name.qualifiedName == "xmlns" {
            if attribute.name.prefix == nil {
                bindings.append(Binding(prefix: "", uri: attribute.value))
                defaultNamespace = attribute.value.isEmpty ? nil : attribute.value
            } else {
                if attribute.name.localName == "xmlns" {
                    throw fail("the prefix 'xmlns' must not be declared", at: attribute.location)
                }
                if attribute.value.isEmpty {
                    throw fail("the namespace prefix '\(attribute.name.localName)' must not be bound to an empty URI", at: attribute.location)
                }
                bindings.append(Binding(prefix: attribute.name.localName, uri: attribute.value))
            }
        }
        var elementURI: String? = nil
        if let prefix = qname.prefix {
            guard let uri = lookUp(prefix: prefix) else {
                throw fail("unbound namespace prefix '\(prefix)' in element <\(qname.qualified)>; expected an xmlns:\(prefix) declaration on this element or an enclosing one", at: start + 1)
            }
            elementURI = uri
        } else {
            elementURI = defaultNamespace
        }
        for k in attributes.indices {
            guard let prefix = attributes[k].name.prefix else { continue }  // unprefixed: no namespace
            if prefix == "xmlns" {
                attributes[k].name = names.name(attributeSlots[k], namespace: Self.xmlnsNamespace)
                continue
            }
            guard let bound = lookUp(prefix: prefix) else {
                throw fail("unbound namespace prefix '\(prefix)' in attribute '\(attributes[k].name.qualifiedName)' of <\(qname.qualified)>; expected an xmlns:\(prefix) declaration on this element or an enclosing one", at: attributes[k].location)
            }
            // `a:x` and `b:x` bound to the same namespace are the same attribute.
            let local = attributes[k].name.localName
            if let first = attributes[..<k].first(where: { $0.name.namespaceURI == bound && $0.name.localName == local }) {
                throw fail("duplicate attribute '\(attributes[k].name.qualifiedName)': same namespace and local name as '\(first.name.qualifiedName)' (at \(Self.lineColumn(first.location)))", at: attributes[k].location)
            }
            attributes[k].name = names.name(attributeSlots[k], namespace: bound)
        }
        for k in attributes.indices where attributes[k].name.prefix == nil && attributes[k].name.localName == "xmlns" {
            attributes[k].name = names.name(attributeSlots[k], namespace: Self.xmlnsNamespace)
        }
        let name = names.name(elementSlot, namespace: elementURI)
        let event = XMLStartElement(name: name, attributes: attributes, isSelfClosing: isSelfClosing,
                                    location: location, byteRange: start..<i)
        if isSelfClosing {
            popBindings(to: bindingMark)
            pendingEnd = XMLEndElement(name: name, location: location, startLocation: location, isSelfClosing: true,
                                       byteRange: start..<i)
            if stack.isEmpty { phase = .epilog }
        } else {
            stack.append(OpenElement(nameStart: start + 1, nameLength: nameEnd - start - 1, name: name,
                                     location: location, bindingMark: bindingMark))
        }
        return .startElement(event)
    }

    private mutating func popBindings(to mark: Int) {
        guard bindings.count > mark else { return }
        bindings.removeLast(bindings.count - mark)
        let uri = lookUp(prefix: "")
        defaultNamespace = uri?.isEmpty == false ? uri : nil
    }

    private func lookUp(prefix: String) -> String? {
        if prefix == "xml" { return Self.xmlNamespace }
        var k = bindings.count - 1
        while k >= 0 {
            if bindings[k].prefix == prefix { return bindings[k].uri }
            k -= 1
        }
        return nil
    }

    private mutating func readEndTag() throws(Failure) -> XMLEvent {
        let base = input.base, classes = XMLByteClass.table
        let start = position
        var i = start + 2
        let nameEnd = scanName(from: i)
        guard nameEnd > i else { throw fail("expected an element name after '</', found \(describe(i))", at: i) }
        // The name becomes a String only for messages: matching compares bytes.
        let nameRange = i..<nameEnd
        i = nameEnd
        while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        guard base[i] == UInt8(ascii: ">") else {
            throw fail("expected '>' to end the end tag </\(input.string(nameRange))>, found \(describe(i))", at: i)
        }
        guard let open = stack.last else {
            throw fail("found </\(input.string(nameRange))>, but no element is open", at: start)
        }
        guard open.nameLength == nameRange.count,
              memoryEqual(base + open.nameStart, base + nameRange.lowerBound, open.nameLength) else {
            throw fail("expected </\(open.name.qualifiedName)> (opened at \(Self.lineColumn(open.location))), found </\(input.string(nameRange))>", at: start)
        }
        stack.removeLast()
        popBindings(to: open.bindingMark)
        if stack.isEmpty { phase = .epilog }
        position = i + 1
        return .endElement(XMLEndElement(name: open.name, location: locate(start), startLocation: open.location,
                                         isSelfClosing: false, byteRange: start..<position))
    }

    private mutating func readAttributeValue(from valueStart: Int, quote: UInt8, attributeName: String) throws(Failure) -> (String, Int) {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        var i = valueStart, segment = valueStart
        var decoded = false
        scratch.removeAll(keepingCapacity: true)
        while true {
            while classes[Int(base[i])] & XMLByteClass.valueStop == 0 { i += 1 }
            let b = base[i]
            if b == quote { break }
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                i += 1
            case UInt8(ascii: "<"):
                throw fail("'<' is not allowed in the value of the attribute '\(attributeName)'; expected '&lt;'", at: i)
            case UInt8(ascii: "&"):
                appendToScratch(segment..<i)
                decoded = true
                i = try decodeReference(at: i)
                segment = i
            case 0x09, 0x0A, 0x0D:
                // Attribute-value normalisation: each literal line end or tab becomes one space.
                appendToScratch(segment..<i)
                decoded = true
                scratch.append(0x20)
                i += 1
                if b == 0x0D && base[i] == 0x0A { i += 1 }
                segment = i
            case 0xEF:
                try checkNonCharacter(at: i)
                i += 1
            default:
                if i >= end {
                    throw fail("expected the closing quote of the value of the attribute '\(attributeName)', found the end of the file", at: end)
                }
                throw fail("invalid character \(Self.scalarName(UInt32(b))) in the value of the attribute '\(attributeName)'; XML does not allow control characters", at: i)
            }
        }
        let value: String
        if decoded {
            appendToScratch(segment..<i)
            value = String(decoding: scratch, as: UTF8.self)
        } else {
            value = input.string(valueStart..<i)
        }
        return (value, i + 1)
    }

    // MARK: - Text

    private mutating func readText() throws(Failure) -> XMLEvent {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        let start = position
        // Located first: a finding inside the text moves the forward-only locator past `start`.
        let location = locate(start)
        var i = start, segment = start
        var decoded = false
        scratch.removeAll(keepingCapacity: true)
        scan: while true {
            if base[i] == UInt8(ascii: "<") {
                guard startsWith("<![CDATA[", at: i) else { break scan }
                let sectionStart = i
                appendToScratch(segment..<i)
                decoded = true
                i += 9
                var cdataSegment = i
                while true {
                    while classes[Int(base[i])] & XMLByteClass.cdataStop == 0 { i += 1 }
                    let b = base[i]
                    if b == UInt8(ascii: "]") {
                        if base[i + 1] == UInt8(ascii: "]") && base[i + 2] == UInt8(ascii: ">") {
                            appendToScratch(cdataSegment..<i)
                            i += 3
                            break
                        }
                        i += 1
                    } else if b == 0x0D {
                        appendToScratch(cdataSegment..<i)
                        scratch.append(0x0A)
                        i += 1
                        if base[i] == 0x0A { i += 1 }
                        cdataSegment = i
                    } else if b == 0xEF {
                        try checkNonCharacter(at: i)
                        i += 1
                    } else if i >= end {
                        throw fail("expected ']]>' to end the CDATA section opened at \(Self.lineColumn(locate(sectionStart))), found the end of the file", at: end)
                    } else {
                        throw fail("invalid character \(Self.scalarName(UInt32(b))) in a CDATA section; XML does not allow control characters", at: i)
                    }
                }
                segment = i
                continue scan
            }
            while classes[Int(base[i])] & XMLByteClass.textStop == 0 { i += 1 }
            let b = base[i]
            switch b {
            case UInt8(ascii: "<"):
                continue scan
            case UInt8(ascii: "&"):
                appendToScratch(segment..<i)
                decoded = true
                i = try decodeReference(at: i)
                segment = i
            case UInt8(ascii: "]"):
                if base[i + 1] == UInt8(ascii: "]") && base[i + 2] == UInt8(ascii: ">") {
                    throw fail("']]>' is not allowed in text; expected ']]&gt;'", at: i)
                }
                i += 1
            case 0x0D:
                appendToScratch(segment..<i)
                decoded = true
                scratch.append(0x0A)
                i += 1
                if base[i] == 0x0A { i += 1 }
                segment = i
            case 0xEF:
                try checkNonCharacter(at: i)
                i += 1
            default:
                if i >= end { break scan }
                throw fail("invalid character \(Self.scalarName(UInt32(b))) in text; XML does not allow control characters", at: i)
            }
        }
        let text: String
        let isWhitespace: Bool
        if decoded {
            appendToScratch(segment..<i)
            text = String(decoding: scratch, as: UTF8.self)
            isWhitespace = scratch.allSatisfy { classes[Int($0)] & XMLByteClass.whitespace != 0 }
        } else {
            text = input.string(start..<i)
            var k = start
            while k < i && classes[Int(base[k])] & XMLByteClass.whitespace != 0 { k += 1 }
            isWhitespace = k == i
        }
        position = i
        return .text(XMLText(text: text, isWhitespace: isWhitespace, location: location, byteRange: start..<i))
    }

    /// Decodes the reference at `amp` (which points at `&`) into `scratch`; returns the index after `;`.
    private mutating func decodeReference(at amp: Int) throws(Failure) -> Int {
        let base = input.base
        var i = amp + 1
        if base[i] == UInt8(ascii: "#") {
            i += 1
            var radix: UInt32 = 10
            if base[i] == UInt8(ascii: "x") {
                radix = 16
                i += 1
            }
            let digitsStart = i
            var value: UInt32 = 0
            var tooLarge = false
            while true {
                let b = base[i]
                let digit: UInt32
                if b >= 0x30 && b <= 0x39 { digit = UInt32(b - 0x30) }
                else if radix == 16 && b >= 0x61 && b <= 0x66 { digit = UInt32(b - 0x61 + 10) }
                else if radix == 16 && b >= 0x41 && b <= 0x46 { digit = UInt32(b - 0x41 + 10) }
                else { break }
                if value > 0x10FFFF { tooLarge = true } else { value = value * radix + digit }
                i += 1
            }
            guard i > digitsStart else {
                throw fail("expected \(radix == 16 ? "hexadecimal digits" : "digits") in the character reference, found \(describe(i))", at: i)
            }
            guard base[i] == UInt8(ascii: ";") else {
                throw fail("expected ';' to end the character reference, found \(describe(i))", at: i)
            }
            guard !tooLarge, Self.isXMLCharacter(value) else {
                let written = input.string(amp..<(i + 1))
                let what = tooLarge || value > 0x10FFFF ? "beyond U+10FFFF" : Self.scalarName(value)
                throw fail("invalid character reference \(written) (\(what)); expected a character XML allows (tab, line end, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF)", at: amp)
            }
            TextDecoding.appendUTF8(value, to: &scratch)
            return i + 1
        }
        let nameEnd = scanName(from: i)
        guard nameEnd > i else {
            throw fail("unescaped '&'; expected '&amp;', an entity reference such as '&lt;' or a character reference such as '&#38;'", at: amp)
        }
        guard base[nameEnd] == UInt8(ascii: ";") else {
            throw fail("expected ';' after the entity name '\(input.string(i..<nameEnd))', found \(describe(nameEnd)) (write '&amp;' for a literal '&')", at: nameEnd)
        }
        if let predefined = Self.predefinedEntity(base + i, nameEnd - i) {
            scratch.append(predefined)
            return nameEnd + 1
        }
        let name = input.string(i..<nameEnd)
        if declaredEntities.contains(name) {
            report(ReaderRule.syntax, "entity declarations are not supported; entity '\(name)' is not expanded", at: amp)
            appendToScratch(amp..<(nameEnd + 1))
            return nameEnd + 1
        }
        throw fail("undefined entity '&\(name);'; expected &amp;, &lt;, &gt;, &apos;, &quot; or a character reference", at: amp)
    }

    private static func predefinedEntity(_ p: UnsafePointer<UInt8>, _ length: Int) -> UInt8? {
        switch length {
        case 2:
            if p[1] == UInt8(ascii: "t") {
                if p[0] == UInt8(ascii: "l") { return UInt8(ascii: "<") }
                if p[0] == UInt8(ascii: "g") { return UInt8(ascii: ">") }
            }
        case 3:
            if p[0] == UInt8(ascii: "a") && p[1] == UInt8(ascii: "m") && p[2] == UInt8(ascii: "p") { return UInt8(ascii: "&") }
        case 4:
            if memoryEqual(p, Self.apos, 4) { return UInt8(ascii: "'") }
            if memoryEqual(p, Self.quot, 4) { return UInt8(ascii: "\"") }
        default: break
        }
        return nil
    }
    private static let apos: [UInt8] = Array("apos".utf8)
    private static let quot: [UInt8] = Array("quot".utf8)

    static func isXMLCharacter(_ v: UInt32) -> Bool {
        v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD)
            || (v >= 0x10000 && v <= 0x10FFFF)
    }

    private func checkNonCharacter(at i: Int) throws(Failure) {
        let base = input.base
        if base[i + 1] == 0xBF && (base[i + 2] == 0xBE || base[i + 2] == 0xBF) {
            throw fail("invalid character \(base[i + 2] == 0xBE ? "U+FFFE" : "U+FFFF"); XML does not allow it", at: i)
        }
    }

    // MARK: - Comments, processing instructions, declarations

    private mutating func readComment() throws(Failure) -> XMLEvent {
        let base = input.base, end = input.count
        let start = position
        var i = start + 4
        while true {
            while i < end && base[i] != UInt8(ascii: "-") { i += 1 }
            if i >= end {
                throw fail("expected '-->' to end the comment opened at \(Self.lineColumn(locate(start))), found the end of the file", at: end)
            }
            if base[i + 1] == UInt8(ascii: "-") {
                if base[i + 2] == UInt8(ascii: ">") { break }
                throw fail("'--' is not allowed inside a comment; expected '-->' to end it", at: i)
            }
            i += 1
        }
        let comment = XMLComment(text: input.string((start + 4)..<i), location: locate(start))
        position = i + 3
        return .comment(comment)
    }

    private mutating func readProcessingInstruction() throws(Failure) -> XMLEvent {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        let start = position
        var i = start + 2
        let nameEnd = scanName(from: i)
        guard nameEnd > i else {
            throw fail("expected a processing-instruction target after '<?', found \(describe(i))", at: i)
        }
        let target = input.string(i..<nameEnd)
        if target.lowercased() == "xml" {
            throw fail("an XML declaration is only allowed at the very start of the file", at: start)
        }
        i = nameEnd
        var dataStart = i
        if !(base[i] == UInt8(ascii: "?") && base[i + 1] == UInt8(ascii: ">")) {
            guard classes[Int(base[i])] & XMLByteClass.whitespace != 0 else {
                throw fail("expected whitespace or '?>' after the processing-instruction target '\(target)', found \(describe(i))", at: i)
            }
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            dataStart = i
            while i < end && !(base[i] == UInt8(ascii: "?") && base[i + 1] == UInt8(ascii: ">")) { i += 1 }
            if i >= end {
                throw fail("expected '?>' to end the processing instruction opened at \(Self.lineColumn(locate(start))), found the end of the file", at: end)
            }
        }
        let instruction = XMLProcessingInstruction(target: target, data: input.string(dataStart..<i), location: locate(start))
        position = i + 2
        return .processingInstruction(instruction)
    }

    private mutating func readDeclaration() throws(Failure) -> XMLDeclaration {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        let location = locate(0)
        var i = 5
        var version: String? = nil, encoding: String? = nil, standalone: String? = nil
        var encodingLocation: SourceLocation? = nil, encodingOffset = 0
        while true {
            let spaceStart = i
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            if base[i] == UInt8(ascii: "?") && base[i + 1] == UInt8(ascii: ">") {
                i += 2
                break
            }
            if i >= end { throw fail("expected '?>' to end the XML declaration, found the end of the file", at: end) }
            guard i > spaceStart else {
                throw fail("expected whitespace or '?>' in the XML declaration, found \(describe(i))", at: i)
            }
            let nameStart = i
            let nameEnd = scanName(from: i)
            let name = input.string(nameStart..<nameEnd)
            guard name == "version" || name == "encoding" || name == "standalone" else {
                throw fail("expected version, encoding or standalone in the XML declaration, found \(describe(i))", at: i)
            }
            i = nameEnd
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            guard base[i] == UInt8(ascii: "=") else { throw fail("expected '=' after '\(name)' in the XML declaration, found \(describe(i))", at: i) }
            i += 1
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            let quote = base[i]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw fail("expected a quoted value for '\(name)' in the XML declaration, found \(describe(i))", at: i)
            }
            i += 1
            let valueStart = i
            while i < end && base[i] != quote && base[i] != UInt8(ascii: ">") { i += 1 }
            guard base[i] == quote else {
                throw fail("expected the closing quote of '\(name)' in the XML declaration, found \(describe(i))", at: i)
            }
            let value = input.string(valueStart..<i)
            i += 1
            switch name {
            case "version":
                guard version == nil, encoding == nil, standalone == nil else {
                    throw fail("expected version first and once in the XML declaration", at: nameStart)
                }
                version = value
            case "encoding":
                guard encoding == nil, standalone == nil else {
                    throw fail("expected encoding once, before standalone, in the XML declaration", at: nameStart)
                }
                encoding = value
                encodingOffset = valueStart
                encodingLocation = locate(valueStart)
            default:
                guard standalone == nil else { throw fail("expected standalone once in the XML declaration", at: nameStart) }
                guard value == "yes" || value == "no" else {
                    throw fail("expected standalone=\"yes\" or \"no\", found \"\(value)\"", at: valueStart)
                }
                standalone = value
            }
        }
        guard let version else { throw fail("expected version=\"1.0\" in the XML declaration", at: 0) }
        position = i
        if let encoding, let encodingLocation {
            checkDeclaredEncoding(encoding, at: encodingLocation, offset: encodingOffset)
        }
        let result = XMLDeclaration(version: version, encoding: encoding, encodingLocation: encodingLocation,
                                    standalone: standalone, location: location)
        declaration = result
        return result
    }

    /// The declaration must agree with what the bytes are; we read UTF-8 (and ASCII) and UTF-16 only.
    private mutating func checkDeclaredEncoding(_ declared: String, at location: SourceLocation, offset: Int) {
        let name = declared.uppercased()
        let isUTF16File = detectedEncoding == .utf16LE || detectedEncoding == .utf16BE
        let actual = detectedEncoding.rawValue
        func lie(_ message: String) {
            report(ReaderRule.encoding, message, location: location, force: true)
        }
        switch name {
        case "UTF-8", "UTF8":
            if isUTF16File { lie("the XML declaration says encoding \"\(declared)\", but the file is \(actual); expected encoding=\"UTF-16\" or a UTF-8 file") }
        case "UTF-16", "UTF16", "UTF-16LE", "UTF-16BE":
            if !isUTF16File {
                lie("the XML declaration says encoding \"\(declared)\", but the file is \(actual); expected encoding=\"UTF-8\"")
            } else if (name == "UTF-16LE" && detectedEncoding != .utf16LE) || (name == "UTF-16BE" && detectedEncoding != .utf16BE) {
                lie("the XML declaration says encoding \"\(declared)\", but the file is \(actual)")
            }
        default:
            let isASCII = name == "US-ASCII" || name == "ASCII"
            if isUTF16File {
                lie("the XML declaration says encoding \"\(declared)\", but the file is \(actual)")
            } else if let firstNonASCII = firstNonASCIIByte() {
                var separate = XMLLocator()
                let at = separate.location(at: firstNonASCII, in: input.base, file: path)
                if isASCII {
                    lie("the XML declaration says encoding \"\(declared)\", but the file has non-ASCII text (first at \(Self.lineColumn(at))); expected encoding=\"UTF-8\"")
                } else {
                    lie("the XML declaration says encoding \"\(declared)\", which is not supported; the file was read as UTF-8 and its non-ASCII text (first at \(Self.lineColumn(at))) may be wrong; expected UTF-8 or UTF-16")
                }
            }
        }
    }

    private func firstNonASCIIByte() -> Int? {
        let base = input.base
        for i in 0..<input.count where base[i] >= 0x80 { return i }
        return nil
    }

    private mutating func readDoctype() throws(Failure) -> XMLEvent {
        let base = input.base, classes = XMLByteClass.table
        let start = position
        guard phase == .prolog, doctype == nil else {
            throw fail(doctype == nil ? "a DOCTYPE is only allowed before the root element" : "expected a single DOCTYPE, found a second one", at: start)
        }
        let location = locate(start)
        var i = start + 9
        guard classes[Int(base[i])] & XMLByteClass.whitespace != 0 else {
            throw fail("expected whitespace after '<!DOCTYPE', found \(describe(i))", at: i)
        }
        while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        let nameEnd = scanName(from: i)
        guard nameEnd > i else { throw fail("expected the root element's name in the DOCTYPE, found \(describe(i))", at: i) }
        let rootName = input.string(i..<nameEnd)
        i = nameEnd
        while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        var publicID: String? = nil, systemID: String? = nil
        if startsWith("SYSTEM", at: i) {
            i += 6
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            (systemID, i) = try quotedLiteral(at: i, what: "the system identifier")
        } else if startsWith("PUBLIC", at: i) {
            i += 6
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            (publicID, i) = try quotedLiteral(at: i, what: "the public identifier")
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            (systemID, i) = try quotedLiteral(at: i, what: "the system identifier")
        }
        while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        var internalSubset: String? = nil
        var entities: [String] = []
        if base[i] == UInt8(ascii: "[") {
            let subsetStart = i + 1
            i = try scanInternalSubset(from: subsetStart, entities: &entities)
            internalSubset = input.string(subsetStart..<i)
            i += 1
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
        }
        guard base[i] == UInt8(ascii: ">") else { throw fail("expected '>' to end the DOCTYPE, found \(describe(i))", at: i) }
        position = i + 1
        declaredEntities.formUnion(entities)
        let result = XMLDoctype(rootName: rootName, publicID: publicID, systemID: systemID, internalSubset: internalSubset,
                                declaredEntities: entities, location: location)
        doctype = result
        return .doctype(result)
    }

    private func quotedLiteral(at start: Int, what: String) throws(Failure) -> (String, Int) {
        let base = input.base, end = input.count
        let quote = base[start]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fail("expected \(what) in quotes, found \(describe(start))", at: start)
        }
        var i = start + 1
        while i < end && base[i] != quote { i += 1 }
        guard i < end else { throw fail("expected the closing quote of \(what), found the end of the file", at: end) }
        return (input.string((start + 1)..<i), i + 1)
    }

    /// Skips the internal subset's declarations (noting the general entities it declares) and returns
    /// the index of its closing `]`. Nothing in it is interpreted further.
    private func scanInternalSubset(from subsetStart: Int, entities: inout [String]) throws(Failure) -> Int {
        let base = input.base, end = input.count, classes = XMLByteClass.table
        var i = subsetStart
        while true {
            while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
            if i >= end { throw fail("expected ']' to end the DOCTYPE's internal subset, found the end of the file", at: end) }
            if base[i] == UInt8(ascii: "]") { return i }
            if startsWith("<!--", at: i) {
                i += 4
                while i < end && !startsWith("-->", at: i) { i += 1 }
                if i >= end { throw fail("expected '-->' to end the comment, found the end of the file", at: end) }
                i += 3
            } else if startsWith("<?", at: i) {
                while i < end && !startsWith("?>", at: i) { i += 1 }
                if i >= end { throw fail("expected '?>' to end the processing instruction, found the end of the file", at: end) }
                i += 2
            } else if base[i] == UInt8(ascii: "%") {
                let nameEnd = scanName(from: i + 1)
                guard nameEnd > i + 1, base[nameEnd] == UInt8(ascii: ";") else {
                    throw fail("expected a parameter-entity reference '%name;' in the internal subset", at: i)
                }
                i = nameEnd + 1
            } else if startsWith("<!", at: i) {
                let keywordStart = i + 2
                i = keywordStart
                while base[i] >= UInt8(ascii: "A") && base[i] <= UInt8(ascii: "Z") { i += 1 }
                let keyword = input.string(keywordStart..<i)
                guard ["ENTITY", "ELEMENT", "ATTLIST", "NOTATION"].contains(keyword) else {
                    throw fail("expected '<!ENTITY', '<!ELEMENT', '<!ATTLIST' or '<!NOTATION' in the internal subset, found '<!\(keyword)'", at: i)
                }
                if keyword == "ENTITY" {
                    while classes[Int(base[i])] & XMLByteClass.whitespace != 0 { i += 1 }
                    if base[i] != UInt8(ascii: "%") {  // parameter entities are never referenced from content
                        let nameEnd = scanName(from: i)
                        if nameEnd > i { entities.append(input.string(i..<nameEnd)) }
                        i = nameEnd
                    }
                }
                // To the declaration's '>', stepping over quoted literals (which may contain '>').
                while true {
                    let c = base[i]
                    if i >= end { throw fail("expected '>' to end the '<!\(keyword)' declaration, found the end of the file", at: end) }
                    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        i += 1
                        while i < end && base[i] != c { i += 1 }
                        i += 1
                    } else if c == UInt8(ascii: ">") {
                        i += 1
                        break
                    } else {
                        i += 1
                    }
                }
            } else {
                throw fail("expected a markup declaration, a comment or ']' in the DOCTYPE's internal subset, found \(describe(i))", at: i)
            }
        }
    }

    // MARK: - Helpers

    @inline(__always)
    private func scanName(from start: Int) -> Int {
        let base = input.base, classes = XMLByteClass.table
        guard classes[Int(base[start])] & XMLByteClass.nameStart != 0 else { return start }
        var i = start + 1
        while classes[Int(base[i])] & XMLByteClass.nameChar != 0 { i += 1 }
        // The sentinel NULs are not name characters, but stay within the input anyway.
        return min(i, input.count)
    }

    private func startsWith(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i + n <= input.count else { return false }
        return memoryEqual(input.base + i, literal.utf8Start, n)
    }

    @inline(__always)
    private mutating func appendToScratch(_ range: Range<Int>) {
        if !range.isEmpty { scratch.append(contentsOf: UnsafeBufferPointer(start: input.base + range.lowerBound, count: range.count)) }
    }

    private mutating func locate(_ offset: Int) -> SourceLocation {
        locator.location(at: min(offset, input.count), in: input.base, file: path)
    }

    /// A fatal error at a byte offset. Not mutating so it can be thrown from anywhere; the location
    /// is computed with a private locator copy.
    private func fail(_ message: String, at offset: Int) -> Failure {
        var copy = locator
        let location = copy.location(at: min(offset, input.count), in: input.base, file: path)
        return fail(message, at: location)
    }

    private func fail(_ message: String, at location: SourceLocation) -> Failure {
        Failure(finding: Finding(ruleID: ReaderRule.syntax, severity: .error, message: message, location: location))
    }

    private mutating func report(_ rule: String, _ message: String, at offset: Int) {
        report(rule, message, location: locate(offset), force: false)
    }

    private mutating func report(_ rule: String, _ message: String, location: SourceLocation, force: Bool) {
        nonFatalCount += 1
        if force || nonFatalCount <= options.maximumFindings {
            findings.append(Finding(ruleID: rule, severity: .error, message: message, location: location))
        } else if nonFatalCount == options.maximumFindings + 1 {
            findings.append(Finding(ruleID: rule, severity: .error,
                                    message: "more than \(options.maximumFindings) findings of this kind; the rest are not listed",
                                    location: location))
        }
    }

    /// What is at `i`, for "found …" in messages.
    private func describe(_ i: Int) -> String {
        guard i < input.count else { return "the end of the file" }
        let b = input.base[i]
        if b < 0x20 || b == 0x7F { return Self.scalarName(UInt32(b)) }
        var n = 1
        if b >= 0xF0 { n = 4 } else if b >= 0xE0 { n = 3 } else if b >= 0xC0 { n = 2 }
        return "'\(input.string(i..<min(i + n, input.count)))'"
    }

    static func scalarName(_ v: UInt32) -> String {
        let hex = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func lineColumn(_ location: SourceLocation) -> String { "\(location.line):\(location.column)" }
}
