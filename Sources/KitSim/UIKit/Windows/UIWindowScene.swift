/// `UIWindowScene`, as the model names it: its class and the properties the model reads and writes.
package enum UIWindowScene: ModelClass {
    package static let handle = ClassHandle("UIWindowScene")
    package static var declaration: SimulatorClassDeclaration { Windows.windowSceneDeclaration }
    package static let delegate = handle.property("delegate")
    package static let activationState = handle.property("activationState")
}

extension Simulator {
    /// `UIScene.ActivationState`.
    static let sceneActivationStates = EnumType("UIScene.ActivationState",
                                                ["unattached", "foregroundActive", "foregroundInactive", "background"])

    /// How the app connects scenes (SPEC rule 69): none below iOS 13; from 13, one
    /// delegate-less scene every window is attached to, or, with a scene manifest
    /// (`scenes = true`), one scene with a `SceneDelegate` and only the windows made
    /// with it (or given it) attached.
    enum SceneMode: Equatable {
        case none, implicit, manifest
    }

    static func sceneMode(of c: Configuration) -> SceneMode {
        c.ios < 13 ? .none : (c.scenes ? .manifest : .implicit)
    }

    /// Why a profile cannot be had: scenes need iOS 13 (SPEC §4), or nil.
    public static func scenesProblem(_ c: Configuration) -> ModelMisuse? {
        guard c.scenes, c.ios < 13 else { return nil }
        return .scenesBeforeIOS13(ios: c.ios)
    }
}

extension Windows {
    /// `UIWindowScene` (SPEC rules 69–72): a scene UIKit connects on iOS 13+. It keeps its
    /// delegate strongly and does not own its windows: `windows` is a weak list, the
    /// windows whose weak `windowScene` names it. `UIApplication.shared.connectedScenes`
    /// keeps a connected scene.
    static let windowSceneDeclaration = ClassDeclaration(UIWindowScene.handle, superclass: "UIResponder", introduced: 13,
        summary: "A scene UIKit connects: its delegate (strong), its windows (not owned) and its key window.") {
        PropertyDeclaration(UIWindowScene.delegate, .strong, .object("NSObject"),
                            summary: "Strong, as `UIScene.delegate` is: a `SceneDelegate` with a scene manifest, nil without (rule 69).")
        PropertyDeclaration(UIWindowScene.activationState, .assign, .enumeration(Simulator.sceneActivationStates), readOnly: true,
                            default: .string("unattached"),
                            summary: "`foregroundActive` while connected; `unattached` once `sim.configure` disconnected it.")
        // Read, it is a new array of the windows (as UIKit's NSArray is); the scene keeps
        // them weakly (`_UIContextBinder`'s weak pointer array), so nothing is stored here.
        PropertyDeclaration("windows", .strong, .array("UIWindow"), readOnly: true, getter: "windows",
                            summary: "The windows attached to it, by rule 2: a weak list, the scene does not own them (rule 70).")
        PropertyDeclaration("keyWindow", .weak, .object("UIWindow"), readOnly: true, getter: "keyWindow",
                            summary: "(iOS 15+) Its key window, or nil (rule 72).")
        PropertyDeclaration("interfaceOrientation", .assign, .enumeration(Simulator.interfaceOrientations), readOnly: true, getter: "interfaceOrientation",
                            summary: "The interface orientation, as `UIApplication.shared.statusBarOrientation` (rule 72).")
        HoldDeclaration("connected scene", "a scene UIKit connected: `UIApplication.shared.connectedScenes` keeps it (rule 69)")
        Simulator.sceneActivationStates

        Method.initializer(summary: "Refused: UIKit makes and connects scenes (`sim.configure{ scenes = true }`); read `UIApplication.shared.connectedScenes`.") { _, _ in
            throw SimError.misuse(.sceneInitializer)
        }
        Method.accessor("windows", returns: .array("UIWindow")) { sim, inv in
            .array(sim.windowing.windows(of: inv.receiver).map(Value.object))
        }
        Method.accessor("keyWindow", returns: .object("UIWindow"), introduced: 15) { sim, inv in
            // SPEC rule 72: the scene's key window; KitSim connects one scene, so it is the
            // application's key window when that window is attached to this scene.
            guard let key = sim.keyWindow, sim.windowing.scenes.connected.contains(inv.receiver),
                  try sim.object(key, UIWindow.windowScene) == inv.receiver else { return .nil }
            return .object(key)
        }
        Method.accessor("interfaceOrientation", returns: .enumeration(Simulator.interfaceOrientations)) { sim, _ in
            // SPEC rule 72: scene.interfaceOrientation == statusBarOrientation (rule 52).
            .string(sim.interfaceOrientation.rawValue)
        }
    }

    /// `UIApplication.shared.connectedScenes` (SPEC rule 69). Without a manifest the one
    /// scene is made when first asked for — its window attachments are the rule until
    /// then — so that a script that never names a scene allocates the same ids as on
    /// iOS 12.
    func connectedScenes() throws -> [ObjectID] {
        if sceneMode == .implicit && scenes.connected.isEmpty { try connectScene() }
        return scenes.connected
    }

