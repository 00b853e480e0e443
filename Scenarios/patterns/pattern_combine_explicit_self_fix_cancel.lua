-- Pattern · `[self]` in a timer publisher's sink is a strong capture — the fix (rules 87, 89: docs/rules.md#rule-87, #rule-89)
--
-- Two fixes: cancel the subscription when the screen disappears
--   override func viewDidDisappear(_ animated: Bool) { timerSubscription?.cancel() }
-- which makes the Sink let go of its closure and the publisher disconnect its timer; or
-- `[weak self]`, which never keeps the screen, so its deinit releases the cancellable,
-- whose deinit cancels.
-- Expected: both screens deallocate after the pop, no timer is left; no leaks.
local navApp = require("lib.nav_app")
local ticks = {}

local Countdown = UIViewController:subclass("Countdown", { remaining = 10, timerSubscription = "strong" })
function Countdown:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timerSubscription = Timer.publish(1, RunLoop.main, "common"):autoconnect()
    :sink(sim.block{ strong = { self }, function(self, now) ticks.Countdown = (ticks.Countdown or 0) + 1 end })
end
function Countdown:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  self.timerSubscription:cancel()
end

local WeakCountdown = UIViewController:subclass("WeakCountdown", { remaining = 10, timerSubscription = "strong" })
function WeakCountdown:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timerSubscription = Timer.publish(1, RunLoop.main, "common"):autoconnect()
    :sink(sim.block{ weak = { self }, function(self, now) if self then ticks.WeakCountdown = (ticks.WeakCountdown or 0) + 1 end end })
end

local nav = navApp.launch()
for _, S in ipairs({ Countdown, WeakCountdown }) do
  local screen = sim.label(S(), S.name)
  navApp.visit(nav, screen, 2.5)
  expect(ticks[S.name]).to.equal(2)                 -- two ticks on screen, none after the pop
  expect(screen).to.be.deallocated()
  expect(#RunLoop.main.timers).to.equal(0)
end
sim.verify()
expect(sim.leaks()).to.be.empty()
