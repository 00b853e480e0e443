-- Seed 003 · explore · the same quick taps, with the seed's fix: the UINavigationController
-- (Consistent) category (lib/consistent_nav.lua) ignores a push while a transition is in
-- progress.
-- Expected under `kitsim explore`: no order crashes — B's early push is ignored (the goal
-- shows the search reached that order); a tap during A's push is ignored by UIKit, and one
-- after it finds A's page on screen, not the icons — exhaustive up to 2 delays.
local home = require("lib.icon_home")
require("lib.consistent_nav").install(true)

local nav, icons = home.launch({ "A", "B" })
sim.always(function() return home.consistent(nav) end, "each page is on the stack once")
sim.sometimes(function() return home.opened.B ~= nil and not home.onStack(nav, home.opened.B) end,
              "the guard ignored B's push")

sim.tap(icons[1])
sim.tap(icons[2], { within = { 0, 0.6 }, label = "tap B" })
sim.run(2)

expect(nav.viewTransitionInProgress).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
