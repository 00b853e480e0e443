import Testing
@testable import KitSimLua

@Suite struct LuaStateTests {
    @Test func runsAChunkUnderProtection() throws {
        let lua = try LuaState()
        #expect(try lua.run("return 1 + 1, 'x'").get() == ["2", "x"])
    }

    @Test func aRuntimeErrorComesBackWithItsTraceback() throws {
        let lua = try LuaState()
        let result = lua.run("local t = nil\nreturn t.x", name: "=demo")
        guard case .failure(let e) = result else { Issue.record("expected an error"); return }
        #expect(e.message.hasPrefix("demo:2: attempt to index a nil value (local 't')"))
        #expect(e.message.contains("stack traceback:"))
    }

    @Test func linksLua54() { #expect(LuaState.version == "5.4") }
}
