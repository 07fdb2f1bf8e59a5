// Builders for the files rule examples are made of: each example then writes only its own data, not the
// String Catalog, property list or XLIFF around it. docs/rules.md shows the text they write, and every
// example that uses one changes with it.
//
// In the JSON and property-list builders, a key, locale or value that starts with `↓` gets the marker in
// front of its quote or element, where a finding about it lands.

extension VirtualFile {
    /// A String Catalog as Xcode writes it (two spaces a level, no newline at the end) whose `strings`
    /// object holds `keys`: members written from column 0, such as `catalogKey(…)` returns.
    static func catalog(_ path: String = "Localizable.xcstrings", sourceLanguage: String = "en",
                        strings keys: String...) -> VirtualFile {
        VirtualFile(path, """
            {
              "sourceLanguage" : \(jsonString(sourceLanguage)),
              "strings" : {
            \(indented(keys.joined(separator: ",\n"), by: "    "))
              },
              "version" : "1.0"
            }
            """)
    }

    /// A property list (an `Info.plist`, a `.stringsdict`) whose top-level dictionary holds `body`,
    /// written from column 0 and indented with a tab as Xcode does.
    static func plist(_ path: String, dict body: String) -> VirtualFile {
        VirtualFile(path, """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(indented(body, by: "\t"))
            </dict>
            </plist>

            """)
    }

    /// A property list of string values, such as an `Info.plist`'s prompts; a `↓` value marks its `<string>`.
    static func plist(_ path: String, strings entries: [(key: String, value: String)]) -> VirtualFile {
        plist(path, dict: entries.map { "<key>\($0.key)</key>\n\(marked($0.value) { "<string>\($0)</string>" })" }
            .joined(separator: "\n"))
    }

    /// An Xcode XLIFF 1.2 export of one unit, `title` ("Library"), translated as `text` into `target`.
    /// Attribute values are written as given, so a `↓` in `target` lands inside its quotes.
    static func xliff(_ path: String, target: String, text: String = "Bibliothèque") -> VirtualFile {
        VirtualFile(path, """
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

            """)
    }

    /// An XLIFF 2.0 file of one unit, `title`, with one segment (its `state` when given) translated into
    /// `target`; as above, a `↓` in `target` or `state` lands inside the quotes.
    static func xliff2(_ path: String, target: String, state: String? = nil, source: String = "Library",
                       translation: String) -> VirtualFile {
        VirtualFile(path, """
            <?xml version="1.0"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="\(target)">
             <file id="f1">
              <unit id="title">
               <segment\(state.map { " state=\"\($0)\"" } ?? "")>
                <source>\(source)</source>
                <target>\(translation)</target>
               </segment>
              </unit>
             </file>
            </xliff>

            """)
    }
}

/// A `strings` member of a String Catalog: `key` with one localization per (locale, value), where a
/// value is JSON (`stringUnit(…)`, `pluralLocalization(…)`, `jsonObject(…)`); `comment` comes first, as in Xcode.
func catalogKey(_ key: String, comment: String? = nil, _ localizations: (locale: String, value: String)...) -> String {
    let members = localizations.map { "\(jsonString($0.locale)) : \($0.value)" }.joined(separator: ",\n")
    return "\(jsonString(key)) : " + jsonObject((comment.map { "\"comment\" : \(jsonString($0)),\n" } ?? "")
        + "\"localizations\" : " + jsonObject(members))
}

/// A string unit on one line (translated unless `state` says otherwise), the value of a
/// localization or of a variation case.
func stringUnit(_ value: String, state: String = "translated") -> String {
    #"{ "stringUnit" : { "state" : \#(jsonString(state)), "value" : \#(jsonString(value)) } }"#
}

/// A localization varied by plural: one translated string unit per (category, value).
func pluralLocalization(_ forms: (category: String, value: String)...) -> String {
    jsonObject("\"variations\" : " + jsonObject("\"plural\" : " + jsonObject(
        forms.map { "\"\($0.category)\" : \(stringUnit($0.value))" }.joined(separator: ",\n"))))
}

/// A JSON object of `members` (written from column 0) across lines, two spaces a level.
func jsonObject(_ members: String) -> String {
    "{\n\(indented(members, by: "  "))\n}"
}

/// A `.stringsdict` example: one entry `books` with the format `%#@count@` and the given forms.
func stringsdictExample(_ path: String, format: String = "%#@count@", valueType: String = "d",
                        forms: [(String, String)], markVariable: Bool = false, markFormat: Bool = false,
                        variableName: String = "count") -> VirtualFile {
    .plist(path, dict: stringsdictEntry(format: format, valueType: valueType, forms: forms, markVariable: markVariable,
                                        markFormat: markFormat, variableName: variableName))
}

/// One key of a `.stringsdict` (`stringsdictExample`'s, or one of several joined into a `.plist`).
func stringsdictEntry(_ key: String = "books", format: String = "%#@count@", valueType: String = "d",
                      forms: [(String, String)], markVariable: Bool = false, markFormat: Bool = false,
                      variableName: String = "count") -> String {
    """
    <key>\(key)</key>
    <dict>
    \t<key>NSStringLocalizedFormatKey</key>
    \t\(markFormat ? "↓" : "")<string>\(format)</string>
    \(stringsdictVariable(variableName, valueType: valueType, forms: forms, marked: markVariable))</dict>
    """
}

/// One plural variable of a `.stringsdict` key (`stringsdictEntry`'s, or one of several in a format).
func stringsdictVariable(_ name: String, valueType: String = "d", forms: [(String, String)], marked isMarked: Bool = false) -> String {
    let cases = forms.map { category, form in "\t\t<key>\(category)</key>\n\t\t\(marked(form) { "<string>\($0)</string>" })\n" }
    return """
        \t<key>\(name)</key>
        \t\(isMarked ? "↓" : "")<dict>
        \t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t<string>NSStringPluralRuleType</string>
        \t\t<key>NSStringFormatValueTypeKey</key>
        \t\t<string>\(valueType)</string>
        \(cases.joined())\t</dict>

        """
}

/// A JSON string of `text` (written as JSON already: escapes are the caller's), the marker before its quote.
private func jsonString(_ text: String) -> String {
    marked(text) { "\"\($0)\"" }
}

/// `text` without a leading `↓` written by `write`, the marker in front of what it wrote.
private func marked(_ text: String, _ write: (String) -> String) -> String {
    text.hasPrefix("↓") ? "↓" + write(String(text.dropFirst())) : write(text)
}

private func indented(_ text: String, by margin: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { margin + $0 }.joined(separator: "\n")
}
