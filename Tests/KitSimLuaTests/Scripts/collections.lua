-- SPEC rules 26 and 27: Lua tables in strong and copy properties are NSArray and
-- NSDictionary snapshots that retain every object in them; arrays never read nil.
local Box = UIView:subclass("Box", { items = "strong", map = "copy", w = "weak", u = "unowned", a = "assign" })
local b = Box() sim.hold(b)
local v, inner, keyed = UIView(), UIView(), UIView()
b.items = { v, { inner } }
b.map = { a = keyed, ["a b"] = UIView(), [3] = UIView(), [true] = UIView(), list = {} }
sim.drain()

-- Every object at any depth is retained, under its path.
for _, o in ipairs({ v, inner, keyed, b.map["a b"], b.map[3], b.map[true] }) do
  expect(o).to.be.alive()
  expect(o).to.have.retain_count(1)
end
expect(sim.why(v)).to.equal("UIView#5 (retain count 1) is kept alive by:\n  1. [sim.hold] Box#4.items[1] (strong) → UIView#5")
expect(sim.why(inner):find("Box#4.items[2][1] (strong) → UIView#6", 1, true) ~= nil).to.be.truthy()
expect(sim.why(keyed):find("Box#4.map.a (copy) → UIView#7", 1, true) ~= nil).to.be.truthy()
expect(sim.why(b.map["a b"]):find('Box#4.map["a b"] (copy)', 1, true) ~= nil).to.be.truthy()
expect(sim.why(b.map[3]):find("Box#4.map[3] (copy)", 1, true) ~= nil).to.be.truthy()
expect(sim.why(b.map[true]):find("Box#4.map[true] (copy)", 1, true) ~= nil).to.be.truthy()
expect(sim.history(v):find("retain UIView#5 rc=2 (Box#4.items[1])", 1, true) ~= nil).to.be.truthy()

