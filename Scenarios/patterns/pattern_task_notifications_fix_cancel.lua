-- Pattern · a task iterating notifications that nobody cancels — the fix (rules 93, 94:
-- docs/rules.md#rule-93, #rule-94)
--
-- The screen keeps its task and cancels it when it leaves the screen, as Swift apps write
--   themeTask = Task { [weak self] in for await _ in … { self?.applyTheme() } }
--   override func viewDidDisappear(_ animated: Bool) { themeTask?.cancel() }
-- Cancelling ends the sequence: its observer is removed and the task ends.
-- Expected: nothing left since the mark; no observers; posts wake no task.
local navApp = require("lib.nav_app")
local wakeups = 0

local Screen = UIViewController:subclass("ThemedScreen", { themeTask = "strong" })
function Screen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)
  self.themeTask = Task(function()
    for _ in NotificationCenter.default:notifications("themeChanged") do
      wakeups = wakeups + 1
      local s = weakSelf.value
      if s then s:applyTheme() end
    end
  end)
end
function Screen:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  self.themeTask:cancel()
end
function Screen:applyTheme() end

local nav = navApp.launch()
local center = NotificationCenter.default
sim.mark("visits")
for _ = 1, 3 do navApp.visit(nav, Screen(), 1) end
center:post("themeChanged")
sim.run(1)
expect(wakeups).to.equal(0)
expect(#center.observers).to.equal(0)
expect(#sim.since("visits")).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
