/// `UIGestureRecognizer`, as the model names it: its class and the properties the model reads and writes.
package enum UIGestureRecognizer: ModelClass {
    package static let handle = ClassHandle("UIGestureRecognizer")
    package static var declaration: SimulatorClassDeclaration { TargetAction.gestureRecognizerDeclaration }
    package static let view = handle.property("view")
    package static let isEnabled = handle.property("isEnabled")
    package static let delegate = handle.property("delegate")
}

/// `UITapGestureRecognizer`, as the model names it: its class and the properties the model reads and writes.
package enum UITapGestureRecognizer: ModelClass {
    package static let handle = ClassHandle("UITapGestureRecognizer")
    package static var declaration: SimulatorClassDeclaration { TargetAction.tapRecognizerDeclaration }
}

/// `UIPanGestureRecognizer`, as the model names it: its class and the properties the model reads and writes.
package enum UIPanGestureRecognizer: ModelClass {
    package static let handle = ClassHandle("UIPanGestureRecognizer")
    package static var declaration: SimulatorClassDeclaration { TargetAction.panRecognizerDeclaration }
}

/// `UILongPressGestureRecognizer`, as the model names it: its class and the properties the model reads and writes.
package enum UILongPressGestureRecognizer: ModelClass {
    package static let handle = ClassHandle("UILongPressGestureRecognizer")
    package static var declaration: SimulatorClassDeclaration { TargetAction.longPressRecognizerDeclaration }
}

/// One target–action pair of a gesture recognizer (SPEC rule 37): not retained, weak from
/// iOS 9 and dangling on 7–8, as a control's (rule 36).
struct RecognizerTarget: Equatable {
    var target: ObjectID
    var action: String
}

extension TargetAction {
    /// `UIGestureRecognizer` (SPEC rule 37): the view it is added to keeps it; it keeps
    /// neither that view (weak) nor its targets.
    static let gestureRecognizerDeclaration = ClassDeclaration(UIGestureRecognizer.handle,
        summary: "Recognizes a gesture on the view that keeps it and calls targets it does not retain.") {
        PropertyDeclaration(UIGestureRecognizer.view, .weak, .object("UIView"), readOnly: true, summary: "The view it is added to, held weakly.")
        PropertyDeclaration(UIGestureRecognizer.isEnabled, .assign, .bool, default: .bool(true))
        PropertyDeclaration(UIGestureRecognizer.delegate, .weak, .object("NSObject"),
                            summary: "Asked `gestureRecognizer_shouldRecognizeSimultaneouslyWith(g, other)`; held weakly.")
        HoldDeclaration("recognizing", "a gesture recognizer while it fires or moves between views")

        Method.initializer(swift: "init(target:action:)", .object("target", "NSObject", optional: true),
                           .string("action", optional: true)) { sim, inv in
            if let target = inv.optionalObjectArgument(0), let action = inv.stringArgument(1) {
                sim.targetAction.addRecognizerTarget(inv.receiver, RecognizerTarget(target: target, action: action))
            }
            return .object(inv.receiver)
        }
        Method("addTarget", swift: "addTarget(_:action:)", .object("target", "NSObject"), .string("action"),
               summary: "Adds a pair, once; the recognizer does not retain the target.") { sim, inv in
            sim.targetAction.addRecognizerTarget(inv.receiver, RecognizerTarget(target: inv.objectArgument(0),
                                                                                action: inv.stringArgument(1) ?? ""))
            return .nil
        }
        Method("removeTarget", swift: "removeTarget(_:action:)", .object("target", "NSObject", optional: true),
               .string("action", optional: true), summary: "Removes matching pairs (nil: any).") { sim, inv in
            sim.targetAction.removeRecognizerTargets(inv.receiver, inv.optionalObjectArgument(0), inv.stringArgument(1))
            return .nil
        }
    }

