public enum LocaleAuditVersion {
    public static let string = "0.1.0"
}
