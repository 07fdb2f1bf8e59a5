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

// 3. A full `check` of the whole corpus (every rule, JSON to /dev/null) against the floor: a Python
// pass that only reads every catalog file and splits its lines. Both run as child processes started
// by the same small Python parent, so the peak memory is the check's own: Linux carries the peak of
// the process that spawns a child over into the child's `ru_maxrss`, and this bench process is large.
// Goals: wall time ≤ 2× the floor, peak memory ≤ 3× the input.
let runner = """
    import os, resource, subprocess, sys, time
    start = time.monotonic()
    status = subprocess.call(sys.argv[1:], stderr=subprocess.DEVNULL)
    wall = time.monotonic() - start
    print(f"{wall} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss} {status}")
    """
let floorScript = """
    import os, sys
    exts = (".strings", ".stringsdict", ".xliff", ".xlf", ".xcstrings")
    skip = {".git", ".svn", ".hg", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"}
    files = lines = size = 0
    for folder, dirs, names in os.walk(sys.argv[1], followlinks=True):
        dirs[:] = [d for d in dirs if d not in skip and not d.startswith(".build")]
        for name in names:
            if name.lower().endswith(exts):
                with open(os.path.join(folder, name), "rb") as f:
                    data = f.read()
                files += 1; size += len(data); lines += len(data.splitlines())
    print(files, lines, size, file=sys.stderr)
    """

/// Runs a command under the Python runner: (wall seconds, peak MB, exit status), best wall of `rounds`.
func measured(_ command: [String], rounds: Int = 3) -> (wall: Double, peakMB: Double, status: Int)? {
    var best: (wall: Double, peakMB: Double, status: Int)? = nil
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", runner] + command
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.count == 3, let wall = Double(fields[0]), let kb = Double(fields[1]), let status = Int(fields[2]) else { return nil }
        if best == nil || wall < best!.wall { best = (wall, max(kb / 1024, best?.peakMB ?? 0), status) }
        else { best!.peakMB = max(best!.peakMB, kb / 1024) }
    }
    return best
}

let toolPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locale-audit").path
print("\nWhole run on the corpus (best of 3; peak memory the largest of the 3):")
if !FileManager.default.isExecutableFile(atPath: toolPath) {
    print("  (build the locale-audit product first; `make bench` does)")
} else if let floor = measured(["python3", "-c", floorScript, corpusPath]),
          let check = measured([toolPath, "check", corpusPath, "--format", "json", "--output", "/dev/null"]) {
    let inputMB = everything.mb
    print("  floor: python3 reads every catalog file and splits its lines: \(fmt(floor.wall, 2)) s, peak \(fmt(floor.peakMB)) MB")
    print("  locale-audit check (every rule, JSON):                  \(fmt(check.wall, 2)) s, peak \(fmt(check.peakMB)) MB, exit status \(check.status)")
    print("  time: \(fmt(check.wall / floor.wall, 2))× the floor (goal ≤ 2×); memory: \(fmt(check.peakMB / inputMB, 2))× the \(fmt(inputMB)) MB of input (goal ≤ 3×)")
    print("\nFull `locale-audit check` of the corpus (JSON to /dev/null): \(fmt(check.wall, 2)) s wall, peak memory \(fmt(check.peakMB)) MB for \(fmt(inputMB)) MB of input (\(fmt(check.peakMB / inputMB, 2))×; target ≤ 3×)")
    // 4. The warm re-run: the same check with --cache, once to store, then replayed. What it must
    // still do is walk and hash every input; the floor above reads them all, so it is the yardstick.
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("locale-audit-bench-cache-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
    let cached = [toolPath, "check", corpusPath, "--format", "json", "--output", "/dev/null", "--cache", cacheFolder]
    if measured(cached, rounds: 1) != nil, let warm = measured(cached) {
        print("  warm re-run (--cache, nothing changed): \(fmt(warm.wall * 1000, 0)) ms, peak \(fmt(warm.peakMB)) MB (target ≤ 50 ms plus hashing; the floor reads the same files in \(fmt(floor.wall * 1000, 0)) ms)")
    }
} else {
    print("  (python3 is needed for the floor and the memory measurement)")
}
