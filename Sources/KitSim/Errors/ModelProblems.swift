import KitSimRuntime

/// The exceptions UIKit, Foundation and WebKit raise in the model, with UIKit's names and
/// exact reasons: the one place their text is written (house style). The runtime carries
/// them as `Problem.model` without knowing their cases.
public enum UIKitException: ModelProblem, Equatable {
    // MARK: Controllers
    case presentNil(presenter: ObjectRef)
    case presentActive(ObjectRef)
    case pushActive(ObjectRef)
    case pushNavigationController
    case pushTwice
    case popToMissing
    case addSelfAsSubview
    case ownParent(child: ObjectRef)
    case ancestorOfParent(child: ObjectRef, parent: ObjectRef)
    /// `UIViewControllerHierarchyInconsistency`: the child already has another parent.
    case otherParent(child: ObjectRef, parent: ObjectRef, requested: ObjectRef)
    /// `UIViewControllerHierarchyInconsistency`: the child kept a parent while leaving it.
    case keptParent(child: ObjectRef, actual: ObjectRef)
    case tabNotInList
    case secondApplication
    case noCommonOrientation(className: String)
    // MARK: Lists, animators, WebKit, Foundation
    case noCellFromDataSource(listClass: String, list: ObjectID, dataSource: ObjectRef)
    case unregisteredCell(identifier: String)
    case finishNotStopped
    case releaseActiveAnimator
    case duplicateScriptMessageHandler(name: String)
    case observedWhileDeallocated(ObjectRef)
    case undefinedKey(object: ObjectRef, key: String)
    case invalidatedSession

    /// The exception's name.
    public var kind: SimError.Kind {
        switch self {
        case .popToMissing, .unregisteredCell, .noCellFromDataSource, .finishNotStopped, .releaseActiveAnimator,
             .observedWhileDeallocated:
            return .exception(name: "NSInternalInconsistencyException")
        case .otherParent, .keptParent: return .exception(name: "UIViewControllerHierarchyInconsistency")
        case .noCommonOrientation: return .exception(name: "UIApplicationInvalidInterfaceOrientation")
        case .undefinedKey: return .exception(name: "NSUnknownKeyException")
        case .invalidatedSession: return .exception(name: "NSGenericException")
        case .presentNil, .presentActive, .pushActive, .pushNavigationController, .pushTwice, .addSelfAsSubview,
             .ownParent, .ancestorOfParent, .tabNotInList, .secondApplication, .duplicateScriptMessageHandler:
            return .exception(name: "NSInvalidArgumentException")
        }
    }

    /// The reason, exactly as UIKit words it.
    public var message: String {
        switch self {
        case .presentNil(let p): return "Application tried to present a nil modal view controller on target \(p.angled)."
        case .presentActive(let c): return "Application tried to present modally an active controller \(c.angled)."
        case .pushActive(let c): return "Application tried to push an active controller \(c.angled)."
        case .pushNavigationController: return "Pushing a navigation controller is not supported"
        case .pushTwice: return "Pushing the same view controller instance more than once is not supported"
        case .popToMissing: return "Tried to pop to a view controller that doesn't exist."
        case .addSelfAsSubview: return "Can't add self as subview"
        case .ownParent(let c): return "child view controller:\(c.angled) should not be its own parent"
        case .ancestorOfParent(let c, let p): return "child view controller:\(c.angled) is an ancestor of its requested parent \(p.angled)"
        case .otherParent(let c, let p, let r):
            return "child view controller:\(c.angled) should have parent view controller:\(p.angled) but requested parent is:\(r.angled)"
        case .keptParent(let c, let a):
            return "child view controller:\(c.angled) should have parent view controller:(null) but actual parent is:\(a.angled)"
        case .tabNotInList:
            return "-[UITabBarController setSelectedViewController:] only a view controller in the tab bar controller's list of view controllers can be selected."
        case .secondApplication: return "There can only be one UIApplication instance; use UIApplication.shared"
        case .noCommonOrientation(let c):
            return "Supported orientations has no common orientation with the application, and [\(c) shouldAutorotate] is returning YES"
        case .noCellFromDataSource(let cls, let list, let ds):
            return "\(cls) (<\(cls) \(list)>) failed to obtain a cell from its dataSource (\(ds.spaced))"
        case .unregisteredCell(let identifier):
            return "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        case .finishNotStopped: return "finishAnimationAtPosition: should only be called on a stopped animator!"
        case .releaseActiveAnimator:
            return "It is an error to release a paused or stopped property animator. Property animators must either finish animating or be explicitly stopped and finished before they can be released."
        case .duplicateScriptMessageHandler(let name):
            return "Attempt to add script message handler with name '\(name)' when one already exists."
        case .observedWhileDeallocated(let o):
            return "An instance \(o.id.map { "\($0)" } ?? "(null)") of class \(o.className ?? "(null)") was deallocated while key value observers were still registered with it."
        case .undefinedKey(let o, let key):
            return "[\(o.spaced) valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key)."
        case .invalidatedSession: return "Task created in a session that has been invalidated"
        }
    }
}

