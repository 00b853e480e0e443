-- Seed 004's ModalViewController (ported from its Swift): a modal UI in a UIWindow of its
-- own. `keepWindow` decides whether the controller keeps the window in a strong
-- property, as the article insists, or only in a local variable.
--
-- `sceneFix` is the fix a scene-based app (iOS 13+) needs, where a window made with a
-- frame has no scene and never shows (rule 71, docs/rules.md#rule-71): "init" makes the window with the
-- scene of the window on screen, `UIWindow(windowScene:)`; "property" sets
-- `windowScene` before showing it. The controller's own view is in no window yet when
-- `show` runs (`self.view.window` is nil), so the scene comes from the key window.
-- Without `sceneFix` the code is the article's, unchanged. `name` names the class when a
-- script makes two (default "ModalViewController").
local M = {}

function M.controller(keepWindow, makeKey, sceneFix, name)
  local ModalViewController = UIViewController:subclass(name or "ModalViewController", {
    newWindow = keepWindow and "strong" or "weak",
    prevWindow = "strong",
  })

  function ModalViewController:show()                    -- 显示界面
    if self.newWindow == nil then
      if makeKey then self.prevWindow = UIApplication.shared.keyWindow end   -- 暂存原来的keyWindow
      local uiwindow                                      -- 新建UIWindow
      if sceneFix == "init" then
        uiwindow = UIWindow(UIApplication.shared.keyWindow.windowScene)
      else
        uiwindow = UIWindow(UIScreen.main.bounds)
      end
      if sceneFix == "property" then uiwindow.windowScene = UIApplication.shared.keyWindow.windowScene end
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

-- The main window of a scene-based app (Xcode's template from iOS 13 on): the scene
-- delegate makes it with its scene in scene(_:willConnectTo:options:), keeps it, and
-- makes it key and visible. Returns the window and the scene.
function M.launchScene()
  local scene = UIApplication.shared.connectedScenes[1]
  local window = UIWindow(scene)
  scene.delegate.window = window
  window.rootViewController = UIViewController()
  window:makeKeyAndVisible()
  sim.run(1)
  return window, scene
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
