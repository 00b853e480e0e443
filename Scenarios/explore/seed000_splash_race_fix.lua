-- Seed 000 · explore · the same launch with the article's fix 1 (方案一): tmpRootVc is
-- STRONG, so the ad controller keeps the root it replaced, whichever it is.
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays: the ad
-- closes onto the FlutterViewController or onto the SDK's navigation controller, never onto
-- nothing, and the ad controller deallocates. The goal shows the search reached the order
-- where the ad replaced the navigation controller.
local race = require("lib.splash_race")

local app = race.launch("strong")
sim.always(function() return app.window.rootViewController ~= nil end, "the window has a root controller")
sim.sometimes(function() return race.replacedNavigationController end,
              "the ad replaced the SDK's navigation controller")
sim.run(6)

expect(sim.screen().black).to.equal(false)
expect(race.flutterViewController.view.window).to.equal(app.window)      -- Flutter's frames are on screen
sim.verify()
expect(sim.leaks()).to.be.empty()
