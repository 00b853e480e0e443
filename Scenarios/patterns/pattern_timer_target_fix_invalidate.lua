-- Pattern · a repeating Timer keeps its target — the fix (rules 28, 29: docs/rules.md#rule-28, #rule-29)
--
-- The screen keeps its timer weakly and invalidates it when it leaves the screen, so the
-- run loop releases the timer and the timer its target; the block form with a weak
-- capture (iOS 10+) never keeps the screen at all.
-- Expected: both screens deallocate after the pop; no leaks.
local navApp = require("lib.nav_app")
local ticks = {}        -- by class name: the ticks each screen saw while on screen

local Detail = UIViewController:subclass("Detail", { timer = "weak" })
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timer = Timer.scheduledTimer(1, self, "tick", nil, true)
end
function Detail:tick(timer) ticks.Detail = (ticks.Detail or 0) + 1 end
function Detail:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  if self.timer then self.timer:invalidate() end
end

-- The block form: `Timer.scheduledTimer(withTimeInterval:repeats:) { [weak self] timer in … }`.
local BlockDetail = UIViewController:subclass("BlockDetail")
function BlockDetail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  Timer.scheduledTimer_withTimeInterval(1, true, sim.block{ weak = { self }, function(self, timer)
    if not self then timer:invalidate() return end
    ticks.BlockDetail = (ticks.BlockDetail or 0) + 1
  end })
end

local nav = navApp.launch()
for _, S in ipairs({ Detail, BlockDetail }) do
  local screen = sim.label(S(), S.name)
  navApp.visit(nav, screen, 2.5)
  expect(ticks[S.name]).to.equal(2)          -- two ticks on screen, none after the pop
  expect(screen).to.be.deallocated()
end
expect(#RunLoop.main.timers).to.equal(0)       -- the block saw self gone and invalidated
sim.verify()
expect(sim.leaks()).to.be.empty()
