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
                .strings("en", "\"title\" = \"Library\"↓\n\"add\" = \"Add\";\n")),
            RuleExample("A string that is never closed (reported where the file ends)",
                .strings("en", "\"title\" = \"Library;\n↓")),
            RuleExample("A String Catalog without \"version\", which Xcode refuses to compile (reported at the top-level object)",
                VirtualFile("Localizable.xcstrings", "↓{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Library\" : {}\n  }\n}\n")),
        ],
        nonTriggering: [
            RuleExample("Comments, the key-only shorthand and unquoted keys are all valid",
                .strings("en",
                            "/* Title */\n\"title\" = \"Library\";\n// A line comment\n\"OK\";\nversion = \"1.0\";\n")),
            RuleExample("A String Catalog as Xcode writes it",
                .catalog(strings: #""Library" : {}"#)),
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
                .strings("fr", "\"title\" = \"Bibliothèque\";\n", encoding: .utf16LEWithBOM)),
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
                .strings("de",
                            "\"title\" = \"Bibliothek\";\n↓\"title\" = \"Bücherei\";\n")),
        ],
        nonTriggering: [
            RuleExample("Keys that differ only in case are different keys",
                .strings("de", "\"title\" = \"Bibliothek\";\n\"Title\" = \"Bibliothek\";\n")),
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
                .strings("en", "\"title\" = \"Library\";\n")),
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
                .xliff2("Translations/fr.xlf", target: "fr", state: "↓done", translation: "Bibliothèque")),
        ],
        nonTriggering: [
            RuleExample("A reviewed segment with a paired code",
                .xliff2("Translations/fr.xlf", target: "fr", state: "reviewed",
                        source: #"<sc id="1"/>Library<ec startRef="1"/>"#, translation: #"<sc id="1"/>Bibliothèque<ec startRef="1"/>"#)),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct XCStringsInvalidRule: Rule {
    public static let id = "xcstrings-invalid"
    public init() {}

    /// One key with only an English localization: the shape most examples vary inside.
    private static func english(_ key: String, _ localization: String) -> String {
        catalogKey(key, ("en", jsonObject(localization)))
    }

    public static let description = RuleDescription(
        id: XCStringsInvalidRule.id, name: "String Catalog Xcode cannot build", severity: .error,
        summary: "A String Catalog shape that Xcode's compiler rejects, or that its XLIFF export and import lose: variations nested where Xcode allows none, a substitution or plural case without a string unit, a %#@name@ naming no substitution, a string unit next to variations, a key that reads like a variation's XLIFF id.",
        rationale: """
        The "Compile String Catalog" build step (xcstringstool) stops the build on each of these, with \
        messages such as "Plural case cannot be further varied", "Fallback value cannot be further varied", \
        "Referencing undefined substitution 'count'" or "Missing required key 'stringUnit'"; the JSON is \
        valid, so a hand edit, a merge or a translation tool's output passes every JSON check and fails only \
        in Xcode. Xcode varies a localization by plural, or by device and then by plural inside a device \
        case other than `other`; a substitution varies by plural only and lives next to the localization's \
        string unit or variations. Two shapes compile but lose translations on a round trip: a `stringUnit` \
        next to `variations`, or a plural next to a device variation, is exported as only one of them and the \
        import deletes the other; and a key ending like a variation's XLIFF id (`Photos|==|plural.one`) is \
        exported but its translation is dropped on import (a warning), or stops the export when the key \
        before `|==|` has that variation (an error). The finding sits at the member Xcode rejects.
        """,
        triggering: [
            RuleExample("A plural case varied again by device (Xcode: \"Plural case cannot be further varied\")",
                .catalog(strings: english("%lld photos", """
                    "variations" : {
                      "plural" : {
                        "one" : {
                          ↓"variations" : {
                            "device" : {
                              "iphone" : \(stringUnit("%lld photo on this iPhone")),
                              "other" : \(stringUnit("%lld photo"))
                            }
                          }
                        },
                        "other" : \(stringUnit("%lld photos"))
                      }
                    }
                    """))),
            RuleExample("The device fallback `other` varied by plural (Xcode: \"Fallback value cannot be further varied\")",
                .catalog(strings: english("%lld photos", """
                    "variations" : {
                      "device" : {
                        "ipad" : \(stringUnit("%lld photos on this iPad")),
                        "other" : {
                          ↓"variations" : {
                            "plural" : {
                              "one" : \(stringUnit("%lld photo")),
                              "other" : \(stringUnit("%lld photos"))
                            }
                          }
                        }
                      }
                    }
                    """))),
            RuleExample("A device variation inside a device case",
                .catalog(strings: english("Tap here", """
                    "variations" : {
                      "device" : {
                        "iphone" : {
                          ↓"variations" : {
                            "device" : {
                              "ipad" : \(stringUnit("Tap here")),
                              "other" : \(stringUnit("Tap"))
                            }
                          }
                        },
                        "other" : \(stringUnit("Click here"))
                      }
                    }
                    """))),
            RuleExample("A localization with substitutions but no string unit to name them, and a substitution case without one",
                .catalog(strings: """
                    "%lld books" : {
                      "localizations" : {
                        "en" : {
                          "stringUnit" : { "state" : "translated", "value" : "%#@books@" },
                          "substitutions" : {
                            "books" : {
                              "argNum" : 1,
                              "formatSpecifier" : "lld",
                              "variations" : {
                                "plural" : {
                                  "one" : ↓{ },
                                  "other" : \(stringUnit("%arg books"))
                                }
                              }
                            }
                          }
                        },
                        "de" : ↓{
                          "substitutions" : {
                            "books" : {
                              "argNum" : 1,
                              "formatSpecifier" : "lld",
                              "variations" : {
                                "plural" : {
                                  "other" : \(stringUnit("%arg Bücher"))
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                    """)),
            RuleExample("A %#@name@ that names no substitution (Xcode: \"Referencing undefined substitution\"), here a misspelt one",
                .catalog(strings: english("%lld books on %lld shelves", """
                    "stringUnit" : { "state" : "translated", "value" : ↓"%#@books@ on %#@shelfs@" },
                    "substitutions" : {
                      "books" : {
                        "argNum" : 1,
                        "formatSpecifier" : "lld",
                        "variations" : { "plural" : { "other" : \(stringUnit("%arg books")) } }
                      },
                      "shelves" : {
                        "argNum" : 2,
                        "formatSpecifier" : "lld",
                        "variations" : { "plural" : { "other" : \(stringUnit("%arg shelves")) } }
                      }
                    }
                    """))),
            RuleExample("Substitutions written inside a device case, where the compiler does not look for them",
                .catalog(strings: english("%lld photos", """
                    "variations" : {
                      "device" : {
                        "iphone" : \(stringUnit("%lld photos")),
                        "other" : {
                          "stringUnit" : { "state" : "translated", "value" : "%#@photos@" },
                          ↓"substitutions" : {
                            "photos" : {
                              "argNum" : 1,
                              "formatSpecifier" : "lld",
                              "variations" : { "plural" : { "other" : \(stringUnit("%arg photos")) } }
                            }
                          }
                        }
                      }
                    }
                    """))),
            RuleExample("A string unit next to variations, and a plural next to a device variation: Xcode's export keeps one of each pair",
                .catalog(strings: english("%lld files", """
                    ↓"stringUnit" : { "state" : "translated", "value" : "%lld files" },
                    "variations" : {
                      "plural" : {
                        "one" : \(stringUnit("%lld file")),
                        "other" : \(stringUnit("%lld files"))
                      },
                      ↓"device" : {
                        "mac" : \(stringUnit("%lld files on this Mac")),
                        "other" : \(stringUnit("%lld files"))
                      }
                    }
                    """))),
            RuleExample("Keys that end like a variation's XLIFF id: a warning, and an error where the key before `|==|` has that plural case",
                .catalog(strings: catalogKey("Photos", ("en", pluralLocalization(("one", "%lld photo"), ("other", "%lld photos")))), """
                    ↓"Photos|==|plural.one" : {
                      "comment" : "Title of the one-photo album"
                    },
                    ↓"Settings|==|device.mac" : {
                      "comment" : "Settings on a Mac"
                    }
                    """)),
        ],
        nonTriggering: [
            RuleExample("Device first, a plural inside a device case, and the fallback naming a substitution of the localization: Xcode's own shape",
                .catalog(strings: english("%lld photos", """
                    "variations" : {
                      "device" : {
                        "ipad" : {
                          "variations" : {
                            "plural" : {
                              "one" : \(stringUnit("%lld photo on this iPad")),
                              "other" : \(stringUnit("%lld photos on this iPad"))
                            }
                          }
                        },
                        "other" : \(stringUnit("%#@photos@"))
                      }
                    },
                    "substitutions" : {
                      "photos" : {
                        "argNum" : 1,
                        "formatSpecifier" : "lld",
                        "variations" : {
                          "plural" : {
                            "one" : \(stringUnit("%arg photo")),
                            "other" : \(stringUnit("%arg photos"))
                          }
                        }
                      }
                    }
                    """))),
            RuleExample("Two substitutions named by position, a plural case that names one, and text with # and @ that names none",
                .catalog(strings: """
                    "%lld books on %lld shelves" : {
                      "localizations" : {
                        "en" : {
                          "stringUnit" : { "state" : "translated", "value" : "%1$#@books@ on %2$#@shelves@" },
                          "substitutions" : {
                            "books" : {
                              "argNum" : 1,
                              "formatSpecifier" : "lld",
                              "variations" : { "plural" : { "other" : \(stringUnit("%arg books")) } }
                            },
                            "shelves" : {
                              "argNum" : 2,
                              "formatSpecifier" : "lld",
                              "variations" : { "plural" : { "other" : \(stringUnit("%arg shelves")) } }
                            }
                          }
                        }
                      }
                    }
                    """, catalogKey("Mention #@team", ("en", stringUnit("Mention #@team in a post"))))),
            RuleExample("Keys with |==| that end in no variation Xcode knows",
                .catalog(strings: """
                    "literal|==|text" : {
                      "comment" : "A separator in a key is fine"
                    },
                    "plain|==|plural.several" : {
                      "comment" : "Not a plural category"
                    },
                    "plain|==|unknown.x" : {
                    }
                    """)),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}

public struct LocaleMismatchRule: Rule {
    public static let id = "locale-mismatch"
    public init() {}

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
                .xliff("de.xcloc/Localized Contents/de.xliff", target: "↓fr")),
            RuleExample("A French XLIFF in the German .lproj folder",
                .xliff("de.lproj/Localizable.xliff", target: "↓fr")),
            RuleExample("A file named after Dutch that declares German",
                .xliff("src/xliff/nl.xliff", target: "↓de", text: "Bibliothek")),
            RuleExample("A parent folder named after Czech, an XLIFF 2 that declares Slovak",
                .xliff2("cs/app.xlf", target: "↓sk", translation: "Knižnica")),
            RuleExample("One locale under two identifiers: a zh-CN folder, a zh-Hans target (a note)",
                .xliff("zh-CN/focus-ios.xliff", target: "↓zh-Hans", text: "图书馆")),
        ],
        nonTriggering: [
            RuleExample("Bundle and XLIFF agree",
                VirtualFile("de.xcloc/contents.json", """
                    {"developmentRegion": "en", "targetLocale": "de", "toolInfo": {"toolName": "Xcode"}, "version": "1.0"}

                    """),
                .xliff("de.xcloc/Localized Contents/de.xliff", target: "de", text: "Bibliothek")),
            RuleExample("A file and folder that agree up to case and underscore; xliff/ names no locale",
                .xliff("xliff/pt_BR.xliff", target: "pt-br", text: "Biblioteca")),
            RuleExample("templates/ is not a locale",
                .xliff("templates/focus-ios.xliff", target: "en", text: "Library")),
            RuleExample("A parent folder that agrees",
                .xliff("de/focus-ios.xliff", target: "de", text: "Bibliothek")),
        ],
        reportedByReaders: true)
    public func check(_ context: RuleContext) -> [Finding] { [] }
}
