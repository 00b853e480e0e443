-- Seed 004 · the fix: `safeRootViewController`, a UIWindow extension that dismisses the
-- presented chain from the top down (non-animated, each in the previous one's
-- completion) before swapping the root, with a snapshot view covering the screen so the
-- intermediate controllers do not flash, removed right after (performSelector afterDelay 0).
-- (The article's code: lib/root_swap.lua.)
-- Expected on every profile: the old root and the presented controllers deallocate; the
-- snapshot is gone; no leaks.
local rootSwap = require("lib.root_swap")
local account = require("lib.account")

rootSwap.installSafeRootViewController()

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
