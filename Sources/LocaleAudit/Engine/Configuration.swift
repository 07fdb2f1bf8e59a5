import Foundation
import Yams

/// `.locale-audit.yml`: what a project tells locale-audit about itself. Every key is typed and
/// checked; an unknown key or a bad value is an error naming the key and its line, so a typo never
/// silently disables a check.
///
/// ```yaml
/// source-language: en
/// include: ["App/**"]
/// exclude: ["**/Generated/**"]
/// fail-on: warning
/// max-file-size: 64M
/// skip-locales: [qqq]
/// apps: ["apps/*"]                  # folders that are apps of their own (`--apps`)
/// rules:
///   untranslated: note
///   plural-unused-category: off
/// accessibility:
///   key-patterns: [a11y, accessibility, voiceover]
/// consistency:
///   ignore-keys: ["debug.*"]
///   ignore-texts: ["OK"]
///   comments-as-context: true
/// coverage:
///   complete-at: 90                  # percent; below it a locale is partial…
///   fold-at-least: 10                # …when it lacks at least this many strings
///   required: [de, fr]               # must reach complete-at (error otherwise)
///   min: 50                          # every locale must reach this (error otherwise)
/// length-limits:                     # key glob (or Table.key glob): most characters a value may have
///   "AppStore.*.subtitle": 30
/// length-placeholder-width: 1         # characters one placeholder (%@, %d) counts as in length-limit
/// terms:
///   do-not-translate: [Bookshelf]
///   never-tag: [DuckDuckGo]
///   languages:
///     "Arc de Triomphe": fr-FR
/// locale-copy:
///   share: 60                        # percent of the strings two locales both translate…
///   min-keys: 20                     # …of at least this many, equal: one holds the other's text
/// ```
public struct Configuration: Sendable, Equatable {
    public var sourceLanguage: String?
    public var include: [String] = []
    public var exclude: [String] = []
    public var failOn: Severity?
    public var maxFileSize: Int?
    public var skipLocales: [String] = []
    /// Globs over folders, from each folder checked, that are apps of their own (`--apps`).
    public var apps: [String] = []
    /// Rule id → severity, or nil for `off`.
    public var ruleSeverities: [String: Severity?] = [:]
    public var accessibilityKeyPatterns: [String]?
    public var doNotTranslate: [String] = []
    public var neverTag: [String] = []
    /// Keys (globs) and source texts the consistency rules leave out.
    public var consistencyIgnoreKeys: [String] = []
    public var consistencyIgnoreTexts: [String] = []
    /// Whether a differing developer comment makes identical source texts two strings (`inconsistent-translation`).
    public var consistencyCommentsAsContext = true
    /// Partial locales and the coverage gate.
    public var coverage = CoverageOptions()
    /// `length-limits`: key globs (or `Table.key` globs) and the most characters their values may have, in file order.
    public var lengthLimits: [LengthLimitPattern] = []
    /// `length-placeholder-width`: how many characters one placeholder counts as in `length-limit`.
    public var lengthPlaceholderWidth = LengthLimitPattern.defaultPlaceholderWidth
    /// Term → BCP 47 language of that term.
    public var termLanguages: [String: String] = [:]
    /// When a locale counts as a copy of another (`locale-copy`).
    public var localeCopy = LocaleCopyOptions()
    /// The folder the file sits in: include and exclude globs are relative to it.
    public var baseDirectory: String = "."
    /// The file it was read from, for messages.
    public var path: String?

    public init() {}

