-- Pattern · an alert action's handler captures its alert (rules 25, 26: docs/rules.md#rule-25, #rule-26)
--
-- A screen asks for a name with an alert whose OK handler reads the alert's text field, as
--   let alert = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
--   alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in self.rename(alert.textFields?.first?.text) })
-- The alert keeps its actions, each action keeps its handler, and the handler captures the
-- alert strongly: alert → actions[1] → handler → alert. Once dismissed nothing else keeps
-- them, so the alert and its action leak as a retain cycle. `[weak alert]` (or
-- `[unowned alert]`) breaks it.
-- Expected: one `cycle` report through UIAlertController.actions and the handler's capture;
-- with the weak capture, the alert deallocates after the tap.
local screen
local renamed = 0

local function showAlert(weakCapture)
  local alert = UIAlertController("Rename", nil, "alert")
  local captures = weakCapture and { weak = { alert } } or { strong = { alert } }
  captures[1] = function(alert, action) if alert then renamed = renamed + 1 end end
  alert:addAction(UIAlertAction("OK", "default", sim.block(captures)))
  screen:present(alert, false)
  sim.run(0)
  sim.tap(alert, "OK")
  sim.run(1)
  return alert
end

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
screen = UIViewController()
window.rootViewController = screen
window:makeKeyAndVisible()
sim.run(0)

local leaked = sim.label(showAlert(false), "leaked alert")
expect(renamed).to.equal(1)
expect(leaked).to.be.alive()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("cycle")
expect(leaks[1].message:find("UIAlertController#%d+%.actions%[1%]") ~= nil).to.be.truthy()
expect(leaked).to.leak()                                  -- on purpose: its cycle, and MLeaksFinder's report later

local fixed = sim.label(showAlert(true), "fixed alert")
expect(renamed).to.equal(2)
expect(fixed).to.be.deallocated()
expect(fixed).to_not.leak()
for _, leak in ipairs(sim.leaks()) do                     -- the cycle, and by now MLeaksFinder's
  expect(leak.objects[1]).to.equal(leaked)                -- report: both of the first alert
end
sim.verify()
