// `make bench`: the measures and targets of issue 18 on the real catalogs in ../shared/corpus —
// each reader's throughput, a whole `check` against a decoding floor (whole corpus and Wikipedia
// alone), peak memory against input size, the warm re-run, and `diff` against `check` — ending
// with one table of every target. Speed targets live here, never in unit tests (see README, "Performance").
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

/// The shortest time of three runs of `body`.
func bestOfThree(_ body: () -> Void) -> Double { (0..<3).map { _ in seconds(body) }.min()! }

func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
    if s.count >= n { return s }
    let fill = String(repeating: " ", count: n - s.count)
    return right ? fill + s : s + fill
}

func fmt(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }

func entryCount(_ result: ReadResult) -> Int { result.tables.reduce(0) { $0 + $1.entries.count } }

/// One row of the closing table. `ratio` is the measure over its limit's yardstick, so a target is
/// met when `ratio <= limit` (for throughput, where more is better, `atLeast` flips it).
struct TargetRow {
    var measure: String
    var value: String
    var target: String
    var ratio: Double?
    var limit: Double?
    var atLeast = false

    var verdict: String {
        guard let ratio, let limit else { return "—" }
        return (atLeast ? ratio >= limit : ratio <= limit) ? "met" : "missed"
    }
}
var summary: [TargetRow] = []

let arguments = CommandLine.arguments.dropFirst()
let corpusPath = arguments.first ?? "../shared/corpus"
guard FileManager.default.fileExists(atPath: corpusPath) else {
    print("locale-audit-bench: the corpus folder '\(corpusPath)' is absent; nothing to measure.")
    print("Put the shared corpus beside the checkout (../shared/corpus) or pass its path.")
    exit(0)
}
let wikipediaPath = corpusPath + "/wikimedia+wikipedia-ios"

