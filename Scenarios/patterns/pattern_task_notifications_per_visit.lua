-- Pattern · a task iterating notifications that nobody cancels, one more per visit
-- (rules 91, 94: docs/rules.md#rule-91, #rule-94)
--
-- A screen follows theme changes in a task it does not keep, as Swift apps write
--   Task { [weak self] in for await _ in NotificationCenter.default.notifications(named: .themeChanged) { self?.applyTheme() } }
-- The screen itself goes (the task captures it weakly and takes it only to apply a theme),
-- but the task waits for the next notification for ever, and the center keeps the sequence's
-- observer: every visit leaves one more task, sequence and observer behind, and each post
-- wakes them all (github.com/manaflow-ai/cmux, issues 5309 and 5329).
-- Expected: 3 tasks and 3 sequences since the mark, 3 observers; each post wakes 3 tasks.
local navApp = require("lib.nav_app")
local wakeups = 0

local Screen = UIViewController:subclass("ThemedScreen")
function Screen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)
  Task(function()
    for _ in NotificationCenter.default:notifications("themeChanged") do
      wakeups = wakeups + 1
      local s = weakSelf.value
      if s then s:applyTheme() end
    end
  end)
end
function Screen:applyTheme() end

local nav = navApp.launch()
local center = NotificationCenter.default
sim.mark("visits")
for _ = 1, 3 do navApp.visit(nav, Screen(), 1) end
center:post("themeChanged")
sim.run(1)
expect(wakeups).to.equal(3)                       -- three tasks woke for one post
expect(#center.observers).to.equal(3)
local function count(report, class)
  for _, e in ipairs(report) do
    if e.class == class then return e.count end
  end
  return 0
end
local left = sim.since("visits")
expect(count(left, "ThemedScreen")).to.equal(0)   -- the screens themselves are gone
expect(count(left, "Task")).to.equal(3)
expect(count(left, "NotificationCenter.Notifications")).to.equal(3)
sim.verify()
expect(sim.leaks()).to.be.empty()                 -- held by suspended tasks: no screen leaks, the tasks grow
