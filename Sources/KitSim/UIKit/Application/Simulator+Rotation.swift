/// UIKit's interface orientation (`UIInterfaceOrientation`): what
/// `UIApplication.shared.statusBarOrientation` reads (SPEC rule 52).
public enum InterfaceOrientation: String, Sendable, CaseIterable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// SPEC rule 52: the interface orientation a device orientation asks for. UIKit names
    /// the device by where its top went and the interface by where the home button is, so
    /// device `landscapeLeft` is interface `landscapeRight` and the other way round. Face
    /// up, face down and unknown ask for none.
    init?(device: String) {
        switch device {
        case "portrait": self = .portrait
        case "portraitUpsideDown": self = .portraitUpsideDown
        case "landscapeLeft": self = .landscapeRight
        case "landscapeRight": self = .landscapeLeft
        default: return nil
        }
    }
}

/// The device and interface orientations and the rotation in flight (SPEC rules 52–56).
struct RotationState {
    /// `UIDevice.current.orientation`, a `UIDeviceOrientation` name.
    var device = "portrait"
    /// `UIApplication.shared.statusBarOrientation`.
    var interface = InterfaceOrientation.portrait
    /// Bumped by every rotation and by a reset, so that the end of an older rotation
    /// scheduled on the clock does nothing.
    var generation: UInt64 = 0
    /// The end of the rotation in flight: `didRotate` (iOS 7) or the coordinator's end
    /// (iOS 8+), run when the animation ends or when the next rotation begins.
    var finish: LayoutWork?
    /// Whether a rotation's "will" callbacks are running (a nested `sim.rotateDevice` is
    /// refused).
    var isRotating = false
    /// While `viewWillTransition`'s default implementation forwards: the controllers still
    /// to tell (a stack, the next one last) and those told, or nil.
    var forwarding: (pending: [ObjectID], told: Set<ObjectID>)?
    /// `UIDevice.current` once made, else id 0.
    var deviceID = ObjectID(0)
    /// `UIScreen.main.fixedCoordinateSpace` once made, else id 0.
    var fixedSpaceID = ObjectID(0)

    /// The portrait screen: an iPhone's 390 × 844 points (`fixedCoordinateSpace.bounds`).
    static let portraitBounds = Rect(x: 0, y: 0, width: 390, height: 844)
    /// `nativeBounds`: the portrait screen in pixels, at `scale` 3.
    static let nativeBounds = Rect(x: 0, y: 0, width: 1170, height: 2532)

    /// SPEC rules 54–55: `UIScreen.main.bounds` swaps in landscape from iOS 8 on and stays
    /// portrait on iOS 7.
    static func screenBounds(_ interface: InterfaceOrientation, ios: Int) -> Rect {
        guard ios >= 8, interface.isLandscape else { return portraitBounds }
        return Rect(x: 0, y: 0, width: portraitBounds.height, height: portraitBounds.width)
    }

    func screenBounds(ios: Int) -> Rect { RotationState.screenBounds(interface, ios: ios) }

    /// The rotation UIKit gives root views on iOS 7 (SPEC rule 55), or nil when it gives none.
    func viewRotation(ios: Int) -> InterfaceOrientation? {
        ios < 8 && interface != .portrait && interface != .unknown ? interface : nil
    }
}

extension Selector {
    static let shouldAutorotate = Selector("shouldAutorotate")
    static let supportedInterfaceOrientations = Selector("supportedInterfaceOrientations")
    static let viewWillTransition = Selector("viewWillTransition")
    static let willRotate = Selector("willRotate")
    static let didRotate = Selector("didRotate")
}

