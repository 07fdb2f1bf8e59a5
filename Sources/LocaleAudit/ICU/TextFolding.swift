import CICUShim

/// Case- and accent-insensitive text comparison.
/// Thread safety: stateless; each call uses its own ICU objects.
public enum TextFolding {
    /// A comparison key: full case folding and nonspacing marks removed ("Crème Brûlée" → "creme brulee",
    /// "Straße" → "strasse"). Locale-independent; equal keys mean "same text but for case and accents".
    public static func fold(_ text: String) throws(ICUError) -> String {
        let units = Array(text.utf16)
        return try ShimBuffer.utf16("fold case and accents", capacity: units.count + 16) { buffer, capacity, status in
            units.withUnsafeBufferPointer { la_fold($0.baseAddress, Int32($0.count), buffer, capacity, status) }
        }
    }

    /// Whether `needle` occurs in `haystack` ignoring case and accents, by the locale's collation at
    /// primary strength (so language-specific letters such as Swedish "å" vs "a" follow that language).
    public static func contains(_ haystack: String, _ needle: String, locale: String = "und") throws(ICUError) -> Bool {
        try range(of: needle, in: haystack, locale: locale) != nil
    }

    /// UTF-16 range of the first primary-strength match of `needle` in `haystack`, nil when none.
    public static func range(of needle: String, in haystack: String, locale: String = "und") throws(ICUError) -> Range<Int>? {
        let text = Array(haystack.utf16)
        let pattern = Array(needle.utf16)
        guard !text.isEmpty, !pattern.isEmpty else { return nil }
        var matchLength: Int32 = 0
        var status: Int32 = 0
        let offset = text.withUnsafeBufferPointer { textBuffer in
            pattern.withUnsafeBufferPointer { patternBuffer in
                la_search_primary(textBuffer.baseAddress, Int32(textBuffer.count), patternBuffer.baseAddress,
                                  Int32(patternBuffer.count), locale, &matchLength, &status)
            }
        }
        try ICUError.check(status, "search text in '\(locale)'")
        return offset < 0 ? nil : Int(offset)..<Int(offset + matchLength)
    }
}
