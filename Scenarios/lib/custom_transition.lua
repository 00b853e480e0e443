-- Seed 004's custom transition (UIViewControllerContextTransitioning), ported: an
-- animator that fades the incoming view in, and a transitioning delegate that hands it
-- out. How the animator treats the views is what the scenarios vary:
--   addsToView        the presenting animator puts ctx:view("to") in the container
--   addsPresenterView the dismissing animator puts the presenter's view in the container,
--                     as iOS 7 animators did (ctx:viewController("to").view)
--   completes         the animation's completion calls completeTransition(true)
--   keyWindowFix      the seed's fix: after completeTransition, add toViewController.view
--                     to the key window
local M = {}
local options = {}

local FadeAnimator = NSObject:subclass("FadeAnimator", { presenting = "assign" })
do

  function FadeAnimator:transitionDuration(transitionContext) return 0.3 end

  function FadeAnimator:animateTransition(transitionContext)
    local container = transitionContext.containerView
    local toViewController = transitionContext:viewController("to")
    -- Read now: the animation's completion must not reach the animator, which UIKit lets
    -- go once the transition completes (a Lua closure does not retain what it names).
    local presenting = self.presenting
    if presenting then
      if options.addsToView then container:addSubview(toViewController.view) end
    elseif options.addsPresenterView then
      container:insertSubview(toViewController.view, 1)
    end
    local moving = presenting and toViewController.view or transitionContext:viewController("from").view
    moving.alpha = presenting and 0 or 1
    UIView.animate(self:transitionDuration(transitionContext), function()
      moving.alpha = presenting and 1 or 0
    end, function(finished)
      if not options.completes then return end
      transitionContext:completeTransition(true)
      if options.keyWindowFix and not presenting then
        UIApplication.shared.keyWindow:addSubview(toViewController.view)
      end
    end)
  end
end
M.FadeAnimator = FadeAnimator

-- A transitioning delegate the presenter keeps (the property is weak: one nobody keeps is
-- gone, and the default transition runs).
local TransitionDelegate = NSObject:subclass("TransitionDelegate")
function TransitionDelegate:animationController_forPresented(presented, presenting, source)
  local a = FadeAnimator(); a.presenting = true; return a
end
function TransitionDelegate:animationController_forDismissed(dismissed)
  local a = FadeAnimator(); a.presenting = false; return a
end

local Home = UIViewController:subclass("Home", { transitionDelegate = "strong" })
local Detail = UIViewController:subclass("Detail", { appeared = "assign" })
function Detail:viewDidAppear(animated) self.appeared = true end
M.Home, M.Detail = Home, Detail

-- A key window showing a controller whose view fills it, and a controller to present
-- with `style` through a delegate the presenter keeps; the animators follow `how`.
function M.launch(how, style)
  options = how
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local home = sim.label(Home(), "home")
  window.rootViewController = home
  window:makeKeyAndVisible()
  sim.run(0)
  local detail = sim.label(Detail(), "detail")
  detail.modalPresentationStyle = style
  home.transitionDelegate = TransitionDelegate()
  detail.transitioningDelegate = home.transitionDelegate
  return window, home, detail
end

return M
