import Foundation
import Testing
@testable import KitSimBridge
@testable import KitSimExplore
@testable import KitSimLua

/// Compiled scripts shared between sandboxes (`ChunkCache`, what `kitsim explore` runs each
/// order with) and the pool a Lua state takes its small blocks from: a run whose files come
/// from the cache, in a state whose memory comes from the pool, behaves as stock Lua
/// compiling the text with malloc's memory.
@Suite struct ChunkCacheTests {
    /// A folder of its own with `main.lua` and `lib/m.lua`.
    static func project(main: String, module: String) throws -> String {
        let root = NSTemporaryDirectory() + "kitsim-chunks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try main.write(toFile: root + "/main.lua", atomically: true, encoding: .utf8)
        try module.write(toFile: root + "/lib/m.lua", atomically: true, encoding: .utf8)
        return root
    }

    static func run(_ path: String, _ cache: ChunkCache?, sandboxed: Bool = true) throws -> Outcome {
        let sandbox = try LuaSandbox(sandboxed: sandboxed)
        sandbox.chunkCache = cache
        defer { sandbox.close() }
        return try sandbox.run(file: path)
    }

    @Test func aSecondRunLoadsTheCompiledScenarioAndModule() throws {
        let root = try Self.project(main: """
            local m = require("lib.m")
            print(m.twice(21), debug.getinfo(1, "S").source:match("[^/]*$"), debug.getinfo(m.twice, "S").linedefined)
            """, module: """
            local M = {}

            function M.twice(x) return 2 * x end
            return M
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = try #require(ChunkCache())
        let first = try Self.run(root + "/main.lua", cache, sandboxed: false)
        #expect(cache.hits == 0)
        let second = try Self.run(root + "/main.lua", cache, sandboxed: false)
        #expect(cache.hits == 2, "the scenario and its module")
        let uncached = try Self.run(root + "/main.lua", nil, sandboxed: false)
        #expect(first.status == .passed, "\(first.message ?? "")")
        #expect(first.output == ["42\tmain.lua\t3"])
        #expect(second.output == first.output)
        #expect(uncached.output == first.output)
    }

    /// An error's message, line and traceback from a compiled chunk are the text's: the
    /// compiled function keeps its source name and lines.
    @Test func anErrorFromTheCompiledChunkReadsAsFromTheText() throws {
        let root = try Self.project(main: """
            #!/usr/bin/env kitsim
            local m = require("lib.m")
            m.fail()
            """, module: """
            local M = {}
            function M.fail()
              local t = nil
              return t.field
            end
            return M
            """)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = try #require(ChunkCache())
        let first = try Self.run(root + "/main.lua", cache)
        let second = try Self.run(root + "/main.lua", cache)
        #expect(cache.hits == 2)
        #expect(first.status == .scriptError)
        #expect(first.message?.contains("lib/m.lua:4: attempt to index a nil value (local 't')") == true, "\(first.message ?? "")")
        #expect(first.message?.contains("main.lua:3:") == true, "the first line skipped keeps the lines: \(first.message ?? "")")
        #expect(second.message == first.message)
    }

    /// A file edited between two runs is compiled again: the cache answers only for the
    /// bytes it compiled.
    @Test func anEditedFileIsCompiledAgain() throws {
        let root = try Self.project(main: "print((require('lib.m')))\n", module: "return 'one'\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = try #require(ChunkCache())
        #expect(try Self.run(root + "/main.lua", cache).output == ["one"])
        try "return 'two'\n".write(toFile: root + "/lib/m.lua", atomically: true, encoding: .utf8)
        #expect(try Self.run(root + "/main.lua", cache).output == ["two"])
        #expect(cache.hits == 1, "the scenario only")
        #expect(try Self.run(root + "/main.lua", cache).output == ["two"])
        #expect(cache.hits == 3)
    }

    /// A file that does not compile is not kept, and says so each time as Lua does.
    @Test func aSyntaxErrorIsNotKept() throws {
        let root = try Self.project(main: "print((require('lib.m')))\n", module: "return (\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = try #require(ChunkCache())
        let first = try Self.run(root + "/main.lua", cache)
        let second = try Self.run(root + "/main.lua", cache)
        #expect(first.status == .scriptError)
        #expect(first.message?.contains("error loading module 'lib.m'") == true, "\(first.message ?? "")")
        #expect(second.message == first.message)
        #expect(cache.hits == 1, "the scenario only")
    }

    /// An exploration compiles its scenario once: each later order loads it compiled.
    @Test func anExplorationCompilesItsScenarioOnce() throws {
        let path = try ExploreTests.scenario(ExploreTests.threeEvents)
        let explorer = Explorer(Explorer.Options(file: path))
        let result = try explorer.explore()
        let orders = result.profiles.first?.orders ?? 0
        #expect(orders > 2)
        #expect(explorer.compiledLoads == orders - 1)
    }

    /// The pool: blocks of every size class and past it, grown and shrunk across the
    /// classes (a table's array, a string builder), freed and made again by the collector,
    /// keep their contents.
    @Test func blocksOfEverySizeKeepTheirContents() throws {
        let outcome = try LuaSandbox().run(chunk: """
            local kept = {}
            for round = 1, 3 do
              for n = 1, 600, 7 do
                local t = {}
                for i = 1, n // 8 do t[i] = i * round end
                local s = string.rep("x", n) .. round
                kept[n] = { t = t, s = s, c = function() return n + round end }
              end
              collectgarbage()
              for n = 1, 600, 7 do
                local k = kept[n]
                assert(#k.t == n // 8 and (n < 8 or k.t[n // 8] == (n // 8) * round), "table " .. n)
                assert(#k.s == n + #tostring(round) and k.s:sub(-1) == tostring(round), "string " .. n)
                assert(k.c() == n + round, "closure " .. n)
              end
            end
            local big = {}
            for i = 1, 5000 do big[i] = tostring(i) end
            for i = 5000, 1, -1 do big[i] = nil end
            collectgarbage()
            print(#big, kept[596].c())
            """, name: "=pool")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output == ["0\t599"])
    }
}
