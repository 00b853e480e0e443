import CLua
import CLuaShim
import KitSimReport
import KitSimRuntime

/// Expected leaks: `expect(obj).to.leak()` (the assertion vocabulary) says a scenario makes
/// a leak on purpose, and `kitsim test` fails a scenario that ends with any other one
/// (`Outcome.failingUnexpectedLeaks`). What the scenario expects is a set of object ids the
/// sandbox keeps, never a Lua value: ids are never reused, and a script's tables cannot
/// change which leaks the end of the run counts as expected.
extension LuaSandbox {
    /// The leak reports of `sim.leaks()` that name `id`: it is the abandoned controller, a
    /// member of the cycle, or one of the objects the cycle keeps alive (`retained`).
    func leakReports(naming id: ObjectID) -> [Leak] {
        heap.leaks().filter { $0.objects.contains(id) || $0.retained.contains(id) }
    }

    /// Records `reports` as expected: each one's objects (the abandoned controller, the
    /// cycle's members) and what a cycle keeps alive. A report at the end of the run that
    /// names one of them as its own is expected (`isExpected`), so a cycle stays expected
    /// when it is reported in another form later (split into shorter cycles, or reported
    /// by its shortest one), and an abandoned controller found on a cycle before its
    /// 2 seconds had passed is expected once they have.
    func expectLeaks(_ reports: [Leak]) {
        for leak in reports {
            expectedLeakObjects.formUnion(leak.objects)
            expectedLeakObjects.formUnion(leak.retained)
        }
    }

    /// Whether the scenario expects `leak`: `expect(obj).to.leak()` held for one of its
    /// objects (an abandoned controller, a member of the cycle). Only a cycle's members
    /// count, not what it keeps alive: a cycle that later forms around an expected
    /// abandoned controller is a new leak.
    package func isExpected(_ leak: Leak) -> Bool {
        leak.objects.contains(where: expectedLeakObjects.contains)
    }

    /// The assertion vocabulary's `leak` matcher, given to it when it is compiled:
    /// `(object, expect)` returns whether the object leaks now and the lines
    /// (`LeakText.line`) of the reports that name it, joined by newlines. With `expect`
    /// true it records those reports as expected (`expectLeaks`). The vocabulary checks
    /// the argument first; a value that is no object leaks nothing here.
    func pushLeakMatcher(_ L: OpaquePointer) {
        pushFunction(L) { sb, L in
            let raw = kitsim_handle_id(L, 1)
            let reports = raw == 0 ? [] : sb.leakReports(naming: ObjectID(raw))
            if lua_toboolean(L, 2) != 0 { sb.expectLeaks(reports) }
            lua_pushboolean(L, reports.isEmpty ? 0 : 1)
            sb.pushString(L, reports.map { $0.description(in: sb.heap) }.joined(separator: "\n"))
            return 2
        }
    }
}
