/// The machine-readable format, schema version 1 (documented in docs/json-format.md). Nothing that
/// varies between runs (time, absolute paths) is written, so the output is byte-identical.
public enum JSONReporter {
    public static let schemaVersion = 1

    public static func render(_ result: AuditResult, context: ReportContext = ReportContext()) -> String {
        var json = JSONWriter()
        write(result, context: context, to: &json)
        return json.output
    }

    /// Streams the report to `sink` a megabyte at a time.
    public static func write(_ result: AuditResult, context: ReportContext = ReportContext(),
                             to sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        var json = JSONWriter(sink: sink)
        write(result, context: context, to: &json)
        json.flush()
    }

    private static func write(_ result: AuditResult, context: ReportContext, to json: inout JSONWriter) {
        json.object { json in
            json.member("version", schemaVersion)
            json.key("tool")
            json.objectValue { json in
                json.member("name", "locale-audit")
                json.member("version", context.toolVersion)
                // The plural and locale checks rest on this data; another ICU can answer differently.
                json.member("icu", context.icuVersion)
                json.member("cldr", context.cldrVersion)
                // wrong-language and identified speech languages rest on it; null when unavailable.
                json.member("languageIdentification", context.languageIdentification.isEmpty ? nil : context.languageIdentification)
            }
            json.member("sourceLanguage", result.project.sourceLanguage)
            json.member("sourceLanguageOrigin", result.project.sourceLanguageOrigin.rawValue)
            json.key("summary")
            json.objectValue { json in
                json.member("errors", result.count(.error))
                json.member("warnings", result.count(.warning))
                json.member("notes", result.count(.note))
                json.member("files", result.project.files.count)
                json.member("tables", result.project.tableGroups.count)
                json.key("locales")
                json.arrayValue { json in for locale in result.project.locales { json.value(locale) } }
                writeAccessibility(result.accessibility, to: &json)
                writeCoverage(result.coverage, to: &json)
                if !result.apps.isEmpty { writeApps(result.apps, to: &json) }
            }
            json.key("findings")
            json.arrayValue { json in
                for finding in result.findings {
                    write(finding, to: &json)
                    json.flush(threshold: 1 << 20)
                }
            }
        }
        json.raw("\n")
    }

    /// One run over several apps: each app's folder, development language, files and locales.
    static func writeApps(_ apps: [AppSummary], to json: inout JSONWriter) {
        json.key("apps")
        json.arrayValue { json in
            for app in apps {
                json.objectValue { json in
                    json.member("root", app.root.isEmpty ? nil : app.root)
                    json.member("sourceLanguage", app.sourceLanguage)
                    json.member("sourceLanguageOrigin", app.sourceLanguageOrigin.rawValue)
                    json.member("files", app.files)
                    json.key("locales")
                    json.arrayValue { json in for locale in app.locales { json.value(locale) } }
                }
            }
        }
    }

    /// Which strings were classified as accessibility strings, and how far each locale covers them.
    static func writeAccessibility(_ coverage: AccessibilityCoverage, to json: inout JSONWriter) {
        json.key("accessibility")
        json.objectValue { json in
            for (name, counts) in [("sourceKinds", coverage.sourceKinds), ("translationKinds", coverage.translationKinds)] {
                json.key(name)
                json.objectValue { json in
                    for kind in AccessibilityClassifier.Kind.allCases { json.member(kind.rawValue, counts[kind] ?? 0) }
                }
            }
            json.key("locales")
            json.arrayValue { json in
                for locale in coverage.locales {
                    json.objectValue { json in
                        json.member("locale", locale.locale)
                        json.member("strings", locale.strings)
                        json.member("translated", locale.translated)
                        json.member("missing", locale.missing)
                    }
                }
            }
        }
    }

    /// How far each locale has translated its strings, and whether it counts as partial.
    static func writeCoverage(_ coverage: CoverageReport, to json: inout JSONWriter) {
        json.key("coverage")
        json.arrayValue { json in
            for locale in coverage.locales {
                json.objectValue { json in
                    json.member("locale", locale.locale)
                    json.member("strings", locale.sourceKeys)
                    json.member("translated", locale.translated)
                    json.member("missing", locale.missing)
                    json.member("identical", locale.identical)
                    json.member("partial", coverage.isPartial(locale.locale))
                }
            }
        }
    }

    static func write(_ finding: Finding, to json: inout JSONWriter) {
        json.objectValue { json in
            json.member("rule", finding.ruleID)
            json.member("severity", finding.severity.rawValue)
            json.member("message", finding.message)
            writeLocation(finding.location, to: &json)
            json.member("locale", finding.locale)
            json.member("table", finding.table)
            json.member("key", finding.key)
            // Only findings that stand for many strings carry key lists.
            if !finding.keys.isEmpty {
                json.key("keys")
                json.arrayValue { json in for key in finding.keys { json.value(key) } }
            }
            if !finding.identicalKeys.isEmpty {
                json.key("identicalKeys")
                json.arrayValue { json in for key in finding.identicalKeys { json.value(key) } }
            }
            if let range = finding.speechRange {
                json.key("speechRange")
                json.speechRange(range)
            }
            json.key("notes")
            json.arrayValue { json in
                for note in finding.notes {
                    json.objectValue { json in
                        json.member("message", note.message)
                        writeLocation(note.location, to: &json)
                    }
                }
            }
        }
    }

    static func writeLocation(_ location: SourceLocation?, to json: inout JSONWriter) {
        json.member("file", location?.file)
        if let location {
            json.member("line", location.line)
            json.member("column", location.column)
        } else {
            json.key("line"); json.value(nil as String?)
            json.key("column"); json.value(nil as String?)
        }
    }
}
