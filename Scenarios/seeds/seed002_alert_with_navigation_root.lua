-- Seed 002 · UIWindow, the author's two other experiments: the alert shows (1) when the
-- root is a UINavigationController — a container puts its own view in the window first
-- and loads its child in the layout pass — and (2) when it is shown from the viewDidLoad
-- of a controller B that the root presents as soon as it appears: B's view goes into the
-- root's hierarchy, which is already under the alert's window slot.
-- Expected: in both, the alert is visible and touchable.
local td = require("lib.td_alert")
local account = require("lib.account")

local ViewController = td.ViewController     -- viewDidLoad: self.view brown, then alertView:show()

-- (1) The root is a navigation controller.
local first = ViewController()
local window = td.launch(UINavigationController(first))
account.say("navigation root: the alert is %s", td.isShown(first.alertView) and "visible" or "covered")
expect(td.isShown(first.alertView)).to.equal(true)

-- (2) A plain root that presents controller B as soon as it appears.
first.alertView:removeFromSuperview()
local Presenter = UIViewController:subclass("Presenter", { b = "weak" })
function Presenter:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  local b = ViewController()
  b.modalPresentationStyle = "fullScreen"
  self:present(b, false, nil)
  self.b = b
end
local presenter = Presenter()
window.rootViewController = presenter
sim.run(1)
local b = presenter.b
account.say("from B's viewDidLoad: the alert is %s", td.isShown(b.alertView) and "visible" or "covered")
expect(td.isShown(b.alertView)).to.equal(true)
sim.verify()
expect(sim.leaks()).to.be.empty()