-- A read is a new table of the same shape; changing it changes nothing until assigned.
local items = b.items
expect(#items).to.equal(2)
expect(items[1]).to.equal(v)
expect(items[2][1]).to.equal(inner)
expect(b.items == items).to.equal(false)
items[1] = nil
expect(b.items[1]).to.equal(v)
expect(#b.map.list).to.equal(0)
expect(type(b.map.list)).to.equal("table")

-- Replacing the collection releases what only it held, in path order.
b.items = {}
expect(v).to.be.deallocated()
expect(inner).to.be.deallocated()
expect(#b.items).to.equal(0)
expect(sim.history(v):find("release UIView#5 rc=0 (Box#4.items[1])", 1, true) ~= nil).to.be.truthy()

-- Plain values, CGRects and functions nest as they are.
b.items = { 1, "two", CGRect(1, 2, 3, 4), { x = 1 } }
expect(b.items[2]).to.equal("two")
expect(b.items[3].width).to.equal(3)
expect(b.items[4].x).to.equal(1)

-- Errors, each naming the property and the path.
local function fails(f, message)
  local ok, err = pcall(f)
  expect(ok).to.equal(false)
  expect(tostring(err):find(message, 1, true) ~= nil, tostring(err)).to.be.truthy()
end
local o = UIView() sim.hold(o)
local before = sim.retainCount(o)
fails(function() b.w = { o } end, "property 'w' is weak: it cannot hold an array of objects; declare it strong")
fails(function() b.u = { k = o } end, "property 'u' is unowned: it cannot hold a dictionary of objects; declare it strong")
fails(function() b.a = { { o } } end, "property 'a' is assign: it cannot hold an array of objects; declare it strong")
local selfish = {} selfish.me = selfish
fails(function() b.items = selfish end, "bad value for property 'items' of Box#4 (the table at items.me contains itself)")
fails(function() b.items = { [o] = 1 } end, "bad value for property 'items' of Box#4 (a key at items is UIView; keys must be numbers, strings or booleans)")
fails(function() b.items = { [{}] = 1 } end, "(a key at items is table; keys must be numbers, strings or booleans)")
fails(function() b.items = setmetatable({ o }, {}) end, "cannot store a table with a metatable holding UIView#")
fails(function() b.junk = { x = { o } } end, "cannot store a table holding UIView#")
fails(function() b.junk = { x = { o } } end, "(at junk.x[1]) in undeclared field 'junk' of Box#4: objects need an ownership attribute")
local deep = {} local t = deep for _ = 1, 200 do t[1] = {} t = t[1] end
fails(function() b.items = deep end, "tables nested more than 100 deep")
-- A failed store changes nothing.
expect(b.items[2]).to.equal("two")
expect(sim.retainCount(o)).to.equal(before)
-- Tables without objects stay plain Lua values in undeclared fields (identity kept).
local plain = { 1, { 2 } }
b.junk = plain
expect(b.junk == plain).to.equal(true)

-- A plain table with numeric x and y is a dictionary: only CGRect() and CGPoint() values
-- (and the CGRect or CGPoint properties UIKit declares) are geometry.
local pv = UIView()
b.items = { x = 1, y = 2, name = "n", v = pv }
expect(pv).to.have.retain_count(2)                -- the pool and items.v
expect(b.items.v).to.equal(pv)
expect(b.items.name).to.equal("n")
-- Strings keep their bytes; a key that is not UTF-8 is refused, not lost.
b.items = { "\xff", k = "caf\xE9" }
expect(#b.items[1]).to.equal(1)
expect(#b.items.k).to.equal(4)
fails(function() b.items = { ["\xff"] = o } end, "(a key at items is a string that is not UTF-8; keys must be numbers, UTF-8 strings or booleans)")
-- A shared sub-table is converted once; each place it is reached holds its objects.
local shared = { o }
b.items = { shared, shared }
expect(sim.retainCount(o)).to.equal(before + 2)
expect(sim.history(o):find("(Box#4.items[2][1])", 1, true) ~= nil).to.be.truthy()
b.items = {}
local doubling = { 1 } for _ = 1, 40 do doubling = { doubling, doubling } end
fails(function() b.items = doubling end, "(more than 1000000 values, counting a shared table each time it is reached)")
-- A huge collection does not use up the names of what is declared after it.
local huge = {} for i = 1, 70000 do huge[i] = o end
b.items = huge
b.items = {}
UIView:extend{ laterProperty = "strong" }
local later = UIView()
b.laterProperty = later
expect(sim.why(later):find("Box#4.laterProperty (strong)", 1, true) ~= nil, sim.why(later)).to.be.truthy()
b.laterProperty = nil

-- Rule 27: UIKit's non-optional arrays read {} when empty; an unset optional one reads nil.
local host = UIView() sim.hold(host)
expect(type(host.subviews)).to.equal("table")
expect(#host.subviews).to.equal(0)
local c = UIView() host:addSubview(c) c:removeFromSuperview()
expect(#host.subviews).to.equal(0)
expect(#UIViewController().children).to.equal(0)
expect(#UINavigationController().viewControllers).to.equal(0)
expect(#UIAlertController("t", "m", "alert").actions).to.equal(0)
local tabs = UITabBarController()
expect(tabs.viewControllers).to.equal(nil)
tabs.viewControllers = {}
expect(type(tabs.viewControllers)).to.equal("table")
expect(#tabs.viewControllers).to.equal(0)
tabs.viewControllers = nil
expect(tabs.viewControllers).to.equal(nil)

-- SPEC rule 26: cycles through a collection are found, each edge named by its path.
local loop = Box() loop.items = { loop }
expect(sim.why(loop):find("[a retain cycle: it references itself] Box#", 1, true) ~= nil).to.be.truthy()
sim.drain()
local leaks = sim.leaks()
expect(#leaks).to.equal(1)
expect(leaks[1].component).to.equal(1)
expect(tostring(leaks[1]):find("retain cycle of 1 object: Box#%d+%.items%[1%] %(strong%) → Box#%d+") ~= nil, tostring(leaks[1])).to.be.truthy()
loop.items = {}
sim.drain()
expect(loop).to.be.deallocated()
sim.release(o) sim.release(host) sim.release(b)
sim.drain()
sim.verify()
expect(sim.leaks()).to.be.empty()
