/// The text of one `<source>` or `<target>` (or a 2.x segment), with its inline codes.
///
/// Representation of inline elements (both XLIFF versions):
/// - Codes that carry native data as content (1.2 `ph`, `bpt`, `ept`, `it`, `sub`) keep that content
///   in the text: for Xcode exports it is usually a format specifier, which the format checks must see.
/// - Empty codes (1.2 `x`, `bx`, `ex`; 2.x `ph`, `sc`, `ec`) become U+FFFC OBJECT REPLACEMENT CHARACTER:
///   one visible scalar that is never part of a format specifier.
/// - Wrappers (1.2 `g`, `mrk`; 2.x `pc`, `mrk`) are transparent: their content is the text.
/// - 2.x `sm`/`em` mark a span and add nothing; 2.x `cp` becomes its character.
/// - Every code is also recorded as `element:id:start:length` (offsets in Unicode scalars of the text),
///   joined with `;` in `Entry.attributes["inline"]`.
struct XLIFFContent {
    static let placeholderScalar: Character = "\u{FFFC}"

    var text = ""
    /// Scalars in `text`, counted only when a code needs an offset: plain text never pays for it.
    private var countedScalars = 0
    private var countedUTF8 = 0
    var scalarCount: Int {
        mutating get {
            let utf8 = text.utf8
            if countedUTF8 < utf8.count {
                var added = 0
                for byte in utf8[utf8.index(utf8.startIndex, offsetBy: countedUTF8)...] where byte & 0xC0 != 0x80 { added += 1 }
                countedScalars += added
                countedUTF8 = utf8.count
            }
            return countedScalars
        }
    }
    /// Where the first character (or inline code) is; nil for empty content.
    var firstLocation: SourceLocation?
    var codes: [String] = []
    /// Whitespace is kept as written (`xml:space="preserve"`); otherwise runs collapse to one space,
    /// which `xml:space="default"` allows. In 1.2, leading and trailing whitespace is dropped too; in
    /// 2.x it is kept (as one space), since segments and ignorables are joined into one text.
    let preserveSpace: Bool
    let trimsEnds: Bool
    private var pendingSpace = false

    init(preserveSpace: Bool, trimsEnds: Bool = true) {
        self.preserveSpace = preserveSpace
        self.trimsEnds = trimsEnds
    }

    /// Emits the space a trailing whitespace run left pending (2.x only).
    mutating func finish() {
        if !trimsEnds { flushSpace() }
    }

    mutating func appendText(_ piece: String, at location: SourceLocation) {
        if piece.isEmpty { return }
        if preserveSpace {
            if firstLocation == nil { firstLocation = location }
            text += piece
            return
        }
        for scalar in piece.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                if !text.isEmpty || !trimsEnds { pendingSpace = true }
                continue
            }
            if firstLocation == nil { firstLocation = location }
            flushSpace()
            text.unicodeScalars.append(scalar)
        }
    }

    /// One space for a pending whitespace run. A run that a transparent code splits (the indentation
    /// before `<pc>` and the indentation inside it) is still one run: no second space follows a space.
    private mutating func flushSpace() {
        if pendingSpace {
            if text.utf8.last != UInt8(ascii: " ") { text += " " }
            pendingSpace = false
        }
    }

    /// Starts a code; returns the offset where its content begins (for `endCode`).
    /// A placeholder is visible, so whitespace before it is written before it even at the start of a
    /// 2.x text (whose ends keep one space); a wrapper at the start leaves that space to its content.
    mutating func beginCode(at location: SourceLocation, isPlaceholder: Bool = false) -> Int {
        if firstLocation == nil { firstLocation = location }
        if !preserveSpace && (!text.isEmpty || isPlaceholder) { flushSpace() }
        return scalarCount
    }

    mutating func endCode(_ element: String, id: String?, start: Int) {
        codes.append("\(element):\(id ?? ""):\(start):\(scalarCount - start)")
    }

    mutating func appendPlaceholder(_ element: String, id: String?, at location: SourceLocation) {
        let start = beginCode(at: location, isPlaceholder: true)
        text.append(Self.placeholderScalar)
        endCode(element, id: id, start: start)
    }

    mutating func append(_ other: XLIFFContent) {
        if other.text.isEmpty && other.codes.isEmpty { return }
        if firstLocation == nil { firstLocation = other.firstLocation }
        let offset = other.codes.isEmpty ? 0 : scalarCount
        for code in other.codes {
            // Shift the start offset of each code: `element:id:start:length`.
            var parts = code.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if parts.count >= 4, let start = Int(parts[parts.count - 2]) {
                parts[parts.count - 2] = String(start + offset)
                codes.append(parts.joined(separator: ":"))
            }
        }
        text += other.text
    }

    var inlineAttribute: String? { codes.isEmpty ? nil : codes.joined(separator: ";") }
}

