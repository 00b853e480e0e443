/// Lua side of the REPL: the pretty printer (objects as `<UINavigationController #12
/// rc=2>`, tables with depth and item limits, cycle marks and sorted keys — never an
/// address, rule 3). A value at the prompt that is a string prints raw, as lua.c prints
/// it; strings inside tables print quoted. Returns the printer and its settings table
/// (`:set depth 4`, `:set items 50`).
let replPrelude = #"""
local settings = { depth = 2, items = 20 }
local fmt, tostring, type, sort, concat = string.format, tostring, type, table.sort, table.concat

local function object(v)
  local name = tostring(v):gsub("#", " #", 1)
  if sim.alive(v) then return fmt("<%s rc=%d>", name, sim.retainCount(v)) end
  return fmt("<%s deallocated>", name)
end

local typeOrder = { number = 1, string = 2, boolean = 3 }
local function keyLess(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (typeOrder[ta] or 9) < (typeOrder[tb] or 9) end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local pretty
local function tableText(t, depth, seen)
  if seen[t] then return "<cycle>" end
  local mt = getmetatable(t)
  -- KitSim's own values (CGRect, exceptions, leaks) protect their metatables and print
  -- themselves; a script's metatable prints through its __tostring.
  if type(mt) == "string" or (type(mt) == "table" and mt.__tostring) then return tostring(t) end
  local maxItems = settings.items
  if depth >= settings.depth then return "{…}" end
  seen[t] = true
  local parts, n = {}, #t
  for i = 1, math.min(n, maxItems) do parts[#parts + 1] = pretty(t[i], depth + 1, seen) end
  local keys = {}
  for k in pairs(t) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, keyLess)
  for _, k in ipairs(keys) do
    if #parts >= maxItems then break end
    local ks = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. pretty(k, depth + 1, seen) .. "]")
    parts[#parts + 1] = ks .. " = " .. pretty(t[k], depth + 1, seen)
  end
  local total = n + #keys
  if total > maxItems then parts[#parts + 1] = fmt("… (%d more)", total - maxItems) end
  seen[t] = nil
  return "{ " .. concat(parts, ", ") .. (#parts > 0 and " }" or "}")
end

pretty = function(v, depth, seen)
  depth, seen = depth or 0, seen or {}
  local t = type(v)
  if sim.isObject(v) then return object(v) end
  if t == "string" then return depth == 0 and v or fmt("%q", v) end
  if t == "table" then return tableText(v, depth, seen) end
  if t == "function" then return "<function>" end
  if t == "userdata" or t == "thread" then return "<" .. t .. ">" end
  return tostring(v)
end

return function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = pretty((select(i, ...)), 0, {}) end
  return concat(parts, "\t")
end, settings
"""#
