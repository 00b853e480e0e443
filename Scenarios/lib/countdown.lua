-- A workout app's "get ready" screen (explore pattern: a timer firing during a pop). It
-- counts down from 3 with a repeating Timer, pulsing its count on each tick (a 0.8 s
-- UIView animation), and at zero pushes the workout; a Cancel button pops it:
--   timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
--                                userInfo: nil, repeats: true)
--   @objc func tick() {
--       remaining -= 1
--       UIView.animate(withDuration: 0.8, animations: { self.countView.alpha = 0.3 },
--                      completion: { _ in self.countView.alpha = 1 })
--       if remaining == 0 { timer?.invalidate(); navigationController?.pushViewController(WorkoutViewController(), animated: true) }
--   }
-- `invalidateIn` is the callback that invalidates the timer: "viewDidDisappear" (the bug)
-- or "viewWillDisappear" (the fix).
local M = {}

M.GetReadyViewController = UIViewController:subclass("GetReadyViewController", {
  timer = "weak",                 -- the run loop keeps a scheduled timer
  countView = "weak",
  cancelButton = "weak",
  remaining = "assign",
  invalidateIn = "assign",
})
M.WorkoutViewController = UIViewController:subclass("WorkoutViewController")

function M.GetReadyViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local countView = UIView(CGRect(145, 300, 100, 100))
  self.view:addSubview(countView)
  self.countView = countView
  local cancel = UIButton(CGRect(20, 700, 120, 44))
  cancel:setTitle("Cancel")
  cancel:addTarget(self, "cancel", "touchUpInside")
  self.view:addSubview(cancel)
  self.cancelButton = cancel
end

function M.GetReadyViewController:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  self.remaining = 3
  self.timer = Timer.scheduledTimer(1, self, "tick", nil, true)
end

function M.GetReadyViewController:tick(timer)
  self.remaining = self.remaining - 1
  UIView.animate(0.8, function() self.countView.alpha = 0.3 end, function(finished) self.countView.alpha = 1 end)
  if self.remaining == 0 then
    self.timer:invalidate()
    M.workout = sim.label(M.WorkoutViewController(), "workout")
    self.navigationController:pushViewController(M.workout, true)
  end
end

-- @objc func cancel() { navigationController?.popViewController(animated: true) }
function M.GetReadyViewController:cancel(sender)
  M.cancelledWithTimerDueIn = self.timer and self.timer.isValid and self.timer.fireDate - sim.now
  self.navigationController:popViewController(true)
end

for _, callback in ipairs{ "viewWillDisappear", "viewDidDisappear" } do
  M.GetReadyViewController[callback] = function(self, animated)
    UIViewController[callback](self, animated)
    if self.invalidateIn == callback and self.timer then self.timer:invalidate() end
  end
end

-- The app: a navigation controller whose home screen pushed the get-ready screen (the user
-- chose a workout). Returns the navigation controller and the screen.
function M.launch(invalidateIn)
  local nav = require("lib.nav_app").launch()
  local getReady = sim.label(M.GetReadyViewController(), "getReady")
  getReady.invalidateIn = invalidateIn
  nav:pushViewController(getReady, false)
  return nav, getReady
end

return M
