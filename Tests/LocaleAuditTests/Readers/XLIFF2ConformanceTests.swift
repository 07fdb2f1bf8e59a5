import Foundation
import Testing
@testable import LocaleAudit

/// The OASIS XLIFF 2.1 and 2.2 test suites (`../shared/corpus/oasis-tcs+xliff-xliff-22`): every file in a
/// `valid` folder reads without a finding; every file in an `invalid` folder gives at least one, except
/// the ones listed in `acceptedInvalid`.
@Suite struct XLIFF2ConformanceTests {
    static let suites = TestPaths.corpus.appendingPathComponent("oasis-tcs+xliff-xliff-22")
    static var present: Bool { FileManager.default.fileExists(atPath: suites.path) }

    /// Invalid files this reader accepts on purpose, by file name (same in 2.1 and 2.2), with why.
    static let acceptedInvalid: [String: String] = [
        "bad_WrongReordering2.xlf": "code order in the target against canReorder sequences is not compared",
        "Bad-ctr-property-not-legit-category.xlf": "change-tracking module: property values are not validated",
        "Bad-ctr_appliesTo-not-using-ref-to-resolvableID.xlf": "change-tracking module: references are not resolved",
        "Bad-ctr_property-not-content-or-valid-attribute-ref.xlf": "change-tracking module: property values are not validated",
        "Bad-ctr_ref-not-pointed-to-resolvableID.xlf": "change-tracking module: references are not resolved",
        "Bad-ctr_revisions-not-using-ref-to-resolvableID.xlf": "change-tracking module: references are not resolved",
        "Bad-gls_glossEntry-w-o-translation-or-definition.xlf": "glossary module: entry content is not validated",
        "Bad-gls_invalid-extension.xlf": "glossary module: which extensions a glossEntry may hold is not validated",
        "Bad-mtc_wrong-ref-value.xlf": "matches module: match references are not resolved",
        "Bad-res_source-has-content-and-href.xlf": "resource-data module: resource content is not validated",
        "Bad-res_source-xml_lang-not-same-as-xliff.xlf": "resource-data module: resource languages are not compared",
        "Bad-slr_sizeInfoRef-has-no-data-sib.xlf": "size-restriction module: profile data is not validated",
        "Bad-slr_sizeInfo-not-integer.xlf": "size-restriction module: sizeInfo's form depends on the profile, not read",
        "Bad-slr_sizeRestriction-patterns.xlf": "size-restriction module: restriction patterns are not validated",
        "Bad-slr_storageRestriction-patterns.xlf": "size-restriction module: restriction patterns are not validated",
    ]

    /// The one file in a `valid` folder that is not namespace-well-formed.
    static let notWellFormed = "xliff-22/test-suite/modules/valid/Good-pgs_plural.xlf"

    static func files(_ kind: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: suites.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { ($0.hasSuffix(".xlf") || $0.hasSuffix(".xliff")) && $0.split(separator: "/").contains(Substring(kind)) }
            .sorted()
    }

    static func read(_ relative: String) throws -> ReadResult {
        let bytes = try [UInt8](Data(contentsOf: suites.appendingPathComponent(relative)))
        return XLIFFReader.read(bytes, context: ReadContext(path: relative, locale: nil, table: "t"), bundle: nil)
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func validFilesReadWithoutFindings() throws {
        let files = Self.files("valid") + Self.files("in-out")
        #expect(files.count > 100)
        for file in files where file != Self.notWellFormed {
            let result = try Self.read(file)
            #expect(result.findings.isEmpty, "\(file): \(result.findings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" })")
            #expect(!result.tables.isEmpty, "\(file): no table")
        }
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func unboundPrefixIsReportedPrecisely() throws {
        let result = try Self.read(Self.notWellFormed)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.ruleID == ReaderRule.syntax)
        #expect(finding.location?.line == 4 && finding.location?.column == 17)
        #expect(finding.message.contains("unbound namespace prefix 'pgs'"))
    }

    @Test(.enabled(if: present, "the shared corpus (../shared/corpus) is not on this machine"))
    func invalidFilesGiveAFinding() throws {
        let files = Self.files("invalid")
        #expect(files.count > 300)
        var missed: [String] = []
        for file in files {
            let name = String(file.split(separator: "/").last!)
            let result = try Self.read(file)
            if Self.acceptedInvalid[name] != nil {
                continue
            }
            #expect(result.findings.allSatisfy { $0.location != nil }, "\(file): a finding without a location")
            if result.findings.isEmpty { missed.append(file) }
        }
        #expect(missed.isEmpty, "invalid files read without a finding: \(missed)")
    }
}