extension Simulator {
    /// `UIDeviceOrientation` as scripts write it.
    static let deviceOrientations = EnumType("UIDeviceOrientation",
        ["unknown", "portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"])
    /// The orientations `sim.rotateDevice` turns the device to: every one but `unknown`,
    /// which is no position a device can be put in.
    public static let turnableDeviceOrientations = EnumType("UIDeviceOrientation",
        ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp", "faceDown"])
    /// `UIInterfaceOrientation` as scripts read it.
    public static let interfaceOrientations = EnumType("UIInterfaceOrientation", InterfaceOrientation.allCases.map(\.rawValue))
    /// `UIInterfaceOrientationMask` members, as a `supportedInterfaceOrientations` override
    /// returns them (one name or an array of names).
    static let interfaceOrientationMasks = EnumType("UIInterfaceOrientationMask",
        ["portrait", "landscapeLeft", "landscapeRight", "portraitUpsideDown", "landscape", "all", "allButUpsideDown"])

    /// The interface orientations a mask member stands for.
    static func orientations(inMask name: String) -> [InterfaceOrientation] {
        switch name {
        case "portrait": return [.portrait]
        case "landscapeLeft": return [.landscapeLeft]
        case "landscapeRight": return [.landscapeRight]
        case "portraitUpsideDown": return [.portraitUpsideDown]
        case "landscape": return [.landscapeLeft, .landscapeRight]
        case "all": return [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
        case "allButUpsideDown": return [.portrait, .landscapeLeft, .landscapeRight]
        default: return []
        }
    }

    /// `UIApplication.shared.statusBarOrientation`: the interface orientation, portrait at
    /// launch and after `sim.configure` (SPEC rule 52). Other parts of the model read it
    /// here (a scene's `interfaceOrientation`, rule 72).
    public var interfaceOrientation: InterfaceOrientation { rotation.state.interface }

    /// `UIDevice.current.orientation`, a `UIDeviceOrientation` name (SPEC rule 52).
    public var deviceOrientation: String { rotation.state.device }

    /// `sim.rotateDevice(o)` (SPEC rules 52–55): turns the device; UIKit rotates the
    /// interface to the matching orientation unless the deciding controller refuses
    /// (rule 53). Returns `statusBarOrientation` afterwards.
    @discardableResult
    public func rotateDevice(_ orientation: String) throws -> InterfaceOrientation {
        try rotation.rotateDevice(orientation)
    }
}

/// The device and interface orientations and the rotation in flight (SPEC rules 52–56):
/// `UIDevice.current`, `UIScreen.main`'s bounds and fixed coordinate space,
/// `sim.rotateDevice` and the callbacks it sends, and the turn UIKit gives root views on
/// iOS 7.
final class Rotation: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// The orientations, the rotation in flight and the objects made on first access.
    private(set) var state = RotationState()
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }


    /// `UIScreen.main.bounds`: the portrait screen, or landscape from iOS 8 on while the
    /// interface is landscape (SPEC rules 54–55).
    var screenBounds: Rect { state.screenBounds(ios: sim.configuration.ios) }

    /// The device turns to a known orientation and the interface to a known one; the
    /// main screen's bounds are the interface's; the device and the fixed coordinate space,
    /// once made, are alive (UIKit and the screen keep them).
    func violations() -> [String] {
        var out = log.failures
        if !Simulator.turnableDeviceOrientations.cases.contains(state.device) { out.append("the device orientation \"\(state.device)\" is not one a device turns to") }
        if state.interface == .unknown { out.append("the interface orientation is unknown") }
        let main = sim.mainScreen
        if main.raw != 0, heap.isAlive(main), (try? heap.readSlot(main, UIScreen.bounds)) != .rect(screenBounds) {
            out.append("UIScreen.main.bounds are not the interface orientation's")
        }
        if state.deviceID.raw != 0 && !heap.isAlive(state.deviceID) { out.append("UIDevice.current is not alive") }
        if state.fixedSpaceID.raw != 0 && !heap.isAlive(state.fixedSpaceID) { out.append("the screen's fixed coordinate space is not alive") }
        return out
    }

    /// `UIDevice.current`, made on first access and held for the life of the app.
    var currentDevice: ObjectID {
        if state.deviceID.raw == 0, let cls = heap.classNamed("UIDevice") {
            sim.singleton(&state.deviceID, cls, Simulator.declaredHold("UIDevice.current", heap))
        }
        return state.deviceID
    }

