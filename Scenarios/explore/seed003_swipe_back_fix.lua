-- Seed 003 · explore · the whole category, willShow hook and all, and the same swipe.
-- The hook hands the top controller's transition coordinator a block that clears the flag
-- when the finger lifts, cancelled or not.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays; the next
-- push always goes through.
local swipe = require("lib.swipe_back")
require("lib.consistent_nav").install(true)

local nav = swipe.launch()
local c = swipe.screen("C")
nav:pushViewController(c, true)
sim.swipeBack(nav, { complete = false, drag = 0.3, within = { 0, 1 }, label = "swipe back, let go" })
sim.run(3)

local d = swipe.screen("D")
nav:pushViewController(d, true)                  -- the app's next push, after all that
sim.run(1)
expect(nav.topViewController).to.equal(d)
sim.verify()
expect(sim.leaks()).to.be.empty()
