-- Pattern · `[weak self]` does not help a task that loops for ever — the fix (rules 93, 94:
-- docs/rules.md#rule-93, #rule-94)
--
-- The screen cancels the task when it leaves the screen, as Swift apps write
--   override func viewDidDisappear(_ animated: Bool) { task?.cancel() }
-- Cancelling the task ends the sequence it iterates (its notification observer is removed),
-- so `observe()` returns, the task ends and lets go of self.
-- Expected: the screen, its task and the sequence's observer are gone after the pop; no leaks.
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
function Feed:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  self.task:cancel()
end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
nav:pushViewController(feed, false)
sim.run(1)
NotificationCenter.default:post("didUpdate")
sim.run(1)
expect(reloads).to.equal(1)
expect(#NotificationCenter.default.observers).to.equal(1)
nav:popViewController(false)
sim.run(3)
NotificationCenter.default:post("didUpdate")
sim.run(1)
expect(reloads).to.equal(1)
expect(feed).to.be.deallocated()
expect(#NotificationCenter.default.observers).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
