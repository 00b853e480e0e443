-- Seed 004 · the article's fix for the view lost in a custom dismissal:
--   transitionContext.completeTransition(true)
--   UIApplication.sharedApplication().keyWindow!.addSubview(toViewController.view)
-- and the fix UIKit's own contract suggests: present fullScreen, where the dismissal's
-- view("to") is the presenter's view and UIKit puts it back under the container itself.
-- Expected: with either, the presenter's view is in the key window after the dismissal
-- and the screen is not black; nothing leaks.
local custom = require("lib.custom_transition")
local account = require("lib.account")

local function run(style, options)
  local window, home, detail = custom.launch(options, style)
  home:present(detail, true)
  sim.run(1)
  home:dismiss(true)
  sim.run(1)
  account.say("%s%s: home's view is in %s, screen %s", style, options.keyWindowFix and " + keyWindow fix" or "",
    home.view.window, sim.screen().black and "BLACK" or "shows content")
  expect(home.view.window).to.equal(window)
  expect(sim.screen().black).to.equal(false)
  expect(detail).to.be.deallocated()
  window.isHidden = true
  UIApplication.shared.delegate.window = nil
  sim.run(3)
end

-- The seed's fix: the same iOS 7-style animator, and the view put back after completing.
run("custom", { addsToView = true, addsPresenterView = true, completes = true, keyWindowFix = true })
-- fullScreen: UIKit restores the presenter's view whatever the animator did with it.
run("fullScreen", { addsToView = true, addsPresenterView = true, completes = true })
sim.verify()
expect(sim.leaks()).to.be.empty()
