import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rule 46 (URLSession keeps its delegate until invalidated), rule 48's `[URLSession]`
/// root, rule 24's `URLSession.shared` and rule 51's `latency`.
@Suite struct URLSessionRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        try RuleScript().passes(code, sourceLocation: sourceLocation)
    }

    /// A delegate that logs its callbacks with the virtual time.
    static let delegate = """
        local events = {}
        local Delegate = NSObject:subclass("Delegate")
        function Delegate:urlSession_task_didCompleteWithError(session, task, err)
          events[#events + 1] = string.format("%.1f didComplete %s %s", sim.now, task.url, err and err.code or "nil")
        end
        function Delegate:urlSession_didBecomeInvalidWithError(session, err)
          events[#events + 1] = string.format("%.1f didBecomeInvalid %s", sim.now, tostring(err))
        end

        """

    @Test func rule46_aSessionKeepsItsDelegateAndCompletesTasksLatencyLater() throws {
        _ = try run(Self.delegate + """
            local session = URLSession(URLSessionConfiguration.default, Delegate(), nil)   -- configuration #4, delegate #5, session #6, copy #7
            sim.drain()
            local delegate = session.delegate
            local why = sim.why(delegate)
            assert(why:find("[URLSession] URLSession#6.delegate (strong) → Delegate#5", 1, true), why)
            assert(session.configuration ~= URLSessionConfiguration.default and session.configuration.timeoutIntervalForRequest == 60)
            assert(#sim.leaks() == 0, "a root keeps them: not a cycle")
            -- The completion form: the task keeps the completion until it completes.
            local got
            local task = session:dataTask("https://example.com/a", function(data, response, err) got = { data, response, err, sim.now } end)
            assert(task.state == "suspended" and task.completionHandler ~= nil and task.url == "https://example.com/a")
            task:resume()
            assert(task.state == "running" and session.tasks[1] == task, "once resumed, the session keeps it")
            sim.run(0.4)
            assert(got == nil)
            sim.run(0.2)
            assert(got and got[1] == "" and got[2].url == "https://example.com/a" and got[2].statusCode == 200 and got[3] == nil and got[4] == 0.5)
            assert(#events == 0, "a task with a completion calls only the completion")
            assert(#session.tasks == 0 and not sim.alive(task), "completed, the session released it")
            -- Without a completion, the delegate is told.
            session:dataTask("https://example.com/b"):resume()
            sim.run(0.5)
            assert(events[1] == "1.1 didComplete https://example.com/b nil", events[1])
            -- A completion block's captures come first (rule 25) and are released with it.
            local Owner = NSObject:subclass("Owner")
            local seen
            local t = session:dataTask("https://example.com/c", sim.block{ strong = { Owner() }, function(owner, data, response)
              seen = owner:isKind(Owner) and response.statusCode
            end })
            t:resume()
            sim.drain()
            assert(sim.why(t):find("[URLSession] URLSession#6.tasks[1] (strong) → URLSessionDataTask#", 1, true), sim.why(t))
            sim.run(1)
            assert(seen == 200 and #sim.leaks() == 0)
            -- Cancelling completes a task at once with NSURLErrorCancelled.
            local cancelled
            local c = session:dataTask("https://example.com/d", function(data, response, err) cancelled = { data, response, err.domain, err.code } end)
            c:resume()
            c:cancel()
            assert(cancelled[1] == nil and cancelled[2] == nil and cancelled[3] == "NSURLErrorDomain" and cancelled[4] == -999)
            assert(c.state == "completed" and c.error.code == -999 and #session.tasks == 0)
            sim.run(1)                                  -- the firing it had is dropped
            -- Never invalidated, the session and its delegate stay.
            assert(sim.alive(delegate))
            """)
    }

    @Test func rule46_invalidationReleasesTheDelegate() throws {
        _ = try run(Self.delegate + """
            -- finishTasksAndInvalidate waits for the running tasks.
            local session = URLSession(URLSessionConfiguration.default, Delegate())
            local delegate = session.delegate
            sim.label(delegate, "delegate")
            session:dataTask("https://example.com/slow"):resume()
            session:finishTasksAndInvalidate()
            session:finishTasksAndInvalidate()          -- once is enough
            local ok, e = pcall(session.dataTask, session, "https://example.com/late")
            assert(not ok and e.name == "NSGenericException" and e.reason == "Task created in a session that has been invalidated", tostring(e))
            sim.drain()
            assert(sim.alive(delegate) and #events == 0, "kept until the running task completes")
            sim.run(0.5)
            assert(#events == 2 and events[1] == "0.5 didComplete https://example.com/slow nil" and events[2] == "0.5 didBecomeInvalid nil", table.concat(events, "; "))
            assert(not sim.alive(delegate) and not sim.alive(session), "the delegate released, the session let go")
            -- invalidateAndCancel completes the running tasks now, then tells the delegate.
            events = {}
            local s2 = sim.hold(URLSession(URLSessionConfiguration.default, Delegate()))
            local got
            s2:dataTask("https://example.com/1", function(data, response, err) got = err end):resume()
            s2:dataTask("https://example.com/2"):resume()
            s2:invalidateAndCancel()
            assert(got.domain == "NSURLErrorDomain" and got.code == -999)
            assert(#events == 2 and events[1] == "0.5 didComplete https://example.com/2 -999" and events[2] == "0.5 didBecomeInvalid nil", table.concat(events, "; "))
            assert(s2.delegate == nil and #s2.tasks == 0)
            sim.drain()
            assert(sim.why(s2):find("1. [sim.hold] URLSession#", 1, true) and not sim.why(s2):find("URLSession]", 1, true), sim.why(s2))
            local ok2, e2 = pcall(s2.dataTask, s2, "https://example.com/3")
            assert(not ok2 and e2.name == "NSGenericException" and e2.reason == "Task created in a session that has been invalidated")
            sim.run(1)
            assert(#events == 2, "nothing more")
            -- A session without a delegate invalidates at once.
            local s3 = URLSession(URLSessionConfiguration.default)
            s3:finishTasksAndInvalidate()
            sim.drain()
            assert(not sim.alive(s3))
            """)
    }

    @Test func rule24_theSharedSessionIsMadeOnFirstAccessAndIgnoresInvalidation() throws {
        let quiet = try run("local v = UIView() assert(tostring(v) == 'UIView#4', tostring(v))")
        #expect(quiet.sim.urlLoading.sharedSessionID.raw == 0 && quiet.sim.urlLoading.defaultSessionConfigurationID.raw == 0)
        _ = try run("""
            local before = UIView()
            local shared = URLSession.shared
            assert(shared == URLSession.shared and tostring(shared) == "URLSession#5", tostring(shared))
            assert(shared.delegate == nil and shared.configuration ~= nil)
            shared:finishTasksAndInvalidate()
            shared:invalidateAndCancel()
            local done
            shared:dataTask("https://example.com", function(data) done = sim.now end):resume()
            sim.run(1)
            assert(done == 0.5)
            local why = sim.why(shared)
            assert(why:find("[URLSession.shared] URLSession#5", 1, true), why)
            assert(URLSessionConfiguration.default == URLSessionConfiguration.default)
            """)
    }

    @Test func rule51_latencyIsASetting() throws {
        _ = try run("""
            local times = {}
            local function fetch() URLSession.shared:dataTask("u", function() times[#times + 1] = sim.now end):resume() end
            fetch()
            sim.configure{ latency = 2 }
            fetch()
            sim.configure{ latency = 0 }
            fetch()
            sim.run(3)
            assert(#times == 3 and times[1] == 0 and times[2] == 0.5 and times[3] == 2, table.concat(times, ","))
            local ok, e = pcall(sim.configure, { latency = -1 })
            assert(not ok and tostring(e):find("bad argument #1 to 'configure' (latency must be a finite number of seconds >= 0, got -1)", 1, true), tostring(e))
            local ok2, e2 = pcall(sim.configure, { latency = 1/0 })
            assert(not ok2 and tostring(e2):find("latency must be a finite number of seconds >= 0, got inf", 1, true), tostring(e2))
            local ok3, e3 = pcall(sim.configure, { speed = 1 })
            assert(not ok3 and tostring(e3):find("unknown setting 'speed'; expected ios, transition, abandonedDelay, latency, rotation or scenes", 1, true), tostring(e3))
            """)
        #expect(Simulator.Configuration().latency == 0.5)
    }

    @Test func badURLSessionArgumentsFailInLuasWords() throws {
        let sandbox = try LuaSandbox()
        for (code, message) in [
            ("URLSession()", "bad argument #1 to 'URLSession' (URLSessionConfiguration expected, got nil)"),
            ("URLSession(URLSessionConfiguration.default, 3)", "bad argument #2 to 'URLSession' (NSObject expected, got number)"),
            ("URLSession.shared:dataTask(nil)", "bad argument #1 to 'dataTask' (string expected, got nil)"),
            ("URLSession.shared:dataTask('u', 4)", "bad argument #2 to 'dataTask' (function expected, got number)"),
        ] {
            let outcome = sandbox.run(chunk: code, name: "=bad")
            #expect(outcome.message?.split(separator: "\n").first.map(String.init) == "bad:1: " + message)
        }
    }
}
