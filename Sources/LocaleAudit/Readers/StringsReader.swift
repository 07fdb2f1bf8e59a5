import Foundation

/// Reads Apple `.strings` files: text in any encoding `TextDecoding` handles, scanned by a byte-level
/// scanner that keeps locations, comments and duplicates; or a binary property list (`bplist00`, as in
/// built app bundles), read through Foundation.
///
/// Reading choices worth knowing:
/// - `Entry.location` is the start of the key, `Entry.valueLocation` the start of the value (nil for
///   the `"key";` shorthand, whose value is the key).
/// - `Entry.comment` is the last comment before the entry, trimmed; a comment that starts on the line
///   where the previous entry ended trails that entry and is not attached to the next one.
/// - Octal escapes above `\177` are NeXTSTEP bytes to Apple; they are read as Latin-1 and reported
///   as a warning.
/// - Duplicate keys are all kept, and each repeat is reported with a note at the first definition.
public enum StringsReader: CatalogReader {
    public static var format: CatalogFormat { .strings }

    public static func read(_ bytes: [UInt8], context: ReadContext) -> ReadResult {
        var entries: [Entry]
        var findings: [Finding]
        if isBinaryPropertyList(bytes) {
            (entries, findings) = readBinaryPropertyList(bytes, path: context.path)
        } else {
            let decoded = TextDecoding.decode(bytes, path: context.path)
            findings = decoded.findings
            let scanned = decoded.utf8.withUnsafeBufferPointer { buffer in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(buffer.count, 1)) { scratch in
                    var scanner = StringsScanner(buffer, scratch: scratch, path: context.path)
                    scanner.scan()
                    return (scanner.entries, scanner.findings)
                }
            }
            entries = scanned.0
            findings += scanned.1
        }
        for index in findings.indices {
            findings[index].locale = context.locale
            findings[index].table = context.table
        }
        findings.sort(by: Finding.stableOrder)
        let table = LocalizedTable(name: context.table, locale: context.locale, path: context.path,
                                   format: .strings, entries: entries)
        return ReadResult(tables: [table], findings: findings)
    }

    static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0..<8].elementsEqual("bplist00".utf8)
    }

    /// A binary plist has no lines: every entry is located at 1:1. Keys come out sorted, because the
    /// dictionary's order is not the file's.
    static func readBinaryPropertyList(_ bytes: [UInt8], path: String) -> ([Entry], [Finding]) {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            return ([], [Finding(ruleID: ReaderRule.syntax, severity: .error,
                                 message: "malformed binary property list: expected a dictionary of strings (\(error.localizedDescription))",
                                 location: start)])
        }
        guard let dictionary = root as? [String: Any] else {
            return ([], [Finding(ruleID: ReaderRule.syntax, severity: .error,
                                 message: "binary property list is not a dictionary with string keys: expected a dictionary of strings",
                                 location: start)])
        }
        var entries: [Entry] = []
        var findings: [Finding] = []
        for key in dictionary.keys.sorted() {
            if let value = dictionary[key] as? String {
                entries.append(Entry(key: key, value: .text(value), location: start, valueLocation: start))
            } else {
                findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                        message: "value of key \"\(key)\" is not a string: expected a string value",
                                        location: start, key: key))
            }
        }
        return (entries, findings)
    }
}
