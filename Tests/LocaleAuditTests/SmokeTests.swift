import Testing
@testable import LocaleAudit

@Test func versionIsSemantic() {
    #expect(LocaleAuditVersion.string.split(separator: ".").count == 3)
}
