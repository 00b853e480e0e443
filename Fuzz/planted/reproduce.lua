-- The planted defect's path (KITSIM_PLANTED_DEFECT builds only): a spring animation of
-- 0.35 s after 2 s with damping 0.5 and velocity 10. The planted build keeps its
-- animations (a view in place of a Lua function) held for a transition that has ended.
UIView.animate_usingSpringWithDamping(0.35, 2, 0.5, 10, nil, function() end, nil) sim.run(3)
