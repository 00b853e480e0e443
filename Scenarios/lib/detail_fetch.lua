-- A detail screen that loads its content when its view loads and has a Close button
-- (explore pattern: a network completion after its screen was dismissed).
--   URLSession.shared.dataTask(with: url) { [unowned self] data, _, _ in self.show(data) }.resume()
-- `capture` picks the completion's capture of self: "unowned" or "weak" (with
-- `guard let self else { return }`).
local M = {}

M.DetailViewController = UIViewController:subclass("DetailViewController", {
  capture = "assign",
  closeButton = "weak",
})

function M.DetailViewController:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local close = UIButton(CGRect(20, 60, 80, 44))
  close:setTitle("Close")
  close:addTarget(self, "close", "touchUpInside")
  self.view:addSubview(close)
  self.closeButton = close
  local captures = { [self.capture] = { self } }
  captures[1] = function(self, data, response, err)
    if not self then                             -- guard let self (the weak form)
      M.respondedAfterClose = true
      return
    end
    self:show(data)
  end
  URLSession.shared:dataTask("https://api.example.com/article/42", sim.block(captures)):resume()
end

function M.DetailViewController:show(data)
  self.title = "Article 42"
end

-- @objc func close() { dismiss(animated: true) }
function M.DetailViewController:close(sender)
  self:dismiss(true, nil)
end

-- The app: a home screen that presents the detail screen full screen (the user opened it).
function M.launch(capture)
  sim.configure{ latency = { 0.2, 1.5 } }
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local home = sim.label(UIViewController(), "home")
  window.rootViewController = home
  window:makeKeyAndVisible()
  sim.run(1)
  local detail = sim.label(M.DetailViewController(), "detail")
  detail.capture = capture
  detail.modalPresentationStyle = "fullScreen"
  home:present(detail, false, nil)
  return home, detail
end

return M
