/// What UIKit's model knows about leaks, for LeakCanary-style traces (`Heap.leakTrace`):
/// the status of an object (the application and a window in the window list are not
/// leaking, nor is a controller in the live hierarchy or a view in a window; a controller
/// that left the UI, a view of one, an invalidated timer are) and the role of a reference
/// (UIKit's and Foundation's own structure is never the fix; a timer's target, an
/// observer registration and the like are released by a call, which the fix names).
/// It owns no state: it reads the subsystems' (docs/rules.md, rules 47 and 85).
struct LeakInspection {
    unowned(unsafe) let sim: Simulator

    /// The names of the model's classes: a property one of them declares is the
    /// framework's own.
    static let modelClassNames: Set<String> = Set(Simulator.deferredClasses.map(\.name))

    func status(of id: ObjectID) -> LeakStatus {
        let heap = sim.heap
        if id == sim.application { return .notLeaking("the application") }
        if id == sim.appDelegate { return .notLeaking("the application's delegate") }
        if heap.isKind(id, of: UIWindow.handle) {
            return sim.windowing.allWindows.contains(id) ? .notLeaking("a window in the window list") : .unknown
        }
        if heap.isKind(id, of: UIViewController.handle) {
            if sim.lifecycle.isInUI(id) { return .notLeaking("a controller in the live hierarchy") }
            if let record = sim.lifecycle.leftUI[id.raw] { return .leaking(heap.describe(record.how)) }
            return .unknown
        }
        if heap.isKind(id, of: UIView.handle) {
            if sim.animations.isInLiveWindow(id) { return .notLeaking("a view in a window") }
            if let vc = controllerOfDetachedView(id), let record = sim.lifecycle.leftUI[vc.raw] {
                return .leaking("the view of \(heap.describe(vc)), which was \(heap.describe(record.how))")
            }
            return .unknown
        }
        // A timer or display link the run loop no longer schedules has done its work.
        if heap.isKind(id, of: Timer.handle), sim.timers.schedules[id.raw] == nil { return .leaking("an invalidated timer") }
        if heap.isKind(id, of: CADisplayLink.handle), sim.timers.links[id.raw] == nil { return .leaking("an invalidated display link") }
        return .unknown
    }

    /// The controller whose view tree `view` belongs to, when that tree is in no window.
    private func controllerOfDetachedView(_ view: ObjectID) -> ObjectID? {
        let heap = sim.heap
        var v = view
        var steps = 0
        while steps <= heap.objectCount {
            // The controller whose `view` it is: a report's few views justify a scan.
            if let vc = heap.references(to: v).first(where: { $0.name == "view" && heap.isKind($0.owner, of: UIViewController.handle) })?.owner {
                return vc
            }
            guard let s = (try? sim.object(v, UIView.superview)) ?? nil, heap.isAlive(s) else { return nil }
            v = s
            steps += 1
        }
        return nil
    }

    func role(of r: Reference) -> ReferenceRole? {
        let heap = sim.heap
        guard heap.isValid(r.owner) else { return nil }
        let cls = heap.classOf(r.owner)
        let base = Heap.baseName(r.name)
        let owner = heap.describe(r.owner)
        if heap.isKind(r.owner, of: Task.handle) {
            // Rule 91: a task keeps its operation, and what its suspended frames hold, until
            // its body ends; cancelling it ends the body at its await (rule 93), and so lets
            // go of what its frames hold too (one declaration: `Heap.frameLocalsProperty`).
            if base == Task.operation.name || r.name.hasPrefix(Heap.frameLocalPrefix) {
                return .release("cancel \(owner) when the screen goes (viewDidDisappear): its await throws "
                                + "CancellationError or its sequence ends, and the task lets go of its closure")
            }
        }
        guard let property = cls.property(named: base) else {
            // Storage the model keeps beside an object's properties: a content controller's
            // handlers (rule 42), the observations an object's observers registered.
            if base == "scriptMessageHandlers", heap.isKind(r.owner, of: WKUserContentController.handle) {
                return .release("remove the handler (removeScriptMessageHandler(forName:)) when the screen goes, "
                                + "or register a weak proxy: the content controller keeps its handlers")
            }
            return base == "associated" ? .framework : nil
        }
        if Self.modelClassNames.contains(property.declaringClassName) {
            // Rule 28 and its kin: Foundation keeps these until a call lets them go.
            switch (property.declaringClassName, base) {
            case ("Timer", "target") where heap.isKind(r.target, of: TimerPublisher.handle):
                // A timer publisher's own timer: its subscriptions' end invalidates it (rule 89).
                return .framework
            case ("Timer", "target"), ("CADisplayLink", "target"):
                return .release("invalidate \(owner) when its target leaves the screen (viewWillDisappear), "
                                + "or give it a block that captures self weakly")
            case ("URLSession", "delegate"):
                return .release("invalidate \(owner) (finishTasksAndInvalidate or invalidateAndCancel) when its delegate is done: "
                                + "a session keeps its delegate until then")
            case ("NotificationCenter", "observers"):
                return .release("remove the observer (NotificationCenter.removeObserver with the token) when the screen goes")
            case ("AnyCancellable", "subscription"):
                return .release("cancel \(owner) when the screen goes (viewWillDisappear): the subscription then lets go of "
                                + "its subscriber and what the subscriber's closures capture (rule 87)")
            case ("Assign", "object"):
                var key = "value"
                if case .string(let k)? = try? heap.readSlot(r.owner, Assign.keyPath) { key = k }
                return .release("use sink { [weak self] in self?.\(key) = $0 } in place of assign(to: \\.\(key), on: self), "
                                + "or assign(to: &$\(key)) on iOS 14: an Assign keeps its object until the pipeline completes (rule 87)")
            case ("CAAnimation", "delegate"):
                return .release("remove the animation when the screen goes (layer.removeAllAnimations), or make its delegate "
                                + "a weak proxy: CAAnimation keeps its delegate strongly")
            default:
                return .framework
            }
        }
        let lower = base.lowercased()
        if lower.hasSuffix("delegate") || lower.hasSuffix("datasource") { return .delegate }
        return nil
    }
}
