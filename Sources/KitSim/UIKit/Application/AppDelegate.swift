/// `AppDelegate`, as the model names it: its class and the properties the model reads and writes.
package enum AppDelegate: ModelClass {
    package static let handle = ClassHandle("AppDelegate")
    package static var declaration: SimulatorClassDeclaration { Simulator.appDelegateDeclaration }
    package static let window = handle.property("window")
}

extension Simulator {
    /// The app delegate `UIApplicationMain` makes: its `window` property is strong, so the
    /// window assigned to it stays alive (seed 000).
    static let appDelegateDeclaration = ClassDeclaration(AppDelegate.handle, superclass: "UIResponder",
        summary: "The app delegate; it keeps its window strongly.") {
        PropertyDeclaration(AppDelegate.window, .strong, .object("NSObject"), summary: "The main window, kept strongly.")
    }
}
