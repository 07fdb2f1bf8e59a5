#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level questions about a String's UTF-8, for hot paths.
///
/// `string.utf8.contains(b)` goes through the generic `Sequence.contains`, which advances a
/// `String.Index` per byte; native Strings are contiguous UTF-8, so a plain buffer scan is several
/// times faster.
extension String {
    @inline(__always)
    func containsByte(_ byte: UInt8) -> Bool {
        withUTF8Bytes { $0.isEmpty ? false : memchr($0.baseAddress!, Int32(byte), $0.count) != nil }
    }

    /// `contains(where: \.isLetter)`, answered from the bytes when there is an ASCII letter.
    /// Every character white space (true for ""), as `allSatisfy(\.isWhitespace)`: a text with a
    /// printable ASCII character other than the space (nearly every text) is decided without walking
    /// characters.
    var isAllWhitespace: Bool {
        // A character is white space by its first scalar: a text that starts with another is not
        // (nearly every text, answered from its first scalar without reading the rest).
        if let first = unicodeScalars.first, !first.isWhitespaceFast { return false }
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return allSatisfy(\.isWhitespace)
    }

    /// `Array(unicodeScalars)` in one pass: the generic initialiser walks the string twice, once to
    /// count its scalars and once to copy them, and texts are split into scalars on hot paths.
    var scalarArray: [Unicode.Scalar] {
        [Unicode.Scalar](unsafeUninitializedCapacity: utf8.count) { buffer, count in
            var i = 0
            for scalar in unicodeScalars {
                buffer[i] = scalar
                i += 1
            }
            count = i
        }
    }

    var hasLetter: Bool {
        if utf8.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) { return true }
        if utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return contains(where: \.isLetter)
    }

    /// True when the UTF-8 ends with `suffix`'s UTF-8 (no Unicode equivalence, unlike `hasSuffix`).
    func hasByteSuffix(_ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard utf8.count >= n else { return false }
        return withUTF8Bytes { $0.hasByteSuffix(suffix) }
    }
}

/// A text compared and hashed as its UTF-8 bytes: `String` hashing and equality normalise Unicode
/// first, which dominates a dictionary of hundreds of thousands of translations. Catalog texts are
/// compared as written (two spellings of one character are two texts, as in the file).
struct ExactText: Hashable {
    let text: String
    /// A hash of the bytes, once: the dictionary then hashes one integer. FNV-1a's step over eight
    /// bytes at a time (with a shift that carries high bits down), then over the last few.
    let digest: UInt64

    init(_ text: String) {
        self.text = text
        var hash: UInt64 = 0xcbf29ce484222325
        text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var i = 0
            while i + 8 <= bytes.count {
                hash = (hash ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x100000001b3
                hash ^= hash >> 32
                i += 8
            }
            while i < bytes.count {
                hash = (hash ^ UInt64(bytes[i])) &* 0x100000001b3
                i += 1
            }
        }
        digest = hash
    }

    static func == (a: ExactText, b: ExactText) -> Bool { a.digest == b.digest && String.sameBytes(a.text, b.text) }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

extension String {
    /// Equal UTF-8 (no Unicode equivalence, unlike `==`).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    /// The string's UTF-8, lent without copying the string: a native string (every string the
    /// readers make) lends its own storage, a small one a copy on the stack. `withUTF8` needs a
    /// mutable copy first, which costs a retain and a release per call on the hot paths.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}

extension String {
    /// The first occurrence of an ASCII `needle`, compared as bytes (Foundation's `range(of:)` compares
    /// Unicode text and is far slower). ASCII needles always start and end on character boundaries.
    func firstByteRange(of needle: StaticString) -> Range<String.Index>? {
        let n = needle.utf8CodeUnitCount
        guard let found = withUTF8Bytes({ Self.firstOffset(of: needle, in: $0) }) else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: n)
    }

