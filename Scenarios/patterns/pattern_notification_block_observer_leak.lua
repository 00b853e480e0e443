-- Pattern · a block observer keeps its screen alive (rules 32, 34: docs/rules.md#rule-32, #rule-34)
--
-- A profile screen observes a notification with a block that uses self, and keeps the
-- token to remove it in deinit, as Swift apps write
--   token = NotificationCenter.default.addObserver(forName: .didLogin, object: nil, queue: .main) { _ in self.reload() }
--   deinit { NotificationCenter.default.removeObserver(token) }
-- The center keeps the token and the token its block, which captures self strongly: the
-- screen can never reach the deinit that would remove it. Popped, it lives on (MLeaksFinder
-- reports it `abandoned`) and still reloads on every post.
-- Expected: `abandoned`; why: [NotificationCenter.default] → observers[1] → the token → the block → it.
local navApp = require("lib.nav_app")
local reloads = 0

local Profile = UIViewController:subclass("Profile", { token = "strong" })
function Profile:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.token = NotificationCenter.default:addObserver_forName("didLogin", nil, OperationQueue.main,
    sim.block{ strong = { self }, function(self, note) self:reload() end })
end
function Profile:reload() reloads = reloads + 1 end
function Profile:deinit() NotificationCenter.default:removeObserver(self.token) end

local nav = navApp.launch()
local profile = sim.label(Profile(), "profile")
navApp.visit(nav, profile, 1)
NotificationCenter.default:post("didLogin")
expect(reloads).to.equal(1)                       -- the popped screen still reloads
expect(profile).to.be.alive()
local why = sim.why(profile)
expect(why:find("[NotificationCenter.default] NotificationCenter#", 1, true) ~= nil).to.be.truthy()
expect(why:find(".observers[1] (strong) → __NSObserver#", 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(profile)
expect(profile).to.leak()                         -- the leak this pattern shows, so kitsim test expects it
sim.verify()
