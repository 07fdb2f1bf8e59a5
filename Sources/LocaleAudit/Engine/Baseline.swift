import Foundation

/// Today's findings, recorded so a gate can fail only on new ones. An entry is keyed on what was
/// found, not where: the path relative to the checked folder, the rule, the locale, the key and the
/// message with positions blanked out. Edits elsewhere in a file and other checkouts keep it valid.
public struct Baseline: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        public var path: String
        public var rule: String
        public var locale: String
        public var key: String
        public var message: String
        public static func < (a: Key, b: Key) -> Bool {
            (a.path, a.rule, a.locale, a.key, a.message) < (b.path, b.rule, b.locale, b.key, b.message)
        }
    }

    /// How many findings share each key (a multiset: two identical findings need two entries).
    public var counts: [Key: Int]

    public static let version = 1

    public init(findings: [Finding], roots: [String]) {
        counts = [:]
        for finding in findings { counts[Baseline.key(for: finding, roots: roots), default: 0] += 1 }
    }

    public init(counts: [Key: Int]) { self.counts = counts }

    public var entryCount: Int { counts.values.reduce(0, +) }

    public static func key(for finding: Finding, roots: [String]) -> Key {
        Key(path: relativePath(finding.location?.file ?? "", roots: roots), rule: finding.ruleID,
            locale: finding.locale ?? "", key: finding.key ?? "", message: blankPositions(finding.message))
    }

    /// The path relative to the checked folder that holds it (the first, if several do).
    static func relativePath(_ path: String, roots: [String]) -> String {
        for root in roots {
            let relative = PathRelativity.relative(path, to: root)
            if relative != path || root == "." { return relative }
        }
        return path
    }

    /// "first defined at 8:1", "line 12", "offset 9" → "#": messages that cite positions would
    /// otherwise change whenever lines move.
    static func blankPositions(_ message: String) -> String {
        var out = ""
        var digits = false
        for character in message {
            if character.isASCII && character.isNumber {
                if !digits { out.append("#") }
                digits = true
            } else {
                digits = false
                out.append(character)
            }
        }
        return out
    }

    public struct Comparison: Sendable {
        /// Findings not in the baseline: what the gate looks at.
        public var new: [Finding]
        /// Findings the baseline accounts for.
        public var known: Int
        /// Baseline entries no finding matched any more: problems fixed since.
        public var fixed: Int
    }

    public func compare(_ findings: [Finding], roots: [String]) -> Comparison {
        var remaining = counts
        var new: [Finding] = []
        var known = 0
        for finding in findings {
            let key = Baseline.key(for: finding, roots: roots)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                known += 1
            } else {
                new.append(finding)
            }
        }
        return Comparison(new: new, known: known, fixed: remaining.values.reduce(0, +))
    }

    // MARK: File format: JSON, sorted, one entry per distinct key with its count.

    public func serialized() -> String {
        var json = JSONWriter()
        json.object { json in
            json.member("version", Baseline.version)
            json.member("tool", "locale-audit \(LocaleAuditVersion.string)")
            json.key("entries")
            json.arrayValue { json in
                for key in counts.keys.sorted() {
                    json.objectValue { json in
                        json.member("path", key.path)
                        json.member("rule", key.rule)
                        json.member("locale", key.locale)
                        json.member("key", key.key)
                        json.member("message", key.message)
                        json.member("count", counts[key]!)
                    }
                }
            }
        }
        return json.output + "\n"
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func load(from path: String) throws(LoadError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(description: "cannot read baseline '\(path)'")
        }
        let decoded = TextDecoding.decode(Array(data), path: path)
        let parsed = JSONParser.parse(decoded.utf8, file: path)
        guard parsed.findings.isEmpty, let root = parsed.root else {
            throw LoadError(description: "baseline '\(path)' is not valid JSON: \(parsed.findings.first?.message ?? "empty")")
        }
        guard root["version"]?.numberValue?.intValue == version, let entries = root["entries"]?.elements else {
            throw LoadError(description: "baseline '\(path)' is not a locale-audit baseline of version \(version)")
        }
        var counts: [Key: Int] = [:]
        for entry in entries {
            guard let path = entry["path"]?.stringValue, let rule = entry["rule"]?.stringValue,
                  let locale = entry["locale"]?.stringValue, let key = entry["key"]?.stringValue,
                  let message = entry["message"]?.stringValue else {
                throw LoadError(description: "baseline '\(path)': an entry at \(entry.location) lacks path, rule, locale, key or message")
            }
            counts[Key(path: path, rule: rule, locale: locale, key: key, message: message), default: 0]
                += entry["count"]?.numberValue?.intValue ?? 1
        }
        return Baseline(counts: counts)
    }
}
