import CLua
import CLuaShim
import KitSimRuntime

/// A coverage goal of the script (`sim.sometimes(check, message)`): whether some turn of
/// the run made its check true.
/// A failed expectation recorded while `LuaSandbox.collectsFailures` was on: its message
/// (`file:line: expected …`) and its subject when that was an object.
public struct CollectedFailure: Equatable, Sendable {
    public let message: String
    public let subject: ObjectID?
    public init(message: String, subject: ObjectID?) {
        self.message = message
        self.subject = subject
    }
}

public struct Goal: Equatable, Sendable {
    public let message: String
    public var reached: Bool
}

extension LuaSandbox {
    /// Sets the prelude's check of every run-loop turn (`sim.always`, `sim.sometimes`) as
    /// the heap's `afterTurn`, once: it is called with the label of the event the turn ran.
    func setTurnCheck(_ check: Value) {
        guard heap.afterTurn == nil, case .foreign(let f) = check else { return }
        heap.afterTurn = { [unowned self] label in
            // The properties only read: their calls into Lua are not the events' own, so
            // an explorer's footprints (`luaEntries`) leave them out.
            let entries = dispatcher.entries
            defer { dispatcher.entries = entries }
            _ = try dispatcher.call(f.box, [label.map(Value.string) ?? .nil])
        }
    }

    /// How many times the model has called into Lua (a method a script defined, a block,
    /// a callback), not counting the `sim.always` and `sim.sometimes` checks: an order
    /// explorer's sign that an event ran script code, whose state (upvalues, globals,
    /// tables) the trace cannot see.
    public var luaEntries: Int { dispatcher.entries }

    /// Replays `schedule` as the order of this run's events (`kitsim run --schedule`):
    /// from now on each choice runs the event the next step names, and the run stops where
    /// the schedule no longer fits (docs/explore.md). A script's own `sim.schedule` then
    /// steps aside.
    public func replay(_ schedule: Schedule) {
        heap.orderChooser = ScheduleReplay(schedule)
        chooserIsHosts = true
    }

    /// `sim.schedule"…"` (the runtime's part of the `sim` table): the order a regression
    /// test pins, unless the host chose the order (`kitsim explore`, `--schedule`).
    func installScheduleFunction(_ def: (MethodSignature, @escaping (LuaSandbox, OpaquePointer) throws -> Int32) -> Void) {
        def(MethodSignature("schedule", [.string("order")],
                            summary: "Pins the order of the events whose moments are uncertain, as `kitsim explore` printed it (`sim.schedule\"tap push; transition end\"`): each choice runs the event the next label names; a label no event has stops the run. Ignored under `kitsim explore` and `--schedule`.")) { sb, L in
            guard lua_type(L, 1) == LUA_TSTRING, let text = sb.string(L, 1) else {
                throw SimError.badArgument(1, "schedule", expected: "string", got: sb.typeName(L, 1))
            }
            guard let schedule = Schedule(parsing: text) else { throw SimError.script(.badSchedule(text)) }
            if sb.chooserIsHosts { return 0 }
            if sb.heap.orderChooser != nil {
                throw SimError.badArgument(1, "schedule", "the order is already pinned: call sim.schedule once, before the run loop runs", kind: .invalidUse)
            }
            sb.heap.orderChooser = ScheduleReplay(schedule)
            return 0
        }
    }
}
