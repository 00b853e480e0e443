-- Pattern · `[self]` in a timer publisher's sink is a strong capture (rules 86, 89: docs/rules.md#rule-86, #rule-89)
--
-- A countdown screen writes its capture list out, as Swift 5.3 lets a closure say `[self]`
-- to use self without `self.`:
--   timerSubscription = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
--     .sink { [self] _ in remaining -= 1 }
-- `[self]` is a strong capture, the same as writing nothing: the timer keeps the publisher,
-- the publisher the subscription, the subscription the Sink and the Sink the closure, which
-- keeps the screen (pixelper.com, "iOS timer subscriptions"). Popped, it counts on.
-- Expected: `abandoned`; why: RunLoop.main → the timer → TimerPublisher → Subscription → Sink → the block → it.
local navApp = require("lib.nav_app")

local Countdown = UIViewController:subclass("Countdown", { remaining = 10, timerSubscription = "strong" })
function Countdown:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timerSubscription = Timer.publish(1, RunLoop.main, "common"):autoconnect()
    :sink(sim.block{ strong = { self }, function(self, now) self.remaining = self.remaining - 1 end })
end

local nav = navApp.launch()
local countdown = sim.label(Countdown(), "countdown")
navApp.visit(nav, countdown, 1)
expect(countdown).to.be.alive()
expect(countdown.remaining).to.equal(6)             -- four ticks, three of them after the pop
local why = sim.why(countdown)
expect(why:find("[RunLoop.main] RunLoop#", 1, true) ~= nil).to.be.truthy()
expect(why:find("Sink#%d+%.receiveValue %(strong%) → NSBlock#%d+ capture 1 %(strong%) → Countdown#") ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(countdown)
expect(countdown).to.leak()                         -- the leak this pattern shows, so kitsim test expects it
sim.verify()
