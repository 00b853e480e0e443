-- Pattern · a Core Animation delegate keeps its controller — the fixes (rules 44, 45: docs/rules.md#rule-44, #rule-45)
--
-- The screen of pattern_caanimation_delegate_leak.lua, fixed two ways:
-- 1. it removes the animation when it leaves the screen, as apps write
--      override func viewDidDisappear(_ animated: Bool) {
--        super.viewDidDisappear(animated); iconView.layer.removeAnimation(forKey: "spin") }
--    The layer lets go of its copy, the delegate hears animationDidStop(anim, false) in
--    the layout pass, and the copy lets go of the screen;
-- 2. the animation's delegate is a small proxy that keeps the screen weakly and forwards
--    to it (`WeakAnimationDelegate(target: self)`): the layer keeps the copy, the copy the
--    proxy, and nothing on that chain keeps the screen.
-- Expected: both screens deallocate at the pop (the first hears finished = false); no
-- leaks.
local navApp = require("lib.nav_app")
local stops = {}

local function spin(delegate)
  local animation = CABasicAnimation("transform.rotation")
  animation.toValue = 2 * math.pi
  animation.duration = 1
  animation.repeatCount = math.huge
  animation.isRemovedOnCompletion = false
  animation.delegate = delegate
  return animation
end

-- Fix 1: remove the animation in viewDidDisappear.
local RemovingScreen = UIViewController:subclass("RemovingScreen", { iconView = "strong" })
function RemovingScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.iconView = UIView(CGRect(175, 400, 40, 40))
  self.view:addSubview(self.iconView)
  self.iconView.layer:add(spin(self), "spin")
end
function RemovingScreen:viewDidDisappear(animated)
  UIViewController.viewDidDisappear(self, animated)
  self.iconView.layer:removeAnimation("spin")
end
function RemovingScreen:animationDidStop(anim, finished) stops[#stops + 1] = finished end

-- Fix 2: a weak proxy as the delegate.
local WeakAnimationDelegate = NSObject:subclass("WeakAnimationDelegate", { target = "weak" })
function WeakAnimationDelegate:init(target)
  NSObject.init(self)
  self.target = target
  return self
end
function WeakAnimationDelegate:animationDidStop(anim, finished)
  local target = self.target
  if target then target:animationDidStop(anim, finished) end
end

local ProxyScreen = UIViewController:subclass("ProxyScreen", { iconView = "strong" })
function ProxyScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.iconView = UIView(CGRect(175, 400, 40, 40))
  self.view:addSubview(self.iconView)
  self.iconView.layer:add(spin(WeakAnimationDelegate(self)), "spin")
end
function ProxyScreen:animationDidStop(anim, finished) stops[#stops + 1] = finished end

local nav = navApp.launch()

local removing = sim.label(RemovingScreen(), "removingScreen")
navApp.visit(nav, removing, 1)
expect(removing).to.be.deallocated()
expect(#stops).to.equal(1)
expect(stops[1]).to.equal(false)                  -- removed before its end

local proxied = sim.label(ProxyScreen(), "proxyScreen")
navApp.visit(nav, proxied, 1)
expect(proxied).to.be.deallocated()               -- its icon's layer, the copy and the proxy with it
expect(#stops).to.equal(1)                        -- a layer that goes tells no delegate
sim.verify()
expect(sim.leaks()).to.be.empty()
