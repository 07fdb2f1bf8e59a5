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
    /// Where the object holding both starts.
    public var objectLocation: SourceLocation
    /// The member names leading from the root to that object (array elements contribute nothing),
    /// e.g. `["strings", "Hello", "localizations"]`.
    public var path: [String]
}

extension JSONNode {
    /// Every repeated member name in the whole tree, objects in document order. Walks with an
    /// explicit stack so a deep document cannot exhaust the call stack, and pushes whole member
    /// arrays (one retain each) rather than copies of every node.
    public func duplicateMembers() -> [JSONDuplicateMember] {
        var found: [JSONDuplicateMember] = []
        // Path steps as (parent step, member name); a path is only spelled out for a duplicate.
        var steps: [(parent: Int, name: String)] = []
        func path(_ step: Int) -> [String] {
            var names: [String] = []
            var current = step
            while current >= 0 {
                names.append(steps[current].name)
                current = steps[current].parent
            }
            return names.reversed()
        }
        var pending: [(node: JSONNode, step: Int)] = [(self, -1)]
        while let (node, step) = pending.popLast() {
            switch node.value {
            case .object(let members):
                if members.count > 1 {
                    let start = found.count
                    Self.appendDuplicates(in: members, objectLocation: node.location, to: &found)
                    if found.count > start {
                        let names = path(step)
                        for index in start..<found.count { found[index].path = names }
                    }
                }
                // Reversed so the stack pops children in file order.
                var index = members.count - 1
                while index >= 0 {
                    if members[index].value.isContainer {
                        steps.append((step, members[index].name))
                        pending.append((members[index].value, steps.count - 1))
                    }
                    index -= 1
                }
            case .array(let elements):
                var index = elements.count - 1
                while index >= 0 {
                    if elements[index].isContainer { pending.append((elements[index], step)) }
                    index -= 1
                }
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

    private static func appendDuplicates(in members: [JSONMember], objectLocation: SourceLocation,
                                         to found: inout [JSONDuplicateMember]) {
        // Small objects (the usual stringUnit, plural or localization) are cheaper to compare pairwise.
        if members.count <= 8 {
            for j in 1..<members.count {
                for i in 0..<j where members[i].name == members[j].name {
                    found.append(JSONDuplicateMember(first: members[i], duplicate: members[j],
                                                     objectLocation: objectLocation, path: []))
                    break
                }
            }
            return
        }
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(members.count)
        for index in members.indices {
            if let first = firstIndex[members[index].name] {
                found.append(JSONDuplicateMember(first: members[first], duplicate: members[index],
                                                 objectLocation: objectLocation, path: []))
            } else {
                firstIndex[members[index].name] = index
            }
        }
    }
}
