-- Pattern · a screen that leaks once per visit, found by heap generations (Instruments'
-- Mark Generation, BLeak's round trips)
--
-- A profile screen is made anew on every visit and keeps a refresh closure that captures
-- it strongly: each pop leaves one more screen (with its view and its closure) alive. A
-- single visit looks like a cache; three visits in a row show a count that grows by one
-- each time. `sim.mark` before the visits and `sim.since` after them list what the visits
-- left alive, by class, with the line that made it; `sim.growth` repeats the visit and
-- names the classes that grew in every round. `[weak self]` in the closure fixes it.
-- Expected: since the mark, 3 ProfileViewController made at the visit's line; growth names
-- ProfileViewController +1 each round; the fixed screen leaves nothing and grows nothing.
local navApp = require("lib.nav_app")

local Profile = UIViewController:subclass("ProfileViewController", { onRefresh = "strong", weakly = "assign" })
function Profile:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local captures = self.weakly and { weak = { self } } or { strong = { self } }
  captures[1] = function(self) end
  self.onRefresh = sim.block(captures)
end

local nav = navApp.launch()
local function visit(weakly)
  return function()
    local screen = Profile()                   -- the line each leaked screen is made at
    screen.weakly = weakly
    navApp.visit(nav, screen, 1)
  end
end

-- The bug: every visit leaves its screen behind.
sim.mark("visits")
for _ = 1, 3 do visit(false)() end
-- A report is an array of classes, the most numerous first.
local function entry(report, class)
  for _, e in ipairs(report) do
    if e.class == class then return e end
  end
end

local left = sim.since("visits")
print(left)
local profiles = entry(left, "ProfileViewController")
expect(profiles.count).to.equal(3)
expect(#profiles.lines).to.equal(1)
-- The line is where the trace has each screen's allocation, the visit's `Profile()`.
local line = profiles.lines[1]
local allocated = "alloc ProfileViewController#%d+ rc=1 %(autorelease pool%)  @ " .. line:gsub("%p", "%%%0") .. "\n"
for _, screen in ipairs(profiles.objects) do
  expect(sim.history(screen):find(allocated) ~= nil).to.be.truthy()
end
expect(#profiles.objects).to.equal(3)
expect(sim.alive(profiles.objects[1])).to.be.truthy()
for _, screen in ipairs(profiles.objects) do expect(screen).to.leak() end   -- on purpose: each visit's leak
local growth = sim.growth(3, visit(false))
print(growth)
expect(entry(growth, "ProfileViewController").counts).to.equal({ 4, 5, 6 })
for _, screen in ipairs(entry(growth, "ProfileViewController").objects) do expect(screen).to.leak() end
expect(tostring(growth):find("ProfileViewController +1 each round (4, 5, 6)", 1, true) ~= nil).to.be.truthy()
expect(#sim.leaks() > 0).to.be.truthy()

-- The fix: the closure captures the screen weakly; the visits leave nothing, nothing grows.
sim.mark("fixed")
for _ = 1, 3 do visit(true)() end
local fixed = sim.since("fixed")
print(fixed)
expect(fixed.count).to.equal(0)
local fixedGrowth = sim.growth(3, visit(true))
print(fixedGrowth)
expect(#fixedGrowth).to.equal(0)
-- The six leaking screens (three visits, three rounds) are each a cycle and abandoned; the
-- fixed visits add no report.
expect(#sim.leaks()).to.equal(12)
sim.verify()
