-- Seed 004's root swap as an app makes it at launch: the window shows the login screen,
-- which asks for the user's consent (a full-screen controller presented half a second after
-- the screen appears), while the saved session's login request is on its way; its response
-- replaces the window's root with the home screen, as the article's
--   window.rootViewController = newVC
-- does. A response's moment is uncertain (`latency`), so the swap may come before the consent
-- screen is presented, while it slides in, or once it is up.
local M = {}

M.LoginViewController = UIViewController:subclass("LoginViewController")
M.ConsentViewController = UIViewController:subclass("ConsentViewController")
M.HomeViewController = UIViewController:subclass("HomeViewController")

function M.LoginViewController:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  -- DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.askForConsent() }:
  -- a login screen the swap has already replaced asks nothing.
  DispatchQueue.main:asyncAfter(DispatchTime.now() + 0.5, sim.block{ weak = { self }, function(self)
    if self then self:askForConsent() end
  end }, { label = "ask for consent" })
end

function M.LoginViewController:askForConsent()
  local consent = sim.label(M.ConsentViewController(), "consent")
  consent.modalPresentationStyle = "fullScreen"
  self:present(consent, true, nil)
end

-- The app delegate's launch: the login screen as the root, and the saved session's login
-- request, whose response arrives 0.2 to 1.5 s later and calls `didLogIn(window, home)` with a
-- new home screen (`M.home`).
function M.launch(didLogIn)
  sim.configure{ latency = { 0.2, 1.5 } }
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  window.rootViewController = sim.label(M.LoginViewController(), "login")
  window:makeKeyAndVisible()
  -- URLSession.shared.dataTask(with: sessionURL) { _, _, _ in self.didLogIn(HomeViewController()) }.resume():
  -- the completion keeps the window, which the app delegate keeps anyway.
  URLSession.shared:dataTask("https://api.example.com/session", function(data, response, err)
    M.respondedWhilePresenting = window.rootViewController.presentedViewController ~= nil
    M.home = sim.label(M.HomeViewController(), "home")
    didLogIn(window, M.home)
  end):resume()
  return window
end

return M
