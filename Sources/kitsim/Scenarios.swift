import KitSim

/// A scenario built in Swift on the ownership runtime. The Lua versions of the seed
/// scenarios replace these once the bridge exists (issue 5).
struct Scenario: Sendable {
    let name: String
    let summary: String
    let body: @Sendable (Heap) throws -> (account: [String], ok: Bool)

    func run(trace: Bool) -> Int32 {
        let heap = Heap()
        do {
            let (account, ok) = try body(heap)
            if trace { print(heap.traceText(), terminator: "") }
            for line in account { print(line) }
            try heap.verify()
            print(ok ? "scenario \(name): outcome as the article describes" : "scenario \(name): UNEXPECTED outcome")
            return ok ? 0 : 1
        } catch {
            if trace { print(heap.traceText(), terminator: "") }
            print("scenario \(name) failed: \(error)")
            return 1
        }
    }

    static let all: [Scenario] = [splashAdWeakRoot, splashAdStrongRoot]

    /// Seed 000 at the level of ownership alone: the splash ad keeps the old root in a
    /// weak property; the old root is a navigation controller only the window owned.
    static let splashAdWeakRoot = Scenario(
        name: "splash-ad-weak-root",
        summary: "seed 000: old root kept in a weak property dies at the swap; closing the ad leaves no root",
        body: { heap in try splashAd(heap, tmpRootOwnership: .weak) })

    /// Seed 000's fix 1: the property is strong.
    static let splashAdStrongRoot = Scenario(
        name: "splash-ad-strong-root",
        summary: "seed 000 fix 1: a strong property keeps the old root; closing the ad restores it",
        body: { heap in try splashAd(heap, tmpRootOwnership: .strong) })

    static func splashAd(_ heap: Heap, tmpRootOwnership: Ownership) throws -> ([String], Bool) {
        let root = heap.rootClass!
        let vcClass = try heap.defineClass("UIViewController", superclass: root)
        let window = try heap.defineClass("UIWindow", superclass: root, properties: [
            Property("rootViewController", .strong, type: .object(vcClass)),
        ])
        let nav = try heap.defineClass("UINavigationController", superclass: vcClass, properties: [
            Property("viewControllers", .strong, type: .objectArray(vcClass)),
        ])
        let flutter = try heap.defineClass("FlutterViewController", superclass: vcClass)
        let welcome = try heap.defineClass("DJWelcomeViewController", superclass: vcClass, properties: [
            Property("tmpRootVc", tmpRootOwnership, type: .object(vcClass)),
        ])
        let delegate = try heap.defineClass("AppDelegate", superclass: root, properties: [
            Property("window", .strong, type: .object(window)),
        ])

        // Launch (one run-loop turn): the app delegate owns the window, whose root is
        // the FlutterViewController, then the SDK wraps it in a navigation controller.
        let app = heap.alloc(delegate)
        try heap.hold(app, heap.holdReason("UIApplication.delegate"))
        let w = heap.alloc(window)
        try heap.set(app, "window", .object(w))
        let fvc = heap.alloc(flutter)
        try heap.set(w, "rootViewController", .object(fvc))
        let navController = heap.alloc(nav)
        try heap.set(navController, "viewControllers", .array([.object(fvc)]))
        try heap.set(w, "rootViewController", .object(navController))
        try heap.drain()

        // showSplashAd: keep the old root, make the ad the root.
        // `UIViewController *tmpRootVc = mainView.rootViewController;` is a strong local
        // in the article's Objective-C: it keeps the old root until the method returns,
        // which the autorelease pool models (released when this turn ends).
        let tmp = try heap.get(w, "rootViewController")
        if let old = tmp.objectID { try heap.autorelease(old) }
        let ad = heap.alloc(welcome)
        try heap.set(w, "rootViewController", .object(ad))
        try heap.set(ad, "tmpRootVc", tmp)
        try heap.drain()
        let navAlive = heap.isAlive(navController)

        // Close the ad: restore the root from the property.
        let restored = try heap.get(ad, "tmpRootVc")
        try heap.set(w, "rootViewController", restored)
        try heap.drain()
        let black = try heap.get(w, "rootViewController").isNil

        var account = [
            "UINavigationController\(navController) after the swap: \(navAlive ? "alive" : "deallocated")",
            "DJWelcomeViewController.tmpRootVc (\(tmpRootOwnership)) read: \(restored)",
            "window.rootViewController after closing the ad: \(black ? "nil: black screen" : heap.describe(restored.objectID!))",
            "DJWelcomeViewController\(ad) after closing: \(heap.isAlive(ad) ? "alive" : "deallocated")",
        ]
        let leaks = heap.leaks()
        account.append("leaks: \(leaks.isEmpty ? "none" : leaks.map(\.description).joined(separator: "; "))")
        let expected = tmpRootOwnership == .weak ? (!navAlive && black) : (navAlive && !black && !heap.isAlive(ad))
        return (account, expected && leaks.isEmpty)
    }
}
