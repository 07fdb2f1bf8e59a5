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
            RuleExample("A String Catalog without \"version\", which Xcode refuses to compile (reported at the top-level object)",
                VirtualFile("Localizable.xcstrings", "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Library\" : {}\n  }\n}\n")),
        ],
        nonTriggering: [
            RuleExample("Comments, the key-only shorthand and unquoted keys are all valid",
                VirtualFile("en.lproj/Localizable.strings",
                            "/* Title */\n\"title\" = \"Library\";\n// A line comment\n\"OK\";\nversion = \"1.0\";\n")),
            RuleExample("A String Catalog as Xcode writes it",
                VirtualFile("Localizable.xcstrings",
                            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Library\" : {}\n  },\n  \"version\" : \"1.0\"\n}\n")),
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

public struct XLIFFInvalidRule: Rule {
    public static let id = "xliff-invalid"
    public init() {}
    public static let description = RuleDescription(
        id: XLIFFInvalidRule.id, name: "Invalid XLIFF 2", severity: .error,
        summary: "An XLIFF 2.x file breaks a constraint of the specification (ids, inline codes, references, states, languages).",
        rationale: """
        Tools that validate XLIFF 2 reject such a file, or drop the broken part when they merge it back: \
        a code without its pair, a reference to nothing or an unknown state is usually a hand edit gone \
        wrong. Problems that stop the file from being read at all are syntax errors instead.
        """,
        triggering: [
            RuleExample("A segment state the specification does not define",
                VirtualFile("Translations/fr.xlf", """
                    <?xml version="1.0"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
                     <file id="f1">
                      <unit id="title">
                       <segment state="↓done">
                        <source>Library</source>
                        <target>Bibliothèque</target>
                       </segment>
                      </unit>
                     </file>
                    </xliff>

                    """)),
        ],
        nonTriggering: [
            RuleExample("A reviewed segment with a paired code",
                VirtualFile("Translations/fr.xlf", """
                    <?xml version="1.0"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">
                     <file id="f1">
                      <unit id="title">
                       <segment state="reviewed">
                        <source><sc id="1"/>Library<ec startRef="1"/></source>
                        <target><sc id="1"/>Bibliothèque<ec startRef="1"/></target>
                       </segment>
                      </unit>
                     </file>
                    </xliff>

                    """)),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct LocaleMismatchRule: Rule {
    public static let id = "locale-mismatch"
    public init() {}

    /// A one-unit Xcode XLIFF 1.2 whose target-language is `target` (`↓` may precede it).
    private static func xliff(target: String, text: String = "Bibliothèque") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="en.lproj/Localizable.strings" source-language="en" target-language="\(target)" datatype="plaintext">
            <body>
              <trans-unit id="title" xml:space="preserve">
                <source>Library</source>
                <target>\(text)</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
    }

    public static let description = RuleDescription(
        id: LocaleMismatchRule.id, name: "Declared locale disagrees with its place", severity: .warning,
        summary: "An XLIFF's declared language names another locale than the .xcloc contents.json, .lproj folder, file name or parent folder it sits in.",
        rationale: """
        Xcode imports an .xcloc bundle by its contents.json, translation tools and import scripts often go \
        by the folder or file name, and others by the XLIFF's declared languages: when they disagree, the \
        translations land in the wrong locale or the import fails. The target-language (XLIFF 2: trgLang) \
        is compared with each place; in a bundle, source-language with developmentRegion too. A folder or \
        file names a locale when its name is a language tag whose language subtag is registered and known \
        to ICU (`nl.xliff`, `pt_BR.xlf`, `cs/`, `de.lproj`), so `xliff/`, `src/` and `templates/` do not. \
        Identifiers that \
        differ only in case or `_`/`-` agree (their spelling is the BCP 47 rules' business). Different \
        identifiers of one locale by ICU's likely subtags, such as Mozilla's `zh-CN/` folder for \
        `target-language="zh-Hans"` or `sv-SE/` for `sv`, are reported as a note: the mapping is usually \
        deliberate, but anything that looks for one name misses the other. Inside an .xcloc bundle only \
        contents.json is compared, since Xcode names the XLIFF after it.
        """,
        triggering: [
            RuleExample("The bundle says German, the XLIFF says French",
                VirtualFile("de.xcloc/contents.json", """
                    {"developmentRegion": "en", "targetLocale": "de", "toolInfo": {"toolName": "Xcode"}, "version": "1.0"}

                    """),
                VirtualFile("de.xcloc/Localized Contents/de.xliff", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                      <file original="en.lproj/Localizable.strings" source-language="en" target-language="↓fr" datatype="plaintext">
                        <body>
                          <trans-unit id="title" xml:space="preserve">
                            <source>Library</source>
                            <target>Bibliothèque</target>
                          </trans-unit>
                        </body>
                      </file>
                    </xliff>

                    """)),
            RuleExample("A French XLIFF in the German .lproj folder",
                VirtualFile("de.lproj/Localizable.xliff", xliff(target: "↓fr"))),
            RuleExample("A file named after Dutch that declares German",
                VirtualFile("src/xliff/nl.xliff", xliff(target: "↓de", text: "Bibliothek"))),
            RuleExample("A parent folder named after Czech, an XLIFF 2 that declares Slovak",
                VirtualFile("cs/app.xlf", """
                    <?xml version="1.0"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="↓sk">
                     <file id="f1">
                      <unit id="title">
                       <segment>
                        <source>Library</source>
                        <target>Knižnica</target>
                       </segment>
                      </unit>
                     </file>
                    </xliff>

                    """)),
            RuleExample("One locale under two identifiers: a zh-CN folder, a zh-Hans target (a note)",
                VirtualFile("zh-CN/focus-ios.xliff", xliff(target: "↓zh-Hans", text: "图书馆"))),
        ],
        nonTriggering: [
            RuleExample("Bundle and XLIFF agree",
                VirtualFile("de.xcloc/contents.json", """
                    {"developmentRegion": "en", "targetLocale": "de", "toolInfo": {"toolName": "Xcode"}, "version": "1.0"}

                    """),
                VirtualFile("de.xcloc/Localized Contents/de.xliff", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                      <file original="en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                        <body>
                          <trans-unit id="title" xml:space="preserve">
                            <source>Library</source>
                            <target>Bibliothek</target>
                          </trans-unit>
                        </body>
                      </file>
                    </xliff>

                    """)),
            RuleExample("A file and folder that agree up to case and underscore; xliff/ names no locale",
                VirtualFile("xliff/pt_BR.xliff", xliff(target: "pt-br", text: "Biblioteca"))),
            RuleExample("templates/ is not a locale",
                VirtualFile("templates/focus-ios.xliff", xliff(target: "en", text: "Library"))),
            RuleExample("A parent folder that agrees",
                VirtualFile("de/focus-ios.xliff", xliff(target: "de", text: "Bibliothek"))),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}
