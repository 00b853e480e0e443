-- Pattern · KVO, dispatch, animation and URLSession closures that use self (docs/guide.md#closures-capture-what-they-use)
--
-- Four block APIs, each written twice as Swift apps write it: a closure that uses self, and
-- the same with `[weak self]` (`local weakSelf = sim.weak(self)`):
--   observation = player.observe(\.rate) { _, _ in self.update() }             -- KVO
--   DispatchQueue.main.asyncAfter(deadline: .now() + 10) { self.refresh() }     -- dispatch
--   UIView.animate(withDuration: 10, animations: { toast.alpha = 0 }) { _ in self.done() }   -- a toast on the window
--   URLSession.shared.dataTask(with: url) { _, _, _ in self.show() }.resume()  -- URLSession
-- The KVO closure is kept for as long as the observed player lives (rule 35: the player's
-- observations keep their handlers), so the screen never goes. The other three are kept by
-- UIKit or Foundation until they run — the main queue, the animation, the session's task —
-- so their screens outlive the pop until then (MLeaksFinder reports them `abandoned` at
-- 2 s: a delay, not a leak) and go after. With `[weak self]` every screen goes at its pop.
-- Expected: per API, the strong variant alive 3 s after the pop with `closure (…) captures
-- 'self'` in its why; the weak variant deallocated at the pop; at the end only the KVO
-- screen is left, `abandoned`.
local navApp = require("lib.nav_app")
local Player = NSObject:subclass("Player", { rate = "assign" })
local player = sim.label(sim.hold(Player()), "player")

local apis = {
  { name = "KVO", setUp = function(self, use)
      self.observation = player:observe("rate", nil, function(p, change) use() end)
    end },
  { name = "dispatch", setUp = function(self, use)
      DispatchQueue.main:asyncAfter(DispatchTime.now() + 10, function() use() end)
    end },
  { name = "animation", onScreen = true, setUp = function(self, use)   -- a view in a window animates
      local toast = UIView()                                          -- on the window: it outlives the pop
      self.view.window:addSubview(toast)
      UIView.animate(10, function() toast.alpha = 0 end, function(finished) toast:removeFromSuperview(); use() end)
    end },
  { name = "URLSession", setUp = function(self, use)
      sim.configure{ latency = 10 }
      URLSession.shared:dataTask("https://example.com/profile", function(data, response, err) use() end):resume()
    end },
}

local Screen = UIViewController:subclass("BlockScreen", { observation = "strong" })
local nav = navApp.launch()
local kept = {}
for _, api in ipairs(apis) do
  for _, weak in ipairs({ false, true }) do
    local function setUp(self)
      if weak then
        local weakSelf = sim.weak(self)                               -- [weak self]
        api.setUp(self, function() local s = weakSelf.value; if s then s:work() end end)
      else
        api.setUp(self, function() self:work() end)
      end
    end
    function Screen:viewDidLoad()
      UIViewController.viewDidLoad(self)
      if not api.onScreen then setUp(self) end
    end
    function Screen:viewDidAppear(animated)
      UIViewController.viewDidAppear(self, animated)
      if api.onScreen then setUp(self) end
    end
    function Screen:work() end
    local screen = sim.label(Screen(), api.name .. (weak and " weak" or " strong"))
    navApp.visit(nav, screen, 1)                                      -- pushed, popped, 3 s later
    if weak then
      expect(screen).to.be.deallocated()
    else
      expect(screen).to.be.alive()
      expect(sim.why(screen):find("captures 'self' (strong)", 1, true) ~= nil).to.be.truthy()
      kept[#kept + 1] = screen
    end
  end
end
sim.run(20)                                                           -- the queue, the animation and the session are done
expect(kept[1]).to.be.alive()                                         -- KVO: the player keeps it
for i = 2, #kept do expect(kept[i]).to.be.deallocated() end
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(kept[1])
expect(kept[1]).to.leak()                                             -- on purpose: the KVO screen's leak is expected
kept[1].observation:invalidate()
sim.verify()
