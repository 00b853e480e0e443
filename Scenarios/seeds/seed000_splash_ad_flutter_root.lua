-- Seed 000 · the article's question: why did the weak property work before the SDK came?
-- The root was the FlutterViewController itself, and the Flutter framework keeps it alive
-- after the swap (rootFlutterViewController() returns nil for any other root), so the weak
-- property still reads it.
-- Expected: the FlutterViewController stays alive, tmpRootVc still reads it, closing the ad
-- restores it: no black screen, and the ad deallocates.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local account = require("lib.account")

local app = flutter.launch(flutter.FlutterAppDelegate)        -- no SDK: the root is Flutter's
local window = app.window
local flutterVC = sim.label(window.rootViewController, "flutterViewController")
expect(app:rootFlutterViewController()).to.equal(flutterVC)

local ad = sim.label(splash.showSplashAd(splash.welcomeController("weak")), "ad")
sim.run(3)
account.say("%s after the swap: %s", flutterVC, account.state(flutterVC))
account.say("kept by: %s", (sim.why(flutterVC):match("\n%s*1%. ([^\n]+)")))
account.say("rootFlutterViewController() during the ad: %s", tostring(app:rootFlutterViewController()))
expect(ad.tmpRootVc).to.equal(flutterVC)

ad:closeAd()
sim.run(1)
account.say("ad closed: window.rootViewController = %s; %s is %s", window.rootViewController, ad, account.state(ad))
expect(window.rootViewController).to.equal(flutterVC)
expect(sim.screen().black).to.equal(false)
expect(ad).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
