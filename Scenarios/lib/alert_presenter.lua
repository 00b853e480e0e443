-- An editor whose Save shows a "Saving…" alert until the save request answers, and an app-wide
-- helper that shows an alert from the editor, first dismissing whatever alert is up
-- (explore pattern: an alert presented while another is dismissing):
--   func show(_ alert: UIAlertController, from vc: UIViewController) {
--       if let presented = vc.presentedViewController { presented.dismiss(animated: true) }
--       vc.present(alert, animated: true)
--   }
-- The app's session check fails at an uncertain moment and shows "Session expired" through
-- it. `inCompletion` is the fix: present in the dismissal's completion,
--   presented.dismiss(animated: true) { vc.present(alert, animated: true) }
local M = {}

M.EditorViewController = UIViewController:subclass("EditorViewController")

function M.show(alert, vc, inCompletion)
  local presented = vc.presentedViewController
  if presented and inCompletion then
    M.waitedForDismissal = true
    presented:dismiss(true, function() vc:present(alert, true, nil) end)
    return
  end
  if presented then presented:dismiss(true, nil) end
  vc:present(alert, true, nil)
end

-- @objc func save(): the "Saving…" alert, and the request; its completion dismisses the alert
-- it keeps, and no other.
function M.EditorViewController:save()
  local saving = sim.label(UIAlertController("Saving…", nil, "alert"), "saving")
  self:present(saving, true, nil)
  URLSession.shared:dataTask("https://api.example.com/notes/7", function(data, response, err)
    saving:dismiss(true, nil)
  end):resume()
end

-- The app: the editor as the window's root; the user has just tapped Save; the session check
-- fails 1 to 3 s later. Returns the editor; `M.expired` is the session alert.
function M.launch(inCompletion)
  sim.configure{ latency = { 0.5, 2.0 } }
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local editor = sim.label(M.EditorViewController(), "editor")
  window.rootViewController = editor
  window:makeKeyAndVisible()
  sim.run(1)
  editor:save()
  local watched = sim.weak(editor)                  -- the app's weak reference to its top screen
  sim.after({ 1.0, 3.0 }, function()
    local expired = sim.label(UIAlertController("Session expired", "Please sign in again.", "alert"), "expired")
    expired:addAction(UIAlertAction("OK", "default", nil))
    M.expired = expired
    if watched.value then M.show(expired, watched.value, inCompletion) end
  end, { label = "session expired" })
  return editor
end

return M