    /// `UIScreen.main.fixedCoordinateSpace`, made on first access; the screen keeps it.
    func fixedCoordinateSpace() throws -> ObjectID {
        if state.fixedSpaceID.raw == 0, let cls = heap.classNamed("_UIScreenFixedCoordinateSpace"),
           let p = heap[UIScreen.self].property(named: "fixedCoordinateSpace") {
            let space = heap.alloc(cls)
            // Made autoreleased; the screen's strong property keeps it.
            try write(sim.mainScreen, p, space)
            state.fixedSpaceID = space
        }
        return state.fixedSpaceID
    }

    /// `sim.rotateDevice(o)` (SPEC rules 52–55): turns the device; UIKit rotates the
    /// interface to the matching orientation unless the deciding controller refuses
    /// (rule 53). Returns `statusBarOrientation` afterwards.
    @discardableResult
    func rotateDevice(_ orientation: String) throws -> InterfaceOrientation {
        guard Simulator.turnableDeviceOrientations.cases.contains(orientation) else {
            throw SimError.badArgument(1, "rotateDevice", expected: Simulator.turnableDeviceOrientations.expected, got: "\"\(orientation)\"")
        }
        guard !state.isRotating else {
            throw SimError.misuse(.rotationDuringRotation)
        }
        heap.noteSharedStateWrite()
        state.device = orientation
        guard let target = InterfaceOrientation(device: orientation), target != state.interface,
              try rotationAllowed(to: target) else { return state.interface }
        // A rotation still animating ends before the next begins.
        try finishRotationInFlight()
        if sim.configuration.ios >= 8 { try rotateCoordinated(to: target) } else { try rotateRootViews(to: target) }
        return state.interface
    }

    /// SPEC rule 53: the frontmost visible full-screen window with a root view controller
    /// decides, through its root or the topmost controller presented full screen from it.
    /// With no such window the app's own orientations (Info.plist's usual portrait and
    /// landscapes, `allButUpsideDown`) decide.
    func decidingController() throws -> ObjectID? {
        let bounds = screenBounds
        for w in sim.visibleWindows.reversed() {
            guard let root = try object(w, UIWindow.rootViewController), try rect(w, UIView.frame) == bounds else { continue }
            var decider = root
            for p in try sim.chain(from: try object(root, UIViewController.presentedViewController), along: heap[UIViewController.presentedViewController]) where heap.isAlive(p) {
                if try sim.presentations.presentationStyle(of: p) == "fullScreen" { decider = p }
            }
            return decider
        }
        return nil
    }

    /// SPEC rule 53: `shouldAutorotate()` first, then `supportedInterfaceOrientations()`;
    /// the interface turns only if the first is true and the mask holds the target. The
    /// mask is not asked once the answer is no.
    func rotationAllowed(to target: InterfaceOrientation) throws -> Bool {
        guard let vc = try decidingController() else {
            return Simulator.orientations(inMask: "allButUpsideDown").contains(target)
        }
        // Lua's truthiness, as the bridge reads a returned flag: nil and false are false.
        switch try heap.send(vc, .shouldAutorotate) {
        case .nil, .bool(false): return false
        default: break
        }
        let answer = try heap.send(vc, .supportedInterfaceOrientations)
        let names: Set<String>
        do {
            names = try sim.optionSet(answer, Simulator.interfaceOrientationMasks, position: 1,
                                  function: "supportedInterfaceOrientations", allowsNil: false)
        } catch let e as SimError {
            guard let p = e.argument else { throw e }
            throw SimError.misuse(.badReturn(method: "supportedInterfaceOrientations",
                                          expected: p.expected + (p.index.map { " at index \($0)" } ?? ""), got: p.got), object: vc)
        }
        // UIKit refuses a mask with no orientation at all.
        guard !names.isEmpty else {
            throw sim.raise(.crash(.noCommonOrientation(className: heap.classOf(vc).name), object: vc))
        }
        return names.contains(where: { Simulator.orientations(inMask: $0).contains(target) })
    }

