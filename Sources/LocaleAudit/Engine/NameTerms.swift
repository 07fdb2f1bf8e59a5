/// Names that localized interfaces keep as they are: the app's own name, Apple's platform terms and
/// configured never-tag terms. WCAG 3.1.2 exempts proper names and technical terms from Language of
/// Parts, and a name written in Latin letters inside an Arabic or Russian string is no defect, so the
/// script rules (`wrong-script`, `language-of-parts`, `rtl-no-rtl-text`) and `untranslated` leave
/// them out. Thread safety: immutable after init.
public struct NameTerms: Sendable {
    /// Info.plist keys that hold the app's name.
    public static let appNameKeys: Set<String> = ["CFBundleName", "CFBundleDisplayName"]
    /// Strings that may stay as the developer wrote them in any language: the app's name, and the
    /// copyright notice (a legal text with a person's or company's name, often kept in English).
    public static let keptAsWrittenKeys: Set<String> = appNameKeys.union(["NSHumanReadableCopyright"])
    /// The UTF-8 lengths of `keptAsWrittenKeys`, one bit each: most keys are ruled out without hashing.
    private static let keptAsWrittenLengths: UInt64 = keptAsWrittenKeys.reduce(0) { $0 | 1 << UInt64($1.utf8.count & 63) }

    /// `keptAsWrittenKeys.contains(key)`, asked of every key by several rules. The keys are ASCII,
    /// which no other spelling equals, so a key of another length is not one of them.
    public static func isKeptAsWritten(_ key: String) -> Bool {
        let length = key.utf8.count
        guard length < 64, keptAsWrittenLengths & (1 << UInt64(length)) != 0 else { return false }
        return keptAsWrittenKeys.contains(key)
    }

    /// Apple platform and product names that localized Apple interfaces use untranslated. Terms that
    /// Apple translates in some languages (Keychain, Shortcuts, Control Center) are not here.
    public static let platformTerms: [String] = [
        // Apple's own Chinese, Japanese and Korean interfaces write "App" ("App 资源库", "Appを削除").
        "App", "Apps", "App Store", "Mac App Store", "AirDrop", "AirPlay", "AirPods", "AirTag", "Apple", "Apple Account", "Apple ID",
        "Apple Maps", "Apple Music", "Apple Pay", "Apple Pencil", "Apple TV", "Apple Vision Pro", "Apple Watch",
        "CarPlay", "Dock", "Face ID", "FaceTime", "Finder", "Game Center", "Handoff", "HealthKit", "HomeKit",
        "HomePod", "iCloud", "iCloud Drive", "iMac", "iMessage", "iOS", "iPad", "iPadOS", "iPhone", "iPod",
        "Launchpad", "Mac", "MacBook", "macOS", "Mission Control", "Optic ID", "Safari", "SharePlay", "Sidecar",
        "Siri", "Spotlight", "TestFlight", "Time Machine", "Touch ID", "tvOS", "VoiceOver", "visionOS", "watchOS",
        "Wi-Fi", "Bluetooth", "Xcode",
    ]

    /// UTF-8 of every term, ASCII letters lowercased, longest first so "iCloud Drive" wins over "iCloud".
    private let terms: [[UInt8]]
    /// Per term, its byte pairs without a space as `BytePairs` bits: a text lacking one cannot hold it.
    private let termPairs: [[Int]]

    public init(configured: [String] = [], appNames: [String] = []) {
        var seen = Set<[UInt8]>()
        var all: [[UInt8]] = []
        for term in Self.platformTerms + configured + appNames {
            // ASCII case only, as in `mask`: names in other scripts match as written.
            let bytes = ByteSearch.asciiLowercased(term)
            guard !bytes.isEmpty, seen.insert(bytes).inserted else { continue }
            all.append(bytes)
        }
        self.init(sorting: all)
    }

    /// These terms and the others' (several apps' names, for a report over all of them).
    func merging(_ others: [NameTerms]) -> NameTerms {
        var seen = Set(terms)
        return NameTerms(sorting: terms + others.flatMap(\.terms).filter { seen.insert($0).inserted })
    }

    private init(sorting all: [[UInt8]]) {
        terms = all.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        termPairs = terms.map(BytePairs.bits(ofPairsWithoutSpaceIn:))
    }

