import CLua
import CLuaShim

extension LuaSandbox {
    /// A user's action (`sim.tap`, `sim.swipeBack`, `sim.swipeDown`): done now, its result
    /// pushed, when `options` has no window; otherwise scheduled at an uncertain moment
    /// (docs/explore.md), nothing pushed. A deferred action on an object that deallocated
    /// meanwhile does nothing, as a finger finds nothing to touch where a view was.
    func userAction(_ L: OpaquePointer, _ sim: Simulator, _ options: Simulator.MomentOptions, what: String, target: ObjectID,
                    detail: String = "", _ action: @escaping () throws -> Bool) throws -> Int32 {
        guard let window = options.window else {
            lua_pushboolean(L, try action() ? 1 : 0)
            return 1
        }
        let label = options.label ?? sim.eventLabel(what + " " + shortName(target) + detail)
        let heap = self.heap
        sim.atUncertainMoment(between: window.earliest, and: window.latest, label: label) {
            guard heap.isAlive(target) else { return }
            _ = try action()
        }
        return 0
    }

    /// An object as an event's label names it: its `sim.label`, else `UIButton#12`.
    func shortName(_ id: ObjectID) -> String { heap.label(of: id) ?? heap.ref(id).tagged }
}
