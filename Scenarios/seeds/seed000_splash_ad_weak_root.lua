-- Seed 000 · 当纯Flutter开发遇到iOS的weak属性 (a pure Flutter app meets iOS's weak)
--
-- A pure Flutter app shows a splash ad by making the ad controller the window's root and
-- keeping the old root in a WEAK property, to restore it when the ad closes. It worked
-- until a company SDK wrapped the root FlutterViewController in a UINavigationController:
-- now closing the ad leaves a black screen. (App code: lib/splash_ad.lua.)
-- Expected: the navigation controller deallocates as soon as the ad has replaced it, the
-- weak property reads nil, and closing the ad leaves the window with no root: black.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local account = require("lib.account")

local app = flutter.launch(splash.SDKAppDelegate)
local window = app.window
local nav = sim.label(window.rootViewController, "nav")
local flutterVC = sim.label(nav.topViewController, "flutterViewController")
account.say("launched: the root is %s wrapping %s", nav, flutterVC)

local ad = sim.label(splash.showSplashAd(splash.welcomeController("weak")), "ad")
account.say("splash ad shown: window.rootViewController = %s", window.rootViewController)
sim.run(3)
account.say("%s", account.death(nav))
account.say("ad.tmpRootVc (weak) now reads %s", tostring(ad.tmpRootVc))
expect(nav).to.be.deallocated()
expect(ad.tmpRootVc).to.equal(nil)

ad:closeAd()
sim.run(1)
local screen = sim.screen()
account.say("ad closed: window.rootViewController = %s, the screen is %s", tostring(window.rootViewController),
  screen.black and "BLACK" or "showing content")
account.say("%s is %s", ad, account.state(ad))
expect(window.rootViewController).to.equal(nil)
expect(screen.black).to.equal(true)
expect(ad).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
