-- Seed 000 · fix 2 (方案二), the one the team chose, with the SDK's navigation root: the
-- plugin pushes the ad instead of swapping roots, and pops it to close.
-- Expected: the root is never replaced; the ad deallocates after closing; no leaks.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local account = require("lib.account")

local app = flutter.launch(splash.SDKAppDelegate)
local nav = sim.label(app.window.rootViewController, "nav")
local ad = sim.label(splash.showSplashAdFixed(), "ad")
sim.run(3)
account.say("the ad is pushed: %s", table.concat((function()
  local names = {} for i, vc in ipairs(nav.viewControllers) do names[i] = tostring(vc) end return names end)(), " → "))
expect(nav.topViewController).to.equal(ad)

ad:closeAd()
sim.run(3)
account.say("ad closed: %s", account.death(ad))
expect(ad).to.be.deallocated()
expect(app.window.rootViewController).to.equal(nav)
expect(sim.screen().black).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
