-- Pattern · explore · the same detail screen with the completion capturing `[weak self]`
-- and `guard let self else { return }`: a response for a screen that has gone is dropped.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays; the goal
-- shows the search reached a response that came after the screen had deallocated.
local app = require("lib.detail_fetch")

local home, detail = app.launch("weak")
sim.sometimes(function() return app.respondedAfterClose end, "the response came after the screen had gone")
sim.tap(detail.closeButton, { within = { 0.3, 1.0 }, label = "tap Close" })
sim.run(3)

expect(home.presentedViewController).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
