-- Seed 004's "UIWindow切换rootViewController导致无法释放": replace the key window's root
-- while the old root is presenting a controller, and the article's fix, safeRootViewController.
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

-- The fix: `extension UIWindow { var safeRootViewController }`, whose setter dismisses the
-- presented chain from the top down (non-animated, each in the previous one's completion)
-- before swapping the root, with a snapshot of the top controller covering the screen so
-- the controllers in between do not flash, removed right after (performSelector afterDelay 0).
--
-- `waitsForTransition` adds what the article's setter lacks: UIKit refuses a dismissal
-- while the presentation it would undo is still animating ("Attempt to dismiss from view
-- controller … while a presentation or dismiss is in progress!", rule 61) and never calls
-- its completion, so a root swap that lands in that moment never happens. With it, the
-- setter first waits for the transition in flight:
--   if let coordinator = topMostVC.transitionCoordinator {
--       coordinator.animate(alongsideTransition: nil) { _ in self.safeRootViewController = newValue }
--       return
--   }
function M.installSafeRootViewController(waitsForTransition)
  function UIWindow:setSafeRootViewController(newValue)
    local prevRootVC = self.rootViewController
    if prevRootVC then
      -- Get TopMost VC
      local topMostVC = prevRootVC
      while topMostVC.presentedViewController ~= nil do topMostVC = topMostVC.presentedViewController end
      if waitsForTransition then
        local coordinator = topMostVC.transitionCoordinator
        if coordinator then
          coordinator:animate(nil, function(context) self:setSafeRootViewController(newValue) end)
          return
        end
      end
      -- 增加snapView防止闪屏
      local snapView
      if topMostVC ~= prevRootVC then
        snapView = topMostVC.view:snapshotView(false)
        snapView.frame = UIScreen.main.bounds
        self:addSubview(snapView)
      end
      local function dismissToRootVC(vc, complete)
        local presentingVC = vc.presentingViewController
        if presentingVC then
          vc:dismiss(false, function() dismissToRootVC(presentingVC, complete) end)
        else
          complete()                   -- dismissed down to the bottom
        end
      end
      dismissToRootVC(topMostVC, function()
        self.rootViewController = newValue
        sim.after(0, function() if snapView then snapView:removeFromSuperview() end end)
      end)
    else
      self.rootViewController = newValue
    end
  end
end

return M
