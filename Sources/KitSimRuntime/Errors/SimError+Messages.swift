/// The typed payloads of `SimError` and the one place their text is written (house style:
/// errors are typed and rendered in one place). A throw site names what went wrong and
/// with what; the exact words — UIKit's names and reasons, the runtime's own — are here.

/// An object as a message prints it, resolved when the error is made (the class of an id
/// is the heap's to know, the text is this file's): `<UIViewController: #7>`, `Card#4`.
public struct ObjectRef: Equatable, Sendable {
    /// The object's class, or nil for no object (`(null)`) or an id that names none.
    public let className: String?
    public let id: ObjectID?

    public init(_ className: String?, _ id: ObjectID?) {
        self.className = className
        self.id = id
    }

    /// `<UIViewController: #7>`, the way UIKit's reasons print an object; `(null)` for none.
    public var angled: String {
        guard let className, let id else { return "(null)" }
        return "<\(className): \(id)>"
    }

    /// `<UIViewController #7>`, the way `description`-style reasons print an object.
    public var spaced: String {
        guard let className, let id else { return "(null)" }
        return "<\(className) \(id)>"
    }

    /// `Card#4`, the way the runtime's own messages name an object (`#4` for an id that
    /// names none).
    public var tagged: String {
        guard let id else { return "(null)" }
        guard let className else { return "\(id)" }
        return className + "#" + String(id.raw)
    }
}

extension Heap {
    /// The object `id` as a message prints it (`Heap.describe`'s and `angle`'s rules).
    public func ref(_ id: ObjectID?) -> ObjectRef {
        guard let id else { return ObjectRef(nil, nil) }
        return ObjectRef(isValid(id) ? classOf(id).name : nil, id)
    }
}

/// What went wrong, with its data: the payload of most errors.
public enum Problem: Equatable, Sendable {
    /// A crash of the runtime's making: an unrecognized selector, a zombie, a Swift trap.
    case crash(Crash)
    /// A problem of the model above the runtime: its exceptions (UIKit's names and
    /// reasons) and misuse of its API, typed and worded by the model.
    case model(any ModelProblem)
    /// Misuse of the simulator's runtime: names, types, declarations, holds.
    case misuse(Misuse)
    /// Misuse of the Lua binding, and the host's own failures.
    case script(Script)
}

/// A crash of the runtime's own making: a message no class answers, a zombie, Swift's
/// traps. The model's exceptions (a push, a presentation, a list) are its own
/// `ModelProblem` type: the runtime carries them without knowing their cases.
public enum Crash: Equatable, Sendable {
    case unrecognizedSelector(className: String, selector: String, id: ObjectID)
    case unrecognizedClassSelector(className: String, selector: String)
    case unavailableClass(className: String, platform: String, version: Int, introduced: Int)
    case zombie(ObjectRef, selector: String)
    case retainDuringDeinit(ObjectRef)
    case unownedRead(target: ObjectID)

    /// The error kind: the exception's name, or the trap's own kind.
    public var kind: SimError.Kind {
        switch self {
        case .zombie: return .zombie
        case .retainDuringDeinit: return .retainDuringDeinit
        case .unownedRead: return .unownedRead
        case .unrecognizedSelector, .unrecognizedClassSelector, .unavailableClass:
            return .exception(name: "NSInvalidArgumentException")
        }
    }

    /// The reason (or the trap's message), exactly as the Objective-C runtime or Swift words it.
    public var message: String {
        switch self {
        case .unrecognizedSelector(let c, let s, let id): return "-[\(c) \(s)]: unrecognized selector sent to instance \(id)"
        case .unrecognizedClassSelector(let c, let s): return "+[\(c) \(s)]: unrecognized selector sent to class \(c)"
        case .unavailableClass(let c, let p, let v, let i): return "\(c) is not available on \(p) \(v) (introduced in \(p) \(i))"
        case .zombie(let o, let s):
            return "-[\(o.className ?? "(null)") \(s)]: message sent to deallocated instance \(o.id.map { "\($0)" } ?? "(null)")"
        case .retainDuringDeinit(let o):
            return "Object \(o.tagged) deallocated with non-zero retain count: "
                + "its deinit, or something called from it, created a strong reference to it"
        case .unownedRead(let target): return "Attempted to read an unowned reference but object \(target) was already deallocated"
        }
    }
}

