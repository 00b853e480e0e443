-- Seed 003 · Can't add self as subview
--
-- The crash log points at main; the simple cause, [self.view addSubview:self.view], is not
-- it. The real one: two animated pushes back to back — the second starts while the first
-- transition is still running, and the interrupted animation adds a view to itself.
-- Expected: the second push logs "nested push animation can result in corrupted
-- navigation bar" and crashes with NSInvalidArgumentException: Can't add self as subview.
local navApp = require("lib.nav_app")
local account = require("lib.account")

-- The obvious cause first: it crashes the same way, with the same words.
local err = expect(function() local v = UIView(); v:addSubview(v) end).to.fail_with("NSInvalidArgumentException")
expect(err.reason).to.equal("Can't add self as subview")

-- The real cause: a double tap pushes twice.
local nav = navApp.launch()
local function openDetail() nav:pushViewController(UIViewController(), true) end
openDetail()
account.say("first push started; the transition takes 0.35 s")
err = expect(openDetail).to.fail_with("NSInvalidArgumentException")
account.say("second push at the same moment: %s", tostring(err))
expect(err.reason).to.equal("Can't add self as subview")
local warnings = sim.trace()
expect(warnings:find("warning: nested push animation can result in corrupted navigation bar", 1, true) ~= nil).to.be.truthy()
sim.run(1)
expect(#nav.viewControllers).to.equal(2)
sim.verify()
expect(sim.leaks()).to.be.empty()
