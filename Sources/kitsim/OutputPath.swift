import KitSimPlatform

/// Checks an output path given on the command line before anything runs: a folder that
/// does not exist, a path that is a folder, or an extension the output does not take is
/// an error with a message, never a file silently written elsewhere or in another format.
enum OutputPath {
    /// Why `path` cannot take an output with one of `extensions` (lowercase, no dot), or nil.
    static func problem(_ path: String, extensions: [String]) -> String? {
        if let d = opendir(path) { closedir(d); return "is a folder" }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return "no extension; expected \(list(extensions))"
        }
        let ext = name[name.index(after: dot)...]
        guard extensions.contains(ext.lowercased()) else { return "unknown extension '.\(ext)'; expected \(list(extensions))" }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard let d = opendir(folder.isEmpty ? "/" : folder) else { return "no such folder '\(folder)'" }
        closedir(d)
        return nil
    }

    static func list(_ extensions: [String]) -> String {
        let dotted = extensions.map { "." + $0 }
        guard dotted.count > 1 else { return dotted.first ?? "" }
        return dotted.dropLast().joined(separator: ", ") + " or " + (dotted.last ?? "")
    }
}
