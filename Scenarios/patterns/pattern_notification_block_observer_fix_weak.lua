-- Pattern · a block observer keeps its screen alive — the fix (rules 25, 32, 33: docs/rules.md#rule-25, #rule-32, #rule-33)
--
-- `{ [weak self] _ in self?.reload() }`: the block no longer keeps the screen, so the pop
-- releases it and its deinit removes the token, which releases the block. A selector
-- observer (`addObserver(self, selector:name:object:)`) is not retained at all; from iOS 9
-- the center skips it once it is deallocated, so it needs no removal.
-- Expected: both screens deallocate after the pop, the center has no tokens left, later
-- posts reach nobody; no leaks.
local navApp = require("lib.nav_app")
local reloads = 0

local Profile = UIViewController:subclass("Profile", { token = "strong" })
function Profile:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.token = NotificationCenter.default:addObserver_forName("didLogin", nil, OperationQueue.main,
    sim.block{ weak = { self }, function(self, note) if self then self:reload() end end })
end
function Profile:reload() reloads = reloads + 1 end
function Profile:deinit() NotificationCenter.default:removeObserver(self.token) end

local SelectorProfile = UIViewController:subclass("SelectorProfile")
function SelectorProfile:viewDidLoad()
  UIViewController.viewDidLoad(self)
  NotificationCenter.default:addObserver(self, "didLogin", "didLogin", nil)
end
function SelectorProfile:didLogin(note) reloads = reloads + 1 end

local nav = navApp.launch()
for _, S in ipairs({ Profile, SelectorProfile }) do
  local screen = sim.label(S(), S.name)
  nav:pushViewController(screen, false)
  sim.run(1)
  NotificationCenter.default:post("didLogin")
  nav:popViewController(false)
  sim.run(3)
  expect(screen).to.be.deallocated()
end
expect(reloads).to.equal(2)                       -- one post each while on screen
NotificationCenter.default:post("didLogin")
expect(reloads).to.equal(2)                       -- nobody is left to reach
expect(#NotificationCenter.default.observers).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
