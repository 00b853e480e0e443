-- Pattern · assign(to:on: self) keeps self — the fix (rules 86, 87: docs/rules.md#rule-86, #rule-87)
--
-- `sink { [weak self] in self?.shown = $0 }` in place of `assign(to:on:)` (iOS 14's
-- `assign(to: &$shown)` keeps no object either): nothing in the pipeline keeps the screen,
-- so the pop releases it, and its cancellables' deinit cancels the subscription. A pipeline
-- that completes lets go of its Assign's object at once: `Just(x).assign(to:on: self)` keeps
-- nothing, as `Just` finishes right after its value.
-- Expected: the screen deallocates after the pop; the Just assigned its value and kept nothing; no leaks.
local navApp = require("lib.nav_app")

local Search = UIViewController:subclass("Search", { query = "strong", shown = "strong", title2 = "strong", cancellables = "strong" })
function Search:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.query = CurrentValueSubject("")
  local weakSelf = sim.weak(self)
  self.query:map(function(q) return q:lower() end)
    :sink(function(q) local s = weakSelf.value; if s then s.shown = q end end)
    :store(self, "cancellables")
  Just("Search"):assign("title2", self):store(self, "cancellables")
end

local nav = navApp.launch()
local search = sim.label(Search(), "search")
nav:pushViewController(search, false)
sim.run(1)
search.query:send("Combine")
expect(search.shown).to.equal("combine")
expect(search.title2).to.equal("Search")          -- Just assigned, then finished
nav:popViewController(false)
sim.run(3)
expect(search).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
