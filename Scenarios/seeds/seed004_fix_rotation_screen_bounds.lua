-- Seed 004 · UIWindow旋轉問題, the article's fix: size the window with
-- UIScreen.main.bounds, "the most original way" (正確的做法是恰恰是最原始的做法). On iOS 7
-- that is the portrait screen, the window covers all of it, and UIKit rotates the
-- window's root view inside it — the window handles its own rotation (UIWindow能夠自己處理
-- 自己的旋轉問題). The same line is right on iOS 8+, where bounds is the landscape screen.
-- Expected, on iOS 7 and on iOS 8: the alert covers the whole screen, its root view is
-- laid out 844 × 390, and the Buy button below takes no tap.
local rotation = require("lib.rotation")
local account = require("lib.account")

for _, ios in ipairs({ 7, 8 }) do
  sim.configure{ ios = ios }
  local _, shop = rotation.launchShop()
  sim.rotateDevice("landscapeLeft")
  sim.run(1)
  local alertWindow = sim.label(rotation.showAlert(UIScreen.main.bounds), "alertWindow" .. ios)
  local alertView = alertWindow.rootViewController.view
  local tapped = sim.tap(shop.buyButton)
  account.say("iOS %d: alert window %s, root view %s; tapping Buy: %s", ios, rotation.rect(alertWindow.frame),
    rotation.rect(alertView.bounds), tapped and "reached" or "blocked")
  expect(alertView.bounds.width).to.equal(844)
  expect(tapped).to.be.falsy()
  expect(sim.hitTest(200, ios < 8 and 700 or 300)).to.equal(alertView)
  rotation.dismissAlert()
  expect(alertWindow).to.be.deallocated()
end
expect(rotation.purchases()).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
