#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files as bytes with POSIX calls: errors name the path and the reason, and a file past
/// the size limit is refused before any memory is spent on it.
public enum FileLoading {
    public enum Failure: Error, Sendable, Equatable {
        case cannotOpen(reason: String)
        case tooLarge(size: Int, limit: Int)
        case readError(reason: String)

        public var message: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open file: \(reason)"
            case .tooLarge(let size, let limit):
                return "file is \(ByteCount.describe(size)), over the \(ByteCount.describe(limit)) limit; not read (raise it with --max-file-size)"
            case .readError(let reason): return "cannot read file: \(reason)"
            }
        }
    }

    public static func bytes(atPath path: String, limit: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(.cannotOpen(reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.readError(reason: String(cString: strerror(errno)))) }
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(size: size, limit: limit)) }
        var failure: Failure? = nil
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = .readError(reason: String(cString: strerror(errno)))
                    break
                }
                if n == 0 { break }  // the file shrank while we read it
                done += n
            }
            count = done
        }
        if let failure { return .failure(failure) }
        return .success(bytes)
    }
}

public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 30 { return format(Double(bytes) / Double(1 << 30), "GB") }
        if bytes >= 1 << 20 { return format(Double(bytes) / Double(1 << 20), "MB") }
        if bytes >= 1 << 10 { return format(Double(bytes) / Double(1 << 10), "KB") }
        return "\(bytes) bytes"
    }
    private static func format(_ value: Double, _ unit: String) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
    }

    /// Parses sizes such as `512M`, `1G`, `200k` or a plain number of bytes.
    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces.uppercased()
        var digits = trimmed
        var multiplier = 1
        if let last = trimmed.last, "KMG".contains(last) {
            digits = String(trimmed.dropLast())
            multiplier = last == "K" ? 1 << 10 : last == "M" ? 1 << 20 : 1 << 30
        } else if trimmed.hasSuffix("B") {
            digits = String(trimmed.dropLast())
        }
        guard let value = Int(digits), value >= 0 else { return nil }
        return value * multiplier
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
