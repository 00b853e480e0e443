extension Simulator {
    /// The app delegate `UIApplicationMain` makes: its `window` property is strong, so the
    /// window assigned to it stays alive (seed 000).
    static let appDelegateDeclaration = ClassDeclaration("AppDelegate", superclass: "UIResponder",
        summary: "The app delegate; it keeps its window strongly.") {
        PropertyDeclaration("window", .strong, .object("NSObject"), summary: "The main window, kept strongly.")
    }
}
