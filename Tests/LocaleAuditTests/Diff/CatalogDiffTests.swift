import Foundation
import Testing
@testable import LocaleAudit

/// Two versions of a small app, compared as folders and as `REV:PATH` sides of a git repository.
/// Every category of change is planted once (see `version1` and `version2`).
@Suite struct CatalogDiffTests {
    static func plural(_ forms: [(String, String)]) -> String {
        let body = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            <key>files</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>
            \(body)
            </dict>
            </dict>
            </dict>
            </plist>

            """
    }

    static let version1: [String: String] = [
        "en.lproj/Localizable.strings": """
            "greeting" = "Hello";
            "farewell" = "Goodbye";
            "old.title" = "My Library";
            "removed" = "Obsolete";

            """,
        "en.lproj/Localizable.stringsdict": plural([("one", "%d file"), ("other", "%d files")]),
        "de.lproj/Localizable.strings": """
            "greeting" = "Hallo";
            "farewell" = "Tschüss";
            "old.title" = "Meine Bibliothek";
            "removed" = "Veraltet";

            """,
        "de.lproj/Localizable.stringsdict": plural([("one", "%d Datei"), ("other", "%d Dateien")]),
        "fr.lproj/Localizable.strings": """
            "greeting" = "Bonjour";
            "farewell" = "Au revoir";
            "old.title" = "Ma bibliothèque";
            "removed" = "";

            """,
        "ru.lproj/Localizable.stringsdict": plural([("one", "%d файл"), ("few", "%d файла"), ("many", "%d файлов"), ("other", "%d файла")]),
    ]

    /// greeting: source changed (stale in de, edited in fr); farewell: de translation deleted;
    /// old.title → new.title (carried over in de, not in fr); removed: gone; added: new; ru loses
    /// `few`; de gains a duplicate key (a new error); fr's empty "removed" (an empty-value) is fixed.
    static let version2: [String: String] = [
        "en.lproj/Localizable.strings": """
            "greeting" = "Hello there";
            "farewell" = "Goodbye";
            "new.title" = "My Library";
            "added" = "Brand new";

            """,
        "en.lproj/Localizable.stringsdict": plural([("one", "%d file"), ("other", "%d files")]),
        "de.lproj/Localizable.strings": """
            "greeting" = "Hallo";
            "new.title" = "Meine Bibliothek";
            "new.title" = "Meine Bibliothek";

            """,
        "de.lproj/Localizable.stringsdict": plural([("one", "%d Datei"), ("other", "%d Dateien")]),
        "fr.lproj/Localizable.strings": """
            "greeting" = "Salut";
            "farewell" = "Au revoir";
            "old.title" = "Ma bibliothèque";

            """,
        "ru.lproj/Localizable.stringsdict": plural([("one", "%d файл"), ("many", "%d файлов"), ("other", "%d файла")]),
    ]

    static func write(_ files: [String: String], under root: URL) throws {
        try TestPaths.write(files, into: root)
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GitRepository.findExecutable("git") ?? "/usr/bin/git")
        process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments) failed"])
        }
        return String(decoding: data, as: UTF8.self)
    }

    static let options = AuditOptions(workers: 2)

    /// The changes as comparable lines: "kind locale table key".
    static func lines(_ diff: CatalogDiff) -> [String] {
        diff.changes.map { "\($0.kind.rawValue) \($0.locale) \($0.table.name) \($0.key)" }
    }

    /// What both forms must report.
    static func checkEveryCategory(_ diff: CatalogDiff) {
        #expect(diff.changes(.keyAdded).map(\.key) == ["added"])
        #expect(diff.changes(.keyRemoved).map(\.key) == ["removed"])
        let renamed = diff.changes(.keyRenamed)
        #expect(renamed.map { "\($0.oldKey ?? "") → \($0.key)" } == ["old.title → new.title"])
        #expect(diff.changes(.sourceChanged).map(\.key) == ["greeting"])
        let stale = diff.changes(.stale)
        #expect(stale.map { "\($0.locale) \($0.key)" } == ["de greeting"])
        #expect(stale.first?.before == .text("Hello") && stale.first?.after == .text("Hello there"))
        #expect(stale.first?.translation == .text("Hallo"))
        let lost = diff.changes(.translationLost)
        #expect(lost.map { "\($0.locale) \($0.key)" } == ["de farewell", "fr new.title"])
        #expect(lost.last?.oldKey == "old.title")
        let changed = diff.changes(.translationChanged)
        #expect(changed.map { "\($0.locale) \($0.key) \($0.after?.plainText ?? "")" } == ["fr greeting Salut"])
        let plurals = diff.changes(.pluralFormsLost)
        #expect(plurals.map { "\($0.locale) \($0.key) \($0.pluralForms)" } == ["ru files [\"n.few\"]"])
        // Nothing is both stale and changed, and the de rename carried its translation over.
        #expect(!lines(diff).contains("translation-lost de Localizable new.title"))

        // Source keys: greeting, farewell, old.title/new.title, removed/added, files.
        let coverage = Dictionary(uniqueKeysWithValues: diff.coverage.map { ($0.locale, $0) })
        #expect(coverage["de"]?.before == TranslationCoverage(translated: 5, total: 5))
        #expect(coverage["de"]?.after == TranslationCoverage(translated: 3, total: 5))
        #expect(coverage["fr"]?.before == TranslationCoverage(translated: 3, total: 5))  // "removed" was empty
        #expect(coverage["fr"]?.after == TranslationCoverage(translated: 2, total: 5))
        #expect(coverage["ru"]?.before == TranslationCoverage(translated: 1, total: 5))
        #expect(coverage["ru"]?.after == TranslationCoverage(translated: 1, total: 5))
        #expect(diff.coverage.filter(\.dropped).map(\.locale) == ["de", "fr"])

        let newFindings = Set(diff.newFindings.map { "\($0.ruleID) \($0.locale ?? "") \($0.key ?? "")" })
        #expect(newFindings.contains("duplicate-key de new.title"))
        #expect(newFindings.contains("extra-key fr old.title"))
        #expect(newFindings.contains("plural-missing-category ru files"))
        #expect(newFindings.contains("missing-translation de farewell"))
        // Unchanged problems are neither new nor fixed: de's "files" plural is fine on both sides.
        #expect(!newFindings.contains { $0.hasPrefix("missing-translation fr greeting") })
        let fixed = diff.fixedFindings.map { "\($0.ruleID) \($0.locale ?? "") \($0.key ?? "")" }
        #expect(fixed.contains("empty-value fr removed"))

        #expect(diff.regressions.count == 3)
        #expect(diff.regressions[0].hasPrefix("2 translations lost (de 1, fr 1)"))
        #expect(diff.regressions[1].hasPrefix("coverage dropped in 2 locales"))
        #expect(diff.regressions[2] == "1 new error")
    }

    @Test func directoryForm() throws {
        let root = try TestPaths.makeTemporaryDirectory("diff-dirs")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(Self.version1, under: root.appendingPathComponent("v1"))
        try Self.write(Self.version2, under: root.appendingPathComponent("v2"))
        let old = try DiffSide.load(.directory(root.path + "/v1"), repository: nil, options: Self.options)
        let new = try DiffSide.load(.directory(root.path + "/v2/"), repository: nil, options: Self.options)
        let diff = CatalogDiff.compare(old, new)
        Self.checkEveryCategory(diff)
        #expect(diff.changes(.keyAdded).first?.location?.file == root.path + "/v2/en.lproj/Localizable.strings")
        #expect(diff.changes(.translationLost).first?.oldLocation?.file == root.path + "/v1/de.lproj/Localizable.strings")
    }

    @Test func gitRevisionForm() throws {
        let repo = try TestPaths.makeTemporaryDirectory("diff-git")
        defer { try? FileManager.default.removeItem(at: repo) }
        let resources = repo.appendingPathComponent("App/Resources")
        try Self.git(["init", "-q"], in: repo)
        try Self.write(Self.version1, under: resources)
        try "unrelated\n".write(to: repo.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        try Self.git(["add", "-A"], in: repo)
        try Self.git(["commit", "-q", "-m", "v1"], in: repo)
        try Self.git(["tag", "v1.0"], in: repo)
        try FileManager.default.removeItem(at: resources)
        try Self.write(Self.version2, under: resources)
        try Self.git(["add", "-A"], in: repo)
        try Self.git(["commit", "-q", "-m", "v2"], in: repo)
        // The working tree now holds neither version: everything must come from git objects.
        try FileManager.default.removeItem(at: repo.appendingPathComponent("App"))
        let statusBefore = try Self.git(["status", "--porcelain"], in: repo)

        let repository = try GitRepository(at: repo.path)
        let old = try DiffSide.load(.git(revision: "v1.0", path: "App/Resources"), repository: repository, options: Self.options)
        let new = try DiffSide.load(.git(revision: "HEAD", path: "App/Resources"), repository: repository, options: Self.options)
        let diff = CatalogDiff.compare(old, new)
        Self.checkEveryCategory(diff)
        #expect(diff.changes(.keyAdded).first?.location?.file == "HEAD:App/Resources/en.lproj/Localizable.strings")
        #expect(diff.changes(.translationLost).first?.oldLocation?.file == "v1.0:App/Resources/de.lproj/Localizable.strings")
        #expect(diff.old.label == "v1.0:App/Resources" && diff.new.files == 6)
        #expect(old.result.project.lprojFolders.contains("v1.0:App/Resources/ru.lproj"))
        #expect(!old.result.findings.contains { $0.ruleID.hasPrefix("locale") || $0.ruleID == "bcp47" },
                "revision prefixes must not leak into locale names")
        // Nothing was written: the status is the same (the deleted App folder) and no App came back.
        #expect(try Self.git(["status", "--porcelain"], in: repo) == statusBefore)
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("App").path))

        // The same diff, line for line, as the directory form.
        let folders = try TestPaths.makeTemporaryDirectory("diff-git-dirs")
        defer { try? FileManager.default.removeItem(at: folders) }
        try Self.write(Self.version1, under: folders.appendingPathComponent("a"))
        try Self.write(Self.version2, under: folders.appendingPathComponent("b"))
        let fromFolders = CatalogDiff.compare(
            try DiffSide.load(.directory(folders.path + "/a"), repository: nil, options: Self.options),
            try DiffSide.load(.directory(folders.path + "/b"), repository: nil, options: Self.options))
        #expect(Self.lines(diff) == Self.lines(fromFolders))
        #expect(diff.newFindings.count == fromFolders.newFindings.count)
        #expect(diff.fixedFindings.count == fromFolders.fixedFindings.count)

        // A git side against a folder of the same content: nothing changed, no finding new or fixed.
        let mixed = CatalogDiff.compare(new, try DiffSide.load(.directory(folders.path + "/b"), repository: nil, options: Self.options))
        #expect(mixed.changes.isEmpty && mixed.newFindings.isEmpty && mixed.fixedFindings.isEmpty && mixed.regressions.isEmpty)

        // The whole tree (`REV:`) and a path relative to a sub-folder (`REV:./Resources`) work too.
        let whole = try DiffSide.load(.git(revision: "HEAD", path: ""), repository: repository, options: Self.options)
        #expect(whole.result.project.files.count == 6 && whole.result.project.files[0].path.hasPrefix("HEAD:App/Resources/"))
        #expect(whole.result.project.files.first { $0.path.hasSuffix("ru.lproj/Localizable.stringsdict") }?.locale == "ru")
        #expect(throws: GitRepository.Failure.self) { try repository.listFiles(revision: "v9", path: "") }
        #expect(throws: DiffSide.LoadError.self) {
            try DiffSide.load(.git(revision: "HEAD", path: "App/Missing"), repository: repository, options: Self.options)
        }
    }

    @Test func parsesSides() {
        #expect(DiffSideSpec.parse("v1.2.0:App/Resources", exists: { _ in false }) == .git(revision: "v1.2.0", path: "App/Resources"))
        #expect(DiffSideSpec.parse("HEAD:", exists: { _ in false }) == .git(revision: "HEAD", path: ""))
        #expect(DiffSideSpec.parse("odd:name", exists: { $0 == "odd:name" }) == .directory("odd:name"))
        #expect(DiffSideSpec.parse("missing", exists: { _ in false }) == nil)
        #expect(DiffSide.strip("HEAD:App", from: "HEAD:App/de.lproj") == "de.lproj")
        #expect(DiffSide.strip("HEAD:", from: "HEAD:App") == "App")
        #expect(DiffSide.strip(".", from: "./App") == "App")
        #expect(DiffSide.strip("/tmp/v1", from: "/tmp/v10/App") == "/tmp/v10/App")
        #expect(Discovery.lprojLocale("HEAD:de.lproj") == "de")
        #expect(Discovery.lprojLocale("v1:App/pt-BR.lproj") == "pt-BR")
        #expect(Discovery.isInSkippedFolder("Pods/X/en.lproj/A.strings"))
        #expect(Discovery.isInSkippedFolder("A.xcloc/Source Contents/en.lproj/A.strings"))
        #expect(!Discovery.isInSkippedFolder("App/en.lproj/A.strings"))
    }

    @Test func identicalSidesHaveNoRegression() throws {
        let root = try TestPaths.makeTemporaryDirectory("diff-same")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(Self.version1, under: root)
        let side = try DiffSide.load(.directory(root.path), repository: nil, options: Self.options)
        let diff = CatalogDiff.compare(side, side)
        #expect(diff.changes.isEmpty && diff.newFindings.isEmpty && diff.fixedFindings.isEmpty)
        #expect(diff.regressions.isEmpty)
        #expect(!diff.coverage.isEmpty && !diff.coverage.contains(where: \.dropped))
        #expect(DiffReporters.render(diff, as: .text).contains("No regression"))
    }

    /// The byte comparison in front of Swift's is a shortcut only: canonically equivalent texts
    /// (é composed and decomposed) are still the same, and different texts and shapes are not.
    @Test func sameContentComparesAsSwiftComparesStrings() {
        let composed = "Caf\u{E9}", decomposed = "Cafe\u{301}"
        #expect(DiffBuilder.sameContent(.text(composed), .text(decomposed)))
        #expect(DiffBuilder.sameContent(.text("Café"), .text("Café")))
        #expect(!DiffBuilder.sameContent(.text("Café"), .text("Cafe")))
        func plural(_ one: String, _ other: String) -> Value {
            .plural(PluralValue(format: "%#@n@", variables: [
                PluralVariable(name: "n", valueType: "d", forms: [PluralForm(category: "one", text: one), PluralForm(category: "other", text: other)]),
            ]))
        }
        #expect(DiffBuilder.sameContent(plural("1 caf\u{E9}", "%d caf\u{E9}s"), plural("1 cafe\u{301}", "%d cafe\u{301}s")))
        #expect(!DiffBuilder.sameContent(plural("1 café", "%d cafés"), plural("1 café", "%d cafe")))
        #expect(!DiffBuilder.sameContent(plural("x", "y"), .text("x")))
    }
}
