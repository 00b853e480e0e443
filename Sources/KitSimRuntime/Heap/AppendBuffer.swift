import KitSimPlatform   // malloc, realloc, free

/// A growable array of plain values in one malloc'd block, for the heap's hottest
/// tables: the trace's events (`TraceLog`) and the dealloc cascade's pending releases.
/// Unlike a copy-on-write array stored in the heap, an append or a removal makes no
/// uniqueness check, and growing uses `realloc`, which moves a large block by remapping
/// its pages rather than copying them (the trace of a million-object cascade grows from
/// 64 MB to 128 MB inside it). When the block cannot grow, `append` stores nothing and
/// returns false: the owner decides what a lost entry means.
final class AppendBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        // A block of a fixed few kilobytes, made with the heap before any script runs: no
        // script decides its size, and a process that cannot allocate it cannot make the
        // heap's other tables either (every Swift allocation traps then).
        guard let raw = malloc(capacity * MemoryLayout<Element>.stride) else {
            fatalError("cannot allocate the first \(capacity) entries")
        }
        base = raw.bindMemory(to: Element.self, capacity: capacity)
    }

    deinit { free(base) }

    var isEmpty: Bool { count == 0 }

    /// Appends `element`; false (and nothing stored) when the block could not grow.
    @inline(__always) @discardableResult
    func append(_ element: Element) -> Bool {
        if count == capacity, !grow() { return false }
        (base + count).initialize(to: element)
        count += 1
        return true
    }

    /// Removes and returns the last entry; the buffer must not be empty.
    @inline(__always)
    func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty buffer")
        count -= 1
        return base[count]
    }

    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return base[position]
    }

    @inline(never)
    private func grow() -> Bool {
        let (bytes, overflow) = (capacity * 2).multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let raw = realloc(base, bytes) else { return false }
        capacity *= 2
        base = raw.bindMemory(to: Element.self, capacity: capacity)
        return true
    }
}
