-- Seed 001 · 控制器self.view坑 (the self.view trap)
--
-- The second tab's SecondController builds its WKWebView in a lazy getter that reads
-- self.view inside its nil-check. The tab bar controller's didSelect calls refresh, which
-- calls the getter before the view has loaded: the getter is interrupted by loadView →
-- viewDidLoad, which calls the getter again. (App code: lib/tab_webview.lua.)
-- Expected: two web views are made, the log comes out exactly in the article's order, the
-- one on screen is no longer the property's, and the property's is not on screen.
local app = require("lib.tab_webview")
local account = require("lib.account")

local second = app.launchAndTapSecondTab()

expect(#app.logged).to.equal(7)
local expected = {
  "-[SecondController refresh] start",
  "-[SecondController viewDidLoad] end",
  "lazy load",
  "-[SecondController viewDidLoad] end",
  "lazy load",
  "_webview.restorationIdentifier == lazy load",
  "-[SecondController refresh] end",
}
for i, line in ipairs(expected) do expect(app.logged[i]).to.equal(line) end

local result = app.outcome(second)
local shown = result.onScreen[1]
account.say("web view on screen: %s (%s); the property's: %s (%s), superview %s",
  shown, shown.restorationIdentifier, result.property, result.property.restorationIdentifier, tostring(result.property.superview))
expect(#result.onScreen).to.equal(1)
expect(shown == result.property).to.equal(false)
expect(shown.restorationIdentifier).to.equal("-[SecondController viewDidLoad]")
expect(result.property.superview).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
