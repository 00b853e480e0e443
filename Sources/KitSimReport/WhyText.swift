import KitSimRuntime

extension Heap {
    /// `sim.why(obj)` as text: what keeps `id` alive, or how it died.
    public func why(_ id: ObjectID) -> String {
        guard isValid(id) else { return "\(id) is not an object of this heap" }
        let name = describe(id)
        if state(of: id) == .deallocated {
            var text = "\(name) is deallocated"
            if let last = lastRelease(of: id) { text += ": the last reference went at \(last)" }
            return text
        }
        let paths = retainPaths(to: id)
        var lines = ["\(name) (retain count \(retainCount(id))) is kept alive by:"]
        if paths.isEmpty { lines.append("  nothing: it is only alive for a call in progress") }
        for (i, p) in paths.enumerated() {
            var text = "  \(i + 1). "
            if p.fromRoot {
                text += "[\(p.rootReasons.joined(separator: ", "))] "
            } else if p.steps.count == 1 && p.steps[0].owner == id {
                text += "[a retain cycle: it references itself] "
            } else {
                text += "[not reachable from any root: a retain cycle] "
            }
            if p.steps.isEmpty { text += name } else { text += p.steps.map(describe).joined(separator: " → ") + " → " + name }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }

    /// The rendered release that took `id`'s count to zero.
    func lastRelease(of id: ObjectID) -> String? {
        let lines = historyLines(of: id)
        return lines.last(where: { $0.contains("release") })?.trimmingPrefixSpaces
    }
}

extension String {
    var trimmingPrefixSpaces: String { String(drop(while: { $0 == " " })) }
}
