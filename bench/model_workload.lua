-- A model-heavy workload for exact measurements of the model (not of the binding):
-- 1,000 push/pop pairs of a controller whose view's frame is set, one run-loop turn each.
-- valgrind --tool=callgrind .build/release/kitsim run bench/model_workload.lua
local w = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = w
local nav = UINavigationController(UIViewController())
w.rootViewController = nav
w:makeKeyAndVisible()
sim.run(0)
for i = 1, 1000 do
  local vc = UIViewController()
  vc.view.frame = { x = 0, y = 0, width = i, height = 10 }
  nav:pushViewController(vc, false)
  sim.run(0)
  nav:popViewController(false)
  sim.run(0)
end
sim.verify()
