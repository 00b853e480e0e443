-- Pattern · the legacy action sheet is kept by UIKit while shown (rule 73: docs/rules.md#rule-73)
--
-- An older screen asks what to do with a photo, as
--   let sheet = UIActionSheet(title: "Photo", delegate: self, cancelButtonTitle: "Cancel",
--                             destructiveButtonTitle: "Delete")
--   sheet.addButton(withTitle: "Share")
--   sheet.show(in: view)
-- and keeps no reference to the sheet. UIKit keeps it while it is shown, in a private window at
-- the alert level that becomes key; its delegate is weak. A tap tells the delegate
-- (`actionSheet(_:clickedButtonAt:)`), then the sheet is dismissed: the window goes, key status
-- returns to the app's window, and the sheet deallocates.
-- Expected: the sheet alive and visible while shown, the shim window key; after the tap the
-- delegate got index 0 ("Delete"), the sheet is gone, the app's window is key again, no leaks.
local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local Screen = UIViewController:subclass("PhotoScreen")
local clicks, dismissed = {}, {}
function Screen:actionSheet_clickedButtonAtIndex(sheet, index) clicks[#clicks + 1] = sheet:buttonTitle(index) end
function Screen:actionSheet_didDismissWithButtonIndex(sheet, index) dismissed[#dismissed + 1] = index end
local screen = Screen()
window.rootViewController = screen
window:makeKeyAndVisible()
sim.run(0)

local function askAboutPhoto()                   -- the sheet is a local of this function only
  local sheet = UIActionSheet("Photo", screen, "Cancel", "Delete")
  expect(sheet:addButton("Share")).to.equal(2)
  sheet:show(screen.view)
  return sim.label(sheet, "sheet")
end
local sheet = askAboutPhoto()
sim.run(0)
expect(sheet).to.be.alive()                      -- kept by UIKit while shown
expect(sheet.isVisible).to.be.truthy()
expect(sheet.destructiveButtonIndex).to.equal(0)
expect(sheet.cancelButtonIndex).to.equal(1)
expect(UIApplication.shared.keyWindow).to.equal(sheet.alertWindow)
expect(sheet.alertWindow.windowLevel).to.equal(UIWindow.Level.alert)

sim.tap(sheet, "Delete")
sim.run(1)
expect(clicks[1]).to.equal("Delete")
expect(dismissed[1]).to.equal(0)
expect(sheet).to.be.deallocated()                -- UIKit let go once it was dismissed
expect(UIApplication.shared.keyWindow).to.equal(window)
expect(#sim.leaks()).to.equal(0)
sim.verify()
