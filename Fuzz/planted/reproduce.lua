-- The planted defect's path (KITSIM_PLANTED_DEFECT builds only): four spring animations
-- at one instant in one simulator. The planted table has three slots; the fourth
-- animation's animations (a view in place of a Lua function) stays held for a transition
-- that has ended.
for _ = 1, 4 do UIView.animate_usingSpringWithDamping(0.35, 0, 0.5, 0, nil, function() end, nil) end sim.run(1)
