/// The tokenizer's private copy of its input, NUL-terminated so the hot loops can stop on a table
/// lookup alone and check for the end only when they stop.
final class XMLInput: @unchecked Sendable {
    // Immutable after init, hence safe to share between copies of a tokenizer and across threads.
    let base: UnsafeMutablePointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        base = .allocate(capacity: bytes.count + 8)
        bytes.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { base.initialize(from: from, count: source.count) }
        }
        (base + count).initialize(repeating: 0, count: 8)
    }

    deinit { base.deallocate() }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }
}

/// Byte classes for the scanning loops, one table lookup per byte.
enum XMLByteClass {
    /// Stops a text scan: `<` `&` `]` CR, forbidden control characters, 0xEF (U+FFFE/U+FFFF start
    /// with it) and NUL (also the end sentinel).
    static let textStop: UInt8 = 1
    /// Stops an attribute-value scan: quotes, `<`, `&`, tab, LF, CR, controls, 0xEF, NUL.
    static let valueStop: UInt8 = 2
    /// A byte that may continue a name. Non-ASCII bytes are all accepted: names are checked for their
    /// ASCII characters only.
    static let nameChar: UInt8 = 4
    static let nameStart: UInt8 = 8
    static let whitespace: UInt8 = 16
    /// Stops a CDATA scan: `]`, CR, controls, 0xEF, NUL.
    static let cdataStop: UInt8 = 32

    // Written once at initialisation, read-only afterwards.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(repeating: 0, count: 256)
        for b in 0..<32 where b != 0x09 && b != 0x0A && b != 0x0D {
            t[b] |= textStop | valueStop | cdataStop
        }
        for b in [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"), 0x0D, 0xEF] { t[Int(b)] |= textStop }
        for b in [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: "&"), 0x09, 0x0A, 0x0D, 0xEF] {
            t[Int(b)] |= valueStop
        }
        for b in [UInt8(ascii: "]"), 0x0D, 0xEF] { t[Int(b)] |= cdataStop }
        for b in 0..<256 {
            let c = UInt8(b)
            let letter = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c >= 0x80
            if letter || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") { t[b] |= nameStart | nameChar }
            if (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") { t[b] |= nameChar }
        }
        for b in [0x20, 0x09, 0x0A, 0x0D] { t[b] |= whitespace }
        return UnsafePointer(t)
    }()
}

/// Turns byte offsets into 1-based line and column (Unicode scalars). Events arrive in document order,
/// so it only ever scans forward: one extra pass over the input in total.
struct XMLLocator {
    private(set) var offset = 0
    private var line = 1
    private var column = 1
    private var lastWasCR = false

    mutating func location(at target: Int, in base: UnsafePointer<UInt8>, file: String) -> SourceLocation {
        if target < offset { self = XMLLocator() }  // rare: a location behind the cursor
        var i = offset, line = self.line, column = self.column, lastWasCR = self.lastWasCR
        @inline(__always)
        func step(_ b: UInt8) {
            if b > 0x0D {
                // Counts scalars: every byte except UTF-8 continuation bytes starts one.
                column &+= (b & 0xC0) == 0x80 ? 0 : 1
                lastWasCR = false
            } else if b == 0x0A {
                if !lastWasCR { line += 1 }
                column = 1
                lastWasCR = false
            } else if b == 0x0D {
                line += 1
                column = 1
                lastWasCR = true
            } else {
                column += 1
                lastWasCR = false
            }
        }
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while target - i >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & highBits == 0 {
                // No byte ≤ U+000D among the eight: one column per byte that is not a continuation
                // byte (10xxxxxx).
                column &+= 8 &- (word & highBits & ~(word << 1)).nonzeroBitCount
                lastWasCR = false
            } else {
                for k in 0..<8 { step(base[i + k]) }
            }
            i += 8
        }
        while i < target {
            step(base[i])
            i += 1
        }
        offset = i
        self.line = line
        self.column = column
        self.lastWasCR = lastWasCR
        return SourceLocation(file: file, line: line, column: column)
    }
}

