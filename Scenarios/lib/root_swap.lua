-- Seed 004's "UIWindow切换rootViewController导致无法释放": replace the key window's root
-- while the old root is presenting a controller.
local M = {}

M.OldRootViewController = UIViewController:subclass("OldRootViewController")
M.SomeViewController = UIViewController:subclass("SomeViewController")

-- The app: the old root on screen, presenting a modal controller.
function M.launchPresenting()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local oldVC = sim.label(M.OldRootViewController(), "oldRoot")
  window.rootViewController = oldVC
  window:makeKeyAndVisible()
  sim.run(1)
  local modal = sim.label(UIViewController(), "presented")
  modal.modalPresentationStyle = "fullScreen"
  oldVC:present(modal, false, nil)
  sim.run(1)
  return window, oldVC, modal
end

-- let newVC = SomeViewController(); window.rootViewController = newVC; oldVC = nil
function M.swapRoot()
  local newVC = sim.label(M.SomeViewController(), "newRoot")
  local window = UIApplication.shared.keyWindow
  window.rootViewController = newVC
  return newVC
end

return M
