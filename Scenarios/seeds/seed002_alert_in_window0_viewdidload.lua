-- Seed 002 · UIWindow (part 1): a TDAlertView shown from the root controller's viewDidLoad
-- by adding it to windows[0] cannot be seen: the root controller's view covers it.
-- Why: rootViewController's view is added to the window after viewDidLoad, on top of
-- what viewDidLoad added to the window itself. (Alert view: lib/td_alert.lua.)
-- Expected: the alert is covered — the screen lists it as covered, and a touch on it
-- reaches the root view instead.
local td = require("lib.td_alert")
local account = require("lib.account")

local ViewController = td.ViewController     -- viewDidLoad: self.view brown, then alertView:show()

local root = ViewController()
local window = td.launch(root)
local alertView = sim.label(root.alertView, "alert")
sim.label(root, "root")
account.say("window subviews, back to front: %s, %s", window.subviews[1], window.subviews[2])
account.say("a touch on the alert reaches %s", sim.hitTest(195, 422))
print(sim.screen().text)
expect(window.subviews[1]).to.equal(alertView)
expect(window.subviews[2]).to.equal(root.view)
expect(td.isShown(alertView)).to.equal(false)
expect(sim.hitTest(195, 422)).to.equal(root.view)
sim.verify()
expect(sim.leaks()).to.be.empty()
