import ArgumentParser
import LocaleAudit

@main
struct LocaleAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locale-audit",
        abstract: "Audit the localization catalogs of Apple-platform apps.",
        version: LocaleAuditVersion.string
    )
}
