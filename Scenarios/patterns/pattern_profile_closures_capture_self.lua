-- Pattern · a screen's timer and notification closures capture self (docs/guide.md#closures-capture-what-they-use)
--
-- A profile screen of a typical app, as its Swift has it:
--   timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }
--   token = NotificationCenter.default.addObserver(forName: .reload, object: nil, queue: .main) { _ in self.reload() }
-- Both closures use self, so both capture it strongly: the run loop keeps the timer, the
-- center keeps the token, each keeps its closure, and each closure keeps the screen. Popped,
-- it never goes (MLeaksFinder: `abandoned`), and it still ticks and reloads.
-- The fix is Swift's `[weak self]`: `local weakSelf = sim.weak(self)`, a box the closures
-- hold without capturing the screen; `weakSelf.value` is nil once it has gone, and then the
-- timer invalidates itself, as `guard let self else { timer.invalidate(); return }` does.
-- Expected: the first screen alive with both capture edges in `why`; the fixed one
-- deallocated at its pop, its timer invalidated, its token removed in deinit; no leaks but
-- the first screen.
local navApp = require("lib.nav_app")
local ticks, reloads = 0, 0

local ProfileViewController = UIViewController:subclass("ProfileViewController", { timer = "strong", token = "strong" })
function ProfileViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.timer = Timer.scheduledTimer_withTimeInterval(1, true, function(timer) self:tick() end)
  self.token = NotificationCenter.default:addObserver_forName("reload", nil, OperationQueue.main,
    function(note) self:reload() end)
end
function ProfileViewController:tick() ticks = ticks + 1 end
function ProfileViewController:reload() reloads = reloads + 1 end

local FixedProfileViewController = ProfileViewController:subclass("FixedProfileViewController")
function FixedProfileViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local weakSelf = sim.weak(self)                                   -- [weak self]
  self.timer = Timer.scheduledTimer_withTimeInterval(1, true, function(timer)
    local s = weakSelf.value
    if s then s:tick() else timer:invalidate() end
  end)
  self.token = NotificationCenter.default:addObserver_forName("reload", nil, OperationQueue.main,
    function(note) local s = weakSelf.value; if s then s:reload() end end)
end
function FixedProfileViewController:deinit() NotificationCenter.default:removeObserver(self.token) end

local nav = navApp.launch()
local leaking = sim.label(ProfileViewController(), "leaking")
navApp.visit(nav, leaking, 1)
expect(leaking).to.be.alive()
local why = sim.why(leaking)
expect(why:find("Timer#%d+%.block %(strong%) → closure %(.-:%d+%) captures 'self' %(strong%)") ~= nil).to.be.truthy()
expect(why:find("__NSObserver#%d+%.block %(strong%) → closure %(.-:%d+%) captures 'self' %(strong%)") ~= nil).to.be.truthy()
NotificationCenter.default:post("reload")
expect(reloads).to.equal(1)                        -- the popped screen still reloads

local fixed = sim.label(FixedProfileViewController(), "fixed")
navApp.visit(nav, fixed, 1)
expect(fixed).to.be.deallocated()
NotificationCenter.default:post("reload")
expect(reloads).to.equal(2)                        -- only the leaking screen reloaded
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(leaking)
expect(leaking).to.leak()                          -- on purpose, so kitsim test expects the report
expect(fixed).to_not.leak()
leaking.timer:invalidate()
sim.verify()
