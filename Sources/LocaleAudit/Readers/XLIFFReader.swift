/// Reads XLIFF 1.2 (Xcode exports, `.xcloc` bundles) and XLIFF 2.0/2.1/2.2, detected from the root
/// element's namespace and `version`.
///
/// - 1.2: see `XLIFF12Reader` and `XcodeUnitAssembler` (Xcode's `:dict/` and `|==|` ids are mapped
///   back to the same values the `.stringsdict` and `.xcstrings` readers produce).
/// - 2.x: see `XLIFF2Reader`.
/// - Each `<file>` gives a source-language table and a target-language table, named after `original`
///   and scoped by its folder (see `XLIFFTableNaming`). Several XLIFF files of different locales
///   carry the same source table: each emits it; the project index keeps the first per table id.
/// - Inside `X.xcloc/Localized Contents/`, the bundle's `contents.json` is read too (see `XclocContents`).
/// - Elsewhere, the target language is compared with the locale the path names: an enclosing `X.lproj`,
///   the file name (`nl.xliff`) or the parent folder (`cs/focus-ios.xliff`); see `PathLocale`.
public enum XLIFFReader: CatalogReader {
    public static let format = CatalogFormat.xliff

    public static func read(_ bytes: [UInt8], context: ReadContext) -> ReadResult {
        read(bytes, context: context, bundle: XclocContents.load(forXLIFFAt: context.path))
    }

    /// Reads with the bundle's `contents.json` already parsed (nil: not in a bundle).
    public static func read(_ bytes: [UInt8], context: ReadContext, bundle: XclocContents?) -> ReadResult {
        var xml = XMLTokenizer(decoding: bytes, path: context.path)
        var result = ReadResult()
        var root: XMLStartElement? = nil
        while root == nil, let event = xml.next() {
            if case .startElement(let element) = event { root = element }
        }
        if let root {
            result = readDocument(&xml, root: root, context: context)
        }
        // The tokenizer's findings (decoding, well-formedness) come first in file order anyway.
        result.findings = xml.findings.map { finding in
            var finding = finding
            finding.table = finding.table ?? context.table
            return finding
        } + result.findings
        bundle?.apply(to: &result)
        // Xcode names a bundle's XLIFF after contents.json's targetLocale, which `apply` already compared.
        if bundle?.targetLocale == nil, let root {
            let attribute = root.name.namespaceURI == XLIFF12Reader.namespace ? "target-language" : "trgLang"
            result.findings += PathLocale.findings(declarations: result.localeDeclarations, attribute: attribute,
                                                   path: context.path, lprojLocale: context.locale)
        }
        result.findings.sort(by: Finding.stableOrder)
        return result
    }

    private static func readDocument(_ xml: inout XMLTokenizer, root: XMLStartElement, context: ReadContext) -> ReadResult {
        let namespace = root.name.namespaceURI
        let version = root.attribute("version")
        if root.name.localName == "xliff" && namespace == XLIFF12Reader.namespace {
            var reader = XLIFF12Reader(path: context.path, fallbackTable: context.table)
            if let version, version.value != "1.2" {
                reader.result.findings.append(Finding(
                    ruleID: ReaderRule.syntax, severity: .warning,
                    message: "version=\"\(version.value)\" in the XLIFF 1.2 namespace; expected version=\"1.2\"",
                    location: version.valueLocation, table: context.table))
            }
            reader.read(&xml, root: root)
            return reader.result
        }
        if root.name.localName == "xliff", let namespace, XLIFF2Reader.namespaces.contains(namespace) {
            var reader = XLIFF2Reader(path: context.path, fallbackTable: context.table)
            reader.read(&xml, root: root)
            return reader.result
        }
        var result = ReadResult()
        let found = namespace.map { "<\(root.name.qualifiedName)> in namespace \($0)" } ?? "<\(root.name.qualifiedName)> in no namespace"
        result.findings.append(Finding(
            ruleID: ReaderRule.syntax, severity: .error,
            message: "expected the root element <xliff> in namespace \(XLIFF12Reader.namespace) (version 1.2) or \(XLIFF2Reader.namespace20) (version 2.x), found \(found); the file is not read",
            location: root.location, table: context.table))
        return result
    }
}
