import KitSimRuntime

extension Heap {
    /// `sim.why(obj)` as text: what keeps `id` alive, or how it died (`deathWhy`).
    public func why(_ id: ObjectID) -> String {
        guard isValid(id) else { return "\(id) is not an object of this heap" }
        let name = describe(id)
        if state(of: id) == .deallocated { return deathWhy(id) }
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
        // A leaking object's paths with LeakCanary's labels (rule 85): which objects on them
        // leak, and the suspects between the last that does not and the first that does.
        let status = leakStatus(of: id)
        let unrooted = paths.contains { !$0.fromRoot }
        if status.isLeaking || unrooted {
            let reason = status.reason ?? "kept only by a retain cycle"
            lines.append("statuses (suspects underlined):")
            for (i, p) in paths.enumerated() where !p.steps.isEmpty {
                lines.append("  \(i + 1).")
                lines.append(LeakTraceText.trace(leakTrace(path: p.steps, leaked: id, because: reason), in: self, indent: "     "))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How a deallocated object died: the sentence naming the last owner it lost and why
    /// (`deathSentence`), then the line of that owner's release, the temporary holds that
    /// kept it after (UIKit's, and the autorelease pool), each with its line, and the
    /// deallocation. The last owner comes first because it is what the script's code can
    /// change; the temporary holds only decide when, within the turn, the object went.
    func deathWhy(_ id: ObjectID) -> String {
        guard let d = death(of: id) else { return "\(describe(id)) is deallocated (its history was not recorded)" }
        var lines = [deathSentence(d)]
        if let owner = d.lastOwner {
            lines.append("  [\(formatTime(owner.time))] its last owner let go: \(releaseText(owner))" + at(owner.location))
        }
        for h in d.temporaryHolds {
            lines.append("  [\(formatTime(h.time))] then a temporary hold let go: \(releaseText(h))" + at(h.location))
        }
        lines.append("  [\(formatTime(d.time))] deallocated" + at(d.location))
        return lines.joined(separator: "\n")
    }

    /// The sentence that names how `id` died, for the crash headline of a message sent to
    /// it and for the HTML report; nil when it is alive or its history was not recorded.
    public func deathSentence(_ id: ObjectID) -> String? {
        death(of: id).map(deathSentence)
    }

    /// `UINavigationController#6 was deallocated at 0.000 s when UIWindow#4, its last owner
    /// (through rootViewController), was deallocated: nothing owned UIWindow#4 …`.
    public func deathSentence(_ d: Death) -> String {
        let head = describe(d.object) + " was deallocated "
        if d.lastOwner == nil, d.temporaryHolds.last?.cause == .pool {
            // SPEC rule 3: the most common surprise of a newcomer, an object nothing ever
            // owned, gone at the drain that ended the turn it was made in.
            return head + "at the end of the turn at \(formatTime(d.time)) s: " + deathReason(d)
        }
        let joint = d.lastOwner?.cause == .teardown ? " when " : ": "
        return head + "at \(formatTime(d.time)) s" + joint + deathReason(d)
    }

    /// The reason part of a death's sentence. `nested` for an owner's death inside
    /// another object's sentence, which names the owner where a sentence of its own says "it".
    private func deathReason(_ d: Death, nested: Bool = false) -> String {
        guard let owner = d.lastOwner else {
            let example = ownerAdvice?(d.object).map { "for example \($0)" } ?? "a strong property, a window, a container"
            var text = "nothing owned " + (nested ? describe(d.object) : "it")
            if d.temporaryHolds.last?.cause == .pool {
                text += " (script variables do not own objects)"
            } else if !d.temporaryHolds.isEmpty {
                text += ", only temporary holds (" + d.temporaryHolds.map(holdName).joined(separator: ", ") + ")"
            }
            return text + "; give it an owner (\(example))" + (nested ? "" : " or `sim.hold` it")
        }
        // In an owner's death inside another object's sentence, "its" would be ambiguous.
        let its = nested ? (closureSite(d.object).map { "the closure (\($0))'s" } ?? describe(d.object) + "'s") : "its"
        switch owner.cause {
        case .teardown:
            var text: String
            if let o = owner.owner, let site = closureSite(o) {
                text = "closure (\(site)), \(its) last owner (through the closure's capture '\(owner.name)'), was deallocated"
            } else {
                text = (owner.owner.map(describe) ?? "the owner") + ", \(its) last owner (through \(owner.name)), was deallocated"
            }
            if let od = d.ownerDeath { text += ": " + deathReason(od, nested: true) }
            return text
        case .hold:
            return "the script's `sim.hold`, \(its) last owner, was released" + at(owner.location, " at ")
        case .none, .pool:
            return (nested ? describe(d.object) : "it") + " was released" + at(owner.location, " at ")
        case .property, .element, .associated:
            let edge = owner.owner.map { edgeName($0, owner.name) } ?? owner.name
            var text = "\(its) last owner, \(edge), let it go" + at(owner.location, " at ")
            switch owner.cause {
            case .property: text += " (set to \(owner.replacement.map(describe) ?? "nil"))"
            case .element: text += " (removed)"
            default: break
            }
            return text
        }
    }

    /// A release as `why` lists it: `UIWindow#6.rootViewController`, `hold: transition in
    /// flight`, `autorelease pool drained`.
    private func releaseText(_ r: Death.Release) -> String {
        switch r.cause {
        case .pool: return "autorelease pool drained"
        case .hold: return "hold: \(r.name)"
        case .none: return "released"
        case .teardown: return (r.owner.map { edgeName($0, r.name) } ?? r.name) + ": owner deallocated"
        case .property:
            return (r.owner.map { edgeName($0, r.name) } ?? r.name) + " set to " + (r.replacement.map(describe) ?? "nil")
        case .element: return (r.owner.map { edgeName($0, r.name) } ?? r.name) + " removed"
        case .associated: return (r.owner.map { edgeName($0, r.name) } ?? r.name) + " cleared"
        }
    }

    private func holdName(_ r: Death.Release) -> String { r.cause == .pool ? "autorelease pool" : r.name }

    private func at(_ location: SourceLocation?, _ prefix: String = "  @ ") -> String {
        location.map { prefix + $0.description } ?? ""
    }
}
