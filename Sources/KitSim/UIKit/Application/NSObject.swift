/// `NSObject`, as the model names it: its class and the properties the model reads and writes.
package enum NSObject: ModelClass {
    package static let handle = ClassHandle("NSObject")
    package static var declaration: SimulatorClassDeclaration { Simulator.objectDeclaration }
}

extension Simulator {
    /// `NSObject`, the root class the runtime makes: declared here for its initializer and
    /// the Foundation methods every object has (key-value observing, delayed performs).
    static let objectDeclaration = ClassDeclaration(NSObject.handle, summary: "The root class.") {
        Method.initializer { _, inv in .object(inv.receiver) }
        KeyValueObserving.observeMethod
        Pipelines.keyValuePublisherMethod
        PerformRequests.performMethod
        PerformRequests.cancelMethod
        PerformRequests.requestHoldDeclaration
    }
}
