-- Pattern · a repeating Timer keeps its target — the fix (SPEC rules 28, 29)
--
-- The screen keeps its timer weakly and invalidates it when it leaves the screen, so the
-- run loop releases the timer and the timer its target; the block form with a weak
-- capture (iOS 10+) never keeps the screen at all.
-- Expected: both screens deallocate after the pop; no leaks.
local navApp = require("lib.nav_app")

local Detail = UIViewController:subclass("Detail", { timer = "weak", ticks = "assign" })
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timer = Timer.scheduledTimer(1, self, "tick", nil, true)
end
function Detail:tick(timer) self.ticks = (self.ticks or 0) + 1 end
function Detail:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  if self.timer then self.timer:invalidate() end
end

-- The block form: `Timer.scheduledTimer(withTimeInterval:repeats:) { [weak self] timer in … }`.
local BlockDetail = UIViewController:subclass("BlockDetail", { ticks = "assign" })
function BlockDetail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  Timer.scheduledTimer_withTimeInterval(1, true, sim.block{ weak = { self }, function(self, timer)
    if not self then timer:invalidate() return end
    self.ticks = (self.ticks or 0) + 1
  end })
end

local nav = navApp.launch()
local detail = sim.label(Detail(), "detail")
nav:pushViewController(detail, true)
sim.run(2.5)
expect(detail.ticks).to.equal(2)
nav:popViewController(true)
sim.run(3)
expect(detail).to.be.deallocated()

local other = sim.label(BlockDetail(), "blockDetail")
nav:pushViewController(other, true)
sim.run(2.5)
expect(other.ticks).to.equal(2)
nav:popViewController(true)
sim.run(3)
expect(other).to.be.deallocated()
expect(#RunLoop.main.timers).to.equal(0)       -- the block saw self gone and invalidated
sim.verify()
expect(sim.leaks()).to.be.empty()
