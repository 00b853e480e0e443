-- Pattern · an animation's completion keeps what it captures until the animation ends (rules 43, 44: docs/rules.md#rule-43, #rule-44)
--
-- A detail screen confirms a save with a toast on the window that fades out over five
-- seconds, cleaning up in the completion as apps write
--   UIView.animate(withDuration: 5, animations: { toast.alpha = 0 }) { _ in
--     toast.removeFromSuperview(); self.toastDidHide() }
-- UIKit keeps the completion until the animation ends, and the completion captures self
-- strongly. The toast stays on screen after the pop, so its animation runs to its end and
-- the popped screen lives those five seconds: MLeaksFinder's 2 s check reports it
-- `abandoned`, a false alarm — a delay, not a leak. A screen whose spinner sits inside its
-- own view is different: at the pop the spinner leaves the window and loses its
-- animation, the completion runs at once with finished = false, and the screen goes at
-- the end of the pop.
-- Expected: the toast screen `abandoned` while the toast fades (why: [animation in flight]
-- → the completion → it), deallocated at 6 s with finished = true; the spinner screen
-- deallocated at the pop with finished = false; no leaks in the end.
local navApp = require("lib.nav_app")
local finished = {}

local ToastScreen = UIViewController:subclass("ToastScreen")
function ToastScreen:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  local toast = UIView(CGRect(95, 700, 200, 44))
  toast.backgroundColor = "black"
  self.view.window:addSubview(toast)
  UIView.animate(5, function() toast.alpha = 0 end, sim.block{ strong = { self }, function(self, done)
    toast:removeFromSuperview()
    self:toastDidHide(done)
  end })
end
function ToastScreen:toastDidHide(done) finished.toast = done end

local SpinnerScreen = UIViewController:subclass("SpinnerScreen", { spinner = "strong" })
function SpinnerScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.spinner = UIView(CGRect(175, 400, 40, 40))
  self.view:addSubview(self.spinner)
end
function SpinnerScreen:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  local spinner = self.spinner
  UIView.animate_delay(5, 0, { "curveLinear" }, function() spinner.alpha = 0.2 end, sim.block{ strong = { self }, function(self, done)
    finished.spinner = done
  end })
end

local nav = navApp.launch()

local toastScreen = sim.label(ToastScreen(), "toastScreen")
navApp.visit(nav, toastScreen, 1)                 -- pushed at 1 s, popped at 2 s, now 5 s
expect(toastScreen).to.be.alive()
expect(sim.why(toastScreen):find("[animation in flight] NSBlock#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")     -- MLeaksFinder's false alarm
sim.run(1)                                        -- the fade ends at 6 s
expect(finished.toast).to.equal(true)
expect(toastScreen).to.be.deallocated()

local spinnerScreen = sim.label(SpinnerScreen(), "spinnerScreen")
nav:pushViewController(spinnerScreen, false)
sim.run(1)
nav:popViewController(false)                      -- the spinner leaves the window with the view
sim.run(0)
expect(finished.spinner).to.equal(false)
expect(spinnerScreen).to.be.deallocated()         -- at the end of the pop, not at 12 s
sim.run(10)
sim.verify()
expect(sim.leaks()).to.be.empty()
