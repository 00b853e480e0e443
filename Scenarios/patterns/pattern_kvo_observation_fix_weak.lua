-- Pattern · a KVO handler keeps its screen alive — the fix (rules 25, 35: docs/rules.md#rule-25, #rule-35)
--
-- `{ [weak self] player, change in self?.updateButton() }`: neither the observation nor
-- the player keeps the screen, so the pop releases it; its observation deinitialises with
-- it, which invalidates it, and the player lets go of the handler.
-- Expected: the screen deallocates after the pop, later changes reach nobody; no leaks.
local navApp = require("lib.nav_app")
local updates = 0

local Player = NSObject:subclass("Player", { rate = "assign" })
local player = sim.label(sim.hold(Player()), "player")

local PlayerScreen = UIViewController:subclass("PlayerScreen", { observation = "strong" })
function PlayerScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.observation = player:observe("rate", { "new" }, sim.block{ weak = { self }, function(self, player, change)
    if self then self:updateButton(change.newValue) end
  end })
end
function PlayerScreen:updateButton(rate) updates = updates + 1 end

local nav = navApp.launch()
local screen = sim.label(PlayerScreen(), "screen")
nav:pushViewController(screen, false)
sim.run(1)
player.rate = 1
expect(updates).to.equal(1)
nav:popViewController(false)
sim.run(3)
expect(screen).to.be.deallocated()
player.rate = 2
expect(updates).to.equal(1)                       -- invalidated with the screen
expect(player).to.have.retain_count(1)            -- only the app's hold: no handler left
sim.verify()
expect(sim.leaks()).to.be.empty()
