-- Seed 002's appendix: UIKit's keyboard windows. A chat screen with a text field, and a
-- HUD helper that shows a toast on a window of the app's choosing.
local M = {}

M.Chat = UIViewController:subclass("Chat", { field = "weak" })
function M.Chat:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local field = UITextField(CGRect(10, 780, 370, 40))
  self.view:addSubview(field)
  self.field = field
end

-- The app: a key window showing the chat; the user taps into the field, types, sends.
function M.launch()
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local chat = M.Chat()
  window.rootViewController = chat
  window:makeKeyAndVisible()
  sim.run(1)
  chat.field:becomeFirstResponder()
  sim.run(1)
  return window, chat
end

-- The toast: a small view that reads "Sent" in the middle of the screen.
function M.toast()
  return UIView(CGRect(95, 400, 200, 44))
end

-- Whether the toast can be seen: in a visible window and not covered.
function M.isShown(toast)
  local w = toast.window
  if not w or w.isHidden then return false end
  for _, v in ipairs(sim.screen().coveredViews) do if v == toast then return false end end
  return true
end

return M
