/// `Subscribers.Sink`, as the model names it.
package enum Sink: ModelClass {
    package static let handle = ClassHandle("Sink", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.sinkDeclaration }
    package static let receiveValue = handle.property("receiveValue")
    package static let receiveCompletion = handle.property("receiveCompletion")
}

extension Pipelines {
    /// `Subscribers.Sink` (rules 86, 87): keeps its closures until its subscription is
    /// cancelled or completes, then lets go of them.
    static let sinkDeclaration = ClassDeclaration(Sink.handle,
        summary: "`sink`'s subscriber: it keeps its closures until the subscription is cancelled or completes.") {
        PropertyDeclaration(Sink.receiveValue, .strong, .function, readOnly: true, summary: "Called with each value (rule 86).")
        PropertyDeclaration(Sink.receiveCompletion, .strong, .function, readOnly: true,
                            summary: "Called with \"finished\" or `{ failure = error }` (rule 87).")
    }
}
