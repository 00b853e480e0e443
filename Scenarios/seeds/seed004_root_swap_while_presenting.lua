-- Seed 004 · replacing window.rootViewController to free the old controller works — except
-- when the old root has presented a controller: on iOS 8 and later the presented view
-- sits in a transition view in the window, whose presentation keeps the presenting
-- controller alive. (The author tested it: released on iOS 7, not on iOS 8+.)
-- Expected (iOS 17 profile): the old root stays alive after the swap and is reported as an
-- `abandoned` leak 2 s later, kept through the transition view.
local rootSwap = require("lib.root_swap")
local account = require("lib.account")

local window, oldVC, modal = rootSwap.launchPresenting()
local newVC = rootSwap.swapRoot()
sim.run(3)
account.say("%s after the swap: %s", oldVC, account.state(oldVC))
account.say("kept by: %s", (sim.why(oldVC):match("\n%s*1%. ([^\n]+)")))
expect(oldVC).to.be.alive()
expect(modal).to.be.alive()
expect(window.rootViewController).to.equal(newVC)

local leaks = sim.leaks()
for _, leak in ipairs(leaks) do account.say("leak: %s", tostring(leak)) end
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(oldVC)
expect(leaks[1].message:find("UITransitionView", 1, true) ~= nil).to.be.truthy()
expect(oldVC).to.leak()                           -- the seed's bug, so kitsim test expects the report
sim.verify()
