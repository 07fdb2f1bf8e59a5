import Foundation
import Testing
@testable import LocaleAudit

@Suite struct InterfaceBuilderTests {
    @Test func generatedCommentsGiveTheSourceText() throws {
        let pairs = try #require(InterfaceBuilder.parseGeneratedComment(
            #"Class = "UIButton"; accessibilityLabel = "Say \"hi\"\nnow"; ObjectID = "1rB-5w-de3";"#))
        #expect(pairs["Class"] == "UIButton")
        #expect(pairs["accessibilityLabel"] == "Say \"hi\"\nnow")
        #expect(pairs["ObjectID"] == "1rB-5w-de3")
        #expect(InterfaceBuilder.parseGeneratedComment("Shown when offline") == nil)
        let segment = InterfaceBuilder.sourceEntries(fromCommentsOf: [LocalizedTable(
            name: "Bookmarks", locale: "de", path: "de.lproj/Bookmarks.strings", format: .strings,
            entries: [Entry(key: "NJH-oV-DbS.segmentTitles[0]", value: .text("Alle"),
                            comment: #"Class = "UISegmentedControl"; NJH-oV-DbS.segmentTitles[0] = "All Bookmarks"; ObjectID = "NJH-oV-DbS";"#,
                            location: SourceLocation(file: "de.lproj/Bookmarks.strings", line: 2, column: 1))])])
        #expect(segment.map(\.value) == [.text("All Bookmarks")])
        #expect(InterfaceBuilder.parseGeneratedComment(#"Class = "UILabel"; text = "unterminated"#) == nil)
    }

    @Test func storyboardPropertiesAreReadAsStringsKeys() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
          <scenes><scene sceneID="s1"><objects>
            <viewController title="Library" id="vc1-aa-001">
              <view key="view" id="v01-aa-002">
                <subviews>
                  <label text="Title" id="lab-12-aaa"/>
                  <button id="btn-34-bbb">
                    <state key="normal" title="Add"/>
                    <accessibility key="accessibilityConfiguration" label="Add book" hint="Adds a book" identifier="addButton"/>
                  </button>
                  <textField placeholder="Search" id="tfd-56-ccc"/>
                  <segmentedControl id="seg-78-ddd">
                    <segments><segment title="All"/><segment title="Unread"/></segments>
                  </segmentedControl>
                  <textView id="txv-90-eee"><string key="text">Line one
        Line two</string></textView>
                </subviews>
              </view>
            </viewController>
          </objects></scene></scenes>
        </document>
        """
        let read = InterfaceBuilder.read(Array(xml.utf8), path: "Base.lproj/Main.storyboard")
        #expect(read.findings.isEmpty)
        var values: [String: String] = [:]
        for entry in read.entries { values[entry.key] = entry.value.plainText }
        #expect(values["vc1-aa-001.title"] == "Library")
        #expect(values["lab-12-aaa.text"] == "Title")
        #expect(values["btn-34-bbb.normalTitle"] == "Add")
        #expect(values["btn-34-bbb.accessibilityLabel"] == "Add book")
        #expect(values["btn-34-bbb.accessibilityHint"] == "Adds a book")
        #expect(values["btn-34-bbb.accessibilityIdentifier"] == "addButton")
        #expect(values["tfd-56-ccc.placeholder"] == "Search")
        #expect(values["seg-78-ddd.segmentTitles[0]"] == "All")
        #expect(values["seg-78-ddd.segmentTitles[1]"] == "Unread")
        #expect(values["txv-90-eee.text"] == "Line one\nLine two")
        let label = read.entries.first { $0.key == "btn-34-bbb.accessibilityLabel" }
        #expect(label?.location.line == 10)
    }

    @Test func translationsWithoutASourceGainOneFromTheirComments() throws {
        let root = try TestPaths.makeTemporaryDirectory("ib-comments")
        defer { try? FileManager.default.removeItem(at: root) }
        for (locale, text) in [("de", "Einstellungen"), ("fr", "Réglages")] {
            let folder = root.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("""
            /* Class = "UIButton"; accessibilityLabel = "Settings"; ObjectID = "1rB-5w-de3"; */
            "1rB-5w-de3.accessibilityLabel" = "\(text)";

            """.utf8).write(to: folder.appendingPathComponent("Main.strings"))
        }
        let result = Auditor.audit(paths: [root.path], options: AuditOptions(sourceLanguage: "en", workers: 1))
        let index = ProjectIndex(result.project)
        let set = try #require(index.tableSets.first { $0.id.name == "Main" })
        #expect(set.source?.entries["1rB-5w-de3.accessibilityLabel"]?.value == .text("Settings"))
        #expect(set.translations.map(\.locale) == ["de", "fr"])
        #expect(result.accessibility.sourceKinds[.label] == 1)
        #expect(result.accessibility.locales.map(\.translated) == [1, 1])
    }
}
