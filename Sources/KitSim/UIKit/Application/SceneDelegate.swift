/// `SceneDelegate`, as the model names it: its class and the properties the model reads and writes.
package enum SceneDelegate: ModelClass {
    package static let handle = ClassHandle("SceneDelegate")
    package static var declaration: SimulatorClassDeclaration { Simulator.sceneDelegateDeclaration }
}

extension Simulator {
    /// The scene delegate an app's scene manifest names (SPEC rule 69): UIKit makes one for
    /// the scene it connects with `sim.configure{ scenes = true }` and the scene keeps it
    /// strongly. Its `window` property is strong, as Xcode's template declares it, so the
    /// window assigned to it stays alive.
    static let sceneDelegateDeclaration = ClassDeclaration(SceneDelegate.handle, superclass: "UIResponder",
        summary: "The scene delegate of a scene-based app; its scene keeps it, and it keeps its window strongly.") {
        PropertyDeclaration("window", .strong, .object("UIWindow"), summary: "The scene's main window, kept strongly.")
    }
}
