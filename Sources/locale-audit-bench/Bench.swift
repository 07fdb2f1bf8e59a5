// `make bench`: reader throughput per format on the real catalogs in ../shared/corpus, the wall time
// of reading them all with every core, and the peak memory of a full `check` run.
// Speed targets live here, never in unit tests (see README, "Performance").
import Foundation
import LocaleAudit
#if canImport(Glibc)
import Glibc
#endif

struct LoadedFile {
    let file: DiscoveredFile
    let bytes: [UInt8]
}

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
    if s.count >= n { return s }
    let fill = String(repeating: " ", count: n - s.count)
    return right ? fill + s : s + fill
}

func fmt(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }

func entryCount(_ result: ReadResult) -> Int { result.tables.reduce(0) { $0 + $1.entries.count } }

let arguments = CommandLine.arguments.dropFirst()
let corpusPath = arguments.first ?? "../shared/corpus"
guard FileManager.default.fileExists(atPath: corpusPath) else {
    print("locale-audit-bench: the corpus folder '\(corpusPath)' is absent; nothing to measure.")
    print("Put the shared corpus beside the checkout (../shared/corpus) or pass its path.")
    exit(0)
}

let cores = ProcessInfo.processInfo.activeProcessorCount
print("locale-audit bench — corpus \(corpusPath), \(cores) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)")
let discovery = Discovery.discover([corpusPath], formats: ReaderRegistry.supportedFormats)
let loaded: [LoadedFile] = discovery.files.compactMap { file in
    guard case .success(let bytes) = FileLoading.bytes(atPath: file.path, limit: Int.max) else { return nil }
    return LoadedFile(file: file, bytes: bytes)
}

// 1. One core, per format, bytes already in memory: the readers' own speed. Best of three rounds.
print("\nReaders, one core, files in memory (best of 3):")
print(pad("format", 12) + pad("files", 7, right: true) + pad("entries", 10, right: true) + pad("MB", 9, right: true)
      + pad("seconds", 10, right: true) + pad("MB/s", 9, right: true) + pad("findings", 10, right: true))
for format in CatalogFormat.allCases {
    guard let reader = ReaderRegistry.reader(for: format) else { continue }
    let files = loaded.filter { $0.file.format == format }
    if files.isEmpty { continue }
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    var entries = 0, findings = 0
    var best = Double.infinity
    for _ in 0..<3 {
        var e = 0, f = 0
        let t = seconds {
            for item in files {
                let result = reader.read(item.bytes, context: ReadContext(path: item.file.path, locale: item.file.locale, table: item.file.table))
                e += entryCount(result)
                f += result.findings.count
            }
        }
        best = min(best, t)
        entries = e
        findings = f
    }
    let mb = Double(bytes) / 1_048_576
    print(pad(format.rawValue, 12) + pad("\(files.count)", 7, right: true) + pad("\(entries)", 10, right: true)
          + pad(fmt(mb), 9, right: true) + pad(fmt(best, 3), 10, right: true) + pad(fmt(mb / best), 9, right: true)
          + pad("\(findings)", 10, right: true))
}

// 2. Every core, from disk: what a run of the readers costs on this machine.
func parallelRead(_ formats: Set<CatalogFormat>) -> (files: Int, mb: Double, seconds: Double) {
    var best = Double.infinity
    var files = 0, bytes = 0
    for _ in 0..<3 {
        let t = seconds {
            let found = Discovery.discover([corpusPath], formats: formats)
            let results = Parallel.map(found.files, workers: cores) { Auditor.readFile($0, limit: Int.max) }
            files = results.count
            bytes = found.files.reduce(0) { $0 + $1.size }
        }
        best = min(best, t)
    }
    return (files, Double(bytes) / 1_048_576, best)
}
print("\nDiscovery + reading from disk, \(cores) workers (best of 3):")
let classic = parallelRead([.strings, .stringsdict].filter { ReaderRegistry.supportedFormats.contains($0) }.reduce(into: Set()) { $0.insert($1) })
print("  .strings + .stringsdict: \(classic.files) files, \(fmt(classic.mb)) MB in \(fmt(classic.seconds, 3)) s (target ≤ 0.5 s)")
let everything = parallelRead(ReaderRegistry.supportedFormats)
print("  every supported format:  \(everything.files) files, \(fmt(everything.mb)) MB in \(fmt(everything.seconds, 3)) s")

// 3. Peak memory of a full check in a child process (its own maximum resident set size).
let toolPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locale-audit").path
if FileManager.default.isExecutableFile(atPath: toolPath) {
    var pid: pid_t = 0
    let args = [toolPath, "check", corpusPath, "--format", "json", "--output", "/dev/null"]
    var cArgs = args.map { strdup($0) } + [nil]
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    let start = DispatchTime.now().uptimeNanoseconds
    if posix_spawn(&pid, toolPath, &fileActions, nil, &cArgs, environ) == 0 {
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let peakMB = Double(usage.ru_maxrss) / 1024
        print("\nFull `locale-audit check` of the corpus (JSON to /dev/null): \(fmt(wall, 2)) s wall, peak memory \(fmt(peakMB)) MB for \(fmt(everything.mb)) MB of input (\(fmt(peakMB / everything.mb, 2))×; target ≤ 3×)")
    }
    for p in cArgs { free(p) }
} else {
    print("\n(peak memory: build the locale-audit product first; `make bench` does)")
}
