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
    var centerObservers: Property { @inline(__always) get { notificationCenterProperties.centerObservers } }
    var tokenBlock: Property { @inline(__always) get { observerTokenProperties.tokenBlock } }
    var tokenName: Property { @inline(__always) get { observerTokenProperties.tokenName } }
    var tokenObject: Property { @inline(__always) get { observerTokenProperties.tokenObject } }
    public private(set) lazy var observation: SimClass = c("NSKeyValueObservation")
    var observationHandler: Property { @inline(__always) get { observationProperties.observationHandler } }
    var observationObject: Property { @inline(__always) get { observationProperties.observationObject } }
    var observationKey: Property { @inline(__always) get { observationProperties.observationKey } }
    var runLoopTimers: Property { @inline(__always) get { runLoopProperties.runLoopTimers } }
    var runLoopDisplayLinks: Property { @inline(__always) get { runLoopProperties.runLoopDisplayLinks } }
    var linkTarget: Property { @inline(__always) get { displayLinkProperties.linkTarget } }
    var linkPaused: Property { @inline(__always) get { displayLinkProperties.linkPaused } }
    var linkFrames: Property { @inline(__always) get { displayLinkProperties.linkFrames } }
    var linkTimestamp: Property { @inline(__always) get { displayLinkProperties.linkTimestamp } }
    var timerTarget: Property { @inline(__always) get { timerProperties.timerTarget } }
    var timerUserInfo: Property { @inline(__always) get { timerProperties.timerUserInfo } }
    var timerBlock: Property { @inline(__always) get { timerProperties.timerBlock } }
    var timerInterval: Property { @inline(__always) get { timerProperties.timerInterval } }
    public private(set) lazy var session: SimClass = c("URLSession")
    public private(set) lazy var sessionConfiguration: SimClass = c("URLSessionConfiguration")
    public private(set) lazy var dataTask: SimClass = c("URLSessionDataTask")
    var sessionConfigurationProperty: Property { @inline(__always) get { sessionProperties.sessionConfigurationProperty } }
    var sessionDelegate: Property { @inline(__always) get { sessionProperties.sessionDelegate } }
    var sessionDelegateQueue: Property { @inline(__always) get { sessionProperties.sessionDelegateQueue } }
    var sessionTasks: Property { @inline(__always) get { sessionProperties.sessionTasks } }
    var sessionConfigurationTimeout: Property { @inline(__always) get { sessionConfigurationProperties.sessionConfigurationTimeout } }
    var taskURL: Property { @inline(__always) get { dataTaskProperties.taskURL } }
    var taskCompletion: Property { @inline(__always) get { dataTaskProperties.taskCompletion } }
    var taskState: Property { @inline(__always) get { dataTaskProperties.taskState } }
    var taskError: Property { @inline(__always) get { dataTaskProperties.taskError } }

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // The properties as `let`s of one object per class, made when the model first reads one
    // of them (which registers the class): a read borrows the property, where a `lazy var`
    // would copy it out of its optional storage (UIKitClasses does the same).
    final class NotificationCenterProperties {
        let centerObservers: Property
        init(_ k: FoundationClasses) {
            let c = k.notificationCenter
            centerObservers = k.p(c, "observers")
        }
    }
    private(set) lazy var notificationCenterProperties = NotificationCenterProperties(self)
    final class ObserverTokenProperties {
        let tokenBlock: Property
        let tokenName: Property
        let tokenObject: Property
        init(_ k: FoundationClasses) {
            let c = k.observerToken
            tokenBlock = k.p(c, "block")
            tokenName = k.p(c, "name")
            tokenObject = k.p(c, "object")
        }
    }
    private(set) lazy var observerTokenProperties = ObserverTokenProperties(self)
    final class ObservationProperties {
        let observationHandler: Property
        let observationObject: Property
        let observationKey: Property
        init(_ k: FoundationClasses) {
            let c = k.observation
            observationHandler = k.p(c, "changeHandler")
            observationObject = k.p(c, "object")
            observationKey = k.p(c, "key")
        }
    }
    private(set) lazy var observationProperties = ObservationProperties(self)
    final class RunLoopProperties {
        let runLoopTimers: Property
        let runLoopDisplayLinks: Property
        init(_ k: FoundationClasses) {
            let c = k.runLoop
            runLoopTimers = k.p(c, "timers")
            runLoopDisplayLinks = k.p(c, "displayLinks")
        }
    }
    private(set) lazy var runLoopProperties = RunLoopProperties(self)
    final class DisplayLinkProperties {
        let linkTarget: Property
        let linkPaused: Property
        let linkFrames: Property
        let linkTimestamp: Property
        init(_ k: FoundationClasses) {
            let c = k.displayLink
            linkTarget = k.p(c, "target")
            linkPaused = k.p(c, "isPaused")
            linkFrames = k.p(c, "preferredFramesPerSecond")
            linkTimestamp = k.p(c, "timestamp")
        }
    }
    private(set) lazy var displayLinkProperties = DisplayLinkProperties(self)
    final class TimerProperties {
        let timerTarget: Property
        let timerUserInfo: Property
        let timerBlock: Property
        let timerInterval: Property
        init(_ k: FoundationClasses) {
            let c = k.timer
            timerTarget = k.p(c, "target")
            timerUserInfo = k.p(c, "userInfo")
            timerBlock = k.p(c, "block")
            timerInterval = k.p(c, "timeInterval")
        }
    }
    private(set) lazy var timerProperties = TimerProperties(self)
    final class SessionProperties {
        let sessionConfigurationProperty: Property
        let sessionDelegate: Property
        let sessionDelegateQueue: Property
        let sessionTasks: Property
        init(_ k: FoundationClasses) {
            let c = k.session
            sessionConfigurationProperty = k.p(c, "configuration")
            sessionDelegate = k.p(c, "delegate")
            sessionDelegateQueue = k.p(c, "delegateQueue")
            sessionTasks = k.p(c, "tasks")
        }
    }
    private(set) lazy var sessionProperties = SessionProperties(self)
    final class SessionConfigurationProperties {
        let sessionConfigurationTimeout: Property
        init(_ k: FoundationClasses) {
            let c = k.sessionConfiguration
            sessionConfigurationTimeout = k.p(c, "timeoutIntervalForRequest")
        }
    }
    private(set) lazy var sessionConfigurationProperties = SessionConfigurationProperties(self)
    final class DataTaskProperties {
        let taskURL: Property
        let taskCompletion: Property
        let taskState: Property
        let taskError: Property
        init(_ k: FoundationClasses) {
            let c = k.dataTask
            taskURL = k.p(c, "url")
            taskCompletion = k.p(c, "completionHandler")
            taskState = k.p(c, "state")
            taskError = k.p(c, "error")
        }
    }
    private(set) lazy var dataTaskProperties = DataTaskProperties(self)

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
