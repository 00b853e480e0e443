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

/// Text inside XML (JUnit): the five markup characters escaped, and the control characters
/// XML 1.0 cannot carry at all (a script may print any byte) replaced with U+FFFD.
enum XMLText {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF { out += "\u{FFFD}" } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
