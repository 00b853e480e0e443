-- Pattern · a KVO handler keeps its screen alive through the observed object (rule 35, docs/rules.md#rule-35)
--
-- A player screen observes the app's long-lived player and keeps the observation, as
-- Swift apps write
--   observation = player.observe(\.rate, options: [.new]) { player, change in self.updateButton() }
-- The observation keeps its handler, and while it is valid the player keeps the handler
-- too (Swift's overlay attaches it to the player as an associated object). The handler
-- captures self strongly, so the player — alive for the whole app — keeps the popped screen:
-- `abandoned`, and it still updates on every change of the rate.
-- Expected: `abandoned`; why: the player's associated["kvo"][1] → the block → the screen.
local navApp = require("lib.nav_app")
local updates = 0

local Player = NSObject:subclass("Player", { rate = "assign" })
local player = sim.label(sim.hold(Player()), "player")           -- the app's shared player

local PlayerScreen = UIViewController:subclass("PlayerScreen", { observation = "strong" })
function PlayerScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.observation = player:observe("rate", { "new" }, sim.block{ strong = { self }, function(self, player, change)
    self:updateButton(change.newValue)
  end })
end
function PlayerScreen:updateButton(rate) updates = updates + 1 end

local nav = navApp.launch()
local screen = sim.label(PlayerScreen(), "screen")
navApp.visit(nav, screen, 1)
player.rate = 1.5
expect(updates).to.equal(1)                       -- the popped screen still updates
expect(screen).to.be.alive()
expect(sim.why(screen):find('Player#4.associated["kvo"][1] (strong) → NSBlock#', 1, true) ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(screen)
expect(screen).to.leak()                          -- the leak this pattern shows, so kitsim test expects it
sim.verify()
