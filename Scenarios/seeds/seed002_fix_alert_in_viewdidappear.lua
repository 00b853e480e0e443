-- Seed 002 · UIWindow, the first fix the author tried: show the alert from viewDidAppear,
-- when the root view is already in the window.
-- Expected: the alert is on top: visible and touchable.
local td = require("lib.td_alert")

-- The same ViewController (lib/td_alert.lua), with the show call moved to viewDidAppear.
local ViewController = td.ViewController
function ViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.view.backgroundColor = "brown"
end
function ViewController:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  local alertView = td.makeAlert()
  alertView:show()
  self.alertView = alertView
end

local root = ViewController()
local window = td.launch(root)
print(sim.screen().text)
expect(window.subviews[#window.subviews]).to.equal(root.alertView)
expect(td.isShown(root.alertView)).to.equal(true)
sim.verify()
expect(sim.leaks()).to.be.empty()
