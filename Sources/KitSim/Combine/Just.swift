/// `Just`, as the model names it.
package enum Just: ModelClass {
    package static let handle = ClassHandle("Just")
    package static var declaration: SimulatorClassDeclaration { Pipelines.justDeclaration }
    package static let output = handle.property("output")
}

extension Pipelines {
    /// `Just` (rule 87): each subscriber gets the value and then `.finished` before the
    /// subscription returns, so its subscription has ended by then.
    static let justDeclaration = ClassDeclaration(Just.handle, superclass: "Publisher",
        summary: "One value, then `.finished`, to each subscriber, before `sink` or `assign` returns.") {
        PropertyDeclaration(Just.output, .strong, .any, readOnly: true, summary: "The value it sends.")
        Method.initializer(swift: "init(_:)", Parameter("output", .any, optional: true), summary: "A publisher of `output`.") { sim, inv in
            try sim.write(inv.receiver, sim[Just.output], inv.argument(0))
            sim.combine.made(inv.receiver, .just)
            return .object(inv.receiver)
        }
    }
}
