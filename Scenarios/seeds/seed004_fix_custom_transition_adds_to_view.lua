-- Seed 004 · the fix for the blank screen after a custom transition: the animator adds the
-- incoming view to the container itself (containerView:addSubview(toViewController.view)), as
-- Apple's UIViewControllerContextTransitioning contract asks.
-- Expected: the presented view is in the window and the screen shows it; dismissing
-- brings the presenter's view back and the presented controller deallocates.
local custom = require("lib.custom_transition")
local account = require("lib.account")

local window, home, detail = custom.launch({ addsToView = true, completes = true }, "fullScreen")
home:present(detail, true)
sim.run(1)
account.say("presented: its view's window = %s, screen %s", detail.view.window, sim.screen().black and "BLACK" or "shows content")
expect(detail.view.window).to.equal(window)
expect(sim.screen().black).to.equal(false)
expect(home.view.window).to.equal(nil)                 -- a full-screen presentation removed it

home:dismiss(true)
sim.run(1)
account.say("dismissed: home's view is back in %s; %s is %s", home.view.window, detail, account.state(detail))
expect(home.view.window).to.equal(window)
expect(sim.screen().black).to.equal(false)
sim.run(3)
sim.verify()
expect(sim.leaks()).to.be.empty()
