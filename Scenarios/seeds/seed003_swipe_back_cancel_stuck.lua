-- Seed 003 · the swipe-back the category must not forget: a cancelled interactive pop
-- never reaches didShowViewController, so the flag the swizzled popViewController set as
-- the swipe began is never cleared. This copy of the category leaves out the willShow
-- hook (notifyWhenInteractionEnds), as copies often do.
-- Expected: the cancel's callbacks in UIKit's order (B.viewWillDisappear, A.viewWillAppear
-- at once; after the finger lifts and 0.2 s: A.viewWillDisappear, A.viewDidDisappear,
-- B.viewWillAppear, B.viewDidAppear); the stack is unchanged; the flag stays set, and from
-- then on every push and swipe is silently ignored: the user is stuck on B.
local swipe = require("lib.swipe_back")
local account = require("lib.account")
require("lib.consistent_nav").install(false)

local nav, _, b = swipe.launch()
account.say("swipe back from B, let go early")
expect(sim.swipeBack(nav, { complete = false, drag = 0.3 })).to.equal(true)
sim.run(1)
account.say("after the cancelled swipe: top = %s, transition in progress = %s", nav.topViewController,
  tostring(nav.viewTransitionInProgress))
expect(nav.topViewController).to.equal(b)
expect(nav.viewTransitionInProgress).to.equal(true)

nav:pushViewController(swipe.screen("C"), true)       -- ignored: the flag is still set
sim.run(1)
expect(#nav.viewControllers).to.equal(2)
expect(sim.swipeBack(nav, { complete = true })).to.equal(false)  -- the swizzled pop refuses
sim.run(1)
account.say("stuck: a push and a full swipe later, still %d controllers, top = %s", #nav.viewControllers, nav.topViewController)
expect(nav.topViewController).to.equal(b)
sim.verify()
expect(sim.leaks()).to.be.empty()
