import Foundation
import Testing
@testable import LocaleAudit

@Suite struct JUnitReporterTests {
    struct Parsed {
        var root: [String: String] = [:]
        var suites: [(attributes: [String: String], cases: [(classname: String, name: String, failure: [String: String]?, failureText: String, systemOut: String)])] = []
    }

    /// Reads the report back with the project's own XML tokenizer; any well-formedness error fails.
    static func parse(_ xml: String) throws -> Parsed {
        var tokenizer = XMLTokenizer(decoding: Array(xml.utf8), path: "report.xml")
        var parsed = Parsed()
        var textTarget: String? = nil
        var buffer = ""
        while let event = tokenizer.next() {
            switch event {
            case .error(let finding):
                Issue.record("not well-formed: \(finding.message) at \(finding.location?.description ?? "?")")
                return parsed
            case .startElement(let element):
                let attributes = Dictionary(element.attributes.map { ($0.name.localName, $0.value) }, uniquingKeysWith: { a, _ in a })
                switch element.name.localName {
                case "testsuites": parsed.root = attributes
                case "testsuite": parsed.suites.append((attributes, []))
                case "testcase":
                    parsed.suites[parsed.suites.count - 1].cases.append((attributes["classname"] ?? "", attributes["name"] ?? "", nil, "", ""))
                case "failure", "system-out":
                    if element.name.localName == "failure" {
                        let s = parsed.suites.count - 1
                        parsed.suites[s].cases[parsed.suites[s].cases.count - 1].failure = attributes
                    }
                    textTarget = element.name.localName
                    buffer = ""
                default: break
                }
            case .text(let text):
                if textTarget != nil { buffer += text.text }
            case .endElement(let element):
                if element.name.localName == textTarget {
                    let s = parsed.suites.count - 1, c = parsed.suites[s].cases.count - 1
                    if textTarget == "failure" { parsed.suites[s].cases[c].failureText = buffer } else { parsed.suites[s].cases[c].systemOut = buffer }
                    textTarget = nil
                }
            default: break
            }
        }
        return parsed
    }

    @Test func aSuitePerLocaleACasePerTableAndRule() throws {
        let result = ReportFixture.result
        let parsed = try Self.parse(JUnitReporter.render(result))
        #expect(parsed.suites.map { $0.attributes["name"] } == ["de", "en", "he"])
        let ruleCount = RuleEngine.descriptions.count
        for suite in parsed.suites {
            // Every suite: tables of its locale × every rule (InfoSheet + Localizable here).
            let tables = Set(suite.cases.map(\.classname))
            #expect(tables == ["Info Sheet", "Localizable"], "\(suite.attributes["name"] ?? "")")
            #expect(suite.cases.count == tables.count * ruleCount)
            #expect(suite.attributes["tests"] == String(suite.cases.count))
            #expect(suite.attributes["failures"] == String(suite.cases.filter { $0.failure != nil }.count))
        }
        let totalTests = parsed.suites.reduce(0) { $0 + $1.cases.count }
        #expect(parsed.root["tests"] == String(totalTests))

        let he = try #require(parsed.suites.first { $0.attributes["name"] == "he" })
        let failed = he.cases.filter { $0.failure != nil }.map { "\($0.classname)/\($0.name)" }.sorted()
        #expect(failed == ["Localizable/format-count-mismatch", "Localizable/format-type-mismatch", "Localizable/language-of-parts",
                           "Localizable/missing-translation", "Localizable/plural-missing-category"])
        let mismatch = try #require(he.cases.first { $0.classname == "Localizable" && $0.name == "format-type-mismatch" })
        #expect(mismatch.failure?["type"] == "error")
        #expect(mismatch.failure?["message"]?.hasPrefix("\"greeting\" (he): argument 1 is read by ") == true)
        #expect(mismatch.failureText.contains("ReportSample/he.lproj/Localizable.strings:1:14: error:"))
        // A note alone does not fail its testcase; it is listed in system-out.
        let untranslated = try #require(he.cases.first { $0.classname == "Localizable" && $0.name == "untranslated" })
        #expect(untranslated.failure == nil)
        #expect(untranslated.systemOut.contains("\"app.name\" (he)"))
    }

    @Test func findingsWithoutLocaleGetTheirOwnSuiteAndHostileTextIsEscaped() throws {
        let hostile = Finding(ruleID: "unreadable", severity: .error, message: "bad <&> \"quoted\" \u{1}control\nnext",
                              location: SourceLocation(file: "x/<odd>&.strings", line: 1, column: 1))
        var result = ReportFixture.result
        result.findings.append(hostile)
        let xml = JUnitReporter.render(result)
        let parsed = try Self.parse(xml)
        let last = try #require(parsed.suites.last)
        #expect(last.attributes["name"] == JUnitReporter.noLocaleSuite)
        #expect(last.cases.count == 1)
        #expect(last.cases[0].classname == JUnitReporter.noTable)
        #expect(last.cases[0].failure?["message"] == "bad <&> \"quoted\" \\u{1}control\\nnext")
        #expect(last.cases[0].failureText.contains("x/<odd>&.strings:1:1"))
    }
}
