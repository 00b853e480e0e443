-- Seed 004 · explore · the article's safeRootViewController, when the response lands while
-- the consent screen slides in.
--
-- The app of seed004_root_swap_bug.lua with the article's fix: the login response sets
-- `window.safeRootViewController = home`, which snapshots the top controller over the
-- screen, dismisses the presented chain non-animated and swaps the root in the last
-- dismissal's completion. Once the consent screen is up that is clean. But while its
-- presentation is still animating UIKit refuses the dismissal ("Attempt to dismiss from view
-- controller … while a presentation or dismiss is in progress!", rule 61) and never calls
-- its completion: the root is never swapped, and the snapshot covers the screen for good.
-- Expected under `kitsim explore`: the default order passes; the order where the consent
-- screen's presentation starts first and the response comes during its animation, 1 delay,
-- ends with the login screen still the root. The fix waits for the transition:
-- seed004_root_swap_fix.lua.
local app = require("lib.login_swap")
require("lib.root_swap").installSafeRootViewController()

local window = app.launch(function(window, home)
  window:setSafeRootViewController(home)
end)
sim.run(4)

expect(window.rootViewController).to.equal(app.home)
sim.verify()
expect(sim.leaks()).to.be.empty()
