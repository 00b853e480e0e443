-- Pattern · a screen in a navigation stack presents, then is popped (rule 84: docs/rules.md#rule-84)
--
-- A product list pushed on the app's navigation controller shows a filter panel over itself:
--   let filters = FilterPanelController()
--   filters.modalPresentationStyle = .overFullScreen
--   self.present(filters, animated: true)
-- and while the panel is up, a push notification's deep link resets the stack:
--   navigationController?.popToRootViewController(animated: false)
-- UIKit presents from the presentation context, not from the list: the navigation controller
-- (the list's topmost ancestor) becomes the panel's presentingViewController and its
-- presentation controller keeps the navigation controller. The list answers
-- `presentedViewController` through its ancestor while it is in the stack, and once popped
-- nothing keeps it: it deallocates, and it is no leak. (Recording the list as the presenter
-- would keep it alive through the presentation controller and report it `abandoned`.)
-- Expected: the panel's presentingViewController is the navigation controller, the list answers
-- the panel as its presentedViewController; after the pop the list is deallocated, the panel is
-- still up over the root, and there are no leaks; dismissing from the root takes the panel down.
local ProductList = UIViewController:subclass("ProductListViewController")
local FilterPanel = UIViewController:subclass("FilterPanelController")

local window = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = window
local home = UIViewController()
local nav = UINavigationController(home)
window.rootViewController = nav
window:makeKeyAndVisible()
sim.run(1)

local list = ProductList()
nav:pushViewController(list, true)
sim.run(1)
local panel = FilterPanel()
panel.modalPresentationStyle = "overFullScreen"
list:present(panel, true, nil)
sim.run(1)
expect(panel.presentingViewController).to.equal(nav)
expect(list.presentedViewController).to.equal(panel)          -- through its ancestor
print(string.format("presented by %s; the list answers %s",
  tostring(panel.presentingViewController), tostring(list.presentedViewController)))

-- The deep link resets the stack while the panel is up.
nav:popToRootViewController(false)
list = sim.weak(list)
sim.run(3)
expect(list.value).to.equal(nil)
expect(nav.presentedViewController).to.equal(panel)
expect(home.presentedViewController).to.equal(panel)          -- the new top answers it too
expect(sim.leaks()).to.be.empty()

home:dismiss(false, nil)
sim.run(1)
expect(nav.presentedViewController).to.equal(nil)
sim.verify()
expect(sim.leaks()).to.be.empty()
