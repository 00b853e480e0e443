import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// A simulator plus controller subclasses that log their callbacks by label
/// ("A.viewDidLoad"), so tests compare whole callback sequences.
final class UIKitHarness {
    let sim: Simulator
    var heap: Heap { sim.heap }
    var log: [String] = []
    let loggingVC: SimClass
    let loggingNav: SimClass
    let loggingTab: SimClass

    init(ios: Int = 17) throws {
        // The model's state types check their invariants after every mutation here.
        Simulator.checksInvariants = true
        var c = Simulator.Configuration()
        c.ios = ios
        sim = Simulator(configuration: c)
        loggingVC = try sim.heap.defineClass("LoggingViewController", superclass: sim[UIViewController.self])
        loggingNav = try sim.heap.defineClass("LoggingNavigationController", superclass: sim[UINavigationController.self])
        loggingTab = try sim.heap.defineClass("LoggingTabBarController", superclass: sim[UITabBarController.self])
        for (cls, sup) in [(loggingVC, sim[UIViewController.self]), (loggingNav, sim[UINavigationController.self]),
                           (loggingTab, sim[UITabBarController.self])] {
            for sel in ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                        "willMove", "didMove"] {
                sim.heap.setMethod(Selector(sel), on: cls) { [unowned self] inv in
                    var entry = "\(name(inv.receiver)).\(sel)"
                    if sel == "willMove" || sel == "didMove" {
                        entry += "(\(inv.argument(0).objectID.map(name) ?? "nil"))"
                    }
                    log.append(entry)
                    return try inv.heap.send(inv.receiver, Selector(sel), as: sup, inv.arguments)
                }
            }
        }
    }

    func name(_ id: ObjectID) -> String { heap.label(of: id) ?? heap.describe(id) }

    /// A logging controller labelled `label`.
    func vc(_ label: String, _ cls: SimClass? = nil) throws -> ObjectID {
        let id = try sim.make(cls ?? loggingVC)
        heap.label(id, label)
        return id
    }

    func nav(_ label: String, root: ObjectID?) throws -> ObjectID {
        let id = try sim.make(loggingNav, root.map { [.object($0)] } ?? [])
        heap.label(id, label)
        return id
    }

    /// The app's main window, owned by the app delegate, made key and visible, with `root`.
    @discardableResult
    func mainWindow(root: ObjectID?) throws -> ObjectID {
        let w = try sim.make(sim[UIWindow.self])
        heap.label(w, "window")
        try heap.set(sim.appDelegate!, "window", .object(w))
        if let root { try heap.set(w, "rootViewController", .object(root)) }
        _ = try heap.send(w, "makeKeyAndVisible")
        return w
    }

    /// A block (completion) that appends `entry` to the log.
    func completion(_ entry: String) throws -> Value {
        .object(try heap.makeBlock(body: .native { [unowned self] _ in log.append(entry); return .nil }))
    }

    func take() -> [String] { defer { log = [] }; return log }

    /// Ends a test: the heap invariant holds, and the leaks are exactly the expected ones
    /// (none unless a test says otherwise).
    func verify(leaks expected: [Leak.Kind] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try heap.verify()
        let found = heap.leaks()
        #expect(found.map(\.kind) == expected, "\(found.map { $0.description(in: heap) })", sourceLocation: sourceLocation)
    }
}
