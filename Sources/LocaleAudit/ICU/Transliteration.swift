import CICUShim
import Foundation

/// An ICU transliterator (`utrans_openU`), such as "Hans-Hant".
///
/// Thread safety: ICU transliterators are not safe for concurrent use; every call takes an internal
/// lock, so one instance may be shared across threads (at the cost of serialising them).
public final class Transliteration: @unchecked Sendable {
    public let id: String
    private let handle: UnsafeMutableRawPointer
    private let lock = NSLock()

    public init(id: String) throws(ICUError) {
        var status: Int32 = 0
        let opened = la_translit_open(id, &status)
        try ICUError.check(status, "open transliterator '\(id)'")
        guard let opened else { throw ICUError(code: 1 /* U_ILLEGAL_ARGUMENT_ERROR */, operation: "open transliterator '\(id)'") }
        self.id = id
        self.handle = opened
    }

    deinit { la_translit_close(handle) }

    public func apply(_ text: String) throws(ICUError) -> String {
        let units = Array(text.utf16)
        lock.lock()
        defer { lock.unlock() }
        return try ShimBuffer.utf16("transliterate with '\(id)'", capacity: units.count * 2 + 16) { buffer, capacity, status in
            units.withUnsafeBufferPointer { la_translit_apply(handle, $0.baseAddress, Int32($0.count), buffer, capacity, status) }
        }
    }
}

/// Traditional-only and Simplified-only Chinese characters, found with ICU's Hans-Hant and Hant-Hans
/// transliterators one character at a time.
///
/// Thread safety: immutable apart from the transliterators, which lock; safe to share.
public final class ChineseScriptVariants: Sendable {
    private let toTraditional: Transliteration
    private let toSimplified: Transliteration

    public init() throws(ICUError) {
        toTraditional = try Transliteration(id: "Hans-Hant")
        toSimplified = try Transliteration(id: "Hant-Hans")
    }

    /// Han characters that have a different Simplified form (so they are Traditional-only), in order.
    /// "這個" → ["這", "個"]; "这个" → [].
    public func traditionalOnly(in text: String) throws(ICUError) -> [Unicode.Scalar] {
        try changed(in: text, by: toSimplified)
    }

    /// Han characters that have a different Traditional form (so they are Simplified-only), in order.
    public func simplifiedOnly(in text: String) throws(ICUError) -> [Unicode.Scalar] {
        try changed(in: text, by: toTraditional)
    }

    /// Whether a Han character has a different Simplified form (`toSimplified`) or Traditional form.
    public func hasOtherForm(_ scalar: Unicode.Scalar, toSimplified simplified: Bool) throws(ICUError) -> Bool {
        try otherForm(of: scalar, toSimplified: simplified) != String(Character(scalar))
    }

    /// A Han character as the transliterator writes it in Simplified (`toSimplified`) or Traditional script.
    public func otherForm(of scalar: Unicode.Scalar, toSimplified simplified: Bool) throws(ICUError) -> String {
        try (simplified ? toSimplified : toTraditional).apply(String(Character(scalar)))
    }

    private func changed(in text: String, by transliteration: Transliteration) throws(ICUError) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where Scripts.script(of: scalar) == .han {
            let single = String(Character(scalar))
            if try transliteration.apply(single) != single { found.append(scalar) }
        }
        return found
    }
}
