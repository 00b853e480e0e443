-- Seed 004 · the same root swap on the iOS 7 profile, where the author saw the old
-- controller released: the presentation is torn down with the old root.
-- Expected: the old root and its presented controller deallocate; no leaks.
sim.configure{ ios = 7 }
local rootSwap = require("lib.root_swap")
local account = require("lib.account")

local window, oldVC, modal = rootSwap.launchPresenting()
local newVC = rootSwap.swapRoot()
sim.run(3)
account.say("iOS 7: %s; %s is %s", account.death(oldVC), modal, account.state(modal))
expect(oldVC).to.be.deallocated()
expect(modal).to.be.deallocated()
expect(window.rootViewController).to.equal(newVC)
expect(sim.screen().visibleControllers[1]).to.equal(newVC)
sim.verify()
expect(sim.leaks()).to.be.empty()
