-- pairs visits keys in a fixed order (DEVELOPERS.md rule 3): numbers ascending, strings
-- bytewise, false, true, KitSim objects by id, then other keys.
local function keys(t)
    local out = {}
    for k in pairs(t) do out[#out + 1] = k end
    return out
end
local function join(list)
    local s = {}
    for i, k in ipairs(list) do s[i] = tostring(k) end
    return table.concat(s, " ")
end

local t = {}
for _, k in ipairs { "zeta", "alpha", "eta", "beta", "Gamma", "delta", "ab", "a", "" } do t[k] = true end
expect(join(keys(t))).to.equal(" Gamma a ab alpha beta delta eta zeta")

-- Mixed keys: integers and floats in numeric order (the array part included), then
-- strings, then booleans.
local mixed = { 10, 20, 30, [2.5] = "f", [-1] = "m", [100] = "h", x = 1, [true] = 1, [false] = 0 }
expect(join(keys(mixed))).to.equal("-1 1 2 2.5 3 100 x false true")

-- Objects by id, whatever order they were stored in.
local a, b, c = UIView(), UIView(), UIView()
local byObject = {}
byObject[c] = 3; byObject[a] = 1; byObject[b] = 2
local seen = {}
for k, v in pairs(byObject) do seen[#seen + 1] = v; expect(k).to.equal(({ a, b, c })[v]) end
expect(join(seen)).to.equal("1 2 3")

-- Values come with their keys; clearing fields during the loop is allowed (as with next).
local counts = { apple = 1, banana = 2, cherry = 3 }
local visited = {}
for k, v in pairs(counts) do
    visited[#visited + 1] = k .. "=" .. v
    counts.banana = nil
end
expect(join(visited)).to.equal("apple=1 cherry=3")
expect(#keys({})).to.equal(0)

-- __pairs is honoured, as by the standard function.
local proxy = setmetatable({}, { __pairs = function() return function(_, k) if not k then return 1, "one" end end, nil, nil end })
local got = {}
for k, v in pairs(proxy) do got[#got + 1] = k .. v end
expect(join(got)).to.equal("1one")

-- The iterator honours its arguments as next does: the table and the previous key.
local t2 = { b = 2, a = 1 }
local iter, state, start = pairs(t2)
expect(state).to.equal(t2)
expect(start).to.equal(nil)
expect(iter(t2, nil)).to.equal("a")
expect(iter(t2, "a")).to.equal("b")
expect(iter(t2, "a")).to.equal("b")
expect(iter(t2, "b")).to.equal(nil)

-- Where next already gives the fixed order, pairs returns next itself, as stock Lua does.
expect(pairs({ 1, 2, 3 }) == next).to.be.truthy()
expect(pairs({}) == next).to.be.truthy()

-- A non-table without __pairs fails on the first step, with stock's message.
local ok, err = pcall(function() for _ in pairs(42) do end end)
expect(ok).to.equal(false)
expect(tostring(err):find("bad argument #1 to 'for iterator' (table expected, got number)", 1, true) ~= nil).to.be.truthy()
ok, err = pcall(pairs)
expect(tostring(err):find("bad argument #1 to 'pairs' (value expected)", 1, true) ~= nil).to.be.truthy()

-- __pairs may yield (pairs calls it with a continuation).
local yielding = setmetatable({}, { __pairs = function(t) coroutine.yield("paused") return next, { 7 }, nil end })
local co = coroutine.wrap(function() for k, v in pairs(yielding) do return k + v end end)
expect(co()).to.equal("paused")
expect(co()).to.equal(8)
sim.verify()
expect(sim.leaks()).to.be.empty()
