extension Platform {
    /// What a tool run with `runTool` wrote, and how it ended.
    public struct ToolOutput: Sendable {
        /// The exit status (128 + the signal's number when a signal ended it).
        public let status: Int32
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]
    }

    /// Why `runTool` could not run a tool.
    public enum ToolError: Error, Equatable, CustomStringConvertible {
        /// No executable of that name in `$PATH`.
        case notFound(String)
        /// The tool was found but could not be started, or its output not collected.
        case failed(String)

        public var description: String {
            switch self {
            case .notFound(let name): return "\(name) not found in PATH"
            case .failed(let why): return why
            }
        }
    }

    /// Whether an executable named `name` is in `$PATH`.
    public static func hasTool(_ name: String) -> Bool { resolve(name) != nil }

    /// Runs the tool `name` (looked up in `$PATH`) with `arguments`, `input` on its
    /// standard input, and collects what it writes. Standard input, output and error go
    /// through temporary files rather than pipes, so a tool that writes much before it
    /// has read all its input cannot block on a full pipe.
    public static func runTool(_ name: String, _ arguments: [String], input: [UInt8]) -> Result<ToolOutput, ToolError> {
        guard let path = resolve(name) else { return .failure(.notFound(name)) }
        guard let folder = makeTemporaryDirectory("kitsim-tool.") else { return .failure(.failed("cannot make a temporary folder")) }
        let inPath = folder + "/in", outPath = folder + "/out", errPath = folder + "/err"
        defer {
            for p in [inPath, outPath, errPath] { unlink(p) }
            rmdir(folder)
        }
        guard writeBytes(inPath, input) else { return .failure(.failed("cannot write \(inPath)")) }
        let pid: pid_t
        switch spawn(path, [name] + arguments, redirects: [
            Redirect(fd: 0, path: inPath, flags: O_RDONLY),
            Redirect(fd: 1, path: outPath, flags: O_WRONLY | O_CREAT | O_TRUNC),
            Redirect(fd: 2, path: errPath, flags: O_WRONLY | O_CREAT | O_TRUNC),
        ]) {
        case .success(let started): pid = started
        case .failure(let e): return .failure(.failed("cannot start \(path): \(e)"))
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 {
            guard errno == EINTR else { return .failure(.failed("waitpid: \(String(cString: strerror(errno)))")) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signal = waitStatus & 0x7f
        let status = signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
        return .success(ToolOutput(status: status, standardOutput: readBytes(outPath) ?? [],
                                   standardError: readBytes(errPath) ?? []))
    }

    /// Reads a whole file, or nil when it cannot be opened.
    public static func readBytes(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { bytes.append(contentsOf: buffer[0..<n]) }
            if n < buffer.count { break }
        }
        return bytes
    }

    /// Writes `bytes` to a file (created or truncated); whether all were written.
    public static func writeBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard let f = fopen(path, "wb") else { return false }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        return fclose(f) == 0 && written == bytes.count
    }

    /// Whether `path`'s folder exists (the current folder for a bare file name).
    public static func folderExists(of path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return true }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        var s = stat()
        // S_IFMT and S_IFDIR as numbers: their imported types differ between Glibc and Darwin.
        return stat(folder, &s) == 0 && (s.st_mode & 0o170000) == 0o040000
    }

    /// The names in the folder `dir`, sorted (without `.` and `..`), or nil when `dir` is
    /// not a folder that can be read.
    public static func folderEntries(_ dir: String) -> [String]? {
        guard let d = opendir(dir) else { return nil }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
