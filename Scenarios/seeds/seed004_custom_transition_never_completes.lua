-- Seed 004 · a custom transition whose animator never calls completeTransition (here its
-- animation's completion forgets to): the transition never ends. The presented controller
-- never hears viewDidAppear, UIKit ignores every touch for good ("no gestures or taps
-- work"), another present is refused with UIKit's warning, and the context keeps the
-- animator, both controllers and the container alive — reachable from the transition in
-- flight, so no leak is reported. A late completeTransition(true) finishes it.
local custom = require("lib.custom_transition")
local account = require("lib.account")

local taps = 0
function custom.Home:didTap() taps = taps + 1 end
local _, home, detail = custom.launch({ addsToView = true, completes = false }, "fullScreen")
local button = UIButton(CGRect(20, 100, 200, 44))
button:addTarget(home, "didTap", "touchUpInside")
detail.view:addSubview(button)

local context
custom.FadeAnimator:swizzle("animateTransition", function(self, animateTransition, transitionContext)
  context = transitionContext
  return animateTransition(self, transitionContext)
end)

home:present(detail, true)
sim.run(10)
account.say("10 s later: viewDidAppear ran = %s, touches ignored = %s, tap reached = %s", tostring(detail.appeared),
  tostring(UIApplication.shared.isIgnoringInteractionEvents), tostring(sim.tap(button)))
expect(detail.appeared).to.be.falsy()
expect(UIApplication.shared.isIgnoringInteractionEvents).to.equal(true)
expect(sim.tap(button)).to.equal(false)
expect(taps).to.equal(0)
detail:present(UIViewController(), false)               -- refused: "while a presentation is in progress!"
expect(detail.presentedViewController).to.equal(nil)
expect(sim.leaks()).to.be.empty()                     -- all reachable from the transition in flight
expect(sim.why(context):find("1. [transition in flight] " .. tostring(context), 1, true)).to.be.truthy()
expect(context.animator).to.be.alive()

context:completeTransition(true)                      -- late: the transition ends now
account.say("after a late completeTransition(true): viewDidAppear ran = %s, touches ignored = %s", tostring(detail.appeared),
  tostring(UIApplication.shared.isIgnoringInteractionEvents))
expect(detail.appeared).to.equal(true)
expect(UIApplication.shared.isIgnoringInteractionEvents).to.equal(false)
expect(sim.tap(button)).to.equal(true)
expect(taps).to.equal(1)
sim.run(1)
sim.verify()
expect(sim.leaks()).to.be.empty()
