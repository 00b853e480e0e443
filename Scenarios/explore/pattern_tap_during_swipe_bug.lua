-- Pattern · explore · a tap that pushes while an edge swipe back is in progress.
--
-- The article screen (lib/article_comments.lua) has a Comments button that pushes the
-- comments. The user taps Comments and, about the same moment, swipes back from the screen's
-- edge with another finger. When the tap lands first, its push runs and the swipe is
-- refused while it does (rule 66). When the swipe lands first, the tap still reaches the
-- button — UIKit ignores touches only during non-interactive transitions (rule 61) — and
-- the push starts inside the interactive pop: "nested push animation can result in corrupted
-- navigation bar", then NSInvalidArgumentException: Can't add self as subview (rule 19). The
-- reports: the wisonlin write-up of that crash, whose simulated "短时间push和pop页面的场景"
-- (a push and a pop close together) all crashed
-- (https://wisonlin.github.io/2014/06/01/2014-06-01-cant-add-self-as-subview), and the
-- YPNavigationBarTransition fix for an edge swipe begun while a push or pop is in flight,
-- which left the stack wrong (https://github.com/yiplee/YPNavigationBarTransition/pull/44).
-- Expected under `kitsim explore`: the default order (the tap at once, the swipe 0.2 s
-- later and refused) passes; the order where the swipe begins first, 1 delay, crashes:
-- NSInvalidArgumentException: Can't add self as subview.
local app = require("lib.article_comments")

local nav, article = app.launch(false)
sim.tap(article.commentsButton, { within = { 0, 1.0 }, label = "tap Comments" })
sim.swipeBack(nav, { complete = true, drag = 0.4, within = { 0.2, 1.0 }, label = "swipe back" })
sim.run(2)

expect(nav.transitionCoordinator).to.equal(nil)                -- no transition left in flight
sim.verify()
expect(sim.leaks()).to.be.empty()
