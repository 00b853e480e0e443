-- Pattern · assign(to:on: self) keeps self (rules 86, 87: docs/rules.md#rule-86, #rule-87)
--
-- A search screen keeps a subject of queries and shows the latest, as Swift apps write
--   let query = CurrentValueSubject<String, Never>("")
--   query.map { $0.lowercased() }.assign(to: \.shown, on: self).store(in: &cancellables)
-- `assign(to:on:)` keeps its object strongly until the pipeline completes, and a subject the
-- screen keeps never completes: screen → query → Subscription → Map's stage → Assign → screen
-- (apeth.com/UnderstandingCombine/subscribers/subscribersassign.html). Popped, it lives on.
-- Expected: two cycles (by the subject and by the cancellables), each through the Assign's object,
-- and `abandoned` for the screen.
local navApp = require("lib.nav_app")

local Search = UIViewController:subclass("Search", { query = "strong", shown = "strong", cancellables = "strong" })
function Search:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.query = CurrentValueSubject("")
  self.query:map(function(q) return q:lower() end):assign("shown", self):store(self, "cancellables")
end

local nav = navApp.launch()
local search = sim.label(Search(), "search")
nav:pushViewController(search, false)
sim.run(1)
search.query:send("Combine")
expect(search.shown).to.equal("combine")
nav:popViewController(false)
sim.run(3)
expect(search).to.be.alive()
-- Two cycles through the Assign's object: one by the subject, one by the cancellables.
local why = sim.why(search)
expect(why:find("Assign#%d+%.object %(strong%) → Search#") ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(3)
expect(leaks[1].kind).to.equal("cycle")
expect(leaks[1].message:find("Search#%d+%.query %(strong%) → CurrentValueSubject#%d+%.subscriptions%[1%] %(strong%) → Subscription#")
  ~= nil).to.be.truthy()
expect(leaks[2].kind).to.equal("cycle")
expect(leaks[2].message:find("Search#%d+%.cancellables%[1%] %(strong%) → AnyCancellable#%d+%.subscription %(strong%)")
  ~= nil).to.be.truthy()
expect(leaks[3].kind).to.equal("abandoned")
expect(leaks[3].objects[1]).to.equal(search)
expect(search).to.leak()                           -- the leak this pattern shows, so kitsim test expects it
sim.verify()
