/// `__NSObserver`, as the model names it: its class and the properties the model reads and writes.
package enum __NSObserver: ModelClass {
    package static let handle = ClassHandle("__NSObserver", global: false)
    package static var declaration: SimulatorClassDeclaration { Notifications.observerTokenDeclaration }
    package static let block = handle.property("block")
    package static let name = handle.property("name")
    package static let object = handle.property("object")
}

/// `NotificationCenter`, as the model names it: its class and the properties the model reads and writes.
package enum NotificationCenter: ModelClass {
    package static let handle = ClassHandle("NotificationCenter")
    package static var declaration: SimulatorClassDeclaration { Notifications.notificationCenterDeclaration }
    package static let observers = handle.property("observers")
}

/// One registration with a notification center (SPEC rules 32–34): what it matches and
/// whom it calls. The center keeps them in registration order.
struct NotificationRegistration {
    enum Receiver {
        /// `addObserver_forName`: the center retains the token, the token its block.
        case block(token: ObjectID)
        /// `addObserver`: the observer is not retained; weak from iOS 9, dangling before.
        case selector(observer: ObjectID, selector: Selector)
    }
    /// Its registration number, 1, 2, … in the order registrations were made.
    let number: Int
    /// The notification name it matches; nil matches every name.
    let name: String?
    /// The sender it matches by identity (held weakly); nil matches any sender.
    let object: ObjectID?
    let receiver: Receiver

    func matches(_ name: String, _ object: ObjectID?) -> Bool {
        (self.name == nil || self.name == name) && (self.object == nil || self.object == object)
    }
}

/// The notification centers' registrations (SPEC rules 32–34) and `NotificationCenter.default`
/// (rule 24): each center's registrations in registration order, numbered 1, 2, … across
/// all centers, and the holds of the default center and of a post's objects.
final class Notifications: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// `NotificationCenter.default`, once made, for the life of the app.
    let defaultCenterHold: HoldReason
    /// A notification's sender and the objects of its userInfo while it is delivered.
    let postingHold: HoldReason
    /// `NotificationCenter.default` once made, else id 0.
    private(set) var defaultCenterID = ObjectID(0)
    /// Each center's registrations in registration order, by center id.
    private(set) var registrations: [UInt32: [NotificationRegistration]] = [:]
    /// The last registration number given.
    private(set) var nextRegistration = 0
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        defaultCenterHold = Simulator.declaredHold("NotificationCenter.default", heap)
        postingHold = Simulator.declaredHold("posting", heap)
    }

    /// The default center, once made, is alive (it is held for the life of the app); each
    /// center's registrations are numbered in increasing order, none above the last number
    /// given; and a live center still keeps the token of each of its block registrations.
    func violations() -> [String] {
        var out = log.failures + heap.singletonViolations([(defaultCenterID, defaultCenterHold, "NotificationCenter.default")])
        for (center, regs) in registrations.sorted(by: { $0.key < $1.key }) {
            let numbers = regs.map(\.number)
            if zip(numbers, numbers.dropFirst()).contains(where: { $0 >= $1 }) || (numbers.last ?? 0) > nextRegistration {
                out.append("the registrations of center #\(center) are out of order"); break
            }
            guard heap.isAlive(ObjectID(center)) else { continue }
            for r in regs {
                if case .block(let token) = r.receiver, !heap.isAlive(token) {
                    out.append("the token #\(token) of a registration of center #\(center) is not alive"); break
                }
            }
        }
        return out
    }
}

