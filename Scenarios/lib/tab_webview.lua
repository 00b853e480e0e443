-- Seed 001's app, ported from the article: a TabbarController whose second tab is a
-- navigation controller around SecondController, which builds its WKWebView lazily.
local M = {}
M.logged = {}

function M.NSLog(format, ...)
  local line = string.format(format, ...)
  M.logged[#M.logged + 1] = line
  sim.log("%s", line)
end
local NSLog = M.NSLog

M.SecondController = UIViewController:subclass("SecondController", { _webview = "strong" })

function M.SecondController:viewDidLoad()
  NSLog("%s end", "-[SecondController viewDidLoad]")
  UIViewController.viewDidLoad(self)
  self.view:addSubview(self:webview())
  self._webview.restorationIdentifier = "-[SecondController viewDidLoad]"
  self:webview():load("https://www.baidu.com")
  NSLog("%s end", "-[SecondController viewDidLoad]")
end

-- The lazy getter: reads self.view inside its nil-check. `[[WKWebView alloc]
-- initWithFrame:]`, as the article writes it, makes the web view a configuration of its own.
function M.SecondController:webview()
  if not self._webview then
    self._webview = WKWebView(self.view.bounds)
    self._webview.restorationIdentifier = "lazy load"
    NSLog("lazy load")
  end
  return self._webview
end

function M.SecondController:refresh()
  NSLog("%s start", "-[SecondController refresh]")
  if self:webview().isLoading then
    self:webview():stopLoading()
  end
  self:webview():reload()
  NSLog("_webview.restorationIdentifier == %s", self._webview.restorationIdentifier)
  NSLog("%s end", "-[SecondController refresh]")
end

M.TabbarController = UITabBarController:subclass("TabbarController")

function M.TabbarController:viewDidLoad()
  UITabBarController.viewDidLoad(self)
  self.delegate = self
end

local function indexOf(list, item)
  for i, v in ipairs(list) do if v == item then return i - 1 end end
  return -1
end
M.indexOf = indexOf

function M.TabbarController:tabBarController_didSelect(tabBarController, viewController)
  local index = indexOf(self.viewControllers, viewController)
  if index == 1 then
    local vc = viewController.viewControllers[1]
    vc:refresh()
  end
end

-- Launch: the key window's root is the tab bar controller with two children, the first
-- shown by default; then "we tap the second tab by hand".
function M.launchAndTapSecondTab()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local tabbarController = M.TabbarController()
  local firstController = UIViewController()
  local second = sim.label(M.SecondController(), "second")
  tabbarController:setViewControllers({ firstController, UINavigationController(second) })
  window.rootViewController = tabbarController
  window:makeKeyAndVisible()
  sim.run(1)
  sim.tap(tabbarController, tabbarController.viewControllers[2])
  sim.run(1)
  return second
end

-- The web views the run made, and which one is on screen.
function M.outcome(second)
  local onScreen = second.view.subviews
  if second._webview then sim.label(second._webview, "propertyWebview") end
  if onScreen[1] and onScreen[1] ~= second._webview then sim.label(onScreen[1], "screenWebview") end
  return { property = second._webview, onScreen = onScreen }
end

return M
