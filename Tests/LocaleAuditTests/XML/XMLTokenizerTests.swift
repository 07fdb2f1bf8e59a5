import Foundation
import Testing
@testable import LocaleAudit

/// Runs the tokenizer to the end; returns the events (the final `.error` included) and all findings.
func tokenize(_ text: String, options: XMLTokenizer.Options = .init()) -> (events: [XMLEvent], findings: [Finding]) {
    tokenize(bytes: Array(text.utf8), options: options)
}

func tokenize(bytes: [UInt8], options: XMLTokenizer.Options = .init()) -> (events: [XMLEvent], findings: [Finding]) {
    var xml = XMLTokenizer(decoding: bytes, path: "t.xml", options: options)
    var events: [XMLEvent] = []
    while let event = xml.next() { events.append(event) }
    return (events, xml.findings)
}

private func fatalError(of text: String) -> Finding? {
    guard case .error(let finding)? = tokenize(text).events.last else { return nil }
    return finding
}

@Suite struct XMLTokenizerTests {
    @Test func everyEventKindWithLocations() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <!DOCTYPE doc SYSTEM "doc.dtd">
            <!-- a comment -->
            <doc xmlns="urn:d" xmlns:p="urn:p" p:kind="x&amp;y" plain='a\tb'>
              <?tool run fast?>
              <p:item id="1"/>
              <t>1 &lt; 2 &#x263A; &#65;<![CDATA[<raw> & ]]]]>done</t>
            </doc>
            """
        let (events, findings) = tokenize(text)
        #expect(findings.isEmpty)

        guard case .declaration(let declaration) = events[0] else { Issue.record("no declaration"); return }
        #expect(declaration.version == "1.0")
        #expect(declaration.encoding == "UTF-8")
        #expect(declaration.standalone == "yes")
        #expect(declaration.encodingLocation?.column == 31)

        guard case .doctype(let doctype) = events[1] else { Issue.record("no doctype"); return }
        #expect(doctype.rootName == "doc")
        #expect(doctype.systemID == "doc.dtd")
        #expect((doctype.location.line, doctype.location.column) == (2, 1))

        guard case .comment(let comment) = events[2] else { Issue.record("no comment"); return }
        #expect(comment.text == " a comment ")
        #expect(comment.location.line == 3)

        guard case .startElement(let doc) = events[3] else { Issue.record("no start"); return }
        #expect(doc.name.localName == "doc")
        #expect(doc.name.namespaceURI == "urn:d")
        #expect(doc.isSelfClosing == false)
        #expect((doc.location.line, doc.location.column) == (4, 1))
        let kind = try #require(doc.attribute("kind", namespace: "urn:p"))
        #expect(kind.value == "x&y")
        #expect(kind.name.prefix == "p")
        #expect((kind.location.line, kind.location.column) == (4, 36))
        #expect((kind.valueLocation.line, kind.valueLocation.column) == (4, 44))
        // Attribute-value normalisation turns a literal tab into a space.
        #expect(doc.value(of: "plain") == "a b")
        #expect(doc.attribute("plain")?.name.namespaceURI == nil)

        let rest = Array(events.dropFirst(4)).filter {
            if case .text(let t) = $0 { return !t.isWhitespace }
            return true
        }
        guard case .processingInstruction(let pi) = rest[0] else { Issue.record("no PI"); return }
        #expect(pi.target == "tool")
        #expect(pi.data == "run fast")
        #expect((pi.location.line, pi.location.column) == (5, 3))

        guard case .startElement(let item) = rest[1], case .endElement(let itemEnd) = rest[2] else {
            Issue.record("no self-closing pair"); return
        }
        #expect(item.isSelfClosing && itemEnd.isSelfClosing)
        #expect(item.name.namespaceURI == "urn:p")
        #expect(item.attribute("id")?.value == "1")
        #expect(itemEnd.name.qualifiedName == "p:item")

        guard case .startElement(let t) = rest[3], case .text(let body) = rest[4], case .endElement(let tEnd) = rest[5] else {
            Issue.record("no text element"); return
        }
        #expect(t.name.namespaceURI == "urn:d")
        #expect(body.text == "1 < 2 \u{263A} A<raw> & ]]done")
        #expect(!body.isWhitespace)
        #expect((body.location.line, body.location.column) == (7, 6))
        #expect((tEnd.location.line, tEnd.location.column) == (7, 55))
        guard case .endElement(let docEnd) = rest[6] else { Issue.record("no end"); return }
        #expect(docEnd.name.localName == "doc")
        #expect(docEnd.startLocation == doc.location)
        #expect(rest.count == 7)
    }

    @Test func whitespaceTextAndLineEnds() {
        let (events, _) = tokenize("<a>\r\n  <b>x\r\ny\rz</b></a>")
        let texts = events.compactMap { if case .text(let t) = $0 { return t } else { return nil } }
        #expect(texts.count == 2)
        #expect(texts[0].isWhitespace && texts[0].text == "\n  ")
        #expect(texts[1].text == "x\ny\nz")
        #expect((texts[1].location.line, texts[1].location.column) == (2, 6))
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let finding = try #require(fatalError(of: "<a>日本語 &nope;</a>"))
        #expect((finding.location?.line, finding.location?.column) == (1, 8))
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        .init(name: "mismatched end tag", xml: "<a>\n  <key>x</dict>\n</a>", line: 2, column: 9,
              message: "expected </key> (opened at 2:3), found </dict>"),
        .init(name: "unclosed at end of file", xml: "<a>\n<b>", line: 2, column: 4,
              message: "expected </b> (opened at 2:1) before the end of the file"),
        .init(name: "unquoted attribute value", xml: "<a b=1/>", line: 1, column: 6,
              message: "expected a quoted value for the attribute 'b', found '1'"),
        .init(name: "attributes without whitespace", xml: "<a b=\"1\"c=\"2\"/>", line: 1, column: 9,
              message: "expected whitespace before the attribute"),
        .init(name: "attribute without =", xml: "<a b \"1\"/>", line: 1, column: 6,
              message: "expected '=' after the attribute name 'b'"),
        .init(name: "duplicate attribute", xml: "<a x=\"1\" x=\"2\"/>", line: 1, column: 10,
              message: "duplicate attribute 'x' (first at 1:4)"),
        .init(name: "duplicate expanded attribute", xml: "<a xmlns:p=\"u\" xmlns:q=\"u\" p:x=\"1\" q:x=\"2\"/>", line: 1, column: 36,
              message: "duplicate attribute 'q:x': same namespace and local name as 'p:x'"),
        .init(name: "< in attribute value", xml: "<a x=\"a<b\"/>", line: 1, column: 8,
              message: "'<' is not allowed in the value of the attribute 'x'; expected '&lt;'"),
        .init(name: "unescaped ampersand", xml: "<a>fish & chips</a>", line: 1, column: 9,
              message: "unescaped '&'"),
        .init(name: "reference without semicolon", xml: "<a>&amp x</a>", line: 1, column: 8,
              message: "expected ';' after the entity name 'amp'"),
        .init(name: "undefined entity", xml: "<a>\n&nbsp;</a>", line: 2, column: 1,
              message: "undefined entity '&nbsp;'"),
        .init(name: "character reference to NUL", xml: "<a>&#0;</a>", line: 1, column: 4,
              message: "invalid character reference &#0; (U+0000)"),
        .init(name: "character reference to a surrogate", xml: "<a>x&#xD800;</a>", line: 1, column: 5,
              message: "invalid character reference &#xD800; (U+D800)"),
        .init(name: "character reference beyond Unicode", xml: "<a>&#x110000;</a>", line: 1, column: 4,
              message: "beyond U+10FFFF"),
        .init(name: "text before the root", xml: "hi<a/>", line: 1, column: 1,
              message: "text is not allowed before the root element"),
        .init(name: "text after the root", xml: "<a/>\n  text", line: 2, column: 3,
              message: "text is not allowed after the root element"),
        .init(name: "second root", xml: "<a/>\n<b/>", line: 2, column: 1,
              message: "expected a single root element, found a second one: <b>"),
        .init(name: "]]> in text", xml: "<a>x]]>y</a>", line: 1, column: 5,
              message: "']]>' is not allowed in text; expected ']]&gt;'"),
        .init(name: "-- in comment", xml: "<a><!-- a -- b --></a>", line: 1, column: 11,
              message: "'--' is not allowed inside a comment"),
        .init(name: "unterminated comment", xml: "<a><!-- a", line: 1, column: 10,
              message: "expected '-->' to end the comment opened at 1:4"),
        .init(name: "unbound element prefix", xml: "<a>\n <x:b/>\n</a>", line: 2, column: 3,
              message: "unbound namespace prefix 'x' in element <x:b>"),
        .init(name: "unbound attribute prefix", xml: "<a>\n  <b p:c=\"1\"/>\n</a>", line: 2, column: 6,
              message: "unbound namespace prefix 'p' in attribute 'p:c' of <b>"),
        .init(name: "malformed qualified name", xml: "<a:b:c/>", line: 1, column: 2,
              message: "malformed element name 'a:b:c'"),
        .init(name: "end tag with nothing open", xml: "</a>", line: 1, column: 1,
              message: "found </a>, but no element is open"),
        .init(name: "empty document", xml: "", line: 1, column: 1,
              message: "expected a root element"),
        .init(name: "control character", xml: "<a>\u{1}</a>", line: 1, column: 4,
              message: "invalid character U+0001 in text"),
        .init(name: "unterminated start tag", xml: "<a\n  b=\"1\"", line: 2, column: 8,
              message: "expected '>' to end the start tag of <a> (opened at 1:1)"),
        .init(name: "misplaced XML declaration", xml: "<a><?xml version=\"1.0\"?></a>", line: 1, column: 4,
              message: "an XML declaration is only allowed at the very start"),
        .init(name: "unterminated CDATA", xml: "<a><![CDATA[x", line: 1, column: 14,
              message: "expected ']]>' to end the CDATA section opened at 1:4"),
        .init(name: "CDATA outside the root", xml: "<![CDATA[x]]><a/>", line: 1, column: 1,
              message: "a CDATA section is not allowed outside the root element"),
    ]

    @Test(arguments: badCases)
    func wellFormednessErrorIsLocated(_ bad: BadCase) throws {
        let (events, findings) = tokenize(bad.xml)
        guard case .error(let finding)? = events.last else {
            Issue.record("no error for \(bad.name)")
            return
        }
        #expect(finding.ruleID == ReaderRule.syntax)
        #expect(finding.location?.line == bad.line)
        #expect(finding.location?.column == bad.column)
        #expect(finding.message.contains(bad.message), "\(finding.message)")
        #expect(findings.last == finding)
    }

    @Test func stopsCleanlyAfterAnError() {
        var xml = XMLTokenizer(utf8: Array("<a></b><c/>".utf8), path: "t.xml")
        var count = 0
        while let event = xml.next() {
            count += 1
            if count > 10 { break }
            _ = event
        }
        #expect(count == 2)  // <a>, then the error
        #expect(xml.failed)
        #expect(xml.next() == nil)
    }

    @Test func skipElementConsumesASubtree() {
        var xml = XMLTokenizer(utf8: Array("<r><skip><x>1</x><y/></skip><keep/></r>".utf8), path: "t.xml")
        _ = xml.next()  // <r>
        _ = xml.next()  // <skip>
        let skipped = xml.skipElement()
        #expect(skipped)
        guard case .startElement(let keep)? = xml.next() else { Issue.record("expected <keep>"); return }
        #expect(keep.name.localName == "keep")
    }

    @Test func depthIsBounded() throws {
        let (events, _) = tokenize("<a><b><c><d></d></c></b></a>", options: .init(maximumDepth: 3))
        guard case .error(let finding)? = events.last else { Issue.record("no error"); return }
        #expect((finding.location?.line, finding.location?.column) == (1, 10))
        #expect(finding.message.contains("nested deeper than 3 levels"))
    }
}
