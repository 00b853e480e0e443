-- Seed 002 · appendix: UITextEffectsWindow and UIRemoteKeyboardWindow.
-- The article lists the special windows it met: UITextEffectsWindow ("the window the
-- keyboard is in", iOS 8) and, from iOS 9, UIRemoteKeyboardWindow. Once a text field has
-- been focused they are in `UIApplication.shared.windows`, sorted by level, so
-- `windows.last` — where many HUD and toast helpers put their view — is a keyboard window.
-- A "Sent" toast shown on it is visible while the keyboard is up, then vanishes with it:
-- the window is hidden 0.25 s after the field resigns, and the toast stays owned by it.
-- Expected (iOS 12): windows.last is UIRemoteKeyboardWindow at level 10,000,000; the toast
-- is shown, then gone after endEditing; keyWindow is still the app's window.
local hud = require("lib.keyboard_hud")
sim.configure{ ios = 12 }

local window, chat = hud.launch()
local windows = UIApplication.shared.windows
local last = windows[#windows]
print(string.format("%d windows; last: %s at level %d", #windows, tostring(last):match("^[%a_]+"), last.windowLevel))
expect(#windows).to.equal(3)
expect(last.windowLevel).to.equal(10000000)
expect(UIApplication.shared.keyWindow).to.equal(window)          -- keyboard windows never become key

local toast = sim.label(hud.toast(), "toast")
last:addSubview(toast)                                           -- the helper: windows.lastObject
expect(hud.isShown(toast)).to.be.truthy()                        -- above the keyboard, for now
chat.view:endEditing(true)                                       -- the message is sent
sim.run(1)
expect(last.isHidden).to.be.truthy()
expect(hud.isShown(toast)).to.be.falsy()                         -- gone with the keyboard
expect(toast.window).to.equal(last)                              -- and still owned by it
expect(sim.why(toast):find("[keyboard", 1, true) ~= nil).to.be.truthy()
sim.verify()
expect(sim.leaks()).to.be.empty()
