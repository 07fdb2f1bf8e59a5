/// Each locale's plain-text translations joined into one byte buffer, one text a line, ASCII letters
/// lower-cased: a rule that asks how a locale writes a word elsewhere searches the buffer instead of
/// building a vocabulary. A buffer is built on first use and kept for the rule's run.
struct LocaleTextBuffers {
    private var buffers: [Int32: [UInt8]] = [:]

    mutating func texts(of locale: Int32, in index: ProjectIndex) -> [UInt8] {
        if let buffer = buffers[locale] { return buffer }
        var buffer: [UInt8] = []
        for set in index.tableSets {
            for tables in set.translations where tables.localeID == locale {
                for entry in tables.orderedEntries {
                    guard case .text(let text) = entry.value else { continue }
                    buffer += text.utf8
                    buffer.append(0x0A)
                }
            }
        }
        for k in buffer.indices where buffer[k] >= 0x41 && buffer[k] <= 0x5A { buffer[k] |= 0x20 }
        buffers[locale] = buffer
        return buffer
    }
}
