import CICUShim
import Foundation

/// CLDR plural categories, in CLDR's order (which is also their `Comparable` order).
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    private var rank: Int { Self.allCases.firstIndex(of: self)! }
    public static func < (a: PluralCategory, b: PluralCategory) -> Bool { a.rank < b.rank }
}

public enum PluralRuleType: Sendable, Hashable {
    /// Quantities: "1 file", "2 files".
    case cardinal
    /// Positions: "1st", "2nd".
    case ordinal
}

/// One item of a CLDR sample list: a single value (`21`, `1.5`, `1c6`) or a range (`5~19`, `0.0~1.5`),
/// kept as written because decimal samples carry meaningful trailing zeros.
public struct PluralSample: Sendable, Hashable, CustomStringConvertible {
    public let lowerBound: String
    /// Equal to `lowerBound` for a single value.
    public let upperBound: String

    public var isRange: Bool { lowerBound != upperBound }
    /// True for CLDR's compact-exponent notation (`1c6` = 1,000,000 shown as "1M"): such a value only
    /// takes this category when displayed in compact form.
    /// CLDR's samples are ASCII: their bytes are searched (Foundation's `contains` compares Unicode text).
    public var usesCompactExponent: Bool { lowerBound.utf8.contains { $0 == UInt8(ascii: "c") || $0 == UInt8(ascii: "e") } }
    /// The integer values, for plain integer samples (no fraction, no exponent); nil otherwise.
    public var integerRange: ClosedRange<Int>? {
        guard !usesCompactExponent, let low = Int(lowerBound), let high = Int(upperBound), low <= high else { return nil }
        return low...high
    }
    public var description: String { isRange ? "\(lowerBound)–\(upperBound)" : lowerBound }
}

/// The sample numbers CLDR lists for a category (`@integer …` and `@decimal …` in the rules).
public struct PluralSamples: Sendable, Hashable {
    public var integers: [PluralSample]
    public var decimals: [PluralSample]
    /// CLDR ends the list with "…": more values than listed take this category.
    public var integersContinue: Bool
    public var decimalsContinue: Bool

    /// The plain integers listed (ranges expanded, compact-exponent samples left out).
    public var plainIntegers: [Int] { integers.compactMap(\.integerRange).flatMap { Array($0) } }
}

/// A locale's plural rules (ICU `PluralRules`).
///
/// Thread safety: the ICU object is created in `init`, never mutated and released in `deinit`; ICU's
/// `PluralRules` select and sample functions are const and thread-safe, so one instance may be shared
/// across threads (`Sendable`). Creating an instance costs tens of microseconds: cache them per locale.
public final class PluralRules: @unchecked Sendable {
    public let locale: String
    public let type: PluralRuleType
    /// The categories the locale uses, in CLDR order (ICU returns them in arbitrary order).
    public let categories: [PluralCategory]
    private let handle: UnsafeMutableRawPointer
    private let samplesByCategory: [PluralCategory: PluralSamples]
    /// The CLDR rule text, one "category: condition @integer … @decimal …" per line.
    public let ruleText: String
    /// The category of each integer 0…1000 once a check asks about one: `category(for:)` reads them
    /// from here. Asked of ICU in one call, made for the locales whose numbers a check looks at.
    private var smallIntegers: [PluralCategory]?
    private let smallIntegersLock = NSLock()

