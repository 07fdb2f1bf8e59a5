import CICUShim

/// A writing system as ICU numbers it (UScriptCode), with its ISO 15924 and Unicode names.
/// Thread safety: a value type; safe from any thread.
public struct ScriptCode: Sendable, Hashable, CustomStringConvertible {
    /// ICU's UScriptCode value.
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Looks a script up by ISO 15924 code (`Latn`, case-insensitive) or Unicode long name (`Latin`).
    public init?(name: String) {
        let code = la_script_code_for_name(name)
        guard code >= 0 else { return nil }
        self.rawValue = code
    }

    /// ISO 15924 code, such as "Latn"; "Zzzz" when ICU does not know the value.
    public var shortName: String { la_script_short_name(rawValue).map { String(cString: $0) } ?? "Zzzz" }
    /// Unicode long name, such as "Latin" or "Han".
    public var longName: String { la_script_long_name(rawValue).map { String(cString: $0) } ?? "Unknown" }
    public var isRightToLeft: Bool { la_script_is_right_to_left(rawValue) != 0 }
    public var description: String { shortName }

    // UScriptCode values are stable ICU API constants.
    public static let common = ScriptCode(rawValue: 0)
    public static let inherited = ScriptCode(rawValue: 1)
    public static let arabic = ScriptCode(rawValue: 2)
    public static let cyrillic = ScriptCode(rawValue: 8)
    public static let greek = ScriptCode(rawValue: 14)
    public static let hangul = ScriptCode(rawValue: 18)
    public static let han = ScriptCode(rawValue: 17)
    public static let hebrew = ScriptCode(rawValue: 19)
    public static let hiragana = ScriptCode(rawValue: 20)
    public static let katakana = ScriptCode(rawValue: 22)
    public static let latin = ScriptCode(rawValue: 25)
    public static let unknown = ScriptCode(rawValue: 103)

    /// Common (Zyyy) or Inherited (Zinh): characters that take the script of their neighbours.
    public var isCommonOrInherited: Bool { self == .common || self == .inherited }
}

/// A maximal stretch of text in one script, with UTF-16 offsets (NSRange semantics).
public struct ScriptRun: Sendable, Hashable {
    public var script: ScriptCode
    /// UTF-16 offset of the run's start.
    public var location: Int
    /// Length in UTF-16 code units.
    public var length: Int
    public var range: Range<Int> { location..<(location + length) }

    public init(script: ScriptCode, location: Int, length: Int) {
        self.script = script
        self.location = location
        self.length = length
    }

    /// The run without the spaces, punctuation and controls at its edges (which segmentation gives to the
    /// run before them): in "Москва Arc de Triomphe 東京" the Latin run {7, 16} trims to {7, 15}.
    /// Returns nil when nothing but such characters is left. `text` must be the segmented string.
    public func trimmed(in text: String) -> ScriptRun? {
        let utf16 = text.utf16
        guard location >= 0, length > 0, location + length <= utf16.count else { return nil }
        // Native strings keep UTF-16 breadcrumbs, so these offsets do not rescan the whole text.
        let start = String.Index(utf16Offset: location, in: text)
        let end = String.Index(utf16Offset: location + length, in: text)
        let scalars = text.unicodeScalars[start..<end]
        guard let first = scalars.firstIndex(where: { !Self.isEdgeFiller($0) }),
              let last = scalars.lastIndex(where: { !Self.isEdgeFiller($0) }) else { return nil }
        let lower = first.utf16Offset(in: text)
        let upper = scalars.index(after: last).utf16Offset(in: text)
        return ScriptRun(script: script, location: lower, length: upper - lower)
    }

    private static func isEdgeFiller(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}

/// Script properties of characters and script segmentation of text.
/// Thread safety: stateless; every function may be called from any thread.
public enum Scripts {
    /// The Script property: U+0041 → Latn, U+0640 TATWEEL → Zyyy (see `extensions(of:)`).
    public static func script(of scalar: Unicode.Scalar) -> ScriptCode {
        let value = Int(scalar.value)
        if value < 0x10000 {
            let code = bmpScripts[value]
            if code != Self.notInTable { return ScriptCode(rawValue: Int32(code)) }
        }
        return icuScript(of: scalar)
    }

