/// The registered Core Animation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class QuartzCoreClasses {
    let heap: Heap
    public private(set) lazy var layer: SimClass = c("CALayer")
    public private(set) lazy var animation: SimClass = c("CAAnimation")
    public private(set) lazy var basicAnimation: SimClass = c("CABasicAnimation")
    var layerDelegate: Property { @inline(__always) get { layerProperties.layerDelegate } }
    var animationDelegate: Property { @inline(__always) get { animationProperties.animationDelegate } }
    var animationDuration: Property { @inline(__always) get { animationProperties.animationDuration } }
    var animationRemovedOnCompletion: Property { @inline(__always) get { animationProperties.animationRemovedOnCompletion } }
    var animationRepeatCount: Property { @inline(__always) get { animationProperties.animationRepeatCount } }
    var animationAutoreverses: Property { @inline(__always) get { animationProperties.animationAutoreverses } }
    var basicKeyPath: Property { @inline(__always) get { basicAnimationProperties.basicKeyPath } }

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // The properties as `let`s of one object per class, made when the model first reads one
    // of them (which registers the class): a read borrows the property, where a `lazy var`
    // would copy it out of its optional storage (UIKitClasses does the same).
    final class LayerProperties {
        let layerDelegate: Property
        init(_ k: QuartzCoreClasses) {
            let c = k.layer
            layerDelegate = k.p(c, "delegate")
        }
    }
    private(set) lazy var layerProperties = LayerProperties(self)
    final class AnimationProperties {
        let animationDelegate: Property
        let animationDuration: Property
        let animationRemovedOnCompletion: Property
        let animationRepeatCount: Property
        let animationAutoreverses: Property
        init(_ k: QuartzCoreClasses) {
            let c = k.animation
            animationDelegate = k.p(c, "delegate")
            animationDuration = k.p(c, "duration")
            animationRemovedOnCompletion = k.p(c, "isRemovedOnCompletion")
            animationRepeatCount = k.p(c, "repeatCount")
            animationAutoreverses = k.p(c, "autoreverses")
        }
    }
    private(set) lazy var animationProperties = AnimationProperties(self)
    final class BasicAnimationProperties {
        let basicKeyPath: Property
        init(_ k: QuartzCoreClasses) {
            let c = k.basicAnimation
            basicKeyPath = k.p(c, "keyPath")
        }
    }
    private(set) lazy var basicAnimationProperties = BasicAnimationProperties(self)

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
