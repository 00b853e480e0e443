-- Seed 002 part 2's app: a status-bar traffic monitor window, the chat-management →
-- invite → publish flow, and the topViewController helper the "+" button uses.
local M = {}

AppDelegate:extend{ monitorWindow = "strong" }

M.AlitripMonitorStatusBar = UIWindow:subclass("AlitripMonitorStatusBar")
M.ChatManageViewController = UIViewController:subclass("ChatManageViewController")
M.InviteViewController = UIViewController:subclass("InviteViewController")
M.PublishViewController = UIViewController:subclass("PublishViewController")

M.pagesOpened = {}
function M.InviteViewController:goToPage()
  M.pagesOpened[#M.pagesOpened + 1] = "invite"
end

-- Cancelling a publication asks for confirmation in an action sheet, then leaves. The app
-- used the legacy UIActionSheet, with the publish page as its delegate: UIKit shows it in
-- _UIAlertControllerShimPresenterWindow, which becomes key (rule 81), the window the
-- article found as keyWindow.
function M.PublishViewController:cancelPublishing()
  local sheet = UIActionSheet("Discard this post?", self, "Cancel", "Discard")
  sheet:show(self.view)
  return sheet
end

function M.PublishViewController:actionSheet_clickedButtonAtIndex(sheet, index)
  if index == sheet.destructiveButtonIndex then self:dismiss(true, nil) end
end

-- Launch: the monitor window shows itself once, at initialisation (makeKeyAndVisible),
-- then the app's main window becomes key and visible.
function M.launch()
  local delegate = UIApplication.shared.delegate
  local monitor = M.AlitripMonitorStatusBar(CGRect(0, 0, 120, 20))
  monitor.windowLevel = UIWindow.Level.statusBar + 1
  monitor.rootViewController = UIViewController()
  monitor:makeKeyAndVisible()
  delegate.monitorWindow = monitor
  sim.label(monitor, "monitor")
  local window = UIWindow(UIScreen.main.bounds)
  window.rootViewController = UINavigationController(M.ChatManageViewController())
  window:makeKeyAndVisible()
  delegate.window = window
  sim.label(window, "mainWindow")
  sim.run(1)
  return window, monitor
end

-- From chat management to the invite page, then "share to 发现" and cancel publishing.
function M.inviteThenCancelPublishing(window)
  local nav = window.rootViewController
  local invite = M.InviteViewController()
  nav:pushViewController(invite, true)
  sim.run(1)
  local publish = M.PublishViewController()
  publish.modalPresentationStyle = "fullScreen"
  invite:present(publish, true, nil)
  sim.run(1)
  local sheet = publish:cancelPublishing()
  sim.run(1)
  sim.tap(sheet, "Discard")
  sim.run(1)
  return invite
end

-- The helper, as the article quotes it: keyWindow's root first, windows[0]'s if nil;
-- then down to the top controller.
function M.topViewController(bottomWindowFirst)
  if #UIApplication.shared.windows == 0 then return nil end
  local window, rootViewController
  if bottomWindowFirst then
    window = UIApplication.shared.windows[1]
    rootViewController = window.rootViewController
  end
  if rootViewController == nil then
    window = UIApplication.shared.keyWindow
    rootViewController = window and window.rootViewController
  end
  if rootViewController == nil then
    window = UIApplication.shared.windows[1]
    rootViewController = window.rootViewController
  end
  local top = rootViewController
  while true do
    if top.presentedViewController then top = top.presentedViewController
    elseif top:isKind(UINavigationController) then top = top.topViewController
    else return top end
  end
end

return M
