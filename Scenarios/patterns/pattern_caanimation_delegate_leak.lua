-- Pattern · a Core Animation delegate keeps its controller through its own layer (rules 44, 45: docs/rules.md#rule-44, #rule-45)
--
-- A loading screen spins an icon for as long as it lives and wants to hear when the
-- animation stops, so it makes itself the animation's delegate, as apps write
--   let spin = CABasicAnimation(keyPath: "transform.rotation")
--   spin.repeatCount = .infinity
--   spin.isRemovedOnCompletion = false        // keep spinning after a trip to the background
--   spin.delegate = self
--   iconView.layer.add(spin, forKey: "spin")
-- A CAAnimation retains its delegate, and the layer keeps a copy of the animation. With
-- `isRemovedOnCompletion = false` the copy is not removed when the view leaves the window,
-- so after the pop: self → view → subviews → icon → layer → animations["spin"] → the copy
-- → delegate → self, a retain cycle nothing outside it reaches.
-- Expected: the popped screen stays alive; `why` shows the cycle through
-- `CALayer#N.animations["spin"]` and `CABasicAnimation#N.delegate`; the leak check reports
-- the cycle, and MLeaksFinder's check the abandoned screen. The fixes are in
-- pattern_caanimation_delegate_fix.lua.
local navApp = require("lib.nav_app")

local LoadingScreen = UIViewController:subclass("LoadingScreen", { iconView = "strong" })
function LoadingScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.iconView = UIView(CGRect(175, 400, 40, 40))
  self.view:addSubview(self.iconView)
  local spin = CABasicAnimation("transform.rotation")
  spin.toValue = 2 * math.pi
  spin.duration = 1
  spin.repeatCount = math.huge
  spin.isRemovedOnCompletion = false
  spin.delegate = self
  self.iconView.layer:add(spin, "spin")
end
function LoadingScreen:animationDidStop(anim, finished) self.stoppedFinished = finished end

local nav = navApp.launch()
local screen = sim.label(LoadingScreen(), "loadingScreen")
navApp.visit(nav, screen, 1)

expect(screen).to.be.alive()
expect(screen.iconView.layer:animationKeys()[1]).to.equal("spin")   -- still spinning, off screen
local why = sim.why(screen)
expect(why:find("[not reachable from any root: a retain cycle]", 1, true) ~= nil).to.be.truthy()
expect(why:find("CABasicAnimation#%d+%.delegate %(strong%) → LoadingScreen#") ~= nil).to.be.truthy()
local cycles, abandoned = {}, {}
for _, leak in ipairs(sim.leaks()) do
  if leak.kind == "cycle" then cycles[#cycles + 1] = leak else abandoned[#abandoned + 1] = leak end
end
-- One cycle through `view.subviews[1]`, one through `iconView` (ordered by the ids that
-- follow the screen's, rule 49, docs/rules.md#rule-49): both end in the delegate.
expect(#cycles).to.equal(2)
expect(cycles[2].message:find("LoadingScreen#%d+%.iconView %(strong%) → UIView#%d+%.layer %(strong%) → "
  .. "CALayer#%d+%.animations%[\"spin\"%] %(strong%) → CABasicAnimation#%d+%.delegate %(strong%) → LoadingScreen#") ~= nil).to.be.truthy()
expect(#abandoned).to.equal(1)
expect(abandoned[1].objects[1]).to.equal(screen)
expect(screen).to.leak()                                  -- the leak this pattern shows: both cycles and the report are expected
sim.verify()
