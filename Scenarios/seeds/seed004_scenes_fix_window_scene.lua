-- Seed 004 · the fix for a scene-based app (iOS 13, a scene manifest): give the modal
-- window the scene of the window on screen — `UIWindow(windowScene:)` (react-native's
-- `initWithWindowScene:`), or `windowScene` set before it is shown (rules 70, 71: docs/rules.md#rule-70, #rule-71).
-- The scene is the key window's: the modal controller's own view is in no window yet
-- when show() runs, so `self.view.window` is nil there.
-- Expected: both variants show the modal window on top, in the scene's windows; the
-- made-key one is key (scene.keyWindow too, iOS 15) and touches reach the modal; dismiss
-- gives key status back and both windows and controllers deallocate; nothing leaks.
local modal = require("lib.modal_window")
local account = require("lib.account")

sim.configure{ ios = 15, scenes = true }
local main, scene = modal.launchScene()

-- UIWindow(windowScene:), held and made key.
local WithScene = modal.controller(true, true, "init")
local vc = sim.label(WithScene(), "modal")
expect(vc.viewIfLoaded).to.equal(nil)                         -- in no window: self.view.window is nil in show()
local newWindow = sim.label(vc:show(), "newWindow")
sim.run(1)
account.say("UIWindow(scene): windowScene = %s; keyWindow = %s, scene.keyWindow = %s, scene windows = %d",
  newWindow.windowScene, UIApplication.shared.keyWindow, scene.keyWindow, #scene.windows)
expect(newWindow.windowScene).to.equal(scene)
expect(UIApplication.shared.keyWindow).to.equal(newWindow)
expect(scene.keyWindow).to.equal(newWindow)
expect(sim.screen().windows[1]).to.equal(newWindow)
expect(sim.hitTest(100, 100)).to.equal(vc.view)
vc:dismiss()
sim.run(1)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()

-- windowScene set first, shown with `hidden = false` (touches only).
local SceneFirst = modal.controller(true, false, "property", "TouchOnlyViewController")
local touchOnly = sim.label(SceneFirst(), "touchOnly")
local touchWindow = sim.label(touchOnly:show(), "touchWindow")
sim.run(1)
account.say("windowScene first: on screen %s on top of %s; keyWindow = %s", sim.screen().windows[1],
  sim.screen().windows[2], UIApplication.shared.keyWindow)
expect(sim.screen().windows[1]).to.equal(touchWindow)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(sim.hitTest(100, 100)).to.equal(touchOnly.view)
touchOnly:dismiss()
sim.run(1)
expect(touchWindow).to.be.deallocated()
expect(touchOnly).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
