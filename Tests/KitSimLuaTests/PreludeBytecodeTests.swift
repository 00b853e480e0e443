import CLua
import CLuaShim
import Testing
@testable import KitSimBridge

/// The sandbox loads its prelude and assertion vocabulary as bytecode compiled ahead of
/// time (Sources/CLuaShim/kitsim_prelude.c): it must be what the linked Lua makes of the
/// sources in Prelude.swift, or the sources are what runs.
@Suite struct PreludeBytecodeTests {
    final class Sink { var bytes: [UInt8] = [] }

    /// `string.dump` of `source` compiled as the sandbox names it.
    static func dump(_ source: String) throws -> [UInt8] {
        let L = try #require(luaL_newstate())
        defer { lua_close(L) }
        #expect(luaL_loadbufferx(L, source, source.utf8.count, "=prelude", "t") == LUA_OK)
        let sink = Sink()
        let writer: lua_Writer = { _, p, size, ud in
            let sink = Unmanaged<Sink>.fromOpaque(ud!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: p, count: size))
            return 0
        }
        #expect(lua_dump(L, writer, Unmanaged.passUnretained(sink).toOpaque(), 0) == 0)
        return sink.bytes
    }

    @Test func theCompiledPreludeIsTheSources() throws {
        #expect(kitsim_prelude_release == 50404, "made by the release KitSim links")
        // The C arrays come to Swift as tuples.
        let chunks = [(kitsim_prelude_chunks.0, kitsim_prelude_chunk_sizes.0, kitsim_prelude_source_sizes.0),
                      (kitsim_prelude_chunks.1, kitsim_prelude_chunk_sizes.1, kitsim_prelude_source_sizes.1)]
        for (source, (start, size, sourceSize)) in zip([prelude, assertionVocabulary], chunks) {
            let compiled = Array(UnsafeBufferPointer<UInt8>(start: start, count: size))
            #expect(sourceSize == source.utf8.count)
            #expect(compiled == (try Self.dump(source)),
                    "Sources/CLuaShim/kitsim_prelude.c is out of date: run scripts/prelude-bytecode.sh")
        }
    }

    @Test func preludeFunctionsKeepTheirSourceAndLines() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local info = debug.getinfo(CGRect, "S")
            print(info.source, info.linedefined, debug.getinfo(expect, "S").linedefined)
            local ok, e = pcall(CGRect, "x")
            print(e)
            expect(1).to.equal(1)
            print(pcall(function() expect(1).to.equal(2) end))
            print(debug.getinfo(expect, "S").linedefined, debug.getinfo(expect, "u").nups)
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        // What the compiled sources gave: the same lines, upvalues and messages.
        #expect(outcome.output.count == 4)
        #expect(outcome.output.first == "=prelude\t30\t125")
        #expect(outcome.output.dropFirst().first == "bad argument #1 to 'CGRect' (number expected, got string)")
        #expect(outcome.output.dropFirst(2).first?.hasPrefix("false\tassertion failed: scenario:6: expected 1 to equal 2") == true)
        #expect(outcome.output.last == "150\t14")
    }
}
