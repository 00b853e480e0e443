/// Lua code run when a sandbox starts: exception values, CGRect/CGPoint, `print` and
/// `sim.log` capture, and the assertion vocabulary (busted's `expect` style, SPEC §4).
/// It runs before any scenario, with the standard library intact.
let prelude = #"""
local register, sim, logline, assertions, clock, turnHook, goal, leakState, softfail = ...
local fmt, tostring, type, error, select = string.format, tostring, type, error, select

-- Exceptions (SPEC §4): name, reason, object; tostring gives "name: reason".
-- The metatables Swift applies are protected (__metatable): a script that could reach
-- them could add a __gc finalizer to every value Swift makes later.
local Exception = { __name = "NSException", __metatable = "NSException" }
Exception.__tostring = function(e) return tostring(e.name) .. ": " .. tostring(e.reason) end
register("exception", Exception)

-- CGRect / CGPoint / CGSize: plain tables with x y width height.
local Rect = { __name = "CGRect", __metatable = "CGRect" }
Rect.__tostring = function(r) return fmt("CGRect(%g, %g, %g, %g)", r.x, r.y, r.width, r.height) end
Rect.__eq = function(a, b) return a.x == b.x and a.y == b.y and a.width == b.width and a.height == b.height end
local Point = { __name = "CGPoint", __metatable = "CGPoint" }
Point.__tostring = function(p) return fmt("CGPoint(%g, %g)", p.x, p.y) end
Point.__eq = function(a, b) return a.x == b.x and a.y == b.y end
local Size = { __name = "CGSize", __metatable = "CGSize" }
Size.__tostring = function(s) return fmt("CGSize(%g, %g)", s.width, s.height) end
Size.__eq = function(a, b) return a.width == b.width and a.height == b.height end
register("rect", Rect)
register("point", Point)
register("size", Size)
local function number(v, name, i)
  if type(v) ~= "number" then
    error(fmt("bad argument #%d to '%s' (number expected, got %s)", i, name, v == nil and "no value" or type(v)), 3)
  end
  return v
end
function CGRect(x, y, w, h)
  return setmetatable({ x = number(x or 0, "CGRect", 1), y = number(y or 0, "CGRect", 2),
                        width = number(w or 0, "CGRect", 3), height = number(h or 0, "CGRect", 4) }, Rect)
end
function CGPoint(x, y)
  return setmetatable({ x = number(x or 0, "CGPoint", 1), y = number(y or 0, "CGPoint", 2) }, Point)
end
-- CGSize: a table with width height, equal by value.
function CGSize(w, h)
  return setmetatable({ width = number(w or 0, "CGSize", 1), height = number(h or 0, "CGSize", 2) }, Size)
end

-- DispatchTime (SPEC rule 31): a point on the virtual clock in whole nanoseconds, as
-- Dispatch's `DispatchTime.now() + 10`. `+` and `-` take seconds (rounded to the
-- nanosecond, clamped to the clock's range); one time minus another is the seconds between
-- them; `==`, `<` and `<=` compare times. Swift reads it as `Value.time`.
local Time = { __name = "DispatchTime", __metatable = "DispatchTime" }
local maxTime = 1000000000 * 1000000000           -- 10^18 ns: the clock's end, distantFuture
local mtype, floor, getmetatable, setmetatable = math.type, math.floor, getmetatable, setmetatable
local function makeTime(ns) return setmetatable({ uptimeNanoseconds = ns }, Time) end
local function isTime(v) return getmetatable(v) == "DispatchTime" and mtype(v.uptimeNanoseconds) == "integer" end
local function describe(v) return isTime(v) and "DispatchTime" or type(v) end
local function shifted(t, seconds, op)
  if mtype(seconds) == nil then
    -- Level 2: every call of `shifted` is a tail call, so the metamethod's frame is gone.
    error(fmt("attempt to perform arithmetic on a DispatchTime value (%s a number of seconds, not a %s)", op, describe(seconds)), 2)
  end
  local delta = seconds * 1e9
  if delta ~= delta then error("attempt to perform arithmetic on a DispatchTime value (seconds is nan)", 2) end
  local ns = t.uptimeNanoseconds
  if delta >= maxTime - ns then return makeTime(maxTime) end
  if delta <= -ns then return makeTime(0) end
  return makeTime(ns + floor(delta + 0.5))
end
Time.__add = function(a, b)
  if isTime(a) then return shifted(a, b, "add") end
  return shifted(b, a, "add")
end
Time.__sub = function(a, b)
  if not isTime(a) then error("attempt to perform arithmetic on a DispatchTime value (only a time can be subtracted from a time)", 2) end
  if isTime(b) then return (a.uptimeNanoseconds - b.uptimeNanoseconds) / 1e9 end
  if mtype(b) == nil then return shifted(a, b, "subtract") end
  return shifted(a, -b, "subtract")
