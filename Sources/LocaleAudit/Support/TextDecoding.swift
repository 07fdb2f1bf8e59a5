/// The encodings catalog files come in. Scanners work on UTF-8 bytes only; everything else is
/// transcoded first, so one scanner serves every encoding and columns mean the same in each.
public enum TextEncoding: String, Sendable, Hashable, Codable {
    case utf8 = "UTF-8"
    case utf8WithBOM = "UTF-8 with BOM"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
}

public struct DecodedText: Sendable {
    /// Valid UTF-8 without a BOM. Invalid input was replaced with U+FFFD and reported.
    public var utf8: [UInt8]
    public var encoding: TextEncoding
    public var findings: [Finding]
}

public enum TextDecoding {
    /// Decodes a file's bytes to UTF-8: a UTF-8 BOM is dropped; UTF-16 with a BOM, or without one
    /// when the zero-byte pattern of mostly-ASCII text gives it away, is transcoded. Invalid sequences
    /// and lone surrogates become U+FFFD and an `encoding` finding at their line and column.
    public static func decode(_ bytes: [UInt8], path: String) -> DecodedText {
        if bytes.count >= 2 {
            if bytes[0] == 0xFF && bytes[1] == 0xFE {
                return transcodeUTF16(bytes, from: 2, littleEndian: true, encoding: .utf16LE, path: path)
            }
            if bytes[0] == 0xFE && bytes[1] == 0xFF {
                return transcodeUTF16(bytes, from: 2, littleEndian: false, encoding: .utf16BE, path: path)
            }
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            var result = validateUTF8(bytes, from: 3, path: path)
            result.encoding = .utf8WithBOM
            return result
        }
        if let littleEndian = guessBOMlessUTF16(bytes) {
            return transcodeUTF16(bytes, from: 0, littleEndian: littleEndian,
                                  encoding: littleEndian ? .utf16LE : .utf16BE, path: path)
        }
        return validateUTF8(bytes, from: 0, path: path)
    }

    /// BOM-less UTF-16 of text that is mostly ASCII has a zero in every other byte. Looking at the
    /// first few hundred code units is enough and keeps binary-looking UTF-8 from being misread.
    static func guessBOMlessUTF16(_ bytes: [UInt8]) -> Bool? {
        let n = min(bytes.count, 512) & ~1
        guard n >= 4 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        var i = 0
        while i < n {
            if bytes[i] == 0 { zeroEven += 1 }
            if bytes[i + 1] == 0 { zeroOdd += 1 }
            i += 2
        }
        let units = n / 2
        if zeroOdd * 10 >= units * 7 && zeroEven * 10 < units { return true }
        if zeroEven * 10 >= units * 7 && zeroOdd * 10 < units { return false }
        return nil
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Tracks line and column (in scalars) while a transcoder walks the text, for located findings.
    private struct Position {
        var line = 1
        var column = 1
        var lastWasCR = false
        mutating func advance(scalar: UInt32) {
            if scalar == 0x0A {
                if !lastWasCR { line += 1 }
                column = 1
                lastWasCR = false
            } else if scalar == 0x0D {
                line += 1
                column = 1
                lastWasCR = true
            } else {
                column += 1
                lastWasCR = false
            }
        }
    }

    /// Findings per file are capped: a binary file would otherwise produce one per byte.
    static let maximumEncodingFindings = 20

    /// Whether the bytes from `start` are valid UTF-8: eight ASCII bytes at a time, the rest scalar by
    /// scalar. Nearly every catalog is valid, so positions are only worked out when this says no.
    static func isValidUTF8(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { p in
            let count = p.count
            var i = start
            while i < count {
                if i + 8 <= count {
                    let word = UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
                }
                let b0 = p[i]
                if b0 < 0x80 { i += 1; continue }
                let length: Int
                var scalar: UInt32
                if b0 & 0xE0 == 0xC0 { length = 2; scalar = UInt32(b0 & 0x1F) }
                else if b0 & 0xF0 == 0xE0 { length = 3; scalar = UInt32(b0 & 0x0F) }
                else if b0 & 0xF8 == 0xF0 { length = 4; scalar = UInt32(b0 & 0x07) }
                else { return false }
                guard i + length <= count else { return false }
                for k in 1..<length {
                    let b = p[i + k]
                    if b & 0xC0 != 0x80 { return false }
                    scalar = (scalar << 6) | UInt32(b & 0x3F)
                }
                let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
                if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return false }
                i += length
            }
            return true
        }
    }

