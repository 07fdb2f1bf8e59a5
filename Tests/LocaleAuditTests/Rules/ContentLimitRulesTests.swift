import Foundation
import Testing
@testable import LocaleAudit

@Suite struct LengthLimitGrammarTests {
    @Test(arguments: [
        ("Max 30", 30),
        ("max. 30 characters", 30),
        ("Maximum 30 characters", 30),
        ("maximum length: 30", 30),
        ("Max length is 30", 30),
        ("max: 25", 25),
        ("maxLength 40", 40),
        ("≤ 30 chars", 30),
        ("<= 30 characters", 30),
        ("30 character limit", 30),
        ("30-character limit", 30),
        ("30 chars max", 30),
        ("30 characters or less", 30),
        ("limit: 30", 30),
        ("Character limit of 30.", 30),
        ("Limited to 12 characters", 12),
        ("Tab bar title (max 12)", 12),
        ("Up to 20 characters", 20),
        ("no more than 20 characters, shown on the watch", 20),
        ("Shown under the title. MAX 30, keep it short", 30),
        ("The app subtitle. 30 characters max!", 30),
    ] as [(String, Int)])
    func readsStatedLimits(comment: String, limit: Int) {
        #expect(LengthLimitGrammar.limit(in: comment) == limit, "\(comment)")
    }

    @Test(arguments: [
        "30 files",
        "Max is the user's name",
        "Max 30 files can be attached",
        "maximum 30 seconds",
        "Limit 3 per day",
        "Shown when the title exceeds 30 characters",
        "Error: name too long (max 30 characters)",
        "Up to 30 books",
        "≤ 30",
        "Max %d characters",
        "Maximum storage, e.g. 30,000 MB",
        "Version 3.5 limit",
        "Limited edition",
        "max 30%",
        "Shown as 30 × 30 thumbnails, max 3x",
        "",
    ])
    func ignoresWhatIsNoLimit(comment: String) {
        #expect(LengthLimitGrammar.limit(in: comment) == nil, "\(comment)")
    }

    @Test func countsGraphemesAndPlaceholders() {
        #expect(LengthLimitRule.length(of: "Café 👋🏽", placeholderWidth: 1).count == 6)
        #expect(LengthLimitRule.length(of: "🇩🇪 e\u{301}", placeholderWidth: 1).count == 3)
        let books = LengthLimitRule.length(of: "%1$@ has %2$lld books", placeholderWidth: 1)
        #expect(books.count == 2 + 11 && books.placeholders == 2)
        #expect(LengthLimitRule.length(of: "%@ books", placeholderWidth: 5).count == 11)
        #expect(LengthLimitRule.length(of: "100%% sure", placeholderWidth: 1).count == 9)
    }

    @Test func recognisesAppStoreMetadata() {
        #expect(AppStoreMetadata.isMetadataTable("AppStore"))
        #expect(AppStoreMetadata.isMetadataTable("app-store_metadata"))
        #expect(!AppStoreMetadata.isMetadataTable("Localizable"))
        #expect(AppStoreMetadata.field(of: "subtitle")?.limit == 30)
        #expect(AppStoreMetadata.field(of: "de.promotional_text")?.limit == 170)
        #expect(AppStoreMetadata.field(of: "metadata/keywords")?.limit == 100)
        #expect(AppStoreMetadata.field(of: "app.name")?.limit == 30)
        #expect(AppStoreMetadata.field(of: "screenshot.caption") == nil)
    }

    @Test func configurationReadsLengthLimits() throws {
        let configuration = try Configuration.parse("""
        length-limits:
          "AppStore.*.subtitle": 30
          "widget.*": 20
        length-placeholder-width: 4
        """, path: "c.yml")
        #expect(configuration.lengthLimits == [LengthLimitPattern(pattern: "AppStore.*.subtitle", limit: 30),
                                               LengthLimitPattern(pattern: "widget.*", limit: 20)])
        #expect(configuration.lengthPlaceholderWidth == 4)
        #expect(configuration.lengthLimits[0].matches(table: "AppStore", key: "en.subtitle"))
        #expect(configuration.lengthLimits[1].matches(table: "Localizable", key: "widget.title"))
        #expect(!configuration.lengthLimits[1].matches(table: "Localizable", key: "title.widget"))
        #expect(try Configuration.parse("", path: "c.yml").lengthPlaceholderWidth == 1)
    }

    @Test(arguments: [
        ("length-limits:\n  \"a.*\": many\n", 2, 10, "whole number of characters above 0"),
        ("length-limits:\n  \"a.*\": 0\n", 2, 10, "whole number of characters above 0"),
        ("length-limits: [a]\n", 1, 16, "must be a mapping"),
        ("length-placeholder-width: -1\n", 1, 27, "length-placeholder-width must be a whole number"),
    ] as [(String, Int, Int, String)])
    func badLengthLimitsNameTheLine(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try Configuration.parse(yaml, path: "c.yml")
            Issue.record("accepted \(yaml)")
        } catch {
            #expect(error.line == line && error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    /// A configured limit applies to the source and every translation; a comment's limit wins.
    @Test func configuredLimitReachesTheRule() throws {
        let root = try TestPaths.makeTemporaryDirectory("length-limit")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "en.lproj/Widget.strings": "\"widget.title\" = \"Books to read next\";\n/* max 40 */\n\"widget.subtitle\" = \"Your reading list\";\n",
            "de.lproj/Widget.strings": "\"widget.title\" = \"Bücher, die du als Nächstes liest\";\n\"widget.subtitle\" = \"Deine Leseliste, immer griffbereit\";\n",
        ]
        try TestPaths.write(files, into: root)
        var configuration = Configuration()
        configuration.lengthLimits = [LengthLimitPattern(pattern: "widget.*", limit: 20)]
        let findings = Auditor.audit(paths: [root.path], options: AuditOptions(configuration: configuration, workers: 1)).findings
            .filter { $0.ruleID == "length-limit" }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.key == "widget.title" && finding.locale == "de")
        #expect(finding.message.contains("33 characters, over the limit of 20 set in length-limits (\"widget.*\")"))
    }
}

