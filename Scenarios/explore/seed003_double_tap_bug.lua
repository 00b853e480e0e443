-- Seed 003 · explore · two icons tapped in quick succession, no guard.
--
-- Tapping an icon shrinks its picture for 0.2 s, then pushes its page. The user taps icon
-- A, and icon B some time in the next 0.6 s. When B's tap lands before A's push starts
-- (A's picture still shrinking), B's push starts while A's transition runs: "nested push
-- animation can result in corrupted navigation bar", then NSInvalidArgumentException:
-- Can't add self as subview — the crash "in main" of the seed. A tap during A's push is
-- ignored (touches are, rule 61); a later tap pushes B's page after A's.
-- Expected under `kitsim explore`: it crashes, already in the default order (B's tap at
-- once), and in the orders where B's tap comes before A's push; the others pass.
local home = require("lib.icon_home")

local nav, icons = home.launch({ "A", "B" })
sim.always(function() return home.consistent(nav) end, "each page is on the stack once")

sim.tap(icons[1])                                               -- A, now
sim.tap(icons[2], { within = { 0, 0.6 }, label = "tap B" })     -- B, within 0.6 s
sim.run(2)

expect(nav.topViewController).to_not.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
