-- Pattern · a delayed perform keeps its controller until it fires (rules 74, 75: docs/rules.md#rule-74, #rule-75)
--
-- A detail screen asks for a refresh five seconds out, as Objective-C apps wrote
-- `[self performSelector:@selector(refresh) withObject:nil afterDelay:5]`. The run loop
-- keeps the receiver until the message is sent, so the screen popped at 2 s lives on:
-- MLeaksFinder's 2 s check reports it `abandoned`, a false alarm — a delay, not a leak —
-- and it deallocates once `refresh` has run at 6 s, refreshing a screen nobody sees. The
-- fix cancels the request when the screen leaves
-- (`[NSObject cancelPreviousPerformRequestsWithTarget:self]` in `viewWillDisappear:`):
-- the run loop lets go at once and the screen goes with the pop.
-- Expected: `abandoned` until the perform fires (why: [perform request] → it), then
-- deallocated; the fixed screen deallocates at the pop and never refreshes; no leaks.
local navApp = require("lib.nav_app")
local refreshes = {}    -- by class name: how many times each screen refreshed

local Detail = UIViewController:subclass("Detail")
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self:perform("refresh", nil, 5)
end
function Detail:refresh() refreshes.Detail = (refreshes.Detail or 0) + 1 end

local FixedDetail = UIViewController:subclass("FixedDetail")
function FixedDetail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self:perform("refresh", nil, 5)
end
function FixedDetail:refresh() refreshes.FixedDetail = (refreshes.FixedDetail or 0) + 1 end
function FixedDetail:viewWillDisappear(animated)
  UIViewController.viewWillDisappear(self, animated)
  NSObject.cancelPreviousPerformRequests(self)
end

local nav = navApp.launch()
local detail = sim.label(Detail(), "detail")
navApp.visit(nav, detail, 1)                      -- pushed at 1 s (the perform is for 6 s), popped at 2 s, now 5 s
expect(detail).to.be.alive()
expect(sim.why(detail):find("[perform request] Detail#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")      -- MLeaksFinder's false alarm
expect(leaks[1].objects[1]).to.equal(detail)
sim.run(1)                                        -- 6 s: the request fires
expect(refreshes.Detail).to.equal(1)
expect(detail).to.be.deallocated()

local fixed = sim.label(FixedDetail(), "fixed")
navApp.visit(nav, fixed, 1)
expect(fixed).to.be.deallocated()                 -- at the pop: nothing keeps it
sim.run(5)
expect(refreshes.FixedDetail).to.equal(nil)       -- cancelled: never sent
sim.verify()
expect(sim.leaks()).to.be.empty()
