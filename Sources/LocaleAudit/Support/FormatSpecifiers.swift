/// One conversion in a format string, as `String(format:)` / `NSString` reads it.
public struct FormatSpecifier: Sendable, Hashable {
    /// The argument kinds that matter at run time: passing an object where an integer is read (or the
    /// reverse) crashes; integer widths and signedness only change how a number prints.
    public enum Kind: String, Sendable, Hashable, Codable {
        case object, integer, floatingPoint = "floating-point", character, cString = "C string"
        case unicharString = "unichar string", pointer, pluralVariable = "plural variable", literalPercent = "%%"
        /// `%arg` in a String Catalog substitution form: the substitution's own argument, whatever
        /// its `formatSpecifier` says.
        case substitutionArgument = "substitution argument"
    }

    /// Offsets in Unicode scalars from the start of the string.
    public var range: Range<Int>
    /// The specifier as written, e.g. `%1$@`, `%.2f`, `%#@files@`.
    public var text: String
    /// The explicit argument number (`%2$d` → 2), if any.
    public var position: Int?
    public var flags: String
    public var width: String
    public var precision: String
    public var lengthModifier: String
    /// The conversion character (`d`, `@`, `f`, …); `@` for a `%#@name@` variable.
    public var conversion: Character
    /// The variable name of `%#@name@`.
    public var variableName: String?
    /// Arguments consumed by `*` width or precision, each with its explicit number if written `*3$`.
    public var starArguments: [Int?]

    public var kind: Kind {
        if variableName != nil { return .pluralVariable }
        if conversion == "a" && lengthModifier == "" && flags == "" && width == "" && precision == "" && text.hasSuffix("arg") {
            return .substitutionArgument
        }
        switch conversion {
        case "%": return .literalPercent
        case "@": return .object
        case "d", "i", "u", "o", "x", "X", "D", "U", "O": return .integer
        case "f", "F", "e", "E", "g", "G", "a", "A": return .floatingPoint
        case "c", "C": return .character
        case "s": return lengthModifier == "l" ? .unicharString : .cString
        case "S": return .unicharString
        case "p": return .pointer
        default: return .object
        }
    }

    /// Whether it consumes an argument (`%%` does not).
    public var consumesArgument: Bool { conversion != "%" }
}

/// A `%` sequence that is not a valid specifier.
public struct FormatProblem: Sendable, Hashable {
    public var range: Range<Int>
    public var text: String
    public var message: String
}

public struct FormatScan: Sendable, Hashable {
    public var specifiers: [FormatSpecifier]
    public var problems: [FormatProblem]

    /// Specifiers that consume arguments (everything but `%%`).
    public var arguments: [FormatSpecifier] { specifiers.filter(\.consumesArgument) }
    public var isFormat: Bool { !specifiers.isEmpty }

    /// The argument each specifier reads, numbered from 1: explicit numbers as written, the others in
    /// order (a `*` width or precision takes an integer argument first).
    public var argumentKinds: [Int: [FormatSpecifier.Kind]] {
        var result: [Int: [FormatSpecifier.Kind]] = [:]
        walkArguments(star: { result[$0, default: []].append(.integer) }, argument: { n, spec in result[n, default: []].append(spec.kind) })
        return result
    }

    /// Each specifier that reads an argument, with the argument's number (as `argumentKinds` numbers them).
    public var numberedArguments: [(number: Int, specifier: FormatSpecifier)] {
        var result: [(number: Int, specifier: FormatSpecifier)] = []
        walkArguments(star: { _ in }, argument: { result.append(($0, $1)) })
        return result
    }

    /// The numbering: explicit numbers as written, the others in order, a `*` width or precision
    /// taking its integer argument first.
    private func walkArguments(star: (Int) -> Void, argument: (Int, FormatSpecifier) -> Void) {
        var next = 1
        for spec in specifiers where spec.consumesArgument {
            for number in spec.starArguments {
                star(number ?? next)
                if number == nil { next += 1 }
            }
            argument(spec.position ?? next, spec)
            if spec.position == nil { next += 1 }
        }
    }

    /// True when explicit (`%1$@`) and implicit (`%@`) argument numbers are mixed: the implicit ones
    /// then read arguments nobody intended.
    public var mixesPositionalAndSequential: Bool {
        let args = arguments
        return args.contains { $0.position != nil } && args.contains { $0.position == nil }
    }
}

