-- Pattern · a stored Task keeps its screen until it finishes — the fix (rules 91, 93:
-- docs/rules.md#rule-91, #rule-93)
--
-- The task captures self weakly and takes it only for each refresh, and the screen cancels
-- the task when it leaves the screen, as Swift apps write
--   task = Task { [weak self] in while true { try await Task.sleep(for: .seconds(5)); self?.refresh() } }
--   override func viewDidDisappear(_ animated: Bool) { task?.cancel() }
-- Cancelling makes the sleep throw CancellationError, which ends the body: the task lets go
-- of its closure, and the screen deallocates at its pop.
-- Expected: no refresh after the pop; the screen and its task deallocate; no leaks.
local navApp = require("lib.nav_app")
local refreshes = 0

local Feed = UIViewController:subclass("Feed", { task = "strong" })
function Feed:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)
  self.task = Task(function()
    while true do
      Task.sleep(5)
      local s = weakSelf.value
      if s then s:refresh() end
    end
  end)
end
function Feed:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  self.task:cancel()
end
function Feed:refresh() refreshes = refreshes + 1 end

local nav = navApp.launch()
local feed = sim.label(Feed(), "feed")
nav:pushViewController(feed, false)
sim.run(6)
local task = sim.label(feed.task, "task")
nav:popViewController(false)
sim.run(13)
expect(refreshes).to.equal(1)
expect(feed).to.be.deallocated()
expect(task).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
