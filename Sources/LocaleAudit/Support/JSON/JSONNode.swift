/// A JSON value with the place it starts in its file. Every node of a parsed document is one of
/// these, so a reader can point a finding at any value or member name it dislikes.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    /// Where the value's first character is (the `{`, `[`, `"`, digit or letter).
    public var location: SourceLocation

    public init(_ value: JSONValue, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

public enum JSONValue: Sendable, Hashable {
    /// Members in file order. Kept as an array, not a dictionary, so duplicate names stay visible.
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(JSONNumber)
    case bool(Bool)
    case null
}

/// One `"name": value` pair of an object.
public struct JSONMember: Sendable, Hashable {
    public var name: String
    /// Where the name's opening quote is.
    public var nameLocation: SourceLocation
    public var value: JSONNode

    public init(name: String, nameLocation: SourceLocation, value: JSONNode) {
        self.name = name
        self.nameLocation = nameLocation
        self.value = value
    }
}

/// A number as written, so `1.0` and `1` stay distinguishable and nothing is rounded on the way in.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    public var literal: String

    public init(literal: String) { self.literal = literal }

    public var doubleValue: Double? { Double(literal) }
    /// The value as an `Int` when the literal is an integer (no fraction or exponent) that fits.
    public var intValue: Int? { Int(literal) }
    public var description: String { literal }
}

extension JSONNode {
    /// The kind of value, as messages name it ("expected a string but found an object").
    public var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    public var members: [JSONMember]? {
        if case .object(let m) = value { return m }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let e) = value { return e }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let n) = value { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    /// The first member with this name (the one a first-wins reader uses), or nil.
    public func member(_ name: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        for member in members where member.name == name { return member }
        return nil
    }

    public subscript(name: String) -> JSONNode? { member(name)?.value }
}

/// A member name that occurs twice in one object, with its first occurrence.
public struct JSONDuplicateMember: Sendable, Hashable {
    public var first: JSONMember
    public var duplicate: JSONMember
    /// The member names leading from the root to the object that holds both (array elements
    /// contribute nothing), e.g. `["strings", "Hello", "localizations"]`.
    public var path: [String]
}

extension JSONNode {
    /// Every repeated member name in the whole tree, in document order. Walks with an explicit
    /// stack so a deep document cannot exhaust the call stack.
    public func duplicateMembers() -> [JSONDuplicateMember] {
        var found: [JSONDuplicateMember] = []
        var pending: [(node: JSONNode, path: [String])] = [(self, [])]
        while let (node, path) = pending.popLast() {
            switch node.value {
            case .object(let members):
                found.append(contentsOf: Self.duplicates(in: members, path: path))
                // Reversed so the stack pops children in file order.
                for member in members.reversed() where member.value.isContainer {
                    pending.append((member.value, path + [member.name]))
                }
            case .array(let elements):
                for element in elements.reversed() where element.isContainer { pending.append((element, path)) }
            default:
                break
            }
        }
        return found
    }

    var isContainer: Bool {
        switch value {
        case .object, .array: return true
        default: return false
        }
    }

    private static func duplicates(in members: [JSONMember], path: [String]) -> [JSONDuplicateMember] {
        guard members.count > 1 else { return [] }
        var found: [JSONDuplicateMember] = []
        // Small objects (the usual stringUnit, plural or localization) are cheaper to compare pairwise.
        if members.count <= 8 {
            for j in 1..<members.count {
                for i in 0..<j where members[i].name == members[j].name {
                    found.append(JSONDuplicateMember(first: members[i], duplicate: members[j], path: path))
                    break
                }
            }
            return found
        }
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(members.count)
        for (index, member) in members.enumerated() {
            if let first = firstIndex[member.name] {
                found.append(JSONDuplicateMember(first: members[first], duplicate: member, path: path))
            } else {
                firstIndex[member.name] = index
            }
        }
        return found
    }
}
