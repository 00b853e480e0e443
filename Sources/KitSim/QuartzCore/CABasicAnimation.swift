extension Animations {
    /// `CABasicAnimation` (SPEC rule 45): an animation of one key path of a layer, from one
    /// value to another. KitSim does not interpolate; it keeps the values for scripts.
    static let basicAnimationDeclaration = ClassDeclaration("CABasicAnimation", superclass: "CAAnimation",
        summary: "Animates one key path of a layer (rule 45).") {
        PropertyDeclaration("keyPath", .copy, .string, summary: "The layer property it animates (`\"transform.rotation\"`).")
        PropertyDeclaration("fromValue", .strong, .any)
        PropertyDeclaration("toValue", .strong, .any)
        PropertyDeclaration("byValue", .strong, .any)

        Method.initializer(swift: "init(keyPath:)", .string("keyPath", optional: true)) { sim, inv in
            try sim.write(inv.receiver, sim.quartz.basicKeyPath, inv.argument(0))
            return .object(inv.receiver)
        }
    }
}
