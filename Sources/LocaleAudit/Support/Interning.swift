/// Dense integer ids for values: the first value interned is 0, the next new one 1, and so on. Each
/// value is hashed once, where it is interned; everything after compares and indexes by its id.
struct Interner<Value: Hashable> {
    private var ids: [Value: Int] = [:]
    /// The interned values, each at its id.
    private(set) var values: [Value] = []

    init(capacity: Int = 0) { ids.reserveCapacity(capacity) }

    var count: Int { values.count }

    /// The value's id, made when it is new.
    mutating func id(of value: Value) -> Int {
        let next = values.count
        var id = next
        func read(_ slot: inout Int) { id = slot }
        read(&ids[value, default: next])  // one hash, found or stored
        if id == next { values.append(value) }
        return id
    }
}

extension Dictionary {
    /// Stores `value` under `key` unless the key already has one, hashing the key once; true when it
    /// was stored.
    @discardableResult
    mutating func insertIfAbsent(_ value: Value, forKey key: Key) -> Bool {
        var inserted = false
        func keep(_ slot: inout Value) {}
        keep(&self[key, default: { inserted = true; return value }()])
        return inserted
    }
}
