/// The registered Core Animation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class QuartzCoreClasses {
    let heap: Heap
    public private(set) lazy var layer: SimClass = c("CALayer")
    public private(set) lazy var animation: SimClass = c("CAAnimation")
    public private(set) lazy var basicAnimation: SimClass = c("CABasicAnimation")
    lazy var layerDelegate: Property = p(layer, "delegate")
    lazy var animationDelegate: Property = p(animation, "delegate")
    lazy var animationDuration: Property = p(animation, "duration")
    lazy var animationRemovedOnCompletion: Property = p(animation, "isRemovedOnCompletion")
    lazy var animationRepeatCount: Property = p(animation, "repeatCount")
    lazy var animationAutoreverses: Property = p(animation, "autoreverses")
    lazy var basicKeyPath: Property = p(basicAnimation, "keyPath")

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    private func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