/// Misuse of the simulator's runtime: what a script or a Swift caller got wrong.
public enum Misuse: Equatable, Sendable {
    case noObject(ObjectID)
    case noProperty(className: String, property: String)
    case readOnly(property: String, className: String)
    case notHeld(ObjectRef, reason: String)
    case notStrongArray(property: String)
    case wrongReceiver(className: String, selector: String, object: ObjectRef)
    case foreignMetatable(ObjectRef)
    case noHost(selector: String)
    case unmatchedPopPool
    case badPropertyValue(property: String, className: String, expected: String, got: String)
    case collectionInWeakProperty(property: String, ownership: String, isArray: Bool)
    case badMaxLength(Int)
    case heapInvariant([String])
    case unboundMethod(className: String, method: String)
    case noOriginalImplementation(selector: String)
    // MARK: Declarations
    case emptyClassName
    case duplicateClass(String)
    case duplicateProperty(property: String, className: String)
    case weakObjectArray(property: String, className: String)
    case retainingEarlierOwnership(property: String, className: String)
    case noMethodToSwizzle(className: String, selector: String)
    case noMethodToExchange(className: String, selector: String)
    case unknownSuperclass(className: String, superclass: String)
    case badDefault(className: String, property: String)
    case unknownClassInType(className: String, property: String, type: String)
    case unregisteredClass(String)
    case laterClassWithoutInitializer(String)
    case unknownArgumentClass(className: String, method: String, argumentClass: String)
    // MARK: The model's API
    /// A callback of the app that returned the wrong thing (`willDealloc`, a row count).
    case badReturn(method: String, expected: String, got: String)
    case indexOutOfRange(property: String, className: String, index: Int, count: Int)
    case endlessChain(link: String, start: ObjectRef, repeated: ObjectRef)

    public var kind: SimError.Kind {
        switch self {
        case .noProperty, .noMethodToSwizzle, .noMethodToExchange, .unknownSuperclass, .unknownClassInType,
             .unregisteredClass, .unknownArgumentClass:
            return .unknownName
        case .wrongReceiver, .foreignMetatable, .badPropertyValue, .collectionInWeakProperty, .badReturn: return .typeMismatch
        case .heapInvariant, .unboundMethod, .endlessChain: return .invariant
        default: return .invalidUse
        }
    }

    public var message: String {
        switch self {
        case .noObject(let id): return "no object \(id) exists"
        case .noProperty(let c, let p): return "\(c) has no property '\(p)'"
        case .readOnly(let p, let c): return "property '\(p)' of \(c) is read-only"
        case .notHeld(let o, let reason): return "\(o.tagged) is not held (\(reason))"
        case .notStrongArray(let p): return "\(p) is not a strong array"
        case .wrongReceiver(let c, let s, let o): return "\(c).\(s) called on \(o.tagged), which is not a \(c)"
        case .foreignMetatable(let o): return "attempt to index \(o.tagged) through a metatable that is not its own"
        case .noHost(let s): return "no host is attached to run \(s)"
        case .unmatchedPopPool: return "popPool without a matching pushPool"
        case .badPropertyValue(let p, let c, let expected, let got):
            return "bad value for property '\(p)' of \(c) (\(expected) expected, got \(got))"
        case .collectionInWeakProperty(let p, let ownership, let isArray):
            return "property '\(p)' is \(ownership): it cannot hold \(isArray ? "an array" : "a dictionary") of objects; declare it strong"
        case .badMaxLength(let n): return "maxLength must be an integer from 1 to 100, got \(n)"
        case .heapInvariant(let violations): return "heap invariant violated:\n  " + violations.joined(separator: "\n  ")
        case .unboundMethod(let c, let m): return "\(c).\(m) ran unbound"
        case .noOriginalImplementation(let s): return "\(s) has no original implementation to call"
        case .emptyClassName: return "class name must not be empty"
        case .duplicateClass(let name): return "a class named '\(name)' already exists"
        case .duplicateProperty(let p, let c): return "property '\(p)' of \(c) is declared twice"
        case .weakObjectArray(let p, let c): return "property '\(p)' of \(c): an array of objects must be strong or copy"
        case .retainingEarlierOwnership(let p, let c):
            return "property '\(p)' of \(c): an ownership that changes with the platform version must not retain in either version"
        case .noMethodToSwizzle(let c, let s): return "\(c) has no method '\(s)' to swizzle"
        case .noMethodToExchange(let c, let s): return "\(c) has no method '\(s)' to exchange"
        case .unknownSuperclass(let c, let s): return "class \(c): unknown superclass '\(s)'"
        case .badDefault(let c, let p): return "property \(c).\(p): a default is a number, a boolean or a string"
        case .unknownClassInType(let c, let p, let type): return "property \(c).\(p): unknown class in \(type)"
        case .unregisteredClass(let name): return "class \(name) is not registered"
        case .laterClassWithoutInitializer(let name):
            return "class \(name) is introduced in a later version but declares no initializer to refuse it"
        case .unknownArgumentClass(let c, let m, let a): return "\(c).\(m): unknown class '\(a)'"
        case .badReturn(let m, let expected, let got): return "\(m) must return \(expected), got \(got)"
        case .indexOutOfRange(let p, let c, let i, let n):
            return "bad value for property '\(p)' of \(c) (index \(i) out of range 0..<\(n))"
        case .endlessChain(let link, let start, let repeated):
            return "the \(link) chain from \(start.tagged) does not end: it returns to \(repeated.tagged) (a cycle the model should have refused)"
        }
    }
}

