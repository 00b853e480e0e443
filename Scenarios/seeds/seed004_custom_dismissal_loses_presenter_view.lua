-- Seed 004 · "UIWindow不显示View", the dismissal: a custom (modalPresentationStyle
-- "custom") presentation leaves the presenter's view in the window, so on iOS 8+ the
-- dismissal's view("to") is nil. An animator written for iOS 7 still puts
-- ctx:viewController("to").view into the container — and when the transition completes
-- UIKit removes the container with everything in it: the presenter's view leaves the
-- window and the screen is black (SO: "'From View Controller' disappears using
-- UIViewControllerContextTransitioning"). iOS 7 put it back.
-- Expected: iOS 8+: black after the dismissal, home's view in no window; iOS 7: not black.
-- (The fixes: seed004_fix_custom_dismissal_key_window.)
local custom = require("lib.custom_transition")
local account = require("lib.account")

local function run(ios)
  sim.configure{ ios = ios }
  local window, home, detail = custom.launch({ addsToView = true, addsPresenterView = true, completes = true }, "custom")
  home:present(detail, true)
  sim.run(1)
  expect(home.view.window).to.equal(window)            -- custom: the presenter's view stays
  home:dismiss(true)
  sim.run(1)
  account.say("iOS %d: after the custom dismissal home's view is in %s, screen %s", ios, home.view.window,
    sim.screen().black and "BLACK" or "shows content")
  local black = sim.screen().black
  window.isHidden = true
  UIApplication.shared.delegate.window = nil
  sim.run(3)
  return black, home
end

expect((run(17))).to.equal(true)
expect((run(8))).to.equal(true)
expect((run(7))).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
