-- Splits snippet files into one file per snippet: `lua5.4 split.lua OUTDIR FILE...`.
-- A snippet starts at a line `--- name` (letters, digits, '_'); its text runs to the next
-- such line. Names must be unique; the snippet's file is OUTDIR/name.lua.
local out = assert(arg[1], "usage: split.lua OUTDIR FILE...")
assert(os.execute("mkdir -p '" .. out .. "'"))
local seen, count = {}, 0
for i = 2, #arg do
  local f = assert(io.open(arg[i], "rb"))
  local text = f:read("a")
  f:close()
  local name, body = nil, {}
  local function flush()
    if name then
      assert(not seen[name], "duplicate snippet name " .. name)
      seen[name] = true
      local g = assert(io.open(out .. "/" .. name .. ".lua", "wb"))
      g:write(table.concat(body))
      g:close()
      count = count + 1
    end
  end
  for line in text:gmatch("[^\n]*\n?") do
    if line == "" then break end
    local n = line:match("^%-%-%- ([%w_]+)%s*$")
    if n then flush(); name, body = n, {} elseif name then body[#body + 1] = line end
  end
  flush()
end
