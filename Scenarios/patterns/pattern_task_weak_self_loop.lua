-- Pattern · `[weak self]` does not help a task that loops for ever (rules 91, 94:
-- docs/rules.md#rule-91, #rule-94)
--
-- A screen listens for updates in a task that captures it weakly, and cancels the task in
-- deinit, as Swift apps write
--   task = Task { [weak self] in await self?.observe() }   // observe: for await _ in updates { reload() }
--   deinit { task?.cancel() }
-- `self?.observe()` keeps self for the whole call, and the call never returns: the sequence
-- of notifications never ends. The task's suspended frames hold self (forums.swift.org,
-- "Task, async, retain cycles"), deinit never runs, and the task is never cancelled.
-- Expected: `abandoned`; why: [task suspended at …:23] Task → local 'self' in Feed:observe.
local navApp = require("lib.nav_app")
local reloads = 0

local Feed = UIViewController:subclass("Feed", { task = "strong" })
function Feed:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)
  self.task = Task(function()
    local s = weakSelf.value
    if s then s:observe() end
  end)
end
function Feed:observe()
  for _ in NotificationCenter.default:notifications("didUpdate") do self:reload() end
end
function Feed:reload() reloads = reloads + 1 end
function Feed:deinit() self.task:cancel() end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
navApp.visit(nav, feed, 1)
NotificationCenter.default:post("didUpdate")
sim.run(1)
expect(reloads).to.equal(1)                         -- the popped screen still reloads
expect(feed).to.be.alive()
local why = sim.why(feed)
expect(why:find("%[task suspended at [^%]]+:%d+%] Task#") ~= nil).to.be.truthy()
expect(why:find("local 'self' in Feed:observe (", 1, true) ~= nil)
  .to.be.truthy()
expect(why:find("captures 'self'", 1, true)).to.equal(nil)   -- the closure's capture is weak
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(feed).to.leak()                              -- the leak this pattern shows, so kitsim test expects it
sim.verify()
