-- Seed 004 · the variant for a modal UI that only needs touches (`hidden = false` instead
-- of makeKeyAndVisible), ported unchanged to a scene-based app (iOS 13, a scene manifest):
-- the window has no scene, so it never appears and takes no touches (rule 71, docs/rules.md#rule-71).
-- Expected: isHidden reads false, but the screen shows only the main window, and a touch
-- reaches the main window's root view, not the modal's; after dismiss both the window and
-- the controller deallocate.
local modal = require("lib.modal_window")

sim.configure{ ios = 13, scenes = true }
local main = modal.launchScene()
local ModalViewController = modal.controller(true, false)
local vc = ModalViewController()
local newWindow = vc:show()
sim.run(1)
expect(newWindow.isHidden).to.equal(false)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(sim.screen().windows[1]).to.equal(main)
expect(#sim.screen().windows).to.equal(1)
expect(sim.hitTest(100, 100)).to.equal(main.rootViewController.view)
vc:dismiss()
sim.run(1)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