/// A name split at its colon, created once per distinct spelling.
struct XMLQualifiedName {
    var qualified: String
    var prefix: String?
    var local: String
    /// False for `:a`, `a:`, `a:b:c` (not a namespace-well-formed QName).
    var isValid: Bool
}

/// Interns names by their bytes: each distinct name becomes a String once, later occurrences cost a
/// hash and a byte comparison.
struct XMLNameTable {
    private struct Slot {
        var hash: UInt32
        var start: Int
        var length: Int
        var name: XMLQualifiedName
        /// The last two resolutions handed out: in no namespace, and in the last namespace asked for.
        var unqualified: XMLName?
        var namespaced: XMLName?
    }
    private var slots: [Slot] = []
    private var index: [Int32] = Array(repeating: -1, count: 256)

    /// The spelling interned under `slot`.
    func spelling(_ slot: Int) -> XMLQualifiedName { slots[slot].name }

    /// The name of `slot` in `namespace`, shared with every earlier request for the same pair (nearly
    /// every name of a document lives in one namespace, so one cached resolution per name suffices).
    mutating func name(_ slot: Int, namespace: String?) -> XMLName {
        if let uri = namespace {
            if let cached = slots[slot].namespaced, cached.namespaceURI == uri { return cached }
        } else if let cached = slots[slot].unqualified {
            return cached
        }
        let q = slots[slot].name
        let made = XMLName(qualifiedName: q.qualified, prefix: q.prefix, localName: q.local, namespaceURI: namespace)
        if namespace == nil { slots[slot].unqualified = made } else { slots[slot].namespaced = made }
        return made
    }

    /// Returns the slot of the name spelled by these bytes, adding it when new.
    mutating func intern(_ start: Int, _ length: Int, base: UnsafePointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for i in start..<(start + length) { hash = (hash ^ UInt32(base[i])) &* 16_777_619 }
        let mask = index.count - 1
        var probe = Int(hash) & mask
        while true {
            let s = Int(index[probe])
            if s < 0 { break }
            if slots[s].hash == hash && slots[s].length == length && memoryEqual(base + slots[s].start, base + start, length) {
                return s
            }
            probe = (probe + 1) & mask
        }
        let name = Self.split(start, length, base: base)
        let slot = slots.count
        index[probe] = Int32(slot)
        slots.append(Slot(hash: hash, start: start, length: length, name: name))
        if slots.count * 2 > index.count { grow() }
        return slot
    }

    private mutating func grow() {
        index = Array(repeating: -1, count: index.count * 2)
        let mask = index.count - 1
        for (n, slot) in slots.enumerated() {
            var probe = Int(slot.hash) & mask
            while index[probe] >= 0 { probe = (probe + 1) & mask }
            index[probe] = Int32(n)
        }
    }

    private static func split(_ start: Int, _ length: Int, base: UnsafePointer<UInt8>) -> XMLQualifiedName {
        let bytes = UnsafeBufferPointer(start: base + start, count: length)
        let qualified = String(decoding: bytes, as: UTF8.self)
        var colons = 0, colonAt = -1
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: ":") {
            colons += 1
            if colonAt < 0 { colonAt = i }
        }
        if colons == 0 { return XMLQualifiedName(qualified: qualified, prefix: nil, local: qualified, isValid: true) }
        let valid = colons == 1 && colonAt > 0 && colonAt < length - 1
        guard valid else { return XMLQualifiedName(qualified: qualified, prefix: nil, local: qualified, isValid: false) }
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<colonAt]), as: UTF8.self)
        let local = String(decoding: UnsafeBufferPointer(rebasing: bytes[(colonAt + 1)...]), as: UTF8.self)
        return XMLQualifiedName(qualified: qualified, prefix: prefix, local: local, isValid: true)
    }
}

@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
