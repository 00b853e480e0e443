extension Screen {
    /// `sim.screen()` as Xcode's view debugger shows it in wireframe, as typed data for a
    /// drawing (KitSimReport's `ScreenSVG`): one panel per visible window, the frontmost
    /// first, titled with the window, its level, whether it is key and its root
    /// controller; in it the window's frame and each visible view's frame with its class,
    /// id, label and the controller it is the view of, and whether it is covered. Hidden
    /// views are left out (SPEC rule 10) and counted; a black screen (rule 7) is marked.
    func picture() throws -> ScreenPicture {
        let state = try self.state()
        func name(_ id: ObjectID) -> String {
            heap.describe(id) + (heap.label(of: id).map { " \"\($0)\"" } ?? "")
        }
        var panels: [ScreenPicture.Panel] = []
        for w in state.windows {
            let frame = try sim.views.absoluteFrame(w.id)
            var title = "\(name(w.id)) · level \(formatNumber(w.level))"
            if w.isKey { title += " · key window" }
            var views: [ScreenPicture.View] = []
            for v in w.views where !v.isHidden {
                var fill = "none"
                if !v.isCovered, case .string(let colour) = try heap.readSlot(v.id, UIView.backgroundColor) {
                    fill = Screen.cssColor(colour)
                }
                var label = name(v.id)
                if let c = v.controller { label += " (view of \(name(c)))" }
                if v.isCovered { label += " covered" }
                views.append(ScreenPicture.View(frame: v.frame, label: label, fill: fill, isCovered: v.isCovered))
            }
            panels.append(ScreenPicture.Panel(title: title, subtitle: "root: " + (w.rootViewController.map(name) ?? "none"),
                                              frame: frame, window: heap.describe(w.id), views: views,
                                              hiddenViews: w.views.filter(\.isHidden).count))
        }
        return ScreenPicture(screen: sim.screenBounds, panels: panels, isBlack: state.black)
    }
}

extension Screen {
    private static let cssNames: Set<String> = ["red", "green", "blue", "yellow", "orange", "purple", "pink", "gray", "grey", "cyan",
                                                 "magenta", "brown", "black", "white", "darkgray", "lightgray", "teal", "indigo"]

    /// UIKit colour names as scripts write them ("brown", "systemBackground") in CSS.
    static func cssColor(_ name: String) -> String {
        switch name {
        case "systemBackground", "white": return "#fff"
        case "clear": return "none"
        case "brown": return "#996633"
        case "black": return "#000"
        default:
            if name.hasPrefix("#") { return name }
            // `systemRed` and `red` alike; names CSS does not know (`systemGroupedBackground`)
            // get a neutral grey rather than an invalid colour that would paint black.
            var base = name.hasPrefix("system") ? String(name.dropFirst(6)) : name
            base = base.lowercased()
            return cssNames.contains(base) ? base : "#ddd"
        }
    }
}