    /// ICU's answer, without the table.
    static func icuScript(of scalar: Unicode.Scalar) -> ScriptCode {
        let code = la_script_of(Int32(bitPattern: scalar.value))
        return code >= 0 ? ScriptCode(rawValue: code) : .unknown
    }

    /// ICU's script of every BMP code point, asked once (64 KB): the script walks ask it of nearly
    /// every letter of every text. A code ICU might one day give beyond a byte is asked each time.
    private static let notInTable: UInt8 = .max
    private static let bmpScripts: [UInt8] = (0..<0x10000).map { value in
        let code = la_script_of(Int32(value))
        return code >= 0 && code < Int32(notInTable) ? UInt8(code) : notInTable
    }

    /// The Script_Extensions property: U+0640 → Arab, Syrc, Mand, …; a letter → its own script.
    public static func extensions(of scalar: Unicode.Scalar) -> [ScriptCode] {
        let codes = (try? ShimBuffer.int32s("script extensions", capacity: 16) {
            la_script_extensions(Int32(bitPattern: scalar.value), $0, $1, $2)
        }) ?? []
        return codes.isEmpty ? [script(of: scalar)] : codes.map(ScriptCode.init(rawValue:))
    }

    /// The language most likely spoken for text in a script (`und-<Script>` maximized): Latn → en,
    /// Cyrl → ru, Arab → ar, Hani → zh, Hira → ja, Hang → ko, Hebr → he, Grek → el.
    /// Nil when ICU has no likely language for the script.
    public static func speechLanguage(for script: ScriptCode) -> String? {
        speechLanguages.value(for: script) { likelyLanguage(for: $0) }
    }

    /// ICU's answer is the same for every text in a script: asked once per script and run.
    private static let speechLanguages = LockedCache<ScriptCode, String?>()

    private static func likelyLanguage(for script: ScriptCode) -> String? {
        let tag = "und-" + script.shortName
        guard let maximized = try? ShimBuffer.utf8("likely language of \(tag)", { la_locale_maximize(tag, $0, $1, $2) }),
              let language = maximized.split(separator: "-").first, language != "und" else { return nil }
        return String(language)
    }

    /// Splits text into script runs with UTF-16 offsets.
    ///
    /// - Common and Inherited characters (spaces, punctuation, digits, combining marks) join the run
    ///   before them; leading ones join the first real script. So separating spaces end up at the end of
    ///   the preceding run; use `ScriptRun.trimmed(in:)` for the letters only.
    /// - Script_Extensions are respected: a character continues a run when the run's script is among its
    ///   extensions (U+0640 TATWEEL inside Arabic stays Arabic; U+30FC continues Hiragana or Katakana).
    /// - A closing bracket takes the script of its opening bracket; when that differs from the current
    ///   run, the bracket starts a run of its own (as ICU's internal script-run iterator does).
    /// - Hiragana, Katakana and Han are separate scripts; callers may group them for Japanese.
    /// - Text of only Common/Inherited characters is one Common run.
    public static func runs(in text: String) -> [ScriptRun] {
        var segmenter = ScriptSegmenter()
        for scalar in text.unicodeScalars { segmenter.consume(scalar) }
        return segmenter.finish()
    }

    /// Merges neighbouring Han, Hiragana and Katakana runs into one Japanese (Jpan) run when the
    /// stretch contains kana; stretches of Han alone stay Han (they may well be Chinese).
    public static func groupingJapanese(_ runs: [ScriptRun]) -> [ScriptRun] {
        let japanese = ScriptCode(name: "Jpan") ?? .han
        let parts: Set<ScriptCode> = [.han, .hiragana, .katakana]
        var result: [ScriptRun] = []
        var index = 0
        while index < runs.count {
            var end = index
            while end + 1 < runs.count, parts.contains(runs[index].script), parts.contains(runs[end + 1].script),
                  runs[end].range.upperBound == runs[end + 1].location {
                end += 1
            }
            let stretch = runs[index...end]
            if end > index, stretch.contains(where: { $0.script != .han }) {
                result.append(ScriptRun(script: japanese, location: runs[index].location,
                                        length: runs[end].range.upperBound - runs[index].location))
            } else {
                result.append(contentsOf: stretch)
            }
            index = end + 1
        }
        return result
    }
}

/// Incremental script segmentation; see `Scripts.runs(in:)` for the rules.
private struct ScriptSegmenter {
    private struct OpenBracket {
        let closer: UInt32
        let runIndex: Int
    }

