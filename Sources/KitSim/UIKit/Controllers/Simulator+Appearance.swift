/// The view controllers' life cycle (SPEC §3.3–3.5, rules 11, 13, 14, 47): where each
/// controller is in its appearance cycle, the nested `loadView` calls in progress, and
/// MLeaksFinder's bookkeeping of the controllers that left the UI — when and how each
/// left, which are still to be asked `willDealloc`, and `sim.ignoreAbandoned`'s whitelist.
/// Appearance callbacks, view loading, containment and `abandoned` leaks go through it;
/// its state is changed only by its own methods, in Controllers/Simulator+Appearance.swift,
/// Simulator+Containment.swift, Simulator+ViewLoading.swift and
/// Screen/Simulator+Abandoned.swift (others read it).
final class ControllerLifecycle: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var navigation: Navigation!
    unowned(unsafe) var views: Views!
    unowned(unsafe) var transitions: Transitions!
    let heap: Heap
    /// Where each controller is in its appearance cycle, by controller id (absent:
    /// disappeared).
    var appearance: [UInt32: AppearanceState] = [:]
    /// The controllers that left the UI and are candidate `abandoned` leaks, by id.
    var leftUI: [UInt32: LeftUIRecord] = [:]
    /// Controllers that left the UI and have not been asked `willDealloc` yet, in the
    /// order they left (SPEC rule 47; Screen/Simulator+Abandoned.swift).
    var willDeallocQueue: [ObjectID] = []
    /// `sim.ignoreAbandoned`'s objects and classes (by class id), MLeaksFinder's
    /// whitelist (SPEC rule 47).
    var abandonedIgnoredObjects: Set<UInt32> = []
    var abandonedIgnoredClasses: Set<UInt32> = []
    /// How many `loadView` calls are in progress for each controller (SPEC §3.5).
    var loadDepth: [UInt32: Int] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }


    /// Every nested view load is counted between 1 and the limit, and no controller left
    /// the UI later than now.
    func violations() -> [String] {
        var out = log.failures
        if loadDepth.values.contains(where: { !(1...ControllerLifecycle.maxNestedViewLoads).contains($0) }) {
            out.append("a controller's nested view loads are counted outside 1...\(ControllerLifecycle.maxNestedViewLoads)")
        }
        if let raw = leftUI.filter({ $0.value.time > heap.now }).keys.min() {
            out.append("the controller #\(raw) left the UI after now")
        }
        return out
    }

    /// Sends `viewWillAppear` / `viewWillDisappear` if the controller's state changes,
    /// and forwards to the visible children whose views are loaded (UIKit forwards
    /// appearance to children automatically). SPEC rule 13.
    func beginAppearance(_ vc: ObjectID, appearing: Bool, animated: Bool) throws {
        let state = appearance[vc.raw, default: .disappeared]
        if appearing {
            guard state == .disappeared || state == .disappearing else { return }
            appearance[vc.raw] = .appearing
            _ = try heap.send(vc, .viewWillAppear, args: Arguments(.bool(animated)))
        } else {
            guard state == .appeared || state == .appearing else { return }
            appearance[vc.raw] = .disappearing
            _ = try heap.send(vc, .viewWillDisappear, args: Arguments(.bool(animated)))
        }
        for child in try appearanceChildren(of: vc) { try beginAppearance(child, appearing: appearing, animated: animated) }
    }

    /// Sends the matching "did" callback and forwards it to the same children.
    func endAppearance(_ vc: ObjectID, animated: Bool) throws {
        guard heap.isAlive(vc) || heap.state(of: vc) == .deallocating else { return }
        let state = appearance[vc.raw, default: .disappeared]
        switch state {
        case .appearing:
            appearance[vc.raw] = .appeared
            _ = try heap.send(vc, .viewDidAppear, args: Arguments(.bool(animated)))
        case .disappearing:
            appearance[vc.raw] = .disappeared
            _ = try heap.send(vc, .viewDidDisappear, args: Arguments(.bool(animated)))
        default:
            return
        }
        for child in try appearanceChildren(of: vc) { try endAppearance(child, animated: animated) }
    }

    /// Both callbacks at once, "will" then "did": how a cancelled transition turns each
    /// side back (SPEC rules 61, 67).
    func changeAppearance(_ vc: ObjectID, appearing: Bool, animated: Bool) throws {
        try beginAppearance(vc, appearing: appearing, animated: animated)
        try endAppearance(vc, animated: animated)
    }

    /// The children that share a container's appearance: a navigation controller's
    /// top, a tab bar controller's selected child, other containers' children whose
    /// views are inside theirs — only those whose views are loaded (rule 17 loads the
    /// others in the layout pass).
    func appearanceChildren(of vc: ObjectID) throws -> [ObjectID] {
        var out: [ObjectID] = []
        if heap.isKind(vc, of: UINavigationController.handle) {
            if !navigation.hasTransitionInFlight(on: vc), let top = try objects(vc, UINavigationController.viewControllers).last { out = [top] }
        } else if heap.isKind(vc, of: UITabBarController.handle) {
            if let sel = try navigation.selectedChild(of: vc) { out = [sel] }
        } else if let view = try object(vc, UIViewController.view) {
            for c in try objects(vc, UIViewController.children) {
                if let cv = try object(c, UIViewController.view), try views.isDescendant(cv, of: view) { out.append(c) }
            }
        }
        return try out.filter { try object($0, UIViewController.view) != nil }
    }

    func appearanceState(of vc: ObjectID) -> AppearanceState { appearance[vc.raw, default: .disappeared] }

    /// A controller came (back) into the UI: it is no longer a candidate `abandoned` leak.
    func noteEnteredUI(_ vc: ObjectID) { leftUI.removeValue(forKey: vc.raw) }

    /// A controller left the UI (popped, dismissed, replaced, removed from its parent):
    /// the `abandoned` clock starts. `presentedAbove` names the controllers it presented
    /// when a dismissal has already cut those links. The caller asks `willDealloc` with
    /// `askWillDealloc()` once its own state is whole again (SPEC rule 47); a caller that
    /// fails before it asks leaves the controller to the next one that does.
    func noteLeftUI(_ vc: ObjectID, _ how: Leak.Abandoned.Departure, presentedAbove: [ObjectID] = []) {
        leftUI[vc.raw] = LeftUIRecord(time: heap.now, how: how, walk: mleaksFinderWalk(from: vc, presentedAbove: presentedAbove))
        willDeallocQueue.append(vc)
    }
}
