-- Seed 004 · the modal UI whose window nobody keeps (newWindow is weak here), ported
-- unchanged to a scene-based app (iOS 13, a scene manifest). The window has no scene, so
-- it never shows — not even for the rest of the turn — and it is no root: nobody owns it,
-- so it deallocates at the end of the turn as before (rules 5, 71: docs/rules.md#rule-5, #rule-71).
-- Expected: the main window stays key throughout; the window and the controller are gone
-- after the turn; nothing leaks.
local modal = require("lib.modal_window")
local account = require("lib.account")

sim.configure{ ios = 13, scenes = true }
local main = modal.launchScene()
local ModalViewController = modal.controller(false, true)
local vc = sim.label(ModalViewController(), "modal")
local newWindow = sim.label(vc:show(), "newWindow")
expect(UIApplication.shared.keyWindow).to.equal(main)        -- never key, not even for this turn
expect(#sim.screen().windows).to.equal(1)
sim.run(0)
account.say("after the turn: %s", account.death(newWindow))
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(sim.screen().windows[1]).to.equal(main)
sim.verify()
expect(sim.leaks()).to.be.empty()
