/// `UIView`, as the model names it: its class and the properties the model reads and writes.
package enum UIView: ModelClass {
    package static let handle = ClassHandle("UIView")
    package static var declaration: SimulatorClassDeclaration { Views.viewDeclaration }
    package static let gestureRecognizers = handle.property("gestureRecognizers")
    package static let frame = handle.property("frame")
    package static let backgroundColor = handle.property("backgroundColor")
    package static let alpha = handle.property("alpha")
    package static let isHidden = handle.property("isHidden")
    package static let isUserInteractionEnabled = handle.property("isUserInteractionEnabled")
    package static let tag = handle.property("tag")
    package static let restorationIdentifier = handle.property("restorationIdentifier")
    package static let accessibilityIdentifier = handle.property("accessibilityIdentifier")
    package static let superview = handle.property("superview")
    package static let subviews = handle.property("subviews")
    package static let transform = handle.property("transform")
    package static let layer = handle.property("layer")
}

extension Views {
    /// `UIView` (SPEC §3.2): a rectangle in a tree of views. `superview` is weak and
    /// `subviews` strong (rule 8); `window` is computed by walking up the tree.
    static let viewDeclaration = ClassDeclaration(UIView.handle, superclass: "UIResponder",
                                                           summary: "A rectangle in the view tree; it owns its subviews.") {
        PropertyDeclaration(UIView.frame, .assign, .rect)
        PropertyDeclaration("bounds", .assign, .rect, getter: "bounds", setter: "setBounds",
                            summary: "The frame's size at the origin (swapped for a root view UIKit rotated into landscape on iOS 7, rule 55); setting it changes the frame's size.")
        PropertyDeclaration(UIView.backgroundColor, .assign, .any)
        PropertyDeclaration(UIView.alpha, .assign, .number, default: .double(1))
        PropertyDeclaration(UIView.isHidden, .assign, .bool, default: .bool(false), setter: "setHidden")
        PropertyDeclaration(UIView.isUserInteractionEnabled, .assign, .bool, default: .bool(true))
        PropertyDeclaration(UIView.tag, .assign, .number, default: .int(0))
        PropertyDeclaration(UIView.restorationIdentifier, .copy, .string)
        PropertyDeclaration(UIView.accessibilityIdentifier, .copy, .string)
        PropertyDeclaration(UIView.superview, .weak, .object("UIView"), readOnly: true)
        PropertyDeclaration(UIView.subviews, .strong, .array("UIView"), readOnly: true)
        PropertyDeclaration(UIView.gestureRecognizers, .strong, .array("UIGestureRecognizer"), readOnly: true, optional: true,
                            summary: "Kept by the view (rule 37); nil when it has none.")
        PropertyDeclaration("window", .weak, .object("UIWindow"), readOnly: true, getter: "window",
                            summary: "The window at the root of the view's tree, or nil.")
        PropertyDeclaration("center", .assign, .point, getter: "center", setter: "setCenter",
                            summary: "The frame's centre in its superview's coordinates; setting it moves the frame.")
        PropertyDeclaration(UIView.transform, .assign, .any,
                            summary: "Any value a script gives it (KitSim has no CGAffineTransform); nil is the identity. Animatable (rule 43).")
        PropertyDeclaration(UIView.layer, .strong, .object("CALayer"), readOnly: true, getter: "layer",
                            summary: "The view's CALayer, made on first access and kept by the view (rule 45).")
        HoldDeclaration("animation in flight",
                        "a `UIView.animate` completion until its animations end, a running `UIViewPropertyAnimator`, and a removed `CAAnimation` until its delegate has heard `animationDidStop` (rules 43–45)")
        Animations.animationOptions

        Method.initializer(swift: "init(frame:)", .rect("frame", optional: true)) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: inv.argument(0).rectValue ?? .zero)
            return .object(inv.receiver)
        }
        Method.accessor("bounds", returns: .rect) { sim, inv in .rect(try sim.rotation.bounds(of: inv.receiver)) }
        Method.accessor("setBounds") { sim, inv in
            guard case .rect(let b) = inv.argument(0) else {
                throw SimError.misuse(.badPropertyValue(property: "bounds", className: "UIView", expected: "CGRect",
                                                          got: sim.heap.describeType(of: inv.argument(0))))
            }
            var f = try sim.rect(inv.receiver, UIView.frame)
            // SPEC rule 55: a view UIKit turned into landscape has its frame's sides swapped.
            let swapped = try sim.rotation.uikitRotation(of: inv.receiver)?.isLandscape ?? false
            f.width = swapped ? b.height : b.width; f.height = swapped ? b.width : b.height
            try sim.write(inv.receiver, sim[UIView.frame], .rect(f))
            return .nil
        }
        Method.accessor("setHidden") { sim, inv in
            try sim.write(inv.receiver, sim[UIView.isHidden], .bool(inv.bool(0)))
            return .nil
        }
        Method.accessor("window", returns: .object("UIWindow")) { sim, inv in
            try sim.views.windowOf(inv.receiver).map(Value.object) ?? .nil
        }
        Method.accessor("center", returns: .point) { sim, inv in
            let f = try sim.rect(inv.receiver, UIView.frame)
            return .point(Point(x: f.x + f.width / 2, y: f.y + f.height / 2))
        }
        Method.accessor("setCenter") { sim, inv in
            guard case .point(let c) = inv.argument(0) else {
                throw SimError.misuse(.badPropertyValue(property: "center", className: "UIView", expected: "CGPoint",
                                                          got: sim.heap.describeType(of: inv.argument(0))))
            }
            var f = try sim.rect(inv.receiver, UIView.frame)
            f.x = c.x - f.width / 2; f.y = c.y - f.height / 2
            try sim.write(inv.receiver, sim[UIView.frame], .rect(f))
            return .nil
        }
        Method.accessor("layer", returns: .object("CALayer")) { sim, inv in
            .object(try sim.animations.layer(of: inv.receiver))
        }
        Method.classMethod("animate", swift: "animate(withDuration:animations:completion:)",
                           .number("duration"), .function("animations", optional: false), .function("completion"),
                           summary: "Runs `animations` at once; each view in a window it changed animates for `duration`; UIKit keeps `completion` until the last ends, then calls it with (captures…, finished) (rule 43).") { sim, inv in
            try sim.animations.animate(duration: inv.numberArgument(0), delay: 0, options: [], animations: inv.argument(1), completion: inv.argument(2))
            return .nil
        }
        Method.classMethod("animate_delay", swift: "animate(withDuration:delay:options:animations:completion:)",
                           .number("duration"), .number("delay"), Parameter("options", .any, optional: true),
                           .function("animations", optional: false), .function("completion"),
                           summary: "`animate` after `delay` seconds, with `UIView.AnimationOptions` (one name or an array; `\"repeat\"` never ends by itself).") { sim, inv in
            let options = try sim.optionSet(inv.argument(2), Animations.animationOptions, position: 3, function: "animate_delay")
            try sim.animations.animate(duration: inv.numberArgument(0), delay: inv.numberArgument(1), options: options,
                            animations: inv.argument(3), completion: inv.argument(4))
            return .nil
        }
        Method.classMethod("animate_usingSpringWithDamping",
                           swift: "animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)",
                           .number("duration"), .number("delay"), .number("damping"), .number("velocity"),
                           Parameter("options", .any, optional: true), .function("animations", optional: false), .function("completion"),
                           summary: "`animate_delay` with a spring; the damping and velocity shape the curve, not the timing.") { sim, inv in
            #if KITSIM_PLANTED_DEFECT
            // The planted table takes the call before its arguments are read.
            try sim.animations.plantedSpringDefect(animations: inv.argument(5))
            #endif
            let options = try sim.optionSet(inv.argument(4), Animations.animationOptions, position: 5, function: "animate_usingSpringWithDamping")
            try sim.animations.animate(duration: inv.numberArgument(0), delay: inv.numberArgument(1), options: options,
                            animations: inv.argument(5), completion: inv.argument(6))
            return .nil
        }
        Method("addSubview", swift: "addSubview(_:)", .object("view", "UIView"),
               summary: "Adds the view on top of the subviews, removing it from its old superview (rule 8).") { sim, inv in
            try sim.views.addSubview(inv.objectArgument(0), to: inv.receiver, at: nil)
            return .nil
        }
        Method("insertSubview", swift: "insertSubview(_:at:)", .object("view", "UIView"), .integer("index"),
               summary: "Inserts the view at a 0-based index of the subviews.") { sim, inv in
            try sim.views.addSubview(inv.objectArgument(0), to: inv.receiver, at: inv.integerArgument(1))
            return .nil
        }
        Method("addGestureRecognizer", swift: "addGestureRecognizer(_:)", .object("recognizer", "UIGestureRecognizer"),
               summary: "The view keeps the recognizer, moved from any other view; its `view` is weak (rule 37).") { sim, inv in
            try sim.targetAction.addGestureRecognizer(inv.objectArgument(0), to: inv.receiver)
            return .nil
        }
        Method("removeGestureRecognizer", swift: "removeGestureRecognizer(_:)", .object("recognizer", "UIGestureRecognizer"),
               summary: "The view releases the recognizer.") { sim, inv in
            try sim.targetAction.removeGestureRecognizer(inv.objectArgument(0), from: inv.receiver)
            return .nil
        }
        Method("endEditing", swift: "endEditing(_:)", .bool("force", default: false), returns: .bool,
               summary: "The first responder inside the view resigns (rule 62).") { sim, inv in
            .bool(try sim.views.endEditing(in: inv.receiver))
        }
        Method("removeFromSuperview", summary: "Removes the view from its superview, which releases it.") { sim, inv in
            try sim.views.removeFromSuperview(inv.receiver)
            return .nil
        }
        Method("bringSubviewToFront", swift: "bringSubviewToFront(_:)", .object("view", "UIView")) { sim, inv in
            let child = inv.objectArgument(0)
            if try sim.object(child, UIView.superview) == inv.receiver { try sim.views.addSubview(child, to: inv.receiver, at: nil) }
            return .nil
        }
        Method("sendSubviewToBack", swift: "sendSubviewToBack(_:)", .object("view", "UIView")) { sim, inv in
            let child = inv.objectArgument(0)
            if try sim.object(child, UIView.superview) == inv.receiver { try sim.views.addSubview(child, to: inv.receiver, at: 0) }
            return .nil
        }
        Method("isDescendant", swift: "isDescendant(of:)", .object("view", "UIView"), returns: .bool) { sim, inv in
            .bool(try sim.views.isDescendant(inv.receiver, of: inv.objectArgument(0)))
        }
        Method.callback("hitTest", swift: "hitTest(_:with:)", .point("point"), returns: .object("UIView"), optional: true,
                        summary: "The deepest visible, interactive subview containing the point (SPEC §3.2).") { sim, inv in
            try sim.views.defaultHitTest(inv.receiver, inv.pointArgument(0)).map(Value.object) ?? .nil
        }
        Method.callback("point", swift: "point(inside:with:)", .point("point"), returns: .bool) { sim, inv in
            .bool(try sim.rotation.bounds(of: inv.receiver).contains(inv.pointArgument(0)))
        }
        Method("snapshotView", swift: "snapshotView(afterScreenUpdates:)", .bool("afterUpdates", default: false),
               returns: .object("UIView"), summary: "A new plain view with the same frame and background.") { sim, inv in
            // A snapshot is a new, plain view with the same frame (seed 004's anti-flash cover).
            let snap = sim.heap.alloc(sim[UIView.self])
            try sim.views.initializeView(snap, frame: try sim.rect(inv.receiver, UIView.frame))
            try sim.write(snap, sim[UIView.backgroundColor], try sim.heap.readSlot(inv.receiver, UIView.backgroundColor))
            return .object(snap)
        }
    }
}