    private static func firstOffset(of needle: StaticString, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        ByteSearch.firstOffset(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: buffer)
    }
}

enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `haystack` (memchr for one of its bytes, then
    /// a comparison), nil when absent or when the needle is empty. A needle that starts with a
    /// multi-byte character is found by its second byte: in Cyrillic or Greek text nearly every other
    /// byte is the same lead byte (D0, D1), and a continuation byte is dozens of times rarer.
    static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.count
        guard n > 0, haystack.count >= n, let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let anchor = n > 1 && needleBase[0] >= 0xC0 ? 1 : 0
        let byte = Int32(needleBase[anchor])
        var i = 0
        let last = haystack.count - n
        while i <= last {
            guard let hit = memchr(base + i + anchor, byte, last - i + 1) else { return nil }
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base) - anchor
            if memoryEqual(base + at, needleBase, n) { return at }
            i = at + 1
        }
        return nil
    }

    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { n in haystack.withUnsafeBufferPointer { firstOffset(of: n, in: $0) != nil } }
    }

    /// How many times `needle` occurs in `haystack`, overlapping occurrences included; the search
    /// stops at `limit` (for a caller that only asks whether there are that many).
    static func count(of needle: [UInt8], in haystack: [UInt8], limit: Int = .max) -> Int {
        needle.withUnsafeBufferPointer { n in
            haystack.withUnsafeBufferPointer { h in
                var found = 0, from = 0
                while found < limit, from < h.count, let offset = firstOffset(of: n, in: UnsafeBufferPointer(rebasing: h[from...])) {
                    found += 1
                    from += offset + 1
                }
                return found
            }
        }
    }

    /// The UTF-8 of `text` with ASCII letters lowercased (other bytes as they are).
    static func asciiLowercased(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        lowercaseASCII(&bytes)
        return bytes
    }

    /// Lowers the ASCII capitals of `bytes` in place, other bytes as they are. Branch-free, so the
    /// compiler vectorizes it: the rules lower whole locales' texts with it.
    static func lowercaseASCII(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            for k in buffer.indices {
                let byte = buffer[k]
                buffer[k] = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
            }
        }
    }
}

extension String {
    /// `String(decoding: units, as: UTF16.self)`, ill-formed surrogates replaced by U+FFFD the same
    /// way, but transcoded in one tight loop: the generic decoder is slow on the texts the language
    /// of parts analysis rebuilds.
    init(utf16Units units: [UInt16]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(units.count * 3)
        var i = 0
        while i < units.count {
            let unit = units[i]
            if unit < 0x80 {
                bytes.append(UInt8(unit))
                i += 1
                continue
            }
            let scalar: Unicode.Scalar
            if unit < 0xD800 || unit > 0xDFFF {
                scalar = Unicode.Scalar(unit)!
                i += 1
            } else if unit <= 0xDBFF, i + 1 < units.count, units[i + 1] >= 0xDC00, units[i + 1] <= 0xDFFF {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00))!
                i += 2
            } else {
                scalar = "\u{FFFD}"
                i += 1
            }
            UTF8.encode(scalar) { bytes.append($0) }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with `suffix`'s UTF-8.
    func hasByteSuffix(_ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        return count >= n && memoryEqual(baseAddress! + (count - n), suffix.utf8Start, n)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The scalar whose UTF-8 starts at `i`, and how many bytes it takes, in a buffer of valid UTF-8
    /// (a String's own, from `withUTF8`): a loop over a text's bytes decodes only its non-ASCII scalars.
    @inline(__always)
    func scalar(startingAt i: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(self[i])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        if lead < 0xE0 { return (Unicode.Scalar((lead & 0x1F) << 6 | UInt32(self[i + 1]) & 0x3F)!, 2) }
        if lead < 0xF0 {
            return (Unicode.Scalar((lead & 0x0F) << 12 | (UInt32(self[i + 1]) & 0x3F) << 6 | UInt32(self[i + 2]) & 0x3F)!, 3)
        }
        let value = (lead & 0x07) << 18 | (UInt32(self[i + 1]) & 0x3F) << 12 | (UInt32(self[i + 2]) & 0x3F) << 6 | UInt32(self[i + 3]) & 0x3F
        return (Unicode.Scalar(value)!, 4)
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The parts between ASCII `separator`s, empty ones kept: `split(separator:omittingEmptySubsequences:
    /// false)`, found by a walk over the UTF-8 when the text is ASCII (paths and unit ids nearly always
    /// are) instead of one over characters. Other text is split by characters, where a combining mark
    /// may join the separator.
    func parts(separatedBy separator: UInt8) -> [Substring] {
        let utf8 = self.utf8
        guard separator < 0x80, !utf8.contains(where: { $0 >= 0x80 }) else {
            return split(separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: false)
        }
        var parts: [Substring] = []
        var start = utf8.startIndex, i = utf8.startIndex
        while i != utf8.endIndex {
            if utf8[i] == separator {
                parts.append(self[start..<i])
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        parts.append(self[start..<utf8.endIndex])
        return parts
    }
}
