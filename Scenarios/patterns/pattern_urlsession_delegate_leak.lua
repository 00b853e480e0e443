-- Pattern · a URLSession keeps its delegate until it is invalidated (rule 46, docs/rules.md#rule-46)
--
-- A feed screen makes its own session with itself as the delegate,
-- `URLSession(configuration: .default, delegate: self, delegateQueue: nil)`, fetches in
-- viewDidLoad and never invalidates the session. A session keeps its delegate strongly,
-- and Foundation keeps every session that is not invalidated, so the popped screen lives
-- for as long as the app does — whether or not the screen keeps the session.
-- Expected: the screen gets its delegate callback, then outlives its pop: `abandoned`,
-- and `why` shows the `[URLSession]` root → the session's delegate → it.
local navApp = require("lib.nav_app")

local FeedScreen = UIViewController:subclass("FeedScreen", { session = "strong", loaded = "assign" })
function FeedScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.session = URLSession(URLSessionConfiguration.default, self, nil)
  self.session:dataTask("https://example.com/feed"):resume()
end
function FeedScreen:urlSession_task_didCompleteWithError(session, task, error)
  if error == nil then self.loaded = (self.loaded or 0) + 1 end
end

local nav = navApp.launch()
local screen = sim.label(FeedScreen(), "feed")
navApp.visit(nav, screen, 1)

expect(screen.loaded).to.equal(1)               -- latency (0.5 s) after resume
expect(screen).to.be.alive()
local why = sim.why(screen)
expect(why:find("[URLSession] URLSession#", 1, true) ~= nil).to.be.truthy()
expect(why:find(".delegate (strong) → FeedScreen#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(screen)
expect(screen).to.leak()                        -- the leak this pattern shows, so kitsim test expects it
sim.verify()
