/// `locale-audit speech-ranges`: every string with stretches that need their own speech language, as
/// JSON an app loads at run time to set `.accessibilitySpeechLanguage` (UTF-16 ranges, NSRange).
public enum SpeechRangeExport {
    public static let schemaVersion = 1

    public struct Entry: Sendable, Hashable {
        public var locale: String
        public var table: String
        public var key: String
        public var text: String
        public var ranges: [SpeechRange]
    }

    /// Every text of every locale (source included) with at least one range, but for the strings the
    /// system shows, ordered by locale, table, key and text so the output is the same on every run.
    public static func entries(in project: Project, options: AuditOptions) -> [Entry] {
        let index = ProjectIndex(project)
        let parts = options.languageOfParts
        var scriptsByLocale: [String: Set<ScriptCode>?] = [:]
        var entries: [Entry] = []
        for set in index.tableSets {
            for tables in [set.source].compactMap({ $0 }) + set.translations {
                if scriptsByLocale[tables.locale] == nil { scriptsByLocale[tables.locale] = LanguageOfParts.scripts(of: tables.locale) }
                guard let scripts = scriptsByLocale[tables.locale] ?? nil else { continue }
                // A string the system shows takes no speech language: nothing for the app to set.
                for key in tables.keys where !LanguageOfParts.isShownBySystem(table: set.id.name, key: key) {
                    let entry = tables.entries[key]!
                    guard entry.shouldTranslate else { continue }
                    var seen: Set<String> = []
                    for (text, _) in entry.value.texts where seen.insert(text).inserted {
                        let ranges = parts.analyze(text, locale: tables.locale, scripts: scripts).ranges
                        if ranges.isEmpty { continue }
                        entries.append(Entry(locale: tables.locale, table: set.id.name, key: key, text: text, ranges: ranges))
                    }
                }
            }
        }
        entries.sort { a, b in
            (a.locale, a.table, a.key, a.text) < (b.locale, b.table, b.key, b.text)
        }
        return entries
    }

    public static func json(_ entries: [Entry]) -> String {
        var json = JSONWriter()
        json.object { json in
            json.member("version", schemaVersion)
            json.key("entries")
            json.arrayValue { json in
                for entry in entries {
                    json.objectValue { json in
                        json.member("locale", entry.locale)
                        json.member("table", entry.table)
                        json.member("key", entry.key)
                        json.member("text", entry.text)
                        json.key("ranges")
                        json.arrayValue { json in
                            for range in entry.ranges { json.speechRange(range) }
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }
}

extension JSONWriter {
    /// One speech range as both the findings' JSON and the `speech-ranges` export write it.
    mutating func speechRange(_ range: SpeechRange) {
        objectValue { json in
            json.member("location", range.location)
            json.member("length", range.length)
            json.member("language", range.language)
            json.member("languageSource", range.languageSource.rawValue)
            json.member("script", range.script)
        }
    }
}
