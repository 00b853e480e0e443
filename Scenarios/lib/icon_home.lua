-- Seed 003's home screen, as the balloonsys write-up of the same crash builds it: icons
-- that, when tapped, first shrink their picture for 0.2 s and then push their page. A
-- user who taps icon A and then, quickly, icon B starts B's push while A's is still
-- running — the nested push of rule 19 — although UIKit ignores touches during each push
-- itself (rule 61): B's tap landed during A's little animation, before A's push began.
local M = { opened = {} }

-- An icon is a button whose action animates, then pushes a page named after it.
local Icon = UIButton:subclass("Icon", { nav = "weak", title = "copy" })
function Icon:open(sender)
  -- UIView.animate(withDuration: 0.2, animations: { self.transform = … }) { _ in push }
  UIView.animate(0.2, function() self.alpha = 0.5 end, function(finished)
    self.alpha = 1
    local page = sim.label(UIViewController(), self.title .. " page")
    M.opened[self.title] = page
    self.nav:pushViewController(page, true)
  end)
end
M.Icon = Icon

-- The key window shows a navigation controller whose root has the icons, side by side.
function M.launch(titles)
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local home = UIViewController()
  local nav = sim.label(UINavigationController(home), "nav")
  window.rootViewController = nav
  window:makeKeyAndVisible()
  local icons = {}
  for i, title in ipairs(titles) do
    local icon = sim.label(Icon(CGRect(20 + (i - 1) * 90, 200, 80, 80)), "icon " .. title)
    icon.title = title
    icon.nav = nav
    icon:addTarget(icon, "open", "touchUpInside")
    home.view:addSubview(icon)
    icons[#icons + 1] = icon
  end
  sim.run(1)
  return nav, icons
end

-- Whether `page` is on the stack.
function M.onStack(nav, page)
  for _, vc in ipairs(nav.viewControllers) do
    if vc == page then return true end
  end
  return false
end

-- The stack is what a user sees: every controller in it once, the top one on screen.
function M.consistent(nav)
  local seen = {}
  for _, vc in ipairs(nav.viewControllers) do
    if seen[vc] then return false end
    seen[vc] = true
  end
  return true
end

return M
