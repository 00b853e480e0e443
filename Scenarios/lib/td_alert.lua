-- Seed 002's TDAlertView: `show` adds the alert straight to windows[0], outside any
-- view controller's hierarchy ("不加入当前的View hierarchy").
local M = {}

M.TDAlertView = UIView:subclass("TDAlertView")
function M.TDAlertView:show()
  local showWindow = UIApplication.shared.windows[1]      -- objectAtIndex:0
  showWindow:addSubview(self)
end

function M.makeAlert()
  local alertView = M.TDAlertView(CGRect(45, 322, 300, 200))
  alertView.backgroundColor = "white"
  return alertView
end

-- The author's first attempt: a root controller (brown view) that shows the alert from
-- its viewDidLoad.
M.ViewController = UIViewController:subclass("ViewController", { alertView = "weak" })
function M.ViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.view.backgroundColor = "brown"
  local alertView = M.makeAlert()
  alertView:show()
  self.alertView = alertView
end

-- The app: a window whose root is `root`, made key and visible.
function M.launch(root)
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  window.rootViewController = root
  window:makeKeyAndVisible()
  sim.run(1)
  return window
end

-- Whether the alert can be seen and touched.
function M.isShown(alertView)
  local screen = sim.screen()
  for _, v in ipairs(screen.coveredViews) do if v == alertView then return false end end
  return sim.hitTest(195, 422) == alertView
end

return M