    /// The terms of a project: the app's names from every locale's InfoPlist table, plus configured ones.
    public init(index: ProjectIndex, configured: [String]) {
        var names: [String] = []
        for set in index.tableSets where set.id.name == "InfoPlist" {
            for tables in [set.source].compactMap({ $0 }) + set.translations {
                for key in Self.appNameKeys {
                    if let text = tables.entries[key]?.value.plainText, !text.isEmpty { names.append(text) }
                }
            }
        }
        self.init(configured: configured, appNames: names)
    }

    /// `text` with every whole-word occurrence of a term replaced by spaces (same UTF-8 length, so the
    /// remaining words keep their places).
    public func masking(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard mask(&bytes) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when every letter of `text` belongs to a term: the text is a name (or a list of names).
    public func covers(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        guard mask(&bytes) else { return false }
        // What is left may be an acronym beside the name ("VPN DuckDuckGo"): every voice spells those.
        let rest = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return rest.allSatisfy { word in word.count <= 5 && word.allSatisfy { $0.isUppercase || $0.isNumber } }
    }

    /// Blanks term occurrences in place; false when there was none.
    private func mask(_ bytes: inout [UInt8]) -> Bool {
        var lower = bytes
        ByteSearch.lowercaseASCII(&lower)
        // Each text is asked about a hundred and more terms: the byte pairs it holds rule most out
        // without a search. Masking only writes spaces, so a pair without a space that a masked
        // text holds, the text held before: the pairs are taken once, before any masking.
        let pairs = BytePairs(lower)
        var found = false
        for (term, termPairs) in zip(terms, termPairs) where term.count <= lower.count && pairs.holdsAll(termPairs) {
            for at in Self.wholeWordOffsets(of: term, in: lower) {
                for k in at..<(at + term.count) { lower[k] = 0x20; bytes[k] = 0x20 }
                found = true
            }
        }
        return found
    }

    /// Where `word` stands in `text` as a whole word (case as given), by byte offset.
    static func wholeWordOffsets(of word: [UInt8], in text: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var start = 0
        word.withUnsafeBufferPointer { needle in
            text.withUnsafeBufferPointer { hay in
                while start + needle.count <= hay.count,
                      let hit = ByteSearch.firstOffset(of: needle, in: UnsafeBufferPointer(rebasing: hay[start...])) {
                    let at = hit + start
                    if isBoundary(text, before: at) && isBoundary(text, after: at + needle.count) { offsets.append(at) }
                    start = at + 1
                }
            }
        }
        return offsets
    }

    /// Whether `word` stands in `text` as a whole word, case-sensitively.
    static func containsWord(_ word: [UInt8], in text: [UInt8]) -> Bool {
        !wholeWordOffsets(of: word, in: text).isEmpty
    }

    /// A term starts a word when the byte before it is not an ASCII letter or digit and does not
    /// continue a multi-byte letter of the same word ("iPhone" is not inside "xiPhone"; "Safari" ends
    /// at "»" or "-ის"). Non-ASCII neighbours count as boundaries: names often touch the letters of
    /// another script ("Safariで", "CotEditor创建").
    private static func isBoundary(_ bytes: [UInt8], before index: Int) -> Bool {
        index == 0 || !isASCIIWordByte(bytes[index - 1])
    }

    private static func isBoundary(_ bytes: [UInt8], after index: Int) -> Bool {
        index >= bytes.count || !isASCIIWordByte(bytes[index])
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }
}


/// Which adjacent byte pairs a text holds, as a 1,024-bit filter: no false "absent", some false
/// "present". Asking whether a term may occur costs a few bit tests instead of a substring search.
struct BytePairs {
    private var words = [UInt64](repeating: 0, count: 16)

    init(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        for k in 1..<bytes.count {
            let bit = Self.bit(bytes[k - 1], bytes[k])
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// The filter bit of the pair (a, b).
    static func bit(_ a: UInt8, _ b: UInt8) -> Int {
        Int(((UInt32(a) << 8 | UInt32(b)) &* 0x9E37_79B1) >> 22)
    }

    /// The bits of the pairs of `bytes` in which neither byte is a space (those are the pairs a text
    /// keeps through masking; see `NameTerms.mask`).
    static func bits(ofPairsWithoutSpaceIn bytes: [UInt8]) -> [Int] {
        guard bytes.count >= 2 else { return [] }
        var bits: [Int] = []
        for k in 1..<bytes.count where bytes[k - 1] != 0x20 && bytes[k] != 0x20 {
            let bit = bit(bytes[k - 1], bytes[k])
            if !bits.contains(bit) { bits.append(bit) }
        }
        return bits
    }

    func holdsAll(_ bits: [Int]) -> Bool {
        for bit in bits where words[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return false }
        return true
    }
}
