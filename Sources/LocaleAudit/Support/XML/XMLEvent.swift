/// A qualified XML name with its namespace resolved against the declarations in scope.
///
/// One reference to shared, immutable storage: the tokenizer makes one per distinct (name, namespace)
/// and hands out copies, so passing names around costs a single retain instead of four.
public struct XMLName: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let qualifiedName: String
        @usableFromInline let prefix: String?
        @usableFromInline let localName: String
        @usableFromInline let namespaceURI: String?

        init(qualifiedName: String, prefix: String?, localName: String, namespaceURI: String?) {
            self.qualifiedName = qualifiedName
            self.prefix = prefix
            self.localName = localName
            self.namespaceURI = namespaceURI
        }
    }

    @usableFromInline
    var storage: Storage

    public init(qualifiedName: String, prefix: String?, localName: String, namespaceURI: String?) {
        storage = Storage(qualifiedName: qualifiedName, prefix: prefix, localName: localName, namespaceURI: namespaceURI)
    }

    /// The name as written, e.g. `pgs:switch`.
    public var qualifiedName: String { storage.qualifiedName }
    /// The prefix before the colon, or nil for an unprefixed name.
    public var prefix: String? { storage.prefix }
    /// The part after the colon (the whole name when unprefixed).
    @inlinable
    public var localName: String { storage.localName }
    /// The namespace the prefix (or the default namespace) is bound to; nil when the name is in no
    /// namespace. Unprefixed attributes are in no namespace, as the Namespaces spec says.
    @inlinable
    public var namespaceURI: String? { storage.namespaceURI }

    /// The same name in another namespace.
    public func inNamespace(_ uri: String?) -> XMLName {
        XMLName(qualifiedName: qualifiedName, prefix: prefix, localName: localName, namespaceURI: uri)
    }

    public var description: String { qualifiedName }

    public static func == (a: XMLName, b: XMLName) -> Bool {
        a.storage === b.storage
            || (a.qualifiedName == b.qualifiedName && a.namespaceURI == b.namespaceURI && a.prefix == b.prefix
                && a.localName == b.localName)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(qualifiedName)
        hasher.combine(namespaceURI)
    }

    /// True when the local name and namespace match; `namespace: nil` matches names in no namespace.
    @inlinable
    public func matches(_ localName: String, namespace: String?) -> Bool {
        storage.localName == localName && storage.namespaceURI == namespace
    }
}

public struct XMLAttribute: Sendable, Hashable {
    public var name: XMLName
    /// The value with references decoded and whitespace normalised (tab, newline and carriage return
    /// become spaces; character references such as `&#10;` are kept as written).
    public var value: String
    /// Where the attribute's name starts.
    public var location: SourceLocation
    /// Where the value starts (just after the opening quote).
    public var valueLocation: SourceLocation

    public init(name: XMLName, value: String, location: SourceLocation, valueLocation: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
        self.valueLocation = valueLocation
    }
}

public struct XMLStartElement: Sendable, Hashable {
    public var name: XMLName
    /// In document order, namespace declarations (`xmlns`, `xmlns:p`) included.
    public var attributes: [XMLAttribute]
    /// `<a/>`. The tokenizer still delivers a matching end-element event right after this one.
    public var isSelfClosing: Bool
    /// Where the `<` is.
    public var location: SourceLocation
    /// The byte range of the whole start tag in the tokenizer's UTF-8 input.
    public var byteRange: Range<Int>

    public init(name: XMLName, attributes: [XMLAttribute], isSelfClosing: Bool, location: SourceLocation,
                byteRange: Range<Int>) {
        self.name = name
        self.attributes = attributes
        self.isSelfClosing = isSelfClosing
        self.location = location
        self.byteRange = byteRange
    }

    /// The first attribute with this local name and namespace (nil: no namespace, i.e. unprefixed).
    public func attribute(_ localName: String, namespace: String? = nil) -> XMLAttribute? {
        attributes.first { $0.name.localName == localName && $0.name.namespaceURI == namespace }
    }

    public func value(of localName: String, namespace: String? = nil) -> String? {
        attribute(localName, namespace: namespace)?.value
    }
}

public struct XMLEndElement: Sendable, Hashable {
    public var name: XMLName
    /// Where the `</` is; for a self-closing element, where its start tag is.
    public var location: SourceLocation
    /// Where the element's start tag is.
    public var startLocation: SourceLocation
    public var isSelfClosing: Bool
    public var byteRange: Range<Int>

    public init(name: XMLName, location: SourceLocation, startLocation: SourceLocation, isSelfClosing: Bool,
                byteRange: Range<Int>) {
        self.name = name
        self.location = location
        self.startLocation = startLocation
        self.isSelfClosing = isSelfClosing
        self.byteRange = byteRange
    }
}

/// Character data: a maximal run of text and CDATA sections between two other pieces of markup.
/// Comments and processing instructions split text, so readers should concatenate consecutive
/// text events.
public struct XMLText: Sendable, Hashable {
    /// References decoded, line ends normalised to `\n`, CDATA sections included without their markers.
    public var text: String
    /// True when the text is only spaces, tabs and line ends (after decoding).
    public var isWhitespace: Bool
    /// Where the first character is.
    public var location: SourceLocation
    public var byteRange: Range<Int>

    public init(text: String, isWhitespace: Bool, location: SourceLocation, byteRange: Range<Int>) {
        self.text = text
        self.isWhitespace = isWhitespace
        self.location = location
        self.byteRange = byteRange
    }
}

public struct XMLComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`.
    public var text: String
    public var location: SourceLocation
}

public struct XMLProcessingInstruction: Sendable, Hashable {
    public var target: String
    /// Everything after the target and its following whitespace, up to `?>`.
    public var data: String
    public var location: SourceLocation
}

/// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`
public struct XMLDeclaration: Sendable, Hashable {
    public var version: String
    public var encoding: String?
    public var encodingLocation: SourceLocation?
    public var standalone: String?
    public var location: SourceLocation
}

/// `<!DOCTYPE root PUBLIC "…" "…" [ … ]>`. Tokenised only: no external subset or entity is ever
/// fetched or read, and entities declared in the internal subset are not expanded.
public struct XMLDoctype: Sendable, Hashable {
    public var rootName: String
    public var publicID: String?
    public var systemID: String?
    /// The text between `[` and `]`, if there is an internal subset.
    public var internalSubset: String?
    /// Names of general entities the internal subset declares (in order, duplicates kept).
    public var declaredEntities: [String]
    public var location: SourceLocation
}

/// Rare, large payloads are boxed (`indirect`) so that the frequent events stay small to copy.
public enum XMLEvent: Sendable, Hashable {
    indirect case declaration(XMLDeclaration)
    indirect case doctype(XMLDoctype)
    case startElement(XMLStartElement)
    case endElement(XMLEndElement)
    case text(XMLText)
    indirect case comment(XMLComment)
    indirect case processingInstruction(XMLProcessingInstruction)
    /// The document is not well-formed here. This is the last event; the same finding is also the last
    /// element of `XMLTokenizer.findings`.
    indirect case error(Finding)

    public var location: SourceLocation? {
        switch self {
        case .declaration(let d): return d.location
        case .doctype(let d): return d.location
        case .startElement(let e): return e.location
        case .endElement(let e): return e.location
        case .text(let t): return t.location
        case .comment(let c): return c.location
        case .processingInstruction(let p): return p.location
        case .error(let f): return f.location
        }
    }
}
