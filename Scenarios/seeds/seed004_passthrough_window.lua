-- Seed 004 · a window for an independent, cross-screen service (a recording banner, an
-- assistive-touch button): full screen, so by default it swallows every touch. The fix is
-- a UIWindow subclass overriding hitTest to return nil for ThroughView areas, so those
-- touches reach the windows below.
-- Expected: touches on the banner hit the banner; touches on the pass-through area reach
-- the main window's button.
local account = require("lib.account")

local ThroughView = UIView:subclass("ThroughView")   -- 设置需要穿透的View为ThroughView
local ProgressWindow = UIWindow:subclass("ProgressWindow")
function ProgressWindow:hitTest(point, event)
  local hitView = UIWindow.hitTest(self, point, event)
  -- 如果hitView是需要事件穿透的ThroughView则返回nil
  if hitView and hitView:isKind(ThroughView) then return nil end
  return hitView
end
AppDelegate:extend{ progressWindow = "strong" }

local main = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = main
main.rootViewController = UIViewController()
main:makeKeyAndVisible()
local button = UIView(CGRect(20, 400, 350, 60))
main.rootViewController.view:addSubview(button)

local progress = ProgressWindow(UIScreen.main.bounds)   -- full screen, so rotation works
progress.windowLevel = UIWindow.Level.statusBar
progress.isHidden = false
UIApplication.shared.delegate.progressWindow = progress
local banner = UIView(CGRect(0, 0, 390, 44))
local through = ThroughView(CGRect(0, 44, 390, 800))
progress:addSubview(through)
progress:addSubview(banner)
sim.run(1)

account.say("touch at (10, 10) → %s; touch at (100, 420) → %s", sim.hitTest(10, 10), sim.hitTest(100, 420))
expect(sim.hitTest(10, 10)).to.equal(banner)
expect(sim.hitTest(100, 420)).to.equal(button)
expect(UIApplication.shared.keyWindow).to.equal(main)
sim.verify()
expect(sim.leaks()).to.be.empty()