/// Effective `xml:space` of an element: its own attribute, else the inherited one.
@inline(__always)
func xmlSpacePreserve(_ element: XMLStartElement, inherited: Bool) -> Bool {
    guard let value = element.value(of: "space", namespace: XMLTokenizer.xmlNamespace) else { return inherited }
    return value == "preserve"
}

/// XLIFF files name their tables by the file they were extracted from (`original`).
enum XLIFFTableNaming {
    /// `en.lproj/Localizable.strings` → `Localizable`; `Base.lproj/Main.storyboard` → `Main`;
    /// `Localizable.xcstrings` → `Localizable`; `Info.plist` and `InfoPlist.strings` → `InfoPlist`.
    static func tableName(original: String) -> String {
        let file = original.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? original
        if file == "Info.plist" { return "InfoPlist" }
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }

    /// `"xliff:"` + the folder part of `original` without `*.lproj` components, so that per-locale
    /// files with the same `original` (and `en.lproj` vs `de.lproj` spellings of it) share tables.
    static func scope(original: String) -> String {
        var components = original.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        components.removeAll { $0.hasSuffix(".lproj") }
        return "xliff:" + components.joined(separator: "/")
    }

    /// The scope of a `<file>` without `original`, which only the XLIFF file holding it identifies: its
    /// path with the names that give its locale (`fr.xlf`, `fr/app.xlf`, `fr.lproj/`) blanked, so
    /// that one export per locale still shares its tables and two unrelated files (test cases that
    /// all say `<file id="f1">`) do not.
    static func scope(fileWithoutOriginal path: String) -> String {
        var components = path.parts(separatedBy: UInt8(ascii: "/")).map(String.init)
        for locale in PathLocale.locales(path: path, lprojLocale: nil) {
            switch locale.place {
            case .fileName:
                let name = components[components.count - 1]
                components[components.count - 1] = "*" + (name.lastIndex(of: ".").map { String(name[$0...]) } ?? "")
            case .parentFolder: components[components.count - 2] = "*"
            case .lprojFolder: break
            }
        }
        return "xliff-file:" + components.map { $0.hasSuffix(".lproj") ? "*.lproj" : $0 }.joined(separator: "/")
    }
}

/// Translation states of both XLIFF versions, and how bad each is (for an entry made of several units).
enum XLIFFStates {
    static func meaning12(_ raw: String) -> TranslationState {
        switch raw {
        case "new": return TranslationState(raw: raw, meaning: .new)
        case "needs-translation": return TranslationState(raw: raw, meaning: .needsTranslation)
        case "needs-review-translation", "needs-review-l10n", "needs-adaptation", "needs-l10n", "needs-review-adaptation":
            return TranslationState(raw: raw, meaning: .needsReview)
        case "translated": return TranslationState(raw: raw, meaning: .translated)
        case "final", "signed-off": return TranslationState(raw: raw, meaning: .final)
        default: return TranslationState(raw: raw, meaning: .other)
        }
    }

    static let values12: Set<String> = [
        "new", "needs-translation", "needs-review-translation", "needs-review-l10n", "needs-adaptation", "needs-l10n",
        "needs-review-adaptation", "translated", "final", "signed-off",
    ]

    /// 2.x: `reviewed` is the reviewed-and-approved state, like 1.2's `signed-off`.
    static func meaning2(_ raw: String) -> TranslationState {
        switch raw {
        case "initial": return TranslationState(raw: raw, meaning: .new)
        case "translated": return TranslationState(raw: raw, meaning: .translated)
        case "reviewed", "final": return TranslationState(raw: raw, meaning: .final)
        default: return TranslationState(raw: raw, meaning: .other)
        }
    }

    static func rank(_ meaning: TranslationState.Meaning) -> Int {
        switch meaning {
        case .translated, .final: return 0
        case .other: return 1
        case .stale: return 2
        case .needsReview: return 3
        case .new, .needsTranslation: return 4
        }
    }

    static func worst(_ states: [TranslationState]) -> TranslationState? {
        var worst: TranslationState? = nil
        for state in states where worst == nil || rank(state.meaning) > rank(worst!.meaning) { worst = state }
        return worst
    }
}
