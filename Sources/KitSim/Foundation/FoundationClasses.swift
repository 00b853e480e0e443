/// The registered Foundation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class FoundationClasses {
    public let runLoop, timer: SimClass
    let runLoopTimers, timerTarget, timerUserInfo, timerBlock, timerInterval: Property

    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }
        runLoop = c("RunLoop"); timer = c("Timer")
        runLoopTimers = p(runLoop, "timers")
        timerTarget = p(timer, "target"); timerUserInfo = p(timer, "userInfo"); timerBlock = p(timer, "block")
        timerInterval = p(timer, "timeInterval")
    }
}
