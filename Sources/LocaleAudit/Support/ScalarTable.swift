/// A yes-or-no property of Unicode scalars as a bit table over the Basic Multilingual Plane, built once
/// (65,536 lookups, about a millisecond). The standard library's property lookups cost more than the
/// scanning loops that ask them for every scalar of every text; scalars beyond the BMP, rare in
/// catalogs, still ask the property itself.
struct ScalarTable: Sendable {
    private let bits: [UInt64]
    private let property: @Sendable (Unicode.Scalar) -> Bool

    init(_ property: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        var bits = [UInt64](repeating: 0, count: 0x10000 / 64)
        for value in 0..<0x10000 {
            if let scalar = Unicode.Scalar(value), property(scalar) { bits[value >> 6] |= 1 << UInt64(value & 63) }
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

    static let alphabetic = ScalarTable { $0.properties.isAlphabetic }
    static let whitespace = ScalarTable { $0.properties.isWhitespace }
    /// Scalars whose lower-case mapping is not the scalar itself.
    static let changesWhenLowercased = ScalarTable { $0.properties.lowercaseMapping.unicodeScalars.elementsEqual(CollectionOfOne($0)) == false }
}

extension Unicode.Scalar {
    /// `properties.isAlphabetic`, from a table.
    var isAlphabeticFast: Bool { ScalarTable.alphabetic.contains(self) }
    /// `properties.isWhitespace`, from a table.
    var isWhitespaceFast: Bool { ScalarTable.whitespace.contains(self) }
}
