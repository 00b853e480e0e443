import BenchSupport
import KitSimPlatform

/// Process memory probes. `mallinfo2` and `malloc_trim` are glibc's, looked up with
/// `dlsym` (nil elsewhere, macOS included, where only the resident size is measured); on
/// x86-64 a C function returning a large struct takes the result buffer as a hidden first
/// argument (System V ABI, class MEMORY), so it can be called as `void *(*)(void *)`.
enum Memory {
    private typealias MallocTrim = @convention(c) (Int) -> Int32
    private typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

    nonisolated(unsafe) private static let handle = dlopen(nil, RTLD_NOW)

    /// Bytes malloc has handed out and not had back (`uordblks + hblkhd`), or nil.
    static func mallocInUse() -> Int? {
        #if arch(x86_64)
        guard let sym = dlsym(handle, "mallinfo2") else { return nil }
        let fn = unsafeBitCast(sym, to: MallInfo2.self)
        // struct mallinfo2: ten size_t fields (arena, ordblks, smblks, hblks, hblkhd,
        // usmblks, fsmblks, uordblks, fordblks, keepcost).
        var fields = [Int](repeating: 0, count: 10)
        fields.withUnsafeMutableBytes { _ = fn($0.baseAddress!) }
        return fields[7] + fields[4]
        #else
        return nil
        #endif
    }

    /// Gives free memory back to the system so resident-size deltas start clean.
    static func trim() {
        guard let sym = dlsym(handle, "malloc_trim") else { return }
        _ = unsafeBitCast(sym, to: MallocTrim.self)(0)
    }

    /// Resident set size (0 where the platform layer cannot read it).
    static func residentBytes() -> Int { Platform.residentBytes() ?? 0 }

    struct Snapshot {
        let malloc: Int?
        let resident: Int
        static func take() -> Snapshot {
            trim()
            return Snapshot(malloc: mallocInUse(), resident: residentBytes())
        }
    }
}
