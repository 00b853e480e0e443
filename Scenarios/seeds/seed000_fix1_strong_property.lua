-- Seed 000 · fix 1 (方案一): @property(nonatomic, strong) — the ad controller owns the old
-- root while it shows.
-- Expected: the navigation controller survives the ad, closing the ad restores it, the ad
-- controller deallocates afterwards. No leaks.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local account = require("lib.account")

local app = flutter.launch(splash.SDKAppDelegate)
local nav = sim.label(app.window.rootViewController, "nav")
local ad = sim.label(splash.showSplashAd(splash.welcomeController("strong")), "ad")
sim.run(3)
account.say("%s during the ad: %s, kept by %s", nav, account.state(nav), (sim.why(nav):match("\n%s*1%. ([^\n]+)")))
expect(nav).to.be.alive()

ad:closeAd()
sim.run(1)
account.say("ad closed: the root is %s again; %s", app.window.rootViewController, account.death(ad))
expect(app.window.rootViewController).to.equal(nav)
expect(sim.screen().black).to.equal(false)
expect(ad).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
