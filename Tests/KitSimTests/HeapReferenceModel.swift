@testable import KitSimRuntime
@testable import KitSim

// Support for HeapModelTests: a seeded PRNG, the class hierarchy of the random
// test, and a naive reference model of SPEC §2 that recomputes every retain count from
// scratch. The driver that runs both side by side is `RandomHeapRun` in HeapModelTests.swift.

// MARK: - PRNG

/// The runtime's SplitMix64: deterministic on every host; the test never touches
/// `SystemRandomNumberGenerator`.
typealias ModelRNG = SplitMix64

extension SplitMix64 {
    mutating func percent(_ p: Int) -> Bool { chance(p) }
}

// MARK: - The class hierarchy both sides use

enum ModelType: Sendable {
    case any, number
    case object(Int?)        // index into `ModelSchema.classes`, nil = any object
    case objectArray(Int?)
}

struct ModelProperty: Sendable {
    let name: String
    let ownership: Ownership
    let type: ModelType
}

struct ModelClass: Sendable {
    let name: String
    let superclass: Int?
    let properties: [ModelProperty]
}

enum ModelSchema {
    /// 0 is the heap's root class; a typed property names a class defined before it.
    /// Every ownership kind, typed and untyped objects,
    /// strong and copy arrays, `.any` with strong / weak / unowned / assign ownership.
    static let classes: [ModelClass] = [
        ModelClass(name: "NSObject", superclass: nil, properties: []),
        ModelClass(name: "MBase", superclass: 0, properties: [
            ModelProperty(name: "s", ownership: .strong, type: .object(nil)),
            ModelProperty(name: "w", ownership: .weak, type: .object(nil)),
            ModelProperty(name: "u", ownership: .unowned, type: .object(nil)),
            ModelProperty(name: "a", ownership: .assign, type: .object(nil)),
            ModelProperty(name: "c", ownership: .copy, type: .object(nil)),
            ModelProperty(name: "arr", ownership: .strong, type: .objectArray(nil)),
            ModelProperty(name: "any", ownership: .strong, type: .any),
            ModelProperty(name: "n", ownership: .strong, type: .number),
        ]),
        ModelClass(name: "MSub", superclass: 1, properties: [
            ModelProperty(name: "t", ownership: .strong, type: .object(1)),
            ModelProperty(name: "wany", ownership: .weak, type: .any),
            ModelProperty(name: "uany", ownership: .unowned, type: .any),
            ModelProperty(name: "carr", ownership: .copy, type: .objectArray(1)),
        ]),
        ModelClass(name: "MSubSub", superclass: 2, properties: []),
        ModelClass(name: "MOther", superclass: 0, properties: [
            ModelProperty(name: "o", ownership: .strong, type: .object(2)),
            ModelProperty(name: "ow", ownership: .weak, type: .object(nil)),
            ModelProperty(name: "oa", ownership: .assign, type: .any),
        ]),
    ]
    static let allocatable = [1, 2, 3, 4]
    static let associationKeys = ["k1", "k2", "k3"]
    /// Selectors that swizzling operations touch. `deinit` is among them on purpose.
    static let swizzled = ["greet", "ping", "deinit"]

    /// Every property of class `c`, inherited first.
    static func allProperties(_ c: Int) -> [ModelProperty] {
        var chain: [Int] = []
        var k: Int? = c
        while let i = k { chain.append(i); k = classes[i].superclass }
        return chain.reversed().flatMap { classes[$0].properties }
    }

    static func isKind(_ c: Int, of target: Int) -> Bool {
        var k: Int? = c
        while let i = k { if i == target { return true }; k = classes[i].superclass }
        return false
    }
}

// MARK: - The reference model

/// A method implementation as the model sees it: a base body tagged `k`, or a
/// replacement tagged `k` wrapping the implementation it replaced.
indirect enum ModelImp {
    case base(Int)
    case replacing(Int, ModelImp)

    /// What a send returns: `b3`, `r7(b3)`.
    var result: String {
        switch self {
        case .base(let k): return "b\(k)"
        case .replacing(let k, let o): return "r\(k)(\(o.result))"
        }
    }

    /// What a run as `deinit` logs, in order (the original runs inside the replacement).
    var deinitLog: [String] {
        switch self {
        case .base: return [result]
        case .replacing(_, let o): return o.deinitLog + [result]
        }
    }
}

/// SPEC §2, written from the rules and not from the heap: objects, their property and
/// associated values, holds, the pool stack. After each operation `settle()` recomputes
/// every count from scratch and deallocates count-0 objects until a fixpoint.
struct ReferenceModel {
    struct Object {
        var cls: Int
        var alive = true
        var props: [String: Value]
        var assoc: [String: (ownership: Ownership, value: Value)] = [:]
    }

    let allProps: [[ModelProperty]] = ModelSchema.classes.indices.map(ModelSchema.allProperties)
    /// Index = raw id - 1.
    var objects: [Object] = []
    var holds: [Int: Int] = [:]
    var pool: [UInt32] = []
    var marks: [Int] = []
    var methods: [[String: ModelImp]] = Array(repeating: [:], count: ModelSchema.classes.count)
    /// Expected retain counts after the last `settle()`, index = raw id.
    var counts: [Int] = [0]

