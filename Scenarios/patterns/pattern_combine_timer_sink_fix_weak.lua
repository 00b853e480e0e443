-- Pattern · a timer publisher's sink keeps its screen — the fix (rules 86, 87, 89: docs/rules.md#rule-86, #rule-87, #rule-89)
--
-- `.sink { [weak self] in self?.time = $0 }`: the closure no longer keeps the screen, so the
-- pop releases it, its cancellables go with it, and AnyCancellable's deinit cancels the
-- subscription: the Sink lets go of its closure, the autoconnected publisher of its last
-- subscription, and so it invalidates its timer.
-- Expected: the screen deallocates after the pop, no timer is left on the run loop; no leaks.
local navApp = require("lib.nav_app")

local Clock = UIViewController:subclass("Clock", { time = "assign", cancellables = "strong" })
function Clock:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)
  Timer.publish(1, RunLoop.main, "common"):autoconnect()
    :sink(function(now) local s = weakSelf.value; if s then s.time = now end end)
    :store(self, "cancellables")
end

local nav = navApp.launch()
local clock = sim.label(Clock(), "clock")
nav:pushViewController(clock, false)
sim.run(2)
expect(clock.time).to.equal(3)                      -- ticks at 2 s and 3 s while on screen
expect(#RunLoop.main.timers).to.equal(1)
nav:popViewController(false)
sim.run(3)
expect(clock).to.be.deallocated()
expect(#RunLoop.main.timers).to.equal(0)            -- the last subscription ended: disconnected
sim.verify()
expect(sim.leaks()).to.be.empty()
