extension Heap {
    /// The bytes reserved by the tables that grow with the number of objects and events,
    /// table by table, computed from their capacities (the budget: under 200 B per
    /// object with history on). Dictionaries are estimated from their capacity (power-of-
    /// two buckets at most 3/4 full, keys + values + one bit per bucket); the out-of-line
    /// payloads of dictionary values (hold lists, associated entries, labels), classes,
    /// names and messages are not counted. For benchmarks and reports; read-only.
    public var storageBreakdown: [(table: String, bytes: Int)] {
        func array<T>(_ a: ContiguousArray<T>) -> Int { a.capacity * MemoryLayout<T>.stride }
        func dictionary<K, V>(_ d: [K: V]) -> Int {
            guard d.capacity > 0 else { return 0 }
            var buckets = 1
            while buckets * 3 / 4 < d.capacity { buckets *= 2 }
            return buckets * (MemoryLayout<K>.stride + MemoryLayout<V>.stride) + buckets / 8
        }
        return [
            ("object tables", array(classIndex) + array(retainCounts) + array(states) + array(slotBase)
                + array(weakHead) + array(activeCalls)),
            ("property slots", array(slots)),
            ("weak nodes", array(weakNodes) + array(weakNodeOfSlot)),
            ("trace events", eventBuffer.capacity * MemoryLayout<TraceEvent>.stride),
            ("pools and cascade", array(poolEntries) + releaseStack.capacity * MemoryLayout<PendingRelease>.stride),
            ("holds, associated, labels", dictionary(holds) + dictionary(associated) + dictionary(labels)),
        ]
    }

    /// The sum of `storageBreakdown`: bytes reserved by the heap's growing tables.
    public var storageBytes: Int { storageBreakdown.reduce(0) { $0 + $1.bytes } }
}
