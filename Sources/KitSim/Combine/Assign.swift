/// `Subscribers.Assign`, as the model names it.
package enum Assign: ModelClass {
    package static let handle = ClassHandle("Assign", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.assignDeclaration }
    package static let object = handle.property("object")
    package static let keyPath = handle.property("keyPath")
}

extension Pipelines {
    /// `Subscribers.Assign` (rule 87): keeps its object strongly until its subscription is
    /// cancelled or completes.
    static let assignDeclaration = ClassDeclaration(Assign.handle,
        summary: "`assign(to:on:)`'s subscriber: it keeps its object strongly until the subscription is cancelled or completes.") {
        PropertyDeclaration(Assign.object, .strong, .object("NSObject"), readOnly: true,
                            summary: "The object each value is set on, kept strongly (rule 87).")
        PropertyDeclaration(Assign.keyPath, .copy, .string, readOnly: true, summary: "The property each value is set to.")
    }
}
