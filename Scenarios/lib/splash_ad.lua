-- Seed 000's app code, ported from the article: the company SDK's change to the app
-- delegate, and the splash-ad plugin in its original form and in fix 2's form.
local flutter = require("lib.flutter")
local M = {}

-- The SDK: "the component changed rootViewController to a UINavigationController",
-- because its pages navigate with a navigation controller.
M.SDKAppDelegate = flutter.FlutterAppDelegate:subclass("SDKAppDelegate")
function M.SDKAppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local res = flutter.FlutterAppDelegate.application_didFinishLaunchingWithOptions(self, application, options)
  local rootVc = self.window.rootViewController
  if rootVc ~= nil and not rootVc:isKind(UINavigationController) then
    local navController = UINavigationController(rootVc)
    navController.navigationBar.isHidden = true
    self.window.rootViewController = navController
  end
  return res
end

-- The plugin's ad controller. `ownership` is the attribute of tmpRootVc: the article's
-- bug is "weak"; fix 1 is "strong".
function M.welcomeController(ownership)
  local DJWelcomeViewController = UIViewController:subclass("DJWelcomeViewController", { tmpRootVc = ownership })
  -- 关闭广告: restore the root kept in the property.
  function DJWelcomeViewController:closeAd()
    local mainView = UIApplication.shared.keyWindow
    mainView.rootViewController = self.tmpRootVc
  end
  return DJWelcomeViewController
end

-- - (void)showSplashAd:(FlutterMethodCall*)call result:(FlutterResult)result — swaps roots.
function M.showSplashAd(DJWelcomeViewController)
  local mainView = UIApplication.shared.keyWindow
  local tmpRootVc = mainView.rootViewController
  local vc = DJWelcomeViewController()
  vc.view.frame = CGRect(0, 0, UIScreen.main.bounds.width, UIScreen.main.bounds.height)
  mainView.rootViewController = vc
  vc.tmpRootVc = tmpRootVc
  return vc
end

-- Fix 2 (方案二): route to the ad with push or present instead of swapping roots.
M.FixedWelcomeViewController = UIViewController:subclass("DJFixedWelcomeViewController")
function M.FixedWelcomeViewController:closeAd()
  -- 返回flutter侧
  if self.navigationController then
    self.navigationController:popViewController(false)
  else
    self:dismiss(false, nil)
  end
end

function M.showSplashAdFixed()
  local window = UIApplication.shared.keyWindow
  local rootVc = window.rootViewController
  local vc = M.FixedWelcomeViewController()
  -- 使用push或者present 跳转
  if rootVc:isKind(UINavigationController) then
    rootVc:pushViewController(vc, false)
  else
    vc.modalPresentationStyle = "fullScreen"
    rootVc:present(vc, false, nil)
  end
  return vc
end

return M
