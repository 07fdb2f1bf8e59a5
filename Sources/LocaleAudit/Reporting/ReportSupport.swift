/// Facts several reporters share: locale display data, stable fingerprints and path-to-URI
/// conversion. (Translation coverage is the engine's: `Coverage`.)

/// A locale as reports show it: a BCP 47 tag for `lang` attributes, names, and direction.
struct LocaleDisplay {
    var identifier: String
    /// The tag for `lang`/`xml:lang` (underscores become hyphens).
    var tag: String
    var englishName: String?
    var nativeName: String?
    var isRightToLeft: Bool

    init(_ identifier: String) {
        self.identifier = identifier
        let parsed = try? LanguageTag(identifier, options: .allowUnderscores)
        let tag = parsed?.hyphenated ?? identifier.replacingOccurrences(of: "_", with: "-")
        self.tag = tag
        // ICU answers an unknown code with the code itself: not a name worth showing.
        func useful(_ name: String?) -> String? {
            guard let name, !name.isEmpty, name.lowercased() != tag.lowercased(), name != identifier else { return nil }
            return name
        }
        let english = useful(try? parsed?.englishDisplayName)
        let native = useful(try? parsed?.displayName(in: tag))
        englishName = english
        nativeName = native == english ? nil : native
        isRightToLeft = parsed?.isRightToLeft ?? false
    }

    /// "German (de)", or just the identifier when ICU has no name for it.
    var label: String { englishName.map { "\($0) (\(identifier))" } ?? identifier }
}

enum ReportText {
    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs, machines and Swift versions (unlike
    /// `Hasher`, which is seeded per process).
    static func fingerprint(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (i, part) in parts.enumerated() {
            if i > 0 { hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01B3 } // unit separator between parts
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The path relative to `base` when it lies inside it, else unchanged.
    static func relativePath(_ path: String, base: String?) -> String {
        guard let base, !base.isEmpty, path.hasPrefix("/") else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A URI reference for a path: relative paths stay relative, absolute ones become `file://` URIs;
    /// every byte outside RFC 3986's unreserved set (and `/`) is percent-encoded.
    static func uri(forPath path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        let hex: [Character] = Array("0123456789ABCDEF")
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                out.append("%"); out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// Invisible and direction-changing characters a translator cannot see, with short visible names.
    static let invisibleNames: [UInt32: (short: String, name: String)] = [
        0x200E: ("LRM", "LEFT-TO-RIGHT MARK"), 0x200F: ("RLM", "RIGHT-TO-LEFT MARK"), 0x061C: ("ALM", "ARABIC LETTER MARK"),
        0x202A: ("LRE", "LEFT-TO-RIGHT EMBEDDING"), 0x202B: ("RLE", "RIGHT-TO-LEFT EMBEDDING"),
        0x202C: ("PDF", "POP DIRECTIONAL FORMATTING"), 0x202D: ("LRO", "LEFT-TO-RIGHT OVERRIDE"),
        0x202E: ("RLO", "RIGHT-TO-LEFT OVERRIDE"), 0x2066: ("LRI", "LEFT-TO-RIGHT ISOLATE"),
        0x2067: ("RLI", "RIGHT-TO-LEFT ISOLATE"), 0x2068: ("FSI", "FIRST STRONG ISOLATE"),
        0x2069: ("PDI", "POP DIRECTIONAL ISOLATE"), 0x200B: ("ZWSP", "ZERO WIDTH SPACE"),
        0x200C: ("ZWNJ", "ZERO WIDTH NON-JOINER"), 0x200D: ("ZWJ", "ZERO WIDTH JOINER"),
        0x2060: ("WJ", "WORD JOINER"), 0xFEFF: ("BOM", "ZERO WIDTH NO-BREAK SPACE"), 0x00AD: ("SHY", "SOFT HYPHEN"),
        0x00A0: ("NBSP", "NO-BREAK SPACE"), 0x202F: ("NNBSP", "NARROW NO-BREAK SPACE"),
    ]
}
