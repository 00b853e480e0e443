-- One object, one handle (SPEC §4); handles hold ids, never ownership (rule 4).
local v = UIView()
local w = UIWindow(UIScreen.main.bounds)
UIApplication.shared.delegate.window = w
w:addSubview(v)
expect(w.subviews[1] == v).to.be.truthy()          -- the same object comes back as the same value
local keyed = { [v] = "view" }
expect(keyed[w.subviews[1]]).to.equal("view")       -- handles work as table keys
expect(v.superview).to.equal(w)

-- The Lua GC may collect handles freely: the object lives on, and comes back equal.
local id = tostring(v)
v = nil
keyed = nil
collectgarbage(); collectgarbage()
sim.run(0)
local again = w.subviews[1]
expect(tostring(again)).to.equal(id)
expect(again).to.be.alive()

-- Script variables never own objects: a view nobody owns dies at the end of the turn.
local loose = UIView()
expect(loose).to.be.alive()
sim.run(0)
expect(loose).to.be.deallocated()
expect(sim.alive(loose)).to.equal(false)
expect(sim.alive(nil)).to.equal(false)               -- never raises
expect(sim.alive(42)).to.equal(false)

-- Using a dead handle is a zombie crash naming the message.
local ok, err = pcall(function() return loose.frame end)
expect(ok).to.equal(false)
expect(err.name).to.equal("EXC_BAD_ACCESS")
expect(err.reason).to.equal("-[UIView frame]: message sent to deallocated instance " .. tostring(loose):match("#%d+"))
ok, err = pcall(function() loose:removeFromSuperview() end)
expect(err.reason:find("message sent to deallocated instance", 1, true) ~= nil).to.be.truthy()

-- Metatables are protected: they cannot be read or stolen onto a table.
expect(getmetatable(again)).to.equal("KitSim object")
ok, err = pcall(setmetatable, {}, getmetatable(again))
expect(ok).to.equal(false)
sim.verify()
expect(sim.leaks()).to.be.empty()

-- No way to give a handle another metatable: debug is read-only outside --sandbox.
expect(debug.setmetatable).to.equal(nil)
