-- The planted defect's path (KITSIM_PLANTED_DEFECT builds only): a controller presented
-- over full screen from a tab bar controller showing its third tab, dismissed without
-- animation. The planted build leaves it held for a transition that has ended.
W[1] = UIWindow() T[1] = UITabBarController() T[1].viewControllers = { FuzzVC(), FuzzVC(), FuzzVC() } T[1].selectedIndex = 2 W[1].rootViewController = T[1] W[1]:makeKeyAndVisible() sim.hold(W[1]) sim.run(0)
C[1] = FuzzVC() C[1].modalPresentationStyle = "overFullScreen" T[1]:present(C[1], false) sim.run(1)
T[1]:dismiss(false) sim.run(1)
