/// `CALayer`, as the model names it: its class and the properties the model reads and writes.
package enum CALayer: ModelClass {
    package static let handle = ClassHandle("CALayer")
    package static var declaration: SimulatorClassDeclaration { Animations.layerDeclaration }
    package static let delegate = handle.property("delegate")
}

extension Animations {
    /// `CALayer` (SPEC rules 44, 45): what a view draws into, made on the view's first
    /// `view.layer` and kept by it. `add(anim, key)` keeps a copy of the animation
    /// (`CALayer#5.animations["spin"]`), and the copy keeps its delegate, until the
    /// animation ends (`isRemovedOnCompletion`), is removed, or the view leaves its window.
    static let layerDeclaration = ClassDeclaration(CALayer.handle,
        summary: "A view's layer; it keeps a copy of each animation added to it (rule 45).") {
        PropertyDeclaration(CALayer.delegate, .weak, .object("NSObject"), readOnly: true,
                            summary: "The view whose layer it is (weak), or nil for a layer made on its own.")

        Method("add", swift: "add(_:forKey:)", .object("anim", "CAAnimation"), .string("key", optional: true),
               summary: "Keeps a copy of the animation, replacing one under the same key; the delegate hears `animationDidStart(copy)` in this turn's layout pass and `animationDidStop(copy, finished)` at its end (rule 45).") { sim, inv in
            try sim.animations.addAnimation(inv.objectArgument(0), to: inv.receiver, key: inv.stringArgument(1))
            return .nil
        }
        Method("removeAnimation", swift: "removeAnimation(forKey:)", .string("key"),
               summary: "Removes the animation under the key; its delegate hears `animationDidStop(copy, false)` in the layout pass.") { sim, inv in
            if let n = sim.animations.viewAnimations.number(ofLayer: inv.receiver, key: inv.stringArgument(0) ?? "") { sim.animations.removeAnimation(n) }
            return .nil
        }
        Method("removeAllAnimations", swift: "removeAllAnimations()",
               summary: "Removes every animation of the layer, the view's `UIView.animate` ones too: completions and delegates hear `finished = false` in the layout pass (rule 44).") { sim, inv in
            for n in sim.animations.viewAnimations.numbers(ofLayer: inv.receiver) { sim.animations.removeAnimation(n) }
            if let view = try sim.object(inv.receiver, CALayer.delegate), sim.heap.isKind(view, of: UIView.handle) {
                sim.animations.removeViewAnimations(of: view)
            }
            return .nil
        }
        Method("animationKeys", swift: "animationKeys()", returns: .table, optional: true,
               summary: "The keys of the animations added with one, in the order they were added; nil when there are none.") { sim, inv in
            let keys = sim.animations.viewAnimations.numbers(ofLayer: inv.receiver).compactMap { n -> Value? in
                guard case .layer(_, let key?, _, _)? = sim.animations.viewAnimations.records[n]?.kind else { return nil }
                return .string(key)
            }
            return keys.isEmpty ? .nil : .array(keys)
        }
        Method("animation", swift: "animation(forKey:)", .string("key"), returns: .object("CAAnimation"), optional: true,
               summary: "The layer's copy of the animation under the key, or nil.") { sim, inv in
            guard let n = sim.animations.viewAnimations.number(ofLayer: inv.receiver, key: inv.stringArgument(0) ?? ""),
                  case .layer(_, _, _, let copy)? = sim.animations.viewAnimations.records[n]?.kind else { return .nil }
            return .object(copy)
        }
    }

    /// `view.layer`: made on first access and kept by the view, its delegate (SPEC rule 45).
    func layer(of view: ObjectID) throws -> ObjectID {
        if let l = try object(view, UIView.layer) { return l }
        let l = heap.alloc(heap[CALayer.self])
        try write(l, heap[CALayer.delegate], view)
        try write(view, heap[UIView.layer], l)
        return l
    }

    /// The associated key a layer keeps an animation under, as Lua writes the index:
    /// `animations["spin"]`, quotes and backslashes escaped.
    static func animationSlot(_ key: String) -> String {
        var escaped = ""
        for ch in key {
            if ch == "\\" || ch == "\"" { escaped.append("\\") }
            escaped.append(ch)
        }
        return "animations[\"" + escaped + "\"]"
    }

    /// `layer:add(anim, key)` (SPEC rule 45): the layer keeps a copy under the associated
    /// key `animations["key"]` (an anonymous one under its record's number), which goes
    /// at its end when `isRemovedOnCompletion` (the delegate hears `animationDidStop(copy,
    /// true)` in that turn) and otherwise stays while the layer lives. An animation
    /// under the same key is removed first.
    func addAnimation(_ anim: ObjectID, to layer: ObjectID, key: String?) throws {
        if let key, let old = viewAnimations.number(ofLayer: layer, key: key) { removeAnimation(old) }
        let copy = try copyAnimation(anim)
        let view = try object(layer, CALayer.delegate).flatMap { heap.isKind($0, of: UIView.handle) ? $0 : nil }
        let removable = try bool(copy, CAAnimation.isRemovedOnCompletion, default: true)
        let slot = key.map(Animations.animationSlot) ?? "animations[\(viewAnimations.nextNumber)]"
        try heap.setAssociated(layer, key: slot, .object(copy))
        sim.watchDeallocs()
        let n = viewAnimations.add(.init(view: view, kind: .layer(layer, key: key, slot: slot, copy: copy),
                                         inWindow: view.map(isInLiveWindow) ?? false, leavesWithWindow: removable))
        sim.runLoop.enqueueLayout { [unowned self] in try tellDelegate(of: copy, .animationDidStart, finished: nil) }
        guard let total = try activeDuration(of: copy) else { return }
        sim.runLoop.schedule(at: sim.time(after: total), label: sim.timerLabel("layer animation end")) { [unowned self] in
            guard let r = viewAnimations.records[n], !r.stopped else { return }
            guard r.leavesWithWindow else {
                viewAnimations.markStopped(n)
                return try tellDelegate(of: copy, .animationDidStop, finished: true)
            }
            _ = viewAnimations.remove(n, finished: true)
            try heap.hold(copy, animationHold)
            defer { if heap.isAlive(copy) { try? heap.unhold(copy, animationHold) } }
            if heap.isAlive(layer) { try heap.setAssociated(layer, key: slot, .nil) }
            try tellDelegate(of: copy, .animationDidStop, finished: true)
        }
    }
}