/// Misuse of the Lua binding (what a script wrote that Lua itself would accept), and the
/// host's own failures.
public enum Script: Equatable, Sendable {
    case notKitSimValue
    /// `attempt to index UIView with a number key`; `receiver` is a Lua type name or `a class`.
    case badKey(receiver: String, keyType: String)
    case badSelf(function: String, expected: String, got: String)
    case assignToMethod(key: String, object: ObjectRef)
    /// An object in an undeclared field; `suggestion` is a near property name.
    case objectInUndeclaredField(key: String, object: ObjectRef, valueType: String, suggestion: String?)
    case tableInUndeclaredField(key: String, object: ObjectRef, found: String, path: String)
    case metatableInProperty(property: String, owner: ObjectRef, found: String, path: String)
    case badTable(property: String, owner: ObjectRef, TableFault)
    /// `hint` is the spelling hint, part of the message here (`; did you mean 'x'?`).
    case noClassMember(className: String, member: String, hint: String?)
    case classMemberNotFunction(className: String, member: String, valueType: String)
    case propertyOnClass(className: String, member: String)
    case foreignImplementation(selector: String)
    case otherSandbox(selector: String)
    case unreadableFile(path: String)
    case noLuaState
    case interrupted
    /// A call from the model into a script function with more arguments than Lua's stack
    /// holds: stock Lua's words, an ordinary error a `pcall` catches.
    case stackOverflow
    /// A chunk that does not compile; `error` is Lua's own message.
    case syntax(error: String)
    /// KitSim's Lua prelude failed to load; `chunk` names the console's, `error` is Lua's message.
    case preludeFailed(chunk: String?, error: String)
    /// A replayed schedule no longer fits the script: at choice `step` (from 1) no event
    /// offered has the label `wanted`; `offered` are the events that could run, described.
    case scheduleDiverged(step: Int, wanted: String, offered: [String])
    /// A replayed schedule has steps left when the script ended after `met` choices.
    case scheduleUnfinished(met: Int, steps: Int, next: String)
    /// A schedule's text with an empty step.
    case badSchedule(String)

    /// What is wrong with a table stored in a property.
    public enum TableFault: Equatable, Sendable {
        case tooManyValues(Int)
        case containsItself(path: String)
        case tooDeep(Int)
        case nonUTF8Key(path: String)
        case badKeyType(path: String, type: String)

        public var message: String {
            switch self {
            case .tooManyValues(let n): return "more than \(n) values, counting a shared table each time it is reached"
            case .containsItself(let path): return "the table at \(path) contains itself"
            case .tooDeep(let n): return "tables nested more than \(n) deep"
            case .nonUTF8Key(let path): return "a key at \(path) is a string that is not UTF-8; keys must be numbers, UTF-8 strings or booleans"
            case .badKeyType(let path, let type): return "a key at \(path) is \(type); keys must be numbers, strings or booleans"
            }
        }
    }

    public var kind: SimError.Kind {
        switch self {
        case .notKitSimValue, .badKey, .badSelf, .badTable: return .typeMismatch
        case .noClassMember, .unreadableFile: return .unknownName
        case .noLuaState, .interrupted: return .limit
        default: return .invalidUse
        }
    }