/// A scanner for Apple's printf dialect: `%[n$][flags][width][.precision][length]conversion`, plus
/// `%%`, `%@` and the `.stringsdict` variable form `%#@name@` (also `%n$#@name@`). It reads scalars,
/// not regular expressions, and reports every `%` sequence it does not recognise, except a `%` then a
/// space that reads as prose (see `Reading`).
public enum FormatSpecifiers {
    /// The problem of a `%#@` not closed into `%#@name@`, which the plural rules recognise.
    static let malformedVariableReference = "a variable reference needs the form %#@name@"
    static let conversions: Set<Unicode.Scalar> = [
        "@", "d", "i", "u", "o", "x", "X", "f", "F", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "D", "U", "O",
    ]
    static let flagScalars: Set<Unicode.Scalar> = ["-", "+", " ", "#", "0", "'"]

    /// How a `%` followed by a space is read.
    public enum Reading: Sendable {
        /// Prose-aware (the default for every rule): `%` then a space is a percent sign followed by text
        /// ("50 % of", "% (画面の割合)"), unless it is unmistakably a space-flagged specifier; see
        /// `isUnmistakableSpaceFlag`. A false "invalid specifier" error costs more than a missed `% d`.
        case proseAware
        /// Exactly as Apple's parser (CFString, and Xcode's String Catalog compiler) reads it: the space
        /// is a flag, so "50% off" is `% o` followed by "ff", and "50%-ig" is `%-i`.
        case literal
    }

    /// Conversions a space flag is accepted with in prose-aware reading. The space flag only changes
    /// signed numbers (d, i, f), and `% @` is a common mangling of `%@` that Foundation still reads as
    /// an object. `% o`, `% s`, `% u`, `% x` (space is meaningless there), `% a`, `% e` and `% g` (which
    /// are words: "20 % a day", Italian "50 % e più") are read as prose.
    static let spaceFlagConversions: Set<Unicode.Scalar> = ["d", "i", "f", "F", "@"]

    /// Whether the space-flagged specifier `scalars[start..<end]` (ending at its conversion) is one:
    /// its conversion is one a space flag means something for, and a letter conversion ends the word.
    /// "% d" and "% .2f" are specifiers; "% de", "% d'autonomie", "% di" and "% of" are prose.
    static func isUnmistakableSpaceFlag(_ scalars: [Unicode.Scalar], conversionAt k: Int) -> Bool {
        let conversion = scalars[k]
        guard spaceFlagConversions.contains(conversion) else { return false }
        if conversion == "@" { return true }
        return !continuesWord(scalars, at: k + 1)
    }

    /// True when the scalar at `k` continues a word: a letter or digit, or an apostrophe followed by a
    /// letter ("d'autonomie", "d’un"). Only scripts below U+2E80 count: CJK, kana and Hangul attach
    /// counters to numbers without a space ("%d個", "%d개"), so a conversion before them ends its word.
    static func continuesWord(_ scalars: [Unicode.Scalar], at k: Int) -> Bool {
        func isWordLetter(_ s: Unicode.Scalar) -> Bool {
            s.value < 0x2E80 && (s.isAlphabeticFast || s.properties.numericType != nil)
        }
        guard k < scalars.count else { return false }
        let s = scalars[k]
        if isWordLetter(s) { return true }
        if (s == "'" || s == "\u{2019}") && k + 1 < scalars.count && isWordLetter(scalars[k + 1]) { return true }
        return false
    }

