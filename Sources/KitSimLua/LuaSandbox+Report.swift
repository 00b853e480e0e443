import KitSim
import KitSimBridge

extension LuaSandbox {
    /// The HTML report of `outcome`, this sandbox's last run, with the simulated screen's
    /// wireframe (`Simulator.screenSVG()`): what `kitsim run --report` writes.
    public func htmlReport(_ outcome: Outcome, title: String) -> String {
        let screen: Result<String, Pictures.Failure>
        do { screen = .success(try sim.screenSVG()) } catch {
            screen = .failure(Pictures.Failure("cannot draw the screen: \(error)"))
        }
        return htmlReport(outcome, title: title, screen: screen)
    }
}
