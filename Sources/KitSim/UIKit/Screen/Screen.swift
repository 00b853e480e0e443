/// What a person would see (SPEC rule 10): the visible windows top-down, the views in
/// each with the controllers they belong to and whether they are fully covered, the
/// key window, and whether the screen is black (rule 7).
public struct ScreenState: Equatable, Sendable, CustomStringConvertible {
    public struct View: Equatable, Sendable {
        public let id: ObjectID
        public let className: String
        public let depth: Int
        /// The frame in screen coordinates.
        public let frame: Rect
        /// The controller this is the view of, if any.
        public let controller: ObjectID?
        public let controllerClass: String?
        /// Hidden or transparent (itself or an ancestor).
        public let isHidden: Bool
        /// Entirely under an opaque view painted later.
        public let isCovered: Bool
    }
    public struct Window: Equatable, Sendable {
        public let id: ObjectID
        public let className: String
        public let level: Double
        public let isKey: Bool
        public let rootViewController: ObjectID?
        /// The window's subviews, depth first, back to front.
        public let views: [View]
    }
    /// Visible windows, top first.
    public let windows: [Window]
    public let keyWindow: ObjectID?
    public let black: Bool

    /// Controllers whose views are on screen and not covered.
    public var visibleControllers: [ObjectID] {
        windows.flatMap { $0.views }.filter { !$0.isHidden && !$0.isCovered }.compactMap(\.controller)
    }
    /// Views that are fully covered.
    public var coveredViews: [ObjectID] { windows.flatMap { $0.views }.filter(\.isCovered).map(\.id) }
    /// The topmost uncovered, unhidden view, the one in front.
    public var frontmostView: ObjectID? {
        for w in windows { if let v = w.views.last(where: { !$0.isHidden && !$0.isCovered }) { return v.id } }
        return nil
    }

    public var description: String {
        var lines = ["screen: \(black ? "BLACK" : "content"), key window: \(keyWindow.map { "\($0)" } ?? "none")"]
        if windows.isEmpty { lines.append("  (no visible window)") }
        for w in windows {
            var line = "  \(w.className)\(w.id) level \(formatNumber(w.level))"
            if w.isKey { line += " [key]" }
            line += " root: \(w.rootViewController.map { "\($0)" } ?? "none")"
            lines.append(line)
            for v in w.views {
                var l = Self.indent(v.depth) + "\(v.className)\(v.id)"
                if let c = v.controller, let cc = v.controllerClass { l += " (view of \(cc)\(c))" }
                if v.isHidden { l += " hidden" } else if v.isCovered { l += " covered" }
                lines.append(l)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Views deeper than this are indented as deep as it, with their depth written out:
    /// the text of a chain of n nested views stays O(n), where full indentation is O(n²)
    /// (400 MB for a script's chain of 20,000 views).
    static let maxIndentDepth = 32

    static func indent(_ depth: Int) -> String {
        if depth <= maxIndentDepth { return String(repeating: "  ", count: depth + 2) }
        return String(repeating: "  ", count: maxIndentDepth + 2) + "[depth \(depth)] "
    }
}

/// What the user sees (SPEC rules 7, 10): the screen as a person would describe it
/// (`sim.screen()`) and as a wireframe drawing (`sim.screenPicture()`), both computed from
/// the windows and the view tree when asked for. It owns no state: what is on screen is
/// the windows' and the views', read here and never changed.
final class Screen: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// Nothing to check: the screen is computed, never stored.
    func violations() -> [String] { [] }

    /// `sim.screen()`.
    func state() throws -> ScreenState {
        let tree = sim.views
        var owners: [ObjectID: ObjectID] = [:]           // view → controller
        for id in heap.liveObjects where heap.isKind(id, of: UIViewController.handle) {
            if let v = try object(id, UIViewController.view) { owners[v] = id }
        }
        // Paint order, bottom window first, each window's views depth first.
        struct Painted { var view: ObjectID; var frame: Rect; var opaque: Bool; var window: Int }
        var painted: [Painted] = []
        var perWindow: [(ObjectID, [(ObjectID, Int, Bool)])] = []
        let visible = sim.visibleWindows
        for (wi, w) in visible.enumerated() {
            var list: [(ObjectID, Int, Bool)] = []
            func walk(_ v: ObjectID, _ depth: Int) throws {
                for s in try objects(v, UIView.subviews) {
                    let shown = try tree.isEffectivelyVisible(s)
                    list.append((s, depth, shown))
                    let opaque = try shown && number(s, UIView.alpha, default: 1) >= 1 && !heap.readSlot(s, UIView.backgroundColor).isNil
                    painted.append(Painted(view: s, frame: try tree.absoluteFrame(s), opaque: opaque, window: wi))
                    try walk(s, depth + 1)
                }
            }
            try walk(w, 0)
            perWindow.append((w, list))
        }
        var covered = Set<ObjectID>()
        for (i, p) in painted.enumerated() {
            for q in painted[(i + 1)...] where q.opaque && q.frame.covers(p.frame) {
                if try tree.isDescendant(q.view, of: p.view) { continue }
                covered.insert(p.view)
                break
            }
        }
        var windowsOut: [ScreenState.Window] = []
        var anyContent = false
        let centre = Point(x: sim.screenBounds.width / 2, y: sim.screenBounds.height / 2)
        for (w, list) in perWindow.reversed() {
            let root = try object(w, UIWindow.rootViewController)
            if let root, let rv = try object(root, UIViewController.view), try object(rv, UIView.superview) == w { anyContent = true }
            let views = try list.map { (v, depth, shown) -> ScreenState.View in
                let c = owners[v]
                let f = try tree.absoluteFrame(v)
                if try shown && !heap.readSlot(v, UIView.backgroundColor).isNil && f.contains(centre) { anyContent = true }
                return ScreenState.View(id: v, className: heap.classOf(v).name, depth: depth, frame: f, controller: c,
                                        controllerClass: c.map { heap.classOf($0).name }, isHidden: !shown,
                                        isCovered: shown && covered.contains(v))
            }
            windowsOut.append(ScreenState.Window(id: w, className: heap.classOf(w).name,
                                                 level: try number(w, UIWindow.windowLevel, default: 0),
                                                 isKey: sim.keyWindow == w, rootViewController: root, views: views))
        }
        return ScreenState(windows: windowsOut, keyWindow: sim.keyWindow, black: !anyContent)
    }
}

extension Simulator {
    /// `sim.screen()`: what a person would see (`Screen.state`).
    public func screen() throws -> ScreenState { try display.state() }

    /// `sim.screen()` as a wireframe drawing (`Screen.picture`).
    public func screenPicture() throws -> ScreenPicture { try display.picture() }
}
