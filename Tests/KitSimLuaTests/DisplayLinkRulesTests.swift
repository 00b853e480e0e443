import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rule 30: CADisplayLink on the virtual clock.
@Suite struct DisplayLinkRulesTests {
    @Test func rule30_aDisplayLinkKeepsItsTargetAndFiresAt60Hz() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local Game = NSObject:subclass("Game", { frames = "assign" })
            function Game:step(link) self.frames = (self.frames or 0) + 1 assert(link.target == self) end
            local game = Game()
            local link = sim.hold(CADisplayLink(game, "step"))
            sim.drain()
            assert(sim.alive(game), "the link keeps its target")
            sim.run(1)
            assert(game.frames == nil, "not added: no frames")
            link:add(RunLoop.main, "common")
            assert(RunLoop.main.displayLinks[1] == link, "the run loop keeps it")
            sim.run(1)
            assert(game.frames == 60, tostring(game.frames))
            assert(math.abs(link.timestamp - 2) < 1e-9, link.timestamp)
            link.preferredFramesPerSecond = 30
            sim.run(1)
            assert(game.frames == 90, tostring(game.frames))
            link.isPaused = true
            sim.run(1)
            assert(game.frames == 90)
            link.isPaused = false
            link:add(RunLoop.main, "tracking")
            link:remove(RunLoop.main, "common")
            sim.run(1)
            assert(game.frames == 90, "only tracking: KitSim never tracks")
            link:invalidate()
            assert(#RunLoop.main.displayLinks == 0 and link.target == nil)
            sim.drain()
            assert(not sim.alive(game), "invalidated, it releases its target")
            local ok, e = pcall(link.add, link, RunLoop.main, "fast")
            assert(not ok and e:find('("common", "default" or "tracking" expected, got "fast")', 1, true), e)
            sim.verify()
            """, name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }
}
