-- Pattern · a timer publisher's sink keeps its screen (rules 86, 89: docs/rules.md#rule-86, #rule-89)
--
-- A clock screen shows the time from a Combine timer and keeps the subscription in its own
-- set of cancellables, as Swift apps write
--   Timer.publish(every: 1, on: .main, in: .common).autoconnect()
--     .sink { self.time = $0 }
--     .store(in: &cancellables)
-- The sink's closure captures self strongly; the subscription keeps the Sink, the screen's
-- cancellables keep the subscription: a cycle that lasts until it is cancelled, and while
-- it lasts the run loop's timer keeps the whole chain too (swiftbysundell.com/articles/
-- combine-self-cancellable-memory-management). Popped, the screen lives on and its clock ticks.
-- Expected: `abandoned`; why: RunLoop.main → the timer → TimerPublisher → Subscription → Sink → the closure → it.
local navApp = require("lib.nav_app")

local Clock = UIViewController:subclass("Clock", { time = "assign", cancellables = "strong" })
function Clock:viewDidLoad()
  UIViewController.viewDidLoad(self)
  Timer.publish(1, RunLoop.main, "common"):autoconnect()
    :sink(function(now) self.time = now end)
    :store(self, "cancellables")
end

local nav = navApp.launch()
local clock = sim.label(Clock(), "clock")
navApp.visit(nav, clock, 1)
expect(clock).to.be.alive()
expect(clock.time).to.equal(5)                      -- still ticking 3 s after the pop
local why = sim.why(clock)
expect(why:find("[RunLoop.main] RunLoop#", 1, true) ~= nil).to.be.truthy()
expect(why:find("TimerPublisher#%d+%.subscriptions%[1%] %(strong%) → Subscription#%d+%.downstream %(strong%) → Sink#%d+%.receiveValue")
  ~= nil).to.be.truthy()
expect(why:find("captures 'self' (strong) → Clock#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(clock)
expect(clock).to.leak()                             -- the leak this pattern shows, so kitsim test expects it
sim.verify()
