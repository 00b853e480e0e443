import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime
import KitSimReport
import KitSimExplore

/// Rules 91–94: Swift concurrency's tasks on the main actor, their sleeps, cancellation and
/// the async sequences they iterate.
@Suite struct ConcurrencyRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: code, name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        return sandbox
    }

    @Test func rule91_aTaskKeepsItsOperationUntilItsBodyEnds() throws {
        let sandbox = try run("""
            local V = UIViewController:subclass("V")
            function V:load() Task.sleep(2) end
            local v = sim.label(V(), "v")
            local task = sim.hold(Task(function() v:load() end))
            expect(task.operation).to_not.equal(nil)
            sim.run(1)                                   -- it waits at line 2
            local why = sim.why(v)
            expect(why:find("[sim.hold, task suspended at t:2] Task#", 1, true) ~= nil).to.be.truthy()
            expect(why:find("Task#5 local 'self' in V:load (t:2) (strong) → V#4", 1, true) ~= nil).to.be.truthy()
            expect(why:find("Task#5.operation (strong) → closure (t:4) captures 'v' (strong) → V#4", 1, true) ~= nil).to.be.truthy()
            sim.run(2)                                   -- it finished: its closure and frames are let go
            expect(task.operation).to.equal(nil)
            expect(v).to.be.deallocated()
            sim.verify()
            """)
        #expect(sandbox.sim.unfinishedTasks.isEmpty)
    }

    @Test func rule91_aTaskStartsOnTheNextTurnAndIsReportedUnfinished() throws {
        let sandbox = try run("""
            local order = {}
            Task(function() order[#order + 1] = "task"; Task.sleep(100) end)
            order[#order + 1] = "script"
            sim.run(0)
            expect(table.concat(order, ",")).to.equal("script,task")
            """)
        let unfinished = sandbox.sim.unfinishedTasks
        #expect(unfinished.map(\.madeAt) == ["t:2"])
        #expect(unfinished.map(\.waitsAt) == ["t:2"])
    }

    @Test func rule92_sleepIsVirtualTimeAndAwaitsOnlyInATask() throws {
        _ = try run("""
            local woke
            Task(function() Task.sleep(2.5); woke = sim.now end)
            sim.run(3)
            expect(woke).to.equal(2.5)
            local ok, e = pcall(Task.sleep, 1)
            expect(ok).to.equal(false)
            expect(e).to.equal("'Task.sleep' awaits, so it is called in a task's body ('async' call in a function that does not support concurrency)")
            local V = UIViewController:subclass("V")
            local inCallback
            function V:viewDidLoad() inCallback = select(2, pcall(Task.sleep, 1)) end
            Task(function() local _ = V().view end)
            sim.run(0)
            expect(inCallback:find("a callback the model runs", 1, true) ~= nil).to.be.truthy()
            """)
    }

    @Test func rule92_aSleepsWakeUpMayComeWithinTheLeeway() throws {
        let sandbox = try run("Task(function() Task.sleep(10) end)\nsim.run(0)")
        let wake = try #require(sandbox.sim.runLoop.timers.first { $0.label.hasPrefix("task wakes") })
        #expect(wake.time == 10_000_000_000)
        #expect(wake.latest == 11_000_000_000)               // 10 % of the delay
    }

    /// Two sleeps whose windows overlap may wake in either order: `kitsim explore` runs both.
    @Test func rule92_anExplorerOrdersWakeUpsWithinTheirLeeway() throws {
        let path = try ExploreTests.scenario("""
            local woke = {}
            Task(function() Task.sleep(1) woke[#woke + 1] = "a" end)
            Task(function() Task.sleep(1.05) woke[#woke + 1] = "b" end)
            sim.run(2)
            expect(table.concat(woke, ",")).to.equal("a,b")
            """)
        let r = try ExploreTests.explore(path)
        #expect(r.profiles[0].orders == 2)
        #expect(r.profiles[0].exhaustive)
        #expect(ExploreText.render(r).contains("task wakes"), "\(ExploreText.render(r))")
        #expect(ExploreText.render(r).contains("FAILED in 1 of 2 orders"), "\(ExploreText.render(r))")
    }

    @Test func rule93_cancellingThrowsAtTheSleepAndRunsHandlersAtOnce() throws {
        _ = try run("""
            local log = {}
            local task = sim.hold(Task(function()
              local ok, e = pcall(function()
                withTaskCancellationHandler(function() Task.sleep(60) end,
                                            function() log[#log + 1] = "handler at " .. sim.now end)
              end)
              log[#log + 1] = tostring(ok) .. " " .. e.name .. " at " .. sim.now
              log[#log + 1] = tostring(select(2, pcall(Task.checkCancellation)).name)
            end))
            sim.run(1)
            task:cancel()
            expect(table.concat(log, ";")).to.equal("handler at 1.0")
            expect(task.isCancelled).to.equal(true)
            sim.run(0)
            expect(table.concat(log, ";")).to.equal("handler at 1.0;false CancellationError at 1.0;CancellationError")
            Task.checkCancellation()                     -- outside a task: nothing is cancelled
            sim.verify()
            """)
    }

    /// The handler's block, with what it captures, is kept while the operation runs, and
    /// let go when it ends.
    @Test func rule93_aCancellationHandlerIsKeptWhileTheOperationRuns() throws {
        _ = try run("""
            local V = UIViewController:subclass("V", { cancelled = "assign" })
            local v = sim.label(V(), "v")
            local task = sim.hold(Task(function()
              pcall(withTaskCancellationHandler, function() Task.sleep(10) end, function() v.cancelled = true end)
            end))
            sim.run(1)                                   -- the pool drained: the handler is kept all the same
            expect(sim.why(v):find("[cancellation handler] closure (t:4) captures 'v'", 1, true) ~= nil).to.be.truthy()
            task:cancel()
            expect(v.cancelled).to.equal(true)
            sim.run(0)
            expect(v).to.be.deallocated()                -- the handler was let go as the operation ended
            sim.verify()
            """)
    }

    @Test func rule93_aTaskValueIsAwaitedAndItsErrorRethrown() throws {
        _ = try run("""
            local a = sim.hold(Task(function() Task.sleep(1); return 7 end))
            local b = sim.hold(Task(function() Task.sleep(1); Task.checkCancellation() end))
            local got = {}
            Task(function()
              got[#got + 1] = a:value()
              local ok, e = pcall(b.value, b)
              got[#got + 1] = tostring(ok) .. " " .. tostring(e and e.name)
            end)
            b:cancel()
            sim.run(2)
            expect(table.concat(got, ",")).to.equal("7,false CancellationError")
            """)
    }

    @Test func rule94_streamsBufferAndEndWithFinishOrCancellation() throws {
        _ = try run("""
            local holder = NSObject:subclass("Holder", { c = "strong", s = "strong" })()
            sim.hold(holder)
            holder.s = AsyncStream(function(c) holder.c = c end)
            local ended = {}
            holder.c.onTermination = function(reason) ended[#ended + 1] = reason end
            holder.c:yield(1)
            holder.c:yield(2)                            -- buffered before anyone iterates
            local seen = {}
            local s = holder.s
            local reader = sim.hold(Task(function()
              for v in s do seen[#seen + 1] = v end
              seen[#seen + 1] = "end"
            end))
            sim.run(0)
            expect(table.concat(seen, ",")).to.equal("1,2")
            holder.c:yield(3)
            sim.run(0)
            expect(table.concat(seen, ",")).to.equal("1,2,3")
            reader:cancel()
            expect(table.concat(ended, ",")).to.equal("cancelled")
            sim.run(0)
            expect(table.concat(seen, ",")).to.equal("1,2,3,end")
            holder.c:yield(4)                            -- nothing once it ended
            expect(#holder.s.buffer).to.equal(0)
            sim.verify()
            """)
    }

    /// Two tasks awaiting one stream is Swift's trap, a crash of the app.
    @Test func rule94_aStreamIteratedByTwoTasksCrashes() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local s = sim.hold(AsyncStream(function(c) end))
            Task(function() for _ in s do end end)
            Task(function() for _ in s do end end)
            sim.run(0)
            """, name: "=t")
        #expect(outcome.status == .crashed)
        #expect(outcome.message?.contains("Fatal error: attempt to await next() on more than one task") == true, "\(outcome.message ?? "")")
    }

    @Test func rule94_notificationsAreASequenceTheCenterKeeps() throws {
        _ = try run("""
            local center = NotificationCenter.default
            local names = {}
            local reader = sim.hold(Task(function()
              for note in center:notifications("a") do names[#names + 1] = note.name end
            end))
            sim.run(0)
            center:post("a"); center:post("b"); center:post("a")
            sim.run(0)
            expect(table.concat(names, ",")).to.equal("a,a")
            expect(#center.observers).to.equal(1)
            reader:cancel()
            sim.run(0)
            expect(#center.observers).to.equal(0)
            sim.verify()
            """)
    }

    /// Bad arguments are Lua's errors, in Lua's words.
    @Test func badArgumentsAreLuaErrors() throws {
        _ = try run("""
            local function message(f, ...) return select(2, pcall(f, ...)) end
            expect(message(Task, nil)).to.equal("bad argument #1 to 'Task' (function expected, got nil)")
            expect(message(Task.detached, 5)).to.equal("bad argument #1 to 'detached' (function expected, got number)")
            expect(message(AsyncStream, nil)).to.equal("bad argument #1 to 'AsyncStream' (function expected, got nil)")
            expect(message(Task.cancel, nil)).to.equal("bad argument #1 to 'cancel' (Task expected, got nil)")
            Task(function()
              expect(message(Task.sleep, 0/0)).to.equal("bad argument #1 to 'sleep' (finite number expected, got nan)")
            end)
            sim.run(0)
            local ok, e = pcall(function() withTaskCancellationHandler(nil, print) end)
            expect(e).to.equal("t:10: bad argument #1 to 'withTaskCancellationHandler' (function expected, got nil)")
            ok, e = pcall(function() withTaskCancellationHandler(print, 3) end)
            expect(e).to.equal("t:12: bad argument #2 to 'withTaskCancellationHandler' (function expected, got number)")
            """)
    }

    /// A script's own coroutine.yield or coroutine.resume cannot drive a task.
    @Test func aTaskIsResumedOnlyBySimulator() throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: "Task(function() coroutine.yield(1) end)\nsim.run(0)", name: "=t")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("attempt to yield from a task's body") == true, "\(outcome.message ?? "")")
        _ = try run("""
            local co
            local t = sim.hold(Task(function() co = coroutine.running(); Task.sleep(1) end))
            sim.run(0)
            local ok, e = coroutine.resume(co)
            expect(ok).to.equal(false)
            expect(e).to.equal("t:2: a task is resumed by the simulator, not by coroutine.resume")
            """)
    }
}
