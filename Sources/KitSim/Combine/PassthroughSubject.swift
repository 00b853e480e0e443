/// `PassthroughSubject`, as the model names it.
package enum PassthroughSubject: ModelClass {
    package static let handle = ClassHandle("PassthroughSubject")
    package static var declaration: SimulatorClassDeclaration { Pipelines.passthroughSubjectDeclaration }
}

extension Pipelines {
    /// `PassthroughSubject` (rule 86): no value of its own; it keeps its live subscriptions.
    static let passthroughSubjectDeclaration = ClassDeclaration(PassthroughSubject.handle, superclass: "Subject",
        summary: "A subject without a value: only values sent after a subscription reach it.") {
        Method.initializer(swift: "init()", summary: "A subject without subscriptions.") { sim, inv in
            try sim.write(inv.receiver, sim[Publisher.subscriptions], .array([]))
            sim.combine.made(inv.receiver, .subject)
            return .object(inv.receiver)
        }
    }
}
