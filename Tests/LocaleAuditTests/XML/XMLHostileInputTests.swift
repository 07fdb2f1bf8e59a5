import Foundation
import Testing
@testable import LocaleAudit

/// The package root, from this file's path (Tests/LocaleAuditTests/<Area>/<File>.swift).
func packageRoot(_ file: String = #filePath) -> URL {
    URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}

func fixtureBytes(_ relativePath: String) throws -> [UInt8] {
    let url = packageRoot().appendingPathComponent("Fixtures/Readers").appendingPathComponent(relativePath)
    return Array(try Data(contentsOf: url))
}

/// Every string an event stream carries, for "this text never appears" checks.
func allStrings(_ events: [XMLEvent]) -> [String] {
    events.flatMap { event -> [String] in
        switch event {
        case .text(let t): return [t.text]
        case .startElement(let e): return e.attributes.map(\.value)
        case .comment(let c): return [c.text]
        case .doctype(let d): return [d.internalSubset ?? ""]
        default: return []
        }
    }
}

@Suite struct XMLHostileInputTests {
    @Test func billionLaughsIsNotExpanded() throws {
        let (events, findings) = tokenize(bytes: try fixtureBytes("xml/billion-laughs.xml"))
        #expect(!events.contains { if case .error = $0 { return true } else { return false } })
        let entityFindings = findings.filter { $0.message == "entity declarations are not supported; entity 'lol9' is not expanded" }
        #expect(entityFindings.map { [$0.location!.line, $0.location!.column] } == [[14, 13], [14, 21]])
        guard case .doctype(let doctype)? = events.first(where: { if case .doctype = $0 { return true } else { return false } }) else {
            Issue.record("no doctype"); return
        }
        #expect(doctype.declaredEntities.count == 10)
        let texts = events.compactMap { if case .text(let t) = $0 { return t.text } else { return nil } }
        #expect(texts == ["&lol9;"])
        #expect(allStrings(events).map(\.utf8.count).reduce(0, +) < 2_000)
    }

