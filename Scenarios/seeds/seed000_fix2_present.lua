-- Seed 000 · fix 2 (方案二) with a plain Flutter root: the plugin presents the ad full
-- screen and dismisses it to close.
-- Expected: the root is never replaced; the ad deallocates after closing; no leaks.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local account = require("lib.account")

local app = flutter.launch(flutter.FlutterAppDelegate)
local root = sim.label(app.window.rootViewController, "flutterViewController")
local ad = sim.label(splash.showSplashAdFixed(), "ad")
sim.run(3)
account.say("the ad is presented over %s: presentedViewController = %s", root, root.presentedViewController)
expect(root.presentedViewController).to.equal(ad)

ad:closeAd()
sim.run(3)
account.say("ad closed: %s", account.death(ad))
expect(ad).to.be.deallocated()
expect(root.presentedViewController).to.equal(nil)
expect(app.window.rootViewController).to.equal(root)
expect(sim.screen().black).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
