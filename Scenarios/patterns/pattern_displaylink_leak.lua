-- Pattern · a CADisplayLink keeps its target (rule 30, docs/rules.md#rule-30)
--
-- An animated screen drives its drawing with `CADisplayLink(target: self, selector:
-- #selector(step))` added to the main run loop in viewDidLoad. The link keeps its target
-- and the run loop keeps the link, so the popped screen lives on, stepping 60 times a
-- second. The fix invalidates the link when the screen leaves.
-- Expected: the first screen is `abandoned`; the fixed one deallocates; frames at 60 Hz.
local navApp = require("lib.nav_app")

local function screen(name, fixed)
  local S = UIViewController:subclass(name, { link = "weak", frames = "assign" })
  function S:viewDidLoad()
    UIViewController.viewDidLoad(self)
    local link = CADisplayLink(self, "step")
    link:add(RunLoop.main, "common")
    self.link = link
  end
  function S:step(link) self.frames = (self.frames or 0) + 1 end
  if fixed then
    function S:viewDidDisappear(animated)
      UIViewController.viewDidDisappear(self, animated)
      if self.link then self.link:invalidate() end
    end
  end
  return S
end

local nav = navApp.launch()
local leaky = sim.label(screen("Animated")(), "leaky")
navApp.visit(nav, leaky, 1)
expect(leaky.frames >= 60 * 4).to.be.truthy()            -- it kept stepping after the pop
expect(leaky).to.be.alive()
expect(sim.why(leaky):find("CADisplayLink#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")

-- The fix.
leaky.link:invalidate()
local fixed = sim.label(screen("AnimatedFixed", true)(), "fixed")
navApp.visit(nav, fixed, 0.5)
expect(fixed).to.be.deallocated()
expect(leaky).to.be.deallocated()
expect(#RunLoop.main.displayLinks).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
