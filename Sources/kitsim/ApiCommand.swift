import KitSimLua

/// `kitsim api --luals | --markdown | --luacheck` (SPEC §5): the API generated from the
/// class declarations — LuaLS annotations (`---@meta`) for editors, the Markdown reference
/// `docs/API.md`, or a luacheck std of KitSim's globals (`.luacheckrc`).
enum ApiCommand {
    static let usage = "usage: kitsim api --luals | --markdown | --luacheck"

    static func main(_ args: [String]) -> Int32 {
        guard args.count == 1, ["--luals", "--markdown", "--luacheck"].contains(args[0]) else { return Command.usageError(usage) }
        do {
            let reference = APIReference(try LuaSandbox(), version: kitsimVersion)
            switch args[0] {
            case "--luals": print(reference.luaLS, terminator: "")
            case "--luacheck": print(reference.luacheck, terminator: "")
            default: print(reference.markdown, terminator: "")
            }
            return 0
        } catch {
            printError("kitsim api: \(error)")
            return 1
        }
    }
}
