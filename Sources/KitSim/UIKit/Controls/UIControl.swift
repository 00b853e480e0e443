/// `UIControl`, as the model names it: its class and the properties the model reads and writes.
package enum UIControl: ModelClass {
    package static let handle = ClassHandle("UIControl")
    package static var declaration: SimulatorClassDeclaration { TargetAction.controlDeclaration }
    package static let isEnabled = handle.property("isEnabled")
}

/// One target–action pair of a control (SPEC rule 36). The target is not retained: from
/// iOS 9 a deallocated one reads as nil (weak), on iOS 7–8 it dangles.
struct ControlAction {
    /// Nil: the action goes up the responder chain.
    var target: ObjectID?
    var action: String
    var events: Set<String>
}

/// Target–action (SPEC rules 36–37): each control's target–action pairs and each gesture
/// recognizer's targets, in registration order, none retained; the sends of those pairs,
/// and the moves of recognizers between views.
final class TargetAction: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// A gesture recognizer while it fires or moves between views.
    let recognizingHold: HoldReason
    /// Each control's target–action pairs, in registration order, by control id.
    private(set) var controlActions: [UInt32: [ControlAction]] = [:]
    /// Each gesture recognizer's targets, in registration order, by recognizer id (changed
    /// only by the methods of UIGestureRecognizer.swift).
    var recognizerTargets: [UInt32: [RecognizerTarget]] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        recognizingHold = Simulator.declaredHold("recognizing", heap)
    }

    /// A control has at most one pair per target and action (`addTarget` adds the events to
    /// it), and none with an empty list; a recognizer has each target–action pair once.
    func violations() -> [String] {
        var out = log.failures
        for (control, pairs) in controlActions.sorted(by: { $0.key < $1.key }) {
            if pairs.isEmpty { out.append("control #\(control) has an empty list of target–action pairs"); break }
            var seen: Set<String> = []
            if pairs.contains(where: { !seen.insert("\($0.target?.raw ?? 0) \($0.action)").inserted }) {
                out.append("control #\(control) has a target and action in two pairs"); break
            }
        }
        for (r, pairs) in recognizerTargets.sorted(by: { $0.key < $1.key }) {
            var seen: [RecognizerTarget] = []
            if pairs.contains(where: { p in defer { seen.append(p) }; return seen.contains(p) }) {
                out.append("gesture recognizer #\(r) has a target–action pair twice"); break
            }
        }
        return out
    }
}

extension TargetAction {
    /// `UIControl.Event` as scripts write it; the last three are groups of the others.
    static let controlEvents = EnumType("UIControl.Event", [
        "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
        "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged", "primaryActionTriggered",
        "editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit",
        "allTouchEvents", "allEditingEvents", "allEvents",
    ])

    /// `UIControl` (SPEC rule 36): target–action pairs it does not retain, sent in
    /// registration order; a nil or deallocated target sends up the responder chain.
    static let controlDeclaration = ClassDeclaration(UIControl.handle, superclass: "UIView",
        summary: "A view that sends actions to targets it does not retain.") {
        PropertyDeclaration(UIControl.isEnabled, .assign, .bool, default: .bool(true))
        PropertyDeclaration("allTargets", .strong, .array("NSObject"), readOnly: true, getter: "allTargets",
                            summary: "The live targets, once each, in registration order.")
        TargetAction.controlEvents

        Method("addTarget", swift: "addTarget(_:action:for:)", .object("target", "NSObject", optional: true), .string("action"),
               Parameter("event", .any),
               summary: "Adds a pair for an event or an array of events; the control does not retain the target (nil: the responder chain).") { sim, inv in
            let events = try sim.optionSet(inv.argument(2), TargetAction.controlEvents, position: 3, function: "addTarget", allowsNil: false)
            sim.targetAction.addTarget(inv.receiver, inv.optionalObjectArgument(0), inv.stringArgument(1) ?? "", events)
            return .nil
        }
        Method("removeTarget", swift: "removeTarget(_:action:for:)", .object("target", "NSObject", optional: true),
               .string("action", optional: true), Parameter("event", .any, optional: true),
               summary: "Removes matching pairs (nil target, action or event: any).") { sim, inv in
            let events = inv.argument(2).isNil ? nil
                : try sim.optionSet(inv.argument(2), TargetAction.controlEvents, position: 3, function: "removeTarget")
            sim.targetAction.removeTarget(inv.receiver, inv.optionalObjectArgument(0), inv.stringArgument(1), events)
            return .nil
        }
        Method("actions", swift: "actions(forTarget:forControlEvent:)", .object("target", "NSObject", optional: true),
               .enumeration("event", TargetAction.controlEvents), returns: .table, optional: true,
               summary: "The action names of the target for the event, or nil.") { sim, inv in
            let target = inv.optionalObjectArgument(0), event = inv.stringArgument(1) ?? ""
            let names = (sim.targetAction.controlActions[inv.receiver.raw] ?? [])
                .filter { $0.target == target && TargetAction.event(event, matches: $0.events) }.map { Value.string($0.action) }
            return names.isEmpty ? .nil : .array(names)
        }
        Method("sendActions", swift: "sendActions(for:)", .enumeration("event", TargetAction.controlEvents),
               summary: "Sends each pair registered for the event, in registration order: `target:action(sender)`.") { sim, inv in
            try sim.targetAction.sendActions(inv.receiver, event: inv.stringArgument(0) ?? "")
            return .nil
        }
        Method.accessor("allTargets", returns: .array("NSObject")) { sim, inv in
            var seen: Set<UInt32> = [], out: [Value] = []
            for a in sim.targetAction.controlActions[inv.receiver.raw] ?? [] {
                guard let t = a.target, sim.heap.isAlive(t), seen.insert(t.raw).inserted else { continue }
                out.append(.object(t))
            }
            return .array(out)
        }
    }

