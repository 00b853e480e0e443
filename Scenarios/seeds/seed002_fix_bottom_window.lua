-- Seed 002 · UIWindow (part 2), the fix: the topViewController helper takes the bottom
-- window (windows[0]) first — the app's controllers all live there — and only then the
-- key window.
-- Expected: after the same flow, "+" reaches the invite page's goToPage.
local alitrip = require("lib.alitrip")
local account = require("lib.account")

local window = alitrip.launch()
local invite = alitrip.inviteThenCancelPublishing(window)
local top = alitrip.topViewController(true)
account.say("keyWindow = %s, yet topViewController() = %s", UIApplication.shared.keyWindow, top)
expect(top).to.equal(invite)
top:goToPage()
expect(alitrip.pagesOpened[1]).to.equal("invite")
sim.verify()
expect(sim.leaks()).to.be.empty()
