-- Pattern · explore · the get-ready screen invalidates its timer in viewWillDisappear, which
-- UIKit sends as the pop begins: no tick reaches a screen that is leaving.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays: the user
-- ends on the home screen (Cancel before zero) or on the workout (a tap during its push is
-- ignored, rule 61); the goal shows the search reached a Cancel tap less than a pop's length
-- before the last tick.
local app = require("lib.countdown")

local nav, getReady = app.launch("viewWillDisappear")
sim.sometimes(function() return app.cancelledWithTimerDueIn and app.cancelledWithTimerDueIn < 0.35 end,
              "the user cancelled while the pop would outlast the next tick")
sim.tap(getReady.cancelButton, { within = { 2.5, 4.0 }, label = "tap Cancel" })
sim.run(5)

local top = nav.topViewController
expect(top == nav.viewControllers[1] or top == app.workout).to.be.truthy()      -- home, or the workout
sim.verify()
expect(sim.leaks()).to.be.empty()
