extension Rotation {
    /// `_UIScreenFixedCoordinateSpace` (SPEC rule 54): what `fixedCoordinateSpace` returns,
    /// the screen in portrait whatever the interface orientation.
    static let fixedCoordinateSpaceDeclaration = ClassDeclaration("_UIScreenFixedCoordinateSpace", global: false,
        summary: "The screen's portrait coordinate space (`UIScreen.main.fixedCoordinateSpace`).") {
        PropertyDeclaration("bounds", .assign, .rect, readOnly: true, getter: "bounds", summary: "390 × 844, always.")
        Method.accessor("bounds", returns: .rect) { _, _ in .rect(RotationState.portraitBounds) }
    }
}
