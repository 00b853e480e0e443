-- Pattern · a banner added under a full-screen modal is not on screen (rule 82: docs/rules.md#rule-82)
--
-- The home screen shows a network-error banner in its own view when a request fails, as
--   let banner = ErrorBanner(frame: CGRect(x: 0, y: 100, width: 390, height: 44))
--   self.view.addSubview(banner)
-- but the request fails while a full-screen login (`modalPresentationStyle = .fullScreen`) is
-- up. A full-screen presentation removes the presenter's views from the window once it
-- completes, so the banner is in a view hierarchy that is not in any window: `banner.window` is
-- nil, a tap at its place reaches the login screen, and nobody sees the message until the login
-- is dismissed. The fix: show it where the user is, in the topmost presented controller's view
-- (or present over full screen, `.overFullScreen`, which leaves the home screen in place).
-- Expected: with the full-screen login up, the home screen's view and the banner have no window
-- and the tap reaches the login's view; after the dismissal the banner is on screen; the fix's
-- banner is in the window at once; no leaks.
local Home = UIViewController:subclass("HomeViewController")
local Login = UIViewController:subclass("LoginViewController")
local ErrorBanner = UIView:subclass("ErrorBanner")

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local home = Home()
window.rootViewController = home
window:makeKeyAndVisible()
sim.run(1)

local login = Login()
login.modalPresentationStyle = "fullScreen"
home:present(login, true, nil)
sim.run(1)
expect(home.view.window).to.equal(nil)                         -- removed once the presentation completed

-- The request fails now: the banner goes into the home screen's view.
local banner = ErrorBanner(CGRect(0, 100, 390, 44))
home.view:addSubview(banner)
expect(banner.window).to.equal(nil)                            -- looks added, is on no screen
local hit = sim.hitTest(20, 120)
expect(hit == login.view or hit:isDescendant(login.view)).to.be.truthy()
print(string.format("with the login up: banner.window = %s, a tap at the banner reaches %s", tostring(banner.window), tostring(hit)))

home:dismiss(true, nil)
expect(home.view.window).to.equal(window)                      -- back as the dismissal starts
sim.run(1)
expect(sim.hitTest(20, 120)).to.equal(banner)
print(string.format("after the dismissal: banner.window = %s", tostring(banner.window)))

-- The fix: the topmost presented controller's view.
local login2 = Login()
login2.modalPresentationStyle = "fullScreen"
home:present(login2, false, nil)
sim.run(1)
local top = home
while top.presentedViewController do top = top.presentedViewController end
local banner2 = ErrorBanner(CGRect(0, 100, 390, 44))
top.view:addSubview(banner2)
expect(banner2.window).to.equal(window)
expect(sim.hitTest(20, 120)).to.equal(banner2)
home:dismiss(false, nil)
sim.run(1)
sim.verify()
expect(sim.leaks()).to.be.empty()
