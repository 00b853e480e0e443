import KitSimLua

/// `kitsim api --luals | --markdown` (SPEC §5): the API generated from the class
/// declarations — LuaLS annotations (`---@meta`) for editors, or the Markdown reference
/// `docs/API.md`.
enum ApiCommand {
    static let usage = "usage: kitsim api --luals | --markdown"

    static func main(_ args: [String]) -> Int32 {
        guard args.count == 1, args[0] == "--luals" || args[0] == "--markdown" else { return Command.usageError(usage) }
        do {
            let reference = APIReference(try LuaSandbox(), version: kitsimVersion)
            print(args[0] == "--luals" ? reference.luaLS : reference.markdown, terminator: "")
            return 0
        } catch {
            printError("kitsim api: \(error)")
            return 1
        }
    }
}
