-- Seed 004 · the same modal window on iOS 12, before scenes: the article's code shows, as
-- it did when the article was written (rule 71, docs/rules.md#rule-71). `connectedScenes` and
-- `windowScene` are iOS 13 API there.
-- Expected: the new window is on top and key while shown and takes the touches; on
-- dismiss it deallocates with its controller and the main window is key again.
local modal = require("lib.modal_window")
local account = require("lib.account")

sim.configure{ ios = 12 }
local main = modal.launch()
local ok, e = pcall(function() return UIApplication.shared.connectedScenes end)
account.say("connectedScenes: %s", tostring(e))
expect(ok).to.equal(false)
local ModalViewController = modal.controller(true, true)
local vc = sim.label(ModalViewController(), "modal")
local newWindow = sim.label(vc:show(), "newWindow")
sim.run(1)
account.say("shown: keyWindow = %s, on top: %s", UIApplication.shared.keyWindow, sim.screen().windows[1])
expect(UIApplication.shared.keyWindow).to.equal(newWindow)
expect(sim.screen().windows[1]).to.equal(newWindow)
expect(sim.hitTest(100, 100)).to.equal(vc.view)
vc:dismiss()
sim.run(1)
expect(UIApplication.shared.keyWindow).to.equal(main)
expect(newWindow).to.be.deallocated()
expect(vc).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
