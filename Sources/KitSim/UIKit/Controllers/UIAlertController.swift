extension Simulator {
    func installAlertMethods() {
        let k = uikit
        define(k.alertController, .initialize) { [unowned self] inv in
            let style: String
            switch inv.argument(2) {
            case .nil: style = "alert"
            case .string(let s) where s == "alert" || s == "actionSheet": style = s
            default:
                throw SimError(.typeMismatch, "bad argument #3 to 'UIAlertController' (\"alert\" or \"actionSheet\" expected, got \(inv.argument(2)))")
            }
            try write(inv.receiver, k.title, try optionalString(inv, 0, "UIAlertController"))
            try write(inv.receiver, k.alertMessage, try optionalString(inv, 1, "UIAlertController"))
            try write(inv.receiver, k.alertStyle, .string(style))
            return .object(inv.receiver)
        }
        define(k.alertController, "addAction") { [unowned self] inv in
            let action = try inv.required(0, k.alertAction, "addAction")
            try heap.insertElement(action, into: inv.receiver, k.alertActions)
            return .nil
        }
        define(k.alertAction, .initialize) { [unowned self] inv in
            let style: String
            switch inv.argument(1) {
            case .nil: style = "default"
            case .string(let s) where ["default", "cancel", "destructive"].contains(s): style = s
            default:
                throw SimError(.typeMismatch, "bad argument #2 to 'UIAlertAction' (\"default\", \"cancel\" or \"destructive\" expected, got \(inv.argument(1)))")
            }
            try checkCallback(inv, 2, "UIAlertAction")
            try write(inv.receiver, k.actionTitle, try optionalString(inv, 0, "UIAlertAction"))
            try write(inv.receiver, k.actionStyle, .string(style))
            try write(inv.receiver, k.actionHandler, inv.argument(2))
            return .object(inv.receiver)
        }
    }

    private func optionalString(_ inv: Invocation, _ i: Int, _ fn: String) throws -> Value {
        switch inv.argument(i) {
        case .nil, .string: return inv.argument(i)
        default:
            throw SimError(.typeMismatch, "bad argument #\(i + 1) to '\(fn)' (string expected, got \(heap.describeType(of: inv.argument(i))))")
        }
    }

    /// SPEC rule 21 (seed 002): an alert or action sheet shows in a window of its own at
    /// the `.alert` level, which becomes key while it is shown.
    func presentAlert(_ alert: ObjectID, from presenter: ObjectID, completion: Value) throws {
        let k = uikit
        let w = heap.alloc(k.alertWindow)
        _ = try heap.send(w, .initialize, args: Arguments(.rect(screenBounds)))
        try write(w, k.windowLevel, .double(2000))
        windowStack.orderChanged()
        try heap.hold(w, alertHold)
        try write(alert, k.alertWindowProperty, w)
        try write(presenter, k.presented, alert)
        try write(alert, k.presenting, presenter)
        try write(w, k.rootViewController, alert)
        _ = try heap.send(w, .makeKeyAndVisible)
        try finishTransition(animated: false, keeping: [alert], completion: completion) {}
    }

    /// Dismisses an alert: its window goes away (key status passes on by rule 4, to the
    /// frontmost visible window), then the tapped action's handler and the completion run.
    func dismissAlert(_ alert: ObjectID, handler: Value, action: ObjectID?, completion: Value) throws {
        let k = uikit
        guard let presenter = try object(alert, k.presenting) else { return }
        try beginAppearance(alert, appearing: false, animated: false)
        var keep = [alert, presenter]
        if let action { keep.append(action) }
        try finishTransition(animated: false, keeping: keep, completion: completion) { [unowned self] in
            try endAppearance(alert, animated: false)
            if let w = try object(alert, k.alertWindowProperty), heap.isAlive(w) {
                try setWindowHidden(w, true)
                try write(w, k.rootViewController, nil)
                try write(alert, k.alertWindowProperty, nil)
                try heap.unhold(w, alertHold)
            }
            try write(alert, k.presenting, nil)
            if try object(presenter, k.presented) == alert { try write(presenter, k.presented, nil) }
            noteLeftUI(alert, "dismissed")
            if let action { try callCallback(handler, [.object(action)]) }
        }
    }

    /// `sim.tap(alert, "Cancel")`: taps the action with that title.
    public func tapAlert(_ alert: ObjectID, _ title: String) throws {
        let k = uikit
        let actions = try objects(alert, k.alertActions)
        var titles: [String] = []
        for a in actions {
            let t = try heap.readSlot(a, k.actionTitle)
            if case .string(let s) = t { titles.append(s) }
            if t == .string(title) {
                guard try object(alert, k.presenting) != nil else {
                    throw SimError(.invalidUse, "\(angle(alert)) is not presented: there is nothing to tap")
                }
                try dismissAlert(alert, handler: try heap.readSlot(a, k.actionHandler), action: a, completion: .nil)
                return
            }
        }
        throw SimError(.invalidUse, "bad argument #2 to 'tap' (\(angle(alert)) has no action titled \"\(title)\"; its actions: \(titles.map { "\"\($0)\"" }.joined(separator: ", ")))")
    }
}