extension Notifications {
    /// `NotificationCenter` (SPEC rules 32–34): block observers are tokens the center
    /// retains until `removeObserver(token)`, each retaining its block; selector observers
    /// are not retained. `post` delivers synchronously, in registration order.
    static let notificationCenterDeclaration = ClassDeclaration(NotificationCenter.handle,
        summary: "Delivers notifications synchronously; it keeps block observers' tokens until they are removed.") {
        PropertyDeclaration(NotificationCenter.observers, .strong, .array("__NSObserver"), readOnly: true,
                            summary: "The tokens of block observers, in registration order; each is kept until `removeObserver(token)`.")
        Static("default", .object("NotificationCenter"), lazy: true, summary: "The app's center, made on first access (rule 24).") { sim in
            .object(sim.notifications.defaultCenter())
        }
        HoldDeclaration("NotificationCenter.default", "the app's notification center, once made, for the life of the app")
        HoldDeclaration("posting", "a notification's sender and the objects of its userInfo while it is delivered")

        Method.initializer(summary: "A center of your own; `NotificationCenter.default` is the app's.") { sim, inv in
            try sim.write(inv.receiver, sim[NotificationCenter.observers], .array([]))
            return .object(inv.receiver)
        }
        Method("addObserver_forName", swift: "addObserver(forName:object:queue:using:)",
               .string("name", optional: true), .object("object", "NSObject", optional: true),
               .object("queue", "OperationQueue", optional: true), .function("block", optional: false),
               returns: .object("__NSObserver"),
               summary: "A block observer (nil name: every name; nil object: any sender). The center keeps the returned token, the token the block (rule 32).") { sim, inv in
            .object(try sim.notifications.addBlockObserver(inv.receiver, name: inv.stringArgument(0), object: inv.optionalObjectArgument(1),
                                                           block: inv.argument(3)))
        }
        Method("publisher", swift: "publisher(for:object:)", .string("name", optional: true), returns: .object("Publisher"),
               summary: "Combine's publisher of the notifications named `name`: each subscription is an observer the center keeps until it ends (rule 89).") { sim, inv in
            .object(try sim.combine.makeRoot(.notification(center: inv.receiver, name: inv.stringArgument(0))))
        }
        Method("addObserver", swift: "addObserver(_:selector:name:object:)",
               .object("observer", "NSObject"), .string("selector"), .string("name", optional: true),
               .object("object", "NSObject", optional: true),
               summary: "A selector observer, not retained: weak from iOS 9, dangling on 7–8 (rule 33).") { sim, inv in
            sim.notifications.register(inv.receiver, name: inv.stringArgument(2), object: inv.optionalObjectArgument(3),
                                       .selector(observer: inv.objectArgument(0), selector: Selector(inv.stringArgument(1) ?? "")))
            return .nil
        }
        Method("removeObserver", swift: "removeObserver(_:name:object:)",
               .object("observer", "NSObject"), .string("name", optional: true), .object("object", "NSObject", optional: true),
               summary: "`removeObserver(token)` ends a block registration; `removeObserver(observer [, name, object])` the observer's matching ones (nil: any).") { sim, inv in
            try sim.notifications.removeObserver(inv.receiver, inv.objectArgument(0), name: inv.stringArgument(1),
                                                 object: inv.optionalObjectArgument(2), filtered: inv.argumentCount > 1)
            return .nil
        }
        Method("post", swift: "post(name:object:userInfo:)", .string("name"), .object("object", "NSObject", optional: true),
               Parameter("userInfo", .table, optional: true),
               summary: "Delivers `{ name, object, userInfo }` to each matching registration before it returns (rule 34).") { sim, inv in
            try sim.notifications.post(inv.receiver, name: inv.stringArgument(0) ?? "", object: inv.optionalObjectArgument(1), userInfo: inv.argument(2))
            return .nil
        }
    }

    /// `__NSObserver`: the token of a block observer; it keeps the block.
    static let observerTokenDeclaration = ClassDeclaration(__NSObserver.handle,
        summary: "A block observer's token: the center keeps it until it is removed, and it keeps its block.") {
        PropertyDeclaration(__NSObserver.block, .strong, .function, readOnly: true, summary: "Called with (captures…, notification).")
        PropertyDeclaration(__NSObserver.name, .copy, .string, readOnly: true)
        PropertyDeclaration(__NSObserver.object, .weak, .object("NSObject"), readOnly: true, summary: "The sender it matches, held weakly.")
    }
}

extension Notifications {
    /// `NotificationCenter.default`, made (and held for the life of the app) on first access
    /// (SPEC rule 24).
    func defaultCenter() -> ObjectID {
        if defaultCenterID.raw != 0 { return defaultCenterID }
        let id = sim.singleton(&defaultCenterID, heap[NotificationCenter.self], defaultCenterHold)
        // A fresh object of a fresh class accepts an empty array.
        try? heap.writeSlot(id, heap[NotificationCenter.observers], .array([]))
        return id
    }

