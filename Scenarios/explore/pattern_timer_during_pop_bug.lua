-- Pattern · explore · a repeating timer fires during the pop of its screen and pushes.
--
-- The get-ready screen (lib/countdown.lua) counts down 3, 2, 1 with a repeating Timer and
-- pushes the workout at zero; its Cancel button pops it (animated, 0.35 s), and it
-- invalidates the timer in viewDidDisappear — which UIKit sends only when the pop has
-- ended. A Cancel tap less than 0.35 s before the last tick leaves the timer running through
-- the pop: the tick pushes onto the navigation controller while it pops, the nested
-- transition of rule 19, "Can't add self as subview". The reports: the wisonlin write-up of
-- that crash (https://wisonlin.github.io/2014/06/01/2014-06-01-cant-add-self-as-subview),
-- whose crash logs showed screens switched "少于导航栏push和pop动画的时间" (faster than the
-- push and pop animations), and swifting.io's "How to invalidate NSTimer properly?"
-- (https://swifting.io/2016/03/13/How-to-invalidate-NSTimer-properly.html) on where a
-- screen's timer must be invalidated.
-- Expected under `kitsim explore`: the default order (Cancel 2.5 s after the screen
-- appeared, the pop over before the last tick) passes; the order where the tap comes after
-- the second pulse has ended, 1 delay, crashes: NSInvalidArgumentException: Can't add self
-- as subview.
local app = require("lib.countdown")

local nav, getReady = app.launch("viewDidDisappear")
sim.tap(getReady.cancelButton, { within = { 2.5, 4.0 }, label = "tap Cancel" })
sim.run(5)

local top = nav.topViewController
expect(top == nav.viewControllers[1] or top == app.workout).to.be.truthy()      -- home, or the workout
sim.verify()
expect(sim.leaks()).to.be.empty()
