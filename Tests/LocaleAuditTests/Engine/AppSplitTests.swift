import Foundation
import Testing
@testable import LocaleAudit

/// A run over a folder of several apps audits each app on its own: one app's knownRegions, labels and
/// terminology are never held against another's catalogs.
@Suite struct AppSplitTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = try TestPaths.makeTemporaryDirectory("app-split")
        try TestPaths.write(files, into: root)
        return root
    }

    /// Reader declares en and de; Notes, another repository, translates into fr.
    private static let twoApps: [String: String] = [
        "Reader/Reader.xcodeproj/project.pbxproj": "{ objects = { A = { developmentRegion = en; knownRegions = (en, de, Base); }; }; }",
        "Reader/en.lproj/Localizable.strings": "\"close\" = \"Close\";\n",
        "Reader/de.lproj/Localizable.strings": "\"close\" = \"Schließen\";\n",
        "Notes/.git/HEAD": "ref: refs/heads/main\n",
        "Notes/en.lproj/Localizable.strings": "\"close\" = \"Close\";\n\"save\" = \"Save\";\n",
        "Notes/fr.lproj/Localizable.strings": "\"close\" = \"Fermer\";\n\"save\" = \"Enregistrer\";\n",
    ]

    @Test func eachAppIsAuditedOnItsOwn() throws {
        let root = try folder(Self.twoApps)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1))
        // Pooled, Reader's knownRegions would call Notes' fr undeclared, and Notes' "save" missing in de.
        #expect(!result.findings.contains { $0.ruleID == "app-locale-undeclared" }, "\(result.findings.map(\.message))")
        #expect(!result.findings.contains { $0.locale == "de" && $0.key == "save" })
        #expect(result.apps.map(\.root) == [root.path + "/Notes", root.path + "/Reader"])
        #expect(result.apps.map(\.locales) == [["en", "fr"], ["de", "en"]])
        #expect(result.apps.map(\.files) == [2, 2])
        #expect(result.project.files.count == 4 && result.project.locales == ["de", "en", "fr"])
        let json = JSONReporter.render(result)
        #expect(json.contains("\"apps\""))
    }

    @Test func oneRepositoryHoldingTwoProjectsIsOneApp() throws {
        var files = Self.twoApps
        files["Notes/.git/HEAD"] = nil
        files["Notes/Notes.xcodeproj/project.pbxproj"] = "{ objects = { }; }"
        files[".git/HEAD"] = "ref: refs/heads/main\n"
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1))
        #expect(result.apps.isEmpty)
        // One app: Reader's knownRegions speak for Notes' catalogs too.
        #expect(result.findings.contains { $0.ruleID == "app-locale-undeclared" && $0.locale == "fr" })
        // Checked from a folder inside the repository, it is still one app.
        let inside = Auditor.audit(paths: [root.appendingPathComponent("Notes").path, root.appendingPathComponent("Reader").path],
                                   options: AuditOptions(workers: 1))
        #expect(inside.apps.isEmpty)
        // Two repositories named one by one are two apps.
        try FileManager.default.removeItem(at: root.appendingPathComponent(".git"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Notes/.git"), withIntermediateDirectories: true)
        let two = Auditor.audit(paths: [root.appendingPathComponent("Notes").path, root.appendingPathComponent("Reader").path],
                                options: AuditOptions(workers: 1))
        #expect(two.apps.count == 2)
        #expect(!two.findings.contains { $0.ruleID == "app-locale-undeclared" })
    }

    @Test func catalogsOutsideEveryAppAreCheckedTogether() throws {
        var files = Self.twoApps
        files["Shared/en.lproj/Common.strings"] = "\"ok\" = \"OK\";\n"
        files["Shared/ja.lproj/Common.strings"] = "\"ok\" = \"OK\";\n"
        let root = try folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1))
        #expect(result.apps.map(\.root) == [root.path + "/Notes", root.path + "/Reader", ""])
        #expect(result.apps.last?.locales == ["en", "ja"])
        #expect(!result.findings.contains { $0.ruleID == "app-locale-undeclared" })
    }

    @Test func outermostMarkedFoldersAreTheApps() {
        #expect(Discovery.outermostFolders(["/r/b", "/r/a/sub", "/r/a", "/r/ab"]) == ["/r/a", "/r/ab", "/r/b"])
        #expect(Discovery.outermostFolders(["/", "/x"]) == ["/"])
    }
}

/// `--apps`: globs name the apps of a folder that has no repository or project to mark them.
@Suite struct NamedAppsTests {
    @Test func globsFromTheCheckedFolderNameTheApps() {
        let files = ["c/Alpha/src/en.lproj/L.strings", "c/Alpha/src/de.lproj/L.strings", "c/Beta/en.lproj/L.strings",
                     "c/top.strings", "elsewhere/Gamma/en.lproj/L.strings"]
        #expect(Discovery.namedApps(["*"], holding: files, under: ["c/"]) == [["c/Alpha"], ["c/Beta"]])
        #expect(Discovery.namedApps(["Alpha/src", "Beta"], holding: files, under: ["c"]) == [["c/Alpha/src"], ["c/Beta"]])
        #expect(Discovery.namedApps(["Nothing"], holding: files, under: ["c"]).isEmpty)
    }

    @Test func aFolderOfAppsSplitsWhenNamed() throws {
        let root = try TestPaths.makeTemporaryDirectory("named-apps")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Reader/Reader.xcodeproj/project.pbxproj": "{ objects = { A = { knownRegions = (en, de); }; }; }",
            "Reader/en.lproj/Localizable.strings": "\"close\" = \"Close\";\n",
            "Reader/de.lproj/Localizable.strings": "\"close\" = \"Schließen\";\n",
            "Notes/en.lproj/Localizable.strings": "\"close\" = \"Close\";\n",
            "Notes/fr.lproj/Localizable.strings": "\"close\" = \"Fermer\";\n",
        ]
        try TestPaths.write(files, into: root)
        var options = AuditOptions(workers: 1)
        let pooled = Auditor.audit(paths: [root.path], options: options)
        // Notes has no project or repository of its own: one app, whose knownRegions lack fr.
        #expect(pooled.apps.isEmpty)
        #expect(pooled.findings.contains { $0.ruleID == "app-locale-undeclared" && $0.locale == "fr" })
        options.appFolders = ["*"]
        let split = Auditor.audit(paths: [root.path], options: options)
        #expect(split.apps.map(\.root) == [root.path + "/Notes", root.path + "/Reader"])
        #expect(!split.findings.contains { $0.ruleID == "app-locale-undeclared" })
    }
}
