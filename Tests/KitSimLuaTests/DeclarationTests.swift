import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimFuzz

/// A class is one declaration: registering it is enough for Lua, the argument checks,
/// LuaLS, the API reference and the fuzzer to know it.
@Suite struct DeclarationTests {
    /// A class the way a model file declares one: a weak delegate, a strong list, a
    /// typed method, a callback, an initializer with an enum, a static and a hold.
    /// Declared once and named wherever it is used, as the UIKit model declares its
    /// enumerations.
    static let beaconMode = EnumType("KSBeacon.Mode", ["loud", "quiet"])

    static let beacon = ClassDeclaration("KSBeacon", superclass: "UIView", summary: "A test class.") {
        PropertyDeclaration("delegate", .weak, .object("UIViewController"), summary: "Told when the beacon pings.")
        PropertyDeclaration("targets", .strong, .array("UIView"), readOnly: true)
        PropertyDeclaration("pings", .assign, .number, readOnly: true, default: .int(0))
        DeclarationTests.beaconMode
        Static.constants("Limits", ["low": 1, "high": 9])
        Static("main", .object("UIScreen")) { sim in .object(sim.mainScreen) }
        HoldDeclaration("beacon", "a beacon that is pinging")
        Method.initializer(swift: "init(mode:)", .enumeration("mode", DeclarationTests.beaconMode, default: "loud")) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: .zero)
            return .object(inv.receiver)
        }
        Method("ping", swift: "ping(times:target:)", .integer("times"), .object("target", "UIView", optional: true),
               returns: .number, summary: "Pings; keeps the target.") { sim, inv in
            let cls = sim.heap.classOf(inv.receiver)
            let pings = cls.property(named: "pings")!, targets = cls.property(named: "targets")!
            let n = (try sim.heap.readSlot(inv.receiver, pings).number ?? 0) + Double(inv.integerArgument(0))
            try sim.heap.writeSlot(inv.receiver, pings, .double(n))
            if let t = inv.optionalObjectArgument(1) { try sim.heap.insertElement(t, into: inv.receiver, targets) }
            return .double(n)
        }
        Method.callback("didPing", .integer("count")) { _, _ in .nil }
        Method.classMethod("loudest", swift: "loudest(of:)", .array("beacons", of: "KSBeacon"), returns: .object("KSBeacon"),
                           optional: true, summary: "The beacon that pinged most.") { sim, inv in
            let pings = { (b: ObjectID) in (try? sim.heap.get(b, "pings"))?.number ?? 0 }
            return inv.objectsArgument(0).max { pings($0) < pings($1) }.map(Value.object) ?? .nil
        }
    }

    @Test func aDeclaredClassIsInLua() throws {
        let sandbox = try LuaSandbox(classes: [Self.beacon])
        let outcome = sandbox.run(chunk: """
            local b = KSBeacon("quiet")
            assert(b:isKind(UIView) and KSBeacon.superclass == UIView)
            assert(b.pings == 0 and b.alpha == 1 and b.isHidden == false, "the declared defaults")
            local v = UIView()
            assert(b:ping(2, v) == 2 and b:ping(3) == 5)
            assert(b.pings == 5 and #b.targets == 1 and b.targets[1] == v)
            assert(KSBeacon.Limits.high == 9 and KSBeacon.main == UIScreen.main)
            local Sub = KSBeacon:subclass("Sub")
            function Sub:didPing(n) self.tag = n end
            local s = Sub()
            s:didPing(4)
            assert(s.tag == 4)
            assert(KSBeacon.loudest({ KSBeacon(), b }) == b and Sub.loudest({}) == nil, "class methods, inherited")
            local ok, e = pcall(KSBeacon.loudest, { b, UIView() })
            assert(not ok and e:find("bad argument #1 to 'loudest' (KSBeacon expected at index 2, got UIView)", 1, true), e)
            sim.verify()
            """, name: "=beacon")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(sandbox.heap.classNamed("KSBeacon")?.superclass === sandbox.sim[UIView.self])
        // The property types name classes, resolved at registration.
        if case .object(let c) = sandbox.heap.classNamed("KSBeacon")?.property(named: "delegate")?.type {
            #expect(c === sandbox.sim[UIViewController.self])
        } else {
            Issue.record("delegate is not typed UIViewController")
        }
    }

    struct BadCall: CustomTestStringConvertible, Sendable {
        let code: String
        let message: String
        let position: Int
        var testDescription: String { code }
    }

    /// The argument checks come from the signatures, with one renderer: Lua's words,
    /// and the problem as a payload of the error.
    static let badCalls: [BadCall] = [
        BadCall(code: "KSBeacon('shouty')", message: "bad argument #1 to 'KSBeacon' (\"loud\" or \"quiet\" expected, got \"shouty\")", position: 1),
        BadCall(code: "KSBeacon():ping()", message: "bad argument #1 to 'ping' (number expected, got nil)", position: 1),
        BadCall(code: "KSBeacon():ping(0/0)", message: "bad argument #1 to 'ping' (finite number expected, got nan)", position: 1),
        BadCall(code: "KSBeacon():ping(1, UIViewController())", message: "bad argument #2 to 'ping' (UIView expected, got UIViewController)", position: 2),
        BadCall(code: "KSBeacon():ping(1, 'x')", message: "bad argument #2 to 'ping' (UIView expected, got string)", position: 2),
        BadCall(code: "UINavigationController():setViewControllers({ UIViewController(), 3 })",
                message: "bad argument #1 to 'setViewControllers' (UIViewController expected at index 2, got number)", position: 1),
        BadCall(code: "UINavigationController():pushViewController(nil)",
                message: "bad argument #1 to 'pushViewController' (UIViewController expected, got nil)", position: 1),
        BadCall(code: "UIWindow().windowLevel = 0/0", message: "bad argument #1 to 'windowLevel' (finite number expected, got nan)", position: 1),
        BadCall(code: "UIWindow('x')", message: "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got string)", position: 1),
        BadCall(code: "UIAlertAction('OK', 'default', 3)", message: "bad argument #3 to 'UIAlertAction' (function expected, got number)", position: 3),
    ]

    @Test(arguments: badCalls) func badArgumentsFailInLuasWords(_ c: BadCall) throws {
        let sandbox = try LuaSandbox(classes: [Self.beacon])
        let outcome = sandbox.run(chunk: c.code, name: "=bad")
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.split(separator: "\n").first.map(String.init) == "bad:1: " + c.message)
    }

    /// Swift callers get the same check, as a typed error whose payload names the argument.
    @Test func aSwiftCallerGetsATypedBadArgument() throws {
        let sim = try Simulator(classes: [Self.beacon])
        let beacon = try #require(sim.heap.classNamed("KSBeacon"))
        let b = try sim.make(beacon)
        do {
            _ = try sim.heap.send(b, Selector("ping"), args: Arguments(.string("two")))
            Issue.record("no error")
        } catch let e as SimError {
            #expect(e.kind == .typeMismatch)
            #expect(e.argument?.position == 1 && e.argument?.function == "ping" && e.argument?.expected == "number" && e.argument?.got == "string")
            #expect(e.description == "bad argument #1 to 'ping' (number expected, got string)")
        }
    }

    @Test func aDeclaredClassIsInTheLuaLSAnnotationsAndTheReference() throws {
        let reference = APIReference(try LuaSandbox(classes: [Self.beacon]), version: "test")
        let luaLS = reference.luaLS
        for line in ["---@class KSBeacon : UIView", "---@field delegate UIViewController? (weak) Told when the beacon pings.",
                     "---@field targets UIView[] (strong, read-only)", "---@field pings number (assign, read-only, default 0)", "---@alias KSBeacon.Mode \"loud\"|\"quiet\"",
                     "---@overload fun(mode?: KSBeacon.Mode): KSBeacon", "---@param times integer", "---@param target? UIView",
                     "---@return number", "function KSBeacon:ping(times, target) end", "---@class KSBeacon.Limits",
                     "---@field high number 9", "function KSBeacon:didPing(count) end",
                     "---@param beacons KSBeacon[]", "---@return KSBeacon?", "function KSBeacon.loudest(beacons) end"] {
            #expect(luaLS.contains(line + "\n"), "LuaLS lacks: \(line)")
        }
        let markdown = reference.markdown
        for line in ["### KSBeacon", "| `:ping(times: integer, target: UIView?)` | `ping(times:target:)` | number | Pings; keeps the target. |",
                     "| `delegate` | UIViewController | weak | read-write |  | Told when the beacon pings. |",
                     "| `pings` | number | assign | read-only | `0` |  |",
                     "| `KSBeacon.loudest(beacons: array of KSBeacon)` | `loudest(of:)` | KSBeacon or nil | The beacon that pinged most. |",
                     "- Holds objects as `beacon` (`sim.why` prints it): a beacon that is pinging."] {
            #expect(markdown.contains(line), "the reference lacks: \(line)")
        }
    }

    @Test func aDeclaredClassIsInTheFuzzersVocabulary() throws {
        let vocabulary = FuzzVocabulary(Simulator.declarations.map(\.interface) + [Self.beacon.interface])
        #expect(vocabulary.calls.contains { $0.className == "KSBeacon" && $0.signature.luaName == "ping" })
        #expect(vocabulary.assignments.contains { $0.className == "KSBeacon" && $0.property.name == "delegate" })
        #expect(vocabulary.swizzlable.contains { $0.0 == "KSBeacon" && $0.1.contains("didPing") })
        #expect(vocabulary.classCalls.contains { $0.className == "KSBeacon" && $0.signature.luaName == "loudest" })
        // The generator calls it, and the calls run clean in a sandbox that has the class.
        var sawPing = false, sawClassCall = false
        for seed in UInt64(1)...20 {
            let program = FuzzGenerator.program(seed: seed, calls: 100, vocabulary: vocabulary)
            sawPing = sawPing || program.calls.contains { $0.contains(":ping(") }
            sawClassCall = sawClassCall || program.calls.contains { $0.contains("KSBeacon.loudest(") }
            let run = Fuzzer.run(program, classes: [Self.beacon])
            #expect(run.failure == nil, "seed \(seed): \(run.failure.map(String.init(describing:)) ?? "")")
        }
        // Whether the generator reaches the class's calls is looked up over more seeds,
        // generated only: each declared class dilutes the vocabulary, and generating is cheap.
        for seed in UInt64(21)...400 where !(sawPing && sawClassCall) {
            let program = FuzzGenerator.program(seed: seed, calls: 100, vocabulary: vocabulary)
            sawPing = sawPing || program.calls.contains { $0.contains(":ping(") }
            sawClassCall = sawClassCall || program.calls.contains { $0.contains("KSBeacon.loudest(") }
        }
        #expect(sawPing && sawClassCall)
        // UIKit's own vocabulary covers every global class that has methods.
        let uikit = FuzzVocabulary.uikit
        for cls in ["UIView", "UIWindow", "UIViewController", "UINavigationController", "UITabBarController", "UIAlertController"] {
            #expect(uikit.calls.contains { $0.className == cls } || uikit.assignments.contains { $0.className == cls }, "\(cls)")
        }
    }

    @Test func registrationRefusesUnknownNames() {
        let orphan = ClassDeclaration("Orphan", superclass: "UIMissing") {}
        #expect(throws: SimError.self) { try Simulator(classes: [orphan]) }
        let dangling = ClassDeclaration("Dangling") {
            PropertyDeclaration("thing", .strong, .object("UINothing"))
        }
        do {
            _ = try Simulator(classes: [dangling])
            Issue.record("a property of an unknown class registered")
        } catch let e as SimError {
            #expect(e.message == "property Dangling.thing: unknown class in UINothing")
        } catch {
            Issue.record("\(error)")
        }
    }
}