let cores = ProcessInfo.processInfo.activeProcessorCount
// The load average says whether other work shared the machine during the run.
let loadAverage = { (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?" }
print("locale-audit bench — corpus \(corpusPath), \(cores) cores, \(ProcessInfo.processInfo.operatingSystemVersionString), load average \(loadAverage())")
let discovery = Discovery.discover([corpusPath], formats: ReaderRegistry.supportedFormats)
let loaded: [LoadedFile] = discovery.files.compactMap { file in
    guard case .success(let bytes) = FileLoading.bytes(atPath: file.path, limit: Int.max) else { return nil }
    return LoadedFile(file: file, bytes: bytes)
}

// 1. One core, per format, bytes already in memory: the readers' own speed. Best of three rounds.
let readerTargets: [CatalogFormat: Double] = [.strings: 150, .xliff: 60, .xcstrings: 60]
print("\nReaders, one core, files in memory (best of 3):")
print(pad("format", 12) + pad("files", 7, right: true) + pad("entries", 10, right: true) + pad("MB", 9, right: true)
      + pad("seconds", 10, right: true) + pad("MB/s", 9, right: true) + pad("findings", 10, right: true))
for format in CatalogFormat.allCases {
    guard let reader = ReaderRegistry.reader(for: format) else { continue }
    let files = loaded.filter { $0.file.format == format }
    if files.isEmpty { continue }
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    var entries = 0, findings = 0
    let best = bestOfThree {
        entries = 0
        findings = 0
        for item in files {
            let result = reader.read(item.bytes, context: ReadContext(path: item.file.path, locale: item.file.locale, table: item.file.table))
            entries += entryCount(result)
            findings += result.findings.count
        }
    }
    let mb = Double(bytes) / 1_048_576
    print(pad(format.rawValue, 12) + pad("\(files.count)", 7, right: true) + pad("\(entries)", 10, right: true)
          + pad(fmt(mb), 9, right: true) + pad(fmt(best, 3), 10, right: true) + pad(fmt(mb / best), 9, right: true)
          + pad("\(findings)", 10, right: true))
    let target = readerTargets[format]
    summary.append(TargetRow(measure: "\(format.rawValue) reader, one core", value: "\(fmt(mb / best, 0)) MB/s",
                             target: target.map { "≥ \(fmt($0, 0)) MB/s" } ?? "none",
                             ratio: target.map { mb / best / $0 }, limit: target.map { _ in 1 }, atLeast: true))
}

// 2. Every core, from disk: what a run of the readers costs on this machine.
func parallelRead(_ formats: Set<CatalogFormat>) -> (files: Int, mb: Double, seconds: Double) {
    var files = 0, bytes = 0
    let best = bestOfThree {
        let found = Discovery.discover([corpusPath], formats: formats)
        let results = Parallel.map(found.files, workers: cores) { Auditor.readFile($0, limit: Int.max) }
        files = results.count
        bytes = found.files.reduce(0) { $0 + $1.size }
    }
    return (files, Double(bytes) / 1_048_576, best)
}
print("\nDiscovery + reading from disk, \(cores) workers (best of 3):")
let classic = parallelRead(Set([.strings, .stringsdict].filter { ReaderRegistry.supportedFormats.contains($0) }))
print("  .strings + .stringsdict: \(classic.files) files, \(fmt(classic.mb)) MB in \(fmt(classic.seconds, 3)) s (target ≤ 0.5 s)")
summary.append(TargetRow(measure: "discover + read .strings/.stringsdict", value: "\(fmt(classic.seconds, 3)) s",
                         target: "≤ 0.5 s", ratio: classic.seconds / 0.5, limit: 1))
let everything = parallelRead(ReaderRegistry.supportedFormats)
print("  every supported format:  \(everything.files) files, \(fmt(everything.mb)) MB in \(fmt(everything.seconds, 3)) s")

// 3. Child processes, each started by the same small Python parent so that the peak memory is the
// child's own: Linux carries the peak of the process that spawns a child over into the child's
// `ru_maxrss`, and this bench process is large.
let runner = """
    import os, resource, subprocess, sys, time
    start = time.monotonic()
    child = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    print(f"{wall} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss} {child.returncode}")
    print((child.stderr.decode(errors="replace").strip().splitlines() or [""])[-1])
    """
// The floor the issue names: decode every catalog file the tool reads (the same folders skipped) as
// the tool does (a UTF-8 or UTF-16 BOM; without one, UTF-16 when every other byte of the start is
// zero, else UTF-8 with replacement) and split it into lines.
let floorScript = """
    import os, sys
    exts = (".strings", ".stringsdict", ".xliff", ".xlf", ".xcstrings")
    skip = {".git", ".svn", ".hg", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"}
    def decode(data):
        if data.startswith(b"\\xff\\xfe"): return data[2:].decode("utf-16-le", "replace")
        if data.startswith(b"\\xfe\\xff"): return data[2:].decode("utf-16-be", "replace")
        if data.startswith(b"\\xef\\xbb\\xbf"): return data[3:].decode("utf-8", "replace")
        head = data[:512 & ~1]; units = len(head) // 2
        if units >= 2:
            even = head[0::2].count(0); odd = head[1::2].count(0)
            if odd * 10 >= units * 7 and even * 10 < units: return data.decode("utf-16-le", "replace")
            if even * 10 >= units * 7 and odd * 10 < units: return data.decode("utf-16-be", "replace")
        return data.decode("utf-8", "replace")
    files = lines = 0
    for folder, dirs, names in os.walk(sys.argv[1], followlinks=True):
        dirs[:] = [d for d in dirs if d not in skip and not d.startswith(".build")
                   and not (folder.endswith(".xcloc") and d in ("Source Contents", "Source%20Contents"))]
        for name in names:
            if name.lower().endswith(exts):
                with open(os.path.join(folder, name), "rb") as f:
                    lines += len(decode(f.read()).splitlines())
                files += 1
    print(files, lines)
    """

struct ChildRun {
    var wall: Double
    var peakMB: Double
    var status: Int
    /// The last line the command wrote to standard error: the tool's summary line.
    var summaryLine: String
}

/// Runs a command under the Python runner: the best wall time of `rounds`, the largest peak memory.
func measured(_ command: [String], rounds: Int = 3) -> ChildRun? {
    var best: ChildRun? = nil
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", runner] + command
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let fields = lines[0].split(separator: " ")
        guard lines.count >= 2, fields.count == 3, let wall = Double(fields[0]), let kb = Double(fields[1]), let status = Int(fields[2])
        else { return nil }
        let run = ChildRun(wall: min(wall, best?.wall ?? wall), peakMB: max(kb / 1024, best?.peakMB ?? 0), status: status,
                           summaryLine: String(lines[1]))
        best = run
    }
    return best
}

/// A copy of the Wikipedia catalogs with a few deterministic edits, for `diff`: the first value of
/// five .strings files changed and the first key of a sixth deleted. Nil when it cannot be made.
func editedCopy(of folder: String, into scratch: String) -> String? {
    let copy = scratch + "/edited"
    guard (try? FileManager.default.copyItem(atPath: folder, toPath: copy)) != nil else { return nil }
    let separator = Array(#"" = ""#.utf8)
    // UTF-8 files only, so that an edit is a byte splice: no BOM and no zero byte.
    let candidates = Discovery.discover([copy], formats: [.strings]).files.map(\.path).sorted().compactMap { path -> (String, [UInt8], Int)? in
        guard case .success(let bytes) = FileLoading.bytes(atPath: path, limit: Int.max),
              bytes.first != 0xFF, bytes.first != 0xFE, bytes.first != 0xEF, !bytes.contains(0),
              let at = (0..<max(0, bytes.count - separator.count)).first(where: { bytes[$0..<($0 + separator.count)].elementsEqual(separator) })
        else { return nil }
        return (path, bytes, at)
    }
    guard candidates.count >= 6 else { return nil }
    let step = candidates.count / 6
    for (index, (path, bytes, at)) in stride(from: 0, to: step * 6, by: step).map({ candidates[$0] }).enumerated() {
        var edited = bytes
        if index < 5 {
            edited.insert(contentsOf: Array("(edited) ".utf8), at: at + separator.count)
        } else {
            let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let lineEnd = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            edited.removeSubrange(lineStart..<lineEnd)
        }
        guard (try? Data(edited).write(to: URL(fileURLWithPath: path))) != nil else { return nil }
    }
    return copy
}

func ratioRow(_ measure: String, _ run: ChildRun, against yardstick: Double, named: String, limit: Double, target: String) -> TargetRow {
    TargetRow(measure: measure, value: "\(fmt(run.wall, 2)) s vs \(named) \(fmt(yardstick, 2)) s", target: target,
              ratio: run.wall / yardstick, limit: limit)
}

let toolPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locale-audit").path
let check = [toolPath, "check", "--format", "json", "--output", "/dev/null", "--no-config"]
print("\nWhole runs (best of 3; peak memory the largest of the 3):")
if !FileManager.default.isExecutableFile(atPath: toolPath) {
    print("  (build the locale-audit product first; `make bench` does)")
} else if let floor = measured(["python3", "-c", floorScript, corpusPath]),
          let corpusCheck = measured(check + [corpusPath]),
          let wikipediaFloor = measured(["python3", "-c", floorScript, wikipediaPath]),
          let wikipediaCheck = measured(check + [wikipediaPath]) {
    let inputMB = everything.mb
    print("  floor: python3 decodes every catalog file and splits its lines: \(fmt(floor.wall, 2)) s, peak \(fmt(floor.peakMB)) MB")
    print("  locale-audit check (every rule, JSON):                           \(fmt(corpusCheck.wall, 2)) s, peak \(fmt(corpusCheck.peakMB)) MB, exit status \(corpusCheck.status)")
    print("    \(corpusCheck.summaryLine)")
    print("  Wikipedia alone: floor \(fmt(wikipediaFloor.wall, 2)) s, check \(fmt(wikipediaCheck.wall, 2)) s, peak \(fmt(wikipediaCheck.peakMB)) MB")
    summary.append(ratioRow("check of the corpus vs floor", corpusCheck, against: floor.wall, named: "floor", limit: 4,
                            target: "≤ 4× (goal 2×)"))
    summary.append(ratioRow("check of Wikipedia vs its floor", wikipediaCheck, against: wikipediaFloor.wall, named: "floor", limit: 4,
                            target: "≤ 4×"))
    summary.append(TargetRow(measure: "peak memory of the corpus check", value: "\(fmt(corpusCheck.peakMB, 0)) MB for \(fmt(inputMB)) MB input",
                             target: "≤ 3× input", ratio: corpusCheck.peakMB / inputMB, limit: 3))

    // 4. The warm re-run: the same check with --cache, once to store, then replayed. It must still
    // walk the inputs and read and hash each: that part is timed here in this process, with the
    // tool's own key function on every core (best of 3).
    let hashing = bestOfThree {
        let found = Auditor.discover(paths: [corpusPath], options: AuditOptions(workers: cores))
        _ = ResultCache.key(settings: [], discovery: found, maxFileSize: Int.max, workers: cores)
    }
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("locale-audit-bench-cache-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
    let cached = check + [corpusPath, "--cache", cacheFolder]
    if measured(cached, rounds: 1) != nil, let warm = measured(cached) {
        let allowance = 0.050 + hashing
        print("  warm re-run (--cache, nothing changed): \(fmt(warm.wall * 1000, 0)) ms, peak \(fmt(warm.peakMB)) MB; "
              + "discovering, reading and hashing every input takes \(fmt(hashing * 1000, 0)) ms")
        summary.append(TargetRow(measure: "warm re-run of the corpus (--cache)", value: "\(fmt(warm.wall * 1000, 0)) ms",
                                 target: "≤ 50 ms + hashing \(fmt(hashing * 1000, 0)) ms", ratio: warm.wall / allowance, limit: 1))
    }

    // 5. `diff` of Wikipedia against an edited copy (in a temporary folder; the corpus is never written).
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("locale-audit-bench-diff-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    if (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil,
       let edited = editedCopy(of: wikipediaPath, into: scratch),
       let diff = measured([toolPath, "diff", wikipediaPath, edited, "--format", "json", "--output", "/dev/null", "--no-config"]) {
        print("  diff of Wikipedia against an edited copy: \(fmt(diff.wall, 2)) s, peak \(fmt(diff.peakMB)) MB, exit status \(diff.status)")
        print("    \(diff.summaryLine)")
        summary.append(ratioRow("diff of Wikipedia vs its check", diff, against: wikipediaCheck.wall, named: "check", limit: 2,
                                target: "≤ 2×"))
    } else {
        print("  (the edited copy of Wikipedia for `diff` could not be made or run)")
    }
} else {
    print("  (python3 is needed for the floor and the memory measurement)")
}

// The closing table: one row per target of the issue.
let header = ["measure", "value", "target", "ratio", "verdict"]
let rows = summary.map { [$0.measure, $0.value, $0.target, $0.ratio.map { fmt($0, 2) + "×" } ?? "—", $0.verdict] }
let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
func tableLine(_ cells: [String]) -> String {
    // The last column is not padded: no trailing blanks.
    cells.enumerated().map { $0.offset == cells.count - 1 ? $0.element : pad($0.element, widths[$0.offset], right: $0.offset == 3) }
        .joined(separator: "  ")
}
print("\nTargets (the ratio is the value over the target's yardstick; readers: MB/s over the target):")
print(tableLine(header))
print(tableLine(widths.map { String(repeating: "-", count: $0) }))
for row in rows { print(tableLine(row)) }
print("\nLoad average at the end: \(loadAverage()) (\(cores) cores; above about 0.5 other work shared the machine).")