    static func validateUTF8(_ bytes: [UInt8], from start: Int, path: String) -> DecodedText {
        if isValidUTF8(bytes, from: start) {
            return DecodedText(utf8: start == 0 ? bytes : Array(bytes[start...]), encoding: .utf8, findings: [])
        }
        var findings: [Finding] = []
        var suppressed = 0
        // Fast path: scan without copying; copy only from the first invalid byte on.
        var output: [UInt8]? = nil
        var position = Position()
        var i = start
        let count = bytes.count
        bytes.withUnsafeBufferPointer { p in
            while i < count {
                let b0 = p[i]
                if b0 < 0x80 {
                    position.advance(scalar: UInt32(b0))
                    output?.append(b0)
                    i += 1
                    continue
                }
                let length: Int
                var scalar: UInt32
                if b0 & 0xE0 == 0xC0 { length = 2; scalar = UInt32(b0 & 0x1F) }
                else if b0 & 0xF0 == 0xE0 { length = 3; scalar = UInt32(b0 & 0x0F) }
                else if b0 & 0xF8 == 0xF0 { length = 4; scalar = UInt32(b0 & 0x07) }
                else { length = 0; scalar = 0 }
                var valid = length > 0 && i + length <= count
                if valid {
                    for k in 1..<length {
                        let b = p[i + k]
                        if b & 0xC0 != 0x80 { valid = false; break }
                        scalar = (scalar << 6) | UInt32(b & 0x3F)
                    }
                }
                if valid {
                    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
                    let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
                    if scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { valid = false }
                }
                if valid {
                    if output != nil { output!.append(contentsOf: p[i..<(i + length)]) }
                    position.advance(scalar: scalar)
                    i += length
                } else {
                    if output == nil { output = Array(p[start..<i]) }
                    if findings.count < maximumEncodingFindings {
                        let hex = String(b0, radix: 16, uppercase: true)
                        findings.append(Finding(
                            ruleID: ReaderRule.encoding, severity: .error,
                            message: "invalid UTF-8 byte 0x\(hex.count == 1 ? "0" + hex : hex); expected UTF-8 text (or a UTF-16 file with a byte order mark)",
                            location: SourceLocation(file: path, line: position.line, column: position.column)))
                    } else {
                        suppressed += 1
                    }
                    output!.append(contentsOf: replacement)
                    position.advance(scalar: 0xFFFD)
                    i += 1
                }
            }
        }
        if suppressed > 0 { findings.append(summaryFinding(suppressed, path: path)) }
        return DecodedText(utf8: output ?? (start == 0 ? bytes : Array(bytes[start...])), encoding: .utf8, findings: findings)
    }