    /// The scripts a character may belong to.
    private enum Allowed {
        /// Common or Inherited with no narrower extensions: fits any run.
        case any
        case single(ScriptCode)
        /// Script_Extensions of a Common/Inherited character (U+0640 → Arab, Syrc, …).
        case several([ScriptCode])
    }

    private var finished: [ScriptRun] = []
    private var runStart = 0
    private var position = 0
    /// Scripts the current run may still be; empty while it holds only Common/Inherited characters.
    private var candidates: [ScriptCode] = []
    private var brackets: [OpenBracket] = []
    private static let bracketDepth = 32

    mutating func consume(_ scalar: Unicode.Scalar) {
        let width = scalar.utf16.count
        defer { position += width }
        let codePoint = Int32(bitPattern: scalar.value)
        let script = Scripts.script(of: scalar)
        var allowed = Allowed.single(script)
        if script.isCommonOrInherited {
            allowed = Self.extensions(of: codePoint)
            // Paired brackets are all Common, so only Common characters need the bracket lookup.
            switch la_bracket_type(codePoint) {
            case 1:
                if brackets.count == Self.bracketDepth { brackets.removeFirst() }
                brackets.append(OpenBracket(closer: UInt32(bitPattern: la_paired_bracket(codePoint)),
                                            runIndex: finished.count))
            case 2:
                if let index = brackets.lastIndex(where: { $0.closer == scalar.value }) {
                    let opener = brackets[index]
                    brackets.removeSubrange(index...)
                    // An opener in an earlier run decides; one in the current run changes nothing.
                    if opener.runIndex < finished.count { allowed = .single(finished[opener.runIndex].script) }
                }
            default:
                break
            }
        }
        switch allowed {
        case .any:
            break
        case .single(let only):
            if candidates.isEmpty {
                candidates = [only]
            } else if candidates.count == 1 {
                if candidates[0] != only { startRun(with: [only]) }
            } else if candidates.contains(only) {
                candidates = [only]
            } else {
                startRun(with: [only])
            }
        case .several(let scripts):
            if candidates.isEmpty {
                candidates = scripts
            } else {
                let common = candidates.filter(scripts.contains)
                if common.isEmpty { startRun(with: scripts) } else { candidates = common }
            }
        }
    }

    mutating func finish() -> [ScriptRun] {
        if position > runStart { closeRun() }
        return finished
    }

    private static func extensions(of codePoint: Int32) -> Allowed {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { buffer in
            var status: Int32 = 0
            let count = Int(la_script_extensions(codePoint, buffer.baseAddress!, 32, &status))
            guard status <= 0, count > 0 else { return .any }
            let scripts = buffer.prefix(min(count, 32)).map(ScriptCode.init(rawValue:))
            if scripts.allSatisfy(\.isCommonOrInherited) { return .any }
            return scripts.count == 1 ? .single(scripts[0]) : .several(scripts)
        }
    }

    private mutating func startRun(with scripts: [ScriptCode]) {
        closeRun()
        candidates = scripts
    }

    private mutating func closeRun() {
        // Several candidates left means only extension characters were seen (a lone U+30FC); take the
        // lowest ICU code so the answer is stable. None left means only Common/Inherited characters.
        let script = candidates.min { $0.rawValue < $1.rawValue } ?? .common
        finished.append(ScriptRun(script: script, location: runStart, length: position - runStart))
        runStart = position
        candidates = []
    }
}
