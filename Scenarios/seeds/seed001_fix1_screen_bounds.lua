-- Seed 001 · fix 1: avoid self.view where the getter can be interrupted — size the web view
-- from UIScreen.main.bounds.
-- Expected: one web view, the one on screen is the property's.
local app = require("lib.tab_webview")

function app.SecondController:webview()
  if not self._webview then
    self._webview = WKWebView(UIScreen.main.bounds)
    self._webview.restorationIdentifier = "lazy load"
    app.NSLog("lazy load")
  end
  return self._webview
end

local second = app.launchAndTapSecondTab()
local result = app.outcome(second)
local lazyLoads = 0
for _, line in ipairs(app.logged) do if line == "lazy load" then lazyLoads = lazyLoads + 1 end end
expect(lazyLoads).to.equal(1)
expect(#result.onScreen).to.equal(1)
expect(result.onScreen[1]).to.equal(result.property)
sim.verify()
expect(sim.leaks()).to.be.empty()
