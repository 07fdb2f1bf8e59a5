import CICUShim

/// A yes-or-no property of Unicode scalars as a bit table over the Basic Multilingual Plane, built once.
/// The standard library's property lookups cost more than the scanning loops that ask them for every
/// scalar of every text; scalars beyond the BMP, rare in catalogs, still ask the property itself.
/// A table is filled from ICU's set of the property (its ranges: well under a millisecond), not by
/// asking the property of 65,536 scalars (23–33 M instructions a table, a fixed cost of every run).
struct ScalarTable: Sendable {
    private let bits: [UInt64]
    private let property: @Sendable (Unicode.Scalar) -> Bool

    /// `icuSet`: the property as an ICU UnicodeSet pattern, for the BMP; without one (or when ICU
    /// cannot read it) every BMP scalar is asked.
    init(icuSet pattern: String? = nil, _ property: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        let filled = pattern.map { pattern in bits.withUnsafeMutableBufferPointer { la_set_bits(pattern, $0.baseAddress, Int32($0.count)) == 0 } } ?? false
        if !filled {
            for value in 0..<0x10000 {
                if let scalar = Unicode.Scalar(value), property(scalar) { bits[value >> 6] |= 1 << UInt64(value & 63) }
            }
        }
        self.bits = bits
        self.property = property
    }

    @inline(__always)
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        guard value < 0x10000 else { return property(scalar) }
        return bits[value >> 6] & (1 << UInt64(value & 63)) != 0
    }

    static let alphabetic = ScalarTable(icuSet: "[:Alphabetic:]") { $0.properties.isAlphabetic }
    static let whitespace = ScalarTable(icuSet: "[:White_Space:]") { $0.properties.isWhitespace }
    /// Scalars whose lower-case mapping is not the scalar itself.
    /// Scalars that may join the scalar before them into one character (grapheme cluster): marks,
    /// joiners and variation selectors, Hangul jamo, the Thai and Lao vowels that are spacing marks,
    /// regional indicators, emoji modifiers and tags, and the prepended Arabic and Syriac signs. A
    /// text without any has one character per scalar (but for CR LF, neither a letter).
    static let joinsPreviousCharacter = ScalarTable(
        icuSet: "[[:GCB=Extend:][:GCB=SpacingMark:][:GCB=Prepend:][:GCB=ZWJ:][:GCB=L:][:GCB=V:][:GCB=T:][:GCB=Regional_Indicator:][:Cf:][:Mn:][:Mc:][:Me:]]"
    ) { scalar in
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x0E33, 0x0EB3, 0x0600...0x0605, 0x06DD, 0x070F, 0x0D4E, 0x0890...0x0891, 0x08E2,
             0xFE00...0xFE0F, 0xFF9E...0xFF9F, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0000...0xE0FFF, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }
    static let changesWhenLowercased = ScalarTable(icuSet: "[:Changes_When_Lowercased:]") {
        $0.properties.lowercaseMapping.unicodeScalars.elementsEqual(CollectionOfOne($0)) == false
    }
}

extension Unicode.Scalar {
    /// `properties.isAlphabetic`, from a table.
    var isAlphabeticFast: Bool { ScalarTable.alphabetic.contains(self) }
    /// `properties.isWhitespace`, from a table.
    var isWhitespaceFast: Bool { ScalarTable.whitespace.contains(self) }
}
