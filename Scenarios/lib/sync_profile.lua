-- A profile screen that reloads when the app's sync finishes (explore pattern: a
-- notification posted while its observer deallocates). It registers a block observer that
-- captures `unowned self`, so that the center's token does not keep the screen alive:
--   NotificationCenter.default.addObserver(forName: .didSync, object: nil, queue: .main) {
--       [unowned self] _ in self.reload()
--   }
-- and cleans up in deinit. `keepsToken` picks how:
--   false: the token is dropped, and deinit calls NotificationCenter.default.removeObserver(self),
--          which removes selector registrations of self, not the token the block form returned;
--   true:  the token is kept (`observation`), and deinit removes it:
--          NotificationCenter.default.removeObserver(observation).
local M = {}

M.ProfileViewController = UIViewController:subclass("ProfileViewController", {
  observation = "strong",
  keepsToken = "assign",
  backButton = "weak",
})

function M.ProfileViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local token = NotificationCenter.default:addObserver_forName("didSync", nil, OperationQueue.main,
    sim.block{ unowned = { self }, function(self, note) self:reload() end })
  if self.keepsToken then self.observation = token end
  local back = UIButton(CGRect(20, 60, 80, 44))
  back:setTitle("Back")
  back:addTarget(self, "back", "touchUpInside")
  self.view:addSubview(back)
  self.backButton = back
end

function M.ProfileViewController:reload() M.reloads = (M.reloads or 0) + 1 end

-- @objc func back() { navigationController?.popViewController(animated: true) }
function M.ProfileViewController:back(sender) self.navigationController:popViewController(true) end

function M.ProfileViewController:deinit()
  if self.keepsToken then
    NotificationCenter.default:removeObserver(self.observation)
  else
    NotificationCenter.default:removeObserver(self)
  end
end

-- The app: the profile pushed on a navigation controller, and the sync, which finishes 0.2
-- to 2 s later and posts .didSync (a background sync whose completion is a block on the main
-- queue). Returns the navigation controller and the profile.
function M.launch(keepsToken)
  local nav = require("lib.nav_app").launch()
  local profile = sim.label(M.ProfileViewController(), "profile")
  profile.keepsToken = keepsToken
  nav:pushViewController(profile, false)
  local watched = sim.weak(profile)                 -- the scenario's own look, which keeps nothing
  sim.after({ 0.2, 2.0 }, function()
    M.postedAfterProfileWent = watched.value == nil
    NotificationCenter.default:post("didSync")
  end, { label = "sync finished" })
  return nav, profile
end

return M
