import KitSimRuntime

/// `kitsim explore --json`: the result as JSON, keys in a fixed order, times in seconds
/// as KitSim prints them, so the same search prints the same bytes (DEVELOPERS.md rule 3).
public enum ExploreJSON {
    public static func render(_ r: ExploreResult) -> String {
        var fields: [(String, String)] = [
            ("file", string(r.file)), ("strategy", string(r.strategy.rawValue)), ("delays", String(r.delays)),
            ("budget", String(r.budget)),
        ]
        if let seed = r.seed { fields.append(("seed", String(seed))) }
        if let shard = r.shard { fields.append(("shard", object([("index", String(shard.index)), ("count", String(shard.count))]))) }
        fields.append(("passed", r.passed ? "true" : "false"))
        fields.append(("profiles", array(r.profiles.map(profile))))
        return object(fields) + "\n"
    }

    static func profile(_ p: ExploreProfileResult) -> String {
        object([
            ("ios", String(p.ios)), ("orders", String(p.orders)), ("exhaustive", p.exhaustive ? "true" : "false"),
            ("savedByReduction", String(p.savedByReduction)), ("nondeterministic", p.nondeterministic ? "true" : "false"),
            ("failures", array(p.failures.map(failure))), ("unreachedGoals", array(p.unreachedGoals.map(string))),
        ])
    }

    static func failure(_ f: ExploreFailure) -> String {
        object([
            ("kind", string(f.kind.rawValue)), ("headline", string(f.headline)), ("count", String(f.count)),
            ("delays", String(f.order.delays)), ("moved", String(f.order.movedCount)),
            ("schedule", string(f.order.schedule.description)), ("order", array(f.order.events.map(event))),
            ("report", string(f.report)),
        ])
    }

    static func event(_ e: ExploredEvent) -> String {
        object([
            ("label", string(e.label)), ("time", PendingEvent.seconds(e.time)), ("earliest", PendingEvent.seconds(e.earliest)),
            ("latest", PendingEvent.seconds(e.latest)), ("ranAhead", array(e.ranAhead.map(string))),
        ])
    }

    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// A JSON string: quotes, backslashes and control characters escaped (RFC 8259).
    static func string(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
