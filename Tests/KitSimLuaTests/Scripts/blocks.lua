-- SPEC rule 25: a block's body receives its captures, then its arguments: the Lua form
-- of Swift's `{ [weak self] note in guard let self else { return } … }`.
local Screen = UIViewController:subclass("Screen", { handler = "strong" })
local s = Screen() sim.hold(s)
local calls = {}
s.handler = sim.block{ weak = { s }, function(self, note)
  if not self then calls[#calls + 1] = "gone " .. note return end
  calls[#calls + 1] = tostring(self == s) .. " " .. note
end }
local h = s.handler
sim.hold(h)
h("first")
-- The weak capture breaks the cycle: releasing the screen deallocates it.
sim.release(s)
sim.drain()
expect(s).to.be.deallocated()
h("second")
expect(calls[1]).to.equal("true first")
expect(calls[2]).to.equal("gone second")
-- Strong captures come first, then weak, then unowned, then the arguments.
local a, b, c = UIView(), UIView(), UIView()
for _, v in ipairs({ a, b, c }) do sim.hold(v) end
local order
local k = sim.block{ unowned = { c }, weak = { b }, strong = { a }, function(x, y, z, arg) order = { x, y, z, arg } end }
sim.hold(k)
k(42)
expect(order[1]).to.equal(a)
expect(order[2]).to.equal(b)
expect(order[3]).to.equal(c)
expect(order[4]).to.equal(42)
-- A dead unowned capture traps at the call, before the body runs.
local ran = false
local u = sim.block{ unowned = { c }, function() ran = true end }
sim.hold(u)
sim.release(c)
sim.drain()
local ok, err = pcall(u)
expect(ok).to.equal(false)
expect(err.name).to.equal("Fatal error")
expect(err.reference).to.equal(tostring(u) .. " capture 1")
expect(ran).to.equal(false)
-- A plain function is a block without captures: it gets only the arguments.
local got
local plain = sim.block{ function(x) got = x end }
plain(5)
expect(got).to.equal(5)
for _, o in ipairs({ h, k, u, a, b }) do sim.release(o) end
sim.verify()
sim.drain()
expect(sim.leaks()).to.be.empty()