    func register(_ center: ObjectID, name: String?, object: ObjectID?, _ receiver: NotificationRegistration.Receiver) {
        nextRegistration += 1
        registrations[center.raw, default: []].append(
            NotificationRegistration(number: nextRegistration, name: name, object: object, receiver: receiver))
    }

    /// SPEC rule 32: the center retains the token, the token the block.
    func addBlockObserver(_ center: ObjectID, name: String?, object: ObjectID?, block: Value) throws -> ObjectID {
        let token = heap.alloc(heap[__NSObserver.self])
        try write(token, heap[__NSObserver.block], block)
        try write(token, heap[__NSObserver.name], name.map(Value.string) ?? .nil)
        try write(token, heap[__NSObserver.object], object)
        try heap.insertElement(token, into: center, heap[NotificationCenter.observers])
        register(center, name: name, object: object, .block(token: token))
        return token
    }

    /// `removeObserver(x)`: a token ends its registration; any other object its selector
    /// registrations, those matching `name` and `object` when `filtered` (nil: any).
    /// An object that is not registered changes nothing (SPEC rules 32, 33).
    func removeObserver(_ center: ObjectID, _ x: ObjectID, name: String?, object: ObjectID?, filtered: Bool) throws {
        guard let regs = registrations[center.raw] else { return }
        var kept: [NotificationRegistration] = [], removedTokens: [ObjectID] = []
        for r in regs {
            switch r.receiver {
            case .block(let token) where token == x && (!filtered || r.matchesFilter(name, object)):
                removedTokens.append(token)
            case .selector(let observer, _) where observer == x && (!filtered || r.matchesFilter(name, object)):
                break
            default:
                kept.append(r)
            }
        }
        registrations[center.raw] = kept
        log.note(kept.contains { if case .block(let t) = $0.receiver { return removedTokens.contains(t) } else { return false } }
                 ? "a removed token of center #\(center) is still registered" : nil)
        for token in removedTokens {
            try heap.removeElement(token, from: center, heap[NotificationCenter.observers])
        }
    }

    /// SPEC rule 34: delivers synchronously to each registration present when the post
    /// starts and still present at its turn, in registration order. The sender and the
    /// userInfo's objects are held while it is delivered.
    func post(_ center: ObjectID, name: String, object: ObjectID?, userInfo: Value) throws {
        let info = try heap.snapshot(userInfo, path: "userInfo", owner: center)
        var held: [UInt32] = []
        if let object { held.append(object.raw) }
        info.forEachObject { held.append($0) }
        for raw in held { try heap.hold(ObjectID(raw), postingHold) }
        defer { for raw in held where heap.isAlive(ObjectID(raw)) { try? heap.unhold(ObjectID(raw), postingHold) } }
        let note = Value.dictionary(sorting: [
            Value.Entry(key: .string("name"), value: .string(name)),
            Value.Entry(key: .string("object"), value: object.map(Value.object) ?? .nil),
            Value.Entry(key: .string("userInfo"), value: info),
        ])
        let present = (registrations[center.raw] ?? []).filter { $0.matches(name, object) }
        for r in present {
            // One removed by an earlier observer of this post is skipped.
            guard registrations[center.raw]?.contains(where: { $0.number == r.number }) == true else { continue }
            switch r.receiver {
            case .block(let token):
                try sim.callCallback(try heap.readSlot(token, heap[__NSObserver.block]), [note])
            case .selector(let observer, let selector):
                // SPEC rule 33: from iOS 9 a deallocated observer is skipped; on 7–8 the
                // registration dangles and the send is a zombie's crash.
                if !heap.isAlive(observer) && sim.configuration.ios >= 9 { continue }
                _ = try heap.send(observer, selector, args: Arguments(note))
            }
        }
    }
}

extension Simulator {
    /// `NotificationCenter.default`, made (and held for the life of the app) on first access
    /// (SPEC rule 24).
    public func defaultNotificationCenter() -> ObjectID { notifications.defaultCenter() }
}

extension NotificationRegistration {
    /// `removeObserver(observer, name, object)`: nil matches every registration's value.
    func matchesFilter(_ name: String?, _ object: ObjectID?) -> Bool {
        (name == nil || self.name == name) && (object == nil || self.object == object)
    }
}
