/// `UIApplication`, as the model names it: its class and the properties the model reads and writes.
package enum UIApplication: ModelClass {
    package static let handle = ClassHandle("UIApplication")
    package static var declaration: SimulatorClassDeclaration { Windows.applicationDeclaration }
    package static let delegate = handle.property("delegate")
}

extension Windows {
    /// `UIApplication` (SPEC §3.1): the one application object, made at launch and held
    /// for the life of the app; it lists the windows and the key window.
    static let applicationDeclaration = ClassDeclaration(UIApplication.handle, superclass: "UIResponder",
        summary: "The app: its delegate, its windows and the key window.") {
        PropertyDeclaration(UIApplication.delegate, .strong, .object("NSObject"),
                            summary: "The app delegate, which `UIApplicationMain` keeps (an `AppDelegate`).")
        PropertyDeclaration("windows", .strong, .array("UIWindow"), readOnly: true, getter: "windows",
                            summary: "Every live window, by level then by when each was ordered front (rule 2); on iOS 13+ those of the connected scenes (rules 71, 72).")
        PropertyDeclaration("keyWindow", .weak, .object("UIWindow"), readOnly: true, getter: "keyWindow",
                            summary: "The key window, or nil: on iOS 13+ the foreground-active scene's (rule 72).")
        PropertyDeclaration("connectedScenes", .strong, .array("UIWindowScene"), readOnly: true, getter: "connectedScenes",
                            summary: "(iOS 13+) The connected scenes, in connection order: one `UIWindowScene`, which the application keeps (rule 69).")
        PropertyDeclaration("isIgnoringInteractionEvents", .assign, .bool, readOnly: true, getter: "isIgnoringInteractionEvents",
                            summary: "True while a non-interactive animated transition is in flight: taps reach nothing (rule 61).")
        PropertyDeclaration("statusBarOrientation", .assign, .enumeration(Simulator.interfaceOrientations), readOnly: true,
                            getter: "statusBarOrientation",
                            summary: "The interface orientation: device `landscapeLeft` is interface `landscapeRight` and the other way round (rules 52, 53).")
        Static("shared", .object("UIApplication"), summary: "The application object.") { sim in .object(sim.application) }
        HoldDeclaration("UIApplication.shared", "the application object and the main screen, for the life of the app")
        Simulator.interfaceOrientations

        Method.initializer(summary: "Refused: there is one application, `UIApplication.shared`.") { sim, inv in
            throw sim.raise(.crash(.secondApplication, object: inv.receiver))
        }
        Method.accessor("windows", returns: .array("UIWindow")) { sim, _ in .array(sim.windows.map(Value.object)) }
        Method.accessor("keyWindow", returns: .object("UIWindow")) { sim, _ in sim.keyWindow.map(Value.object) ?? .nil }
        Method.accessor("isIgnoringInteractionEvents", returns: .bool) { sim, _ in .bool(sim.isIgnoringInteractionEvents) }
        Method.accessor("connectedScenes", returns: .array("UIWindowScene"), introduced: 13) { sim, _ in
            .array(try sim.connectedScenes().map(Value.object))
        }
        Method.accessor("statusBarOrientation", returns: .enumeration(Simulator.interfaceOrientations)) { sim, _ in
            .string(sim.interfaceOrientation.rawValue)
        }
    }
}

extension Simulator {
    /// `UIApplication.shared.delegate`.
    public var appDelegate: ObjectID? { (try? object(application, UIApplication.delegate)) ?? nil }
}
