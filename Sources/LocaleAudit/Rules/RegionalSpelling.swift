/// Whether a regional variant of the source language (en-GB for an en source) needs its own version
/// of a text: it shows the source's text when it has none, which is right unless it spells a word
/// of it differently.
enum RegionalSpelling {
    /// Whether `variant` may spell a word of `text` (in `source`) differently. Known for American
    /// English against the other Englishes; any other pair may differ in anything (pt-PT and pt-BR,
    /// es and es-419 choose other words), so the answer there is yes.
    static func mayDiffer(_ text: String, source: String, variant: String) -> Bool {
        guard LanguageTag.languageSubtag(of: source) == "en", LanguageTag.languageSubtag(of: variant) == "en",
              isAmerican(source) else { return true }
        if isAmerican(variant) { return false }
        return TextAnalysis.translatableWords(in: text).contains { spelledApart(String($0).lowercased()) }
    }

    /// An English locale written the American way: en, en-US and the regions that follow US spelling.
    static func isAmerican(_ locale: String) -> Bool {
        guard let region = (try? LanguageTag(locale, options: .allowUnderscores))?.region?.uppercased() else { return true }
        return ["US", "PR", "PH", "UM", "VI", "GU", "AS", "MP"].contains(region)
    }

    /// Whether the other Englishes write this American word another way: colour, centre, catalogue,
    /// travelled, licence, organise (Apple's en-GB writes -ise).
    static func spelledApart(_ word: String) -> Bool {
        // A stem alone or with an ending: "colour", "colours", "coloured", "favourite"; not "literal"
        // of "liter" nor "laboratory" of "labor".
        if stems.contains(where: { word.hasPrefix($0) && endings.contains(String(word.dropFirst($0.count))) }) { return true }
        if let suffix = izeSuffixes.first(where: word.hasSuffix) {
            // "size", "resize", "prize", "seize" are spelt so everywhere.
            return !sameEverywhere.contains(String(word.dropLast(suffix.count)))
        }
        return false
    }

    /// What may follow a stem in one of its words ("" for the stem alone).
    static let endings: Set<String> = ["", "s", "es", "ed", "ing", "ings", "er", "ers", "ful", "ite", "ites", "able", "ably", "less", "scale"]

    /// Beginnings of American words (and their inflections) that the other Englishes spell apart.
    static let stems = [
        "color", "favor", "flavor", "behavior", "honor", "humor", "labor", "neighbor", "rumor", "harbor", "vapor",
        "center", "theater", "meter", "liter", "fiber", "caliber",
        "catalog", "analog", "dialog",
        "canceled", "canceling", "traveled", "traveling", "traveler", "labeled", "labeling", "modeled", "modeling",
        "leveled", "leveling", "signaled", "signaling", "totaled", "fueled", "fueling", "jewelry",
        "gray", "defense", "offense", "license", "pajama", "aluminum", "artifact", "judgment", "acknowledgment",
        "aging", "fulfill", "enroll", "skillful", "maneuver", "airplane", "cozy",
    ]

    static let izeSuffixes = ["izations", "ization", "izing", "izers", "izer", "izes", "ized", "ize", "yzing", "yzes", "yzed", "yze"]

    /// What comes before "-ize" in words every English writes with a z.
    static let sameEverywhere: Set<String> = ["s", "res", "downs", "overs", "ups", "supers", "pr", "se", "ma", "caps"]
}