    public static let fileName = ".locale-audit.yml"

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(path):\(line):\(column): error: \(message)" }
    }

    /// The nearest `.locale-audit.yml` in the folder of `path` or any folder above it.
    public static func find(above path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || !isDirectory.boolValue {
            url = url.deletingLastPathComponent()
        }
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    public static func load(from path: String) throws(Problem) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, line: 1, column: 1, message: "cannot read the configuration file")
        }
        var configuration = try parse(String(decoding: data, as: UTF8.self), path: path)
        configuration.path = path
        configuration.baseDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return configuration
    }

    public static let knownKeys = ["source-language", "include", "exclude", "fail-on", "max-file-size", "skip-locales", "apps",
                                   "rules", "accessibility", "consistency", "coverage", "length-limits", "length-placeholder-width", "terms",
                                   "locale-copy"]

    public static func parse(_ text: String, path: String) throws(Problem) -> Configuration {
        var configuration = Configuration()
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(for: error, path: path)
        } catch {
            throw Problem(path: path, line: 1, column: 1, message: "not valid YAML: \(error)")
        }
        guard let root else { return configuration }  // an empty file configures nothing
        let reader = NodeReader(path: path)
        let mapping = try reader.mapping(root, "the configuration")
        for (keyNode, value) in mapping {
            let key = try reader.string(keyNode, "a key")
            switch key {
            case "source-language":
                configuration.sourceLanguage = try reader.string(value, "source-language (a locale such as en)")
            case "include": configuration.include = try reader.strings(value, "include (a list of globs)")
            case "exclude": configuration.exclude = try reader.strings(value, "exclude (a list of globs)")
            case "skip-locales": configuration.skipLocales = try reader.strings(value, "skip-locales (a list of locales)")
            case "apps": configuration.apps = try reader.strings(value, "apps (a list of folder globs)")
            case "fail-on":
                let text = try reader.string(value, "fail-on")
                guard let severity = Severity(rawValue: text) else {
                    throw reader.problem(value, "fail-on must be error, warning or note, not '\(text)'")
                }
                configuration.failOn = severity
            case "max-file-size":
                let text = try reader.string(value, "max-file-size")
                guard let size = ByteCount.parse(text) else {
                    throw reader.problem(value, "max-file-size takes a size such as 64M or 1G, not '\(text)'")
                }
                configuration.maxFileSize = size
            case "rules":
                for (ruleNode, severityNode) in try reader.mapping(value, "rules (rule id: error, warning, note or off)") {
                    let id = try reader.string(ruleNode, "a rule id")
                    guard RuleEngine.rule(withID: id) != nil else {
                        throw reader.problem(ruleNode, "unknown rule '\(id)' (`locale-audit rules` lists them)")
                    }
                    let text = try reader.string(severityNode, "the severity of \(id)")
                    if text == "off" || text == "false" {
                        configuration.ruleSeverities[id] = .some(nil)
                    } else if let severity = Severity(rawValue: text) {
                        configuration.ruleSeverities[id] = .some(severity)
                    } else {
                        throw reader.problem(severityNode, "the severity of \(id) must be error, warning, note or off, not '\(text)'")
                    }
                }
            case "accessibility":
                for (subkeyNode, subvalue) in try reader.mapping(value, "accessibility") {
                    let subkey = try reader.string(subkeyNode, "a key")
                    guard subkey == "key-patterns" else {
                        throw reader.problem(subkeyNode, "unknown key 'accessibility.\(subkey)' (known: key-patterns)")
                    }
                    configuration.accessibilityKeyPatterns = try reader.strings(subvalue, "accessibility.key-patterns (a list of key tokens)")
                }
            case "consistency":
                for (subkeyNode, subvalue) in try reader.mapping(value, "consistency") {
                    let subkey = try reader.string(subkeyNode, "a key")
                    switch subkey {
                    case "ignore-keys": configuration.consistencyIgnoreKeys = try reader.strings(subvalue, "consistency.ignore-keys (a list of key globs)")
                    case "ignore-texts": configuration.consistencyIgnoreTexts = try reader.strings(subvalue, "consistency.ignore-texts (a list of source texts)")
                    case "comments-as-context":
                        let text = try reader.string(subvalue, "consistency.comments-as-context")
                        switch text {
                        case "true", "yes", "on": configuration.consistencyCommentsAsContext = true
                        case "false", "no", "off": configuration.consistencyCommentsAsContext = false
                        default: throw reader.problem(subvalue, "consistency.comments-as-context must be true or false, not '\(text)'")
                        }
                    default:
                        throw reader.problem(subkeyNode, "unknown key 'consistency.\(subkey)' (known: ignore-keys, ignore-texts, comments-as-context)")
                    }
                }
            case "coverage":
                for (subkeyNode, subvalue) in try reader.mapping(value, "coverage") {
                    let subkey = try reader.string(subkeyNode, "a key")
                    switch subkey {
                    case "complete-at": configuration.coverage.completeAt = try reader.percent(subvalue, "coverage.complete-at")
                    case "min": configuration.coverage.minimum = try reader.percent(subvalue, "coverage.min")
                    case "fold-at-least": configuration.coverage.foldAtLeast = try reader.count(subvalue, "coverage.fold-at-least", minimum: 0)
                    case "required": configuration.coverage.required = try reader.strings(subvalue, "coverage.required (a list of locales)")
                    default:
                        throw reader.problem(subkeyNode, "unknown key 'coverage.\(subkey)' (known: complete-at, fold-at-least, required, min)")
                    }
                }
            case "length-limits":
                for (patternNode, limitNode) in try reader.mapping(value, "length-limits (key glob: most characters)") {
                    let pattern = try reader.string(patternNode, "a key glob")
                    let text = try reader.string(limitNode, "the length limit of '\(pattern)'")
                    guard let limit = Int(text), limit > 0 else {
                        throw reader.problem(limitNode, "the length limit of '\(pattern)' must be a whole number of characters above 0, not '\(text)'")
                    }
                    configuration.lengthLimits.append(LengthLimitPattern(pattern: pattern, limit: limit))
                }
            case "length-placeholder-width":
                let text = try reader.string(value, "length-placeholder-width")
                guard let width = Int(text), width >= 0 else {
                    throw reader.problem(value, "length-placeholder-width must be a whole number of characters (0 or more), not '\(text)'")
                }
                configuration.lengthPlaceholderWidth = width
            case "terms":
                for (subkeyNode, subvalue) in try reader.mapping(value, "terms") {
                    let subkey = try reader.string(subkeyNode, "a key")
                    switch subkey {
                    case "do-not-translate": configuration.doNotTranslate = try reader.strings(subvalue, "terms.do-not-translate")
                    case "never-tag": configuration.neverTag = try reader.strings(subvalue, "terms.never-tag")
                    case "languages":
                        for (termNode, languageNode) in try reader.mapping(subvalue, "terms.languages (term: language)") {
                            let term = try reader.string(termNode, "a term")
                            let language = try reader.string(languageNode, "the language of '\(term)'")
                            if case .failure(let error) = LanguageTag.parse(language) {
                                throw reader.problem(languageNode, "'\(language)' is not a BCP 47 language tag: \(error)")
                            }
                            configuration.termLanguages[term] = language
                        }
                    default:
                        throw reader.problem(subkeyNode, "unknown key 'terms.\(subkey)' (known: do-not-translate, never-tag, languages)")
                    }
                }
            case "locale-copy":
                for (subkeyNode, subvalue) in try reader.mapping(value, "locale-copy") {
                    let subkey = try reader.string(subkeyNode, "a key")
                    switch subkey {
                    case "share": configuration.localeCopy.share = try reader.percent(subvalue, "locale-copy.share")
                    case "min-keys": configuration.localeCopy.minimumKeys = try reader.count(subvalue, "locale-copy.min-keys", minimum: 1)
                    default:
                        throw reader.problem(subkeyNode, "unknown key 'locale-copy.\(subkey)' (known: share, min-keys)")
                    }
                }
            default:
                throw reader.problem(keyNode, "unknown key '\(key)' (known: \(knownKeys.joined(separator: ", ")))")
            }
        }
        return configuration
    }

    private static func problem(for error: YamlError, path: String) -> Problem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return Problem(path: path, line: mark.line, column: mark.column, message: "not valid YAML: \(problem)")
        default:
            return Problem(path: path, line: 1, column: 1, message: "not valid YAML: \(error)")
        }
    }

    /// Typed access to YAML nodes with located errors.
    private struct NodeReader {
        let path: String

        func problem(_ node: Node, _ message: String) -> Problem {
            Problem(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: message)
        }

        func mapping(_ node: Node, _ what: String) throws(Problem) -> [(Node, Node)] {
            guard case .mapping(let mapping) = node else { throw problem(node, "\(what) must be a mapping of keys to values") }
            return mapping.map { ($0.key, $0.value) }
        }

        func string(_ node: Node, _ what: String) throws(Problem) -> String {
            guard case .scalar(let scalar) = node else { throw problem(node, "\(what) must be a single value") }
            return scalar.string
        }

        /// A percentage, 0 to 100, with or without a `%` sign, as a share 0...1.
        func percent(_ node: Node, _ what: String) throws(Problem) -> Double {
            let text = try string(node, what)
            let digits = text.hasSuffix("%") ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text
            guard let number = Double(digits), number >= 0, number <= 100 else {
                throw problem(node, "\(what) must be a percentage from 0 to 100, not '\(text)'")
            }
            return number / 100
        }

        /// A whole number of strings, at least `minimum`.
        func count(_ node: Node, _ what: String, minimum: Int) throws(Problem) -> Int {
            let text = try string(node, what)
            guard let count = Int(text), count >= minimum else {
                throw problem(node, "\(what) must be a whole number of strings\(minimum > 0 ? " from \(minimum)" : ""), not '\(text)'")
            }
            return count
        }

        func strings(_ node: Node, _ what: String) throws(Problem) -> [String] {
            if case .scalar(let scalar) = node { return [scalar.string] }
            guard case .sequence(let sequence) = node else { throw problem(node, "\(what) must be a list") }
            var result: [String] = []
            for item in sequence { result.append(try string(item, "each item of \(what)")) }
            return result
        }
    }
}

/// Shell-style globs over `/`-separated paths: `*` and `?` stay within one path component, `**`
/// spans any number of them.
public enum Glob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        let p = pattern.scalarArray, s = path.scalarArray
        return match(p, 0, s, 0)
    }

    private static func match(_ p: [Unicode.Scalar], _ pi: Int, _ s: [Unicode.Scalar], _ si: Int) -> Bool {
        var pi = pi, si = si
        while pi < p.count {
            if p[pi] == "*" {
                if pi + 1 < p.count && p[pi + 1] == "*" {
                    // `**/` also matches nothing, so `**/x` matches `x`.
                    var next = pi + 2
                    if next < p.count && p[next] == "/" { next += 1 }
                    for k in si...s.count where match(p, next, s, k) { return true }
                    return false
                }
                var k = si
                while true {
                    if match(p, pi + 1, s, k) { return true }
                    if k >= s.count || s[k] == "/" { return false }
                    k += 1
                }
            }
            guard si < s.count else { return false }
            if p[pi] == "?" ? s[si] == "/" : p[pi] != s[si] { return false }
            pi += 1
            si += 1
        }
        return si == s.count
    }
}
