/// A memo that forgets everything once it holds `capacity` values. Text from strangers
/// (SSIDs, device names) and tiles drawn at any size can bring ever new glyphs and sizes
/// over months of running; starting over is cheaper than tracking recency, for values that
/// are remade in microseconds.
struct BoundedCache<Key: Hashable, Value> {
    let capacity: Int
    private var entries: [Key: Value] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// The value kept for `key`, else the one `make` returns, kept.
    mutating func value(for key: Key, orMake make: () -> Value) -> Value {
        if let cached = entries[key] { return cached }
        let value = make()
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
        return value
    }
}