// The "Declaring a class" example of docs/swift-api.md, as written there.
extension Simulator {
    static let beaconModes = EnumType("Beacon.Mode", ["loud", "quiet"])   // declared once, named where used

    static let beaconDeclaration = ClassDeclaration("Beacon", superclass: "UIView", summary: "Pings its target.") {
        PropertyDeclaration("delegate", .weak, .object("UIViewController"))
        PropertyDeclaration("targets", .strong, .array("UIView"), readOnly: true)
        Static.constants("Level", ["low": 1, "high": 9])
        HoldDeclaration("beacon", "a beacon that is pinging")
        PropertyDeclaration("pings", .assign, .number, readOnly: true, default: .int(0))
        Simulator.beaconModes
        Method.initializer(swift: "init(mode:)", .enumeration("mode", Simulator.beaconModes, default: "loud")) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: .zero)
            return .object(inv.receiver)
        }
        Method("ping", swift: "ping(times:target:)", .integer("times"), .object("target", "UIView", optional: true),
               returns: .number) { sim, inv in
            // The arguments were checked against the signature before the body runs.
            .double(Double(inv.integerArgument(0)))
        }
        Method.callback("didPing", .integer("count")) { _, _ in .nil }   // UIKit calls it; Lua overrides it
        Method.classMethod("loudest", .array("beacons", of: "Beacon"), returns: .object("Beacon"), optional: true) { sim, inv in
            inv.objectsArgument(0).first.map(Value.object) ?? .nil            // Beacon.loudest{ a, b } in Lua
        }
    }
}

extension DeclarationTests {
    @Test func theReadmeDeclarationWorks() throws {
        let sandbox = try LuaSandbox(classes: [Simulator.beaconDeclaration])
        let outcome = sandbox.run(chunk: """
            local a, b = Beacon(), Beacon("quiet")
            assert(a.pings == 0 and a:ping(3) == 3 and Beacon.Level.high == 9)
            assert(Beacon.loudest({ b, a }) == b)
            local ok, e = pcall(Beacon, "shouty")
            assert(not ok and e:find("bad argument #1 to 'Beacon' (\\"loud\\" or \\"quiet\\" expected, got \\"shouty\\")", 1, true), e)
            sim.verify()
            """, name: "=readme")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }
}