    /// SPEC rule 54 (iOS 8+): every window's root controller hears
    /// `viewWillTransition(size, coordinator)` while the old bounds and orientation still
    /// read; then the screen's bounds swap, the windows that were the screen's size and
    /// have a root follow it, and the animation runs for `configuration.rotationDuration`,
    /// with the coordinator as every controller's `transitionCoordinator` until it ends.
    func rotateCoordinated(to target: InterfaceOrientation) throws {
        let old = screenBounds
        let new = RotationState.screenBounds(target, ios: sim.configuration.ios)
        let size = Value.size(Size(width: new.width, height: new.height))
        let generation = beginRotation()
        // Hidden windows' roots too; the roots are read first, so that a callback that
        // changes a window's root does not change who is told.
        let roots = try sim.windows.compactMap { try object($0, UIWindow.rootViewController) }
        var controllers: [ObjectID] = []
        for root in roots { controllers += try rotationTree(from: root) }
        let coordinator = try sim.transitions.beginCoordinator(for: controllers, from: nil, to: nil, container: nil,
                                               duration: sim.configuration.rotationDuration)
        // The coordinator ends with the animation, or when the next rotation or a reset
        // ends this one first.
        scheduleRotationEnd(generation) { [unowned self] in try sim.transitions.endCoordinator(coordinator) }
        var firstError: Error?
        state.isRotating = true
        for root in roots where heap.isAlive(root) {
            attempt(&firstError) { _ = try heap.send(root, .viewWillTransition, args: Arguments(size, .object(coordinator))) }
        }
        state.isRotating = false
        // A callback that reset the profile (`sim.configure`) ended this rotation already.
        guard state.generation == generation else {
            if let firstError { throw firstError }
            return
        }
        attempt(&firstError) {
            try setInterfaceOrientation(target)
            try followScreenBounds(from: old, to: new)
        }
        attempt(&firstError) { try sim.transitions.startCoordinator(coordinator) }
        if let firstError { throw firstError }
    }

    /// SPEC rule 55 (iOS 7): the screen, the windows and their frames stay portrait; UIKit
    /// rotates each root view instead (its bounds swap, `bounds(of:)`), and tells each
    /// window's controllers `willRotate(toOrientation, duration)` now and
    /// `didRotate(fromOrientation)` when the animation ends.
    func rotateRootViews(to target: InterfaceOrientation) throws {
        let from = state.interface
        let generation = beginRotation()
        var firstError: Error?
        // UIKit forwards the rotation to the whole tree itself (children depth first, then
        // the controller presented from each), whatever an override does with super.
        var told: [ObjectID] = []
        for w in sim.windows {
            guard let root = try object(w, UIWindow.rootViewController) else { continue }
            told += try rotationTree(from: root)
        }
        state.isRotating = true
        for vc in told where heap.isAlive(vc) {
            attempt(&firstError) {
                _ = try heap.send(vc, .willRotate, args: Arguments(.string(target.rawValue), .double(sim.configuration.rotationDuration)))
            }
        }
        state.isRotating = false
        guard state.generation == generation else {
            if let firstError { throw firstError }
            return
        }
        attempt(&firstError) { try setInterfaceOrientation(target) }
        scheduleRotationEnd(generation) { [unowned self] in
            var endError: Error?
            for vc in told where heap.isAlive(vc) {
                attempt(&endError) { _ = try heap.send(vc, .didRotate, args: Arguments(.string(from.rawValue))) }
            }
            if let endError { throw endError }
        }
        if let firstError { throw firstError }
    }

    /// SPEC rule 54a: `UIViewController.viewWillTransition` tells each child, depth first,
    /// then the presented controller. The outermost call walks a stack instead of
    /// recursing (a script's deep tree cannot exhaust Swift's stack): a nested call, from
    /// a controller it told whose override called super, pushes that controller's own
    /// children and presented controller on top, so an override that skips super stops the
    /// walk below it. A controller is told once, though the model lets a script make a
    /// container its own child.
    func forwardViewWillTransition(from vc: ObjectID, _ size: Value, _ coordinator: Value) throws {
        var next = try sim.lifecycle.childControllers(of: vc)
        if let p = try object(vc, UIViewController.presentedViewController) { next.append(p) }
        if state.forwarding != nil {
            state.forwarding?.pending += next.reversed()
            return
        }
        state.forwarding = (next.reversed(), [vc])
        defer { state.forwarding = nil }
        while let c = state.forwarding?.pending.popLast() {
            guard heap.isAlive(c), state.forwarding?.told.insert(c).inserted == true else { continue }
            _ = try heap.send(c, .viewWillTransition, args: Arguments(size, coordinator))
        }
    }

