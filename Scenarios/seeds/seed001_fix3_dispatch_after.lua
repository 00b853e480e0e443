-- Seed 001 · fix 3: delay the work that may touch self.view — dispatch_after 0.5 s in
-- didSelect, by which time the tab switch has loaded the view.
-- Expected: one web view, refresh runs 0.5 s later on the loaded view.
local app = require("lib.tab_webview")

function app.TabbarController:tabBarController_didSelect(tabBarController, viewController)
  local index = app.indexOf(self.viewControllers, viewController)
  if index == 1 then
    sim.after(0.5, function()
      local vc = viewController.viewControllers[1]
      vc:refresh()
    end)
  end
end

local second = app.launchAndTapSecondTab()
expect(app.logged[1]).to.equal("-[SecondController viewDidLoad] end")    -- the view loaded first
expect(app.logged[4]).to.equal("-[SecondController refresh] start")
local result = app.outcome(second)
expect(result.onScreen[1]).to.equal(result.property)
expect(result.property.restorationIdentifier).to.equal("-[SecondController viewDidLoad]")
sim.verify()
expect(sim.leaks()).to.be.empty()
