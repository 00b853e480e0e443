extension TargetAction {
    /// `sim.tap(control)` (SPEC rule 36): `touchDown`, then `touchUpInside`, when the
    /// control is enabled, visible, in a window and hit-testable at its centre. A
    /// control's own actions take priority over tap recognizers on its ancestors (iOS 6+).
    /// Returns whether the tap reached it.
    func tapControl(_ control: ObjectID) throws -> Bool {
        guard !sim.isIgnoringInteractionEvents, try bool(control, UIControl.isEnabled, default: true),
              try sim.views.reachesTouch(control) else { return false }
        try sendActions(control, event: "touchDown")
        try sendActions(control, event: "touchUpInside")
        return true
    }

    /// `sim.tap(view)` (SPEC rule 37): the nearest view from `view` up with enabled tap
    /// recognizers; there the first one added fires, and another fires too only when a
    /// delegate of either says they recognize simultaneously. Returns whether one fired.
    func tapView(_ view: ObjectID) throws -> Bool {
        // SPEC rule 71: a scene-less window gets no touches; rule 61: none while touches are ignored.
        guard !sim.isIgnoringInteractionEvents, let w = try sim.views.windowOf(view), sim.windowing.isAttached(w),
              try sim.views.isEffectivelyVisible(view) else { return false }
        var tapped = false
        try sim.walkChain(from: view, along: heap[UIView.superview]) { v in
            let taps = try objects(v, UIView.gestureRecognizers).filter {
                try heap.isKind($0, of: UITapGestureRecognizer.handle) && bool($0, UIGestureRecognizer.isEnabled, default: true)
            }
            guard let first = taps.first else { return true }
            try fireRecognizer(first)
            for other in taps.dropFirst() where heap.isAlive(other) {
                if try recognizeSimultaneously(first, other) { try fireRecognizer(other) }
            }
            tapped = true
            return false
        }
        return tapped
    }

    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` of either recognizer's
    /// delegate; UIKit's default is false.
    func recognizeSimultaneously(_ a: ObjectID, _ b: ObjectID) throws -> Bool {
        let selector = Selector("gestureRecognizer_shouldRecognizeSimultaneouslyWith")
        for (r, other) in [(a, b), (b, a)] {
            guard let d = try object(r, UIGestureRecognizer.delegate), heap.isAlive(d), heap.responds(d, to: selector) else { continue }
            // Lua's truthiness, as the bridge reads a returned flag: nil and false are false.
            switch try heap.send(d, selector, args: Arguments(.object(r), .object(other))) {
            case .nil, .bool(false): continue
            default: return true
            }
        }
        return false
    }
}

extension Simulator {
    /// `UIApplication.shared.isIgnoringInteractionEvents`: true while a non-interactive
    /// animated transition is in flight, when no tap or swipe reaches anything (SPEC rule 61).
    public var isIgnoringInteractionEvents: Bool { transitions.interactionIgnoringTransitions > 0 }

    /// `sim.tap(control)` (SPEC rule 36, `TargetAction.tapControl`): whether the tap reached it.
    public func tapControl(_ control: ObjectID) throws -> Bool { try targetAction.tapControl(control) }

    /// `sim.tap(view)` (SPEC rule 37, `TargetAction.tapView`): whether a tap recognizer fired.
    public func tapView(_ view: ObjectID) throws -> Bool { try targetAction.tapView(view) }
}
