import KitSim
import KitSimBridge
import KitSimReport

extension Simulator {
    /// `sim.screen()` drawn as a wireframe: the model's `screenPicture()` rendered by
    /// KitSimReport's `ScreenSVG` (the model cannot see the report, so the two meet here).
    public func screenSVG() throws -> String {
        ScreenSVG(try screenPicture()).document
    }
}

extension LuaSandbox {
    /// The HTML report of `outcome`, this sandbox's last run, with the simulated screen's
    /// wireframe (`Simulator.screenSVG()`): what `kitsim run --report` writes.
    public func htmlReport(_ outcome: Outcome, title: String, fixes: String? = nil) -> String {
        let screen: Result<String, Pictures.Failure>
        do { screen = .success(try sim.screenSVG()) } catch {
            screen = .failure(Pictures.Failure("cannot draw the screen: \(error)"))
        }
        return htmlReport(outcome, title: title, screen: screen, fixes: fixes)
    }
}
