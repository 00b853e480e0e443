-- Seed 004 · explore · the login response swaps the root safely, in every order.
--
-- The app of seed004_root_swap_bug.lua; the login response sets
-- `window.safeRootViewController = home`, the article's setter (dismiss the presented chain,
-- then swap) with a first step it lacks: when the top controller is in a transition, wait
-- for it to end (`transitionCoordinator.animate(alongsideTransition:completion:)`) and set
-- the root from there, since UIKit refuses a dismissal while the presentation it would undo
-- is still animating (seed004_safe_root_bug.lua).
-- Expected under `kitsim explore`: every order passes, exhaustive up to 2 delays: before the
-- consent screen the swap releases the login screen at once, during its presentation it
-- waits for the end, once it is up it dismisses it first; the login and consent screens
-- deallocate, and no snapshot is left over the home screen. The goal shows the search
-- reached a response while the consent screen was coming or up.
local app = require("lib.login_swap")
require("lib.root_swap").installSafeRootViewController(true)

sim.sometimes(function() return app.respondedWhilePresenting end,
              "the login response came while the consent screen was presented")
local window = app.launch(function(window, home)
  window:setSafeRootViewController(home)
end)
sim.run(4)

expect(window.rootViewController).to.equal(app.home)
expect(#window.subviews).to.equal(1)             -- the home screen's view; the snapshot went
sim.verify()
expect(sim.leaks()).to.be.empty()
