/// `UITextEffectsWindow`, as the model names it: its class and the properties the model reads and writes.
package enum UITextEffectsWindow: ModelClass {
    package static let handle = ClassHandle("UITextEffectsWindow")
    package static var declaration: SimulatorClassDeclaration { Windows.textEffectsWindowDeclaration }
}

/// `UIRemoteKeyboardWindow`, as the model names it: its class and the properties the model reads and writes.
package enum UIRemoteKeyboardWindow: ModelClass {
    package static let handle = ClassHandle("UIRemoteKeyboardWindow")
    package static var declaration: SimulatorClassDeclaration { Windows.remoteKeyboardWindowDeclaration }
}

extension Windows {
    /// `UITextEffectsWindow` (SPEC rules 63–65): UIKit's window for text effects, made at
    /// the first successful `becomeFirstResponder` and kept for the rest of the run. It
    /// hosts the keyboard on iOS 7–8 and 16+, sits at level 1, never becomes key, and its
    /// hit test passes touches that meet none of its subviews through.
    static let textEffectsWindowDeclaration = ClassDeclaration(UITextEffectsWindow.handle, superclass: "UIWindow",
        summary: "UIKit's text-effects window (a keyboard window): level 1, never key, shown while a field edits.") {
        HoldDeclaration("keyboard", "UIKit's keyboard windows, once a text field was first responder, for the rest of the run")
        Method.callback("hitTest", swift: "hitTest(_:with:)", .point("point"), returns: .object("UIView"), optional: true,
                        summary: "Its own subviews only: a touch that meets none of them passes to the windows below (rule 65).") { sim, inv in
            let hit = try sim.views.defaultHitTest(inv.receiver, inv.pointArgument(0))
            return hit == inv.receiver ? .nil : hit.map(Value.object) ?? .nil
        }
    }

    /// `UIRemoteKeyboardWindow` (SPEC rules 63–65): on iOS 9–15 the window that hosts the
    /// keyboard, above `.alert` (level 10,000,000).
    static let remoteKeyboardWindowDeclaration = ClassDeclaration(UIRemoteKeyboardWindow.handle, superclass: "UITextEffectsWindow",
        summary: "UIKit's keyboard window on iOS 9–15: level 10,000,000, never key.") {}

    /// Whether the window is one of UIKit's keyboard windows, which never become key
    /// (SPEC rule 65).
    func isKeyboardWindow(_ w: ObjectID) -> Bool { heap.isKind(w, of: UITextEffectsWindow.handle) }

    /// SPEC rule 63: the keyboard windows, made at the first successful
    /// `becomeFirstResponder`, held by UIKit (`keyboard`) and reused.
    func keyboardWindows() throws -> [ObjectID] {
        if keyboard.windows.isEmpty {
            var made: [(SimClass, Double)] = [(heap[UITextEffectsWindow.self], 1)]
            // SPEC rule 64: iOS 16 lists only the text-effects window; the remote keyboard
            // window is out of the app's process there, so KitSim makes it on 9–15 only.
            if (9...15).contains(sim.configuration.ios) { made.append((heap[UIRemoteKeyboardWindow.self], 10_000_000)) }
            for (cls, level) in made {
                let w = heap.alloc(cls)
                _ = try heap.send(w, .initialize, args: Arguments(.rect(sim.screenBounds)))
                try write(w, heap[UIWindow.windowLevel], .double(level))
                try heap.hold(w, keyboardHold)
                keyboard.windows.append(w)
            }
            orderChanged()
        }
        return keyboard.windows
    }

    /// Shows the keyboard windows (a field became first responder) or hides them 0.25 s
    /// after the last one resigned, unless another became first responder meanwhile.
    func showKeyboard(_ shown: Bool) throws {
        keyboard.generation &+= 1
        if shown {
            // With scenes the keyboard windows belong to the editing field's scene.
            let fieldWindow = try keyboard.firstResponder.flatMap { try views.windowOf($0) }
            for w in try keyboardWindows() { try attach(w, toSceneOf: fieldWindow) }
            for w in try keyboardWindows() where try bool(w, UIView.isHidden, default: true) {
                orderFront(w)
                try write(w, heap[UIView.isHidden], .bool(false))
            }
            return
        }
        let generation = keyboard.generation
        sim.schedule(after: 0.25, label: sim.timerLabel("keyboard animation end")) { [unowned self] in
            guard keyboard.generation == generation, keyboard.firstResponder == nil else { return }
            for w in keyboard.windows where heap.isAlive(w) { try write(w, heap[UIView.isHidden], .bool(true)) }
        }
    }

    /// `sim.configure` discards the keyboard windows: the next profile makes its own.
    func discardKeyboardWindows() throws {
        let old = keyboard.windows
        keyboard = KeyboardState()
        for w in old where heap.isAlive(w) {
            try write(w, heap[UIView.isHidden], .bool(true))
            _ = removeWindow(w)
            try heap.unhold(w, keyboardHold)
        }
    }
}

/// The keyboard (SPEC rules 62–65): the first responder and UIKit's keyboard windows.
struct KeyboardState {
    /// The text field that is first responder, if any (one at a time).
    var firstResponder: ObjectID?
    var windows: [ObjectID] = []
    /// Bumped when the keyboard shows or hides, so that a hide queued earlier is dropped.
    var generation: UInt64 = 0
}
