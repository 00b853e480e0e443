/// `CurrentValueSubject`, as the model names it.
package enum CurrentValueSubject: ModelClass {
    package static let handle = ClassHandle("CurrentValueSubject")
    package static var declaration: SimulatorClassDeclaration { Pipelines.currentValueSubjectDeclaration }
    package static let value = handle.property("value")
}

extension Pipelines {
    /// `CurrentValueSubject` (rules 86, 88): it keeps its value, sends it to each new
    /// subscription at once, and setting `value` sends the new one.
    static let currentValueSubjectDeclaration = ClassDeclaration(CurrentValueSubject.handle, superclass: "Subject",
        summary: "A subject with a value: a new subscription gets it at once; setting it sends it.") {
        PropertyDeclaration(CurrentValueSubject.value, .strong, .any, getter: "value", setter: "setValue",
                            summary: "The current value, kept strongly; setting it sends it to every live subscription.")
        Method.initializer(swift: "init(_:)", Parameter("value", .any, optional: true), summary: "A subject holding `value`.") { sim, inv in
            try sim.write(inv.receiver, sim[Publisher.subscriptions], .array([]))
            try sim.write(inv.receiver, sim[CurrentValueSubject.value], inv.argument(0))
            sim.combine.made(inv.receiver, .subject)
            return .object(inv.receiver)
        }
        Method.accessor("value", returns: .any) { sim, inv in try sim.heap.readSlot(inv.receiver, CurrentValueSubject.value) }
        Method.accessor("setValue") { sim, inv in
            try sim.combine.setValue(inv.receiver, inv.argument(0))
            return .nil
        }
    }
}
