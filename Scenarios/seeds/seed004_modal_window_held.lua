-- Seed 004 · UIWindow uses: a modal UI shown in a new window, held strongly by the
-- controller (newWindow), made key; dismissing restores the previous key window and
-- releases the new one. (ModalViewController: lib/modal_window.lua.)
-- Expected: the new window is on screen and key while shown; on dismiss it deallocates,
-- the previous window is key again, and the modal controller deallocates too.
local modal = require("lib.modal_window")
local account = require("lib.account")

local main = modal.launch()
local ModalViewController = modal.controller(true, true)
local vc = sim.label(ModalViewController(), "modal")
local newWindow = sim.label(vc:show(), "newWindow")
sim.run(1)
account.say("shown: keyWindow = %s, windows = %d", UIApplication.shared.keyWindow, #UIApplication.shared.windows)
expect(UIApplication.shared.keyWindow).to.equal(newWindow)
expect(sim.screen().windows[1]).to.equal(newWindow)       -- top-down: the modal's window is on top

vc:dismiss()
sim.run(1)
account.say("dismissed: keyWindow = %s; %s is %s; %s is %s", UIApplication.shared.keyWindow,
  newWindow, account.state(newWindow), vc, account.state(vc))
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
