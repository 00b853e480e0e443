-- Seed 003's cancelled swipe-back: screens that log their appearance callbacks, a
-- navigation controller showing A with B pushed on it, and a swipe from B that the user
-- lets go of early.
local account = require("lib.account")
local M = {}

local Screen = UIViewController:subclass("Screen", { name = "copy" })
for _, callback in ipairs{ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
  Screen[callback] = function(self, animated) account.say("%s.%s", self.name, callback) end
end
M.Screen = Screen

function M.screen(name)
  local s = Screen(); s.name = name
  return sim.label(s, name)
end

-- Launches A in a navigation controller, pushes B and lets the push end.
function M.launch()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local a = M.screen("A")
  local nav = sim.label(UINavigationController(a), "nav")
  window.rootViewController = nav
  window:makeKeyAndVisible()
  sim.run(1)
  local b = M.screen("B")
  nav:pushViewController(b, true)
  sim.run(1)
  return nav, a, b
end

return M
