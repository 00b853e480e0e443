import KitSimReport

extension LuaSandbox {
    /// The HTML report of `outcome`, this sandbox's last run (`HTMLReport`); `screen` is the
    /// wireframe's SVG or why there is none. A script that never started (a syntax error)
    /// has only start-up events.
    public func htmlReport(_ outcome: Outcome, title: String, screen: Result<String, Pictures.Failure>, fixes: String? = nil) -> String {
        var report = HTMLReport(title: title, outcome: outcome, heap: heap, firstScriptEvent: firstScriptEvent ?? heap.events.count, screen: screen)
        report.fixes = fixes
        return report.render()
    }
}
