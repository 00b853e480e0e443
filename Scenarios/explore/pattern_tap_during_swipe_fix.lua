-- Pattern · explore · the Comments action first checks that the navigation controller is in
-- no transition, `guard navigationController?.transitionCoordinator == nil else { return }`:
-- a tap during the swipe does nothing, as UIKit would do with a tap during an animated push.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays; the goal
-- shows the search reached a tap during the swipe.
local app = require("lib.article_comments")

local nav, article = app.launch(true)
sim.sometimes(function() return app.ignoredDuringTransition end, "the guard ignored a tap during the swipe")
sim.tap(article.commentsButton, { within = { 0, 1.0 }, label = "tap Comments" })
sim.swipeBack(nav, { complete = true, drag = 0.4, within = { 0.2, 1.0 }, label = "swipe back" })
sim.run(2)

expect(nav.transitionCoordinator).to.equal(nil)                -- no transition left in flight
sim.verify()
expect(sim.leaks()).to.be.empty()
