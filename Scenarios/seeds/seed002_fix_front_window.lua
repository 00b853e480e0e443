-- Seed 002 · appendix, the fix: pick the frontmost visible window at the normal level,
-- as SVProgressHUD's `frontWindow` does, instead of `windows.last`. Keyboard windows
-- (level 1 and 10,000,000) and hidden windows are skipped, so the toast goes to the app's
-- window and survives the keyboard. `windows[1]` (the article's own fix for its
-- topViewController helper) is unaffected by keyboard windows too.
-- Expected: the toast is in the app's window, shown before and after the keyboard hides.
local hud = require("lib.keyboard_hud")
sim.configure{ ios = 12 }

local function frontWindow()
  local windows = UIApplication.shared.windows
  for i = #windows, 1, -1 do
    local w = windows[i]
    if not w.isHidden and w.windowLevel == UIWindow.Level.normal then return w end
  end
end

local window, chat = hud.launch()
expect(frontWindow()).to.equal(window)
expect(UIApplication.shared.windows[1]).to.equal(window)
local toast = sim.label(hud.toast(), "toast")
frontWindow():addSubview(toast)
expect(hud.isShown(toast)).to.be.truthy()
chat.view:endEditing(true)
sim.run(1)
expect(toast.window).to.equal(window)
expect(hud.isShown(toast)).to.be.truthy()                        -- still there
sim.verify()
expect(sim.leaks()).to.be.empty()
