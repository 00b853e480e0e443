/// `_UIScreenFixedCoordinateSpace`, as the model names it: its class and the properties the model reads and writes.
package enum _UIScreenFixedCoordinateSpace: ModelClass {
    package static let handle = ClassHandle("_UIScreenFixedCoordinateSpace", global: false)
    package static var declaration: SimulatorClassDeclaration { Rotation.fixedCoordinateSpaceDeclaration }
}

extension Rotation {
    /// `_UIScreenFixedCoordinateSpace` (SPEC rule 54): what `fixedCoordinateSpace` returns,
    /// the screen in portrait whatever the interface orientation.
    static let fixedCoordinateSpaceDeclaration = ClassDeclaration(_UIScreenFixedCoordinateSpace.handle,
        summary: "The screen's portrait coordinate space (`UIScreen.main.fixedCoordinateSpace`).") {
        PropertyDeclaration("bounds", .assign, .rect, readOnly: true, getter: "bounds", summary: "390 × 844, always.")
        Method.accessor("bounds", returns: .rect) { _, _ in .rect(RotationState.portraitBounds) }
    }
}