    func isAlive(_ raw: Int) -> Bool { raw >= 1 && raw <= objects.count && objects[raw - 1].alive }
    func object(_ raw: Int) -> Object { objects[raw - 1] }
    var liveIDs: [Int] { partition().live }
    var deadIDs: [Int] { partition().dead }

    /// Live and dead ids, in id order (a plain loop: this runs on every operation).
    func partition() -> (live: [Int], dead: [Int]) {
        var live: [Int] = [], dead: [Int] = []
        var raw = 1
        for o in objects {
            if o.alive { live.append(raw) } else { dead.append(raw) }
            raw += 1
        }
        return (live, dead)
    }

    mutating func alloc(_ cls: Int) -> Int {
        var props: [String: Value] = [:]
        // SPEC rule 27: a non-optional array starts empty, not nil.
        for p in allProps[cls] {
            if case .objectArray = p.type { props[p.name] = .array([]) } else { props[p.name] = .nil }
        }
        objects.append(Object(cls: cls, props: props))
        let raw = objects.count
        pool.append(UInt32(raw))
        return raw
    }

    func resolve(_ cls: Int, _ sel: String) -> ModelImp? {
        var k: Int? = cls
        while let i = k {
            if let m = methods[i][sel] { return m }
            k = ModelSchema.classes[i].superclass
        }
        return nil
    }

    /// Whether storing `value` in a slot of `type` and `ownership` is accepted, and if
    /// not, the error kind the documented checks give (type first, then ownership).
    func rejection(of value: Value, type: ModelType, ownership: Ownership) -> SimError.Kind? {
        func dead(_ id: ObjectID) -> Bool { !isAlive(Int(id.raw)) }
        switch (type, value) {
        case (_, .nil), (.any, _): break
        case (.number, .int): break
        case (.object(let c), .object(let id)):
            if dead(id) { return .zombie }
            if let c, !ModelSchema.isKind(object(Int(id.raw)).cls, of: c) { return .typeMismatch }
        case (.objectArray(let c), .array(let elements)):
            for e in elements {
                guard case .object(let id) = e else { return .typeMismatch }
                if dead(id) { return .zombie }
                if let c, !ModelSchema.isKind(object(Int(id.raw)).cls, of: c) { return .typeMismatch }
            }
        default:
            return .typeMismatch
        }
        switch value {
        case .object(let id):
            if dead(id) { return .zombie }
        case .array(let elements):
            if ownership.retains {
                if elements.contains(where: { $0.objectID.map(dead) ?? false }) { return .zombie }
            } else if elements.contains(where: { $0.objectID != nil }) {
                return .typeMismatch
            }
        default: break
        }
        return nil
    }

    /// Strong references from live objects + holds + pool entries, from scratch.
    func recount() -> [Int] {
        var c = [Int](repeating: 0, count: objects.count + 1)
        func add(_ v: Value) {
            switch v {
            case .object(let t): c[Int(t.raw)] += 1
            case .array(let a): for e in a { if case .object(let t) = e { c[Int(t.raw)] += 1 } }
            default: break
            }
        }
        for o in objects where o.alive {
            for p in allProps[o.cls] where p.ownership == .strong || p.ownership == .copy { add(o.props[p.name]!) }
            for (_, a) in o.assoc where a.ownership == .strong || a.ownership == .copy { add(a.value) }
        }
        for (raw, n) in holds { c[raw] += n }
        for e in pool { c[Int(e)] += 1 }
        return c
    }

    /// Deallocates every live object with no owner, repeatedly, until none is left.
    /// Returns the ids that died. A dead object owns nothing; weak references to it
    /// read nil; unowned and assign references keep its id.
    mutating func settle() -> [Int] {
        var died: [Int] = []
        while true {
            let c = recount()
            var victims: [Int] = []
            for raw in 1..<c.count where objects[raw - 1].alive && c[raw] == 0 { victims.append(raw) }
            if victims.isEmpty { counts = c; return died }
            let victimSet = Set(victims.map { ObjectID(UInt32($0)) })
            for v in victims {
                objects[v - 1].alive = false
                objects[v - 1].assoc = [:]
                for k in objects[v - 1].props.keys { objects[v - 1].props[k] = .nil }
            }
            for i in objects.indices where objects[i].alive {
                for p in allProps[objects[i].cls] where p.ownership == .weak {
                    if let t = objects[i].props[p.name]!.objectID, victimSet.contains(t) { objects[i].props[p.name] = .nil }
                }
                for (k, a) in objects[i].assoc where a.ownership == .weak {
                    if let t = a.value.objectID, victimSet.contains(t) { objects[i].assoc[k] = (.weak, .nil) }
                }
            }
            died += victims
        }
    }

    /// `drain()`: the innermost pool lets go of its entries.
    mutating func drain() {
        pool.removeLast(pool.count - (marks.last ?? 0))
    }

    /// What reading a property / associated value gives: the value, or an unowned-read crash.
    func read(_ v: Value, _ ownership: Ownership) -> ModelRead {
        if ownership == .unowned, let t = v.objectID, !isAlive(Int(t.raw)) { return .error(.unownedRead) }
        return .value(v)
    }
}

/// The outcome of a read or of an operation.
enum ModelRead: Equatable, CustomStringConvertible {
    case value(Value)
    case error(SimError.Kind)
    var description: String {
        switch self {
        case .value(let v): return "\(v)"
        case .error(let k): return "error \(k)"
        }
    }
}
