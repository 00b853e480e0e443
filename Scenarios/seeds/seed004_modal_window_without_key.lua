-- Seed 004 · the variant for a modal UI that only needs touches: show the window with
-- `hidden = false` instead of makeKeyAndVisible — it appears on top without taking key
-- status.
-- Expected: the new window is visible and on top, the main window stays key; after
-- dismiss both the window and the controller deallocate.
local modal = require("lib.modal_window")

local main = modal.launch()
local ModalViewController = modal.controller(true, false)
local vc = ModalViewController()
local newWindow = vc:show()
sim.run(1)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(sim.screen().windows[1]).to.equal(newWindow)
expect(sim.hitTest(100, 100)).to.equal(vc.view)
vc:dismiss()
sim.run(1)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
