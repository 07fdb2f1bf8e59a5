/// A fast 128-bit fingerprint of bytes, for the result cache's keys: two independent 64-bit lanes
/// over 8-byte words (multiply, rotate, mix), then a final avalanche. Not cryptographic: the inputs
/// are the user's own files, and what a collision could cost is one stale report, at odds of about
/// one in 2^64 for the number of runs a cache ever sees.
public struct ContentHasher: Sendable {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var length: UInt64 = 0

    private static let p1: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let p3: UInt64 = 0x1656_67B1_9E37_79F9

    public init() {}

    @inline(__always)
    private mutating func mix(_ word: UInt64) {
        a = ((a ^ word) &* Self.p1).rotated(31)
        b = ((b &+ word) &* Self.p2).rotated(27) ^ (a >> 17)
    }

    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        length &+= UInt64(count)
        var offset = 0
        while offset + 8 <= count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < count {
            var tail: UInt64 = 0
            for index in offset..<count { tail = tail << 8 | UInt64(bytes[index]) }
            mix(tail ^ UInt64(count - offset) << 56)
        }
        // A boundary mark, so that ("ab", "c") and ("a", "bc") differ.
        mix(Self.p3 ^ UInt64(count))
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    public mutating func combine(_ text: String) {
        text.withUTF8Bytes { combine(UnsafeRawBufferPointer($0)) }
    }

    /// 32 hexadecimal digits.
    public func finalize() -> String {
        func avalanche(_ value: UInt64) -> UInt64 {
            var x = value
            x ^= x >> 33; x &*= 0xFF51_AFD7_ED55_8CCD
            x ^= x >> 33; x &*= 0xC4CE_B9FE_1A85_EC53
            x ^= x >> 33
            return x
        }
        let high = avalanche(a ^ length &* Self.p3), low = avalanche(b ^ high)
        return hex(high) + hex(low)
    }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

private extension UInt64 {
    @inline(__always) func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 - bits) }
}
