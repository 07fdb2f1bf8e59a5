import Testing
@testable import LocaleAudit

@Suite struct AccessibilityClassifierTests {
    let classifier = AccessibilityClassifier()

    @Test func interfaceBuilderKeysAreClassifiedByProperty() {
        #expect(classifier.classify(key: "1rB-5w-de3.accessibilityLabel", comment: nil) == .label)
        #expect(classifier.classify(key: "1rB-5w-de3.accessibilityHint", comment: nil) == .hint)
        #expect(classifier.classify(key: "1rB-5w-de3.accessibilityValue", comment: nil) == .value)
        #expect(classifier.classify(key: "1rB-5w-de3.accessibilityIdentifier", comment: nil) == .identifier)
        #expect(AccessibilityClassifier.Kind.identifier.isSpoken == false)
        // The generated comment of a visible text may mention accessibility; the property decides.
        #expect(classifier.classify(key: "1rB-5w-de3.text",
                                    comment: "Class = \"UILabel\"; text = \"Accessibility\"; ObjectID = \"1rB-5w-de3\";") == nil)
    }

    @Test func keyTokensMatchWholeTokensOnly() {
        #expect(classifier.classify(key: "a11y.add.label", comment: nil) == .keyPattern)
        #expect(classifier.classify(key: "editBoldAccessibilityLabel", comment: nil) == .keyPattern)
        #expect(classifier.classify(key: "find-previous-button-accessibility", comment: nil) == .keyPattern)
        #expect(classifier.classify(key: "VoiceOver_hint_close", comment: nil) == .keyPattern)
        #expect(classifier.classify(key: "settings.screenReader.title", comment: nil) == .keyPattern)
        // Not a token: "accessibilityish" is one word; "inaccessible" is not "accessibility".
        #expect(classifier.classify(key: "error.inaccessible", comment: nil) == nil)
        #expect(classifier.classify(key: "menu.accessibilityish", comment: nil) == nil)
    }

    /// The text decides nothing: a key that is the text itself names a visible string, however
    /// often it says "Accessibility" (a System Settings path, a menu title).
    @Test func aKeyThatIsItsOwnTextIsNeverAnAccessibilityString() {
        #expect(classifier.classify(key: "Open System Settings > Privacy & Security > Accessibility", comment: nil) == nil)
        #expect(classifier.classify(key: "Accessibility", comment: nil, sourceText: "Accessibility") == nil)
        #expect(classifier.classify(key: "VoiceOver", comment: nil, sourceText: "VoiceOver") == nil)
        // A comment that says the string is for VoiceOver still counts.
        #expect(classifier.classify(key: "Close", comment: "VoiceOver label of the close button", sourceText: "Close") == .comment)
        #expect(classifier.classify(key: "settings.accessibility.title", comment: nil, sourceText: "Accessibility") == .keyPattern)
    }

    @Test func tokensSplitAtSeparatorsAndCamelCase() {
        #expect(AccessibilityClassifier.tokens(of: "editBold-A11y_label.Text") == ["edit", "bold", "a11y", "label", "text"])
        #expect(AccessibilityClassifier.tokens(of: "ÜberBlick.Größe") == ["über", "blick", "größe"])
    }

    /// ASCII keys are split byte by byte; the result is the character-by-character split's.
    @Test(arguments: ["editBold-A11y_label.Text", "", "...", "a", "A", "ABCDef", "x2Y", "9Lives",
                      "Open System Settings > Privacy & Security", "MDC-Ep-cA1.accessibilityLabel",
                      "a\r\nB", "tab\tKey", "NSCameraUsageDescription", "URLs_and/PATHS--x", "%@ of %lld", "a__b  c"])
    func asciiTokensAgreeWithCharacterTokens(key: String) {
        #expect(AccessibilityClassifier.asciiTokens(of: key) == AccessibilityClassifier.characterTokens(of: key))
    }

    @Test func configuredPatternsAreAdded() {
        var custom = AccessibilityClassifier()
        #expect(custom.classify(key: "spoken.close", comment: nil) == nil)
        custom.add(patterns: ["Spoken"])
        #expect(custom.classify(key: "spoken.close", comment: nil) == .keyPattern)
        #expect(custom.classify(key: "a11y.close", comment: nil) == .keyPattern)
    }

    @Test func commentsThatSayVoiceOverOrAccessibilityLabel() {
        #expect(classifier.classify(key: "close", comment: "VoiceOver label for the close button") == .comment)
        #expect(classifier.classify(key: "close", comment: "Accessibility label of the close button") == .comment)
        #expect(classifier.classify(key: "close", comment: "Read by the screen reader") == .comment)
        // A visible title about the Accessibility settings is not an accessibility string.
        #expect(classifier.classify(key: "settings.row", comment: "Row that opens the Accessibility settings") == nil)
    }
}
