/// The application object and the main screen, the windows (SPEC §3.1, rules 2–7), the
/// connected scenes (rules 69–72) and the keyboard (rules 62–65): the windows' order and
/// key window, which scenes are connected, the first responder and UIKit's keyboard
/// windows. `UIApplication.shared` and `UIScreen.main` are held for the life of the app;
/// the application does not own the windows (rule 5), so the stack is bookkeeping, not
/// ownership. Its state is changed only by its own methods, in the files of Windows/ and
/// Application/UIApplication.swift (others read it).
final class Windows: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var lifecycle: ControllerLifecycle!
    unowned(unsafe) var views: Views!
    let heap: Heap
    /// UIKit's keyboard windows, once a text field was first responder (rule 63).
    let keyboardHold: HoldReason
    /// The application object and the main screen, for the life of the app.
    let appHold: HoldReason
    /// `UIApplication.shared`, once launched.
    private(set) var application = ObjectID(0)
    /// `UIScreen.main`, once launched.
    private(set) var mainScreen = ObjectID(0)
    /// The windows, their order and the key window (WindowStack.swift).
    var stack = WindowStack()
    /// The connected scenes (UIWindowScene.swift).
    var scenes: SceneState
    /// The first responder and UIKit's keyboard windows (UITextEffectsWindow.swift).
    var keyboard = KeyboardState()
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        keyboardHold = Simulator.declaredHold("keyboard", heap)
        appHold = Simulator.declaredHold("UIApplication.shared", heap)
        scenes = SceneState(hold: Simulator.declaredHold("connected scene", heap))
    }

    var sceneMode: Simulator.SceneMode { sim.sceneMode }

    /// The window stack's own checks (WindowStack.swift); a connected scene is alive; the
    /// key window is attached to one; the keyboard windows and the application are alive.
    func violations() -> [String] {
        var out = log.failures + stack.violations()
        if scenes.connected.contains(where: { !heap.isAlive($0) }) { out.append("a connected scene is not alive") }
        if let key = keyWindow, !isAttached(key) { out.append("the key window \(key) is attached to no connected scene") }
        if keyboard.windows.contains(where: { !heap.isAlive($0) }) { out.append("a keyboard window is not alive") }
        if application.raw != 0 && !heap.isAlive(application) { out.append("UIApplication.shared is not alive") }
        return out
    }

    /// Makes the application object, the main screen and the app delegate `UIApplicationMain`
    /// makes, and holds the first two for the life of the app. With a scene manifest the
    /// scene is connected at launch (SPEC rule 69); without one it is made when first asked
    /// for (UIWindowScene.swift).
    func launch() throws {
        let app = heap.alloc(heap[UIApplication.self])
        application = app
        let screen = heap.alloc(heap[UIScreen.self])
        mainScreen = screen
        let delegate = heap.alloc(heap[AppDelegate.self])
        try heap.hold(app, appHold)
        try heap.writeSlot(screen, heap[UIScreen.bounds], .rect(sim.screenBounds))
        try heap.writeSlot(app, heap[UIApplication.delegate], .object(delegate))
        try heap.hold(screen, appHold)
        if sceneMode == .manifest { try connectScene() }
    }

    /// Something changed the windows' order (a level, a new alert window).
    func orderChanged() { heap.noteSharedStateWrite(); stack.orderChanged() }

    /// Makes `raw` the key window without a callback or a check: how a test breaks the
    /// stack's invariants to see `sim.verify()` report them.
    func forceKey(_ raw: UInt32) { heap.noteSharedStateWrite(); stack.setKey(raw) }

    /// `becomeFirstResponder` / `resignFirstResponder` (SPEC rule 62): the text field that
    /// is first responder, or nil.
    func setFirstResponder(_ field: ObjectID?) { keyboard.firstResponder = field }
}

extension Simulator {
    /// `UIApplication.shared`.
    public var application: ObjectID { windowing.application }
    /// `UIScreen.main`.
    public var mainScreen: ObjectID { windowing.mainScreen }
    /// `UIApplication.shared.keyWindow`: the key window or nil.
    public var keyWindow: ObjectID? { windowing.keyWindow }

    /// Whether the app ever had a window: a black screen is the app's only when it did
    /// (`kitsim explore` fails an order that ends black; a script of Foundation objects
    /// alone has no screen to lose).
    public var everHadAWindow: Bool { windowing.stack.everOrderedFront }
    /// `UIApplication.shared.windows`: every live window, hidden ones too, by level then by
    /// when each was ordered front (SPEC rule 2). The last is on top. On iOS 13+ only the
    /// windows of connected scenes, scene by scene in connection order (rules 71, 72).
    public var windows: [ObjectID] { windowing.windows }
    /// The windows on screen, bottom to top: shown and, on iOS 13+, in a connected scene
    /// (SPEC rule 71).
    public var visibleWindows: [ObjectID] { windowing.visibleWindows }
    /// `UIApplication.shared.connectedScenes` (SPEC rule 69).
    public func connectedScenes() throws -> [ObjectID] { try windowing.connectedScenes() }
    /// How the app connects scenes with the current profile (SPEC rule 69).
    var sceneMode: SceneMode { Simulator.sceneMode(of: configuration) }
}

extension Windows {
    /// Where an app keeps an object of `id`'s class, for the advice on an object that
    /// nothing owned (`Heap.ownerAdvice`): the owner an iOS engineer would give it. The
    /// most specific class first: a window is a view too.
    func ownerAdvice(for id: ObjectID) -> String? {
        if heap.isKind(id, of: UIWindow.handle) {
            // UIKit keeps no window it did not make: the app's delegate owns it, or with a
            // scene manifest the scene delegate (its `window` property).
            let main = sceneMode == .manifest ? "the scene delegate's window" : "UIApplication.shared.delegate.window"
            return main + ", or a property of the object that shows it"
        }
        if heap.isKind(id, of: UIViewController.handle) {
            return "a window's rootViewController, a navigation stack, a presentation or a parent's children"
        }
        if heap.isKind(id, of: UIView.handle) { return "a superview, with addSubview" }
        return nil
    }
}
