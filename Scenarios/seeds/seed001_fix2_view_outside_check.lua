-- Seed 001 · fix 2: read self.view outside the nil-check, so the view loads before the
-- check runs.
-- Expected: one web view, the one on screen is the property's.
local app = require("lib.tab_webview")

function app.SecondController:webview()
  local frame = self.view.bounds
  if not self._webview then
    self._webview = WKWebView(frame)
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
expect(result.onScreen[1]).to.equal(result.property)
sim.verify()
expect(sim.leaks()).to.be.empty()
