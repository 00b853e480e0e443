-- Compares the runs scripts/conformance.sh made:
-- `lua5.4 compare.lua RUNDIR deliberate.txt docs/limits.md`.
-- For each snippet NAME.lua, RUNDIR has NAME.lua.{out,err,rc} from `lua5.4 NAME.lua` and
-- NAME.lua.kit.{out,err,rc} from `kitsim run NAME.lua`. What is compared:
--   stdout    byte for byte;
--   status    success (exit 0) or failure (any other exit: lua5.4 exits 1, kitsim 1-4);
--   message   of a failure: lua.c writes "lua5.4: MSG" and a traceback to stderr; kitsim's
--             report has a headline "== STATUS ==", then MSG, its traceback, the last
--             events and the leaks (neither after a syntax error). MSG is the text up
--             to "stack traceback:" (or the end of that part), so multi-line messages
--             compare whole; tracebacks are not
--             compared, since kitsim's report adds its own frames' context; the place
--             kitsim puts before a message that does not start with one is not compared;
--   warnings  the "Lua warning: " lines on stderr, in order.
-- Every difference must be listed in deliberate.txt ("name | row", the row being the
-- first cell of a row of the "Differences from stock Lua 5.4" table in docs/limits.md), and
-- every listed snippet must still differ.
local rundir, listfile, page = arg[1], arg[2], arg[3]

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

-- The table's rows: its section runs to the next `## ` heading or the end of the page.
local rows, nrows = {}, 0
local text = assert(read(page), "cannot read " .. page)
local section = text:match("\n## Differences from stock Lua 5%.4\n(.-)\n## ") or text:match("\n## Differences from stock Lua 5%.4\n(.*)$")
assert(section, page .. " has no section '## Differences from stock Lua 5.4'")
for line in section:gmatch("[^\n]+") do
  local cell = line:match("^|%s*(.-)%s*|")
  if cell and cell ~= "difference" and not cell:match("^[-:]+$") then rows[cell] = true; nrows = nrows + 1 end
end

-- The allowed differences.
local listed, problems = {}, {}
for line in assert(read(listfile), "cannot read " .. listfile):gmatch("[^\n]+") do
  if line:match("%S") and not line:match("^%s*#") then
    local name, row = line:match("^%s*([%w_]+)%s*|%s*(.-)%s*$")
    if not name then
      problems[#problems + 1] = "deliberate.txt: cannot read the line: " .. line
    elseif not rows[row] then
      problems[#problems + 1] = ("deliberate.txt: %s names the row '%s', which the table in %s does not have"):format(name, row, page)
    else
      listed[name] = row
    end
  end
end

local function status(rc) return tonumber(rc) == 0 and "success" or "failure (exit " .. rc:gsub("%s", "") .. ")" end
local function lua_message(err)
  local body = err:match("\n" .. "lua5%.4: (.*)$") or err:match("^lua5%.4: (.*)$")
  if not body then return nil end
  return (body:match("^(.-)\nstack traceback:") or body:gsub("\n$", ""))
end
local function kitsim_message(err)
  -- The report's sections after the message: last events, leaks (a syntax error has none).
  local body = err:match("\n== [%u ]+ ==\n(.-)\n\nlast events:") or err:match("\n== [%u ]+ ==\n(.-)\n\nleaks")
    or err:match("\n== [%u ]+ ==\n(.-)\n*$")
  if not body then return nil end
  return (body:match("^(.-)\nstack traceback:") or body)
end
local function warnings(err)
  local w = {}
  for line in err:gmatch("[^\n]+") do
    if line:match("^Lua warning: ") then w[#w + 1] = line end
  end
  return table.concat(w, "\n")
end
local function show(s)
  s = s or "(none)"
  if #s > 300 then s = s:sub(1, 300) .. "..." end
  return (s:gsub("[^\n\t\32-\126]", function(c) return ("\\x%02X"):format(c:byte()) end):gsub("\n", "\n        "))
end

local names = {}
local p = assert(io.popen("ls '" .. rundir .. "'"))
for f in p:lines() do
  local n = f:match("^([%w_]+)%.lua$")
  if n then names[#names + 1] = n end
end
p:close()
table.sort(names)

local differing, byrow = 0, {}
for _, n in ipairs(names) do
  local base = rundir .. "/" .. n .. ".lua"
  local lo, le, lr = read(base .. ".lua.out"), read(base .. ".lua.err"), read(base .. ".lua.rc")
  local ko, ke, kr = read(base .. ".kit.out"), read(base .. ".kit.err"), read(base .. ".kit.rc")
  local diffs = {}
  if not (lo and le and lr and ko and ke and kr) then
    diffs[#diffs + 1] = "  a run is missing"
  else
    if lo ~= ko then
      -- The first line that differs, with its number.
      local ll, kl, i = {}, {}, 1
      for l in (lo .. "\n"):gmatch("(.-)\n") do ll[#ll + 1] = l end
      for l in (ko .. "\n"):gmatch("(.-)\n") do kl[#kl + 1] = l end
      while ll[i] == kl[i] and i <= #ll do i = i + 1 end
      diffs[#diffs + 1] = ("  stdout, line %d:\n    lua5.4: %s\n    kitsim: %s"):format(i, show(ll[i]), show(kl[i]))
    end
    local ls, ks = status(lr), status(kr)
    if (ls == "success") ~= (ks == "success") then diffs[#diffs + 1] = "  status: lua5.4 " .. ls .. ", kitsim " .. ks end
    if ls ~= "success" and ks ~= "success" then
      local lm, km = lua_message(le), kitsim_message(ke)
      -- A message that does not say where it was raised (a table, nil, a level that
      -- points into C) gets its place in kitsim's headline: "file:line: " + stock's.
      if lm and km and km ~= lm and km:sub(-#lm - 1) == " " .. lm and km:sub(1, -#lm - 2):match("^[^\n]-:%d+:$") then
        km = lm
      end
      if lm ~= km then diffs[#diffs + 1] = "  message:\n    lua5.4: " .. show(lm) .. "\n    kitsim: " .. show(km) end
    end
    local lw, kw = warnings(le), warnings(ke)
    if lw ~= kw then diffs[#diffs + 1] = "  warnings:\n    lua5.4: " .. show(lw) .. "\n    kitsim: " .. show(kw) end
  end
  if #diffs > 0 then
    differing = differing + 1
    if listed[n] then
      byrow[listed[n]] = (byrow[listed[n]] or 0) + 1
    else
      problems[#problems + 1] = n .. ".lua differs from stock Lua and deliberate.txt does not list it:\n" .. table.concat(diffs, "\n")
    end
  elseif listed[n] then
    problems[#problems + 1] = n .. ".lua is listed in deliberate.txt (" .. listed[n] .. ") but no longer differs"
  end
  listed[n] = listed[n] and false
end
for n, row in pairs(listed) do
  if row then problems[#problems + 1] = "deliberate.txt lists " .. n .. ", which is no snippet" end
end

if #problems > 0 then
  table.sort(problems)
  for _, m in ipairs(problems) do io.stderr:write("conformance: ", m, "\n") end
  io.stderr:write(("conformance: %d snippets, %d differ, %d problems\n"):format(#names, differing, #problems))
  os.exit(1)
end
print(("conformance: %d snippets, %d differ, all deliberate (%d rows of %s)"):format(#names, differing, nrows, page))
