import Dispatch
import Foundation

/// Runs work over a collection on several threads and returns results in input order, so the
/// output never depends on scheduling. Workers pull the next index from a shared counter, which
/// balances a few large files against many small ones.
public enum Parallel {
    public static var defaultWorkerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `cost`, when given, estimates each item's work (a file's size): the costliest start first, so
    /// a large file met last does not leave the other cores idle while one finishes it.
    public static func map<Element: Sendable, Result: Sendable>(
        _ items: [Element], workers: Int = defaultWorkerCount, cost: ((Element) -> Int)? = nil,
        _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let count = items.count
        if count == 0 { return [] }
        let workerCount = max(1, min(workers, count))
        if workerCount == 1 { return items.map(transform) }
        // The order work is taken in; results still land at their item's index.
        let schedule: [Int]
        if let cost {
            let costs = items.map(cost)
            schedule = items.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        } else {
            schedule = Array(items.indices)
        }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let next = Counter()
        // The buffer is written at distinct indices only, and read after every worker has finished.
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            while true {
                let position = next.take()
                if position >= count { break }
                let index = schedule[position]
                shared[index] = transform(items[index])
            }
        }
        return results.map { $0! }
    }

    /// `map` for many small items: handed out `chunk` at a time, so the shared counter and the
    /// scheduling cost little next to the work.
    public static func mapInChunks<Element: Sendable, Result: Sendable>(
        _ items: [Element], chunk: Int = 1024, workers: Int = defaultWorkerCount, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let starts = Array(stride(from: 0, to: items.count, by: max(1, chunk)))
        return Array(map(starts, workers: workers) { start in
            items[start..<min(start + chunk, items.count)].map(transform)
        }.joined())
    }

    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func take() -> Int {
            lock.lock()
            defer { lock.unlock() }
            let current = value
            value += 1
            return current
        }
    }
}

/// What the rules share and work out on first use (texts, tables, analyses): `RuleEngine.run` has it
/// forget what it holds once the last rule that reads it ends, so that it does not sit under every
/// later allocation until the run ends. Asked again after that, it works it out again.
protocol RuleCache: AnyObject, Sendable {
    func forget()
}

/// A memo shared by worker threads: each key's value is worked out once, under a lock.
final class LockedCache<Key: Hashable, Value>: RuleCache, @unchecked Sendable {
    private var values: [Key: Value] = [:]
    private let lock = NSLock()

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        values = [:]
    }

    func value(for key: Key, _ make: (Key) -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let known = values[key] { return known }
        let made = make(key)
        values[key] = made
        return made
    }
}

/// A value worked out once, by the first of the worker threads that asks, under a lock: what two
/// rules running side by side both need.
final class SharedOnce<Value>: RuleCache, @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()

    func forget() {
        lock.lock()
        defer { lock.unlock() }
        value = nil
    }

    func value(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
