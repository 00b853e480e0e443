-- Pattern · explore · the profile keeps the token its block observer returned and removes
-- it in deinit, `NotificationCenter.default.removeObserver(observation)`: once the screen
-- has gone no post reaches its block, so the unowned capture is never read dead.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays, and the
-- center keeps no token; the goal shows the search reached a post after the profile had
-- deallocated.
local app = require("lib.sync_profile")

local nav, profile = app.launch(true)
sim.sometimes(function() return app.postedAfterProfileWent end, "the sync finished after the profile had gone")
sim.tap(profile.backButton, { within = { 0.5, 1.5 }, label = "tap Back" })
sim.run(3)

expect(#nav.viewControllers).to.equal(1)
expect(#NotificationCenter.default.observers).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
