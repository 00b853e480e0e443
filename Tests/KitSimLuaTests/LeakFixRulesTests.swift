import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRuntime
import KitSimReport
import Foundation

/// Rule 85: MLeaksFinder's alert at its moment, LeakCanary's statuses and suspects on a
/// leak's paths, leak groups; and `kitsim fix`'s suggestions and verdicts.
@Suite struct LeakFixRulesTests {
    /// A navigation app on screen and `visit(screen)`: pushed, shown 1 s, popped, 3 s later.
    static let app = RuleScript.visitingNavApp

    /// A screen a timer's target keeps (rule 28).
    static let timerScreen = app + """
        local Detail = UIViewController:subclass("Detail", { timer = "weak", ticks = "assign" })
        function Detail:viewDidLoad()
          UIViewController.viewDidLoad(self)
          self.timer = Timer.scheduledTimer(1, self, "tick", nil, true)
        end
        function Detail:tick() self.ticks = (self.ticks or 0) + 1 end
        local detail = sim.label(Detail(), "detail")
        visit(detail)

        """

    /// A screen that keeps a helper whose strong delegate is the screen.
    static let delegateCycle = app + """
        local Helper = NSObject:subclass("Helper", { delegate = "strong" })
        local Screen = UIViewController:subclass("Screen", { helper = "strong" })
        function Screen:viewDidLoad()
          UIViewController.viewDidLoad(self)
          self.helper = Helper()
          self.helper.delegate = self
        end
        local screen = sim.label(Screen(), "screen")
        visit(screen)
        expect(screen).to.be.alive()

        """

    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: code, name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        return sandbox
    }

    @Test func rule85_theAlertIsHeardAtItsMoment() throws {
        let sandbox = try LuaSandbox()
        var heard: [(Int64, [Leak])] = []
        sandbox.heap.onLeakSighted = { leaks in heard.append((sandbox.heap.now, leaks)) }
        // The screen is kept by the root controller's property, then let go at 5 s: the end
        // has no leak, the alert at 4 s (popped at 2 s, 2 s later) was heard.
        let outcome = sandbox.run(chunk: Self.app + """
            local Root = UIViewController:subclass("Keeper", { kept = "strong" })
            local screen = UIViewController()
            nav.viewControllers[1].kept = nil
            local holder = sim.hold(Root())
            holder.kept = screen
            visit(screen)                -- popped at 2 s, alive at 5 s
            holder.kept = nil
            sim.run(1)
            expect(screen).to.be.deallocated()
            expect(#sim.leaks()).to.equal(0)
            """, name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(heard.count == 1)
        guard let (now, leaks) = heard.first, case .abandoned(let a)? = leaks.first?.payload else { return }
        #expect(a.leftAt == 2_000_000_000 && a.aliveFor == 2_000_000_000)
        #expect(now < 4_000_000_000 + 1, "heard before the clock passed the alert's moment")
        #expect(a.paths.first?.last.map { sandbox.heap.describe($0) }?.hasPrefix("Keeper#") == true)
    }

    @Test func rule85_statusesPropagateAndSuspectsLieBetween() throws {
        let sandbox = try run(Self.timerScreen)
        let heap = sandbox.heap
        let leak = try #require(heap.leaks().first { $0.kind == .abandoned })
        let trace = try #require(heap.leakTraces(leak).first)
        #expect(trace.nodes.map { heap.classOf($0.object).name } == ["RunLoop", "Timer", "Detail"])
        #expect(trace.nodes[0].status.isNotLeaking)
        #expect(trace.nodes[1].status == .unknown)
        #expect(trace.nodes[2].status.isLeaking)
        // The run loop's `timers` is Foundation's own: only the timer's target is suspect.
        #expect(trace.suspects == [1])
        #expect(heap.signature(of: [trace]).map(\.description) == ["Timer.target"])
        let text = LeakTraceText.trace(trace, in: heap)
        #expect(text.contains("Timer#") && text.contains("↓ target (strong)\n      ~~~~~~ suspect"))
        // An object past the first leaking one leaks too (the screen's view, here inferred).
        let screen = leak.objects[0]
        let view = try #require(heap.references(from: screen).first { $0.name == "view" }?.target)
        let viewTrace = heap.leakTrace(path: trace.references + [Reference(owner: screen, name: "view", ownership: .strong, target: view)],
                                       leaked: view, because: "test")
        #expect(viewTrace.nodes[2].status.isLeaking && viewTrace.nodes[3].status.isLeaking)
    }

    @Test func rule85_frameworkReferencesAreSuspectsOnlyAlone() throws {
        // Seed 004: a root swapped while it presents; only UIKit's references keep it, and
        // they are the suspects, since the span has no other.
        let sandbox = try LuaSandbox(sandboxed: true)
        let outcome = try sandbox.run(file: "Scenarios/seeds/seed004_root_swap_while_presenting.lua")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        let heap = sandbox.heap
        let leak = try #require(heap.leaks().first { $0.kind == .abandoned })
        let trace = try #require(heap.leakTraces(leak).first)
        #expect(trace.suspects == [1, 2])
        #expect(trace.nodes[1].status == .notLeaking("a view in a window"))
        // The model's roles: a model class's property is the framework's, a script's
        // delegate is a delegate, a timer's target is released by a call.
        let s = try run(Self.timerScreen + """
            local Picker = UIView:subclass("RolePicker", { delegate = "strong", items = "strong" })
            local p = sim.label(sim.hold(Picker()), "p")
            p.delegate = detail
            p.items = UIView()
            p:addSubview(UIView())
            """)
        let h = s.heap
        let p = try #require(h.labelledObjects.first { $0.0 == "p" }?.1)
        let roles = Dictionary(uniqueKeysWithValues: h.references(from: p).map { ($0.name, h.role(of: $0)) })
        #expect(roles["delegate"] == .delegate)
        #expect(roles["items"] == .ordinary)
        #expect(roles["subviews[1]"] == .framework)
        let timerLeak = try #require(h.leaks().first { $0.kind == .abandoned })
        let timer = try #require(h.leakTraces(timerLeak).flatMap(\.references).first { $0.name == "target" })
        guard case .release(let advice) = h.role(of: timer) else { Issue.record("the timer's target is not released by a call"); return }
        #expect(advice.hasPrefix("invalidate Timer#"))
    }

    @Test func theSuggestionPrefersADelegateToAnOwningProperty() throws {
        let sandbox = try run(Self.delegateCycle)
        let heap = sandbox.heap
        let group = try #require(heap.leakGroups(heap.leaks()).first)
        let fix = try #require(heap.suggestFix(freeing: group.objects))
        #expect(fix.changes.map(\.key.description) == ["Helper.delegate"])
        #expect(fix.weakenings == ["Helper.delegate"])
        #expect(LeakTraceText.suggestion(fix, in: heap) == "make Helper.delegate weak (weak var delegate)")
    }

    @Test func leaksWithOneSignatureAreOneGroup() throws {
        let sandbox = try run(Self.delegateCycle + """
            local second = Screen()
            visit(second)
            """)
        let heap = sandbox.heap
        let groups = heap.leakGroups(heap.leaks())
        // Two screens, each a cycle and an abandoned controller: the cycles share a signature.
        let cycles = groups.filter { $0.leaks.allSatisfy { $0.kind == .cycle } }
        #expect(cycles.count == 1 && cycles.first?.leaks.count == 2)
        #expect(cycles.first?.objects.count ?? 0 >= 4)
    }

    @Test func aSimBlockCaptureIsNamedByItsLineAndWeakened() throws {
        func code(_ last: String) -> String { Self.app + """
            local Screen = UIViewController:subclass("BlockScreen", { onDone = "copy" })
            local calls = 0
            function Screen:viewDidLoad()
              UIViewController.viewDidLoad(self)
              self.onDone = sim.block{ strong = { self },
                function(s) calls = calls + 1 end }
            end
            local screen = Screen()
            visit(screen)
            \(last)
            """ }
        let plain = try LuaSandbox()
        let first = plain.run(chunk: code("screen.onDone()"), name: "=t.lua")
        #expect(first.status == .passed, "\(first.message ?? "")")
        let leak = try #require(plain.heap.leaks().first { $0.kind == .cycle })
        #expect(plain.heap.signature(of: plain.heap.leakTraces(leak)).map(\.description).contains("sim.block (t.lua:18) capture 1"))
        var configuration = Simulator.Configuration()
        configuration.weakened = [try #require(Weakening(parsing: "t.lua:18"))]
        let weakened = try LuaSandbox(configuration: configuration)
        let outcome = weakened.run(chunk: code("expect(screen).to.be.deallocated()"), name: "=t.lua")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(weakened.heap.leaks().isEmpty)
        #expect(weakened.heap.weakeningProblems().isEmpty)
    }

    @Test func aCollectedFailureDoesNotEndTheRun() throws {
        let sandbox = try LuaSandbox()
        sandbox.collectsFailures = true
        let outcome = sandbox.run(chunk: "local o = NSObject()\nexpect(1).to.equal(2)\nexpect(o).to.be.deallocated()\nprint('went on')", name: "=t")
        #expect(outcome.status == .passed)
        #expect(outcome.output == ["went on"])
        let messages = sandbox.collectedFailures.map { String($0.message.prefix { $0 != "\n" }) }
        #expect(messages.count == 2 && messages.first == "t:2: expected 1 to equal 2")
        #expect(messages.last?.hasPrefix("t:3: expected NSObject#") == true && messages.last?.hasSuffix(" to be deallocated") == true)
        #expect(sandbox.collectedFailures.last?.subject.map { sandbox.heap.classOf($0).name } == "NSObject")
    }

    // MARK: kitsim fix's verdicts

    @Test func aDelegateFixIsVerified() throws {
        let report = try LeakFixer().find(.source(Self.delegateCycle + "sim.verify()", name: "=delegate.lua"))
        let group = try #require(report.groups.first)
        #expect(report.groups.count == 1)
        #expect(group.suggestion == "make Helper.delegate weak (weak var delegate)")
        #expect(group.verdict == .verified(leakChecks: ["delegate.lua:22: expected Screen#10 to be alive"]))
        #expect(report.text(file: "delegate.lua").contains("fix verified: the leak is gone and every check still passes"))
    }

    @Test func seed000sWeakRootIsRefutedByTheBlackScreen() throws {
        let report = try LeakFixer().find(.file("Scenarios/seeds/seed000_fix1_strong_property.lua", arguments: []))
        #expect(report.status == .passed)
        let group = try #require(report.groups.first)
        #expect(group.when == "at 3.000 s")
        #expect(group.suggestion == "make DJWelcomeViewController.tmpRootVc weak (weak var tmpRootVc)")
        #expect(group.verdict == .blackScreen)
        #expect(group.verdict.isRefuted)
    }

    @Test func aTimerFixIsACallMadeAsTheControllerLeaves() throws {
        let report = try LeakFixer().find(.source(Self.timerScreen + "expect(detail.ticks >= 2).to.be.truthy()", name: "=timer.lua"))
        let group = try #require(report.groups.first)
        #expect(group.suggestion?.hasPrefix("invalidate Timer#") == true)
        // Tried as the fix would make it, not as a weak target: the timer is invalidated when
        // the screen leaves, so it never fires at a freed screen.
        #expect(group.releases.count == 1 && group.weakenings == [])
        #expect(report.text(file: "timer.lua").contains("  tried as: the run again, Timer#"))
        // The check that reads the leaked screen's counter messages a freed screen: it
        // asserts the leak itself, and the run stops there.
        guard case .verified(let checks) = group.verdict else { Issue.record("\(group.verdict.text)"); return }
        #expect(checks.last?.contains("message sent to deallocated instance") == true)
    }

    @Test func onlyUIKitsReferencesGiveNoSuggestion() throws {
        let report = try LeakFixer().find(.file("Scenarios/seeds/seed004_root_swap_while_presenting.lua", arguments: []))
        let group = try #require(report.groups.first)
        #expect(group.signature.map(\.description) == ["UIPresentationController.presentingViewController", "UITransitionView.presentationController"])
        #expect(group.suggestion == nil && group.verdict == .noSuggestion)
    }

    @Test func theReportIsTheSameEveryTime() throws {
        let first = try LeakFixer().find(.file("Scenarios/patterns/pattern_profile_closures_capture_self.lua", arguments: []))
        let second = try LeakFixer().find(.file("Scenarios/patterns/pattern_profile_closures_capture_self.lua", arguments: []))
        #expect(!first.groups.isEmpty)
        #expect(first.text(file: "f.lua") == second.text(file: "f.lua"))
    }

    @Test func aRunWithoutLeaksHasNothingToFix() throws {
        let report = try LeakFixer().find(.source(Self.app + "visit(UIViewController())", name: "=clean.lua"))
        #expect(report.groups.isEmpty)
        #expect(report.text(file: "clean.lua") == "clean.lua: no leak: nothing to fix")
    }
}

/// Every leaking pattern and seed scenario, through `kitsim fix`: the first group's
/// suspects, the suggested change and the kind of verdict (the list the docs keep).
@Suite struct PatternFixTests {
    enum Kind: String { case verified, refuted, checksFail, notTried, noSuggestion, stopped }

    struct Row: CustomTestStringConvertible, Sendable {
        let file: String
        let suspect: String?
        let suggestion: String?
        let kind: Kind
        var testDescription: String { file }
    }

    static let rows: [Row] = [
        Row(file: "patterns/pattern_alert_action_captures_alert.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .verified),
        Row(file: "patterns/pattern_alert_during_root_swap.lua", suspect: "UIPresentationController.presentingViewController", suggestion: nil, kind: .noSuggestion),
        Row(file: "patterns/pattern_animation_completion_delay.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .verified),
        Row(file: "patterns/pattern_asyncstream_continuation_kept.lua", suspect: "captures 'self'", suggestion: "capture 'self' weakly in the closure at", kind: .refuted),
        Row(file: "patterns/pattern_block_apis_capture_self.lua", suspect: "captures 'self'", suggestion: "capture 'self' weakly in the closure at", kind: .verified),
        Row(file: "patterns/pattern_caanimation_delegate_leak.lua", suspect: "CAAnimation.delegate", suggestion: "remove the animation", kind: .verified),
        Row(file: "patterns/pattern_closure_capturing_self.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .verified),
        Row(file: "patterns/pattern_combine_assign_leak.lua", suspect: "Assign.object", suggestion: "use sink { [weak self] in self?.shown = $0 }", kind: .verified),
        Row(file: "patterns/pattern_combine_explicit_self_leak.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .verified),
        Row(file: "patterns/pattern_combine_method_ref_leak.lua", suspect: "captures 'self'", suggestion: "capture 'self' weakly in the closure at", kind: .verified),
        Row(file: "patterns/pattern_combine_timer_sink_leak.lua", suspect: "captures 'self'", suggestion: "capture 'self' weakly in the closure at", kind: .verified),
        Row(file: "patterns/pattern_dispatch_after_delay.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .verified),
        Row(file: "patterns/pattern_displaylink_leak.lua", suspect: "CADisplayLink.target", suggestion: "invalidate CADisplayLink#", kind: .verified),
        Row(file: "patterns/pattern_heap_growth_profile_visits.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .stopped),
        Row(file: "patterns/pattern_kvo_observation_leak.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .checksFail),
        Row(file: "patterns/pattern_mleaksfinder_cached_controller.lua", suspect: "ProductScreenCache.screen", suggestion: "make ProductScreenCache.screen weak", kind: .verified),
        Row(file: "patterns/pattern_notification_block_observer_leak.lua", suspect: "capture 1", suggestion: "capture it weakly in the block at", kind: .checksFail),
        Row(file: "patterns/pattern_perform_after_delay_keeps_controller.lua", suspect: nil, suggestion: nil, kind: .noSuggestion),
        Row(file: "patterns/pattern_profile_closures_capture_self.lua", suspect: "captures 'self'", suggestion: "capture 'self' weakly in the closure at", kind: .checksFail),
        Row(file: "patterns/pattern_sheet_swipe_skips_cleanup.lua", suspect: "Timer.target", suggestion: "invalidate Timer#", kind: .checksFail),
        Row(file: "patterns/pattern_strong_delegate_cycle.lua", suspect: "StrongScreenPicker.delegate", suggestion: "make StrongScreenPicker.delegate weak", kind: .verified),
        Row(file: "patterns/pattern_task_stored_keeps_self.lua", suspect: "Task.operation", suggestion: "cancel Task#", kind: .checksFail),
        Row(file: "patterns/pattern_task_weak_self_loop.lua", suspect: "Task.operation", suggestion: "cancel Task#", kind: .checksFail),
        Row(file: "patterns/pattern_timer_target_leak.lua", suspect: "Timer.target", suggestion: "invalidate Timer#", kind: .verified),
        Row(file: "patterns/pattern_urlsession_delegate_leak.lua", suspect: "URLSession.delegate", suggestion: "invalidate URLSession#", kind: .verified),
        Row(file: "patterns/pattern_webview_script_handler_leak.lua", suspect: "WKUserContentController.scriptMessageHandlers", suggestion: "remove the handler", kind: .verified),
        Row(file: "seeds/seed000_fix1_strong_property.lua", suspect: "DJWelcomeViewController.tmpRootVc", suggestion: "make DJWelcomeViewController.tmpRootVc weak", kind: .refuted),
        Row(file: "seeds/seed000_splash_ad_flutter_root.lua", suspect: "FlutterEngine.ownerViewController", suggestion: "make FlutterEngine.ownerViewController weak", kind: .refuted),
        Row(file: "seeds/seed004_root_swap_while_presenting.lua", suspect: "UITransitionView.presentationController", suggestion: nil, kind: .noSuggestion),
    ]

    static func kind(_ v: FixVerdict) -> Kind {
        switch v {
        case .verified: return .verified
        case .crash, .blackScreen, .leakRemains, .newLeak: return .refuted
        case .checksFail: return .checksFail
        case .notTried: return .notTried
        case .noSuggestion: return .noSuggestion
        case .stopped: return .stopped
        }
    }

    @Test(arguments: rows) func theFirstGroupsFixAndVerdict(_ row: Row) throws {
        let report = try LeakFixer().find(.file("Scenarios/" + row.file, arguments: []))
        let group = try #require(report.groups.first, "\(row.file) has no leak")
        // Every leak's trace ends at a leaking object, and says which objects are fine.
        #expect(group.text.contains("  leaking: "))
        if let suspect = row.suspect {
            #expect(group.signature.contains { $0.description.contains(suspect) }, "\(group.signature)")
            #expect(group.text.contains(" suspect\n") || group.text.hasSuffix(" suspect"))
        }
        if let suggestion = row.suggestion {
            #expect(group.suggestion?.hasPrefix(suggestion) == true, "\(group.suggestion ?? "no suggestion")")
        } else {
            #expect(group.suggestion == nil)
        }
        #expect(Self.kind(group.verdict) == row.kind, "\(group.verdict.text)")
    }

    /// Every scenario that leaks is in the table: one added without a row fails here.
    @Test func everyLeakingScenarioHasARow() throws {
        var leaking: [String] = []
        for folder in ["patterns", "seeds"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: "Scenarios/" + folder).sorted() where name.hasSuffix(".lua") {
                let sandbox = try LuaSandbox(sandboxed: true)
                var heard = false
                sandbox.heap.onLeakSighted = { _ in heard = true }
                let outcome = try sandbox.run(file: "Scenarios/\(folder)/\(name)")
                if heard || !outcome.leaks.isEmpty { leaking.append("\(folder)/\(name)") }
            }
        }
        #expect(leaking == Self.rows.map(\.file))
    }
}
