-- Pattern · an alert up when the app swaps its root (rules 80, 16: docs/rules.md#rule-80, #rule-16)
--
-- A login screen shows an error alert; a session-restore callback then replaces the window's
-- root with the home screen, as
--   let alert = UIAlertController(title: "Offline", message: nil, preferredStyle: .alert)
--   alert.addAction(UIAlertAction(title: "OK", style: .default))
--   login.present(alert, animated: true)
--   ...
--   window.rootViewController = HomeViewController()     // the session came back
-- The alert is an ordinary presentation in the login screen's window (rule 80): the key window
-- does not change while it shows. Swapping the root while the login screen presents it is the
-- root swap while presenting of rule 16: on iOS 8 and later the alert's transition view stays in
-- the window, and its presentation keeps the login screen, so the old root never goes
-- (`abandoned` 2 s later) and the alert still sits over the new root. The fix: dismiss what the
-- old root presents before swapping (`login:dismiss(false, nil)`), or swap in the dismissal's
-- completion.
-- Expected: while the alert shows, the key window is the app's window; after the swap without the
-- fix the login screen and its alert are alive and reported `abandoned`; with the fix both go
-- and there is no leak.
local Login = UIViewController:subclass("LoginViewController")
local Home = UIViewController:subclass("HomeViewController")

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
window:makeKeyAndVisible()

local function showOfflineAlert(login)
  local alert = UIAlertController("Offline", "Check your connection.", "alert")
  alert:addAction(UIAlertAction("OK", "default", nil))
  login:present(alert, true, nil)
  sim.run(1)
  expect(UIApplication.shared.keyWindow).to.equal(window)     -- rule 80: no window of its own
  expect(alert.view.window).to.equal(window)
  return sim.weak(alert)
end

-- The bug: the root is swapped under the alert.
local login = sim.label(Login(), "login")
window.rootViewController = login
sim.run(1)
local alert = showOfflineAlert(login)
window.rootViewController = Home()
login = sim.weak(login)
sim.run(3)
expect(login.value).to_not.equal(nil)
expect(alert.value).to_not.equal(nil)
expect(alert.value.view.window).to.equal(window)                -- still over the new root
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].kind).to.equal("abandoned")
expect(leaks[1].objects[1]).to.equal(login.value)
print(leaks[1].message)
sim.ignoreAbandoned(login.value)                                -- reported once; on to the fix

-- The fix: dismiss what the old root presents, then swap.
local login2 = Login()
window.rootViewController = login2
sim.run(1)
local alert2 = showOfflineAlert(login2)
login2:dismiss(false, nil)
window.rootViewController = Home()
login2 = sim.weak(login2)
sim.run(3)
expect(login2.value).to.equal(nil)
expect(alert2.value).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()                               -- the first login is whitelisted above
