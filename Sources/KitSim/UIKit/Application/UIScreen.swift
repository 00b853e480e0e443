/// `UIScreen`, as the model names it: its class and the properties the model reads and writes.
package enum UIScreen: ModelClass {
    package static let handle = ClassHandle("UIScreen")
    package static var declaration: SimulatorClassDeclaration { Rotation.screenDeclaration }
    package static let bounds = handle.property("bounds")
}

extension Rotation {
    /// `UIScreen`: the main screen, an iPhone's 390 × 844 points (1170 × 2532 pixels at
    /// scale 3). From iOS 8 on its bounds follow the interface orientation (SPEC rule 54);
    /// on iOS 7 they stay portrait (rule 55).
    static let screenDeclaration = ClassDeclaration(UIScreen.handle, summary: "The device's screen.") {
        PropertyDeclaration(UIScreen.bounds, .assign, .rect, readOnly: true,
                            summary: "390 × 844; 844 × 390 while the interface is landscape on iOS 8+ (rules 54, 55).")
        PropertyDeclaration("coordinateSpace", .weak, .object("UIScreen"), readOnly: true, getter: "coordinateSpace",
                            summary: "(iOS 8+) The screen itself: its `bounds` follow the interface orientation (rule 54).")
        PropertyDeclaration("fixedCoordinateSpace", .strong, .object("_UIScreenFixedCoordinateSpace"), readOnly: true,
                            getter: "fixedCoordinateSpace", summary: "(iOS 8+) The portrait coordinate space: `bounds` 390 × 844 in every orientation (rule 54).")
        PropertyDeclaration("nativeBounds", .assign, .rect, readOnly: true, getter: "nativeBounds",
                            summary: "(iOS 8+) The portrait screen in pixels, 1170 × 2532, in every orientation (rule 54).")
        PropertyDeclaration("scale", .assign, .number, readOnly: true, default: .int(3))
        Static("main", .object("UIScreen"), summary: "The main screen.") { sim in .object(sim.mainScreen) }
        Method.initializer { _, inv in .object(inv.receiver) }
        // SPEC rule 55: iOS 8 API, an unrecognized selector on iOS 7.
        Method.accessor("coordinateSpace", returns: .object("UIScreen"), introduced: 8) { _, inv in .object(inv.receiver) }
        Method.accessor("fixedCoordinateSpace", returns: .object("_UIScreenFixedCoordinateSpace"), introduced: 8) { sim, inv in
            // Every screen answers with the main screen's space: KitSim has one screen.
            .object(try sim.rotation.fixedCoordinateSpace())
        }
        Method.accessor("nativeBounds", returns: .rect, introduced: 8) { _, _ in .rect(RotationState.nativeBounds) }
    }
}
