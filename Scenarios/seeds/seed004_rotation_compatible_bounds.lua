-- Seed 004 · UIWindow旋轉問題 on iOS 8, where the category looked harmless: from iOS 8 on
-- UIScreen.main.bounds follows the interface orientation itself, so compatibleBounds
-- (NSFoundationVersionNumber >= NSFoundationVersionNumber_iOS_8_0) is just bounds, and a
-- window sized with it is the landscape screen. The bug only shows on iOS 7.
-- Expected: compatibleBounds == bounds == 844 × 390; the alert covers the screen and the
-- Buy button below takes no tap.
sim.configure{ ios = 8 }
local rotation = require("lib.rotation")
local account = require("lib.account")

local window, shop = rotation.launchShop()
account.say("turned: statusBarOrientation = %s", sim.rotateDevice("landscapeLeft"))
sim.run(1)
local bounds, compatible = UIScreen.main.bounds, UIScreen.main:compatibleBounds()
account.say("NSFoundationVersionNumber %.2f: UIScreen.main.bounds = %s, compatibleBounds = %s",
  NSFoundationVersionNumber, rotation.rect(bounds), rotation.rect(compatible))
expect(compatible).to.equal(bounds)
expect(bounds.width).to.equal(844)
account.say("the shop's window followed the screen: %s", rotation.rect(window.frame))
expect(window.frame).to.equal(bounds)

local alertWindow = sim.label(rotation.showAlert(compatible), "alertWindow")
local alertView = alertWindow.rootViewController.view
account.say("alert window %s, root view %s", rotation.rect(alertWindow.frame), rotation.rect(alertView.bounds))
expect(sim.hitTest(720, 180)).to.equal(alertView)           -- where the Buy button is, in landscape coordinates
local tapped = sim.tap(shop.buyButton)
account.say("tapping Buy while the alert is up: %s, purchases = %d", tapped and "reached" or "blocked", rotation.purchases())
expect(tapped).to.be.falsy()
expect(rotation.purchases()).to.equal(0)

rotation.dismissAlert()
expect(alertWindow).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
