import Testing
@testable import LocaleAudit

@Suite("ICUBasics")
struct ICUBasicsTests {
    @Test func versionsComeFromTheLinkedICU() {
        #expect(ICUInfo.icuVersion.split(separator: ".").count >= 2)
        #expect(Int(ICUInfo.icuVersion.split(separator: ".")[0]) ?? 0 >= 72)
        #expect(Int(ICUInfo.unicodeVersion.split(separator: ".")[0]) ?? 0 >= 15)
        #expect(Int(ICUInfo.cldrVersion.split(separator: ".")[0]) ?? 0 >= 42)
        #expect(ICUInfo.dataSummary.hasPrefix("CLDR "))
        #expect(ICUInfo.dataSummary.contains("(ICU \(ICUInfo.icuVersion))"))
    }

    @Test func errorsCarryICUNameAndOperation() throws {
        let error = ICUError(code: 1, operation: "test call")
        #expect(error.name == "U_ILLEGAL_ARGUMENT_ERROR")
        #expect(error.description.contains("test call"))
        // Warnings (negative codes) are successes.
        #expect(throws: Never.self) { try ICUError.check(-128, "warning") }
        #expect(throws: ICUError.self) { try ICUError.check(2, "missing resource") }
        #expect(ICUError(code: 2, operation: "x").name == "U_MISSING_RESOURCE_ERROR")
    }

    @Test func unknownTransliteratorIsATypedError() {
        #expect(throws: ICUError.self) { try Transliteration(id: "No-Such-Transliterator") }
    }
}
