-- Pattern · a URLSession keeps its delegate until it is invalidated — the fix (rule 46, docs/rules.md#rule-46)
--
-- The screen invalidates its session when it leaves: `finishTasksAndInvalidate()` lets the
-- running task finish, then the session tells the delegate and releases it;
-- `invalidateAndCancel()` cancels the running task at once. Either way nothing keeps the
-- screen after the pop.
-- Expected: both screens deallocate after the pop; the delegate was told; no leaks.
local navApp = require("lib.nav_app")
local told = {}

local function screen(name, invalidate)
  local S = UIViewController:subclass(name, { session = "strong" })
  function S:viewDidLoad()
    UIViewController.viewDidLoad(self)
    self.session = URLSession(URLSessionConfiguration.default, self, nil)
    self.session:dataTask("https://example.com/feed"):resume()
  end
  function S:viewWillAppear(animated)
    UIViewController.viewWillAppear(self, animated)
    -- A slow request still running when the screen leaves.
    self.session:dataTask("https://example.com/slow"):resume()
  end
  function S:viewDidDisappear(animated)
    UIViewController.viewDidDisappear(self, animated)
    invalidate(self.session)
  end
  function S:urlSession_task_didCompleteWithError(session, task, error)
    told[#told + 1] = string.format("%s %s %s", name, task.url, error and error.code or "ok")
  end
  function S:urlSession_didBecomeInvalidWithError(session, error)
    told[#told + 1] = name .. " invalid"
  end
  return S
end

local nav = navApp.launch()
sim.configure{ latency = 2 }                    -- slower than the visit: the pop comes first
local Finishing = screen("Finishing", function(session) session:finishTasksAndInvalidate() end)
local Cancelling = screen("Cancelling", function(session) session:invalidateAndCancel() end)
for _, S in ipairs({ Finishing, Cancelling }) do
  local s = sim.label(S(), S.name)
  navApp.visit(nav, s, 1)
  expect(s).to.be.deallocated()
end
expect(table.concat(told, "; ")).to.equal(
  "Finishing https://example.com/feed ok; Finishing https://example.com/slow ok; Finishing invalid; "
  .. "Cancelling https://example.com/feed -999; Cancelling https://example.com/slow -999; Cancelling invalid")
sim.verify()
expect(sim.leaks()).to.be.empty()
