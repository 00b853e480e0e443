import KitSimRuntime

extension Heap {
    /// Formats of the ownership graph (`kitsim graph`, `sim.graph`).
    public enum GraphFormat: String, Sendable, CaseIterable { case dot, mermaid }

    /// The ownership graph of the live objects: one node per object (its class and id,
    /// its label, and for a root why it is one), one edge per reference, strong edges
    /// solid, weak and unowned dashed, leaked objects (`leaks()`: retain cycles, what
    /// they keep, abandoned controllers) outlined in red, and a legend of those four
    /// marks. Deterministic: objects and edges in id order.
    public func graph(_ format: GraphFormat = .dot) -> String {
        render(GraphPicture(heap: self, nodes: liveObjects, focus: nil), format)
    }

    /// The graph focused on one object, as Xcode's memory graph shows a selected object:
    /// the object, every object with a chain of strong references to it (the paths from
    /// the roots, or for a leaked object its cycle), and everything it owns through
    /// strong references; the references among them; the object highlighted.
    ///
    /// - Throws: the zombie error `-[X graph]: message sent to deallocated instance #N`
    ///   when `focus` is dead.
    public func graph(_ format: GraphFormat = .dot, focus: ObjectID) throws -> String {
        try checkUsable(focus, "graph")
        return render(GraphPicture(heap: self, nodes: focusedObjects(focus), focus: focus), format)
    }

    private func render(_ p: GraphPicture, _ format: GraphFormat) -> String {
        switch format {
        case .dot: return p.dot()
        case .mermaid: return p.mermaid()
        }
    }
}

/// The nodes, edges and marks of one ownership graph, written as DOT or Mermaid.
struct GraphPicture {
    struct Node { let id: ObjectID; let lines: [String]; let root: Bool; let leaked: Bool }
    /// `keeps`: the edge is on a path that keeps an abandoned controller alive; `suspect`:
    /// it is one of a leak's suspects (rule 85).
    struct Edge {
        let from: ObjectID; let to: ObjectID; let name: String; let ownership: Ownership; let leaked: Bool; let keeps: Bool
        var suspect = false
    }

    /// The red of leaked objects, the same in every format (and in the legend).
    static let leakColor = "#d32f2f"
    static let rootFill = "#e8f0fe"
    static let focusFill = "#fff3c4"
    /// A reference on a path that keeps an abandoned controller alive, in DOT: what the
    /// script must break stands out from every other reference.
    static let keepingStyle = ["color=\"\(leakColor)\"", "fontcolor=\"\(leakColor)\"", "style=bold"]

    let nodes: [Node]
    let edges: [Edge]
    let focus: ObjectID?

    init(heap: Heap, nodes ids: [ObjectID], focus: ObjectID?) {
        let rootSet = Set(heap.roots)
        var leaked = Set<ObjectID>()
        var keeping = Set<Reference>()
        var suspects = Set<Reference>()
        for l in heap.leaks() {
            leaked.formUnion(l.objects)
            leaked.formUnion(l.retained)
            if case .abandoned(let a) = l.payload { for p in a.paths { keeping.formUnion(p) } }
            for t in heap.leakTraces(l) { for i in t.suspects { suspects.insert(t.references[i]) } }
        }
        let included = Set(ids)
        nodes = ids.map { id in
            var lines = [heap.describe(id)]
            if let l = heap.label(of: id) { lines.append("\"\(l)\"") }
            let root = rootSet.contains(id)
            if root { lines.append("[" + heap.rootReasons(of: id).joined(separator: ", ") + "]") }
            return Node(id: id, lines: lines, root: root, leaked: leaked.contains(id))
        }
        var edges: [Edge] = []
        for id in ids {
            for r in heap.references(from: id) where included.contains(r.target) && heap.isAlive(r.target) {
                edges.append(Edge(from: id, to: r.target, name: heap.referenceLabel(id, r.name), ownership: r.ownership,
                                  leaked: r.ownership.retains && leaked.contains(id) && leaked.contains(r.target),
                                  keeps: keeping.contains(r), suspect: suspects.contains(r)))
            }
        }
        self.edges = edges
        self.focus = focus
    }

