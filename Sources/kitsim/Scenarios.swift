import KitSim

/// A scenario built in Swift on the UIKit model. The Lua versions of the seed
/// scenarios (issue 5) will replace these as the main job once the bridge exists.
struct Scenario: Sendable {
    let name: String
    let summary: String
    let body: @Sendable (Simulator) throws -> (account: [String], ok: Bool)

    func run(trace: Bool) -> Int32 {
        let sim = Simulator()
        sim.heap.tracesCalls = trace
        do {
            let (account, ok) = try body(sim)
            if trace { print(sim.heap.traceText(), terminator: "") }
            for line in account { print(line) }
            try sim.heap.verify()
            print(ok ? "scenario \(name): outcome as the article describes" : "scenario \(name): UNEXPECTED outcome")
            return ok ? 0 : 1
        } catch {
            if trace { print(sim.heap.traceText(last: 40), terminator: "") }
            print("scenario \(name) crashed: \(error)")
            return 1
        }
    }

    static let all: [Scenario] = [
        Scenario(name: "splash-ad-weak-root",
                 summary: "seed 000: the old root kept in a weak property dies at the swap; closing the ad leaves a black screen",
                 body: { try splashAd($0, .weakProperty) }),
        Scenario(name: "splash-ad-flutter-root",
                 summary: "seed 000: the same with a FlutterViewController the engine keeps alive: no black screen",
                 body: { try splashAd($0, .weakPropertyFlutterRoot) }),
        Scenario(name: "splash-ad-strong-root",
                 summary: "seed 000 fix 1: a strong property keeps the old root; closing the ad restores it",
                 body: { try splashAd($0, .strongProperty) }),
        Scenario(name: "splash-ad-push",
                 summary: "seed 000 fix 2: push the ad onto the navigation controller instead of swapping roots",
                 body: { try splashAd($0, .push) }),
    ]

    enum Variant { case weakProperty, weakPropertyFlutterRoot, strongProperty, push }

    /// Seed 000: a Flutter app's root wrapped in a navigation controller by an SDK; the
    /// splash ad swaps `window.rootViewController` and keeps the old root in `tmpRootVc`.
    static func splashAd(_ sim: Simulator, _ variant: Variant) throws -> ([String], Bool) {
        let heap = sim.heap, k = sim.uikit
        let vcClass = k.viewController
        let flutterVC = try heap.defineClass("FlutterViewController", superclass: vcClass)
        let engine = try heap.defineClass("FlutterEngine", superclass: heap.rootClass, properties: [
            Property("viewController", .strong, type: .object(flutterVC)),
        ])
        let welcome = try heap.defineClass("DJWelcomeViewController", superclass: vcClass, properties: [
            Property("tmpRootVc", variant == .strongProperty ? .strong : .weak, type: .object(vcClass)),
        ])
        heap.setLocation(file: "AppDelegate.swift", line: 1)
        let window = try sim.make(k.window)
        try heap.set(sim.appDelegate!, "window", .object(window))
        let fvc = try sim.make(flutterVC)
        heap.label(fvc, "flutterViewController")
        try heap.set(window, "rootViewController", .object(fvc))
        _ = try heap.send(window, "makeKeyAndVisible")
        var root = fvc
        if variant == .weakPropertyFlutterRoot {
            // The Flutter framework keeps its view controller (through the engine the app delegate owns).
            let e = try sim.make(engine)
            try heap.set(e, "viewController", .object(fvc))
            try heap.setAssociated(sim.appDelegate!, key: "flutterEngine", .object(e))
        } else {
            // The SDK: `UINavigationController(rootViewController: rootVc!)`, bar hidden, made the root.
            let nav = try sim.make(k.navigationController, [.object(fvc)])
            heap.label(nav, "navController")
            try heap.set(try heap.get(nav, "navigationBar").objectID!, "isHidden", .bool(true))
            try heap.set(window, "rootViewController", .object(nav))
            root = nav
        }
        try sim.run(1)

        heap.setLocation(file: "SplashAdPlugin.m", line: 3)
        let mainView = sim.keyWindow!
        let ad = try sim.make(welcome)
        heap.label(ad, "ad")
        if variant == .push {
            _ = try heap.send(root, "pushViewController", [.object(ad), .bool(false)])
        } else {
            let tmpRootVc = try heap.get(mainView, "rootViewController")
            _ = try heap.get(ad, "view")
            try heap.set(mainView, "rootViewController", .object(ad))
            try heap.set(ad, "tmpRootVc", tmpRootVc)
        }
        try sim.run(3)
        let rootAliveDuringAd = heap.isAlive(root)

        heap.setLocation(file: "DJWelcomeViewController.m", line: 20)
        if variant == .push {
            _ = try heap.send(root, "popViewController", [.bool(false)])
        } else {
            try heap.set(sim.keyWindow!, "rootViewController", try heap.get(ad, "tmpRootVc"))
        }
        try sim.run(3)
        heap.clearLocation()
        let screen = try sim.screen()
        let leaks = heap.leaks()
        let restored = try heap.get(mainView, "rootViewController").objectID
        let account = [
            "\(heap.describe(root)) while the ad showed: \(rootAliveDuringAd ? "alive" : "deallocated")",
            "window.rootViewController after closing the ad: \(restored.map(heap.describe) ?? "nil")",
            "screen: \(screen.black ? "BLACK" : "shows \(screen.visibleControllers.map(heap.describe).joined(separator: ", "))")",
            "\(heap.describe(ad)) after closing: \(heap.isAlive(ad) ? "alive" : "deallocated")",
            "leaks: \(leaks.isEmpty ? "none" : leaks.map(\.description).joined(separator: "; "))",
        ]
        let expectBlack = variant == .weakProperty
        let ok = rootAliveDuringAd == !expectBlack && screen.black == expectBlack && !heap.isAlive(ad) && leaks.isEmpty
        return (account, ok)
    }
}
