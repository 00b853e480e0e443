/// The registered Core Animation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class QuartzCoreClasses {
    public let layer, animation, basicAnimation: SimClass
    let layerDelegate, animationDelegate, animationDuration, animationRemovedOnCompletion: Property
    let animationRepeatCount, animationAutoreverses, basicKeyPath: Property

    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }
        layer = c("CALayer"); animation = c("CAAnimation"); basicAnimation = c("CABasicAnimation")
        layerDelegate = p(layer, "delegate")
        animationDelegate = p(animation, "delegate"); animationDuration = p(animation, "duration")
        animationRemovedOnCompletion = p(animation, "isRemovedOnCompletion")
        animationRepeatCount = p(animation, "repeatCount"); animationAutoreverses = p(animation, "autoreverses")
        basicKeyPath = p(basicAnimation, "keyPath")
    }
}
