-- Pattern · a button's target that nobody keeps (rule 36, docs/rules.md#rule-36)
--
-- A settings screen wires its button to a small handler object it makes on the spot:
--   button.addTarget(LogoutHandler(), action: #selector(LogoutHandler.logout(_:)), for: .touchUpInside)
-- UIControl does not retain its targets, so nothing keeps the handler: it deallocates at
-- the end of the turn. From iOS 9 the target is weak, the action goes up the responder
-- chain, nobody there implements it, and the tap silently does nothing. On iOS 8 the
-- target dangles and the same tap is a crash: `message sent to deallocated instance`.
-- The fix: the screen keeps the handler in a strong property (or is the target itself).
-- Expected: the lost handler's tap does nothing on iOS 17 and crashes on iOS 8; the kept
-- handler logs out; no leaks.
local logouts = 0
local LogoutHandler = NSObject:subclass("LogoutHandler")
function LogoutHandler:logout(sender) logouts = logouts + 1 end

local Settings = UIViewController:subclass("Settings", { handler = "strong", keepsHandler = "assign" })
function Settings:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local button = UIButton(CGRect(20, 200, 200, 44))
  button:setTitle("Log out")
  local handler = LogoutHandler()
  if self.keepsHandler then self.handler = handler end      -- the fix
  button:addTarget(handler, "logout", "touchUpInside")
  self.view:addSubview(button)
end

local function show(keepsHandler)
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local settings = Settings()
  settings.keepsHandler = keepsHandler
  window.rootViewController = settings
  window:makeKeyAndVisible()
  sim.run(0)                                                -- the turn ends: the pool drains
  return settings.view.subviews[1]
end

local lost = show(false)
expect(#lost.allTargets).to.equal(0)                      -- the handler is gone already
expect(sim.tap(lost)).to.be.truthy()                      -- the tap reaches the button …
expect(logouts).to.equal(0)                               -- … and does nothing

local kept = show(true)
expect(sim.tap(kept)).to.be.truthy()
expect(logouts).to.equal(1)

sim.configure{ ios = 8 }                                    -- before weak targets
local dangling = show(false)
expect(function() sim.tap(dangling) end).to.fail_with("EXC_BAD_ACCESS")
sim.verify()
expect(sim.leaks()).to.be.empty()
