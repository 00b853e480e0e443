import KitSimLua

/// `kitsim api --luals | --markdown | --luacheck` (SPEC §5): the API generated from the
/// class declarations — LuaLS annotations (`---@meta`) for editors, the Markdown reference
/// `docs/API.md`, or a luacheck std of KitSim's globals (`.luacheckrc`).
enum ApiCommand {
    static let spec = ArgumentSpec(
        command: "api", operands: "",
        summary: "The API from the class declarations: LuaLS annotations, the Markdown reference (docs/API.md) or a luacheck std (.luacheckrc).",
        options: [
            .init("--luals", help: "LuaLS annotations (---@meta) for editors"),
            .init("--markdown", help: "the API reference as Markdown"),
            .init("--luacheck", help: "a luacheck std of KitSim's globals"),
        ],
        operandCount: 0...0)

    static func main(_ args: [String]) -> Int32 {
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        let wanted = ["--luals", "--markdown", "--luacheck"].filter(p.flag)
        guard wanted.count == 1, let what = wanted.first else { return Command.usageError("give one of --luals, --markdown, --luacheck", spec) }
        do {
            let reference = APIReference(try LuaSandbox(), version: kitsimVersion)
            switch what {
            case "--luals": print(reference.luaLS, terminator: "")
            case "--luacheck": print(reference.luacheck, terminator: "")
            default: print(reference.markdown, terminator: "")
            }
            return ExitCode.success
        } catch {
            printError("kitsim api: \(error)")
            return ExitCode.failed
        }
    }
}
