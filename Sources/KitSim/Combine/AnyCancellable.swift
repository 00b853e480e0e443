/// `AnyCancellable`, as the model names it.
package enum AnyCancellable: ModelClass {
    package static let handle = ClassHandle("AnyCancellable", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.anyCancellableDeclaration }
    package static let subscription = handle.property("subscription")
}

extension Pipelines {
    /// `AnyCancellable` (rules 86, 87): `sink` and `assign` return it; it keeps the
    /// subscription, and its `cancel()`, or its deinit, ends it.
    static let anyCancellableDeclaration = ClassDeclaration(AnyCancellable.handle,
        summary: "Keeps a subscription; `cancel()` or its deinit ends it. `store(self, \"cancellables\")` is `.store(in: &self.cancellables)`.") {
        PropertyDeclaration(AnyCancellable.subscription, .strong, .object("Subscription"), readOnly: true,
                            summary: "The root subscription, kept until it is cancelled or completes (rule 86).")
        Method("cancel", summary: "Ends the subscription: each link lets go of the next, the sink of its closures (rule 87).") { sim, inv in
            try sim.combine.cancel(inv.receiver)
            return .nil
        }
        Method("store", swift: "store(in:)", .object("owner", "NSObject"), .string("property"),
               summary: "`.store(in: &owner.cancellables)`: the owner's strong property `property` (an array, Swift's Set) keeps it (rule 86).") { sim, inv in
            try sim.combine.store(inv.receiver, in: inv.objectArgument(0), inv.stringArgument(1) ?? "")
            return .nil
        }
        Method.callback("deinit", summary: "Cancels, as AnyCancellable's deinit does (rule 87).") { sim, inv in
            try sim.combine.cancel(inv.receiver)
            return .nil
        }
    }
}
