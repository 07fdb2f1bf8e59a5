import Foundation
import Testing
@testable import LocaleAudit

@Suite struct ConfigurationTests {
    @Test func readsEveryKey() throws {
        let yaml = """
        source-language: en
        include: ["App/**"]
        exclude: ["**/Generated/**"]
        fail-on: warning
        max-file-size: 64M
        skip-locales: [qqq]
        apps: ["apps/*"]
        rules:
          untranslated: note
          plural-unused-category: off
        accessibility:
          key-patterns: [a11y, voiceover]
        terms:
          do-not-translate: [Bookshelf]
          never-tag: [DuckDuckGo]
          languages:
            "Arc de Triomphe": fr-FR
        """
        let configuration = try Configuration.parse(yaml, path: "c.yml")
        #expect(configuration.sourceLanguage == "en")
        #expect(configuration.include == ["App/**"])
        #expect(configuration.exclude == ["**/Generated/**"])
        #expect(configuration.failOn == .warning)
        #expect(configuration.maxFileSize == 64 << 20)
        #expect(configuration.skipLocales == ["qqq"])
        #expect(configuration.apps == ["apps/*"])
        #expect(AuditOptions(configuration: configuration).appFolders == ["apps/*"])
        #expect(configuration.ruleSeverities["untranslated"] == .some(.note))
        #expect(configuration.ruleSeverities["plural-unused-category"] == .some(nil))
        #expect(configuration.accessibilityKeyPatterns == ["a11y", "voiceover"])
        #expect(configuration.doNotTranslate == ["Bookshelf"])
        #expect(configuration.neverTag == ["DuckDuckGo"])
        #expect(configuration.termLanguages == ["Arc de Triomphe": "fr-FR"])
    }

    @Test(arguments: [
        ("fail-on: warning\nsoruce-language: en\n", 2, 1, "unknown key 'soruce-language'"),
        ("rules:\n  untranslated: loud\n", 2, 17, "must be error, warning, note or off"),
        ("rules:\n  no-such-rule: off\n", 2, 3, "unknown rule 'no-such-rule'"),
        ("fail-on: sometimes\n", 1, 10, "fail-on must be error, warning or note"),
        ("max-file-size: huge\n", 1, 16, "max-file-size takes a size"),
        ("terms:\n  languages:\n    Paris: fr--FR\n", 3, 12, "not a BCP 47 language tag"),
        ("include: [unclosed\n", 2, 1, "not valid YAML"),
        ("terms:\n  spelling: [x]\n", 2, 3, "unknown key 'terms.spelling'"),
        ("consistency:\n  ignore: [x]\n", 2, 3, "unknown key 'consistency.ignore'"),
        ("consistency:\n  comments-as-context: maybe\n", 2, 24, "must be true or false"),
    ] as [(String, Int, Int, String)])
    func badConfigurationsNameTheKeyAndLine(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try Configuration.parse(yaml, path: "c.yml")
            Issue.record("accepted a bad configuration: \(yaml)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test func emptyFileConfiguresNothing() throws {
        #expect(try Configuration.parse("", path: "c.yml") == Configuration())
    }

    @Test func foundUpwardFromTheCheckedPath() throws {
        let root = try TestPaths.makeTemporaryDirectory("config")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("App/Resources/en.lproj")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try "rules:\n  untranslated: off\n".write(to: root.appendingPathComponent(".locale-audit.yml"), atomically: true, encoding: .utf8)
        #expect(Configuration.find(above: nested.path) == root.appendingPathComponent(".locale-audit.yml").path)
    }

    @Test(arguments: [
        ("**/*.strings", "App/en.lproj/Localizable.strings", true),
        ("App/**", "App/en.lproj/Localizable.strings", true),
        ("App/*", "App/en.lproj/Localizable.strings", false),
        ("**/Generated/**", "App/Generated/x.strings", true),
        ("**/Generated/**", "Generated/x.strings", true),
        ("*.xcstrings", "Localizable.xcstrings", true),
        ("?n.lproj/**", "en.lproj/a.strings", true),
        ("Wikipedia/Localizations/**", "Wikipedia/iOS Native Localizations/en.lproj/a.strings", false),
    ] as [(String, String, Bool)])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Glob.matches(pattern, path) == matches)
    }

    @Test func configurationChangesTheAudit() throws {
        let root = try TestPaths.makeTemporaryDirectory("config-run")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("App/en.lproj/Localizable.strings", "\"title\" = \"Open the library\";\n\"name\" = \"Bookshelf Pro\";\n")
        try write("App/de.lproj/Localizable.strings", "\"title\" = \"Open the library\";\n\"name\" = \"Bookshelf Pro\";\n")
        try write("Generated/en.lproj/X.strings", "\"a\" = \"Some text\";\n")
        try write("Generated/de.lproj/X.strings", "\"a\" = \"Some text\";\n")
        let before = Auditor.audit(paths: [root.path]).findings.filter { $0.ruleID == "untranslated" }
        #expect(before.count == 3)
        var configuration = try Configuration.parse("""
            exclude: ["Generated/**"]
            rules:
              untranslated: error
            terms:
              do-not-translate: [Bookshelf Pro]
            """, path: root.appendingPathComponent(".locale-audit.yml").path)
        configuration.baseDirectory = root.path
        let after = Auditor.audit(paths: [root.path], options: AuditOptions(configuration: configuration)).findings
            .filter { $0.ruleID == "untranslated" }
        #expect(after.map(\.key) == ["title"])
        #expect(after.first?.severity == .error)
    }

    @Test func consistencyKeys() throws {
        let configuration = try Configuration.parse("""
            consistency:
              ignore-keys: ["debug.*", "*.legacy"]
              ignore-texts: OK
              comments-as-context: false
            """, path: "c.yml")
        #expect(configuration.consistencyIgnoreKeys == ["debug.*", "*.legacy"])
        #expect(configuration.consistencyIgnoreTexts == ["OK"])
        #expect(configuration.consistencyCommentsAsContext == false)
        #expect(Configuration().consistencyCommentsAsContext == true)
    }
}
