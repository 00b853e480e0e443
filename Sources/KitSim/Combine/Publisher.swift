/// `Publisher`, as the model names it: Combine's protocol as the base class of the model's
/// publishers, with the operators and subscribers scripts call on any of them.
package enum Publisher: ModelClass {
    package static let handle = ClassHandle("Publisher", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.publisherDeclaration }
    package static let upstream = handle.property("upstream")
    package static let transform = handle.property("transform")
    package static let subscriptions = handle.property("subscriptions")
    package static let object = handle.property("object")
}

extension Pipelines {
    /// `Publisher` (rules 86–88): an operator's publisher keeps its upstream and its
    /// closure, as the operator's struct does; a subject or a timer's publisher keeps its
    /// live subscriptions. `sink` and `assign` subscribe and return the `AnyCancellable`
    /// that keeps the subscription.
    static let publisherDeclaration = ClassDeclaration(Publisher.handle,
        summary: "Combine's publishers: operators, `sink` and `assign`. A subscription keeps its subscriber until cancelled or completed.") {
        PropertyDeclaration(Publisher.upstream, .strong, .object("Publisher"), readOnly: true,
                            summary: "An operator's upstream publisher, kept as the operator's struct keeps it.")
        PropertyDeclaration(Publisher.transform, .strong, .function, readOnly: true,
                            summary: "An operator's closure (`map`, `filter`, `handleEvents`), kept by the publisher and by each subscription's stage.")
        PropertyDeclaration(Publisher.object, .strong, .object("NSObject"), readOnly: true,
                            summary: "A key-value publisher's object, kept as its struct keeps it (rule 89).")
        PropertyDeclaration(Publisher.subscriptions, .strong, .array("Subscription"), readOnly: true,
                            summary: "The live subscriptions of a subject or a timer's publisher, each kept until cancelled or completed (rule 86).")

        Method.callback("deinit", summary: "Forgets the publisher.") { sim, inv in
            sim.combine.forget(inv.receiver)
            return .nil
        }
        Method("map", swift: "map(_:)", .function("transform", optional: false), returns: .object("Publisher"),
               summary: "Each value through `transform(value)`; the publisher and each subscription's stage keep the closure.") { sim, inv in
            .object(try sim.combine.makeOperator(.map, over: inv.receiver, transform: inv.argument(0)))
        }
        Method("filter", swift: "filter(_:)", .function("isIncluded", optional: false), returns: .object("Publisher"),
               summary: "Only the values for which `isIncluded(value)` is true.") { sim, inv in
            .object(try sim.combine.makeOperator(.filter, over: inv.receiver, transform: inv.argument(0)))
        }
        Method("removeDuplicates", swift: "removeDuplicates()", returns: .object("Publisher"),
               summary: "Drops a value equal to the one before it.") { sim, inv in
            .object(try sim.combine.makeOperator(.removeDuplicates, over: inv.receiver))
        }
        Method("receive_on", swift: "receive(on:options:)", Parameter("scheduler", .any, optional: true), returns: .object("Publisher"),
               summary: "Delivers each value and the completion from an event of the main run loop (RunLoop.main or DispatchQueue.main), not before the send returns (rule 88).") { sim, inv in
            .object(try sim.combine.makeOperator(.receiveOn, over: inv.receiver))
        }
        Method("debounce", swift: "debounce(for:scheduler:options:)", .number("seconds"), Parameter("scheduler", .any, optional: true),
               returns: .object("Publisher"),
               summary: "Delivers a value `seconds` after it, on the main run loop, if no newer value came meanwhile (rule 88).") { sim, inv in
            let seconds = inv.numberArgument(0)
            guard seconds >= 0, seconds.isFinite else {
                throw SimError.badArgument(1, "debounce", "the interval must be a finite number of seconds, 0 or more")
            }
            return .object(try sim.combine.makeOperator(.debounce(seconds: seconds), over: inv.receiver))
        }
        Method("handleEvents", swift: "handleEvents(receiveOutput:)", .function("receiveOutput", optional: false), returns: .object("Publisher"),
               summary: "Calls `receiveOutput(value)` for each value, then passes it on.") { sim, inv in
            .object(try sim.combine.makeOperator(.handleEvents, over: inv.receiver, transform: inv.argument(0)))
        }
        Method("first", swift: "first()", returns: .object("Publisher"),
               summary: "The first value, then `.finished`: the subscription ends (rule 87).") { sim, inv in
            .object(try sim.combine.makeOperator(.first, over: inv.receiver))
        }
        Method("prefix", swift: "prefix(_:)", .integer("maxLength"), returns: .object("Publisher"),
               summary: "The first `maxLength` values, then `.finished`: the subscription ends (rule 87).") { sim, inv in
            let n = inv.integerArgument(0)
            guard n >= 0 else { throw SimError.badArgument(1, "prefix", "the length must be 0 or more") }
            return .object(try sim.combine.makeOperator(.prefix(n), over: inv.receiver))
        }
        Method("sink", swift: "sink(receiveCompletion:receiveValue:), sink(receiveValue:)",
               .function("receiveCompletionOrValue", optional: false), .function("receiveValue", optional: true),
               returns: .object("AnyCancellable"),
               summary: "`sink(receiveValue)` or `sink(receiveCompletion, receiveValue)`: a Sink that keeps its closures until the subscription is cancelled or completes; the completion is \"finished\" or `{ failure = error }` (rules 86, 87).") { sim, inv in
            let sink = sim.heap.alloc(sim[Sink.self])
            let twoClosures = !inv.argument(1).isNil
            try sim.write(sink, sim[Sink.receiveValue], twoClosures ? inv.argument(1) : inv.argument(0))
            if twoClosures { try sim.write(sink, sim[Sink.receiveCompletion], inv.argument(0)) }
            return .object(try sim.combine.subscribe(sink, to: inv.receiver))
        }
        Method("assign", swift: "assign(to:on:)", .string("to"), .object("on", "NSObject"), returns: .object("AnyCancellable"),
               summary: "An Assign that sets `on[to]` to each value; it keeps `on` strongly until the subscription is cancelled or completes (rule 87).") { sim, inv in
            let object = inv.objectArgument(1)
            let key = inv.stringArgument(0) ?? ""
            guard sim.heap.classOf(object).property(named: key) != nil else {
                throw SimError.badArgument(1, "assign", "\(sim.heap.describe(object)) has no property '\(key)'")
            }
            let assign = sim.heap.alloc(sim[Assign.self])
            try sim.write(assign, sim[Assign.keyPath], .string(key))
            try sim.write(assign, sim[Assign.object], object)
            return .object(try sim.combine.subscribe(assign, to: inv.receiver))
        }
    }
}
