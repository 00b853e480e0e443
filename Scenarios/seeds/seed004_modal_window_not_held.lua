-- Seed 004 · the same modal UI whose window nobody keeps (newWindow is weak here): the
-- application does not own windows, so the window deallocates at the end of the turn,
-- even though it was made key and visible — the modal never shows.
-- Expected: the window and the controller are gone after the turn; the main window is
-- key again; nothing leaks.
local modal = require("lib.modal_window")
local account = require("lib.account")

local main = modal.launch()
local ModalViewController = modal.controller(false, true)
local vc = sim.label(ModalViewController(), "modal")
local newWindow = sim.label(vc:show(), "newWindow")
expect(UIApplication.shared.keyWindow).to.equal(newWindow)   -- for the rest of this turn
sim.run(0)
account.say("after the turn: %s", account.death(newWindow))
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(sim.screen().windows[1]).to.equal(main)
sim.verify()
expect(sim.leaks()).to.be.empty()
