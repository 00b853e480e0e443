/// `Subscription`, as the model names it: one link of a live subscription chain.
package enum Subscription: ModelClass {
    package static let handle = ClassHandle("Subscription", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.subscriptionDeclaration }
    package static let downstream = handle.property("downstream")
    package static let transform = handle.property("transform")
}

extension Pipelines {
    /// `Subscription` (rule 86): the root subscription a publisher keeps, and each
    /// operator's stage after it; each keeps the next, the last the subscriber, until the
    /// chain is cancelled or completes.
    static let subscriptionDeclaration = ClassDeclaration(Subscription.handle,
        summary: "A live subscription: it keeps its downstream (an operator's stage, or the Sink or Assign) until cancelled or completed.") {
        PropertyDeclaration(Subscription.downstream, .strong, .object("NSObject"), readOnly: true,
                            summary: "The next stage or the subscriber, kept until the chain ends (rule 86).")
        PropertyDeclaration(Subscription.transform, .strong, .function, readOnly: true,
                            summary: "An operator stage's closure (`map`, `filter`, `handleEvents`), kept until the chain ends.")
    }
}
