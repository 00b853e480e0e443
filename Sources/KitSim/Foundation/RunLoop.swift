/// `RunLoop`, as the model names it: its class and the properties the model reads and writes.
package enum RunLoop: ModelClass {
    package static let handle = ClassHandle("RunLoop")
    package static var declaration: SimulatorClassDeclaration { MainRunLoop.declaration }
    package static let timers = handle.property("timers")
    package static let displayLinks = handle.property("displayLinks")
}

extension MainRunLoop {
    /// `RunLoop` (SPEC rules 24, 28, 30): the main run loop, made on first access; it keeps
    /// the timers scheduled on it and the display links added to it until they are
    /// invalidated.
    static let declaration = ClassDeclaration(RunLoop.handle, summary: "The main run loop: it keeps its timers and display links.") {
        PropertyDeclaration(RunLoop.timers, .strong, .array("Timer"), readOnly: true,
                            summary: "The valid timers scheduled on it; it keeps each until it is invalidated.")
        PropertyDeclaration(RunLoop.displayLinks, .strong, .array("CADisplayLink"), readOnly: true,
                            summary: "The display links added to it, in any mode; it keeps each until it is removed or invalidated.")
        Static("main", .object("RunLoop"), lazy: true, summary: "The main run loop, made on first access (rule 24).") { sim in
            .object(sim.runLoop.mainRunLoop())
        }
        HoldDeclaration("RunLoop.main", "the main run loop, once made, for the life of the app")
    }
}