    /// Whether a pair registered for `events` answers `event`, counting the groups.
    static func event(_ event: String, matches events: Set<String>) -> Bool {
        if events.contains(event) || events.contains("allEvents") { return true }
        let touch = controlEvents.cases.prefix(9)
        if events.contains("allTouchEvents") && touch.contains(event) { return true }
        let editing: Set<String> = ["editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit"]
        return events.contains("allEditingEvents") && editing.contains(event)
    }
}

extension TargetAction {
    /// `addTarget`: the same target and action again adds the events to its pair.
    func addTarget(_ control: ObjectID, _ target: ObjectID?, _ action: String, _ events: Set<String>) {
        var list = controlActions[control.raw] ?? []
        if let i = list.firstIndex(where: { $0.target == target && $0.action == action }) {
            list[i].events.formUnion(events)
        } else {
            list.append(ControlAction(target: target, action: action, events: events))
        }
        controlActions[control.raw] = list
        log.note(list.filter { $0.target == target && $0.action == action }.count == 1
                 ? nil : "control #\(control) has the pair \(action) in more than one entry")
    }

    /// `removeTarget`: nil target, action or events match any.
    func removeTarget(_ control: ObjectID, _ target: ObjectID?, _ action: String?, _ events: Set<String>?) {
        guard var list = controlActions[control.raw] else { return }
        for i in list.indices.reversed() {
            let a = list[i]
            guard target == nil || a.target == target, action == nil || a.action == action else { continue }
            if let events { list[i].events.subtract(events) } else { list[i].events = [] }
            if list[i].events.isEmpty { list.remove(at: i) }
        }
        controlActions[control.raw] = list.isEmpty ? nil : list
    }

    /// `sendActions(for:)` (SPEC rule 36): each pair for the event in registration order.
    /// A target that deallocated is nil from iOS 9 (weak) and the action goes up the
    /// responder chain; on iOS 7–8 the pair dangles and the send is a zombie's crash.
    func sendActions(_ control: ObjectID, event: String) throws {
        let pairs = (controlActions[control.raw] ?? []).filter { TargetAction.event(event, matches: $0.events) }
        for pair in pairs {
            var target = pair.target
            if let t = target, !heap.isAlive(t) {
                if sim.configuration.ios < 9 { try heap.checkUsable(t, pair.action + ":") }
                target = nil
            }
            try sendAction(pair.action, to: target, from: control)
        }
    }

    /// UIApplication's `sendAction(_:to:from:for:)`: to the target, or with nil to the
    /// first responder from the sender up that implements the action (SPEC rule 36).
    func sendAction(_ action: String, to target: ObjectID?, from sender: ObjectID) throws {
        let selector = Selector(action)
        if let target {
            _ = try heap.send(target, selector, args: Arguments(.object(sender)))
            return
        }
        var r: ObjectID? = sender
        var steps = 0
        while let current = r, steps < heap.objectCount + 1 {
            if heap.responds(current, to: selector) {
                _ = try heap.send(current, selector, args: Arguments(.object(sender)))
                return
            }
            r = try nextResponder(current)
            steps += 1
        }
    }
}

extension TargetAction {
    /// `next` of UIResponder: a view's controller after its view, then its superview; a
    /// window's is the application, the application's its delegate (SPEC rule 36).
    func nextResponder(_ r: ObjectID) throws -> ObjectID? {
        let application = sim.application
        if heap.isKind(r, of: UIWindow.handle) { return application }
        if heap.isKind(r, of: UIView.handle) {
            if let vc = heap.liveObjects.first(where: { heap.isKind($0, of: UIViewController.handle) && (try? object($0, UIViewController.view)) == r }) {
                return vc
            }
            return try object(r, UIView.superview)
        }
        if heap.isKind(r, of: UIViewController.handle) {
            if let v = try object(r, UIViewController.view), let s = try object(v, UIView.superview) { return s }
            return try object(r, UIViewController.parent) ?? application
        }
        if r == application { return try object(application, UIApplication.delegate) }
        return nil
    }
}
