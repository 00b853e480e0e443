-- Pattern · explore · a notification posted after its block observer's screen deallocated.
--
-- The profile screen (lib/sync_profile.lua) observes .didSync with a block that captures
-- `unowned self`, drops the token `addObserver(forName:object:queue:using:)` returned, and
-- calls `NotificationCenter.default.removeObserver(self)` in deinit. That removes nothing:
-- with the block form the observer is the token, not the screen. The report: Erica Sadun,
-- "Quis custodiet ipsos custodes? Going Heisenberg on iOS' NSNotificationCenters"
-- (https://www.informit.com/articles/article.aspx?p=2207347): "I assumed I could clean up
-- after myself in dealloc by removing myself as an observer. I was wrong"; Ole Begemann
-- confirmed block observers still need removing on iOS 11
-- (https://oleb.net/blog/2018/01/notificationcenter-removeobserver/).
-- The app's sync finishes 0.2 to 2 s after the profile opens and posts .didSync; the user
-- may go back first. Once the screen has deallocated, the post calls the block, which reads
-- its unowned capture: Swift's trap (rule 25).
-- Expected under `kitsim explore`: the default order (the sync at 0.2 s, while the profile
-- is up) passes; the order where the user goes back and the pop ends before the sync
-- finishes, 2 delays, crashes: "Attempted to read an unowned reference but object … was
-- already deallocated".
local app = require("lib.sync_profile")

local nav, profile = app.launch(false)
sim.tap(profile.backButton, { within = { 0.5, 1.5 }, label = "tap Back" })
sim.run(3)

expect(#nav.viewControllers).to.equal(1)
sim.verify()
expect(sim.leaks()).to.be.empty()
