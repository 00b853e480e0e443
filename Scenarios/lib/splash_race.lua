-- Seed 000's launch with its moments uncertain: a pure Flutter app whose company SDK wraps
-- the root in a navigation controller, and whose splash ad the Dart side asks for once the
-- engine has started.
--
-- - The SDK: the article's code ("将rootViewController修改为了UINavigatorController"), moved
--   from didFinishLaunching into the SDK's own set-up, which runs half a second after launch
--   (DispatchQueue.main.asyncAfter) so as not to slow the launch. That deferral is this
--   scenario's assumption; it turns the article's two cases, with and without the SDK, into
--   two orders of one launch.
-- - The engine: the Dart isolate runs `main` 0.2 to 1.0 s after launch ("engine started");
--   its first call to the plugin is showSplashAd, the article's root swap.
-- - The ad: it shows for 2 to 4 s ("ad finished"), then the plugin's closeAd restores the
--   root the ad controller kept.
local flutter = require("lib.flutter")
local splash = require("lib.splash_ad")
local M = {}

-- The SDK's deferred set-up: the article's wrap of whatever the root is by then.
local function wrapRootInNavigationController(window)
  local rootVc = window.rootViewController
  if rootVc ~= nil and not rootVc:isKind(UINavigationController) then
    local navController = UINavigationController(rootVc)
    navController.navigationBar.isHidden = true
    window.rootViewController = navController
  end
end

-- The app delegate: FlutterAppDelegate's launch, then the SDK's set-up, deferred.
M.AppDelegate = flutter.FlutterAppDelegate:subclass("SplashAppDelegate")
function M.AppDelegate:application_didFinishLaunchingWithOptions(application, options)
  local res = flutter.FlutterAppDelegate.application_didFinishLaunchingWithOptions(self, application, options)
  local window = self.window
  -- DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { CompanySDK.setUp(window: self.window) }
  DispatchQueue.main:asyncAfter(DispatchTime.now() + 0.5, function() wrapRootInNavigationController(window) end,
                                { label = "SDK set-up" })
  return res
end

-- Launches the app (UIApplicationMain); `ownership` is the attribute of the ad controller's
-- tmpRootVc: "weak", the article's bug, or "strong", its fix 1. Returns the app delegate.
function M.launch(ownership)
  local DJWelcomeViewController = splash.welcomeController(ownership)
  local app = M.AppDelegate()
  UIApplication.shared.delegate = app
  app:application_didFinishLaunchingWithOptions(UIApplication.shared, nil)
  M.flutterViewController = sim.label(app.window.rootViewController, "flutterViewController")
  sim.after({ 0.2, 1.0 }, function()
    -- The method channel's handler for "showSplashAd"; the ad SDK calls back when the ad
    -- has run its course, and the plugin closes it.
    local ad = sim.label(splash.showSplashAd(DJWelcomeViewController), "ad")
    M.replacedNavigationController = ad.tmpRootVc ~= nil and ad.tmpRootVc:isKind(UINavigationController)
    sim.after({ 2, 4 }, function() ad:closeAd() end, { label = "ad finished" })
  end, { label = "engine started" })
  return app
end

return M
