-- Pattern · a stored Task keeps its screen until it finishes (rule 91: docs/rules.md#rule-91)
--
-- A feed screen polls in a task it keeps, and cancels the task in deinit, as Swift apps write
--   task = Task { await self.poll() }   // poll: while true { try await Task.sleep(for: .seconds(5)); refresh() }
--   deinit { task?.cancel() }
-- The task's closure captures self strongly, and a task keeps its closure until its body
-- ends, which a polling loop never does: the popped screen stays alive and still polls, and
-- the deinit that would cancel the task never runs (dianait.blog, "Task zombies").
-- Expected: `abandoned`; why: [task suspended at …:24] Task → closure captures 'self', and the
-- frame of Feed:poll holds 'self'.
local navApp = require("lib.nav_app")
local refreshes = 0

local Feed = UIViewController:subclass("Feed", { task = "strong" })
function Feed:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.task = Task(function() self:poll() end)
end
function Feed:deinit() self.task:cancel() end
function Feed:refresh() refreshes = refreshes + 1 end
function Feed:poll()
  while true do
    Task.sleep(5)
    self:refresh()
  end
end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
navApp.visit(nav, feed, 6)                          -- one refresh on screen, pops at 7 s
sim.run(10)
expect(refreshes).to.equal(3)                       -- the popped screen polls on
expect(feed).to.be.alive()
local why = sim.why(feed)
expect(why:find("%[task suspended at [^%]]+:%d+%] Task#") ~= nil)
  .to.be.truthy()
expect(why:find("%.operation %(strong%) → closure %([^)]+:%d+%) captures 'self'") ~= nil).to.be.truthy()
expect(why:find("local 'self' in Feed:poll", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(feed).to.leak()                              -- the leak this pattern shows, so kitsim test expects it
sim.verify()
