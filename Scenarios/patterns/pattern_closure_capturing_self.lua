-- Pattern · a stored closure that captures self (rule 25, docs/rules.md#rule-25)
--
-- A profile screen keeps a completion handler for its loader and writes
--   loader.onFinish = { self.render() }
-- The screen keeps the loader, the loader keeps the closure, the closure keeps the screen:
-- popped, the three never deallocate. `[weak self]` — the body receiving self as nil once
-- it is gone — breaks it.
-- Expected: a `cycle` report through Loader.onFinish and the block's capture; with the weak
-- capture the screen and its loader deallocate at the pop.
local navApp = require("lib.nav_app")
local renders = 0

local Loader = NSObject:subclass("Loader", { onFinish = "copy" })
function Loader:finish() if self.onFinish then self.onFinish() end end

local Profile = UIViewController:subclass("Profile", { loader = "strong", weakly = "assign" })
function Profile:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.loader = Loader()
  local captures = self.weakly and { weak = { self } } or { strong = { self } }
  captures[1] = function(self) if self then self:render() end end
  self.loader.onFinish = sim.block(captures)
  self.loader:finish()
end
function Profile:render() renders = renders + 1 end

local nav = navApp.launch()
local leaky = sim.label(Profile(), "leaky")
navApp.visit(nav, leaky, 1)
expect(renders).to.equal(1)
expect(leaky).to.be.alive()
local cycles = sim.cycles()
expect(#cycles).to.equal(1)
expect(cycles[1].message:find("Loader#%d+%.onFinish %(copy%) → NSBlock#%d+ capture 1 %(strong%) → Profile#") ~= nil).to.be.truthy()
expect(leaky).to.leak()                                  -- on purpose: the cycle and the abandoned screen are expected

local fixed = Profile()
fixed.weakly = true
navApp.visit(nav, fixed, 1)
expect(renders).to.equal(2)
expect(fixed).to.be.deallocated()
expect(fixed).to_not.leak()
expect(#sim.cycles()).to.equal(1)
sim.verify()
