import CICUShim

/// Versions of the ICU library and data the audit runs on, for messages such as
/// "CLDR 42 (ICU 72.1)". Thread safety: values computed once; safe from any thread.
public enum ICUInfo {
    /// ICU's version, such as "72.1".
    public static let icuVersion: String = versionString(la_icu_version)
    /// The Unicode version ICU implements, such as "15.0".
    public static let unicodeVersion: String = versionString(la_unicode_version)
    /// The CLDR version of ICU's locale data, such as "42.0"; empty if ICU cannot tell.
    public static let cldrVersion: String = versionString(la_cldr_version)

    /// ICU's ISO 639 language codes, two- and three-letter ("aa", "ab", …, "zza").
    public static let isoLanguages: [String] = {
        var codes: [String] = []
        while let code = la_iso_language(Int32(codes.count)) { codes.append(String(cString: code)) }
        return codes
    }()

    /// "CLDR 42 (ICU 72.1)": the provenance to cite in findings that rest on CLDR data.
    public static var dataSummary: String {
        let cldr = cldrVersion.hasSuffix(".0") ? String(cldrVersion.dropLast(2)) : cldrVersion
        return "CLDR \(cldr) (ICU \(icuVersion))"
    }

    private static func versionString(_ read: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        // A negative result is a negated ICU error (see la_cldr_version); there is no version to show.
        let length = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, 32) }
        guard length >= 0 else { return "" }
        return String(decoding: buffer.prefix(Int(min(length, 31))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
