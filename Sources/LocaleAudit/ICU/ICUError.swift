import CICUShim

/// A failed ICU call: ICU's error code, its symbolic name and the operation that failed.
/// Warnings (negative codes such as U_USING_DEFAULT_WARNING) are successes and never become errors.
public struct ICUError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU's UErrorCode value (always positive: an error, not a warning).
    public let code: Int32
    /// ICU's name for the code, such as "U_ILLEGAL_ARGUMENT_ERROR".
    public let name: String
    /// What was being done, such as "canonicalize language tag 'pt-br'".
    public let operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.name = String(cString: la_icu_error_name(code))
        self.operation = operation
    }

    public var description: String { "ICU: \(operation) failed with \(name) (\(code))" }

    /// U_BUFFER_OVERFLOW_ERROR: the shim retries these itself, callers never see them.
    static let bufferOverflow: Int32 = 15

    /// Throws when `status` is an ICU error; warnings and zero pass.
    @inline(__always)
    static func check(_ status: Int32, _ operation: @autoclosure () -> String) throws(ICUError) {
        if status > 0 { throw ICUError(code: status, operation: operation()) }
    }
}

/// Calls into the shim's "fill a buffer, return the full length" functions and grow the buffer when
/// the first attempt was too small. Internal plumbing for the ICU wrappers.
enum ShimBuffer {
    static func utf8(_ operation: @autoclosure () -> String, capacity: Int = 64,
                     _ fill: (UnsafeMutablePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        throws(ICUError) -> String {
        var capacity = capacity
        while true {
            var status: Int32 = 0
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = Int(buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity), &status) })
            try ICUError.check(status, operation())
            if length < capacity {
                return buffer.withUnsafeBufferPointer { pointer in
                    pointer.withMemoryRebound(to: UInt8.self) {
                        String(decoding: UnsafeBufferPointer(start: $0.baseAddress, count: length), as: UTF8.self)
                    }
                }
            }
            capacity = length + 1
        }
    }

    static func utf16(_ operation: @autoclosure () -> String, capacity: Int = 64,
                      _ fill: (UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        throws(ICUError) -> String {
        var capacity = capacity
        while true {
            var status: Int32 = 0
            var buffer = [UInt16](repeating: 0, count: capacity)
            let length = Int(buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity), &status) })
            try ICUError.check(status, operation())
            if length < capacity { return String(decoding: buffer[..<length], as: UTF16.self) }
            capacity = length + 1
        }
    }

    /// For functions that fill an int32 array and return the full count.
    static func int32s(_ operation: @autoclosure () -> String, capacity: Int = 16,
                       _ fill: (UnsafeMutablePointer<Int32>, Int32, UnsafeMutablePointer<Int32>) -> Int32)
        throws(ICUError) -> [Int32] {
        var capacity = capacity
        while true {
            var status: Int32 = 0
            var buffer = [Int32](repeating: 0, count: capacity)
            let count = Int(buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity), &status) })
            try ICUError.check(status, operation())
            if count <= capacity { return Array(buffer[..<count]) }
            capacity = count
        }
    }
}