@Suite struct PermissionPromptTests {
    @Test func recognisesUserFacingInfoPlistKeys() {
        #expect(InfoPlistString.isPermissionPrompt("NSCameraUsageDescription"))
        #expect(InfoPlistString.isPermissionPrompt("NSLocationAlwaysAndWhenInUseUsageDescription"))
        #expect(!InfoPlistString.isPermissionPrompt("NSUsageDescription"))
        #expect(!InfoPlistString.isPermissionPrompt("CFBundleDisplayName"))
        #expect(InfoPlistString.isUserFacing("CFBundleDisplayName"))
        #expect(InfoPlistString.isUserFacing("NSHumanReadableCopyright"))
        #expect(!InfoPlistString.isUserFacing("CFBundleIdentifier"))
    }

    @Test func readsInfoPlistStringsWithTheLanguagesInOneParse() {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>NSCameraUsageDescription</key>
        \t<string>Scans barcodes.</string>
        \t<key>NSHumanReadableCopyright</key>
        \t<string>  </string>
        \t<key>CFBundleIdentifier</key>
        \t<string>org.example.app</string>
        </dict>
        </plist>
        """
        let read = AppDeclarationReader.readAll(Array(plist.utf8), file: AppDeclarationFile(path: "App/Info.plist", kind: .infoPlist))
        #expect(read.languages.map(\.identifier) == ["en"])
        #expect(read.strings.map(\.key) == ["NSCameraUsageDescription"])
        #expect(read.strings.first?.location.line == 7)
        #expect(read.strings.first?.plist == "App/Info.plist")
    }
}

@Suite struct AccessibilityStyleTests {
    @Test(arguments: [("Add book.", true), ("Add book", false), ("More...", false), ("More…", false), ("Dr.", false),
                      ("Made in the U.S.", false), ("Chapter 3.", false), ("共有。", true), ("Version 2.", false), ("Sort order.", true), ("3.", false)]
          as [(String, Bool)])
    func periods(text: String, ends: Bool) {
        #expect(AccessibilityLabelPeriodRule.endsWithPeriod(text) == ends, "\(text)")
    }

    @Test func anEnglishPeriodAfterAPlaceholderEndsASentence() {
        #expect(AccessibilityLabelPeriodRule.endsWithPeriod("Perform %1$@.", language: "en"))
        #expect(!AccessibilityLabelPeriodRule.endsWithPeriod("%1$@.", language: "hu"))
    }

    @Test(arguments: [
        ("Wi-Fi, on", "en", "on"), ("Wi-Fi is off", "en", "off"), ("Photo 3 – selected", "en", "selected"),
        ("Bold (selected)", "en", "selected"), ("Fett, ausgewählt", "de", "ausgewählt"), ("Ton: aus", "de", "aus"),
        ("Gras, activé", "fr", "activé"), ("Negrita, seleccionada", "es", "seleccionada"), ("ダークモード、オン", "ja", "オン"),
    ] as [(String, String, String)])
    func states(text: String, language: String, state: String) {
        #expect(AccessibilityLabelStatesStateRule.statedState(text, language: language) == state, "\(text)")
    }

    @Test(arguments: [
        ("Turn on Wi-Fi", "en"), ("Selected items", "en"), ("3 items selected", "en"), ("Sign off", "en"), ("On", "en"),
        ("Log on", "en"), ("Plan", "de"), ("WLAN einschalten", "de"), ("Ausgewählte Fotos", "de"), ("Active", "en"),
        ("オンライン", "ja"), ("Wi-Fi, on", "zh"),
    ] as [(String, String)])
    func noStates(text: String, language: String) {
        #expect(AccessibilityLabelStatesStateRule.statedState(text, language: language) == nil, "\(text)")
    }

    @Test func hints() {
        #expect(AccessibilityHintStyleRule.problem("Plays the video") == nil)
        #expect(AccessibilityHintStyleRule.problem("Opens the menu.") == nil)
        #expect(AccessibilityHintStyleRule.problem("The list scrolls to the top") == nil)
        #expect(AccessibilityHintStyleRule.problem("Double tap to open") != nil)
        #expect(AccessibilityHintStyleRule.problem("Tap to play the video")?.contains("\"Plays the video\"") == true)
        #expect(AccessibilityHintStyleRule.problem("Copy the link")?.contains("\"Copies …\"") == true)
        #expect(AccessibilityHintStyleRule.problem("Go back")?.contains("\"Goes …\"") == true)
        #expect(AccessibilityHintStyleRule.problem("Double the size") == nil)
        #expect(AccessibilityHintStyleRule.problem("Play") == nil)
        #expect(AccessibilityHintStyleRule.thirdPerson("switch") == "switches")
        #expect(AccessibilityHintStyleRule.thirdPerson("play") == "plays")
    }
}
