-- Seed 004 · the modal UI in a new window, held strongly and made key, ported unchanged
-- to a scene-based app (iOS 13, a scene manifest): `UIWindow(frame:)` makes a window with
-- no scene, and a window with no scene is never shown (rule 71, docs/rules.md#rule-71). (ModalViewController:
-- lib/modal_window.lua, the article's code.)
-- Expected: after show the new window reads isHidden == false but is not on screen, not
-- in UIApplication.shared.windows or the scene's windows, and not key; touches reach the
-- main window; the modal controller's view never loads. Not on screen, the window is no
-- root, so while "shown" it and its controller are a retain cycle nobody reaches; dismiss
-- breaks it and both deallocate.
local modal = require("lib.modal_window")
local account = require("lib.account")

sim.configure{ ios = 13, scenes = true }
local main, scene = modal.launchScene()
local ModalViewController = modal.controller(true, true)
local vc = sim.label(ModalViewController(), "modal")
local newWindow = sim.label(vc:show(), "newWindow")
sim.run(1)
account.say("shown: isHidden = %s, windowScene = %s; keyWindow = %s, windows = %d, on screen: %d",
  newWindow.isHidden, newWindow.windowScene, UIApplication.shared.keyWindow, #UIApplication.shared.windows,
  #sim.screen().windows)
expect(newWindow.isHidden).to.equal(false)
expect(newWindow.windowScene).to.equal(nil)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(#UIApplication.shared.windows).to.equal(1)
expect(#scene.windows).to.equal(1)
expect(sim.screen().windows[1]).to.equal(main)
expect(#sim.screen().windows).to.equal(1)
expect(sim.hitTest(100, 100)).to.equal(main.rootViewController.view)
expect(vc.isViewLoaded).to.equal(false)
local leaks = sim.leaks()
account.say("while shown: %d leak, a %s of %d objects", #leaks, leaks[1].kind, #leaks[1].objects)
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("cycle")

vc:dismiss()
sim.run(1)
account.say("dismissed: keyWindow = %s; %s is %s; %s is %s", UIApplication.shared.keyWindow,
  newWindow, account.state(newWindow), vc, account.state(vc))
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
