/// The registered Foundation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class FoundationClasses {
    let heap: Heap
    public private(set) lazy var runLoop: SimClass = c("RunLoop")
    public private(set) lazy var timer: SimClass = c("Timer")
    public private(set) lazy var displayLink: SimClass = c("CADisplayLink")
    public private(set) lazy var dispatchQueue: SimClass = c("DispatchQueue")
    public private(set) lazy var operationQueue: SimClass = c("OperationQueue")
    public private(set) lazy var notificationCenter: SimClass = c("NotificationCenter")
    public private(set) lazy var observerToken: SimClass = c("__NSObserver")
    lazy var centerObservers: Property = p(notificationCenter, "observers")
    lazy var tokenBlock: Property = p(observerToken, "block")
    lazy var tokenName: Property = p(observerToken, "name")
    lazy var tokenObject: Property = p(observerToken, "object")
    public private(set) lazy var observation: SimClass = c("NSKeyValueObservation")
    lazy var observationHandler: Property = p(observation, "changeHandler")
    lazy var observationObject: Property = p(observation, "object")
    lazy var observationKey: Property = p(observation, "key")
    lazy var runLoopTimers: Property = p(runLoop, "timers")
    lazy var runLoopDisplayLinks: Property = p(runLoop, "displayLinks")
    lazy var linkTarget: Property = p(displayLink, "target")
    lazy var linkPaused: Property = p(displayLink, "isPaused")
    lazy var linkFrames: Property = p(displayLink, "preferredFramesPerSecond")
    lazy var linkTimestamp: Property = p(displayLink, "timestamp")
    lazy var timerTarget: Property = p(timer, "target")
    lazy var timerUserInfo: Property = p(timer, "userInfo")
    lazy var timerBlock: Property = p(timer, "block")
    lazy var timerInterval: Property = p(timer, "timeInterval")
    public private(set) lazy var session: SimClass = c("URLSession")
    public private(set) lazy var sessionConfiguration: SimClass = c("URLSessionConfiguration")
    public private(set) lazy var dataTask: SimClass = c("URLSessionDataTask")
    lazy var sessionConfigurationProperty: Property = p(session, "configuration")
    lazy var sessionDelegate: Property = p(session, "delegate")
    lazy var sessionDelegateQueue: Property = p(session, "delegateQueue")
    lazy var sessionTasks: Property = p(session, "tasks")
    lazy var sessionConfigurationTimeout: Property = p(sessionConfiguration, "timeoutIntervalForRequest")
    lazy var taskURL: Property = p(dataTask, "url")
    lazy var taskCompletion: Property = p(dataTask, "completionHandler")
    lazy var taskState: Property = p(dataTask, "state")
    lazy var taskError: Property = p(dataTask, "error")

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    private func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
