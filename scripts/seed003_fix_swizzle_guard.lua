-- Seed 003 · the fix: a UINavigationController category that swizzles push and the pops
-- (method_exchangeImplementations in +load) so that while a transition is in progress
-- no other push or pop starts; the flag is an associated object, cleared when the
-- navigation controller has shown the new controller.
-- Expected: the same double push is ignored — no crash, one controller pushed — and a
-- later push, after the transition, works.
local navApp = require("lib.nav_app")
local account = require("lib.account")

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
  if navigationController.delegate ~= self then
    navigationController.delegate:navigationController_willShow(navigationController, viewController, animated)
  end
end

local nav = navApp.launch()
local function openDetail() nav:pushViewController(UIViewController(), true) end
openDetail()
openDetail()                                   -- the double tap: ignored while in progress
account.say("after the double tap: %d controllers, transition in progress: %s", #nav.viewControllers,
  tostring(nav.viewTransitionInProgress))
expect(#nav.viewControllers).to.equal(2)
sim.run(1)
expect(nav.viewTransitionInProgress).to.equal(false)
openDetail()                                   -- a later push goes through
sim.run(1)
account.say("a push after the transition ended: %d controllers", #nav.viewControllers)
expect(#nav.viewControllers).to.equal(3)
nav:popViewController(true)
nav:popViewController(true)                    -- a double tap on back: ignored too
sim.run(1)
expect(#nav.viewControllers).to.equal(2)
sim.verify()
expect(sim.leaks()).to.be.empty()
