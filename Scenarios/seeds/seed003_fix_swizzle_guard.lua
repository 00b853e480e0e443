-- Seed 003 · the fix: a UINavigationController category that swizzles push and the pops
-- (method_exchangeImplementations in +load) so that while a transition is in progress
-- no other push or pop starts; the flag is an associated object, cleared when the
-- navigation controller has shown the new controller (lib/consistent_nav.lua).
-- Expected: the same double push is ignored — no crash, one controller pushed — and a
-- later push, after the transition, works.
local navApp = require("lib.nav_app")
local account = require("lib.account")

require("lib.consistent_nav").install(true)

local nav = navApp.launch()
local function openDetail() nav:pushViewController(UIViewController(), true) end
openDetail()
openDetail()                                   -- the double tap: ignored while in progress
account.say("after the double tap: %d controllers, transition in progress: %s", #nav.viewControllers,
  tostring(nav.viewTransitionInProgress))
expect(#nav.viewControllers).to.equal(2)
sim.run(1)
expect(nav.viewTransitionInProgress).to.equal(false)
openDetail()                                   -- a later push goes through
sim.run(1)
account.say("a push after the transition ended: %d controllers", #nav.viewControllers)
expect(#nav.viewControllers).to.equal(3)
nav:popViewController(true)
nav:popViewController(true)                    -- a double tap on back: ignored too
sim.run(1)
expect(#nav.viewControllers).to.equal(2)
sim.verify()
expect(sim.leaks()).to.be.empty()
