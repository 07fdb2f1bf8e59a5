/// Each locale's plain-text translations joined into one byte buffer, one text a line, ASCII letters
/// lower-cased: a rule that asks how a locale writes a word elsewhere searches the buffer instead of
/// building a vocabulary. A buffer is built on first use and kept for the rule's run.
struct LocaleTextBuffers {
    private var buffers: [Int32: [UInt8]] = [:]
    private var lowercased: [Int32: [UInt8]] = [:]

    /// The same texts with every letter lower-cased (not only ASCII), for words compared in lower
    /// case: built once per locale, on first use.
    mutating func lowercasedTexts(of locale: Int32, in index: ProjectIndex) -> [UInt8] {
        if let buffer = lowercased[locale] { return buffer }
        let buffer = Array(String(decoding: texts(of: locale, in: index), as: UTF8.self).lowercased().utf8)
        lowercased[locale] = buffer
        return buffer
    }

    mutating func texts(of locale: Int32, in index: ProjectIndex) -> [UInt8] {
        if let buffer = buffers[locale] { return buffer }
        var buffer: [UInt8] = []
        for set in index.tableSets {
            for tables in set.translations where tables.localeID == locale {
                for entry in tables.orderedEntries {
                    guard case .text(let text) = entry.value else { continue }
                    // Copied as a block: appending a UTF-8 view goes byte by byte.
                    text.withUTF8Bytes { buffer.append(contentsOf: $0) }
                    buffer.append(0x0A)
                }
            }
        }
        for k in buffer.indices where buffer[k] >= 0x41 && buffer[k] <= 0x5A { buffer[k] |= 0x20 }
        buffers[locale] = buffer
        return buffer
    }
}
