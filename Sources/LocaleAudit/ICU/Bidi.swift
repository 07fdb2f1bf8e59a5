import CICUShim

/// The Unicode Bidirectional Algorithm (UAX #9) as ICU implements it.
/// Thread safety: stateless; each call uses its own ICU object, so calls may run on any thread.
public enum Bidi {
    public enum Direction: Sendable, Hashable {
        case leftToRight, rightToLeft
    }

    /// How the paragraph level is chosen for `runs(of:baseDirection:)`.
    public enum BaseDirection: Sendable, Hashable {
        case leftToRight, rightToLeft
        /// From the first strong character (isolates skipped); LTR when there is none.
        case firstStrongOrLeftToRight
        /// From the first strong character (isolates skipped); RTL when there is none.
        case firstStrongOrRightToLeft

        var icuLevel: Int32 {
            switch self {
            case .leftToRight: return 0
            case .rightToLeft: return 1
            case .firstStrongOrLeftToRight: return 0xFE // UBIDI_DEFAULT_LTR
            case .firstStrongOrRightToLeft: return 0xFF // UBIDI_DEFAULT_RTL
            }
        }
    }

    /// A level run in logical order, with UTF-16 offsets (NSRange semantics).
    public struct Run: Sendable, Hashable {
        public var direction: Direction
        /// The embedding level: even is LTR, odd is RTL.
        public var level: UInt8
        public var location: Int
        public var length: Int
        public var range: Range<Int> { location..<(location + length) }
    }

    /// The direction of the first paragraph from its first strong character, skipping isolates
    /// (U+2066…U+2069), as UAX #9 rules P2–P3 say; nil when it has no strong character.
    /// (ICU's ubidi_getBaseDirection would not skip isolates.)
    public static func paragraphDirection(of text: String) throws(ICUError) -> Direction? {
        let units = Array(text.utf16)
        var hasStrong: Int32 = 0
        var status: Int32 = 0
        // The array outlives the call, and ICU keeps no reference after it returns.
        let level = units.withUnsafeBufferPointer {
            la_bidi_paragraph_level($0.baseAddress, Int32($0.count), &hasStrong, &status)
        }
        try ICUError.check(status, "find the paragraph direction")
        guard hasStrong != 0 else { return nil }
        return level & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// The level runs of `text` in logical order.
    public static func runs(of text: String, baseDirection: BaseDirection = .firstStrongOrLeftToRight)
        throws(ICUError) -> [Run] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        var capacity = 8
        while true {
            var starts = [Int32](repeating: 0, count: capacity)
            var lengths = [Int32](repeating: 0, count: capacity)
            var levels = [Int32](repeating: 0, count: capacity)
            var status: Int32 = 0
            let count = Int(units.withUnsafeBufferPointer { text in
                la_bidi_runs(text.baseAddress, Int32(text.count), baseDirection.icuLevel, &starts, &lengths, &levels,
                             Int32(capacity), &status)
            })
            try ICUError.check(status, "resolve bidi runs")
            if count <= capacity {
                return (0..<count).map { index in
                    let level = UInt8(truncatingIfNeeded: levels[index])
                    return Run(direction: level & 1 == 1 ? .rightToLeft : .leftToRight, level: level,
                               location: Int(starts[index]), length: Int(lengths[index]))
                }
            }
            capacity = count
        }
    }
}