end
Time.__eq = function(a, b) return a.uptimeNanoseconds == b.uptimeNanoseconds end
local function compare(a, b)
  if not (isTime(a) and isTime(b)) then error(fmt("attempt to compare %s with %s", describe(a), describe(b)), 3) end
  return a.uptimeNanoseconds, b.uptimeNanoseconds
end
Time.__lt = function(a, b) local x, y = compare(a, b) return x < y end
Time.__le = function(a, b) local x, y = compare(a, b) return x <= y end
Time.__tostring = function(t) return fmt("DispatchTime(%.9g)", t.uptimeNanoseconds / 1e9) end
register("time", Time)
DispatchTime = {
  now = function() return makeTime(clock()) end,
  distantFuture = makeTime(maxTime),
}

-- IndexPath (SPEC rule 39): a row (item) in a section, both 0-based, equal by value.
local IndexPathMeta = { __name = "IndexPath", __metatable = "IndexPath" }
IndexPathMeta.__eq = function(a, b) return a.row == b.row and a.section == b.section end
IndexPathMeta.__tostring = function(p) return fmt("IndexPath(row: %d, section: %d)", p.row, p.section) end
register("indexPath", IndexPathMeta)
local function indexPathPart(v, i)
  if mtype(v) ~= "integer" or v < 0 or v > 2147483647 then
    error(fmt("bad argument #%d to 'IndexPath' (whole number from 0 expected, got %s)", i,
              v == nil and "no value" or (type(v) == "number" and tostring(v) or type(v))), 3)
  end
  return v
end
function IndexPath(row, section)
  row, section = indexPathPart(row, 1), indexPathPart(section or 0, 2)
  return setmetatable({ row = row, item = row, section = section }, IndexPathMeta)
end

-- Output: print (a C function of the shim) and sim.log go to the run's output, in order;
-- sim.log also to the trace.
function sim.log(format, ...)
  if type(format) ~= "string" then error("bad argument #1 to 'log' (string expected, got " .. type(format) .. ")", 2) end
  logline(fmt(format, ...), true)
end

-- The assertion vocabulary: expect(x).to.be.deallocated(), expect(x).to_not.be.alive(), …
-- A failure raises an assertion value whose message includes sim.why / sim.history.
local Leak = { __name = "Leak", __metatable = "Leak" }
Leak.__tostring = function(l) return l.kind .. ": " .. l.message end
register("leak", Leak)

local getinfo = debug.getinfo       -- kept: --sandbox removes `debug` after the prelude
-- The assertion vocabulary is compiled on its first use (`assertionVocabulary`): it is most
-- of the prelude, and most runs of a short script never call it (start-up time).
local real, failure
local function vocabulary()
  if not real then real, failure = assertions()(register, sim, getinfo, fmt, tostring, type, error, leakState, softfail) end
end
function expect(subject)
  vocabulary()
  return real(subject)
end

-- sim.always and sim.sometimes (docs/explore.md): properties checked after every run-loop
-- turn. A failed `always` is an assertion failure at the line whose turn broke it; a
-- `sometimes` is a goal the run reports reached (`goal(i)`) the first time it holds.
local always, sometimes, checking, pcall = {}, {}, false, pcall
local function checkTurn(label)
  if checking then return end       -- a property that runs the run loop checks nothing twice
  checking = true
  for i = 1, #always do
    local p = always[i]
    local ok, held = pcall(p.fn)
    if not ok then checking = false; error(held, 0) end
    if not held then
      checking = false
      vocabulary()
      failure(fmt("sim.always failed after %s: %s", label and fmt("'%s'", label) or "the script's own turn", p.message), nil, 2)
    end
  end
  for i = 1, #sometimes do
    local p = sometimes[i]
    if not p.reached then
      local ok, held = pcall(p.fn)
      if not ok then checking = false; error(held, 0) end
      if held then p.reached = true; goal(i) end
    end
  end
  checking = false
