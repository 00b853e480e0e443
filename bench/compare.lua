-- Joins two outputs of the benchmarks (a baseline's and this checkout's, as bench/run.sh
-- --baseline writes them) into one before/after table: each row of the second output
-- beside the row of the same section and measurement in the first.
--   lua5.4 bench/compare.lua BEFORE.txt AFTER.txt
-- Rows are the Markdown table rows the benchmarks print: `| measurement | KitSim | floor |
-- ratio | target | result |` (kitsim-lua-bench) and `| measurement | simulated | native |
-- ratio / target | result |` (kitsim-bench). A section is a row whose first cell is bold.

local function cells(line)
  local out = {}
  for cell in line:gmatch("|([^|]*)") do out[#out + 1] = cell:match("^%s*(.-)%s*$") end
  out[#out] = nil -- the empty cell after the last bar
  return out
end

-- Every table row of a file, in order, keyed by section and measurement.
local function read(path)
  local rows, order, section = {}, {}, ""
  local file = assert(io.open(path, "rb"))
  for line in file:lines() do
    if line:match("^|") and not line:match("^|%-") then
      local c = cells(line)
      if c[1] == "measurement" then
        -- A new table: the heap benchmark's has no sections of its own.
        section = c[2] == "simulated" and "**the heap (kitsim-bench)**" or ""
        if section ~= "" then order[#order + 1] = { section = section } end
      elseif c[1]:match("^%*%*") then
        section = c[1]
        order[#order + 1] = { section = section }
      else
        local key = section .. "\0" .. c[1]
        rows[key] = c
        order[#order + 1] = { key = key, cells = c }
      end
    end
  end
  file:close()
  return rows, order
end

local before = read(assert(arg[1], "usage: compare.lua BEFORE AFTER"))
local _, after = read(assert(arg[2], "usage: compare.lua BEFORE AFTER"))

local out = {
  "| measurement | before | after | floor / native | ratio before → after | target | result |",
  "|---|---:|---:|---:|---|---|---|",
}
for _, row in ipairs(after) do
  if row.section then
    out[#out + 1] = "| " .. row.section .. " | | | | | | |"
  else
    local a, b = row.cells, before[row.key]
    local ratio, target, result
    if #a >= 6 then -- kitsim-lua-bench: measurement, KitSim, floor, ratio, target, result
      ratio, target, result = a[4], a[5], a[6]
    else -- kitsim-bench: measurement, simulated, native, ratio / target, result
      ratio, target = (a[4] or ""):match("^(.-)%s*/%s*(.*)$")
      ratio, target, result = ratio or a[4], target or "—", a[5]
    end
    local old = "—"
    if b then old = (#b >= 6 and b[4]) or ((b[4] or ""):match("^(.-)%s*/") or b[4]) end
    out[#out + 1] = string.format("| %s | %s | %s | %s | %s → %s | %s | %s |", a[1], b and b[2] or "—",
                                  a[2], a[3], old, ratio, target, result or "")
  end
end
print(table.concat(out, "\n"))