/// Misuse of the model's API (a tap on an alert that is not shown, a bad configuration):
/// what a script or a Swift caller got wrong, worded once.
public enum ModelMisuse: ModelProblem, Equatable {
    case alertNotPresented(ObjectRef)
    case alertInTransition(ObjectRef)
    case notASheet(ObjectRef, reason: String)
    case sceneInitializer
    case badIOSVersion(Int)
    case badDurations
    case rotationDuringRotation
    case scenesBeforeIOS13(ios: Int)

    public var kind: SimError.Kind { .invalidUse }

    public var message: String {
        switch self {
        case .alertNotPresented(let a): return "\(a.angled) is not presented: there is nothing to tap"
        case .notASheet(let a, let reason): return "\(a.angled) cannot be swiped down: \(reason)"
        case .alertInTransition(let a):
            return "\(a.angled) is still being presented or dismissed: a user cannot tap it before its transition ends; run the clock first (sim.run(1))"
        case .sceneInitializer:
            return "UIWindowScene: UIKit makes and connects scenes; read UIApplication.shared.connectedScenes "
                + "(sim.configure{ scenes = true } launches with a scene manifest)"
        case .badIOSVersion(let v): return "ios must be between 7 and 17 (got \(v))"
        case .badDurations: return "durations must be finite and not negative"
        case .rotationDuringRotation:
            return "sim.rotateDevice was called while UIKit is telling controllers about a rotation (viewWillTransition, willRotate); turn the device after it"
        case .scenesBeforeIOS13(let ios):
            return "scenes need iOS 13 or later (ios = \(ios), scenes = true): scene-based launch is iOS 13 API"
        }
    }
}

extension SimError {
    /// An exception of the simulated app (`sim.raise(.crash(.pushTwice, object: vc))`).
    public static func crash(_ e: UIKitException, object: ObjectID? = nil, reference: String? = nil) -> SimError {
        .model(e, object: object, reference: reference)
    }

    /// Misuse of the model's API.
    public static func misuse(_ m: ModelMisuse, object: ObjectID? = nil) -> SimError {
        .model(m, object: object)
    }
}

/// Swift concurrency's errors and misuse in the model (Concurrency/): a task's
/// cancellation, thrown as Swift throws `CancellationError`, and an await where Swift
/// would not compile one.
public enum ConcurrencyProblem: ModelProblem, Equatable {
    /// `CancellationError()`, thrown by `Task.sleep` and `Task.checkCancellation` in a
    /// cancelled task: a value a script catches with `pcall`, as Swift's `catch`.
    case cancelled
    /// An await outside a task's body: outside every task, or inside a callback UIKit runs
    /// or a coroutine of the script's own, where nothing can suspend the task.
    case awaitOutsideTask(function: String, inTask: Bool)
    /// A second task awaiting the next element of a sequence another task awaits: Swift's
    /// runtime trap for an AsyncStream.
    case iteratedByTwoTasks

    public var kind: SimError.Kind {
        switch self {
        case .cancelled: return .thrown(name: "CancellationError")
        case .awaitOutsideTask: return .invalidUse
        case .iteratedByTwoTasks: return .exception(name: "Fatal error")
        }
    }

    public var message: String {
        switch self {
        case .cancelled: return "CancellationError()"
        case .awaitOutsideTask(let f, let inTask):
            return "'\(f)' awaits, so it is called in a task's body ('async' call in a function that does not support concurrency)"
                + (inTask ? ": this call comes from a callback the model runs, or a coroutine of the script's, inside the task" : "")
        case .iteratedByTwoTasks: return "attempt to await next() on more than one task"
        }
    }
}
