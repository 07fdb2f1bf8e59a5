import Foundation

/// The languages an app declares outside its catalogs: the Xcode project's `knownRegions` and
/// `developmentRegion`, and `CFBundleDevelopmentRegion`/`CFBundleLocalizations` of its `Info.plist`
/// files. Read as side inputs, like storyboards: they hold no strings, only locale identifiers.
public struct AppLanguageDeclaration: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case knownRegion = "knownRegions", developmentRegion, bundleDevelopmentRegion = "CFBundleDevelopmentRegion"
        case bundleLocalization = "CFBundleLocalizations"

        /// True for the lists of localizations; false for the two development-region settings.
        public var isLocalizationList: Bool { self == .knownRegion || self == .bundleLocalization }

        var origin: LocaleDeclaration.Origin {
            switch self {
            case .knownRegion: return .knownRegions
            case .developmentRegion: return .developmentRegion
            case .bundleDevelopmentRegion: return .bundleDevelopmentRegion
            case .bundleLocalization: return .bundleLocalizations
            }
        }
    }

    /// As written; `$(DEVELOPMENT_LANGUAGE)` and other build settings are kept unresolved.
    public var identifier: String
    public var kind: Kind
    public var location: SourceLocation

    public init(identifier: String, kind: Kind, location: SourceLocation) {
        self.identifier = identifier
        self.kind = kind
        self.location = location
    }

    /// A build-setting reference (`$(DEVELOPMENT_LANGUAGE)`, `${X}`), whose value only the build knows.
    public var isBuildSetting: Bool { identifier.contains("$(") || identifier.contains("${") }

    /// The form two spellings of one locale share, for matching declarations with folders: case and
    /// separators folded, Xcode's legacy names (`English`) mapped. Spelling itself is the BCP 47 rules' job.
    public static func matchKey(_ identifier: String) -> String {
        let folded = String(identifier.lowercased().map { $0 == "_" ? "-" : $0 })
        return LocaleIdentifierCheck.legacyAppleNames[folded] ?? folded
    }
}

/// A project file or `Info.plist` found by discovery.
public struct AppDeclarationFile: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case xcodeProject, infoPlist }
    public var path: String
    public var kind: Kind
}

public enum AppDeclarationReader {
    /// `X.xcodeproj/project.pbxproj`, `Info.plist` and `App-Info.plist`; never inside an `.lproj`.
    static func kind(ofFileNamed name: String, parent: String) -> AppDeclarationFile.Kind? {
        if name == "project.pbxproj" && parent.hasSuffix(".xcodeproj") { return .xcodeProject }
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return parent.hasSuffix(".lproj") ? nil : .infoPlist }
        return nil
    }

    public static func read(_ bytes: [UInt8], file: AppDeclarationFile) -> [AppLanguageDeclaration] {
        readAll(bytes, file: file).languages
    }

    /// The languages a file declares and, for an `Info.plist`, its user-facing strings: one parse.
    public static func readAll(_ bytes: [UInt8], file: AppDeclarationFile) -> (languages: [AppLanguageDeclaration], strings: [InfoPlistString]) {
        switch file.kind {
        case .xcodeProject: return (XcodeProjectScanner.declarations(in: bytes, path: file.path), [])
        case .infoPlist: return infoPlist(bytes, path: file.path)
        }
    }

    static func infoPlistDeclarations(_ bytes: [UInt8], path: String) -> [AppLanguageDeclaration] {
        infoPlist(bytes, path: path).languages
    }

    /// The two language keys of the root dictionary, and the strings `InfoPlist.strings` localizes
    /// (see `InfoPlistString.isUserFacing`). A plist that does not parse declares nothing: it is not a
    /// catalog, and Xcode reports a broken `Info.plist` at build time.
    static func infoPlist(_ bytes: [UInt8], path: String) -> (languages: [AppLanguageDeclaration], strings: [InfoPlistString]) {
        let document: PropertyListDocument
        if bytes.starts(with: Array("bplist".utf8)) {
            document = PropertyListBinary.parse(bytes, path: path).0
        } else {
            var xml = XMLTokenizer(decoding: bytes, path: path)
            document = PropertyListXMLParser.parse(&xml).0
        }
        guard let root = document.root, document.nodes[root].kind == .dict else { return ([], []) }
        var declarations: [AppLanguageDeclaration] = []
        var strings: [InfoPlistString] = []
        for entry in document.nodes[root].entries {
            guard let value = entry.value else { continue }
            let node = document.nodes[value]
            if node.kind == .string, InfoPlistString.isUserFacing(entry.key), !node.text.trimmingSpaces.isEmpty {
                strings.append(InfoPlistString(key: entry.key, value: node.text, location: node.location, plist: path))
            }
            switch entry.key {
            case "CFBundleDevelopmentRegion" where node.kind == .string:
                declarations.append(.init(identifier: node.text.trimmingSpaces, kind: .bundleDevelopmentRegion, location: node.location))
            case "CFBundleLocalizations" where node.kind == .array:
                for item in node.items where document.nodes[item].kind == .string {
                    let string = document.nodes[item]
                    declarations.append(.init(identifier: string.text.trimmingSpaces, kind: .bundleLocalization, location: string.location))
                }
            default: break
            }
        }
        return (declarations.filter { !$0.identifier.isEmpty }, strings)
    }
}

