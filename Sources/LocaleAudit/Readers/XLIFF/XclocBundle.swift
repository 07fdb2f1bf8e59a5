/// An Xcode localization bundle: `X.xcloc/contents.json` plus `X.xcloc/Localized Contents/*.xliff`
/// (the folder name may be stored URL-encoded: `Localized%20Contents`). One bundle is one locale.
/// `Source Contents/` holds copies of the source `.strings`/`.stringsdict`; discovery skips it,
/// since every XLIFF `<source>` already carries that text.
public struct XclocContents: Sendable {
    public struct Field: Sendable {
        public var value: String
        public var location: SourceLocation
    }
    public var path: String
    public var developmentRegion: Field?
    public var targetLocale: Field?
    /// `toolInfo` scalars, e.g. `toolName`, `toolVersion`, `toolBuildNumber`.
    public var toolInfo: [String: String]
    public var findings: [Finding]

    /// Reads `contents.json`; problems become findings located in it.
    public static func parse(_ bytes: [UInt8], path: String) -> XclocContents {
        let decoded = TextDecoding.decode(bytes, path: path)
        let parsed = JSONParser.parse(decoded.utf8, file: path)
        var contents = XclocContents(path: path, developmentRegion: nil, targetLocale: nil, toolInfo: [:],
                                     findings: decoded.findings + parsed.findings)
        guard let root = parsed.root else { return contents }
        guard root.members != nil else {
            contents.findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                             message: "expected an object at the top level of contents.json but found \(root.kindDescription)",
                                             location: root.location))
            return contents
        }
        func field(_ name: String) -> Field? {
            guard let node = root[name] else { return nil }
            guard let text = node.stringValue else {
                contents.findings.append(Finding(ruleID: ReaderRule.syntax, severity: .error,
                                                 message: "expected a string for \"\(name)\" but found \(node.kindDescription)",
                                                 location: node.location))
                return nil
            }
            return Field(value: text, location: node.location)
        }
        contents.developmentRegion = field("developmentRegion")
        contents.targetLocale = field("targetLocale")
        for member in root["toolInfo"]?.members ?? [] {
            if let text = member.value.stringValue { contents.toolInfo[member.name] = text }
            else if let number = member.value.numberValue { contents.toolInfo[member.name] = number.literal }
        }
        return contents
    }

    /// The bundle folder of an XLIFF inside `X.xcloc/Localized Contents/`, or nil.
    public static func bundlePath(forXLIFFAt path: String) -> String? {
        let components = path.parts(separatedBy: UInt8(ascii: "/"))
        guard components.count >= 3 else { return nil }
        let folder = components[components.count - 2], bundle = components[components.count - 3]
        guard bundle.hasSuffix(".xcloc"), folder == "Localized Contents" || folder == "Localized%20Contents" else { return nil }
        return components[..<(components.count - 2)].joined(separator: "/")
    }

    /// Loads `contents.json` of the bundle holding this XLIFF; nil outside a bundle or when the
    /// bundle has none (Xcode always writes one, but copies of bundles often drop it).
    public static func load(forXLIFFAt path: String) -> XclocContents? {
        guard let bundle = bundlePath(forXLIFFAt: path) else { return nil }
        let jsonPath = bundle + "/contents.json"
        switch FileLoading.bytes(atPath: jsonPath, limit: 1 << 20) {
        case .success(let bytes): return parse(bytes, path: jsonPath)
        case .failure(.cannotOpen): return nil
        case .failure(let failure):
            return XclocContents(path: jsonPath, developmentRegion: nil, targetLocale: nil, toolInfo: [:],
                                 findings: [Finding(ruleID: ReaderRule.unreadable, severity: .error, message: failure.message,
                                                    location: SourceLocation(file: jsonPath, line: 1, column: 1))])
        }
    }

    /// Declarations for the BCP 47 checks, and a `locale-mismatch` finding where the bundle and the
    /// XLIFF disagree about the locales.
    func apply(to result: inout ReadResult) {
        result.findings += findings
        for field in [developmentRegion, targetLocale].compactMap({ $0 }) {
            result.localeDeclarations.append(LocaleDeclaration(identifier: field.value, origin: .xclocContents,
                                                               location: field.location))
        }
        let pairs: [(Field?, LocaleDeclaration.Origin, String, String)] = [
            (targetLocale, .xliffTarget, "targetLocale", "target-language"),
            (developmentRegion, .xliffSource, "developmentRegion", "source-language"),
        ]
        for (field, origin, jsonName, xliffName) in pairs {
            guard let field else { continue }
            guard let differing = result.localeDeclarations.first(where: {
                $0.origin == origin && LocaleAgreement.compare($0.identifier, field.value) != .same
            }) else { continue }
            result.findings.append(Finding(
                ruleID: LocaleMismatchRule.id, severity: .warning,
                message: "the XLIFF says \(xliffName)=\"\(differing.identifier)\" but the bundle's contents.json says \(jsonName) \"\(field.value)\"; expected the same locale",
                location: differing.location, locale: differing.identifier,
                notes: [Finding.Note(message: "\(jsonName) is \"\(field.value)\" here", location: field.location)]))
        }
    }
}
