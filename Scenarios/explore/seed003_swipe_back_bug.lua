-- Seed 003 · explore · the category without its willShow hook, and a swipe back.
--
-- The user opens C (an animated push) and, some time in the next second, swipes back from
-- it but lets go early. A copy of the category that leaves out the article's willShow
-- hook ("If the user doesn't complete the swipe-to-go-back gesture, we need to intercept
-- it and set the flag to NO again") never clears the flag the swizzled pop set when the
-- swipe began: from then on every push is silently ignored.
-- Expected under `kitsim explore`: the default order passes (the swipe lands during C's
-- push, when touches are ignored, rule 61); the order with the swipe after the push ends
-- fails, 1 delay: the next push is ignored.
local swipe = require("lib.swipe_back")
require("lib.consistent_nav").install(false)

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
