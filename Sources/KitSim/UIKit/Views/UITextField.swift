/// `UITextField`, as the model names it: its class and the properties the model reads and writes.
package enum UITextField: ModelClass {
    package static let handle = ClassHandle("UITextField")
    package static var declaration: SimulatorClassDeclaration { Views.textFieldDeclaration }
}

extension Views {
    /// `UITextField` (SPEC rule 62): a view that edits text. Becoming first responder — only
    /// inside a visible window — shows UIKit's keyboard windows (rule 63).
    static let textFieldDeclaration = ClassDeclaration(UITextField.handle, superclass: "UIView",
        summary: "A view that edits text; as first responder it brings up the keyboard windows.") {
        PropertyDeclaration("text", .copy, .string)
        PropertyDeclaration("delegate", .weak, .object("NSObject"), summary: "Not retained.")
        PropertyDeclaration("isFirstResponder", .assign, .bool, readOnly: true, getter: "isFirstResponder")
        Method.accessor("isFirstResponder", returns: .bool) { sim, inv in .bool(sim.windowing.keyboard.firstResponder == inv.receiver) }
        Method("becomeFirstResponder", returns: .bool,
               summary: "True only inside a visible window's hierarchy; the previous first responder resigns (one at a time).") { sim, inv in
            .bool(try sim.views.becomeFirstResponder(inv.receiver))
        }
        Method("resignFirstResponder", returns: .bool, summary: "Stops editing; the keyboard windows hide 0.25 s later.") { sim, inv in
            .bool(try sim.views.resignFirstResponder(inv.receiver))
        }
    }

    /// SPEC rule 62: only a field in a visible window's hierarchy can become first
    /// responder; the one before resigns.
    func becomeFirstResponder(_ field: ObjectID) throws -> Bool {
        if windowing.keyboard.firstResponder == field { return true }
        guard let w = try windowOf(field), try windowing.isShown(w), try isEffectivelyVisible(field) else {
            return false
        }
        if let old = windowing.keyboard.firstResponder { _ = try resignFirstResponder(old) }
        windowing.setFirstResponder(field)
        try windowing.showKeyboard(true)
        return true
    }

    func resignFirstResponder(_ field: ObjectID) throws -> Bool {
        guard windowing.keyboard.firstResponder == field else { return true }
        windowing.setFirstResponder(nil)
        try windowing.showKeyboard(false)
        return true
    }

    /// `view:endEditing(force)`: the first responder inside the view resigns.
    func endEditing(in view: ObjectID) throws -> Bool {
        guard let field = windowing.keyboard.firstResponder, heap.isAlive(field), try field == view || isDescendant(field, of: view) else {
            return false
        }
        return try resignFirstResponder(field)
    }
}
