-- Pattern · a repeating Timer keeps its target (rule 28, docs/rules.md#rule-28)
--
-- A detail screen starts a repeating timer with itself as the target in viewDidLoad, as
-- Objective-C apps wrote `[NSTimer scheduledTimerWithTimeInterval:1 target:self
-- selector:@selector(tick:) userInfo:nil repeats:YES]`. The run loop keeps the timer and
-- the timer keeps its target until it is invalidated, so popping the screen does not
-- release it: MLeaksFinder's check reports it abandoned 2 s later, and it keeps ticking.
-- Expected: `abandoned` for the popped screen, and `why` shows RunLoop.main → the timer → it.
local navApp = require("lib.nav_app")

local Detail = UIViewController:subclass("Detail", { ticks = "assign" })
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  Timer.scheduledTimer(1, self, "tick", nil, true)
end
function Detail:tick(timer) self.ticks = (self.ticks or 0) + 1 end

local nav = navApp.launch()
local detail = sim.label(Detail(), "detail")
navApp.visit(nav, detail, 1)
expect(detail).to.be.alive()
expect(detail.ticks >= 4).to.be.truthy()
local why = sim.why(detail)
expect(why:find("[RunLoop.main] RunLoop#", 1, true) ~= nil).to.be.truthy()
expect(why:find(".timers[1] (strong) → Timer#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(detail)
expect(detail).to.leak()                                 -- the leak this pattern shows, so kitsim test expects it
sim.verify()
