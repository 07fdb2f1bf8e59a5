import Testing
@testable import LocaleAudit

/// What `plural-missing-category` asks for, beyond where its findings land (the rule examples).
@Suite struct PluralCategoryTests {
    static func messages(_ files: VirtualFile...) throws -> [String] {
        var example = RuleExample("")
        example.files = files
        return try RuleExampleRunner.run(example, ruleID: PluralMissingCategoryRule.description.id).findings.map(\.message)
    }

    /// "1 بايت" where "$1 بايت" was meant shows a number for every count: Arabic needs every category
    /// a number takes, not only the `one` and `two` of a plural without numbers.
    @Test func anOtherFormThatWritesItsOwnNumberNeedsEveryCategory() throws {
        let messages = try Self.messages(
            stringsdictExample("en.lproj/Localizable.stringsdict", format: "Added %#@count@", forms: [("one", "%d byte"), ("other", "%d bytes")]),
            stringsdictExample("ar.lproj/Localizable.stringsdict", format: "إضافة %#@count@", forms: [("other", "1 بايت")]))
        #expect(messages.count == 1)
        #expect(messages.first.map { ["'zero'", "'one'", "'two'", "'few'", "'many'"].allSatisfy($0.contains) } == true, "\(messages)")
    }

    /// Without any number in its forms ("Delete this list?"), only `one` and a dual `two` differ.
    @Test func formsWithoutNumbersNeedOnlyOneAndTwo() throws {
        let messages = try Self.messages(
            stringsdictExample("en.lproj/Localizable.stringsdict", format: "Delete %#@count@?", forms: [("one", "this list"), ("other", "these lists")]),
            stringsdictExample("ar.lproj/Localizable.stringsdict", format: "حذف %#@count@؟", forms: [("other", "هذه القوائم")]))
        #expect(messages.count == 1)
        #expect(messages.first.map { $0.contains("'one'") && $0.contains("'two'") && !$0.contains("'few'") } == true, "\(messages)")
    }
}
