import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 83: sheets by version. Before iOS 13 a page or form sheet on an iPhone adapts to full
/// screen; from iOS 13 a sheet keeps its presenter on screen without callbacks, and a swipe
/// down (`sim.swipeDown`) dismisses it, asking and telling its presentation controller's
/// delegate, unless it is modal in presentation.
@Suite struct SheetRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local log = {}
        local Screen = UIViewController:subclass("SheetPresenter")
        function Screen:viewWillDisappear(animated) log[#log + 1] = "presenter willDisappear" end
        local presenter = Screen()
        window.rootViewController = presenter
        sim.run(1)
        local Watcher = NSObject:subclass("SheetWatcher", { answer = "strong" })
        function Watcher:presentationControllerShouldDismiss(pc) log[#log + 1] = "should"; return self.answer ~= false end
        function Watcher:presentationControllerWillDismiss(pc) log[#log + 1] = "will" end
        function Watcher:presentationControllerDidDismiss(pc) log[#log + 1] = "did" end
        function Watcher:presentationControllerDidAttemptToDismiss(pc) log[#log + 1] = "attempt" end
        local watcher = sim.hold(Watcher())
        local function showSheet(style)
          local sheet = UIViewController()
          sheet.modalPresentationStyle = style
          sheet.presentationController.delegate = watcher     -- set before presenting, as apps do
          presenter:present(sheet, true, nil)
          sim.run(1)
          return sheet
        end
        """

    @Test(arguments: [("pageSheet", 12, true), ("formSheet", 8, true), ("pageSheet", 13, false), ("formSheet", 17, false), ("automatic", 12, true), ("automatic", 13, false)])
    func rule83_sheetsAreFullScreenBeforeIOS13(_ style: String, _ ios: Int, _ fullScreen: Bool) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local sheet = showSheet("\(style)")
            assert((#log == 1) == \(fullScreen), table.concat(log, ", "))
            assert((presenter.view.window == nil) == \(fullScreen), "rule 82 for the adapted sheet")
            """)
    }

    @Test func rule83_aSwipeDownDismissesAndTellsTheDelegate() throws {
        try RuleScript(prelude: Self.app, ios: 15).passes("""
            local sheet = sim.label(showSheet("pageSheet"), "sheet")
            local pc = sheet.presentationController
            assert(pc.presentedViewController == sheet and pc.presentingViewController == presenter)
            sheet = nil
            assert(sim.swipeDown(presenter.presentedViewController) == true)
            assert(table.concat(log, ", ") == "should, will", table.concat(log, ", "))
            sim.run(1)
            assert(table.concat(log, ", ") == "should, will, did", table.concat(log, ", "))
            assert(presenter.presentedViewController == nil)
            assert(not sim.alive(pc), "the presentation controller let go of both sides, then went with the sheet")
            assert(#sim.leaks() == 0)
            """)
    }

    @Test(arguments: ["modal", "refused"])
    func rule83_aSheetThatRefusesStays(_ how: String) throws {
        try RuleScript(prelude: Self.app, ios: 17).passes("""
            local sheet = showSheet("formSheet")
            if "\(how)" == "modal" then sheet.isModalInPresentation = true else watcher.answer = false end
            assert(sim.swipeDown(sheet) == false)
            local expected = "\(how)" == "modal" and "attempt" or "should, attempt"
            assert(table.concat(log, ", ") == expected, table.concat(log, ", "))
            sim.run(1)
            assert(presenter.presentedViewController == sheet)
            sheet:dismiss(false, nil)                    -- a dismissal in code tells the delegate nothing
            sim.run(1)
            assert(table.concat(log, ", ") == expected and presenter.presentedViewController == nil)
            """)
    }

    @Test(arguments: [
        (17, "sim.swipeDown(UIViewController())", "cannot be swiped down: it is not presented"),
        (17, "sim.swipeDown(showSheet('fullScreen'))", "cannot be swiped down: its presentation style is fullScreen, not a page or form sheet"),
        (12, "sim.swipeDown(showSheet('pageSheet'))", "cannot be swiped down: sheets are dismissed by a swipe from iOS 13"),
        (17, "sim.swipeDown(UIView())", "bad argument #1 to 'swipeDown' (UIViewController expected, got UIView)"),
    ])
    func rule83_mistakesAreClearErrors(_ ios: Int, _ code: String, _ message: String) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local ok, err = pcall(function() return \(code) end)
            assert(not ok and tostring(err):find("\(message)", 1, true), tostring(err))
            """)
    }

    @Test func rule83_noPresentationControllerBeforeIOS8() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: 7).passes("""
            assert(UIViewController().presentationController == nil)
            """)
    }
}
