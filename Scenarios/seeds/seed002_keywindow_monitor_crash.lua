-- Seed 002 · UIWindow (part 2): a crash on the "+" button, only after "share to 发现" and
-- cancelling the publication. The action sheet showed in its own window, which became
-- key; when it went away, key status passed to the highest window still visible — the
-- traffic monitor above the status bar — not back to the main window. The
-- topViewController helper then started from the monitor's root. (App: lib/alitrip.lua.)
-- Expected: the key window is the monitor; tapping "+" crashes with
-- -[UIViewController goToPage]: unrecognized selector sent to instance.
local alitrip = require("lib.alitrip")
local account = require("lib.account")

local window, monitor = alitrip.launch()
expect(UIApplication.shared.keyWindow).to.equal(window)
alitrip.inviteThenCancelPublishing(window)
account.say("after the action sheet: keyWindow = %s (the main window is %s)", UIApplication.shared.keyWindow, window)
expect(UIApplication.shared.keyWindow).to.equal(monitor)

local top = alitrip.topViewController(false)
account.say("topViewController() = %s", top)
local err = expect(function() top:goToPage() end).to.fail_with("NSInvalidArgumentException")
account.say("tap on +: %s", tostring(err))
expect(err.reason:match("^%-%[UIViewController goToPage%]: unrecognized selector sent to instance #%d+$") ~= nil).to.be.truthy()
sim.verify()
expect(sim.leaks()).to.be.empty()