    public var message: String {
        switch self {
        case .notKitSimValue: return "attempt to index a non-KitSim value"
        case .badKey(let r, let k): return "attempt to index \(r) with a \(k) key"
        case .badSelf(let f, let expected, let got):
            return "bad self to '\(f)' (\(expected) expected, got \(got)); call methods with ':' as in obj:\(f)(...)"
        case .assignToMethod(let key, let o):
            return "cannot assign to method '\(key)' of \(o.tagged); define methods on the class (function \(o.className ?? "?"):\(key)(...))"
        case .objectInUndeclaredField(let key, let o, let type, let suggestion):
            let cls = o.className ?? "?"
            return "cannot store \(type) in undeclared field '\(key)' of \(o.tagged): \(suggestion.map { "did you mean '\($0)'? otherwise " } ?? "")"
                + "objects need an ownership attribute; "
                + "declare it, e.g. \(cls):subclass(\"…\", { \(key) = \"strong\" }) or \(cls):extend{ \(key) = \"weak\" }"
        case .tableInUndeclaredField(let key, let o, let found, let path):
            let cls = o.className ?? "?"
            return "cannot store a table holding \(found) (at \(path)) in undeclared field '\(key)' of \(o.tagged): objects need an ownership attribute; "
                + "declare it, e.g. \(cls):subclass(\"…\", { \(key) = \"strong\" }) or \(cls):extend{ \(key) = \"strong\" }"
        case .metatableInProperty(let p, let owner, let found, let path):
            return "cannot store a table with a metatable holding \(found) (at \(path)) in property '\(p)' of \(owner.tagged): "
                + "a Lua object owns nothing; keep the objects in declared properties"
        case .badTable(let p, let owner, let fault): return "bad value for property '\(p)' of \(owner.tagged) (\(fault.message))"
        case .noClassMember(let c, let m, let hint): return "class \(c) has no method or class member '\(m)'" + (hint ?? "")
        case .classMemberNotFunction(let c, let m, let type):
            return "cannot set '\(m)' of class \(c) to a \(type): only methods (functions) can be defined on a class"
        case .propertyOnClass(let c, let m): return "'\(m)' is a property of \(c); override its accessor method instead"
        case .foreignImplementation(let s): return "\(s) is implemented by something other than a Lua function"
        case .otherSandbox(let s): return "\(s) is implemented by another sandbox"
        case .unreadableFile(let path): return "cannot read \(path)"
        case .noLuaState: return "cannot create a Lua state (out of memory)"
        case .interrupted: return "interrupted"
        case .stackOverflow: return "stack overflow"
        case .syntax(let error): return error
        case .preludeFailed(let chunk, let error): return (chunk.map { $0 + " " } ?? "") + "prelude: " + error
        case .scheduleDiverged(let step, let wanted, let offered):
            return "the schedule no longer fits the script: at choice \(step) no event is '\(wanted)'; the events that could run: "
                + offered.joined(separator: ", ")
        case .scheduleUnfinished(let met, let steps, let next):
            return "the schedule no longer fits the script: it ended after \(met) of the schedule's \(steps) choices; choice \(met + 1) was '\(next)'"
        case .badSchedule(let text):
            return "bad schedule '\(text)': a step is empty (steps are labels separated by ';')"
        }
    }
}

/// A problem whose cases belong to a layer above the runtime. The runtime asks it for its
/// kind and its words, and compares two by value.
public protocol ModelProblem: Sendable {
    /// The error kind: an exception's name, or `.invalidUse` and the like for misuse.
    var kind: SimError.Kind { get }
    /// The message, or for an exception its reason, exactly as UIKit words it.
    var message: String { get }
    /// Whether `other` is the same problem with the same data.
    func isEqual(to other: any ModelProblem) -> Bool
}

extension ModelProblem where Self: Equatable {
    public func isEqual(to other: any ModelProblem) -> Bool {
        (other as? Self) == self
    }
}

extension Problem {
    public static func == (a: Problem, b: Problem) -> Bool {
        switch (a, b) {
        case (.crash(let x), .crash(let y)): return x == y
        case (.misuse(let x), .misuse(let y)): return x == y
        case (.script(let x), .script(let y)): return x == y
        case (.model(let x), .model(let y)): return x.isEqual(to: y)
        default: return false
        }
    }

    public var kind: SimError.Kind {
        switch self {
        case .model(let m): return m.kind
        case .crash(let c): return c.kind
        case .misuse(let m): return m.kind
        case .script(let s): return s.kind
        }
    }

    /// The message (for an exception, its reason): the one rendering of every payload.
    public var message: String {
        switch self {
        case .model(let m): return m.message
        case .crash(let c): return c.message
        case .misuse(let m): return m.message
        case .script(let s): return s.message
        }
    }
}

extension SimError {
    /// An error from its payload: kind and message both come from it.
    public init(_ problem: Problem, object: ObjectID? = nil, reference: String? = nil) {
        self.init(problem.kind, problem.message, object: object, reference: reference, problem: problem)
    }

    /// A crash of the runtime's making (`.crash(.zombie(ref, selector: "title"))`).
    public static func crash(_ c: Crash, object: ObjectID? = nil, reference: String? = nil) -> SimError {
        SimError(.crash(c), object: object, reference: reference)
    }

    /// Misuse of the runtime.
    public static func misuse(_ m: Misuse, object: ObjectID? = nil) -> SimError {
        SimError(.misuse(m), object: object)
    }

    /// A problem of the model (`sim.raise(.crash(.pushTwice, object: vc))` with the model's
    /// own `crash` for its exceptions).
    public static func model(_ m: any ModelProblem, object: ObjectID? = nil, reference: String? = nil) -> SimError {
        SimError(.model(m), object: object, reference: reference)
    }

    /// Misuse of the Lua binding, or a failure of the host.
    public static func script(_ s: Script, object: ObjectID? = nil) -> SimError {
        SimError(.script(s), object: object)
    }
}
