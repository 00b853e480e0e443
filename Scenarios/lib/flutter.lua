-- The parts of Flutter's iOS embedding that seed 000 quotes, as the app sees them.
--
-- FlutterViewController keeps its FlutterEngine (`_engine.reset([engine retain])`);
-- the engine points back at its view controller through a weak pointer
-- (`[viewController getWeakPtr]`). The article's conclusion is that "the Flutter
-- framework still holds the FlutterViewController" after the root swap; that hold lives
-- inside the engine's shell (its platform view's owner), modelled here as the engine's
-- strong `ownerViewController`. The app delegate keeps the engine.
local M = {}

M.FlutterEngine = NSObject:subclass("FlutterEngine", {
  viewController = "weak",          -- fml::WeakPtr<FlutterViewController>
  ownerViewController = "strong",   -- the shell's hold on the view controller it renders into
})

function M.FlutterEngine:setViewController(viewController)
  self.viewController = viewController
  self.ownerViewController = viewController
end

M.FlutterViewController = UIViewController:subclass("FlutterViewController", {
  engine = "strong",
})

-- initWithEngine:nibName:bundle:
function M.FlutterViewController:init(engine)
  UIViewController.init(self)
  self.engine = engine
  engine:setViewController(self)
  return self
end

M.FlutterAppDelegate = AppDelegate:subclass("FlutterAppDelegate", {
  flutterEngine = "strong",
})

-- What the storyboard and FlutterAppDelegate do at launch: a window whose root is a
-- FlutterViewController rendering the engine's frames.
function M.FlutterAppDelegate:application_didFinishLaunchingWithOptions(application, options)
  self.flutterEngine = M.FlutterEngine()
  self.window = UIWindow(UIScreen.main.bounds)
  self.window.rootViewController = M.FlutterViewController(self.flutterEngine)
  self.window:makeKeyAndVisible()
  return true
end

-- "Returns the key window's rootViewController, if it's a FlutterViewController."
function M.FlutterAppDelegate:rootFlutterViewController()
  local root = self.window.rootViewController
  if root and root:isKind(M.FlutterViewController) then return root end
  return nil
end

-- UIApplicationMain: make the app delegate and launch.
function M.launch(delegateClass)
  local delegate = delegateClass()
  UIApplication.shared.delegate = delegate
  delegate:application_didFinishLaunchingWithOptions(UIApplication.shared, nil)
  sim.run(1)                          -- the app is up; the first frames are on screen
  return delegate
end

return M
