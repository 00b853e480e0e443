-- The generated snippets of the conformance test, written to standard output in
-- snippets.lua's format ("--- name" lines). Deterministic: the same text on every run.
-- Each snippet evaluates a group of expressions under pcall and prints each result (or
-- error message), so one snippet covers one function or operator over many arguments.
local out = {}
local function snippet(name, body) out[#out + 1] = "--- " .. name .. "\n" .. body .. "\n" end

-- A snippet that prints `label → results` for each expression: the results of
-- pcall(function() return EXPR end), error messages included.
local function cases(name, exprs)
  local b = { "local function plain(v)\n  local t = type(v)\n  if t == 'table' or t == 'function' or t == 'thread' or t == 'userdata' then return t end\n  return tostring(v)\nend\nlocal function show(label, ok, ...)\n  local t = table.pack(...)\n  for i = 1, t.n do t[i] = plain(t[i]) end\n  print(label, ok, table.concat(t, ' ', 1, t.n))\nend" }
  for _, e in ipairs(exprs) do
    b[#b + 1] = ("show(%q, pcall(function() return %s end))"):format(e, e)
  end
  snippet(name, table.concat(b, "\n"))
end

-- string.format: each specifier over values of every kind.
local values = { "0", "1", "-1", "42", "3.5", "-0.0", "1e300", "1/0", "-1/0", "0/0", "math.maxinteger", "math.mininteger",
                 "2^53", "'12'", "'x'", "''", "nil", "true", "setmetatable({}, { __tostring = function() return 'T' end })", "'a\\0b'" }
local specs = { "%d", "%5d", "%-5d|", "%05d", "%+d", "%x", "%X", "%#x", "%o", "%c", "%i", "%u",
                "%f", "%.3f", "%10.2f", "%e", "%.0e", "%E", "%g", "%.3g", "%G", "%a", "%A",
                "%s", "%.1s", "%10s", "%-10s|", "%q", "%%" }
for i, spec in ipairs(specs) do
  local exprs = {}
  for _, v in ipairs(values) do exprs[#exprs + 1] = ("string.format(%q, %s)"):format(spec, v) end
  cases(("gen_format_%02d"):format(i), exprs)
end
cases("gen_format_errors", { "string.format('%10.123f', 1)", "string.format('%1234d', 1)", "string.format('%', 1)",
  "string.format('%z', 1)", "string.format('%d %d', 1)", "string.format()", "string.format(1)", "string.format('%5q', 'x')",
  "string.format('%-#10x', 255)", "string.format('% d', 5)", "string.format('%.99f', 1)", "string.format('%099d', 1)" })

-- math functions over edge values.
local edges = { "0", "-0.0", "1", "-1", "2", "-2", "0.5", "-0.5", "1/0", "-1/0", "0/0", "1e308", "-1e308", "5e-324",
                "math.pi", "math.maxinteger", "math.mininteger", "3", "-3", "2^53", "'10'", "'x'", "nil" }
local fns1 = { "abs", "ceil", "floor", "sqrt", "exp", "log", "sin", "cos", "tan", "asin", "acos", "atan", "tointeger",
               "modf", "type" }
for _, fn in ipairs(fns1) do
  local exprs = {}
  for _, v in ipairs(edges) do exprs[#exprs + 1] = ("math.%s(%s)"):format(fn, v) end
  cases("gen_math_" .. fn, exprs)
end
local fns2 = { { "fmod", "1" }, { "fmod", "0" }, { "fmod", "-2.5" }, { "log", "2" }, { "log", "10" }, { "log", "3" },
               { "atan", "1" }, { "atan", "-1" }, { "max", "0" }, { "min", "0" }, { "ult", "1" }, { "log", "0" } }
for i, f in ipairs(fns2) do
  local exprs = {}
  for _, v in ipairs(edges) do exprs[#exprs + 1] = ("math.%s(%s, %s)"):format(f[1], v, f[2]) end
  cases(("gen_math2_%s_%02d"):format(f[1], i), exprs)
end

-- Arithmetic, bitwise and comparison operators over mixed operands.
local operands = { "1", "-7", "2.5", "0", "0.0", "-0.0", "1/0", "0/0", "math.maxinteger", "math.mininteger", "'3'", "'0x10'",
                   "'2.5'", "'a'", "true", "nil", "{}" }
local ops = { "+", "-", "*", "/", "//", "%", "^", "&", "|", "~", "<<", ">>", "..", "==", "<", "<=" }
for i, op in ipairs(ops) do
  local exprs = {}
  for _, a in ipairs(operands) do
    for _, b in ipairs({ "2", "-3", "0", "0.5", "'4'", "nil" }) do exprs[#exprs + 1] = ("(%s) %s (%s)"):format(a, op, b) end
  end
  cases(("gen_op_%02d"):format(i), exprs)
end
cases("gen_op_unary", (function()
  local e = {}
  for _, a in ipairs(operands) do
    e[#e + 1] = "-(" .. a .. ")"; e[#e + 1] = "~(" .. a .. ")"; e[#e + 1] = "#(" .. a .. ")"; e[#e + 1] = "not (" .. a .. ")"
  end
  return e
end)())

-- String functions over arguments.
local subjects = { "'hello world'", "''", "'a'", "'\\0x\\0'", "'ÄÖ'", "'12345'" }
local calls = {
  { "sub", { "", "2", "-3", "0", "2, 3", "-100, 100", "3, 2", "'2'", "1.5", "{}" } },
  { "byte", { "", "1", "-1", "1, -1", "0", "10", "2, 1" } },
  { "rep", { "0", "1", "3", "2, '-'", "-1", "'2'", "1.5" } },
  { "find", { "'o'", "'l+'", "'o', 6", "'.', 1, true", "'%s'", "'(o)(r)'", "''", "'', 100", "'[a-'", "'x', -100" } },
  { "match", { "'%w+'", "'(%w+) (%w+)'", "'()o()'", "'%d+'", "'^h'", "'$'", "'(%'", "'%bxy'", "'%f[%w]%w+'" } },
  { "gsub", { "'o', '0'", "'%w+', '<%0>'", "'', '-'", "'l', '%1'", "'(l)', '%2'", "'.', {l = 'L'}", "'%w', '%%'", "'x', 'y', -1", "'o', 'O', 1" } },
  { "upper", { "" } }, { "lower", { "" } }, { "len", { "" } }, { "reverse", { "" } },
  { "format", { "", "1" } },
}
for _, c in ipairs(calls) do
  local exprs = {}
  for _, s in ipairs(subjects) do
    for _, a in ipairs(c[2]) do exprs[#exprs + 1] = ("string.%s(%s%s)"):format(c[1], s, a == "" and "" or ", " .. a) end
  end
  cases("gen_string_" .. c[1], exprs)
end
cases("gen_string_errors", { "string.sub()", "string.sub({})", "string.rep()", "string.byte('a', {})", "string.char('x')",
  "string.char(1, 2, 300)", "('x'):bad()", "string.upper()", "string.len(1)", "string.reverse(nil)", "string.find('a', nil)",
  "string.gmatch()", "string.gsub('a', 'a')", "string.gsub('a', 'a', true)", "string.gsub('a', '(', 'b')", "string.pack('i0', 1)" })

-- tostring / tonumber conversions.
local strs = { "'10'", "' 10 '", "'0x1p4'", "'1e1'", "'.5'", "'5.'", "'0x'", "'1e'", "'inf'", "'nan'", "'  -0x10  '",
               "'9223372036854775807'", "'9223372036854775808'", "'-9223372036854775809'", "'1_000'", "'0b101'", "'\\t12\\n'" }
local e1, e2 = {}, {}
for _, s in ipairs(strs) do
  e1[#e1 + 1] = "tonumber(" .. s .. ")"
  e1[#e1 + 1] = "math.type(tonumber(" .. s .. "))"
  e2[#e2 + 1] = s .. " + 0"
  e2[#e2 + 1] = s .. " | 0"
end
cases("gen_tonumber", e1)
cases("gen_coercion", e2)
local bases = {}
for _, b in ipairs({ "2", "8", "10", "16", "36", "1", "37", "'10'" }) do
  for _, s in ipairs({ "'101'", "'ff'", "'FF'", "'zz'", "' 11 '", "'-11'", "'1.0'", "10" }) do bases[#bases + 1] = ("tonumber(%s, %s)"):format(s, b) end
end
cases("gen_tonumber_base", bases)
local tos = {}
for _, v in ipairs({ "1", "-0.0", "1e15", "1e16", "2^63", "0.1", "1/3", "100", "100.0", "-1e-7", "123456789012", "2^-1074", "math.pi" }) do
  tos[#tos + 1] = "tostring(" .. v .. ")"
  tos[#tos + 1] = v .. " .. ''"
end
cases("gen_tostring", tos)

-- Metamethods: each event through each operator or access, with the metamethod present,
-- absent, and raising.
local events = {
  { "__add", "a + 1" }, { "__sub", "1 - a" }, { "__mul", "a * a" }, { "__div", "a / 2" }, { "__mod", "a % 2" },
  { "__pow", "2 ^ a" }, { "__unm", "-a" }, { "__idiv", "a // 1" }, { "__band", "a & 1" }, { "__bor", "1 | a" },
  { "__bxor", "a ~ a" }, { "__shl", "a << 1" }, { "__shr", "a >> 1" }, { "__bnot", "~a" }, { "__concat", "a .. 'x'" },
  { "__len", "#a" }, { "__eq", "a == setmetatable({}, getmetatable(a))" }, { "__lt", "a < a" }, { "__le", "a <= a" },
  { "__index", "a.key" }, { "__call", "a(1, 2)" }, { "__close", "(function() local x <close> = a end)()" },
}
for _, ev in ipairs(events) do
  local b = {
    "local function show(label, ok, ...) local t = table.pack(...) for i = 1, t.n do local v = t[i] t[i] = type(v) == 'table' and 'table' or tostring(v) end print(label, ok, table.concat(t, ' ', 1, t.n)) end",
    ("local a = setmetatable({}, { %s = function(...) return select('#', ...), 'mm' end })"):format(ev[1]),
    ("show('present', pcall(function() return %s end))"):format(ev[2]),
    "a = setmetatable({}, {})",
    ("show('absent', pcall(function() return %s end))"):format(ev[2]),
    ("a = setmetatable({}, { %s = function() error('raised in %s') end })"):format(ev[1], ev[1]),
    ("show('raising', pcall(function() return %s end))"):format(ev[2]),
    ("a = setmetatable({}, { %s = 42 })"):format(ev[1]),
    ("show('not a function', pcall(function() return %s end))"):format(ev[2]),
  }
  snippet("gen_meta" .. ev[1], table.concat(b, "\n"))
end

-- Table functions over arguments.
local tcalls = { "table.concat({1, 2, 3}, %s)", "table.unpack({1, 2, 3}, %s)", "table.insert({1, 2}, %s)",
                 "table.remove({1, 2, 3}, %s)", "select(%s, 'a', 'b', 'c')", "table.move({1, 2, 3}, %s, 2, 1)",
                 "string.rep('ab', %s)", "utf8.char(%s)", "utf8.codepoint('häll€', %s)", "utf8.offset('häll€', %s)" }
local targs = { "1", "-1", "0", "2", "4", "'2'", "1.0", "1.5", "nil", "{}", "'x'", "math.maxinteger", "math.mininteger" }
for i, c in ipairs(tcalls) do
  local exprs = {}
  for _, a in ipairs(targs) do exprs[#exprs + 1] = c:format(a) end
  cases(("gen_args_%02d"):format(i), exprs)
end

-- Base functions' argument errors (the messages name the function).
local base = { "pcall()", "xpcall(print)", "select()", "select('x')", "rawget()", "rawget(1)", "rawset({})", "rawequal(1)",
  "rawlen()", "setmetatable()", "getmetatable()", "tostring()", "tonumber()", "tonumber('1', 99)", "ipairs()", "pairs()",
  "next()", "next(1)", "type()", "assert()", "error()", "load()", "load(1)", "load('x', 'n', 'q')", "loadfile(1)",
  "dofile(1)", "coroutine.resume()", "coroutine.resume(1)", "coroutine.wrap(1)", "coroutine.status()", "coroutine.close()",
  "coroutine.isyieldable(1)", "collectgarbage('x')", "collectgarbage(1)", "require()", "unpack", "warn()", "warn(1)",
  "print(setmetatable({}, {__tostring = function() return {} end}))", "math.floor()", "string.rep('x')", "table.concat()",
  "table.sort(1)", "table.insert()", "os.time({})", "io.write({})", "utf8.len(1, 2, 3)" }
cases("gen_base_argument_errors", base)

-- The bytes of every string a script makes reach standard output unchanged.
local bytes = {}
for hi = 0, 15 do
  local parts = {}
  for lo = 0, 15 do parts[#parts + 1] = ("\\x%X%X"):format(hi, lo) end
  bytes[#bytes + 1] = ("print(\"%s\")"):format(table.concat(parts))
end
snippet("gen_bytes_print", table.concat(bytes, "\n"))
snippet("gen_bytes_source", "print(\"caf\xE9\", #\"caf\xE9\", \"\xff\xfe\", #\"\xc3\x28\")")
snippet("gen_bytes_bom", "\xEF\xBB\xBFprint(\"after the byte order mark\")")
snippet("gen_bytes_bom_shebang", "\xEF\xBB\xBF#!/usr/bin/lua\nprint(\"after both\")")
snippet("gen_bytes_io_write", "io.write(\"\\xff\\x00\\x80\", \"\\n\") print(#\"\\u{FFFD}\")")

-- To-be-closed variables: n of them closed in reverse order, normally, on error, on break,
-- on return from a nested block and on goto out of the block.
for n = 1, 4 do
  for _, exit in ipairs({ "normal", "error", "break", "return", "goto" }) do
    local b = { "local function closer(i) return setmetatable({}, { __close = function(_, e) print('close', i, e) end }) end",
                "local function run()", "  for _ = 1, 1 do" }
    for i = 1, n do b[#b + 1] = ("    local v%d <close> = closer(%d)"):format(i, i) end
    if exit == "error" then b[#b + 1] = "    error('stop', 0)"
    elseif exit == "break" then b[#b + 1] = "    break"
    elseif exit == "return" then b[#b + 1] = "    do return 'returned' end"
    elseif exit == "goto" then b[#b + 1] = "    goto out" end
    b[#b + 1] = "  end"
    b[#b + 1] = "  ::out::"
    b[#b + 1] = "  return 'end'"
    b[#b + 1] = "end"
    b[#b + 1] = "print(pcall(run))"
    snippet(("gen_tbc_%d_%s"):format(n, exit), table.concat(b, "\n"))
  end
end

io.write(table.concat(out))
