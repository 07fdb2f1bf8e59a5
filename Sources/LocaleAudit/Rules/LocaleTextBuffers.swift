/// Each locale's plain-text translations joined into one byte buffer, one text a line, ASCII letters
/// lower-cased: a rule that asks how a locale writes a word elsewhere searches the buffer instead of
/// building a vocabulary. A buffer is built on first use and shared by every rule of the run
/// (`RuleContext.localeTexts`): three rules ask, two of them at once.
final class LocaleTextBuffers: RuleCache {
    private let index: ProjectIndex
    private let buffers = LockedCache<Int32, [UInt8]>()
    private let lowercased = LockedCache<Int32, [UInt8]>()

    init(index: ProjectIndex) { self.index = index }

    func forget() {
        buffers.forget()
        lowercased.forget()
    }

    /// The same texts with every letter lower-cased (not only ASCII), for words compared in lower
    /// case: built once per locale, on first use.
    func lowercasedTexts(of locale: Int32) -> [UInt8] {
        lowercased.value(for: locale) { Array(String(decoding: texts(of: $0), as: UTF8.self).lowercased().utf8) }
    }

    func texts(of locale: Int32) -> [UInt8] {
        buffers.value(for: locale) { locale in
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
            ByteSearch.lowercaseASCII(&buffer)
            return buffer
        }
    }
}
