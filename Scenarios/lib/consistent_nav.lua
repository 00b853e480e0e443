-- Seed 003's UINavigationController (Consistent) category, ported: push and the pops
-- swizzled (method_exchangeImplementations in +load) so that while a transition is in
-- progress no other push or pop starts; the flag is an associated object, cleared when
-- the private didShowViewController:animated: runs.
--
-- `install(true)` is the article's whole category, with its willShow hook: "If the user
-- doesn't complete the swipe-to-go-back gesture, we need to intercept it and set the flag
-- to NO again" — a block given to the top controller's transitionCoordinator
-- (notifyWhenInteractionEnds) clears it. `install(false)` leaves the hook out (willShow
-- only forwards), as copies of the category often do.
local M = {}

function M.install(withInteractionHook)
  -- @property(readwrite, getter=isViewTransitionInProgress) BOOL viewTransitionInProgress;
  -- (objc_setAssociatedObject(self, ObjectTagKey, number, OBJC_ASSOCIATION_RETAIN))
  UINavigationController:extend{ viewTransitionInProgress = "strong" }

  UINavigationController:swizzle("popToRootViewController", function(self, original, animated)
    if self.viewTransitionInProgress then return nil end
    if animated then self.viewTransitionInProgress = true end
    -- This is not a recursion: due to method swizzling the call below calls the original method.
    return original(self, animated)
  end)

  UINavigationController:swizzle("popToViewController", function(self, original, viewController, animated)
    if self.viewTransitionInProgress then return nil end
    if animated then self.viewTransitionInProgress = true end
    return original(self, viewController, animated)
  end)

  UINavigationController:swizzle("popViewController", function(self, original, animated)
    if self.viewTransitionInProgress then return nil end
    if animated then self.viewTransitionInProgress = true end
    return original(self, animated)
  end)

  UINavigationController:swizzle("pushViewController", function(self, original, viewController, animated)
    self.delegate = self
    -- If we are already pushing a view controller, we don't push another one.
    if not self.viewTransitionInProgress then
      original(self, viewController, animated)
      if animated then self.viewTransitionInProgress = true end
    end
  end)

  -- "This is confirmed to be App Store safe": the private didShowViewController:animated:.
  UINavigationController:swizzle("didShowViewController", function(self, original, viewController, animated)
    original(self, viewController, animated)
    self.viewTransitionInProgress = false
  end)

  -- The category is its own delegate; it forwards willShow to another delegate, if any.
  function UINavigationController:navigationController_willShow(navigationController, viewController, animated)
    if withInteractionHook then
      local tc = navigationController.topViewController.transitionCoordinator
      -- Objective-C messages nil silently; a non-animated transition has no coordinator.
      if tc then
        tc:notifyWhenInteractionEnds(function(context)
          self.viewTransitionInProgress = false
          -- Re-enable swipe back gesture.
          self.interactivePopGestureRecognizer.delegate = viewController
          self.interactivePopGestureRecognizer.isEnabled = true
        end)
      end
    end
    -- Method swizzling won't work in the case of a delegate, so forward this method to
    -- the original delegate if there is one different than ourselves.
    if navigationController.delegate ~= self then
      navigationController.delegate:navigationController_willShow(navigationController, viewController, animated)
    end
  end
end

return M
