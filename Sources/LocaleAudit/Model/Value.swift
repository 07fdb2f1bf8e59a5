/// What a key maps to in one locale: a plain string, a plural value, or variations by device or width.
/// The readers of every format produce the same shapes, so every check works whatever the format.
///
/// Plain text, nearly every value, is stored inline; a plural is boxed so the enum stays 17 bytes.
public enum Value: Sendable, Hashable {
    case text(String)
    indirect case plural(PluralValue)
    case variations(VariationValue)

    /// Every string a user can see in this value, with the location of each where known.
    public var texts: [(text: String, location: SourceLocation?)] {
        // Built with its own element type: an array of unlabelled pairs would be converted element
        // by element on return.
        var out: [(text: String, location: SourceLocation?)] = []
        if case .plural(let p) = self { out.reserveCapacity(p.variables.reduce(1) { $0 + $1.forms.count }) }
        forEachText { out.append(($0, $1)) }
        return out
    }

    /// `texts` one at a time, without building an array: for walks over every value of a catalog.
    /// Small enough to be inlined where it is called: nearly every value is a plain string.
    @inline(__always)
    public func forEachText(_ body: (String, SourceLocation?) -> Void) {
        if case .text(let text) = self { body(text, nil); return }
        forEachTextOfForms(body)
    }

    /// `forEachText` of a plural or variations.
    private func forEachTextOfForms(_ body: (String, SourceLocation?) -> Void) {
        switch self {
        case .text(let text):
            body(text, nil)
        case .plural(let p):
            if !p.formatIsImplicit { body(p.format, p.formatLocation) }
            for variable in p.variables { for form in variable.forms { body(form.text, form.location) } }
        case .variations(let v):
            for item in v.cases { item.value.forEachText { body($0, $1 ?? item.location) } }
        }
    }

    /// Whether one of `texts` satisfies `predicate`, without building an array.
    @inline(__always)
    public func containsText(where predicate: (String) -> Bool) -> Bool {
        if case .text(let text) = self { return predicate(text) }
        return containsTextOfForms(where: predicate)
    }

    private func containsTextOfForms(where predicate: (String) -> Bool) -> Bool {
        switch self {
        case .text(let text):
            return predicate(text)
        case .plural(let p):
            if !p.formatIsImplicit && predicate(p.format) { return true }
            return p.variables.contains { $0.forms.contains { predicate($0.text) } }
        case .variations(let v):
            return v.cases.contains { $0.value.containsText(where: predicate) }
        }
    }

    public var plainText: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    public var isPlural: Bool {
        switch self {
        case .text: return false
        case .plural: return true
        case .variations(let v): return v.cases.contains { $0.value.isPlural }
        }
    }
}

/// A plural value: a format string that names one or more variables (`%#@files@`), each chosen by
/// the CLDR plural category of its argument. `.stringsdict` writes it as `NSStringLocalizedFormatKey`
/// plus one dictionary per variable; String Catalogs write a top-level plural as a single variation,
/// which is represented here with an implicit format `%#@<name>@`.
public struct PluralValue: Sendable, Hashable {
    public var format: String
    public var formatLocation: SourceLocation?
    /// True when the format was not written in the file (a String Catalog's top-level plural).
    public var formatIsImplicit: Bool
    public var variables: [PluralVariable]

    public init(format: String, formatLocation: SourceLocation? = nil, formatIsImplicit: Bool = false,
                variables: [PluralVariable]) {
        self.format = format
        self.formatLocation = formatLocation
        self.formatIsImplicit = formatIsImplicit
        self.variables = variables
    }

    public func variable(named name: String) -> PluralVariable? { variables.first { $0.name == name } }
}

public struct PluralVariable: Sendable, Hashable {
    public var name: String
    /// `NSStringFormatSpecTypeKey`: `NSStringPluralRuleType`, or a device-specific or
    /// variable-width type, kept as written.
    public var specType: String?
    /// `NSStringFormatValueTypeKey`: the printf conversion of the argument, e.g. `d`, `lld`, `@`.
    public var valueType: String?
    /// Plural forms in the order they were written.
    public var forms: [PluralForm]
    /// Where the variable's dictionary (or variation) starts.
    public var location: SourceLocation?
    /// Keys the format defines that this model does not interpret; kept, not dropped.
    public var otherKeys: [String: String]
    /// For String Catalog substitutions: `argNum`.
    public var argumentNumber: Int?

    public init(name: String, specType: String? = "NSStringPluralRuleType", valueType: String? = nil,
                forms: [PluralForm], location: SourceLocation? = nil, otherKeys: [String: String] = [:],
                argumentNumber: Int? = nil) {
        self.name = name
        self.specType = specType
        self.valueType = valueType
        self.forms = forms
        self.location = location
        self.otherKeys = otherKeys
        self.argumentNumber = argumentNumber
    }

    public func form(_ category: String) -> PluralForm? { forms.first { $0.category == category } }
    public var categories: [String] { forms.map(\.category) }
}

public struct PluralForm: Sendable, Hashable {
    /// `zero`, `one`, `two`, `few`, `many` or `other`; anything else is kept as written so a rule
    /// can report it.
    public var category: String
    public var text: String
    public var location: SourceLocation?

    public init(category: String, text: String, location: SourceLocation? = nil) {
        self.category = category
        self.text = text
        self.location = location
    }
}

/// Device (`iphone`, `ipad`, `mac`, …) or width (`NSStringVariableWidthRuleType`) variations.
public struct VariationValue: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable { case device, width }
    public struct Case: Sendable, Hashable {
        public var name: String
        public var value: Value
        public var location: SourceLocation?
        public init(name: String, value: Value, location: SourceLocation? = nil) {
            self.name = name
            self.value = value
            self.location = location
        }
    }
    public var kind: Kind
    public var cases: [Case]
    public init(kind: Kind, cases: [Case]) {
        self.kind = kind
        self.cases = cases
    }
}

extension Value {
    /// The value as the platform sees it, for comparing one string across formats and versions:
    /// locations dropped, and a `.stringsdict` plural whose format is nothing but `%#@name@` written
    /// the way a String Catalog writes it (a top-level plural, whose variable is `__plural`). Xcode
    /// converts between the two exactly so when it migrates a `.stringsdict` to a String Catalog.
    public var canonical: Value {
        switch self {
        case .text: return self
        case .variations(var variations):
            variations.cases = variations.cases.map { item in
                VariationValue.Case(name: item.name, value: item.value.canonical, location: nil)
            }
            return .variations(variations)
        case .plural(var plural):
            plural.formatLocation = nil
            plural.variables = plural.variables.map { variable in
                var variable = variable
                variable.location = nil
                variable.forms = variable.forms.map { PluralForm(category: $0.category, text: $0.text, location: nil) }
                return variable
            }
            let scan = FormatSpecifiers.scan(plural.format)
            if plural.variables.count == 1, scan.specifiers.count == 1, scan.problems.isEmpty,
               let only = scan.specifiers.first, only.variableName == plural.variables[0].name,
               only.range == 0..<plural.format.unicodeScalars.count, only.position == nil || only.position == 1 {
                let implicitName = "__plural"
                plural.format = "%#@\(implicitName)@"
                plural.formatIsImplicit = true
                plural.variables[0].name = implicitName
                if plural.variables[0].argumentNumber == 1 { plural.variables[0].argumentNumber = nil }
            }
            return .plural(plural)
        }
    }
}
