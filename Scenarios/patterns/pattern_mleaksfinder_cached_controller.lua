-- Pattern · MLeaksFinder's false alarm on a cached controller (rules 47, 49, 50: docs/rules.md#rule-47, #rule-49, #rule-50)
--
-- A shopping app keeps its heavy product screen for reuse: a singleton cache
-- (`ProductScreenCache.shared.screen = vc`) holds the controller, and every visit pushes
-- the same one again instead of building a new one. Popping it does not free it, on
-- purpose, so MLeaksFinder's check reports it 2 s after the pop ("Possibly Memory Leak"):
-- a false alarm. MLeaksFinder's own fix is to override `- (BOOL)willDealloc { return NO; }`
-- in the class, or to whitelist it with `addClassNamesToWhitelist:`; KitSim asks a
-- script's `willDealloc()` when the screen leaves the UI, and `sim.ignoreAbandoned(Class)`
-- is the whitelist. The opt-out mutes only the abandoned check: a real retain cycle in
-- the cached screen (a refresh closure that captures it strongly) is found from the
-- screen with `sim.cycles(screen)` while the cache keeps it, and is a `cycle` leak once
-- the cache lets it go.
-- Expected: `abandoned` without the fix (why: the cache → it); none with `willDealloc`
-- returning false or with the whitelist; the cycle found from the screen, then reported
-- as a leak after eviction; no leaks once the closure captures the screen weakly.
local navApp = require("lib.nav_app")

local Cache = NSObject:subclass("ProductScreenCache", { screen = "strong" })
local cache = sim.label(sim.hold(Cache()), "ProductScreenCache.shared")   -- lives as long as the app

-- The bug: a cached screen, popped, is reported by MLeaksFinder.
local ProductScreen = UIViewController:subclass("ProductScreen", { onRefresh = "strong" })
local nav = navApp.launch()
local screen = sim.label(ProductScreen(), "productScreen")
cache.screen = screen
navApp.visit(nav, screen, 1)
expect(screen).to.be.alive()
expect(sim.why(screen):find("%[sim%.hold%] ProductScreenCache#%d+%.screen %(strong%) → ProductScreen#") ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(screen)

-- The fix: `willDealloc` returns NO, asked as the screen leaves the UI.
local CachedProductScreen = ProductScreen:subclass("CachedProductScreen")
local asked = 0
function CachedProductScreen:willDealloc()
  asked = asked + 1
  return false
end
local cached = sim.label(CachedProductScreen(), "cachedScreen")
cache.screen = cached                            -- the old screen goes with its place
expect(screen).to.be.deallocated()
navApp.visit(nav, cached, 1)
navApp.visit(nav, cached, 1)                     -- reused: asked again at each pop
expect(asked).to.equal(2)
expect(cached).to.be.alive()
expect(sim.leaks()).to.be.empty()

-- The other fix: MLeaksFinder's whitelist names the class (that class exactly).
local WhitelistedScreen = ProductScreen:subclass("WhitelistedProductScreen")
sim.ignoreAbandoned(WhitelistedScreen)
local whitelisted = sim.label(WhitelistedScreen(), "whitelistedScreen")
local keep = sim.hold(whitelisted)
navApp.visit(nav, whitelisted, 1)
expect(sim.leaks()).to.be.empty()
sim.release(keep)

-- A real cycle in the cached screen: its refresh closure captures it strongly. The cache
-- keeps both alive, so `sim.leaks()` has nothing to say, but FBRetainCycleDetector's
-- search from the screen finds the cycle.
cached.onRefresh = sim.block{ strong = { cached }, function(self) end }
expect(sim.leaks()).to.be.empty()
local found = sim.cycles(cached)
expect(#found).to.equal(1)
expect(found[1].objects[1]).to.equal(cached)
expect(found[1].message:find("^retain cycle of 2 objects: CachedProductScreen#%d+%.onRefresh %(strong%) → "
  .. "NSBlock#%d+ capture 1 %(strong%) → CachedProductScreen#") ~= nil).to.be.truthy()

-- Evicted, the screen is kept by the cycle alone: a `cycle` leak, which willDealloc's
-- NO does not hide.
cache.screen = nil
sim.drain()                                      -- the turn ends: the pool lets go of the block
leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("cycle")
expect(leaks[1].objects[1]).to.equal(cached)

-- Its fix: the closure captures the screen weakly; breaking the cycle frees it.
cached.onRefresh = sim.block{ weak = { cached }, function(self) end }
expect(cached).to.be.deallocated()
expect(sim.leaks()).to.be.empty()
sim.verify()
