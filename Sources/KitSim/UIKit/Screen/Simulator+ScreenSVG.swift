extension Simulator {
    /// `sim.screen()` drawn: the visible windows bottom to top, each view a rectangle in its
    /// background colour (none: outline only), covered views hatched grey, controllers'
    /// views labelled with the controller; a black screen is drawn black.
    public func screenSVG() throws -> String {
        let state = try screen()
        var svg = SVGWriter(width: screenBounds.width, height: screenBounds.height)
        svg.rect(screenBounds, fill: state.black ? "#000" : "#fff", stroke: "#999")
        for window in state.windows.reversed() {
            for v in window.views where !v.isHidden {
                let color = try heap.readSlot(v.id, uikit.backgroundColor)
                var fill = "none"
                if case .string(let name) = color { fill = Self.cssColor(name) }
                svg.rect(v.frame, fill: v.isCovered ? "#ccc" : fill, stroke: v.isCovered ? "#999" : "#333", dashed: v.isCovered)
                var label = "\(v.className)\(v.id)"
                if let c = v.controller, let cc = v.controllerClass { label = "\(cc)\(c).view" }
                if v.isCovered { label += " (covered)" }
                svg.text(label, at: Point(x: v.frame.x + 4, y: v.frame.y + 14), size: 10, anchor: "start",
                         color: fill == "#000" || fill == "black" ? "#fff" : "#111")
            }
        }
        return svg.document
    }

    /// UIKit colour names as scripts write them ("brown", "systemBackground") in CSS.
    static func cssColor(_ name: String) -> String {
        switch name {
        case "systemBackground", "white": return "#fff"
        case "clear": return "none"
        case "brown": return "#996633"
        case "black": return "#000"
        default:
            if name.hasPrefix("#") { return name }
            return name.allSatisfy({ $0.isLetter }) ? name : "#ddd"
        }
    }
}
