-- Pattern · a method reference in `map` captures self (rules 86, 90: docs/rules.md#rule-86, #rule-90)
--
-- A feed screen maps its items to a state with one of its own methods and renders it, taking
-- care to write `[unowned self]` in the sink, as Swift apps write
--   items.map(makeState).sink { [unowned self] in render($0) }.store(in: &cancellables)
-- `makeState` passed as a value is `self.makeState`: a closure that captures self strongly,
-- whatever the sink's capture list says (forums.swift.org/t/reference-cycles-of-selfs-within-selfs/38737).
-- The screen keeps the subject, the subject the subscription, the map's stage its closure,
-- and that closure the screen. In Lua, `sim.method(self, "makeState")` is that value.
-- Expected: `abandoned`; the map's stage's transform captures 'self'.
local navApp = require("lib.nav_app")

local Feed = UIViewController:subclass("Feed", { items = "strong", state = "strong", cancellables = "strong" })
function Feed:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.items = PassthroughSubject()
  local unownedSelf = sim.unowned(self)
  self.items:map(sim.method(self, "makeState"))
    :sink(function(state) unownedSelf.value:render(state) end)
    :store(self, "cancellables")
end
function Feed:makeState(count) return count == 0 and "empty" or "loaded" end
function Feed:render(state) self.state = state end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
nav:pushViewController(feed, false)
sim.run(1)
feed.items:send(3)
expect(feed.state).to.equal("loaded")
nav:popViewController(false)
sim.run(3)
expect(feed).to.be.alive()
local leaks = sim.leaks()
expect(#leaks).to.equal(3)
expect(leaks[1].kind).to.equal("cycle")
expect(leaks[1].message:find("Feed#%d+%.items %(strong%) → PassthroughSubject#%d+%.subscriptions%[1%] %(strong%) → Subscription#%d+"
  .. "%.downstream %(strong%) → Subscription#%d+%.transform %(strong%) → closure %(.-:%d+%) "
  .. "captures 'self' %(strong%) → Feed#") ~= nil).to.be.truthy()
expect(leaks[3].kind).to.equal("abandoned")
expect(leaks[3].objects[1]).to.equal(feed)
expect(feed).to.leak()                            -- the leak this pattern shows, so kitsim test expects it
sim.verify()
