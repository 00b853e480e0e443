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

return M
