// libFuzzer targets for every byte-level parser. Built by `make fuzz` with
// `-sanitize=fuzzer,address -DFUZZING`; the target is chosen by LOCALE_AUDIT_FUZZ_TARGET.
// Without FUZZING this is a replay tool: `locale-audit-fuzz TARGET FILE…` runs each file through the
// target once, which is how crash reproducers kept in Fixtures/Fuzz stay regression tests.
import Foundation
import LocaleAudit

enum FuzzTarget: String, CaseIterable {
    case strings, stringsdict, xliff, xcstrings, json, xml, format, bcp47

    func run(_ bytes: [UInt8]) {
        let context = ReadContext(path: "fuzz-input", locale: "de", table: "Localizable")
        switch self {
        case .strings: _ = StringsReader.read(bytes, context: context)
        case .stringsdict: _ = StringsdictReader.read(bytes, context: context)
        case .xliff: _ = XLIFFReader.read(bytes, context: context, bundle: nil)
        case .xcstrings: _ = XCStringsReader.read(bytes, context: context)
        case .json: _ = JSONParser.parse(TextDecoding.decode(bytes, path: "fuzz-input").utf8, file: "fuzz-input")
        case .xml:
            var tokenizer = XMLTokenizer(decoding: bytes, path: "fuzz-input")
            while tokenizer.next() != nil {}
        case .format:
            let text = String(decoding: bytes, as: UTF8.self)
            let scan = FormatSpecifiers.scan(text)
            _ = FormatSpecifiers.strayFragments(in: text, outside: scan)
            _ = scan.argumentKinds
        case .bcp47:
            let text = String(decoding: bytes.prefix(256), as: UTF8.self)
            _ = LanguageTag.parse(text, options: .allowUnderscores)
        }
    }
}

#if FUZZING
nonisolated(unsafe) let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["LOCALE_AUDIT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set LOCALE_AUDIT_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// SwiftPM links an executable's entry point as `<module>_main`; hand over to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

@_cdecl("locale_audit_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}
#else
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: locale-audit-fuzz TARGET FILE…  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(2)
            }
            target.run(Array(data))
        }
        print("replayed \(arguments.count - 1) inputs through \(name) without a crash")
    }
}
#endif
