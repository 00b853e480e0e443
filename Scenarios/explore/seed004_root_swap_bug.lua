-- Seed 004 · explore · the login response swaps the root under the consent screen.
--
-- At launch the window shows the login screen, which presents a full-screen consent
-- screen half a second after it appears; the saved session's login request answers 0.2 to
-- 1.5 s after launch, and its completion makes the home screen the root:
--   window.rootViewController = HomeViewController()
-- When the response comes first, the login screen goes at once and never asks. When it
-- comes once the consent screen is presented, it is the root swap while presenting of the
-- article ("当oldVC调用了presentViewController模态弹出了viewController的时候 … 在iOS8以上的设备并没有被释放",
-- rule 16): the consent screen's transition view stays in the window, its presentation keeps
-- the login screen alive, and MLeaksFinder reports it `abandoned`.
-- Expected under `kitsim explore`: the default order (the response at 0.2 s) passes; the
-- order where the consent screen is presented first, 1 delay, ends with the login screen
-- abandoned, kept through the UITransitionView.
local app = require("lib.login_swap")

local window = app.launch(function(window, home)
  window.rootViewController = home
end)
sim.run(4)                                       -- past MLeaksFinder's 2 s after the latest swap

expect(window.rootViewController).to.equal(app.home)
sim.verify()
expect(sim.leaks()).to.be.empty()