    @Test func externalEntitiesAndDTDsAreNeverRead() throws {
        let (events, findings) = tokenize(bytes: try fixtureBytes("xml/external-entities.xml"))
        #expect(!events.contains { if case .error = $0 { return true } else { return false } })
        let located = findings.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
        #expect(located == [
            "9:6 entity declarations are not supported; entity 'passwd' is not expanded",
            "10:6 entity declarations are not supported; entity 'remote' is not expanded",
        ])
        let texts = events.compactMap { if case .text(let t) = $0, !t.isWhitespace { return t.text } else { return nil } }
        #expect(texts == ["&passwd;", "&remote;"])
        // Nothing from /etc/passwd can appear: compare against its real lines where the file exists.
        if let passwd = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) {
            let lines = passwd.split(separator: "\n").map(String.init).filter { $0.count > 8 }
            for string in allStrings(events) where !string.isEmpty {
                #expect(!lines.contains { string.contains($0) })
            }
        }
    }

    @Test func externalSubsetOnlyIsClean() {
        let (events, findings) = tokenize("<!DOCTYPE root SYSTEM \"file:///etc/passwd\"><root>ok</root>")
        #expect(findings.isEmpty)
        guard case .doctype(let doctype) = events[0] else { Issue.record("no doctype"); return }
        #expect(doctype.systemID == "file:///etc/passwd")
        #expect(doctype.internalSubset == nil)
    }

    @Test func appleDTDIsNotAProblem() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict/></plist>
            """
        let (events, findings) = tokenize(xml)
        #expect(findings.isEmpty)
        #expect(events.count == 6)  // declaration, doctype, plist, dict, /dict, /plist
    }

    @Test func hundredThousandDeepNestingStopsAtTheLimit() {
        let xml = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let (events, findings) = tokenize(xml)
        guard case .error(let finding)? = events.last else { Issue.record("no error"); return }
        #expect(finding.message.contains("nested deeper than 10000 levels"))
        #expect((finding.location?.line, finding.location?.column) == (1, 30_001))
        #expect(findings.count == 1)
        #expect(events.count == 10_001)
    }

    @Test func fiftyMegabyteAttributeValue() {
        let head = Array("<a v=\"".utf8), tail = Array("\"/>".utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: head.count + 50_000_000 + tail.count)
        bytes.replaceSubrange(0..<head.count, with: head)
        bytes.replaceSubrange((bytes.count - tail.count)..., with: tail)
        var xml = XMLTokenizer(utf8: bytes, path: "big.xml")
        guard case .startElement(let element)? = xml.next() else { Issue.record("no element"); return }
        #expect(element.attributes.first?.value.utf8.count == 50_000_000)
        guard case .endElement? = xml.next() else { Issue.record("no end"); return }
        #expect(xml.next() == nil)
        #expect(xml.findings.isEmpty)
    }

    @Test func invalidUTF8IsAnEncodingFinding() {
        let (events, findings) = tokenize(bytes: Array("<a>ok ".utf8) + [0xFF, 0xC3] + Array("</a>".utf8))
        #expect(!events.contains { if case .error = $0 { return true } else { return false } })
        #expect(findings.map(\.ruleID) == [ReaderRule.encoding, ReaderRule.encoding])
        #expect(findings.first.map { [$0.location!.line, $0.location!.column] } == [1, 7])
        let texts = events.compactMap { if case .text(let t) = $0 { return t.text } else { return nil } }
        #expect(texts == ["ok \u{FFFD}\u{FFFD}"])
    }

    @Test func utf16WithBOMAndDeclaration() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>été</a>"
        let bytes: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let (events, findings) = tokenize(bytes: bytes)
        #expect(findings.isEmpty)
        let texts = events.compactMap { if case .text(let t) = $0 { return t.text } else { return nil } }
        #expect(texts == ["été"])
    }

    @Test func lyingEncodingDeclarations() {
        // Says UTF-16, is UTF-8.
        let (_, utf16Lie) = tokenize("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>x</a>")
        #expect(utf16Lie.count == 1)
        #expect(utf16Lie.first?.ruleID == ReaderRule.encoding)
        #expect(utf16Lie.first.map { [$0.location!.line, $0.location!.column] } == [1, 31])
        #expect(utf16Lie.first?.message.contains("says encoding \"UTF-16\", but the file is UTF-8") == true)

        // Says UTF-8, is UTF-16 (with a BOM).
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>"
        let bytes: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let (_, utf8Lie) = tokenize(bytes: bytes)
        #expect(utf8Lie.map(\.ruleID) == [ReaderRule.encoding])
        #expect(utf8Lie.first?.message.contains("the file is UTF-16BE") == true)

        // Names an unsupported encoding and has non-ASCII bytes.
        let (_, latin1) = tokenize("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a>caf\u{E9}</a>")
        #expect(latin1.count == 1)
        #expect(latin1.first?.message.contains("\"ISO-8859-1\", which is not supported") == true)
        #expect(latin1.first?.message.contains("first at 2:7") == true)

        // The same declaration on pure ASCII means the same text: no finding.
        #expect(tokenize("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>cafe</a>").findings.isEmpty)
        // US-ASCII that is not.
        let (_, ascii) = tokenize("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a>\u{E9}</a>")
        #expect(ascii.first?.message.contains("non-ASCII text (first at 1:45)") == true)
    }
}

@Suite struct XMLCorpusTests {
    static let corpus = packageRoot().deletingLastPathComponent().appendingPathComponent("shared/corpus")

    @Test func everyCorpusXLIFFIsWellFormedExceptKnownOnes() throws {
        guard FileManager.default.fileExists(atPath: Self.corpus.path) else {
            print("skipped: no corpus at \(Self.corpus.path)")
            return
        }
        let files = try corpusFiles(withExtensions: ["xliff", "xlf"])
        #expect(files.count > 500)
        var failing: [String: Finding] = [:]
        for path in files {
            var xml = XMLTokenizer(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
            while xml.next() != nil {}
            if let finding = xml.findings.first(where: { $0.severity == .error }) {
                failing[String(path.dropFirst(Self.corpus.path.count + 1))] = finding
            }
        }
        let unexpected = failing.keys.filter { !$0.contains("/invalid/") && !$0.hasSuffix("Good-pgs_plural.xlf") }
        #expect(unexpected.isEmpty, "\(unexpected.sorted())")
        let plural = try #require(failing["oasis-tcs+xliff-xliff-22/xliff-22/test-suite/modules/valid/Good-pgs_plural.xlf"])
        #expect(plural.message.contains("unbound namespace prefix 'pgs' in attribute 'pgs:switch' of <unit>"))
        #expect((plural.location?.line, plural.location?.column) == (4, 17))
        for (path, finding) in failing.sorted(by: { $0.key < $1.key }) {
            print("not well-formed: \(path) \(finding.location!.line):\(finding.location!.column) \(finding.message)")
        }
    }
}

func corpusFiles(withExtensions extensions: Set<String>) throws -> [String] {
    let root = XMLCorpusTests.corpus
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    var paths: [String] = []
    for case let url as URL in enumerator where extensions.contains(url.pathExtension.lowercased()) {
        paths.append(url.path)
    }
    return paths.sorted()
}
