/// `UIDevice`, as the model names it: its class and the properties the model reads and writes.
package enum UIDevice: ModelClass {
    package static let handle = ClassHandle("UIDevice")
    package static var declaration: SimulatorClassDeclaration { Rotation.deviceDeclaration }
}

extension Rotation {
    /// `UIDevice` (SPEC rule 52): the device, whose `orientation` `sim.rotateDevice` turns.
    static let deviceDeclaration = ClassDeclaration(UIDevice.handle, summary: "The device and its physical orientation.") {
        PropertyDeclaration("orientation", .assign, .enumeration(Simulator.deviceOrientations), readOnly: true, getter: "orientation",
                            summary: "Where the device points (`sim.rotateDevice`); `portrait` at launch and after `sim.configure`. A refused rotation changes only this (rule 53).")
        Static("current", .object("UIDevice"), lazy: true, summary: "The device.") { sim in .object(sim.rotation.currentDevice) }
        HoldDeclaration("UIDevice.current", "the device object, for the life of the app")
        Simulator.deviceOrientations

        Method.initializer { _, inv in .object(inv.receiver) }
        // Every instance reads the one device's orientation, as UIKit's does.
        Method.accessor("orientation", returns: .enumeration(Simulator.deviceOrientations)) { sim, _ in .string(sim.deviceOrientation) }
    }
}
