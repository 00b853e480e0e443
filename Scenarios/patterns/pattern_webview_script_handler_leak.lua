-- Pattern · a web view's script message handler keeps its controller (rules 41, 42: docs/rules.md#rule-41, #rule-42)
--
-- A web screen handles its page's `window.webkit.messageHandlers.dummy.postMessage(…)` by
-- registering itself in viewDidLoad, as apps write
-- `webView.configuration.userContentController.add(self, name: "dummy")`. The user content
-- controller retains its handlers, and the web view keeps a copy of its configuration
-- that shares the user content controller: self → webView → configuration →
-- userContentController → self. Popping the screen does not release it.
-- Expected: the popped screen stays alive; `why` shows the cycle through
-- `WKUserContentController#N.scriptMessageHandlers["dummy"]`; the leak check reports the
-- retain cycle, and MLeaksFinder's check the abandoned screen.
local navApp = require("lib.nav_app")

local WebScreen = UIViewController:subclass("WebScreen", { webView = "strong", messages = "assign" })
function WebScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.webView = WKWebView(self.view.bounds, WKWebViewConfiguration())
  self.view:addSubview(self.webView)
  self.webView.configuration.userContentController:add(self, "dummy")
  self.webView:load("https://example.com/page")
end
function WebScreen:userContentController_didReceive(userContentController, message)
  self.messages = (self.messages or 0) + 1
end

local nav = navApp.launch()
local screen = sim.label(WebScreen(), "webScreen")
nav:pushViewController(screen, false)
sim.run(1)
-- The page posts while on screen: the handler runs at once.
expect(sim.postMessage(screen.webView, "dummy", { action = "like", id = 7 })).to.equal(true)
expect(screen.messages).to.equal(1)
nav:popViewController(false)
sim.run(3)

expect(screen).to.be.alive()
local why = sim.why(screen)
expect(why:find("[not reachable from any root: a retain cycle] WKUserContentController#", 1, true) ~= nil).to.be.truthy()
expect(why:find('.scriptMessageHandlers["dummy"] (strong) → WebScreen#', 1, true) ~= nil).to.be.truthy()
local cycles, abandoned = {}, {}
for _, leak in ipairs(sim.leaks()) do
  if leak.kind == "cycle" then cycles[#cycles + 1] = leak else abandoned[#abandoned + 1] = leak end
end
-- One cycle through `view.subviews[1]`, one through `webView`: both end in the handler.
-- Rule 49 (docs/rules.md#rule-49) orders them by the ids after the screen's, and the view's is the lower.
expect(#cycles).to.equal(2)
expect(cycles[1].message:find("WebScreen#%d+%.view %(strong%) → UIView#%d+%.subviews%[1%] %(strong%) → WKWebView#") ~= nil).to.be.truthy()
expect(cycles[2].message:find("WebScreen#%d+%.webView %(strong%) → WKWebView#%d+%.configuration %(copy%) → "
  .. "WKWebViewConfiguration#%d+%.userContentController %(strong%) → "
  .. "WKUserContentController#%d+%.scriptMessageHandlers%[\"dummy\"%] %(strong%) → WebScreen#") ~= nil).to.be.truthy()
expect(#abandoned).to.equal(1)
expect(abandoned[1].objects[1]).to.equal(screen)
expect(screen).to.leak()                          -- the leak this pattern shows: both cycles and the report are expected
sim.verify()
