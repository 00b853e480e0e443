-- Subclasses, ownership attributes, overrides UIKit calls, super calls, swizzling.
local calls = {}
local Child = UIViewController:subclass("Child", {
  strongRef = "strong", weakRef = "weak", unownedRef = "unowned", assignRef = "assign", copyRef = "copy",
})
function Child:viewDidLoad()
  UIViewController.viewDidLoad(self)                 -- super call through the class table
  calls[#calls + 1] = "viewDidLoad " .. tostring(self.isViewLoaded)
end
function Child:viewWillAppear(animated)
  calls[#calls + 1] = "viewWillAppear " .. tostring(animated)
end
function Child:greet(name) return "hello " .. name end

local c = Child()
expect(c:isKind(UIViewController)).to.be.truthy()
expect(c:responds("greet")).to.be.truthy()
expect(c:greet("lua")).to.equal("hello lua")
expect(Child:isSubclass(UIViewController)).to.be.truthy()
expect(Child.name).to.equal("Child")
expect(Child.superclass == UIViewController).to.be.truthy()

local window = UIWindow()
UIApplication.shared.delegate.window = window
window.rootViewController = c                         -- UIKit calls the Lua overrides
window:makeKeyAndVisible()
sim.run(0)
expect(calls[1]).to.equal("viewDidLoad true")
expect(calls[2]).to.equal("viewWillAppear false")

-- Each ownership attribute.
local target = sim.hold(UIView())
c.strongRef = target; expect(sim.retainCount(target)).to.equal(3)   -- pool + hold + strong
c.strongRef = nil
c.weakRef = target; c.unownedRef = target; c.assignRef = target
sim.run(0)
expect(sim.retainCount(target)).to.equal(1)
sim.release(target)
expect(target).to.be.deallocated()
expect(c.weakRef).to.equal(nil)
local ok, err = pcall(function() return c.unownedRef end)
expect(err.name).to.equal("Fatal error")
expect(err.reason).to.equal(("Attempted to read an unowned reference but object %s was already deallocated"):format(tostring(target):match("#%d+")))
expect(err.reference).to.equal(tostring(c):match("^%S+") .. ".unownedRef")
expect(err.object).to.equal(target)
expect(tostring(err)).to.equal("Fatal error: " .. err.reason)
expect(c.assignRef).to.equal(target)                  -- dangles
ok, err = pcall(function() return c.assignRef.frame end)
expect(err.name).to.equal("EXC_BAD_ACCESS")

-- Declared properties take any value.
c.copyRef = "a string"; expect(c.copyRef).to.equal("a string")
c.copyRef = { 1, 2, 3 }; expect(c.copyRef[2]).to.equal(2)

-- Swizzling: the replacement reaches the original.
local order = {}
UINavigationController:swizzle("pushViewController", function(self, original, vc, animated)
  order[#order + 1] = "guard"
  return original(self, vc, animated)
end)
local nav = UINavigationController(UIViewController())
nav:pushViewController(UIViewController(), false)
expect(order[1]).to.equal("guard")
expect(#nav.viewControllers).to.equal(2)

-- sim.exchange: method_exchangeImplementations.
local Swap = UIViewController:subclass("Swap")
function Swap:a() return "a" end
function Swap:b() return "b" end
sim.exchange(Swap, "a", "b")
local s = Swap()
expect(s:a()).to.equal("b")
expect(s:b()).to.equal("a")

-- A category property (associated object), as seed 003's guard keeps its flag.
UINavigationController:extend{ viewTransitionInProgress = "strong" }
expect(nav.viewTransitionInProgress).to.equal(nil)
nav.viewTransitionInProgress = true
expect(nav.viewTransitionInProgress).to.equal(true)

-- deinit runs, overridable in Lua.
local died = {}
local Temp = UIView:subclass("Temp")
function Temp:deinit() died[#died + 1] = tostring(self) end
local t = Temp()
local name = tostring(t)
sim.run(0)
expect(died[1]).to.equal(name)
sim.verify()
expect(sim.leaks()).to.be.empty()

-- A subclass that defines no method of its own still has every inherited one.
local PlainWindow = UIWindow:subclass("PlainWindow")
local pw = PlainWindow()
pw:makeKeyAndVisible()
expect(UIApplication.shared.keyWindow).to.equal(pw)
