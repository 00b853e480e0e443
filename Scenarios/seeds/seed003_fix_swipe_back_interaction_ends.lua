-- Seed 003 · the category's willShow hook: "If the user doesn't complete the
-- swipe-to-go-back gesture, we need to intercept it and set the flag to NO again" — a
-- block given to topViewController.transitionCoordinator:notifyWhenInteractionEnds runs
-- when the finger lifts, cancelled or not, and clears the flag.
-- Expected: the flag is clear right after the finger lifts; the next push goes through; a
-- completed swipe pops B (released) and reaches didShowViewController.
local swipe = require("lib.swipe_back")
local account = require("lib.account")
require("lib.consistent_nav").install(true)

local nav, _, b = swipe.launch()
account.say("swipe back from B, let go early")
expect(sim.swipeBack(nav, { complete = false, drag = 0.3 })).to.equal(true)
sim.run(0.3)
account.say("the finger lifted: transition in progress = %s", tostring(nav.viewTransitionInProgress))
expect(nav.viewTransitionInProgress).to.equal(false)
sim.run(1)
expect(nav.topViewController).to.equal(b)

local c = swipe.screen("C")
nav:pushViewController(c, true)                       -- goes through
sim.run(1)
account.say("a push after the cancelled swipe: %d controllers, top = %s", #nav.viewControllers, nav.topViewController)
expect(nav.topViewController).to.equal(c)

account.say("swipe back from C, all the way")
expect(sim.swipeBack(nav, { complete = true })).to.equal(true)
sim.run(1)
expect(nav.topViewController).to.equal(b)
expect(nav.viewTransitionInProgress).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
