/// The formats locale-audit reads.
public enum CatalogFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case strings, stringsdict, xliff, xcstrings
}

/// One table (`Localizable`, `InfoPlist`, `Main` for a storyboard) in one locale, as read from one file.
/// A `.strings` file is one table; an XLIFF `<file>` element or one locale of a String Catalog is
/// another. A table's identity across locales is its `name`.
public struct LocalizedTable: Sendable {
    public var name: String
    /// The locale identifier exactly as written (folder name, XLIFF attribute, catalog key), or nil
    /// when the file does not say. `Base` stays `Base`; the project maps it to the source language.
    public var locale: String?
    public var path: String
    public var format: CatalogFormat
    public var entries: [Entry]
    /// Where the locale identifier was declared, for BCP 47 findings (nil when it came from the path).
    public var localeLocation: SourceLocation?
    /// What makes this table the same table in another locale, beyond its name: the folder that holds
    /// the `.lproj` folders, the String Catalog's path, or the XLIFF `original` with its locale taken
    /// out. Two trees with a `Localizable` table each stay two tables. Empty: the engine fills it in.
    public var scope: String

    public init(name: String, locale: String?, path: String, format: CatalogFormat, entries: [Entry],
                localeLocation: SourceLocation? = nil, scope: String = "") {
        self.name = name
        self.locale = locale
        self.path = path
        self.format = format
        self.entries = entries
        self.localeLocation = localeLocation
        self.scope = scope
    }

    /// The identity of the table across locales.
    public var id: TableID { TableID(scope: scope, name: name) }
}

/// A locale identifier as it occurs in an input, for the BCP 47 checks.
public struct LocaleDeclaration: Sendable, Hashable {
    public enum Origin: String, Sendable, Hashable, Codable {
        case lprojFolder = "lproj-folder", xliffSource = "xliff-source-language", xliffTarget = "xliff-target-language"
        case xmlLang = "xml-lang", xclocContents = "xcloc-contents", catalogSource = "catalog-source-language"
        case catalogLocalization = "catalog-localization", configuration
        /// Declared by the app rather than its catalogs (see `AppLanguageDeclaration`).
        case knownRegions = "xcode-known-regions", developmentRegion = "xcode-development-region"
        case bundleDevelopmentRegion = "info-plist-development-region", bundleLocalizations = "info-plist-localizations"

        /// A language written inside an XLIFF file's data, which tools compare case-insensitively, as
        /// opposed to a folder or file name that a case-sensitive file system looks up.
        public var isDataAttribute: Bool { self == .xliffSource || self == .xliffTarget || self == .xmlLang }
        /// Written as text inside a catalog file, where a fix can rewrite it (not a folder's name).
        public var isWrittenInFile: Bool {
            switch self {
            case .xliffSource, .xliffTarget, .xmlLang, .xclocContents, .catalogSource, .catalogLocalization: return true
            default: return false
            }
        }
    }
    public var identifier: String
    public var origin: Origin
    public var location: SourceLocation
    public init(identifier: String, origin: Origin, location: SourceLocation) {
        self.identifier = identifier
        self.origin = origin
        self.location = location
    }
}

/// What a reader makes of one file: tables, located problems, and the locale identifiers it declares.
public struct ReadResult: Sendable {
    public var tables: [LocalizedTable]
    public var findings: [Finding]
    public var localeDeclarations: [LocaleDeclaration]
    /// The source language the file declares (XLIFF `source-language`, catalog `sourceLanguage`).
    public var declaredSourceLanguage: String?

    public init(tables: [LocalizedTable] = [], findings: [Finding] = [], localeDeclarations: [LocaleDeclaration] = [],
                declaredSourceLanguage: String? = nil) {
        self.tables = tables
        self.findings = findings
        self.localeDeclarations = localeDeclarations
        self.declaredSourceLanguage = declaredSourceLanguage
    }
}

/// A table's identity across locales: `Localizable` in `App/Resources` is not `Localizable` in `Widget`.
public struct TableID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var scope: String
    public var name: String
    public init(scope: String, name: String) {
        self.scope = scope
        self.name = name
    }
    public static func < (a: TableID, b: TableID) -> Bool { (a.scope, a.name) < (b.scope, b.name) }
    public var description: String { scope.isEmpty ? name : "\(scope)/\(name)" }
}
