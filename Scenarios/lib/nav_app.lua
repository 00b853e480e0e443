-- An app whose key window shows a navigation controller (seed 003).
local M = {}

function M.launch()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local nav = sim.label(UINavigationController(UIViewController()), "nav")
  window.rootViewController = nav
  window:makeKeyAndVisible()
  sim.run(1)
  return nav
end

-- Shows `screen` for `seconds`, pops it, then lets 3 s pass: past MLeaksFinder's 2 s, so a
-- screen that outlives its pop is reported `abandoned`.
function M.visit(nav, screen, seconds)
  nav:pushViewController(screen, false)
  sim.run(seconds)
  nav:popViewController(false)
  sim.run(3)
end

return M