/// A string of an `Info.plist` that the system shows to users and `InfoPlist.strings` localizes:
/// a permission prompt (`NS…UsageDescription`), the app's name on the home screen
/// (`CFBundleDisplayName`), its copyright line (`NSHumanReadableCopyright`).
public struct InfoPlistString: Sendable, Hashable {
    public var key: String
    /// As written; build settings (`$(PRODUCT_NAME)`) are kept unresolved.
    public var value: String
    public var location: SourceLocation
    /// The `Info.plist` it comes from.
    public var plist: String

    public init(key: String, value: String, location: SourceLocation, plist: String) {
        self.key = key
        self.value = value
        self.location = location
        self.plist = plist
    }

    /// `NSCameraUsageDescription`, `NSLocationAlwaysAndWhenInUseUsageDescription`, …
    public static func isPermissionPrompt(_ key: String) -> Bool {
        key.hasPrefix("NS") && key.hasSuffix("UsageDescription") && key.count > "NSUsageDescription".count
    }

    public static func isUserFacing(_ key: String) -> Bool {
        isPermissionPrompt(key) || key == "CFBundleDisplayName" || key == "NSHumanReadableCopyright"
    }
}

/// Just enough of Xcode's old-style ASCII property list to find `knownRegions = ( … );` and
/// `developmentRegion = …;` with their positions. Not a project model: everything else is skipped,
/// and anything it does not understand ends the list it was reading rather than the scan.
enum XcodeProjectScanner {
    enum Token: Equatable {
        case word(String)      // unquoted string or quoted string, unescaped
        case punctuation(Unicode.Scalar)
    }

    static func tokens(_ bytes: [UInt8], path: String) -> [(token: Token, location: SourceLocation)] {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var result: [(Token, SourceLocation)] = []
        var index = 0, line = 1, column = 1
        func advance() {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            // Unquoted strings in NeXTSTEP plists: letters, digits and `_$+/:.-`.
            (s.isASCII && (s.isAlphabeticFast || ("0"..."9").contains(s))) || "_$+/:.-".unicodeScalars.contains(s)
        }
        while index < scalars.count {
            let s = scalars[index]
            if s.isWhitespaceFast { advance(); continue }
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if s == "/" && next == "*" {
                advance(); advance()
                while index < scalars.count && !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                if index < scalars.count { advance(); advance() }
                continue
            }
            if s == "/" && next == "/" {
                while index < scalars.count && scalars[index] != "\n" { advance() }
                continue
            }
            let location = SourceLocation(file: path, line: line, column: column)
            if s == "\"" {
                advance()
                var text = String.UnicodeScalarView()
                while index < scalars.count && scalars[index] != "\"" {
                    if scalars[index] == "\\" && index + 1 < scalars.count {
                        advance()
                        switch scalars[index] {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append(scalars[index])
                        }
                        advance()
                        continue
                    }
                    text.append(scalars[index])
                    advance()
                }
                if index < scalars.count { advance() }
                result.append((.word(String(text)), location))
            } else if isWordScalar(s) {
                var text = String.UnicodeScalarView()
                while index < scalars.count && isWordScalar(scalars[index]) { text.append(scalars[index]); advance() }
                result.append((.word(String(text)), location))
            } else {
                result.append((.punctuation(s), location))
                advance()
            }
        }
        return result
    }

    static func declarations(in bytes: [UInt8], path: String) -> [AppLanguageDeclaration] {
        let tokens = tokens(bytes, path: path)
        var declarations: [AppLanguageDeclaration] = []
        var i = 0
        func isPunctuation(_ at: Int, _ p: Unicode.Scalar) -> Bool { at < tokens.count && tokens[at].token == .punctuation(p) }
        while i < tokens.count {
            guard case .word(let name) = tokens[i].token, isPunctuation(i + 1, "=") else { i += 1; continue }
            if name == "developmentRegion", i + 2 < tokens.count, case .word(let value) = tokens[i + 2].token {
                declarations.append(.init(identifier: value, kind: .developmentRegion, location: tokens[i + 2].location))
                i += 3
            } else if name == "knownRegions", isPunctuation(i + 2, "(") {
                var j = i + 3
                while j < tokens.count, case .word(let value) = tokens[j].token {
                    declarations.append(.init(identifier: value, kind: .knownRegion, location: tokens[j].location))
                    j += 1
                    if isPunctuation(j, ",") { j += 1 }
                }
                i = j
            } else {
                i += 2
            }
        }
        return declarations.filter { !$0.identifier.isEmpty }
    }
}
