-- Seed 004 · the fix: `safeRootViewController`, a UIWindow extension that dismisses the
-- presented chain from the top down (non-animated, each in the previous one's
-- completion) before swapping the root, with a snapshot view covering the screen so the
-- intermediate controllers do not flash, removed right after (performSelector afterDelay 0).
-- Expected on every profile: the old root and the presented controllers deallocate; the
-- snapshot is gone; no leaks.
local rootSwap = require("lib.root_swap")
local account = require("lib.account")

function UIWindow:setSafeRootViewController(newValue)
  local prevRootVC = self.rootViewController
  if prevRootVC then
    -- Get TopMost VC
    local topMostVC = prevRootVC
    while topMostVC.presentedViewController ~= nil do topMostVC = topMostVC.presentedViewController end
    -- 增加snapView防止闪屏
    local snapView
    if topMostVC ~= prevRootVC then
      snapView = topMostVC.view:snapshotView(false)
      snapView.frame = UIScreen.main.bounds
      self:addSubview(snapView)
    end
    local window = self
    local function dismissToRootVC(vc, complete)
      local presentingVC = vc.presentingViewController
      if presentingVC then
        vc:dismiss(false, function() dismissToRootVC(presentingVC, complete) end)
      else
        complete()                   -- dismissed down to the bottom
      end
    end
    dismissToRootVC(topMostVC, function()
      window.rootViewController = newValue
      sim.after(0, function() if snapView then snapView:removeFromSuperview() end end)
    end)
  else
    self.rootViewController = newValue
  end
end

local window, oldVC, modal = rootSwap.launchPresenting()
local second = UIViewController()                 -- a presentation on top of the first one
modal:present(second, false, nil)
sim.run(1)
local newVC = rootSwap.SomeViewController()
window:setSafeRootViewController(newVC)
sim.run(3)
account.say("%s is %s; %s is %s; %s is %s", oldVC, account.state(oldVC), modal, account.state(modal), second, account.state(second))
expect(window.rootViewController).to.equal(newVC)
expect(oldVC).to.be.deallocated()
expect(modal).to.be.deallocated()
expect(second).to.be.deallocated()
expect(#window.subviews).to.equal(1)             -- the snapshot came and went
sim.verify()
expect(sim.leaks()).to.be.empty()