    /// Connects a scene, `foregroundActive` and kept by the application (SPEC rule 69):
    /// with a manifest its delegate is a new `SceneDelegate`; without one it has no
    /// delegate and every live window is attached to it.
    func connectScene() throws {
        let scene = heap.alloc(heap[UIWindowScene.self])
        try write(scene, heap[UIWindowScene.activationState], .string("foregroundActive"))
        try heap.hold(scene, scenes.hold)
        scenes.connected.append(scene)
        if sceneMode == .manifest {
            try write(scene, heap[UIWindowScene.delegate], heap.alloc(heap[SceneDelegate.self]))
        } else {
            for w in allWindows { try write(w, heap[UIWindow.windowScene], scene) }
        }
        orderChanged()
    }

    /// `sim.configure` with a different scene mode (iOS 12 ↔ 13, `scenes`) disconnects the
    /// connected scenes (`unattached`, released by the application) and connects the new
    /// profile's. Windows keep their weak `windowScene`, which now names a disconnected
    /// scene (or nil, if the scene deallocated): with a manifest they are scene-less and
    /// leave the screen; without one every window is attached to the new scene, as UIKit
    /// attaches every window; below 13 every window shows. A key window that is no
    /// longer attached passes key status on (rule 4).
    func rebuildScenes() throws {
        let old = scenes.connected
        scenes.connected = []
        orderChanged()
        for s in old where heap.isAlive(s) {
            try write(s, heap[UIWindowScene.activationState], .string("unattached"))
            try heap.unhold(s, scenes.hold)
        }
        if sceneMode == .manifest { try connectScene() }
        if let key = keyWindow, !isAttached(key) { try passKeyStatus(leaving: key) }
    }

    /// Whether a window belongs to a connected scene, the condition for being on screen,
    /// key or listed on iOS 13+ (SPEC rule 71). Every window does below 13, and without a
    /// manifest before the one scene is made (every window is attached to it then).
    func isAttached(_ window: ObjectID) -> Bool {
        switch sceneMode {
        case .none: return true
        case .implicit where scenes.connected.isEmpty: return true
        default:
            guard case .object(let s) = (try? heap.readSlot(window, UIWindow.windowScene)) ?? .nil else { return false }
            return scenes.connected.contains(s)
        }
    }

    /// On screen: shown (`isHidden == false`) and attached to a connected scene. A
    /// scene-less window is, to everything but its own `isHidden`, a hidden window
    /// (SPEC rule 71).
    func isShown(_ window: ObjectID) throws -> Bool {
        try !bool(window, UIView.isHidden, default: true) && isAttached(window)
    }

    /// `scene.windows`: the live windows attached to it, by rule 2 (SPEC rule 70).
    func windows(of scene: ObjectID) -> [ObjectID] {
        guard scenes.connected.contains(scene) else { return [] }
        return windows.filter { (try? object($0, UIWindow.windowScene)) == scene }
    }

    /// `window.windowScene = scene` (SPEC rule 70): moves the window (nil detaches it). A
    /// shown window that gains a connected scene comes on screen as if just shown (ordered
    /// front, its root view installed, rule 6); one that loses it leaves the screen, and a
    /// key one, shown or not, passes key status on (rules 4, 71).
    func setWindowScene(_ window: ObjectID, to scene: ObjectID?) throws {
        // The one implicit scene is made first, so that the window leaves (or keeps) a
        // scene it was attached to.
        if sceneMode == .implicit { _ = try connectedScenes() }
        guard try object(window, UIWindow.windowScene) != scene else { return }
        let wasShown = try isShown(window)
        let wasAttached = isAttached(window)
        try write(window, heap[UIWindow.windowScene], scene)
        orderChanged()
        let shown = try isShown(window)
        // SPEC rule 71: a window in no connected scene is never key, shown or hidden (a
        // hidden window may be key, rule 3).
        if wasAttached && !isAttached(window) && stack.key == window.raw {
            try passKeyStatus(leaving: window)
        } else if !wasShown && shown {
            orderFront(window)
            if let root = try object(window, UIWindow.rootViewController) { try installRootView(root, in: window) }
        }
    }

    /// A window UIKit makes for another (an alert's, the keyboard's) belongs to that
    /// window's scene (SPEC rules 21, 63 with scenes).
    func attach(_ made: ObjectID, toSceneOf window: ObjectID?) throws {
        guard sceneMode != .none, !scenes.connected.isEmpty else { return }
        let scene = try window.flatMap { try object($0, UIWindow.windowScene) } ?? scenes.connected.first
        if try object(made, UIWindow.windowScene) != scene { try setWindowScene(made, to: scene) }
    }

    /// The bounds of a scene, which a window made with it fills (SPEC rule 70): the
    /// screen's.
    func sceneBounds(_ scene: ObjectID) -> Rect { sim.screenBounds }
}

/// The connected scenes (SPEC rules 69–72), in connection order, and the reason the
/// application holds them.
struct SceneState {
    var connected: [ObjectID] = []
    let hold: HoldReason
}