    /// A controller, its children depth first, then the controllers presented from it,
    /// each once.
    func rotationTree(from root: ObjectID) throws -> [ObjectID] {
        var out: [ObjectID] = []
        var seen = Set<ObjectID>()
        // An explicit stack: a script's deep tree of controllers cannot exhaust Swift's.
        var stack = [root]
        while let vc = stack.popLast() {
            guard heap.isAlive(vc), seen.insert(vc).inserted else { continue }
            out.append(vc)
            var next = try sim.lifecycle.childControllers(of: vc)
            if let p = try object(vc, UIViewController.presentedViewController) { next.append(p) }
            stack += next.reversed()
        }
        return out
    }

    /// Starts a rotation: the one before it has ended, and later ends of older ones do nothing.
    private func beginRotation() -> UInt64 {
        state.generation &+= 1
        return state.generation
    }

    /// Runs `end` when the rotation's animation ends (after `configuration.rotationDuration`,
    /// in this turn's layout pass when it is 0), unless another rotation or a reset came
    /// first; a rotation that begins before then runs it at once.
    private func scheduleRotationEnd(_ generation: UInt64, _ end: @escaping LayoutWork) {
        state.finish = end
        let work: LayoutWork = { [unowned self] in
            guard state.generation == generation else { return }
            try finishRotationInFlight()
        }
        if sim.configuration.rotationDuration > 0 { sim.schedule(after: sim.configuration.rotationDuration, label: sim.timerLabel("rotation end"), work) } else { sim.enqueueLayout(work) }
    }

    /// Ends the rotation in flight now, if there is one.
    func finishRotationInFlight() throws {
        guard let end = state.finish else { return }
        state.finish = nil
        try end()
    }

    /// Sets `statusBarOrientation` and the screen's bounds with it.
    private func setInterfaceOrientation(_ o: InterfaceOrientation) throws {
        heap.noteSharedStateWrite()
        state.interface = o
        try heap.writeSlot(sim.mainScreen, heap[UIScreen.bounds], .rect(screenBounds))
    }

    /// SPEC rule 54b: a window with a root view controller whose frame was the old screen
    /// bounds gets the new ones, and its root view fills it; any other frame, or no root,
    /// is kept. Inside, the views UIKit sizes — controllers' views and transition views
    /// that filled their superview, navigation bars across its width — follow too; the
    /// script's own views keep their frames (KitSim has no autoresizing masks).
    func followScreenBounds(from old: Rect, to new: Rect) throws {
        guard old != new else { return }
        var controllerViews = Set<ObjectID>()
        for id in heap.liveObjects where heap.isKind(id, of: UIViewController.handle) {
            if let v = try object(id, UIViewController.view) { controllerViews.insert(v) }
        }
        for w in sim.windows {
            guard let root = try object(w, UIWindow.rootViewController), try rect(w, UIView.frame) == old else { continue }
            try write(w, heap[UIView.frame], .rect(new))
            // (container, its size before, its size now), iteratively: a script's deep
            // tree of views cannot exhaust Swift's stack.
            var pending: [(ObjectID, Rect, Rect)] = [(w, old, new)]
            if let rv = try object(root, UIViewController.view), try object(rv, UIView.superview) == w {
                let before = try sim.views.boundsOf(rv)
                try write(rv, heap[UIView.frame], .rect(new))
                pending.append((rv, before, new))
            }
            while let (container, before, after) = pending.popLast() {
                for s in try objects(container, UIView.subviews) {
                    let f = try rect(s, UIView.frame)
                    if f == before, controllerViews.contains(s) || heap.isKind(s, of: UITransitionView.handle) {
                        try write(s, heap[UIView.frame], .rect(after))
                        pending.append((s, before, after))
                    } else if heap.isKind(s, of: UINavigationBar.handle), f.x == 0, f.width == before.width {
                        try write(s, heap[UIView.frame], .rect(Rect(x: 0, y: f.y, width: after.width, height: f.height)))
                    }
                }
            }
        }
    }

