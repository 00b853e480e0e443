-- Seed 004 · UIWindow旋轉問題, the bug: on iOS 7 UIScreen.main.bounds stays portrait when
-- the device turns, so the article's UIScreen category swaps it in landscape, and one
-- "naturally" sizes a new window with it. But an iOS 7 window is never rotated: UIKit
-- rotates its root view inside it. A landscape-sized window is 844 wide and 390 high on
-- the portrait screen, so it covers only the top 390 pt — the left of what the user
-- sees — and its root view, turned inside it, is laid out 390 × 844.
-- Expected: the custom alert (compatibleBounds) leaves the right of the landscape screen
-- uncovered: the Buy button below still takes the tap; its root view is portrait.
sim.configure{ ios = 7 }
local rotation = require("lib.rotation")
local account = require("lib.account")

local window, shop = rotation.launchShop()
account.say("turned: statusBarOrientation = %s", sim.rotateDevice("landscapeLeft"))
sim.run(1)
account.say("UIScreen.main.bounds = %s (iOS 7: portrait); compatibleBounds = %s",
  rotation.rect(UIScreen.main.bounds), rotation.rect(UIScreen.main:compatibleBounds()))
account.say("the shop's window %s, its root view rotated: bounds %s", rotation.rect(window.frame), rotation.rect(shop.view.bounds))
expect(shop.view.bounds.width).to.equal(844)

local alertWindow = sim.label(rotation.showAlert(UIScreen.main:compatibleBounds()), "alertWindow")
local alertView = alertWindow.rootViewController.view
account.say("alert window %s; its root view's bounds %s", rotation.rect(alertWindow.frame), rotation.rect(alertView.bounds))
expect(alertWindow.frame.height).to.equal(390)
expect(alertView.bounds.width).to.equal(390)               -- laid out portrait in a landscape interface

-- The portrait screen's lower part (y >= 390) is the right of the landscape screen.
account.say("a touch at (200, 300) reaches %s; at (200, 700) %s", sim.hitTest(200, 300), sim.hitTest(200, 700))
expect(sim.hitTest(200, 300)).to.equal(alertView)
expect(sim.hitTest(200, 700)).to.equal(shop.buyButton)
local tapped = sim.tap(shop.buyButton)
account.say("tapping Buy while the alert is up: %s, purchases = %d", tapped and "reached" or "blocked", rotation.purchases())
expect(tapped).to.be.truthy()
expect(rotation.purchases()).to.equal(1)

rotation.dismissAlert()
expect(alertWindow).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
