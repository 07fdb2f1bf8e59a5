import Foundation
import Testing
@testable import LocaleAudit

@Suite struct SARIFReporterTests {
    static let schema = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json")

    /// Why schema validation cannot run here, or nil when it can (python3 with jsonschema, and the schema).
    static let validatorUnavailable: String? = {
        guard FileManager.default.fileExists(atPath: schema.path) else {
            return "../shared/schemas/sarif-schema-2.1.0.json is absent: SARIF schema validation is skipped"
        }
        guard let python = executableOnPath(["python3"]) else { return "python3 is not installed: SARIF schema validation is skipped" }
        guard let probe = try? runProgram(python, ["-c", "import jsonschema"]), probe.status == 0 else {
            return "Python's jsonschema is not installed (pip install jsonschema): SARIF schema validation is skipped"
        }
        return nil
    }()

    static let validator = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    doc = json.load(open(sys.argv[2], encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    for e in errors[:20]:
        print("/".join(map(str, e.absolute_path)) + ": " + e.message)
    print(f"{len(errors)} errors; {len(doc['runs'][0]['results'])} results")
    sys.exit(1 if errors else 0)
    """

    static func validate(_ sarif: String) throws -> (status: Int32, output: String) {
        let dir = try TestPaths.makeTemporaryDirectory("sarif")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("report.sarif")
        try Data(sarif.utf8).write(to: file)
        let run = try runProgram(executableOnPath(["python3"])!, ["-c", validator, schema.path, file.path])
        return (run.status, run.output + run.error)
    }

    @Test(.enabled(if: validatorUnavailable == nil, Comment(rawValue: validatorUnavailable ?? "")))
    func validatesAgainstTheOfficialSchema() throws {
        for (name, result) in [("ReportSample", ReportFixture.result), ("SampleApp", ReportFixture.sampleApp)] {
            let run = try Self.validate(SARIFReporter.render(result, context: ReportFixture.context))
            #expect(run.status == 0, "\(name): \(run.output)")
            #expect(run.output.contains("0 errors; \(result.findings.count) results"), "\(run.output)")
        }
    }

    @Test(.enabled(if: validatorUnavailable == nil, Comment(rawValue: validatorUnavailable ?? "")))
    func theValidatorRejectsABrokenDocument() throws {
        // Guards against a validator that accepts anything: a level SARIF does not define must fail.
        let broken = SARIFReporter.render(ReportFixture.result, context: ReportFixture.context)
            .replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"severe\"")
        #expect(try Self.validate(broken).status == 1)
    }

    @Test func describesEveryRuleAndPointsResultsAtThem() throws {
        let text = SARIFReporter.render(ReportFixture.result, context: ReportFixture.context)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == RuleEngine.descriptions.map(\.id))
        for rule in rules {
            #expect((rule["help"] as? [String: Any])?["markdown"] as? String != nil)
            #expect(((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String).map { ["error", "warning", "note"].contains($0) } == true)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == ReportFixture.result.findings.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        // The type mismatch in he: relative URI, region, properties, the source note as related location.
        let mismatch = try #require(results.first { $0["ruleId"] as? String == "format-type-mismatch" })
        let physical = try #require(((mismatch["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Fixtures/ReportSample/he.lproj/Localizable.strings")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 1)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 14)
        #expect((mismatch["properties"] as? [String: Any])?["locale"] as? String == "he")
        #expect((mismatch["properties"] as? [String: Any])?["key"] as? String == "greeting")
        let related = try #require(mismatch["relatedLocations"] as? [[String: Any]])
        #expect(((related.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
                == "Fixtures/ReportSample/en.lproj/Localizable.strings")
    }

    @Test func fingerprintsAreStableAndIgnoreLineNumbers() {
        var finding = ReportFixture.result.findings[0]
        let before = SARIFReporter.render(AuditResult(project: ReportFixture.result.project, findings: [finding], unreadableArguments: [],
                                                      elapsedSeconds: 0, bytesRead: 0))
        finding.location?.line += 10
        let after = SARIFReporter.render(AuditResult(project: ReportFixture.result.project, findings: [finding], unreadableArguments: [],
                                                     elapsedSeconds: 0, bytesRead: 0))
        func fingerprint(_ text: String) -> Substring? {
            guard let range = text.range(of: "\"\(SARIFReporter.fingerprintKey)\": \"") else { return nil }
            return text[range.upperBound...].prefix(16)
        }
        #expect(fingerprint(before) != nil)
        #expect(fingerprint(before) == fingerprint(after))
        // Known value: FNV-1a is fixed, so baselines made on another machine still match.
        #expect(ReportText.fingerprint(["a"]) == "af63dc4c8601ec8c")
        #expect(ReportText.fingerprint(["a", "b"]) != ReportText.fingerprint(["ab"]))
    }

    static func firstRun(_ sarif: String) throws -> [String: Any] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        return try #require((log["runs"] as? [[String: Any]])?.first)
    }

    @Test func countsInMessagesDoNotChangeTheFingerprint() {
        func fingerprint(_ message: String) -> String {
            let finding = Finding(ruleID: "locale-incomplete", severity: .warning, message: message,
                                  location: SourceLocation(file: "de.lproj/L.strings", line: 1, column: 1), locale: "de")
            let text = SARIFReporter.render(AuditResult(project: ReportFixture.result.project, findings: [finding], unreadableArguments: [],
                                                        elapsedSeconds: 0, bytesRead: 0))
            let range = text.range(of: "\"\(SARIFReporter.fingerprintKey)\": \"")!
            return String(text[range.upperBound...].prefix(16))
        }
        #expect(fingerprint("L is 40.0 % translated: 12 of 20 missing") == fingerprint("L is 45.0 % translated: 11 of 20 missing"))
        #expect(fingerprint("L is 40.0 % translated") != fingerprint("M is 40.0 % translated"))
    }

    @Test func atMost25000ResultsTheRestFoldedIntoOne() throws {
        var findings: [Finding] = []
        for i in 0..<30 {
            findings.append(Finding(ruleID: "missing-translation", severity: i < 3 ? .error : .note, message: "m\(i)",
                                    location: SourceLocation(file: "a.strings", line: i + 1, column: 1), locale: "de", key: "k\(i)"))
        }
        let result = AuditResult(project: ReportFixture.result.project, findings: findings, unreadableArguments: [], elapsedSeconds: 0, bytesRead: 0)
        let text = SARIFReporter.render(result, maxResults: 10)
        if Self.validatorUnavailable == nil {
            let check = try Self.validate(text)
            #expect(check.status == 0, "\(check.output)")
        }
        let run = try Self.firstRun(text)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 10)
        #expect(results.prefix(3).allSatisfy { $0["level"] as? String == "error" }, "the most severe are kept")
        let last = try #require(results.last)
        #expect(last["ruleId"] as? String == SARIFReporter.truncatedRuleID)
        #expect((last["message"] as? [String: Any])?["text"] as? String == "21 more findings (21 notes) are left out: code scanning takes at most 10 results per run. Run `locale-audit check` with --format json or html for all of them, or fold partial locales (coverage.complete-at).")
        #expect(SARIFReporter.maxResults == 25_000)
    }

    @Test func theDriverNamesTheICUAndCLDRVersions() throws {
        let run = try Self.firstRun(SARIFReporter.render(ReportFixture.result))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let properties = try #require(driver["properties"] as? [String: Any])
        #expect(properties["icuVersion"] as? String == ICUInfo.icuVersion)
        #expect(properties["cldrVersion"] as? String == ICUInfo.cldrVersion)
        #expect(!ICUInfo.icuVersion.isEmpty)
        let json = JSONReporter.render(ReportFixture.result)
        #expect(json.contains("\"icu\": \"\(ICUInfo.icuVersion)\""))
        #expect(json.contains("\"cldr\": \"\(ICUInfo.cldrVersion)\""))
    }

    @Test func urisArePercentEncodedAndRelativeWhereTheyCanBe() {
        #expect(ReportText.uri(forPath: "en.lproj/Info Sheet.strings") == "en.lproj/Info%20Sheet.strings")
        #expect(ReportText.uri(forPath: "日本/a#b?.strings") == "%E6%97%A5%E6%9C%AC/a%23b%3F.strings")
        #expect(ReportText.uri(forPath: "/tmp/x y") == "file:///tmp/x%20y")
        #expect(ReportText.relativePath("/work/app/en.lproj/a.strings", base: "/work/app") == "en.lproj/a.strings")
        #expect(ReportText.relativePath("/work/application/a.strings", base: "/work/app") == "/work/application/a.strings")
        #expect(ReportText.relativePath("rel/a.strings", base: "/work") == "rel/a.strings")
        let finding = Finding(ruleID: "syntax", severity: .error, message: "m",
                              location: SourceLocation(file: "/work/app/de.lproj/Info Sheet.strings", line: 2, column: 3))
        let result = AuditResult(project: ReportFixture.result.project, findings: [finding], unreadableArguments: [], elapsedSeconds: 0, bytesRead: 0)
        let text = SARIFReporter.render(result, context: ReportContext(baseDirectory: "/work/app"))
        #expect(text.contains("\"uri\": \"de.lproj/Info%20Sheet.strings\""))
        #expect(text.contains("\"uriBaseId\": \"%SRCROOT%\""))
    }

    /// Mechanical fixes: an unclosed embedding closed at the end of its value, a locale identifier
    /// written in a file rewritten in place; validated against the schema with everything else.
    @Test func mechanicalFixesNameTheirExactRegion() throws {
        let scratch = try Scratch("fixes")
        defer { scratch.remove() }
        try scratch.write("en.lproj/Localizable.strings", "\"used\" = \"%@ used\";\n")
        try scratch.write("ar.lproj/Localizable.strings", "\"used\" = \"\\U202B%@ مستخدمة\";\n")
        try scratch.write("Export/de.xliff", """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.strings" source-language="en" target-language="de-de" datatype="plaintext">
                <body><trans-unit id="used"><source>%@ used</source><target>%@ benutzt</target></trans-unit></body>
              </file>
            </xliff>

            """)
        let result = Auditor.audit(paths: [scratch.path])
        let sarif = SARIFReporter.render(result, context: ReportContext(baseDirectory: scratch.path))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let results = try #require((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        func replacement(_ rule: String) throws -> (region: [String: Int], text: String, description: String) {
            let result = try #require(results.first { $0["ruleId"] as? String == rule && $0["fixes"] != nil }, "\(rule) has a fix")
            let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
            let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
            let first = try #require((change["replacements"] as? [[String: Any]])?.first)
            return (try #require(first["deletedRegion"] as? [String: Int]),
                    try #require((first["insertedContent"] as? [String: Any])?["text"] as? String),
                    try #require((fix["description"] as? [String: Any])?["text"] as? String))
        }
        // `"used" = "\U202B%@ مستخدمة";`: the closing quote is column 27; the PDF goes before it.
        let bidi = try replacement("bidi-unbalanced")
        #expect(bidi.region == ["startLine": 1, "startColumn": 27, "endLine": 1, "endColumn": 27])
        #expect(bidi.text == "\\U202C" && bidi.description == "Close ⟨PDF⟩ at the end of the text")
        let locale = try replacement("locale-not-canonical")
        #expect(locale.text == "de-DE")
        #expect(locale.region["startLine"] == 3 && locale.region["endColumn"]! - locale.region["startColumn"]! == 5)
        if Self.validatorUnavailable == nil {
            let run = try Self.validate(sarif)
            #expect(run.status == 0, "\(run.output)")
        }
    }

    /// A fix whose file no longer holds what it expects is left out rather than written wrong.
    @Test func aFixIsLeftOutWhenTheFileDiffers() {
        let here = SourceLocation(file: "x.strings", line: 1, column: 10)
        #expect(Fix("", .replace(here, old: "de-de", new: "de-DE")).region(in: "\"a\" = \"b\"; \"fr-fr\"") == nil)
        #expect(Fix("", .insertBeforeClosingQuote(here, text: "x")).region(in: "\"a\" = b;") == nil)
        // An escaped quote does not end the string.
        let region = Fix("", .insertBeforeClosingQuote(SourceLocation(file: "x", line: 1, column: 7), text: "x")).region(in: "\"a\" = \"say \\\"hi\\\"\";")
        #expect(region?.startColumn == 18)
    }
}
