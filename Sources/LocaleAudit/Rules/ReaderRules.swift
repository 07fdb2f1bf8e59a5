// Problems the readers report while reading. They are rules too, so they have ids, severities,
// examples and docs like every other rule, and can be configured and suppressed the same way.

public struct SyntaxRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: ReaderRule.syntax, name: "Syntax error", severity: .error,
        summary: "The file does not follow its format's grammar.",
        rationale: """
        A malformed catalog fails to load at run time: the app shows raw keys or the development \
        language for every string of the table. The reader reports each error with what it expected \
        and goes on, so one run shows every error in the file.
        """,
        triggering: [
            RuleExample("A missing semicolon",
                VirtualFile("en.lproj/Localizable.strings", "\"title\" = \"Library\"↓\n\"add\" = \"Add\";\n")),
            RuleExample("A string that is never closed (reported where the file ends)",
                VirtualFile("en.lproj/Localizable.strings", "\"title\" = \"Library;\n↓")),
        ],
        nonTriggering: [
            RuleExample("Comments, the key-only shorthand and unquoted keys are all valid",
                VirtualFile("en.lproj/Localizable.strings",
                            "/* Title */\n\"title\" = \"Library\";\n// A line comment\n\"OK\";\nversion = \"1.0\";\n")),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct EncodingRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: ReaderRule.encoding, name: "Encoding error", severity: .error,
        summary: "The bytes are not valid UTF-8 or UTF-16 text.",
        rationale: """
        Catalogs must be UTF-8 or UTF-16. An invalid byte usually means a file was saved in a legacy \
        encoding (Latin-1, Windows-1252): the platform may refuse the whole table or show mojibake.
        """,
        triggering: [
            RuleExample("A Latin-1 'é' (byte 0xE9) in a UTF-8 file",
                VirtualFile("fr.lproj/Localizable.strings",
                            bytes: Array("\"title\" = \"Biblioth".utf8) + [0xE9] + Array("que\";\n".utf8),
                            shownAs: "\"title\" = \"Biblioth\\xE9que\";", markers: [(1, 20)])),
        ],
        nonTriggering: [
            RuleExample("UTF-16 with a byte order mark, as older Xcode versions wrote",
                VirtualFile("fr.lproj/Localizable.strings", "\"title\" = \"Bibliothèque\";\n", encoding: .utf16LEWithBOM)),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct DuplicateKeyRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: ReaderRule.duplicateKey, name: "Duplicate key", severity: .error,
        summary: "The same key appears twice in one table.",
        rationale: """
        The platform silently keeps one of the two values, so one translation is dead and which one \
        wins depends on the format. The finding names both places.
        """,
        triggering: [
            RuleExample("The second copy is reported, with a note at the first",
                VirtualFile("de.lproj/Localizable.strings",
                            "\"title\" = \"Bibliothek\";\n↓\"title\" = \"Bücherei\";\n")),
        ],
        nonTriggering: [
            RuleExample("Keys that differ only in case are different keys",
                VirtualFile("de.lproj/Localizable.strings", "\"title\" = \"Bibliothek\";\n\"Title\" = \"Bibliothek\";\n")),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct UnreadableRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: ReaderRule.unreadable, name: "Unreadable file or folder", severity: .error,
        summary: "A catalog file or folder could not be read (permission, size limit, broken link, link loop).",
        rationale: """
        What cannot be read cannot be checked: the finding names the path and the reason, and the run \
        goes on with the other files.
        """,
        triggering: [
            RuleExample("A symbolic link to a catalog that is not there",
                VirtualFile("de.lproj/Localizable.strings", symlinkTo: "../../elsewhere/Localizable.strings", markedAtStart: true)),
        ],
        nonTriggering: [
            RuleExample("A readable catalog",
                VirtualFile("en.lproj/Localizable.strings", "\"title\" = \"Library\";\n")),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}
