-- Pattern · a block on the main queue keeps what it captures until it runs (rule 31, docs/rules.md#rule-31)
--
-- A detail screen schedules work ten seconds out, capturing self strongly as Swift's
-- `DispatchQueue.main.asyncAfter(deadline: .now() + 10) { self.refresh() }` does. The queue
-- keeps the block until it has run, so the popped screen lives on for those ten seconds:
-- MLeaksFinder's 2 s check reports it `abandoned`, a false alarm — it is a delay, not a
-- leak, and the screen deallocates once the block has run. With `[weak self]` the screen
-- goes at the pop and the block finds nil.
-- Expected: `abandoned` while the block waits (why: [DispatchQueue.main] → the block → it),
-- deallocated after it runs; the weak form deallocates at once; no leaks in the end.
local navApp = require("lib.nav_app")
local refreshed = {}

local Detail = UIViewController:subclass("Detail")
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  DispatchQueue.main:asyncAfter(DispatchTime.now() + 10, sim.block{ strong = { self }, function(self)
    refreshed[#refreshed + 1] = self
  end })
end

local WeakDetail = UIViewController:subclass("WeakDetail")
function WeakDetail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  DispatchQueue.main:asyncAfter(DispatchTime.now() + 10, sim.block{ weak = { self }, function(self)
    if not self then return end
    refreshed[#refreshed + 1] = self
  end })
end

local nav = navApp.launch()
local detail = sim.label(Detail(), "detail")
navApp.visit(nav, detail, 1)                      -- pushed at 1 s, popped at 2 s, now 5 s
expect(detail).to.be.alive()
expect(sim.why(detail):find("[DispatchQueue.main] NSBlock#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")     -- MLeaksFinder's false alarm
sim.run(7)                                        -- past the deadline at 11 s
expect(refreshed[1] == detail).to.be.truthy()
expect(detail).to.be.deallocated()

local weakDetail = sim.label(WeakDetail(), "weakDetail")
navApp.visit(nav, weakDetail, 1)
expect(weakDetail).to.be.deallocated()            -- at the pop: the block only looks
sim.run(10)
expect(#refreshed).to.equal(1)                    -- the weak block found nil
sim.verify()
expect(sim.leaks()).to.be.empty()
