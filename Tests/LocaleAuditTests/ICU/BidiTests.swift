import Testing
@testable import LocaleAudit

@Suite("Bidi")
struct BidiTests {
    @Test func paragraphDirectionFromFirstStrongCharacter() throws {
        #expect(try Bidi.paragraphDirection(of: "Hello") == .leftToRight)
        #expect(try Bidi.paragraphDirection(of: "שלום world") == .rightToLeft)
        #expect(try Bidi.paragraphDirection(of: "123 مرحبا") == .rightToLeft)
        #expect(try Bidi.paragraphDirection(of: "123 !?") == nil)
        #expect(try Bidi.paragraphDirection(of: "") == nil)
        // Isolated text does not decide the paragraph: FSI … PDI around Hebrew, then English.
        #expect(try Bidi.paragraphDirection(of: "\u{2068}שלום\u{2069} is hello") == .leftToRight)
        #expect(try Bidi.paragraphDirection(of: "\u{2066}abc\u{2069}") == nil)
    }

    @Test func runsHaveUTF16Ranges() throws {
        let runs = try Bidi.runs(of: "abc שלום def")
        #expect(runs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(runs.map(\.location) == [0, 4, 8])
        #expect(runs.map(\.length) == [4, 4, 4])
        #expect(runs.map(\.level) == [0, 1, 0])

        let rtl = try Bidi.runs(of: "😀 عربي", baseDirection: .rightToLeft)
        #expect(rtl.first?.location == 0)
        #expect(rtl.reduce(0) { $0 + $1.length } == 7)
        #expect(try Bidi.runs(of: "") == [])
    }
}