    /// SPEC rule 52: `sim.configure` starts the new profile in portrait. A rotation in
    /// flight ends first; the windows that followed the screen into landscape follow it
    /// back, without callbacks.
    func resetOrientation() throws {
        try finishRotationInFlight()
        state.generation &+= 1
        guard state.interface != .portrait || state.device != "portrait" else { return }
        state.device = "portrait"
        let old = screenBounds
        try setInterfaceOrientation(.portrait)
        try followScreenBounds(from: old, to: screenBounds)
    }

    /// The rotation UIKit gives a view on iOS 7 (SPEC rule 55): a window's root view, or a
    /// presented controller's view in its transition view, turns with the interface;
    /// every other view is unrotated (nil).
    func uikitRotation(of view: ObjectID) throws -> InterfaceOrientation? {
        guard let o = state.viewRotation(ios: sim.configuration.ios), let s = try object(view, UIView.superview) else { return nil }
        if heap.isKind(s, of: UIWindow.handle) {
            guard let root = try object(s, UIWindow.rootViewController), try object(root, UIViewController.view) == view else { return nil }
            return o
        }
        if heap.isKind(s, of: UITransitionView.handle), let w = try object(s, UIView.superview), heap.isKind(w, of: UIWindow.handle) { return o }
        return nil
    }

    /// A view's bounds: its frame's size at the origin, swapped for a view UIKit rotated
    /// into landscape on iOS 7 (SPEC rule 55: 844 × 390 in a 390 × 844 frame).
    func bounds(of view: ObjectID) throws -> Rect {
        let f = try rect(view, UIView.frame)
        if let o = try uikitRotation(of: view), o.isLandscape { return Rect(x: 0, y: 0, width: f.height, height: f.width) }
        return Rect(x: 0, y: 0, width: f.width, height: f.height)
    }

    /// A rectangle in the coordinates of a view UIKit rotated by `o` (whose frame is `f`) as
    /// its superview sees it: the box around its turned corners (the inverse of
    /// `point(_:inSubview:frame:)`).
    func rect(_ r: Rect, turnedBy o: InterfaceOrientation, inFrame f: Rect) -> Rect {
        let b = o.isLandscape ? (w: f.height, h: f.width) : (w: f.width, h: f.height)
        let cx = f.x + f.width / 2, cy = f.y + f.height / 2
        let corners = [(r.x, r.y), (r.x + r.width, r.y), (r.x, r.y + r.height), (r.x + r.width, r.y + r.height)].map { x, y in
            let vx = x - b.w / 2, vy = y - b.h / 2
            switch o {
            case .landscapeRight: return (cx - vy, cy + vx)
            case .landscapeLeft: return (cx + vy, cy - vx)
            default: return (cx - vx, cy - vy)
            }
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// A point in a superview's coordinates as the subview with frame `frame` sees it: moved
    /// by the frame's origin, and on iOS 7 turned back by the rotation UIKit gave the view
    /// about its centre (CGAffineTransformMakeRotation(π/2) for landscapeRight, −π/2 for
    /// landscapeLeft, π upside down).
    func point(_ p: Point, inSubview view: ObjectID, frame f: Rect) throws -> Point {
        guard state.viewRotation(ios: sim.configuration.ios) != nil, let o = try uikitRotation(of: view) else {
            return Point(x: p.x - f.x, y: p.y - f.y)
        }
        let dx = p.x - (f.x + f.width / 2), dy = p.y - (f.y + f.height / 2)
        let b = o.isLandscape ? (w: f.height, h: f.width) : (w: f.width, h: f.height)
        switch o {
        case .landscapeRight: return Point(x: dy + b.w / 2, y: -dx + b.h / 2)
        case .landscapeLeft: return Point(x: -dy + b.w / 2, y: dx + b.h / 2)
        default: return Point(x: -dx + b.w / 2, y: -dy + b.h / 2)
        }
    }
}
