// The platform layer: the only place that names the C library (Glibc or Musl on Linux,
// Darwin on macOS) and the only place with code for one platform. Every other file
// imports KitSimPlatform, which re-exports the C library, and calls the helpers below
// for what differs. scripts/check-portability.sh enforces this.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("KitSim builds on Linux (Glibc or Musl) and macOS (Darwin)")
#endif

#if canImport(Darwin)
// Declared here rather than taken from the SDK's module map, where their submodules
// (crt_externs.h, mach-o/dyld.h) have moved between SDK versions.
@_silgen_name("_NSGetEnviron")
private func kitsimNSGetEnviron() -> UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
@_silgen_name("_NSGetExecutablePath")
private func kitsimNSGetExecutablePath(_ buffer: UnsafeMutablePointer<CChar>?, _ size: UnsafeMutablePointer<UInt32>) -> Int32
#endif

public enum Platform {
    /// The folder for temporary files: `$TMPDIR` (macOS gives each user one), else /tmp.
    public static var temporaryDirectory: String {
        if let t = getenv("TMPDIR"), t.pointee != 0 {
            var s = String(cString: t)
            while s.count > 1 && s.hasSuffix("/") { s.removeLast() }
            return s
        }
        return "/tmp"
    }

    /// A new, empty file in the temporary folder, `PREFIX` + six random characters +
    /// `suffix` (mkstemps); nil when it cannot be made.
    public static func makeTemporaryFile(_ prefix: String, suffix: String = "") -> String? {
        var template = Array((temporaryDirectory + "/" + prefix + "XXXXXX" + suffix).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard fd >= 0 else { return nil }
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A new folder in the temporary folder (mkdtemp); nil when it cannot be made.
    public static func makeTemporaryDirectory(_ prefix: String) -> String? {
        var template = Array((temporaryDirectory + "/" + prefix + "XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    /// The absolute path of the running executable, or nil when it cannot be found.
    public static func executablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #elseif canImport(Darwin)
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        if kitsimNSGetExecutablePath(&buffer, &size) == 0, let real = realpath(buffer, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        #endif
        return resolve(CommandLine.arguments.first ?? "")
    }

    /// `argv[0]` as an absolute path: relative to the current folder when it has a slash,
    /// else looked up in `$PATH` as the shell did.
    static func resolve(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        var candidates = [name]
        if !name.contains("/") {
            let path = getenv("PATH").map { String(cString: $0) } ?? ""
            candidates = path.split(separator: ":").map { "\($0)/\(name)" }
        }
        for c in candidates where access(c, X_OK) == 0 {
            if let real = realpath(c, nil) {
                defer { free(real) }
                return String(cString: real)
            }
        }
        return nil
    }

    /// The process's environment, for a child started with `spawn`.
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return kitsimNSGetEnviron().pointee
        #else
        return environ
        #endif
    }

    /// Starts `path` with `arguments` (argv[0] included) and this process's environment
    /// (posix_spawn), its standard error going to the file `standardError` (truncated)
    /// when given; the child's process id, or the error posix_spawn returned.
    public static func spawn(_ path: String, _ arguments: [String], standardError: String? = nil) -> Result<pid_t, SpawnError> {
        spawn(path, arguments, redirects: standardError.map { [Redirect(fd: 2, path: $0, flags: O_WRONLY | O_CREAT | O_TRUNC)] } ?? [])
    }

    /// A file a spawned process's descriptor `fd` is opened on (`open(path, flags, 0600)`).
    public struct Redirect {
        public let fd: Int32
        public let path: String
        public let flags: Int32
        public init(fd: Int32, path: String, flags: Int32) { self.fd = fd; self.path = path; self.flags = flags }
    }

    /// Starts `path` with `arguments` (argv[0] included) and this process's environment,
    /// each redirect's descriptor opened on its file first; the child's process id.
    public static func spawn(_ path: String, _ arguments: [String], redirects: [Redirect]) -> Result<pid_t, SpawnError> {
        spawn(path, arguments, redirects: redirects, duplicates: [])
    }

    /// `spawn` with descriptors of this process duplicated onto the child's first
    /// (`(from, to)`: the child's `to` is this process's `from`).
    static func spawn(_ path: String, _ arguments: [String], redirects: [Redirect],
                      duplicates: [(from: Int32, to: Int32)]) -> Result<pid_t, SpawnError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for d in duplicates { posix_spawn_file_actions_adddup2(&actions, d.from, d.to) }
        for r in redirects { posix_spawn_file_actions_addopen(&actions, r.fd, r.path, r.flags, 0o600) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let rc = argv.withUnsafeBufferPointer { buf in
            posix_spawn(&pid, path, &actions, nil, buf.baseAddress!, environment)
        }
        return rc == 0 ? .success(pid) : .failure(SpawnError(code: rc))
    }

    /// Starts `path` as `spawn` does, with a new pipe whose write end is the child's
    /// descriptor `pipeFD` (and the parent's copy closed), standard output on /dev/null
    /// and standard error on the file `standardError`; the child's process id and the
    /// pipe's read end (close-on-exec, so later children do not hold it open).
    public static func spawnWithPipe(_ path: String, _ arguments: [String], pipeFD: Int32,
                                     standardError: String) -> Result<(pid_t, Int32), SpawnError> {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(SpawnError(code: errno)) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        let started = spawn(path, arguments,
                            redirects: [Redirect(fd: 1, path: "/dev/null", flags: O_WRONLY),
                                        Redirect(fd: 2, path: standardError, flags: O_WRONLY | O_CREAT | O_TRUNC)],
                            duplicates: [(writeEnd, pipeFD)])
        close(writeEnd)
        switch started {
        case .success(let pid): return .success((pid, readEnd))
        case .failure(let e):
            close(readEnd)
            return .failure(e)
        }
    }

    /// Seconds on the monotonic clock: for timeouts, never for anything a run prints.
    public static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Sets the handler of `signal` (`SA_ONSTACK` when `alternateStack`, for a handler
    /// that must run after a stack overflow).
    public static func setSignalHandler(_ signal: Int32, alternateStack: Bool = false,
                                        _ handler: @convention(c) (Int32) -> Void) {
        var sa = sigaction()
        #if canImport(Darwin)
        sa.__sigaction_u.__sa_handler = handler
        #elseif canImport(Musl)
        sa.__sa_handler.sa_handler = handler
        #else
        sa.__sigaction_handler.sa_handler = handler
        #endif
        sa.sa_flags = alternateStack ? SA_ONSTACK : 0
        sigaction(signal, &sa, nil)
    }

    /// The number of processors online.
    public static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The 1, 5 and 15 minute load averages as the shell's `uptime` prints them, or "?".
    public static var loadAverage: String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "?" }
        return loads.map { String(Double(Int($0 * 100)) / 100) }.joined(separator: " ")
    }

    /// The resident set size of this process in bytes, or nil where it cannot be read.
    public static func residentBytes() -> Int? {
        #if os(Linux)
        guard let f = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(f) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in
            withUnsafeMutablePointer(to: &resident) { r in
                withVaList([s, r]) { vfscanf(f, "%ld %ld", $0) }
            }
        }) == 2 else { return nil }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let kr = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return kr == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }
}
