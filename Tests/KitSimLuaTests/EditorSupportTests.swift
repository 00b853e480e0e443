import Foundation
import Testing
@testable import KitSimBridge
@testable import KitSimLua

/// What an editor reads from the repository: `.luarc.json` (LuaLS) points at the committed
/// annotations, which are the ones `kitsim api --luals` generates, and `.luacheckrc` is the
/// std `kitsim api --luacheck` generates.
@Suite struct EditorSupportTests {
    static let root = ReadmeExampleTests.root

    @Test func theLuaLSConfigurationNamesTheGeneratedAnnotations() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/.luarc.json"))
        let config = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(config["runtime.version"] as? String == "Lua 5.4")
        let library = try #require(config["workspace.library"] as? [String])
        #expect(library == ["docs/kitsim.d.lua"])
        let committed = try String(contentsOfFile: Self.root + "/" + library[0], encoding: .utf8)
        let generated = APIReference(try LuaSandbox(), version: kitsimVersion).luaLS
        #expect(committed == generated, "docs/kitsim.d.lua is out of date: run .build/release/kitsim api --luals > docs/kitsim.d.lua")
    }

    @Test func theLuacheckConfigurationIsTheGeneratedStd() throws {
        let committed = try String(contentsOfFile: Self.root + "/.luacheckrc", encoding: .utf8)
        let generated = APIReference(try LuaSandbox(), version: kitsimVersion).luacheck
        #expect(committed == generated, ".luacheckrc is out of date: run .build/release/kitsim api --luacheck > .luacheckrc")
    }
}
