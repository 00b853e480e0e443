-- Seed 004's rotation pit (UIWindow旋轉問題), ported: the UIScreen category the article
-- writes so that iOS 7 gets "the right size" of the main screen, and a custom alert
-- window (the article's first use of a window: a modal UI that must block the app
-- below) sized with it or with UIScreen.main.bounds.
local M = {}

-- extension UIScreen { var compatibleBounds: CGRect { … } }: a method here, since a Lua
-- category adds methods, not computed properties.
function UIScreen:compatibleBounds()                   -- iOS7 mainScreen bounds 不隨設備旋轉
  local rect = self.bounds
  if NSFoundationVersionNumber < NSFoundationVersionNumber_iOS_8_0 then
    local orientation = UIApplication.shared.statusBarOrientation
    if M.isLandscape(orientation) then                  -- orientation.isLandscape
      rect.width = self.bounds.height
      rect.height = self.bounds.width
    end
  end
  return rect
end

function M.isLandscape(orientation)
  return orientation == "landscapeLeft" or orientation == "landscapeRight"
end

function M.rect(r) return string.format("%g×%g at (%g, %g)", r.width, r.height, r.x, r.y) end

-- The shop: a key window whose screen, laid out for landscape, has a Buy button on the
-- right of the landscape screen. `purchases()` counts the button's taps.
AppDelegate:extend{ alertWindow = "strong" }
local ShopController = UIViewController:subclass("ShopController", { buyButton = "weak" })
local bought = 0
function ShopController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local button = UIButton(CGRect(640, 150, 160, 60))     -- in landscape coordinates (844 × 390)
  button:addTarget(self, "buy", "touchUpInside")
  self.view:addSubview(button)
  self.buyButton = button
end
function ShopController:buy() bought = bought + 1 end
function M.purchases() return bought end

function M.launchShop()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local shop = ShopController()
  window.rootViewController = shop
  window:makeKeyAndVisible()
  sim.run(1)
  return window, shop
end

-- The custom alert: its own window at the alert level, a dimming controller as root,
-- kept by the app delegate while it shows. `frame` is what the app sizes it with.
local AlertController = UIViewController:subclass("AlertController")
function AlertController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.view.backgroundColor = "dim"
end

function M.showAlert(frame)
  local alertWindow = UIWindow(frame)
  alertWindow.windowLevel = UIWindow.Level.alert
  alertWindow.rootViewController = AlertController()
  alertWindow.isHidden = false
  UIApplication.shared.delegate.alertWindow = alertWindow
  sim.run(1)
  return alertWindow
end

function M.dismissAlert()
  local alertWindow = UIApplication.shared.delegate.alertWindow
  alertWindow.isHidden = true
  UIApplication.shared.delegate.alertWindow = nil
  sim.run(1)
end

return M