    /// - Parameter locale: a BCP 47 tag ("ru", "pt-BR").
    public init(locale: String, type: PluralRuleType = .cardinal) throws(ICUError) {
        var status: Int32 = 0
        let opened = la_plural_open(locale, type == .ordinal ? 1 : 0, &status)
        try ICUError.check(status, "open \(type) plural rules for '\(locale)'")
        guard let opened else { throw ICUError(code: 7 /* U_MEMORY_ALLOCATION_ERROR */, operation: "open plural rules for '\(locale)'") }
        // From here the handle must be closed on every path, including throwing ones.
        do throws(ICUError) {
            let keywords = try ShimBuffer.utf8("list plural keywords of '\(locale)'") { la_plural_keywords(opened, $0, $1, $2) }
            self.categories = keywords.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }.sorted()
            self.ruleText = try ShimBuffer.utf8("read plural rules of '\(locale)'", capacity: 1024) {
                la_plural_rules_text(opened, $0, $1, $2)
            }

        } catch {
            la_plural_close(opened)
            throw error
        }
        self.locale = locale
        self.type = type
        self.handle = opened
        self.samplesByCategory = Self.parseSamples(ruleText)
        self.hasLocaleData = Self.holdsLocaleData(ruleText)
    }

    deinit { la_plural_close(handle) }

    /// False when CLDR has no plural rules for the locale and ICU fell back to the root rules (every
    /// number is `other`): then nothing can be said about which categories the locale needs.
    public let hasLocaleData: Bool

    /// Whether a rule text is more than the root's "other:" (trailing spaces and line ends aside).
    /// Worked out once per rules: the plural checks ask it of every plural they meet.
    static func holdsLocaleData(_ ruleText: String) -> Bool {
        var text = Substring(ruleText)
        while let last = text.last, last == " " || last == "\n" { text = text.dropLast() }
        return text != "other:"
    }

    /// The category of each integer 0…1000, in order.
    public var smallIntegerCategories: [PluralCategory] {
        smallIntegersLock.lock()
        defer { smallIntegersLock.unlock() }
        if let smallIntegers { return smallIntegers }
        var codes = [Int8](repeating: -1, count: 1001)
        var status: Int32 = 0
        codes.withUnsafeMutableBufferPointer { _ = la_plural_select_integers(handle, 0, Int32($0.count), $0.baseAddress, &status) }
        // A keyword CLDR does not define reads as 'other', as `select` reads it; should the table
        // call fail, each number is asked on its own.
        let made = status == 0 ? codes.map { $0 >= 0 && $0 < 6 ? PluralCategory.allCases[Int($0)] : .other }
                               : (0...1000).map(select)
        smallIntegers = made
        return made
    }

    /// The category of an integer quantity.
    public func category(for integer: Int) -> PluralCategory {
        if integer >= 0 && integer <= 1000 { return smallIntegerCategories[integer] }
        return select(integer)
    }

    /// The category of an integer, asked of ICU.
    private func select(_ integer: Int) -> PluralCategory {
        // Doubles are exact to 2^53; larger values go through the decimal path to stay exact.
        if integer.magnitude > 1 << 53, let category = try? category(forDecimal: String(integer)) { return category }
        // select(double) on an open handle has no failure path in ICU; "other" is only a type-level fallback.
        let keyword = (try? ShimBuffer.utf8("select plural category") { la_plural_select(handle, Double(integer), $0, $1, $2) }) ?? "other"
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// The category of a decimal as written, counting visible fraction digits: in English "1" is
    /// `one` but "1.0" is `other`. Accepts ASCII digits with optional sign, "." and exponent.
    public func category(forDecimal decimal: String) throws(ICUError) -> PluralCategory {
        let keyword = try ShimBuffer.utf8("select plural category of '\(decimal)' in '\(locale)'") {
            la_plural_select_decimal(handle, decimal, $0, $1, $2)
        }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// CLDR's samples for a category; empty when the locale does not use it.
    public func samples(for category: PluralCategory) -> PluralSamples {
        samplesByCategory[category] ?? PluralSamples(integers: [], decimals: [], integersContinue: false, decimalsContinue: false)
    }

    /// True when no integer at all (not even a compact-exponent one) takes the category: only numbers
    /// shown with fraction digits can. Example: none in CLDR 42 for cardinals of es/fr/it/pt, whose
    /// `many` does take integers (1000000, and 1c6 in compact display).
    public func isDecimalOnly(_ category: PluralCategory) -> Bool {
        categories.contains(category) && samples(for: category).integers.isEmpty
    }

    /// True when some plain integer (written in full, no compact exponent) takes the category, so a
    /// translation for an integer format such as `%d` needs it. fr `many`: true (1000000, 2000000…);
    /// ru `other`: false (only decimals such as 1.5).
    public func appliesToPlainIntegers(_ category: PluralCategory) -> Bool {
        !samples(for: category).plainIntegers.isEmpty
    }

    /// True when more than one integer in 0…1000 takes the category (ru `one`: 1, 21, 31…), so a
    /// translation should not hard-code the number; false for en `one` (only 1) and unused categories.
    public func coversMultipleIntegers(_ category: PluralCategory) -> Bool {
        guard categories.contains(category) else { return false }
        var matches = 0
        for value in 0...1000 where self.category(for: value) == category {
            matches += 1
            if matches > 1 { return true }
        }
        return false
    }

    /// A short human list of sample numbers, such as "0, 5–19, 100, 1000, 10000, 100000, …": integer
    /// samples when the category has any, decimal samples otherwise; at most `limit` items.
    public func exampleText(for category: PluralCategory, limit: Int = 6) -> String {
        let samples = samples(for: category)
        var items: [String]
        var continues: Bool
        if !samples.integers.isEmpty {
            items = Self.collapse(samples.plainIntegers) + samples.integers.filter(\.usesCompactExponent).map(\.description)
            continues = samples.integersContinue
        } else {
            items = samples.decimals.map(\.description)
            continues = samples.decimalsContinue
        }
        if items.count > limit {
            items = Array(items.prefix(limit))
            continues = true
        }
        return (items + (continues ? ["…"] : [])).joined(separator: ", ")
    }

    /// Sorted distinct integers with runs of three or more shown as "a–b".
    static func collapse(_ values: [Int], items limit: Int = .max) -> [String] {
        // Most callers pass the integers of a category in order already: no set, no sort.
        let sorted = zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) ? values : Array(Set(values)).sorted()
        var items: [String] = []
        var index = 0
        while index < sorted.count && items.count < limit {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - index >= 2 {
                items.append("\(sorted[index])–\(sorted[end])")
            } else {
                items.append(contentsOf: sorted[index...end].map(String.init))
            }
            index = end + 1
        }
        return items
    }

    /// Reads "one: … @integer 1, 21~31, … @decimal 0.0~1.5, …" lines.
    static func parseSamples(_ ruleText: String) -> [PluralCategory: PluralSamples] {
        var result: [PluralCategory: PluralSamples] = [:]
        for line in ruleText.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"),
                  let category = PluralCategory(rawValue: line[..<colon].trimmingSpaces()) else { continue }
            var samples = PluralSamples(integers: [], decimals: [], integersContinue: false, decimalsContinue: false)
            for section in line[line.index(after: colon)...].split(separator: "@").dropFirst() {
                let words = section.split(separator: " ", maxSplits: 1)
                guard let kind = words.first, words.count == 2 else { continue }
                var list: [PluralSample] = []
                var continues = false
                for item in words[1].split(separator: ",") {
                    let text = item.trimmingSpaces()
                    if text == "…" || text == "..." { continues = true; continue }
                    if text.isEmpty { continue }
                    let bounds = text.split(separator: "~", maxSplits: 1).map(String.init)
                    list.append(PluralSample(lowerBound: bounds[0], upperBound: bounds.count == 2 ? bounds[1] : bounds[0]))
                }
                if kind == "integer" {
                    samples.integers = list
                    samples.integersContinue = continues
                } else if kind == "decimal" {
                    samples.decimals = list
                    samples.decimalsContinue = continues
                }
            }
            result[category] = samples
        }
        return result
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
