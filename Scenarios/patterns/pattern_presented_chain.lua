-- Pattern · a chain of presented controllers (rules 13, 15 and 16: docs/rules.md#rule-13, #rule-15, #rule-16)
--
-- A flow presents each step from the step before it — login, then verification, then
-- terms — and, done, dismisses only the top one:
--   terms.dismiss(animated: true)
-- Each presenter keeps what it presented (`presentedViewController`), so the steps below
-- stay on screen and alive: the chain root → login → verification remains. Dismissing
-- from the bottom — the root's `dismiss` — takes down every controller above it at once.
-- Expected: after the top-only dismiss two steps remain presented; after the root's
-- dismiss all three deallocate; no leaks.
local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local root = UIViewController()
window.rootViewController = root
window:makeKeyAndVisible()
sim.run(0)

local steps, presenter = {}, root
for i, name in ipairs({ "login", "verification", "terms" }) do
  local step = sim.label(UIViewController(), name)
  steps[i] = step
  presenter:present(step, false)
  sim.run(1)
  presenter = step
end
expect(root.presentedViewController).to.equal(steps[1])
expect(steps[2].presentingViewController).to.equal(steps[1])

steps[3]:dismiss(false)                                  -- only the top one
sim.run(3)
expect(steps[3]).to.be.deallocated()
expect(steps[1]).to.be.alive()
expect(steps[2]).to.be.alive()
expect(sim.screen().visibleControllers[#sim.screen().visibleControllers]).to.equal(steps[2])
expect(sim.why(steps[2]):find("presentedViewController (strong)", 1, true) ~= nil).to.be.truthy()

root:dismiss(false)                                      -- from the bottom: the whole chain
sim.run(3)
expect(steps[1]).to.be.deallocated()
expect(steps[2]).to.be.deallocated()
expect(root.presentedViewController).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