    public static func scan(_ string: String, reading: Reading = .proseAware) -> FormatScan {
        // Everything the scan reports starts at a `%`: most strings have none, and are not decoded.
        guard string.containsByte(UInt8(ascii: "%")) else { return FormatScan(specifiers: [], problems: []) }
        let scalars = string.scalarArray
        var specifiers: [FormatSpecifier] = []
        var problems: [FormatProblem] = []
        var i = 0
        let n = scalars.count
        // A specifier's parts are a few ASCII bytes: encoded on the stack, a string of up to 15 bytes
        // needs no allocation (appending scalars to a String's scalar view one by one is slow).
        func text(_ r: Range<Int>) -> String {
            if r.isEmpty { return "" }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: r.count * 4) { buffer in
                var count = 0
                for k in r {
                    UTF8.encode(scalars[k]) { byte in
                        buffer[count] = byte
                        count += 1
                    }
                }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            }
        }
        func isDigit(_ k: Int) -> Bool { k < n && scalars[k].value >= 0x30 && scalars[k].value <= 0x39 }
        func digits(from k: Int) -> Int {
            var j = k
            while isDigit(j) { j += 1 }
            return j
        }
        while i < n {
            guard scalars[i] == "%" else { i += 1; continue }
            let start = i
            var j = i + 1
            if j < n && scalars[j] == "%" {
                specifiers.append(FormatSpecifier(range: start..<(j + 1), text: "%%", position: nil, flags: "", width: "",
                                                  precision: "", lengthModifier: "", conversion: "%", variableName: nil,
                                                  starArguments: []))
                i = j + 1
                continue
            }
            // Argument number: digits followed by `$`.
            var position: Int? = nil
            let afterDigits = digits(from: j)
            if afterDigits > j && afterDigits < n && scalars[afterDigits] == "$" {
                position = Int(text(j..<afterDigits))
                j = afterDigits + 1
                if position == 0 {
                    problems.append(FormatProblem(range: start..<j, text: text(start..<j),
                                                  message: "argument numbers start at 1, not 0"))
                    i = j
                    continue
                }
            }
            // `%arg`: a String Catalog substitution's own argument. An ASCII letter or digit right after
            // it makes it `%a` followed by a word; "%arg个文件" is still `%arg`.
            if position == nil && j + 2 < n && scalars[j] == "a" && scalars[j + 1] == "r" && scalars[j + 2] == "g"
                && !(j + 3 < n && scalars[j + 3].isASCII && (scalars[j + 3].isAlphabeticFast || (scalars[j + 3].value >= 0x30 && scalars[j + 3].value <= 0x39))) {
                specifiers.append(FormatSpecifier(range: start..<(j + 3), text: "%arg", position: nil, flags: "", width: "",
                                                  precision: "", lengthModifier: "", conversion: "a", variableName: nil,
                                                  starArguments: []))
                i = j + 3
                continue
            }
            // `%1#@name@`: an argument number without its `$`, a known hand-editing slip.
            if position == nil && afterDigits > j && afterDigits + 1 < n && scalars[afterDigits] == "#" && scalars[afterDigits + 1] == "@" {
                var k = afterDigits + 2
                while k < n && scalars[k] != "@" && scalars[k] != "%" && scalars[k] != " " { k += 1 }
                let end = k < n && scalars[k] == "@" ? k + 1 : k
                let number = text(j..<afterDigits)
                problems.append(FormatProblem(range: start..<end, text: text(start..<end),
                                              message: "'\(text(start..<end))' lacks the '$' after its argument number: write '%\(number)$#@\(text((afterDigits + 2)..<max(afterDigits + 2, k)))@'"))
                i = end
                continue
            }
            // `%#@name@` / `%1$#@name@`: a .stringsdict variable.
            if j + 1 < n && scalars[j] == "#" && scalars[j + 1] == "@" {
                var k = j + 2
                while k < n && scalars[k] != "@" && scalars[k] != "%" && scalars[k] != " " { k += 1 }
                if k < n && scalars[k] == "@" && k > j + 2 {
                    specifiers.append(FormatSpecifier(range: start..<(k + 1), text: text(start..<(k + 1)), position: position,
                                                      flags: "#", width: "", precision: "", lengthModifier: "",
                                                      conversion: "@", variableName: text((j + 2)..<k), starArguments: []))
                    i = k + 1
                } else {
                    problems.append(FormatProblem(range: start..<min(k, n), text: text(start..<min(k, n)),
                                                  message: malformedVariableReference))
                    i = max(j + 2, min(k, n))
                }
                continue
            }
            // Other white space (no-break, ideographic, a line break) is no flag: `%` then text.
            if reading == .proseAware && j < n && scalars[j] != " " && scalars[j].isWhitespaceFast {
                i = j
                continue
            }
            var flags = ""
            while j < n && flagScalars.contains(scalars[j]) { flags.unicodeScalars.append(scalars[j]); j += 1 }
            // A space among the flags makes the sequence prose unless it is unmistakably a specifier.
            let spaceFlagged = reading == .proseAware && flags.unicodeScalars.contains(" ")
            var stars: [Int?] = []
            var width = ""
            if j < n && scalars[j] == "*" {
                width = "*"
                j += 1
                let d = digits(from: j)
                if d > j && d < n && scalars[d] == "$" {
                    stars.append(Int(text(j..<d)))
                    width += text(j..<(d + 1))
                    j = d + 1
                } else {
                    stars.append(nil)
                }
            } else {
                let d = digits(from: j)
                width = text(j..<d)
                j = d
            }
            var precision = ""
            if j < n && scalars[j] == "." {
                j += 1
                if j < n && scalars[j] == "*" {
                    precision = "*"
                    j += 1
                    let d = digits(from: j)
                    if d > j && d < n && scalars[d] == "$" {
                        stars.append(Int(text(j..<d)))
                        precision += text(j..<(d + 1))
                        j = d + 1
                    } else {
                        stars.append(nil)
                    }
                } else {
                    let d = digits(from: j)
                    precision = "." + text(j..<d)
                    j = d
                }
            }
            var length = ""
            if j < n {
                switch scalars[j] {
                case "h", "l":
                    length.unicodeScalars.append(scalars[j])
                    if j + 1 < n && scalars[j + 1] == scalars[j] { length.unicodeScalars.append(scalars[j]); j += 1 }
                    j += 1
                case "q", "z", "t", "j", "L":
                    length.unicodeScalars.append(scalars[j])
                    j += 1
                default: break
                }
            }
            if spaceFlagged && !(j < n && conversions.contains(scalars[j]) && isUnmistakableSpaceFlag(scalars, conversionAt: j)) {
                // Prose: a percent sign, then text. Neither a specifier nor a problem.
                i = start + 1
                continue
            }
            if j < n && conversions.contains(scalars[j]) {
                specifiers.append(FormatSpecifier(range: start..<(j + 1), text: text(start..<(j + 1)), position: position,
                                                  flags: flags, width: width, precision: precision, lengthModifier: length,
                                                  conversion: Character(scalars[j]), variableName: nil, starArguments: stars))
                i = j + 1
            } else {
                let end = min(j + 1, n)
                let found = j < n ? "'\(Character(scalars[j]))'" : "the end of the string"
                problems.append(FormatProblem(range: start..<end, text: text(start..<end),
                                              message: "'\(text(start..<end))' is not a format specifier: expected a conversion such as %@, %d or %f after '\(text(start..<j))', found \(found) (write %% for a literal percent sign)"))
                i = max(start + 1, j)
            }
        }
        return FormatScan(specifiers: specifiers, problems: problems)
    }

    /// Conversions no prose produces after a bare `%`, with the length modifiers Apple code writes.
    static let unmistakableConversions: Set<Character> = ["@", "d", "i", "u", "f", "s"]
    static let unmistakableLengths: Set<String> = ["", "h", "hh", "l", "ll", "q", "z", "t", "j"]

    /// The specifiers of `scan` that only a format string would hold: `%@`, `%d`, `%i`, `%u`, `%f`,
    /// `%s` (with `l`, `ll`, `q`, `z`, …), `%1$@`, `%.2f`, `%#@name@`; no flags and no width, and a
    /// letter conversion must end its word ("100%sure" and "%define" are not). "50 %" and "100%."
    /// never qualify.
    public static func unmistakable(in string: String, _ scan: FormatScan) -> [FormatSpecifier] {
        guard !scan.specifiers.isEmpty else { return [] }
        let scalars = string.scalarArray
        return scan.specifiers.filter { spec in
            if spec.variableName != nil { return true }
            guard spec.flags.isEmpty, spec.width.isEmpty, spec.starArguments.isEmpty,
                  unmistakableConversions.contains(spec.conversion), unmistakableLengths.contains(spec.lengthModifier),
                  spec.precision.isEmpty || spec.conversion == "f" else { return false }
            return spec.conversion == "@" || !continuesWord(scalars, at: spec.range.upperBound)
        }
    }

    /// Text that looks like a specifier that lost its `%`: `1$@`, `@@`, a full-width `％@`. Only
    /// meaningful where the source has a specifier that the translation lacks.
    public static func strayFragments(in string: String, outside scan: FormatScan) -> [(range: Range<Int>, text: String)] {
        let scalars = string.scalarArray
        var covered = [Bool](repeating: false, count: scalars.count)
        for spec in scan.specifiers { for k in spec.range { covered[k] = true } }
        for problem in scan.problems { for k in problem.range where k < covered.count { covered[k] = true } }
        var result: [(Range<Int>, String)] = []
        var i = 0
        let n = scalars.count
        func isDigit(_ k: Int) -> Bool { k >= 0 && k < n && scalars[k].value >= 0x30 && scalars[k].value <= 0x39 }
        while i < n {
            if covered[i] { i += 1; continue }
            // digits `$` conversion, not part of a real specifier: `1$@`, `2$d`.
            if isDigit(i) && !(i > 0 && (isDigit(i - 1) || scalars[i - 1] == "%")) {
                var j = i
                while isDigit(j) && !covered[j] { j += 1 }
                if j + 1 < n && scalars[j] == "$" && conversions.contains(scalars[j + 1]) && !covered[j + 1] {
                    result.append((i..<(j + 2), String(String.UnicodeScalarView(scalars[i..<(j + 2)]))))
                    i = j + 2
                    continue
                }
            }
            if scalars[i] == "@" && i + 1 < n && scalars[i + 1] == "@" && !covered[i + 1] {
                result.append((i..<(i + 2), "@@"))
                i += 2
                continue
            }
            if scalars[i] == "\u{FF05}" && i + 1 < n && conversions.contains(scalars[i + 1]) {
                result.append((i..<(i + 2), String(String.UnicodeScalarView(scalars[i..<(i + 2)]))))
                i += 2
                continue
            }
            i += 1
        }
        return result
    }
}
