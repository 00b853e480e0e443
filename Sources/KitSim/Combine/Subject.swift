/// `Subject`, as the model names it: Combine's protocol as the base class of the two
/// subjects, with `send`.
package enum Subject: ModelClass {
    package static let handle = ClassHandle("Subject", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.subjectDeclaration }
}

extension Pipelines {
    /// `Subject` (rules 86, 88): `send` delivers to each live subscription before it
    /// returns; `send_completion` finishes every subscription, which then ends.
    static let subjectDeclaration = ClassDeclaration(Subject.handle, superclass: "Publisher",
        summary: "A publisher scripts send values through; it keeps its live subscriptions.") {
        Method("send", swift: "send(_:)", Parameter("value", .any, optional: true),
               summary: "Delivers `value` to each live subscription, in subscription order, before it returns (rule 88).") { sim, inv in
            try sim.combine.send(inv.receiver, inv.argument(0))
            return .nil
        }
        Method("send_completion", swift: "send(completion: .finished)",
               summary: "Finishes every subscription: each sink gets \"finished\", then lets go of its closures (rule 87).") { sim, inv in
            try sim.combine.finish(inv.receiver)
            return .nil
        }
    }
}
