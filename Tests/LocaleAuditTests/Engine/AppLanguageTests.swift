import Foundation
import Testing
@testable import LocaleAudit

@Suite struct AppLanguageTests {
    @Test func xcodeProjectScannerFindsRegionsWithPositions() {
        let text = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAB /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tname = "knownRegions = (fake);"; /* knownRegions = (commented); */
        \t\t\tdevelopmentRegion = en;
        \t\t\tknownRegions = (
        \t\t\t\ten,
        \t\t\t\tBase,
        \t\t\t\t"zh-Hans", "pt_BR" /* odd */,
        \t\t\t);
        \t\t};
        \t};
        }
        """
        let found = XcodeProjectScanner.declarations(in: Array(text.utf8), path: "p")
        #expect(found.map(\.identifier) == ["en", "en", "Base", "zh-Hans", "pt_BR"])
        #expect(found.map(\.kind) == [.developmentRegion, .knownRegion, .knownRegion, .knownRegion, .knownRegion])
        #expect(found[0].location == SourceLocation(file: "p", line: 7, column: 24))
        #expect(found[3].location == SourceLocation(file: "p", line: 11, column: 5))
        #expect(found[4].location == SourceLocation(file: "p", line: 11, column: 16))
    }

    @Test func xcodeProjectScannerToleratesGarbage() {
        #expect(XcodeProjectScanner.declarations(in: Array("knownRegions = (en, \"unterminated".utf8), path: "p").map(\.identifier) == ["en", "unterminated"])
        #expect(XcodeProjectScanner.declarations(in: Array("knownRegions = ; developmentRegion".utf8), path: "p").isEmpty)
        #expect(XcodeProjectScanner.declarations(in: [0xFF, 0xFE, 0x00], path: "p").isEmpty)
    }

    @Test func infoPlistXMLAndBinary() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleLocalizations</key>
        \t<array><string>en</string><string>de</string></array>
        </dict>
        </plist>
        """
        let fromXML = AppDeclarationReader.infoPlistDeclarations(Array(xml.utf8), path: "Info.plist")
        #expect(fromXML.map(\.identifier) == ["$(DEVELOPMENT_LANGUAGE)", "en", "de"])
        #expect(fromXML[0].isBuildSetting && !fromXML[1].isBuildSetting)
        #expect(fromXML[2].location == SourceLocation(file: "Info.plist", line: 7, column: 28))
        let binary = try PropertyListSerialization.data(fromPropertyList: ["CFBundleDevelopmentRegion": "fr", "CFBundleLocalizations": ["fr", "it"]],
                                                         format: .binary, options: 0)
        let fromBinary = AppDeclarationReader.infoPlistDeclarations(Array(binary), path: "Info.plist")
        #expect(fromBinary.map(\.identifier) == ["fr", "fr", "it"])
        #expect(AppDeclarationReader.infoPlistDeclarations(Array("<plist><dict><key>x".utf8), path: "Info.plist").isEmpty)
    }

    @Test func matchingIgnoresSpellingButNotLanguage() {
        #expect(AppLanguageDeclaration.matchKey("pt_BR") == AppLanguageDeclaration.matchKey("pt-BR"))
        #expect(AppLanguageDeclaration.matchKey("English") == "en")
        #expect(AppLanguageDeclaration.matchKey("zh-Hans") != AppLanguageDeclaration.matchKey("zh-Hant"))
    }

    @Test func discoveryFindsProjectsAndInfoPlistsAndTheDevelopmentRegionNamesTheSource() throws {
        let root = try TestPaths.makeTemporaryDirectory("app-languages")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("App.xcodeproj/project.pbxproj", "{ objects = { A = { developmentRegion = de; knownRegions = (de, fr, Base); }; }; }")
        try write("App/Widget-Info.plist", "<plist><dict><key>CFBundleDevelopmentRegion</key><string>de</string></dict></plist>")
        try write("App/de.lproj/Info.plist", "<plist><dict/></plist>")  // inside an .lproj: not an app's Info.plist
        try write("App/de.lproj/Localizable.strings", "\"a\" = \"Abbrechen\";\n")
        try write("App/en.lproj/Localizable.strings", "\"a\" = \"Cancel\";\n")
        try write("App/fr.lproj/Localizable.strings", "\"a\" = \"Annuler\";\n")
        let discovery = Discovery.discover([root.path])
        #expect(discovery.appDeclarationFiles.map { $0.path.dropFirst(root.path.count + 1) } == ["App.xcodeproj/project.pbxproj", "App/Widget-Info.plist"])
        #expect(discovery.files.count == 3)
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(workers: 1))
        // An `en` folder exists, but the project says German is the development language.
        #expect(result.project.sourceLanguage == "de")
        #expect(result.project.sourceLanguageOrigin == .developmentRegion)
        let undeclared = result.findings.filter { $0.ruleID == "app-locale-undeclared" }
        #expect(undeclared.map(\.locale) == ["en"])
        #expect(result.findings.filter { $0.ruleID.hasPrefix("app-") && $0.ruleID != "app-locale-undeclared" }.isEmpty)
    }
}
