/// The presentations' containers (SPEC rule 16): from iOS 8 on each presented
/// controller's view sits in a transition view of its own, which the window shows and
/// whose presentation controller keeps both sides. The links themselves
/// (`presentedViewController` strong, `presentingViewController` weak) are heap
/// properties, because they are ownership; this type owns which transition view belongs
/// to which presented controller.
///
/// With `Simulator.checksInvariants` on it checks what each mutation could break, and
/// `violations` checks the whole on every `sim.verify()`.
struct PresentationChain {
    /// Presented controller id → its transition view's id.
    private(set) var transitionViews: [UInt32: UInt32] = [:]

    /// Records the transition view a presented controller's view was put in.
    mutating func attach(_ view: ObjectID, to presented: ObjectID) {
        if Simulator.checksInvariants {
            note(transitionViews[presented.raw] != nil ? "\(presented) was given a second transition view" : nil)
        }
        transitionViews[presented.raw] = view.raw
    }

    /// The controllers whose animated presentation or dismissal is in flight (SPEC rule
    /// 61: UIKit refuses another meanwhile).
    private(set) var inFlight: Set<UInt32> = []

    func isInFlight(_ vc: ObjectID) -> Bool { !inFlight.isEmpty && inFlight.contains(vc.raw) }
    mutating func begin(_ controllers: [ObjectID]) { for c in controllers { inFlight.insert(c.raw) } }
    mutating func end(_ controllers: [ObjectID]) { for c in controllers { inFlight.remove(c.raw) } }

    /// The transition view `presented`'s view was put in, if any.
    func transitionView(of presented: ObjectID) -> ObjectID? { transitionViews[presented.raw].map(ObjectID.init) }

    /// Forgets the transition view of `presented` (dismissed, or torn down with its root)
    /// and returns it.
    mutating func detach(_ presented: ObjectID) -> ObjectID? {
        transitionViews.removeValue(forKey: presented.raw).map(ObjectID.init)
    }

    /// No transition view serves two presentations; `linkErrors` are the controller links'
    /// own failures (`Simulator.controllerLinkViolations`), reported with these.
    func violations(linkErrors: [String]) -> [String] {
        var out = failuresAfterMutations + linkErrors
        var seen: [UInt32: UInt32] = [:]
        for (presented, view) in transitionViews.sorted(by: { $0.key < $1.key }) {
            if let other = seen[view] {
                out.append("transition view #\(view) holds both #\(other) and #\(presented)")
            }
            seen[view] = presented
        }
        return out
    }

    private(set) var failuresAfterMutations: [String] = []

    private mutating func note(_ failure: String?) {
        guard let f = failure, !failuresAfterMutations.contains(f) else { return }
        failuresAfterMutations.append(f)
    }
}

extension Presentations {
    /// The controller links that must agree whenever a script can look (`sim.verify()`,
    /// any callback): a live controller presenting another is that one's presenter, and
    /// each controller in a navigation stack or a tab bar's list names that container as
    /// its parent (once, in a stack). Both sides of each link change together, with no callback in between.
    func controllerLinkViolations() -> [String] {
        // Before UIViewController is made (`Heap.defer`) no controller exists: the check
        // must not make it (it runs at the end of every run).
        guard heap.isMaterialized("UIViewController") else { return [] }
        var out: [String] = []
        for id in heap.liveObjects where heap.isKind(id, of: UIViewController.handle) {
            if let b = try? object(id, UIViewController.presentedViewController), heap.isAlive(b), let back = try? object(b, UIViewController.presentingViewController), back != id {
                out.append("\(heap.describe(id)) presents \(heap.describe(b)), whose presentingViewController is \(heap.describe(back))")
            } else if let b = try? object(id, UIViewController.presentedViewController), heap.isAlive(b), (try? object(b, UIViewController.presentingViewController)) == nil {
                out.append("\(heap.describe(id)) presents \(heap.describe(b)), whose presentingViewController is nil")
            }
            if heap.isKind(id, ofClassNamed: "UINavigationController"), let stack = try? objects(id, UINavigationController.viewControllers) {
                if Set(stack).count != stack.count { out.append("\(heap.describe(id))'s stack names a controller twice") }
                for c in stack where (try? object(c, UIViewController.parent)) != id {
                    out.append("\(heap.describe(c)) is in \(heap.describe(id))'s stack but its parent is not that controller")
                }
            } else if heap.isKind(id, ofClassNamed: "UITabBarController"), let tabs = try? objects(id, UITabBarController.viewControllers) {
                for c in tabs where (try? object(c, UIViewController.parent)) != id {
                    out.append("\(heap.describe(c)) is one of \(heap.describe(id))'s tabs but its parent is not that controller")
                }
            }
        }
        return out
    }
}
