-- Seed 000 · explore · the splash ad's weak property, when the SDK's set-up runs first.
--
-- A pure Flutter app (lib/splash_race.lua): the Dart side asks the plugin for the splash ad
-- once the engine has started, 0.2 to 1.0 s after launch; the plugin makes the ad
-- controller the window's root and keeps the old root in a WEAK property (tmpRootVc); the
-- ad runs 2 to 4 s, then closeAd puts that root back. The company SDK wraps the root in a
-- navigation controller half a second after launch.
-- When the engine starts first, the ad replaces the FlutterViewController itself, which the
-- Flutter engine keeps alive, and the weak property still reads it when the ad closes (the
-- article's "why did weak work before the SDK?"; the SDK then wraps the ad, which the close
-- throws away). When the SDK's set-up runs first, the ad replaces the navigation controller,
-- which nothing else keeps: it deallocates at once, the property reads nil, and closing the
-- ad leaves the window with no root — the article's black screen.
-- Expected under `kitsim explore`: the default order (the engine at 0.2 s) passes; the order
-- where the SDK's set-up runs first, 1 delay, fails the `always` check after 'ad finished':
-- the window is left with no root, a black screen.
local race = require("lib.splash_race")

local app = race.launch("weak")
sim.always(function() return app.window.rootViewController ~= nil end, "the window has a root controller")
sim.run(6)

expect(sim.screen().black).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
