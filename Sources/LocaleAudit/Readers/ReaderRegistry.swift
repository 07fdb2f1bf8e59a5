/// Which reader handles which format. A format without a reader yet is skipped by discovery.
public enum ReaderRegistry {
    public static func reader(for format: CatalogFormat) -> (any CatalogReader.Type)? {
        switch format {
        case .strings: return StringsReader.self
        case .stringsdict: return StringsdictReader.self
        case .xliff: return XLIFFReader.self
        case .xcstrings: return XCStringsReader.self
        }
    }

    public static var supportedFormats: Set<CatalogFormat> {
        Set(CatalogFormat.allCases.filter { reader(for: $0) != nil })
    }
}
