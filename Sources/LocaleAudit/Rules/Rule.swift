/// A check over the whole project. A rule is data plus one function: its description (id, severity,
/// summary, rationale, examples) documents it, and its examples are its tests.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Findings at the rule's default severity; the engine applies configured overrides.
    func check(_ context: RuleContext) -> [Finding]
}

public struct RuleDescription: Sendable {
    /// Stable kebab-case identifier, used in configuration, suppressions and baselines.
    public var id: String
    /// A short title.
    public var name: String
    public var severity: Severity
    /// One line: what is reported.
    public var summary: String
    /// Why it matters to the people using the app.
    public var rationale: String
    /// Each must produce findings exactly at its markers.
    public var triggering: [RuleExample]
    /// Each must produce no finding of this rule.
    public var nonTriggering: [RuleExample]
    /// Readers report these findings while reading; `check` adds none.
    public var reportedByReaders: Bool

    public init(id: String, name: String, severity: Severity, summary: String, rationale: String,
                triggering: [RuleExample], nonTriggering: [RuleExample], reportedByReaders: Bool = false) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.reportedByReaders = reportedByReaders
    }
}

/// A small virtual catalog set. In text files, `↓` marks where a finding must land (the marker is
/// removed before the file is read; the finding's line and column are those of the character after it).
public struct RuleExample: Sendable {
    public var files: [VirtualFile]
    /// Options for this example, e.g. a configured source language.
    public var sourceLanguage: String?
    /// A short caption shown in the docs.
    public var caption: String?

    public init(_ caption: String, sourceLanguage: String? = nil, _ files: VirtualFile...) {
        self.caption = caption
        self.files = files
        self.sourceLanguage = sourceLanguage
    }

    public init(sourceLanguage: String? = nil, _ files: VirtualFile...) {
        self.caption = nil
        self.files = files
        self.sourceLanguage = sourceLanguage
    }
}

public struct VirtualFile: Sendable {
    public enum Encoding: String, Sendable { case utf8, utf16LEWithBOM }
    public var path: String
    public var text: String
    public var encoding: Encoding
    /// Raw bytes written as they are (for encoding errors); `text` is then only for the docs.
    public var rawBytes: [UInt8]?
    /// Marker positions for raw-byte files, which cannot carry `↓`.
    public var rawMarkers: [(line: Int, column: Int)]
    /// When set, the file is a symbolic link to this path (for unreadable-file examples).
    public var symlinkTarget: String?
    /// True for a folder (such as `pt_BR.lproj`): created empty; a marker lands at its line 1, column 1,
    /// where findings about a folder's name are reported.
    public var isFolder: Bool = false

    public static let marker: Character = "↓"

    public init(_ path: String, _ text: String, encoding: Encoding = .utf8) {
        self.path = path
        self.text = text
        self.encoding = encoding
        self.rawBytes = nil
        self.rawMarkers = []
        self.symlinkTarget = nil
    }

    /// `LOCALE.lproj/Localizable.strings` with this text: the file most examples are made of.
    public static func strings(_ locale: String, _ text: String, encoding: Encoding = .utf8) -> VirtualFile {
        VirtualFile("\(locale).lproj/Localizable.strings", text, encoding: encoding)
    }

    /// A symbolic link; a finding on a link lands at its line 1, column 1.
    public init(_ path: String, symlinkTo target: String, markedAtStart: Bool) {
        self.path = path
        self.text = "(a symbolic link to \(target))"
        self.encoding = .utf8
        self.rawBytes = []
        self.rawMarkers = markedAtStart ? [(1, 1)] : []
        self.symlinkTarget = target
    }

    /// A folder, for findings about its name (locale identifiers of `.lproj` folders).
    public init(folder path: String, marked: Bool) {
        self.path = path
        self.text = "(a folder)"
        self.encoding = .utf8
        self.rawBytes = []
        self.rawMarkers = marked ? [(1, 1)] : []
        self.symlinkTarget = nil
        self.isFolder = true
    }

    public init(_ path: String, bytes: [UInt8], shownAs text: String, markers: [(line: Int, column: Int)]) {
        self.path = path
        self.text = text
        self.encoding = .utf8
        self.rawBytes = bytes
        self.rawMarkers = markers
        self.symlinkTarget = nil
    }

    /// The file's content without markers, and the positions the markers stood at.
    public var unmarked: (bytes: [UInt8], markers: [(line: Int, column: Int)]) {
        if let rawBytes { return (rawBytes, rawMarkers) }
        var clean = String.UnicodeScalarView()
        var markers: [(Int, Int)] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if Character(scalar) == VirtualFile.marker {
                markers.append((line, column))
                continue
            }
            clean.append(scalar)
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        let string = String(clean)
        switch encoding {
        case .utf8: return (Array(string.utf8), markers)
        case .utf16LEWithBOM:
            var bytes: [UInt8] = [0xFF, 0xFE]
            for unit in string.utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
            return (bytes, markers)
        }
    }
}