    /// `UITapGestureRecognizer`: the recognizer `sim.tap(view)` fires.
    static let tapRecognizerDeclaration = ClassDeclaration(UITapGestureRecognizer.handle, superclass: "UIGestureRecognizer",
        summary: "Recognizes taps: `sim.tap(view)` fires the first enabled one of the nearest view that has one.") {
        PropertyDeclaration("numberOfTapsRequired", .assign, .integer, default: .int(1))
    }

    /// `UIPanGestureRecognizer`: kept and targeted as any recognizer; KitSim does not pan.
    static let panRecognizerDeclaration = ClassDeclaration(UIPanGestureRecognizer.handle, superclass: "UIGestureRecognizer",
        summary: "A pan recognizer: kept by its view, its targets unretained; KitSim never pans.") {}

    /// `UILongPressGestureRecognizer`: kept and targeted as any recognizer.
    static let longPressRecognizerDeclaration = ClassDeclaration(UILongPressGestureRecognizer.handle, superclass: "UIGestureRecognizer",
        summary: "A long-press recognizer: kept by its view, its targets unretained; `sim.tap` does not press long.") {
        PropertyDeclaration("minimumPressDuration", .assign, .number, default: .double(0.5))
    }

}

extension TargetAction {
    /// `addTarget(_:action:)` ignores a pair already added (SPEC rule 37).
    func addRecognizerTarget(_ r: ObjectID, _ pair: RecognizerTarget) {
        var list = recognizerTargets[r.raw] ?? []
        if !list.contains(pair) { list.append(pair) }
        recognizerTargets[r.raw] = list
    }

    /// `removeTarget(_:action:)`: removes the matching pairs (nil target or action: any).
    func removeRecognizerTargets(_ r: ObjectID, _ target: ObjectID?, _ action: String?) {
        recognizerTargets[r.raw]?.removeAll {
            (target == nil || $0.target == target) && (action == nil || $0.action == action)
        }
    }

    /// `view:addGestureRecognizer(r)`: the view keeps it, moved from any other view.
    func addGestureRecognizer(_ r: ObjectID, to view: ObjectID) throws {
        if let old = try object(r, UIGestureRecognizer.view) {
            if old == view { return }
            // Held across the move: the old view's release must not deallocate it.
            try heap.hold(r, recognizingHold)
            defer { if heap.isAlive(r) { try? heap.unhold(r, recognizingHold) } }
            try removeGestureRecognizer(r, from: old)
            try heap.insertElement(r, into: view, heap[UIView.gestureRecognizers])
            return try write(r, heap[UIGestureRecognizer.view], view)
        }
        try heap.insertElement(r, into: view, heap[UIView.gestureRecognizers])
        try write(r, heap[UIGestureRecognizer.view], view)
    }

    /// `removeGestureRecognizer(r)`: the view releases it; with none left the property
    /// reads nil, as UIKit's does (SPEC rule 27).
    func removeGestureRecognizer(_ r: ObjectID, from view: ObjectID) throws {
        guard try objects(view, UIView.gestureRecognizers).contains(r) else { return }
        if heap.isAlive(r) { try write(r, heap[UIGestureRecognizer.view], nil) }
        try heap.hold(r, recognizingHold)
        defer { if heap.isAlive(r) { try? heap.unhold(r, recognizingHold) } }
        try heap.removeElement(r, from: view, heap[UIView.gestureRecognizers])
        if try objects(view, UIView.gestureRecognizers).isEmpty { try write(view, heap[UIView.gestureRecognizers], .nil) }
    }

    /// The recognizer fires: each target in order, `target:action(recognizer)`. A target
    /// that deallocated is skipped from iOS 9 (weak); on 7–8 the send is a zombie's crash.
    func fireRecognizer(_ r: ObjectID) throws {
        try heap.hold(r, recognizingHold)
        defer { if heap.isAlive(r) { try? heap.unhold(r, recognizingHold) } }
        for pair in recognizerTargets[r.raw] ?? [] {
            if !heap.isAlive(pair.target) {
                if sim.configuration.ios < 9 { try heap.checkUsable(pair.target, pair.action + ":") }
                continue
            }
            _ = try heap.send(pair.target, Selector(pair.action), args: Arguments(.object(r)))
        }
    }
}
