-- Seed 004 · "UIWindow不显示View": a custom transition (UIViewControllerContextTransitioning)
-- whose animator never puts the presented controller's view in the container. UIKit does
-- not add it itself: after completeTransition(true) a full-screen presentation has removed
-- the presenter's view, and the window shows only the empty transition view — "黑屏或空白".
-- Expected: black screen; the presented view is in no window, though the presenter
-- presents it and its viewDidAppear ran. (The fix: seed004_fix_custom_transition_adds_to_view.)
local custom = require("lib.custom_transition")
local account = require("lib.account")

local _, home, detail = custom.launch({ completes = true }, "fullScreen")
home:present(detail, true)
account.say("presenting: touches ignored = %s", tostring(UIApplication.shared.isIgnoringInteractionEvents))
expect(UIApplication.shared.isIgnoringInteractionEvents).to.equal(true)
sim.run(1)
account.say("after completeTransition(true): presented = %s, its view's window = %s, viewDidAppear ran = %s, screen %s",
  home.presentedViewController, detail.view.window, tostring(detail.appeared), sim.screen().black and "BLACK" or "shows content")
expect(home.presentedViewController).to.equal(detail)
expect(detail.appeared).to.equal(true)
expect(detail.view.window).to.equal(nil)
expect(home.view.window).to.equal(nil)
expect(sim.screen().black).to.equal(true)
expect(UIApplication.shared.isIgnoringInteractionEvents).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
