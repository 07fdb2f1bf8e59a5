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
        /// A named pipe, socket or device: reading one could block forever or never end.
        case notRegularFile(kind: String)

        public var message: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open file: \(reason)"
            case .tooLarge(let size, let limit):
                var (sizeText, limitText) = (ByteCount.describe(size), ByteCount.describe(limit))
                // Rounded alike ("64 KB, over the 64 KB limit"), the sizes must be shown exactly.
                if sizeText == limitText { (sizeText, limitText) = ("\(size) bytes", "\(limit)-byte") }
                return "file is \(sizeText), over the \(limitText) limit; not read (raise it with --max-file-size)"
            case .readError(let reason): return "cannot read file: \(reason)"
            case .notRegularFile(let kind): return "not a regular file but \(kind); not read (expected a catalog file)"
            }
        }

        /// "a named pipe (FIFO)", …, for a `st_mode` that is not a regular file.
        public static func kind(ofMode mode: mode_t) -> String {
            switch mode & S_IFMT {
            case S_IFIFO: return "a named pipe (FIFO)"
            case S_IFSOCK: return "a socket"
            case S_IFCHR: return "a character device"
            case S_IFBLK: return "a block device"
            case S_IFDIR: return "a folder"
            default: return "a special file"
            }
        }
    }

    public static func bytes(atPath path: String, limit: Int) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer forever.
        // It changes nothing for regular files, the only kind read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            // A socket cannot be opened at all ("No such device or address"): name what it is instead.
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
                return .failure(.notRegularFile(kind: Failure.kind(ofMode: info.st_mode)))
            }
            return .failure(.cannotOpen(reason: reason))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.readError(reason: String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile(kind: Failure.kind(ofMode: info.st_mode))) }
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
    /// Without surrounding spaces, tabs and line ends (whole characters: a space that carries a
    /// combining mark stays).
    var trimmingSpaces: String {
        // Most texts neither start nor end with white space: checked on the first and last byte, they
        // come back as they are, without walking characters or copying.
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return self }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if !isSpace(first) && !isSpace(last) { return self }
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }

    /// `trimmingSpaces.isEmpty`, read from the bytes without building the trimmed text: nothing but
    /// spaces, tabs and line breaks, where a CR LF pair is one character that trimming keeps.
    var isOnlySpaces: Bool {
        var text = self
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return false }
                if previous == 0x0D && byte == 0x0A { return false }
                previous = byte
            }
            return true
        }
    }
}
