/// `path:line:column: error|warning|note: message [rule-id]`, one finding per line: the form Xcode's
/// Run Script phases and most editors turn into inline diagnostics.
public enum XcodeReporter {
    public static func render(_ findings: [Finding]) -> String {
        var out = ""
        for finding in findings {
            if let location = finding.location {
                out += "\(location.file):\(location.line):\(location.column): "
            }
            out += "\(finding.severity.rawValue): \(finding.headline.visibleEscaped) [\(finding.ruleID)]\n"
        }
        return out
    }
}
