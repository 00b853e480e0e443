extension Simulator {
    /// `UIScreen`: the main screen, an iPhone's 390 × 844 points.
    static let screenDeclaration = ClassDeclaration("UIScreen", summary: "The device's screen.") {
        PropertyDeclaration("bounds", .assign, .rect, readOnly: true)
        Static("main", .object("UIScreen"), summary: "The main screen.") { sim in .object(sim.mainScreen) }
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
