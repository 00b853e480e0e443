-- Seed 004's ModalViewController (ported from its Swift): a modal UI in a UIWindow of its
-- own. `keepWindow` decides whether the controller keeps the window in a strong
-- property, as the article insists, or only in a local variable.
local M = {}

function M.controller(keepWindow, makeKey)
  local ModalViewController = UIViewController:subclass("ModalViewController", {
    newWindow = keepWindow and "strong" or "weak",
    prevWindow = "strong",
  })

  function ModalViewController:show()                    -- 显示界面
    if self.newWindow == nil then
      if makeKey then self.prevWindow = UIApplication.shared.keyWindow end   -- 暂存原来的keyWindow
      local uiwindow = UIWindow(UIScreen.main.bounds)     -- 新建UIWindow
      uiwindow.rootViewController = self
      if makeKey then
        uiwindow:makeKeyAndVisible()
      else
        uiwindow.isHidden = false
        uiwindow.backgroundColor = "clear"
      end
      self.newWindow = uiwindow
      return uiwindow
    end
  end

  function ModalViewController:dismiss()                 -- 退出界面
    if self.prevWindow then self.prevWindow:makeKeyAndVisible() end
    if self.newWindow then self.newWindow.rootViewController = nil end
    self.newWindow = nil
  end

  return ModalViewController
end

-- The app's main window, key and visible.
function M.launch()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  window.rootViewController = UIViewController()
  window:makeKeyAndVisible()
  sim.run(1)
  return window
end

return M
