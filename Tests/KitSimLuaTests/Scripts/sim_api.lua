-- The sim table (SPEC §4).
local window = UIWindow()
UIApplication.shared.delegate.window = window
local root = UIViewController()
sim.label(root, "root")
window.rootViewController = root
window:makeKeyAndVisible()

-- run, now, after: the virtual clock.
local fired = {}
sim.after(0.5, function() fired[#fired + 1] = sim.now end)
sim.after(0.2, function() fired[#fired + 1] = sim.now end)
expect(sim.now).to.equal(0)
sim.run(1)
expect(fired[1]).to.equal(0.2)
expect(fired[2]).to.equal(0.5)
expect(sim.now).to.equal(1)

-- hold / release / <close>.
do
  local kept <close> = sim.hold(UIView())
  sim.run(0)
  expect(kept).to.be.alive()
  expect(sim.retainCount(kept)).to.equal(1)
end
sim.run(0)

-- why and history name the references and the lines.
local why = sim.why(root)
expect(why:find("UIWindow#%d+%.rootViewController %(strong%)") ~= nil).to.be.truthy()
local history = sim.history(root)
expect(history:find("sim_api.lua:6", 1, true) ~= nil).to.be.truthy()

-- A block-induced retain cycle is found, with the properties that form it.
local Holder = UIViewController:subclass("Holder", { handler = "strong" })
local h = Holder()
h.handler = sim.block{ strong = { h }, function() return 1 end }
expect(h.handler()).to.equal(1)
sim.run(0)
local cycles = sim.cycles()
expect(#cycles).to.equal(1)
expect(cycles[1].kind).to.equal("cycle")
expect(cycles[1].message:find("Holder#%d+%.handler %(strong%) → NSBlock#%d+ capture 1 %(strong%)") ~= nil).to.be.truthy()
h.handler = nil                                      -- break it
sim.run(0)
expect(sim.alive(h)).to.equal(false)

-- screen and hitTest.
local s = sim.screen()
expect(s.black).to.equal(false)
expect(s.keyWindow).to.equal(window)
expect(s.visibleControllers[1]).to.equal(root)
expect(s.text:find("UIWindow#", 1, true) ~= nil).to.be.truthy()
expect(sim.hitTest(10, 10)).to.equal(root.view)

-- tap a tab and an alert.
local a, b = UIViewController(), UIViewController()
local tabs = UITabBarController()
tabs:setViewControllers({ a, b })
window.rootViewController = tabs
sim.run(0)
sim.tap(tabs, b)
sim.run(0)
expect(tabs.selectedIndex).to.equal(1)                 -- 0-based as in UIKit
local tapped
local alert = UIAlertController("Title", "Message", "alert")
alert:addAction(UIAlertAction("OK", "default", function(action) tapped = action.title end))
tabs:present(alert, true)
local ok, err = pcall(sim.tap, alert, "OK")            -- still being presented: nothing to tap yet
expect(ok).to.equal(false)
expect(tostring(err):find("is still being presented or dismissed", 1, true) ~= nil).to.be.truthy()
sim.run(1)
sim.tap(alert, "OK")
sim.run(0)
expect(tapped).to.equal("OK")

-- configure, graph, trace, log.
sim.configure{ transition = 0.5 }
sim.log("%s is the root", tabs)
expect(sim.trace(1):find("is the root", 1, true) ~= nil).to.be.truthy()
expect(sim.graph():find("digraph ownership", 1, true) ~= nil).to.be.truthy()
expect(sim.graph("mermaid"):find("graph TD", 1, true) ~= nil).to.be.truthy()
local ok, err = pcall(sim.configure, { ios = 3 })
expect(ok).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()