end
local function property(kind, list, fn, message)
  if type(fn) ~= "function" then
    error(fmt("bad argument #1 to '%s' (function expected, got %s)", kind, fn == nil and "no value" or type(fn)), 3)
  end
  if type(message) ~= "string" then
    error(fmt("bad argument #2 to '%s' (string expected, got %s)", kind, message == nil and "no value" or type(message)), 3)
  end
  list[#list + 1] = { fn = fn, message = message }
  turnHook(checkTurn)
end
function sim.always(fn, message) property("always", always, fn, message) end
function sim.sometimes(fn, message)
  property("sometimes", sometimes, fn, message)
  goal(nil, message)
end
"""#

/// The assertion vocabulary (busted's `expect` style, SPEC §4), compiled by the prelude's
/// `expect` on first use, with the prelude's captured functions as arguments. Its chunk
/// name is `=prelude` too, so failures point at the scenario's line.
let assertionVocabulary = #"""
local register, sim, getinfo, fmt, tostring, type, error, leakState, softfail = ...
local Assertion = { __name = "AssertionFailure", __metatable = "AssertionFailure" }
Assertion.__tostring = function(a) return "assertion failed: " .. a.message end
register("assertion", Assertion)

local function isobject(v) return sim.isObject(v) end
local function describe(v, depth)
  depth = depth or 0
  if isobject(v) then return tostring(v) end
  if type(v) == "string" then return fmt("%q", v) end
  if type(v) == "table" and getmetatable(v) == nil then
    -- Never a table's address (rule 3): its items, then its other keys in sorted order,
    -- as far as they say something.
    if depth >= 2 then return "{…}" end
    local parts, n = {}, #v
    for i, item in ipairs(v) do
      if i > 5 then parts[#parts + 1] = "…"; break end
      parts[#parts + 1] = type(item) == "table" and item.message and tostring(item.message) or describe(item, depth + 1)
    end
    local keys = {}
    for k in pairs(v) do
      if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    table.sort(keys, function(a, b)
      if type(a) ~= type(b) then return type(a) < type(b) end
      if type(a) == "number" or type(a) == "string" then return a < b end
      return tostring(a) < tostring(b)
    end)
    for i, k in ipairs(keys) do
      if #parts >= 6 then parts[#parts + 1] = "…"; break end
      local name = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. describe(k, depth + 1) .. "]"
      parts[#parts + 1] = name .. " = " .. describe(v[k], depth + 1)
    end
    return "{" .. table.concat(parts, "; ") .. "}"
  end
  return tostring(v)
end
-- Deep equality (luassert's `are.same`): plain tables (no metatable) compare key by key,
-- cycles included; anything else compares with ==, so objects stay identity and CGRect,
-- IndexPath and the like compare by their own __eq. Returns the first difference's path
-- and the two values there, or nil when equal.
local function keyText(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return "." .. k end
  return "[" .. describe(k) .. "]"
end
local function sortedKeys(a, b)
  local keys, seen = {}, {}
  for _, t in ipairs({ a, b }) do
    for k in pairs(t) do
      if not seen[k] then seen[k] = true; keys[#keys + 1] = k end
    end
  end
  table.sort(keys, function(x, y)
    local tx, ty = type(x), type(y)
    if tx ~= ty then return tx < ty end
    if tx == "number" or tx == "string" then return x < y end
    return tostring(x) < tostring(y)
  end)
  return keys
end
local function plain(v) return type(v) == "table" and getmetatable(v) == nil end
local function difference(a, b, path, seen)
  if not (plain(a) and plain(b)) then
    if a == b then return nil end
    return path, a, b
  end
  if a == b then return nil end
  seen[a] = seen[a] or {}
  if seen[a][b] then return nil end
  seen[a][b] = true
  for _, k in ipairs(sortedKeys(a, b)) do
    local p, x, y = difference(a[k], b[k], path .. keyText(k), seen)
    if p then return p, x, y end
  end
  return nil
end
local function differs(a, b)
  local p, x, y = difference(a, b, "", {})
  if not p then return nil end
  return fmt("; first difference at %s: %s instead of %s", p == "" and "the value" or p, describe(x), describe(y))
end

-- A misspelled matcher or word of the chain is an error naming the nearest one, never
-- Lua's "attempt to call a nil value" (error path only).
local function distance(a, b, limit)
  if math.abs(#a - #b) > limit then return limit + 1 end
  local prev, before = {}, {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local v = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        v = math.min(v, before[j - 2] + 1)
      end
      cur[j] = v
    end
    before, prev = prev, cur
  end
  return prev[#b]
end
local function nearest(name, names)
  local limit = #name <= 3 and 1 or #name <= 6 and 2 or 3
  local best, bestDistance
  for _, n in ipairs(names) do
    local d = distance(name:lower(), n:lower(), limit)
    if d <= limit and (not best or d < bestDistance) then best, bestDistance = n, d end
  end
  return best
end
-- One metatable per kind of word, shared by every expectation: the names are gathered
-- only when a lookup misses.
local function strictMeta(what)
  return { __index = function(t, key)
    local names = {}
    for k in pairs(t) do names[#names + 1] = k end
    table.sort(names)
    local text = type(key) == "string" and fmt("'%s'", key) or describe(key)
    local near = type(key) == "string" and nearest(key, names)
    error(fmt("unknown %s %s in expect(…)%s", what, text,
              near and fmt("; did you mean '%s'?", near) or " (expected one of " .. table.concat(names, ", ") .. ")"), 2)
  end }
end
local matcherMeta, wordMeta = strictMeta("matcher"), strictMeta("word")

-- "file:line: " of the scenario line that made the failing expectation.
local function where()
  for level = 3, 30 do
    local info = getinfo(level, "Sl")
    if not info then break end
    if info.source ~= "=prelude" and info.currentline > 0 then
      return info.short_src .. ":" .. info.currentline .. ": "
    end
  end
  return ""
end

local function fail(message, subject, level)
  message = where() .. message
  -- `kitsim fix` re-runs a scenario with every failed expectation recorded, not raised, so
  -- that one run says every check a fix breaks.
  if softfail(message, isobject(subject) and subject or nil) then return end
  if isobject(subject) then
    message = message .. "\n" .. (sim.alive(subject) and sim.why(subject) or "") .. "\n" .. sim.history(subject)
  end
  error(setmetatable({ assertion = true, message = message }, Assertion), level or 3)
end

function expect(subject)
  local function make(negated)
    local checks = {}
    local function check(ok, what, extra)
      if negated then ok = not ok end
      if not ok then
        fail(fmt("expected %s %sto %s%s", describe(subject), negated and "not " or "", what, extra or ""), subject, 4)
      end
      return true
    end
    function checks.deallocated() return check(isobject(subject) and not sim.alive(subject), "be deallocated") end
    function checks.alive() return check(isobject(subject) and sim.alive(subject), "be alive") end
    -- `equal` is == except for two plain tables, which compare deeply as `same` does.
    function checks.equal(v)
      if plain(subject) and plain(v) then
        local d = differs(subject, v)
        return check(d == nil, "equal " .. describe(v), not negated and d or nil)
      end
      return check(subject == v, "equal " .. describe(v))
    end
    function checks.same(v)
      local d = differs(subject, v)
      return check(d == nil, "be the same as " .. describe(v), not negated and d or nil)
    end
    function checks.truthy() return check(subject and true or false, "be truthy") end
    function checks.falsy() return check(not subject, "be falsy") end
    function checks.empty()
      return check(type(subject) == "table" and next(subject) == nil, "be empty")
    end
    function checks.kind_of(class) return check(isobject(subject) and subject:isKind(class), "be kind of " .. tostring(class)) end
    -- `leak`: the object is on a report of sim.leaks() (an abandoned controller, a member
    -- of a retain cycle or kept alive by one). `to.leak()` that holds marks those reports
    -- expected, so that `kitsim test` does not fail the scenario for them at its end.
    function checks.leak()
      if not isobject(subject) then
        error(fmt("bad argument #1 to 'leak' (object expected, got %s)", type(subject)), 2)
      end
      local leaking, reports = leakState(subject, not negated)
      local extra
      if leaking then
        extra = ":\n  " .. reports:gsub("\n", "\n  ")
      elseif sim.alive(subject) then
        extra = " (no report of sim.leaks() names it: it is not an abandoned controller, nor on a retain cycle or kept alive by one)"
      else
        extra = " (it is deallocated)"
      end
      return check(leaking, "leak", extra)
    end
    function checks.retain_count(n)
      local rc = isobject(subject) and sim.retainCount(subject) or nil
      return check(rc == n, "have retain count " .. tostring(n), " (it is " .. tostring(rc) .. ")")
    end
    function checks.fail_with(name)
      if type(subject) ~= "function" then error("expect(f).to.fail_with: f must be a function", 2) end
      local ok, err = pcall(subject)
      local got = (not ok) and type(err) == "table" and err.name or (not ok and tostring(err)) or "no error"
      local matched = not ok and (got == name or (type(got) == "string" and got:find(name, 1, true) ~= nil))
      if negated then matched = not matched end
      if not matched then fail(fmt("expected the function %sto fail with %s, got %s", negated and "not " or "", name, tostring(got)), nil, 3) end
      return err
    end
    return checks
  end
  local positive, negative = make(false), make(true)
  local chain = { to = { be = positive, have = positive }, to_not = { be = negative, have = negative } }
  for k, f in pairs(positive) do chain.to[k] = f end
  for k, f in pairs(negative) do chain.to_not[k] = f end
  setmetatable(positive, matcherMeta); setmetatable(negative, matcherMeta)
  setmetatable(chain.to, matcherMeta); setmetatable(chain.to_not, matcherMeta)
  return setmetatable(chain, wordMeta)
end
return expect, fail
"""#
