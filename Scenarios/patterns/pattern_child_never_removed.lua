-- Pattern · a child controller whose view is removed but which is never removed (rule 14, docs/rules.md#rule-14)
--
-- A dashboard swaps its content by adding a new child controller each time and removing
-- only the old child's view:
--   addChild(next); view.addSubview(next.view); next.didMove(toParent: self)
--   current.view.removeFromSuperview()        // but never current.removeFromParent()
-- The parent keeps every child it was given in `children`, so each swapped-out screen
-- stays alive for as long as the dashboard does — reachable, so no cycle report, and still
-- a child, so no `abandoned` one either. `sim.why` shows the `children` array holding it.
-- The fix: `willMove(toParent: nil)`, remove its view, `removeFromParent()`.
-- Expected: five stale children kept by `children[k]`; with the fix only the current one.
local Dashboard = UIViewController:subclass("Dashboard", { current = "weak", removesOld = "assign" })
function Dashboard:show(next)
  self:addChild(next)
  self.view:addSubview(next.view)
  next:didMove(self)
  local old = self.current
  if old then
    if self.removesOld then old:willMove(nil) end
    old.view:removeFromSuperview()
    if self.removesOld then old:removeFromParent() end
  end
  self.current = next
end

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local dashboard = Dashboard()
window.rootViewController = dashboard
window:makeKeyAndVisible()
sim.run(0)

local first
for i = 1, 6 do
  local page = UIViewController()
  if i == 1 then first = page end
  dashboard:show(page)
  sim.run(1)
end
expect(#dashboard.children).to.equal(6)                  -- five stale, one shown
expect(first).to.be.alive()
expect(sim.why(first):find("Dashboard#%d+%.children%[1%] %(strong%) → UIViewController#") ~= nil).to.be.truthy()
expect(sim.leaks()).to.be.empty()                        -- reachable and still a child: no report

for _, child in ipairs(dashboard.children) do           -- the fix, applied to what is there
  if child ~= dashboard.current then child:willMove(nil) child:removeFromParent() end
end
dashboard.removesOld = true
dashboard:show(UIViewController())
sim.run(3)
expect(#dashboard.children).to.equal(1)
expect(first).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
