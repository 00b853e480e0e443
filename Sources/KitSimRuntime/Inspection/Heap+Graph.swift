extension Heap {
    /// Formats of the ownership graph (`kitsim graph`, `sim.graph`).
    public enum GraphFormat: String, Sendable, CaseIterable { case dot, mermaid }

    /// The ownership graph of the live objects: one node per object (labelled objects
    /// show their label; roots are marked), one edge per reference, strong edges solid,
    /// weak and unowned dashed. Deterministic: objects and edges in id order.
    public func graph(_ format: GraphFormat = .dot) -> String {
        let live = liveObjects
        let rootSet = Set(roots)
        func nodeLabel(_ id: ObjectID) -> String {
            var s = describe(id)
            if let l = label(of: id) { s += " \"\(l)\"" }
            if rootSet.contains(id) { s += " [" + rootReasons(of: id).joined(separator: ", ") + "]" }
            return s
        }
        var lines: [String] = []
        switch format {
        case .dot:
            lines.append("digraph ownership {")
            lines.append("  node [shape=box, fontname=\"Helvetica\"];")
            for id in live {
                let style = rootSet.contains(id) ? ", style=bold" : ""
                lines.append("  o\(id.raw) [label=\"\(escape(nodeLabel(id)))\"\(style)];")
            }
            for id in live {
                for r in references(from: id) where isValid(r.target) && states[Int(r.target.raw)] != .deallocated {
                    let style = r.ownership.retains ? "" : ", style=dashed"
                    lines.append("  o\(id.raw) -> o\(r.target.raw) [label=\"\(escape(r.name)) (\(r.ownership))\"\(style)];")
                }
            }
            lines.append("}")
        case .mermaid:
            lines.append("graph TD")
            for id in live { lines.append("  o\(id.raw)[\"\(escape(nodeLabel(id)))\"]") }
            for id in live {
                for r in references(from: id) where isValid(r.target) && states[Int(r.target.raw)] != .deallocated {
                    let arrow = r.ownership.retains ? "-->" : "-.->"
                    lines.append("  o\(id.raw) \(arrow)|\(escape(r.name)) \(r.ownership)| o\(r.target.raw)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ s: String) -> String {
        var out = ""
        for c in s { if c == "\"" { out += "\\\"" } else if c == "\\" { out += "\\\\" } else { out.append(c) } }
        return out
    }
}
