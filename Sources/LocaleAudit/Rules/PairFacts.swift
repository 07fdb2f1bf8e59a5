// What many rules ask of every translation pair, answered once in one walk and kept in flat arrays.
//
// A walk over the quarter of a million pairs that reads each pair's entries and strings is bound by
// memory, not by the questions asked: the pair, its two entries and their strings are four or five
// scattered objects. A rule that only wants the few empty translations, or the translations equal to
// their source, reads this array instead and touches a pair's objects only where it has something
// to check.

/// Facts about one pair, by the pair's position in `RuleContext.pairs`.
struct PairFacts: OptionSet, Sendable {
    let rawValue: UInt8
    /// Both the source and the translation are plain strings.
    static let bothText = PairFacts(rawValue: 1 << 0)
    /// Both plain, and equal (as Swift compares strings: canonically equivalent).
    static let identical = PairFacts(rawValue: 1 << 1)
    /// The translation is a plain string of white space only (or empty).
    static let translationBlank = PairFacts(rawValue: 1 << 2)
    /// The source is a plain string of white space only (or empty).
    static let sourceBlank = PairFacts(rawValue: 1 << 3)
    /// The translation is a plain string with a '%' in it: all a format specifier needs.
    static let translationHasPercent = PairFacts(rawValue: 1 << 4)

    static func of(_ pair: TranslationPair) -> PairFacts {
        var facts: PairFacts = []
        let translation: String
        if case .text(let text) = pair.translation.value {
            translation = text
            if text.isOnlySpaces { facts.insert(.translationBlank) }
            if text.containsByte(0x25) { facts.insert(.translationHasPercent) }
        } else {
            return facts
        }
        guard case .text(let source) = pair.source.value else { return facts }
        facts.insert(.bothText)
        if source.isOnlySpaces { facts.insert(.sourceBlank) }
        if translation == source { facts.insert(.identical) }
        return facts
    }
}

extension RuleContext {
    /// The facts of `pairs`, in one walk (one of the preparations run side by side).
    static func pairFacts(_ pairs: [TranslationPair]) -> [PairFacts] {
        pairs.map(PairFacts.of)
    }

    /// The positions of the pairs that have all of `facts`.
    func pairPositions(with facts: PairFacts) -> [Int] {
        pairFacts.indices.filter { pairFacts[$0].isSuperset(of: facts) }
    }
}
