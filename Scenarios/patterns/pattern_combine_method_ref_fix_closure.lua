-- Pattern · a method reference in `map` captures self — the fix (rules 86, 87, 90: docs/rules.md#rule-86, #rule-87, #rule-90)
--
-- Write the closure out, so that its capture list applies:
--   items.map { [unowned self] in makeState($0) }.sink { [unowned self] in render($0) }.store(in: &cancellables)
-- (or make `makeState` a static function, which captures nothing). Nothing in the pipeline
-- keeps the screen; the pop releases it, and its cancellables' deinit cancels the subscription.
-- Expected: the screen deallocates after the pop; no leaks.
local navApp = require("lib.nav_app")

local Feed = UIViewController:subclass("Feed", { items = "strong", state = "strong", cancellables = "strong" })
function Feed:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.items = PassthroughSubject()
  local unownedSelf = sim.unowned(self)
  self.items:map(function(count) return unownedSelf.value:makeState(count) end)
    :sink(function(state) unownedSelf.value:render(state) end)
    :store(self, "cancellables")
end
function Feed:makeState(count) return count == 0 and "empty" or "loaded" end
function Feed:render(state) self.state = state end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
nav:pushViewController(feed, false)
sim.run(1)
feed.items:send(0)
expect(feed.state).to.equal("empty")
nav:popViewController(false)
sim.run(3)
expect(feed).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
