/// `CABasicAnimation`, as the model names it: its class and the properties the model reads and writes.
package enum CABasicAnimation: ModelClass {
    package static let handle = ClassHandle("CABasicAnimation")
    package static var declaration: SimulatorClassDeclaration { Animations.basicAnimationDeclaration }
    package static let keyPath = handle.property("keyPath")
}

extension Animations {
    /// `CABasicAnimation` (SPEC rule 45): an animation of one key path of a layer, from one
    /// value to another. KitSim does not interpolate; it keeps the values for scripts.
    static let basicAnimationDeclaration = ClassDeclaration(CABasicAnimation.handle, superclass: "CAAnimation",
        summary: "Animates one key path of a layer (rule 45).") {
        PropertyDeclaration(CABasicAnimation.keyPath, .copy, .string, summary: "The layer property it animates (`\"transform.rotation\"`).")
        PropertyDeclaration("fromValue", .strong, .any)
        PropertyDeclaration("toValue", .strong, .any)
        PropertyDeclaration("byValue", .strong, .any)

        Method.initializer(swift: "init(keyPath:)", .string("keyPath", optional: true)) { sim, inv in
            try sim.write(inv.receiver, sim[CABasicAnimation.keyPath], inv.argument(0))
            return .object(inv.receiver)
        }
    }
}
