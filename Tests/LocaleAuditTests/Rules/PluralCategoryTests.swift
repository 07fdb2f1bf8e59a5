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

/// `plural-variable-reference` on a reference broken apart by spaces (DuckDuckGo's cs, et, fr and lt
/// SyncUI tables write "%# @sites @").
@Suite struct SpacedVariableReferenceTests {
    @Test func theReferenceAsWrittenIsFound() {
        #expect(PluralVariableReferenceRule.spacedReference(to: "sites", in: "%# @sites @") == "%# @sites @")
        #expect(PluralVariableReferenceRule.spacedReference(to: "sites", in: "Synced %1$# @ sites@ now") == "%1$# @ sites@")
        #expect(PluralVariableReferenceRule.spacedReference(to: "sites", in: "%#@sites@") == nil)
        #expect(PluralVariableReferenceRule.spacedReference(to: "sites", in: "%# @pages @") == nil)
        #expect(PluralVariableReferenceRule.spacedReference(to: "sites", in: "50 % @sites @") == nil)
    }

    @Test func oneFindingAtTheFormatInsteadOfAnUnnamedVariable() throws {
        var example = RuleExample("")
        example.files = [stringsdictExample("et.lproj/Localizable.stringsdict", format: "%# @count @", forms: [("one", "%d sait"), ("other", "%d saiti")])]
        let findings = try RuleExampleRunner.run(example, ruleID: PluralVariableReferenceRule.description.id).findings
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.message.contains("breaks the reference %#@count@ apart with spaces") == true)
        // At the format (the rule's example marks it there); not at the variable.
        #expect(findings.first?.location?.line == 7)
    }
}
