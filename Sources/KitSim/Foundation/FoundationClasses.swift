/// The registered Foundation classes and the properties the model reads and writes,
/// looked up once per simulator, as `UIKitClasses` does for UIKit's.
public final class FoundationClasses {
    public let runLoop, timer, displayLink, dispatchQueue, operationQueue, notificationCenter, observerToken, observation: SimClass
    public let session, sessionConfiguration, dataTask: SimClass
    let runLoopTimers, runLoopDisplayLinks, timerTarget, timerUserInfo, timerBlock, timerInterval: Property
    let linkTarget, linkPaused, linkFrames, linkTimestamp: Property
    let centerObservers, tokenBlock, tokenName, tokenObject: Property
    let observationHandler, observationObject, observationKey: Property
    let sessionConfigurationProperty, sessionDelegate, sessionDelegateQueue, sessionTasks, sessionConfigurationTimeout: Property
    let taskURL, taskCompletion, taskState, taskError: Property

    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }
        runLoop = c("RunLoop"); timer = c("Timer"); displayLink = c("CADisplayLink"); dispatchQueue = c("DispatchQueue")
        operationQueue = c("OperationQueue"); notificationCenter = c("NotificationCenter"); observerToken = c("__NSObserver")
        centerObservers = p(notificationCenter, "observers"); tokenBlock = p(observerToken, "block")
        tokenName = p(observerToken, "name"); tokenObject = p(observerToken, "object")
        observation = c("NSKeyValueObservation")
        observationHandler = p(observation, "changeHandler"); observationObject = p(observation, "object")
        observationKey = p(observation, "key")
        runLoopTimers = p(runLoop, "timers"); runLoopDisplayLinks = p(runLoop, "displayLinks")
        linkTarget = p(displayLink, "target"); linkPaused = p(displayLink, "isPaused")
        linkFrames = p(displayLink, "preferredFramesPerSecond"); linkTimestamp = p(displayLink, "timestamp")
        timerTarget = p(timer, "target"); timerUserInfo = p(timer, "userInfo"); timerBlock = p(timer, "block")
        timerInterval = p(timer, "timeInterval")
        session = c("URLSession"); sessionConfiguration = c("URLSessionConfiguration"); dataTask = c("URLSessionDataTask")
        sessionConfigurationProperty = p(session, "configuration"); sessionDelegate = p(session, "delegate")
        sessionDelegateQueue = p(session, "delegateQueue"); sessionTasks = p(session, "tasks")
        sessionConfigurationTimeout = p(sessionConfiguration, "timeoutIntervalForRequest")
        taskURL = p(dataTask, "url"); taskCompletion = p(dataTask, "completionHandler"); taskState = p(dataTask, "state")
        taskError = p(dataTask, "error")
    }
}
