-- Seed 004 · UIWindow旋轉問題 from iOS 8 on: the interface turns, UIScreen.main.bounds
-- swaps, and UIKit resizes every window that was the screen's size and has a root view
-- controller. The article's recording banner, sized "naturally" with the status bar's
-- frame (可能很自然會設置成statusBar.frame，但這可能會影響UIWindow的旋轉), is not: it stays
-- 390 wide across an 844-wide landscape screen. A floating window sized with
-- UIScreen.main.bounds follows. Controllers hear viewWillTransition(size, coordinator)
-- with the old bounds still in place, and the coordinator's completion runs when the
-- animation ends. A portrait-only payment screen presented full screen refuses the turn —
-- once it is the frontmost full-screen window's that decides: while the floating window
-- is shown above it, that window's root is asked instead.
-- Expected: bounds 844 × 390; the main and floating windows follow; the banner keeps
-- 390 × 20; with the floating window hidden, the device turns but the interface does not.
local rotation = require("lib.rotation")
local account = require("lib.account")

AppDelegate:extend{ recordingWindow = "strong", floatingWindow = "strong" }
local Screen = UIViewController:subclass("Screen")
function Screen:viewWillTransition(size, coordinator)
  account.say("%s viewWillTransition to %g × %g; the screen still reads %s", self, size.width, size.height,
    rotation.rect(UIScreen.main.bounds))
  coordinator:animate(nil, function()
    account.say("%s: rotation done, the screen is %s", self, rotation.rect(UIScreen.main.bounds))
  end)
  UIViewController.viewWillTransition(self, size, coordinator)
end

local function window(frame, level)
  local w = UIWindow(frame)
  w.windowLevel = level
  w.rootViewController = Screen()
  w.isHidden = false
  return w
end

local main = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = main
local home = Screen()
main.rootViewController = UINavigationController(home)
main:makeKeyAndVisible()
local recording = sim.label(window(CGRect(0, 0, 390, 20), UIWindow.Level.statusBar), "recordingWindow")   -- statusBar.frame
UIApplication.shared.delegate.recordingWindow = recording
local floating = sim.label(window(UIScreen.main.bounds, UIWindow.Level.statusBar), "floatingWindow")
UIApplication.shared.delegate.floatingWindow = floating
floating.rootViewController.view.backgroundColor = nil                           -- see-through
sim.run(1)

account.say("turned: statusBarOrientation = %s", sim.rotateDevice("landscapeLeft"))
account.say("UIScreen.main.bounds = %s", rotation.rect(UIScreen.main.bounds))
account.say("main window %s, floating window %s, recording banner %s", rotation.rect(main.frame),
  rotation.rect(floating.frame), rotation.rect(recording.frame))
expect(UIScreen.main.bounds).to.equal(CGRect(0, 0, 844, 390))
expect(main.frame).to.equal(UIScreen.main.bounds)
expect(main.rootViewController.view.frame).to.equal(UIScreen.main.bounds)
expect(floating.frame).to.equal(UIScreen.main.bounds)
expect(recording.frame).to.equal(CGRect(0, 0, 390, 20))    -- the banner covers the left 390 pt only
expect(home.transitionCoordinator).to.be.truthy()
sim.run(1)
expect(home.transitionCoordinator).to.equal(nil)

-- Back to portrait, then a portrait-only payment screen presented full screen decides.
sim.rotateDevice("portrait")
sim.run(1)
local Payment = UIViewController:subclass("PaymentController")
function Payment:supportedInterfaceOrientations() return "portrait" end
local payment = Payment()
payment.modalPresentationStyle = "fullScreen"
main.rootViewController:present(payment, false)
sim.run(1)
local interface = sim.rotateDevice("landscapeRight")
account.say("payment screen up, floating window above it: the interface turns to %s (the floating window's root decides)", interface)
expect(interface).to.equal("landscapeLeft")
sim.rotateDevice("portrait")
sim.run(1)
floating.isHidden = true
interface = sim.rotateDevice("landscapeRight")
account.say("floating window hidden: the device is %s, the interface stays %s", UIDevice.current.orientation, interface)
expect(interface).to.equal("portrait")
expect(UIDevice.current.orientation).to.equal("landscapeRight")
expect(UIScreen.main.bounds).to.equal(CGRect(0, 0, 390, 844))
payment:dismiss(false)
sim.run(1)
sim.verify()
expect(sim.leaks()).to.be.empty()
