import KitSimPlatform   // malloc, realloc, free

/// A growable array of plain values in one malloc'd block, for the heap's hottest
/// tables: the trace's events (`TraceLog`) and the dealloc cascade's pending releases.
/// Unlike a copy-on-write array stored in the heap, an append or a removal makes no
/// uniqueness check, and growing uses `realloc`, which moves a large block by remapping
/// its pages rather than copying them (the trace of a million-object cascade grows from
/// 64 MB to 128 MB inside it). Running out of memory traps, as an array's growth does.
final class AppendBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        guard let raw = malloc(capacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory for \(capacity) entries")
        }
        base = raw.bindMemory(to: Element.self, capacity: capacity)
    }

    deinit { free(base) }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
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
    private func grow() {
        let newCapacity = capacity * 2
        guard let raw = realloc(base, newCapacity * MemoryLayout<Element>.stride) else {
            fatalError("out of memory for \(newCapacity) entries")
        }
        base = raw.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
