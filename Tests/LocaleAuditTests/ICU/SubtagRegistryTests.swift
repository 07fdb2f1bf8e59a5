import Testing
@testable import LocaleAudit

@Suite("SubtagRegistry")
struct SubtagRegistryTests {
    @Test func statusesFromCLDRValidityData() throws {
        #expect(try SubtagRegistry.status(of: "419", kind: .region) == .macroregion)
        #expect(try SubtagRegistry.status(of: "BR", kind: .region) == .regular)
        #expect(try SubtagRegistry.status(of: "CS", kind: .region) == .deprecated)
        #expect(try SubtagRegistry.status(of: "iw", kind: .language) == .deprecated)
        #expect(try SubtagRegistry.status(of: "en", kind: .language) == .regular)
        #expect(try SubtagRegistry.status(of: "Hans", kind: .script) == .regular)
        #expect(try SubtagRegistry.status(of: "hans", kind: .script) == .regular)
        #expect(try SubtagRegistry.status(of: "Qaaa", kind: .script) == .reserved)
        #expect(try SubtagRegistry.status(of: "Qaaq", kind: .script) == .privateUse)
        #expect(try SubtagRegistry.status(of: "XA", kind: .region) == .special)
        #expect(try SubtagRegistry.status(of: "und", kind: .language) == .unknown)
        #expect(try SubtagRegistry.status(of: "Zzzz", kind: .script) == .unknown)
        #expect(try SubtagRegistry.status(of: "1901", kind: .variant) == .regular)
        #expect(try SubtagRegistry.status(of: "xx", kind: .language) == nil)
        #expect(try SubtagRegistry.status(of: "QQ", kind: .region) == .reserved)
        #expect(try SubtagRegistry.status(of: "OO", kind: .region) == nil)
        #expect(try SubtagRegistry.status(of: "EU", kind: .region) == .macroregion)
    }

    @Test func rangesAreExpanded() throws {
        // "aaa~i" in the data means aaa through aai.
        #expect(try SubtagRegistry.status(of: "aae", kind: .language) == .regular)
        #expect(try SubtagRegistry.status(of: "qaa", kind: .language) == .reserved)
        #expect(try SubtagRegistry.status(of: "qtz", kind: .language) == .privateUse)
        #expect(SubtagRegistry.expandRange("aaa~c") == ["aaa", "aab", "aac"])
        #expect(SubtagRegistry.expandRange("001~3") == ["001", "002", "003"])
        #expect(SubtagRegistry.expandRange("Hans") == ["Hans"])
        let registry = try SubtagRegistry.shared()
        // Sizes quoted in the ICU notes for CLDR 42; newer data only grows.
        #expect(registry.count(of: .language) >= 8_000)
        #expect(registry.count(of: .script) >= 200)
        #expect(registry.count(of: .region) >= 300)
    }

    /// Runs are kept as ranges: every code of every entry, expanded, has the status a dictionary of
    /// every expanded code gives (the last entry that names it wins), and the counts agree.
    @Test func rangesKeptAsRangesAnswerAsExpandedCodes() throws {
        let registry = try SubtagRegistry.shared()
        for kind in SubtagKind.allCases {
            var expanded: [String: SubtagStatus] = [:]
            for (status, item) in try SubtagRegistry.dump("supplementalData", "idValidity/\(kind.rawValue)") {
                guard let status = SubtagStatus(rawValue: status) else { continue }
                for code in SubtagRegistry.expandRange(item) { expanded[code.asciiLowercased] = status }
            }
            #expect(registry.count(of: kind) == expanded.count, "\(kind)")
            let mismatched = expanded.filter { registry.status(of: $0.key.uppercased(), kind: kind) != $0.value }
            #expect(mismatched.isEmpty, "\(kind): \(mismatched.prefix(5))")
            // A code next to a run, outside it, is not taken for one of its codes.
            #expect(registry.status(of: "zzzz9", kind: kind) == nil)
        }
    }

    @Test func aliasesWithReplacementAndReason() throws {
        let cs = try #require(try SubtagRegistry.alias(of: "CS", kind: .region))
        #expect(cs.replacement == "RS ME")
        #expect(cs.reason == "deprecated")
        let iw = try #require(try SubtagRegistry.alias(of: "iw", kind: .language))
        #expect(iw.replacement == "he")
        #expect(try SubtagRegistry.alias(of: "sh", kind: .language)?.replacement == "sr_Latn")
        #expect(try SubtagRegistry.alias(of: "aa-saaho", kind: .language)?.replacement == "ssy")
        #expect(try SubtagRegistry.alias(of: "Qaai", kind: .script)?.replacement == "Zinh")
        #expect(try SubtagRegistry.alias(of: "en", kind: .language) == nil)
    }

    @Test func unicodeExtensionTypes() throws {
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "ca", type: "gregory"))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "nu", type: "arab"))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "co", type: "phonebk"))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "kn", type: ""))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "tz", type: "usnyc"))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "ca", type: "islamic-civil"))
        #expect(try SubtagRegistry.isValidUnicodeExtension(key: "dx", type: "thai"))
        #expect(try !SubtagRegistry.isValidUnicodeExtension(key: "nu", type: "xxxx"))
        #expect(try !SubtagRegistry.isValidUnicodeExtension(key: "ca", type: "gregorian"))
        #expect(try !SubtagRegistry.isValidUnicodeExtension(key: "zz", type: "abc"))
    }
}