    /// DOT for Graphviz: top to bottom, rounded boxes, roots filled blue and bold, leaked
    /// objects and the strong references between them red, the references that keep an
    /// abandoned controller alive red and bold, and the legend as a cluster.
    func dot() -> String {
        var out = ["digraph ownership {"]
        out.append("  graph [rankdir=TB, fontname=\"Helvetica\", nodesep=0.35, ranksep=0.55, pad=0.2];")
        out.append("  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11, margin=\"0.12,0.06\"];")
        out.append("  edge [fontname=\"Helvetica\", fontsize=9, fontcolor=\"#444444\", color=\"#333333\"];")
        for n in nodes {
            var attrs = ["label=\"\(Self.dotEscape(n.lines.joined(separator: "\n")))\""]
            attrs.append(contentsOf: nodeStyle(root: n.root, leaked: n.leaked, focused: n.id == focus))
            out.append("  o\(n.id.raw) [\(attrs.joined(separator: ", "))];")
        }
        for e in edges {
            // A suspect's label says so, underlined as in the text (`~`).
            let label = "\(e.name) (\(e.ownership))" + (e.suspect ? "\n~~~ suspect" : "")
            var attrs = ["label=\"\(Self.dotEscape(label))\""]
            // Weak and unowned references do not rank the layout: ownership alone puts an
            // object below its owner, as in Xcode's memory graph.
            if !e.ownership.retains { attrs += ["style=dashed", "color=\"#777777\"", "constraint=false"] }
            if e.suspect {
                attrs += Self.keepingStyle + ["penwidth=3"]
            } else if e.keeps {
                attrs += Self.keepingStyle
            } else if e.leaked {
                attrs.append("color=\"\(Self.leakColor)\"")
            }
            out.append("  o\(e.from.raw) -> o\(e.to.raw) [\(attrs.joined(separator: ", "))];")
        }
        // The legend: a root owning an object strongly, which refers weakly to a leaked one.
        out.append("  subgraph cluster_legend {")
        out.append("    label=\"legend\"; fontsize=10; style=\"rounded,dashed\"; color=\"#999999\"; margin=14;")
        out.append("    legend_root [label=\"root\\n[why it is one]\", \(nodeStyle(root: true, leaked: false, focused: false).joined(separator: ", "))];")
        out.append("    legend_object [label=\"object\"];")
        out.append("    legend_leaked [label=\"leaked\", \(nodeStyle(root: false, leaked: true, focused: false).joined(separator: ", "))];")
        out.append("    legend_root -> legend_object [label=\"strong\"];")
        out.append("    legend_object -> legend_leaked [label=\"weak / unowned\", style=dashed, color=\"#777777\"];")
        if edges.contains(where: \.keeps) {
            out.append("    legend_kept [label=\"abandoned\", \(nodeStyle(root: false, leaked: true, focused: false).joined(separator: ", "))];")
            out.append("    legend_root -> legend_kept [label=\"keeps it alive\", \(Self.keepingStyle.joined(separator: ", "))];")
        }
        if focus != nil {
            out.append("    legend_focus [label=\"selected\", \(nodeStyle(root: false, leaked: false, focused: true).joined(separator: ", "))];")
        }
        out.append("  }")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    private func nodeStyle(root: Bool, leaked: Bool, focused: Bool) -> [String] {
        var attrs: [String] = []
        var style = ["rounded"]
        if root { style.append("bold") }
        if root || focused { style.append("filled"); attrs.append("fillcolor=\"\(focused ? Self.focusFill : Self.rootFill)\"") }
        if style.count > 1 { attrs.insert("style=\"\(style.joined(separator: ","))\"", at: 0) }
        if leaked { attrs.append("color=\"\(Self.leakColor)\""); attrs.append("penwidth=2.5") }
        return attrs
    }

    /// Mermaid: `graph TD`, the same marks as classes, and the legend as a subgraph.
    func mermaid() -> String {
        var out = ["graph TD"]
        for n in nodes {
            var classes: [String] = []
            if n.root { classes.append("root") }
            if n.leaked { classes.append("leaked") }
            if n.id == focus { classes.append("selected") }
            let suffix = classes.isEmpty ? "" : ":::" + classes.joined(separator: ",")
            out.append("  o\(n.id.raw)[\"\(n.lines.map(Self.mermaidEscape).joined(separator: "<br/>"))\"]\(suffix)")
        }
        var leakedEdges: [Int] = []
        var keepingEdges: [Int] = []
        for (i, e) in edges.enumerated() {
            let arrow = e.ownership.retains ? "-->" : "-.->"
            let label = "\(e.name) (\(e.ownership))" + (e.suspect ? " ~ suspect" : "")
            out.append("  o\(e.from.raw) \(arrow)|\"\(Self.mermaidEscape(label))\"| o\(e.to.raw)")
            if e.keeps || e.suspect { keepingEdges.append(i) } else if e.leaked { leakedEdges.append(i) }
        }
        out.append("  subgraph legend")
        out.append("    legend_root[\"root<br/>[why it is one]\"]:::root -->|strong| legend_object[\"object\"]")
        out.append("    legend_object -.->|\"weak / unowned\"| legend_leaked[\"leaked\"]:::leaked")
        if focus != nil { out.append("    legend_focus[\"selected\"]:::selected") }
        out.append("  end")
        out.append("  classDef root fill:\(Self.rootFill),stroke:#333,stroke-width:2px")
        out.append("  classDef leaked stroke:\(Self.leakColor),stroke-width:3px")
        out.append("  classDef selected fill:\(Self.focusFill)")
        if !leakedEdges.isEmpty {
            out.append("  linkStyle \(leakedEdges.map(String.init).joined(separator: ",")) stroke:\(Self.leakColor)")
        }
        if !keepingEdges.isEmpty {
            out.append("  linkStyle \(keepingEdges.map(String.init).joined(separator: ",")) stroke:\(Self.leakColor),stroke-width:3px")
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// DOT's quoted strings take the escapes of Lua's for quotes, backslashes and newlines.
    static func dotEscape(_ s: String) -> String { String(s.luaQuoted.dropFirst().dropLast()) }

    /// Mermaid's quoted text takes entity codes for quotes and markup.
    static func mermaidEscape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