    static func transcodeUTF16(_ bytes: [UInt8], from start: Int, littleEndian: Bool, encoding: TextEncoding,
                               path: String) -> DecodedText {
        // Where each lone surrogate starts (a byte offset), and its message: positions are only
        // worked out for the few that are reported, after the one tight pass.
        var errors: [(offset: Int, message: String)] = []
        var suppressed = 0
        let end = start + ((bytes.count - start) & ~1)
        let output = bytes.withUnsafeBufferPointer { p -> [UInt8] in
            @inline(__always) func unit(_ at: Int) -> UInt32 {
                littleEndian ? UInt32(p[at]) | UInt32(p[at + 1]) << 8 : UInt32(p[at]) << 8 | UInt32(p[at + 1])
            }
            // A code unit becomes at most three bytes of UTF-8 (a surrogate pair, four for two units).
            return [UInt8](unsafeUninitializedCapacity: max(1, (end - start) / 2 * 3)) { out, count in
                var i = start, o = 0
                // Four ASCII code units at a time, the bulk of a UTF-16 catalog: in each unit the
                // high byte is zero and the low byte below 0x80 (which byte is which depends on
                // the byte order).
                let nonASCII: UInt64 = littleEndian ? 0xFF80_FF80_FF80_FF80 : 0x80FF_80FF_80FF_80FF
                let lowByteShift: UInt64 = littleEndian ? 0 : 8
                while i < end {
                    if end - i >= 8 {
                        let word = UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: UInt64.self))
                        if word & nonASCII == 0 {
                            for k in 0..<4 { out[o + k] = UInt8(truncatingIfNeeded: word >> (UInt64(16 * k) + lowByteShift)) }
                            o += 4
                            i += 8
                            continue
                        }
                    }
                    var scalar = unit(i)
                    if scalar < 0x80 {
                        out[o] = UInt8(truncatingIfNeeded: scalar)
                        o += 1
                        i += 2
                        continue
                    }
                    let at = i
                    i += 2
                    if scalar >= 0xD800 && scalar <= 0xDFFF {
                        if scalar <= 0xDBFF, i < end, case let low = unit(i), low >= 0xDC00 && low <= 0xDFFF {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            i += 2
                        } else {
                            let kind = scalar <= 0xDBFF ? "high" : "low"
                            if errors.count < maximumEncodingFindings {
                                errors.append((at, "lone \(kind) surrogate U+\(String(scalar, radix: 16, uppercase: true)) in \(encoding.rawValue) text"))
                            } else {
                                suppressed += 1
                            }
                            scalar = 0xFFFD
                        }
                    }
                    if scalar < 0x800 {
                        out[o] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        o += 2
                    } else if scalar < 0x10000 {
                        out[o] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
                        out[o + 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        o += 3
                    } else {
                        out[o] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
                        out[o + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
                        out[o + 2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
                        out[o + 3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        o += 4
                    }
                }
                count = o
            }
        }
        // The line and column of the scalar that starts at byte `offset`, counted as the scalars go.
        func location(at offset: Int) -> SourceLocation {
            var position = Position()
            var i = start
            bytes.withUnsafeBufferPointer { p in
                func unit(_ at: Int) -> UInt32 {
                    littleEndian ? UInt32(p[at]) | UInt32(p[at + 1]) << 8 : UInt32(p[at]) << 8 | UInt32(p[at + 1])
                }
                while i < offset {
                    let scalar = unit(i)
                    i += 2
                    if scalar >= 0xD800 && scalar <= 0xDBFF, i < end, case let low = unit(i), low >= 0xDC00 && low <= 0xDFFF { i += 2 }
                    position.advance(scalar: scalar)
                }
            }
            return SourceLocation(file: path, line: position.line, column: position.column)
        }
        var findings = errors.map { Finding(ruleID: ReaderRule.encoding, severity: .error, message: $0.message, location: location(at: $0.offset)) }
        if (bytes.count - start) & 1 == 1 {
            let message = "\(encoding.rawValue) text ends with half a code unit (odd number of bytes)"
            if findings.count < maximumEncodingFindings {
                findings.append(Finding(ruleID: ReaderRule.encoding, severity: .error, message: message, location: location(at: end)))
            } else {
                suppressed += 1
            }
        }
        if suppressed > 0 { findings.append(summaryFinding(suppressed, path: path)) }
        return DecodedText(utf8: output, encoding: encoding, findings: findings)
    }

    private static func summaryFinding(_ count: Int, path: String) -> Finding {
        Finding(ruleID: ReaderRule.encoding, severity: .error,
                message: "\(count) more encoding errors in this file are not listed",
                location: SourceLocation(file: path, line: 1, column: 1))
    }

    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        if scalar < 0x80 {
            output.append(UInt8(scalar))
        } else if scalar < 0x800 {
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
