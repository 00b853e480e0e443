-- Hand-written snippets of the conformance test (scripts/conformance.sh): each starts at
-- a line "--- name" and runs as its own file under lua5.4 and kitsim run. Keep each
-- deterministic under stock Lua too: no addresses, no clock, no pairs over string keys
-- printed in traversal order (stock's order changes from run to run).

--- base_print_values
print(1, 2.5, "s", nil, true, false, 1e100, -0.0, 2^63, math.maxinteger, 1/0, -1/0)
--- base_print_none
print()
print("")
print(nil)
--- base_print_bytes
print("\xff\xfe", "caf\xE9", #"caf\xE9", "\0mid\0")
io.write("\xc3\x28", "\n")
--- base_print_tostring_meta
print(setmetatable({}, { __tostring = function() return "custom" end }))
print(setmetatable({}, { __name = "MyType" }) ~= nil)
--- base_print_tostring_bad
print(pcall(print, setmetatable({}, { __tostring = function() return 1 end })))
--- base_print_is_c
print(pcall(string.dump, print))
print(debug.getinfo(print).what)
--- base_print_without_table
table = nil
print(1, 2)
--- base_print_without_tostring
tostring = nil
print(1, "x")
--- base_print_many_values
-- Thousands of values through print, io.write and string.format: print's line buffer
-- grows many times, with a separator landing where it is full.
local t = {} for i = 1, 5000 do t[i] = i end
print(table.unpack(t))
print(table.unpack(t, 1, 2000))
local s = {} for i = 1, 3000 do s[i] = ("x"):rep(i % 37) end
print(table.unpack(s))
io.write(table.unpack(t)) io.write("\n")
print(#string.format(("%d,"):rep(200), table.unpack(t)))
print(select("#", table.unpack(t)), #table.pack(table.unpack(t)))
--- base_many_values_coroutines
local t = {} for i = 1, 5000 do t[i] = i end
local co = coroutine.create(function(...) local n = select("#", ...) return n, coroutine.yield(table.unpack(t)) end)
print(select("#", coroutine.resume(co, table.unpack(t))))
print(select("#", coroutine.resume(co, table.unpack(t))))
local w = coroutine.wrap(function(...) coroutine.yield(...) return table.unpack(t) end)
print(select("#", w(table.unpack(t))), select("#", w()))
print(select("#", pcall(table.unpack, t)), select("#", xpcall(table.unpack, print, t)))
local big = {} for i = 1, 990000 do big[i] = i end
print(pcall(function(...) return select("#", ...) end, table.unpack(big)))
--- base_type
print(type(nil), type(1), type("x"), type({}), type(print), type(coroutine.create(print)), type(true))
print(pcall(type))
--- base_tostring_tonumber
print(tostring(12), tostring(1.5), tostring(-0.0), tonumber("0x10"), tonumber("  12  "), tonumber("1e2"), tonumber("z", 36), tonumber("ff", 16), tonumber("8", 8), tonumber(""), tonumber("1 2"))
print(pcall(tonumber, "1", 1), pcall(tonumber, 1, 10))
--- base_select
print(select("#"), select("#", nil, nil), select(2, "a", "b", "c"), select(-1, "a", "b"))
print(pcall(select, 0, 1))
--- base_rawfunctions
local t = setmetatable({}, { __index = function() return "meta" end, __newindex = function() error("no") end, __len = function() return 99 end, __eq = function() return true end })
rawset(t, "a", 1)
print(rawget(t, "a"), t.b, rawget(t, "b"), rawlen(t), #t, rawequal(t, {}), t == setmetatable({}, getmetatable(t)))
print(pcall(rawset, 1, 2, 3))
print(pcall(rawlen, 5))
--- base_assert
print(pcall(assert, false))
print(pcall(assert, nil, "msg"))
print(pcall(assert, 1, 2, 3))
print(select("#", pcall(assert)))
--- base_error_levels
local function f() error("lvl1") end
local function g() error("lvl2", 2) end
local function h() error("lvl0", 0) end
print(pcall(f)) print(pcall(g)) print(pcall(h))
print(pcall(error))
print(pcall(error, nil))
--- base_error_table_value
local ok, e = pcall(error, { code = 42 })
print(ok, type(e), e.code)
--- base_ipairs
local t = { 1, 2, nil, 4 }
for i, v in ipairs(t) do print(i, v) end
local p = setmetatable({}, { __index = function(_, i) if i <= 3 then return i * 10 end end })
for i, v in ipairs(p) do print(i, v) end
print(pcall(ipairs))
--- base_next
print(next({}))
print(next({ 10 }))
print(pcall(next, {}, "nokey"))
print(pcall(next))
--- base_pairs_array
local t = { "a", "b", "c" }
for k, v in pairs(t) do print(k, v) end
print(pairs(t) == next, select("#", pairs(t)))
--- base_pairs_empty
print(pairs({}) == next)
for k in pairs({}) do print(k) end
--- base_pairs_nil
print(pcall(pairs))
print(select("#", pairs(nil)), pairs(nil) == next)
for k in pairs(nil) do end
--- base_pairs_number
for k in pairs(5) do end
--- base_pairs_meta
local t = setmetatable({}, { __pairs = function(t) return function(_, k) if not k then return 1, "one" end end, t, nil end })
for k, v in pairs(t) do print(k, v) end
--- base_pairs_meta_yields
local t = setmetatable({}, { __pairs = function(t) coroutine.yield("inside") return next, { 7 }, nil end })
local co = coroutine.wrap(function() for k, v in pairs(t) do print(k, v) end return "done" end)
print(co()) print(co())
--- base_pairs_clear_during
local t = { 1, 2, 3, 4 }
for k in pairs(t) do t[k] = nil end
print(next(t))
--- base_pairs_sorted_strings
local t = { b = 1, a = 2, c = 3 }
local keys = {}
for k in pairs(t) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, ","))
--- base_pairs_hash_ints
local t = {}
t[100] = 1 t[3] = 2 t[-5] = 3 t[42] = 4 t[7] = 5
for k, v in pairs(t) do print(k, v) end
--- base_pairs_mixed
local t = { 10, 20, x = 1, [2.5] = "f" }
local n = 0
for k, v in pairs(t) do n = n + 1 end
print(n)
--- base_pairs_iterator_arguments
local t = { 30, 10, 20, zz = 1 }
local f, s, c = pairs(t)
print(type(f), s == t, c)
--- base_collectgarbage
print(collectgarbage("isrunning"), type(collectgarbage("count")), collectgarbage("step", 0) ~= nil, collectgarbage())
print(collectgarbage("incremental"), collectgarbage("generational"), collectgarbage("incremental"))
print(pcall(collectgarbage, "bogus"))
--- base_collectgarbage_mode
print(collectgarbage("generational"))
--- base_gc_finalizer
local t = setmetatable({}, { __gc = function() end })
print("set")
--- base_warn_on
warn("@on")
warn("x")
warn("multi", "part")
warn("@off")
warn("hidden")
print("done")
--- base_warn_off
warn("silent")
print(pcall(warn))
print(pcall(warn, {}))
--- base_arg
print(arg[0], arg[1], arg[2], #arg, ...)
print(select("#", ...))
--- base_arg_negative
print(arg[-1] ~= nil)
--- base_dofile_error
print(pcall(dofile, "no_such_file.lua"))
--- base_loadfile_missing
print(loadfile("no_such_file.lua"))
--- base_version
print(_VERSION)
--- base_G
print(_G._G == _G, _G.print == print, _ENV == _G)
--- base_globals_extra
local extra = {}
for _, n in ipairs({ "sim", "expect", "UIView", "CGRect", "UIWindow" }) do extra[#extra + 1] = tostring(rawget(_G, n) ~= nil) end
print(table.concat(extra, " "))
--- base_getmetatable_string
print(getmetatable("").__index == string, getmetatable(1), getmetatable({}))
print(getmetatable(setmetatable({}, { __metatable = "locked" })))
print(pcall(setmetatable, setmetatable({}, { __metatable = 1 }), {}))
print(pcall(setmetatable, 1, {}))
print(pcall(setmetatable, {}, 1))
--- base_tostring_integer_float
print(1, 1.0, -1.0, 3 // 1, 3.0 // 1, 7 / 2, 2^53, 1e15, 1e16, 123456789012345678)
print(0x7fffffffffffffff + 1, math.mininteger // -1, 5 // 0.0, -5 // 0.0, 0/0 ~= 0/0)
--- base_integer_division_errors
print(pcall(function() return 1 // 0 end))
print(pcall(function() return 1 % 0 end))
print(1.0 // 0, 1 % 0.0 ~= 1 % 0.0)
--- base_string_coercion
print("10" + 5, "3" * "4", 10 .. 20, "0x10" + 0, pcall(function() return "a" + 1 end))
print(pcall(function() return {} .. "" end))
--- base_comparison_errors
print(pcall(function() return 1 < "2" end))
print(pcall(function() return {} < {} end))
print(1 == 1.0, "1" == 1, 0.1 + 0.2 == 0.3, math.maxinteger + 0.0 == math.maxinteger)
--- base_length_errors
print(pcall(function() return #5 end))
print(pcall(function() local x; return x.y end))
print(pcall(function() local t = {}; return t.a.b end))
print(pcall(function() undefinedfn() end))
print(pcall(function() local s = "x"; s:nomethod() end))
--- base_call_errors
print(pcall(function() local t = {} t.f() end))
print(pcall(function() return ("x")() end))
print(pcall(function() return math.floor("a") end))
print(pcall(function() return ("x"):rep(1, 2, 3, {}) end))
--- base_bitwise_errors
print(pcall(function() return 1.5 | 0 end))
print(pcall(function() return "a" | 0 end))
print(pcall(function() return {} & 1 end))
print(3 & 5, 3 | 5, 3 ~ 5, ~0, 1 << 63, 1 << 64, -1 >> 1, "3" | 0, 2.0 | 1)
--- base_for_errors
print(pcall(function() for i = 1, "x" do end end))
print(pcall(function() for i = 1, 10, 0 do end end))
print(pcall(function() for i = "a", 2 do end end))
for i = 3, 1, -1 do io.write(i, " ") end print()
for i = 1.0, 2 do io.write(i, " ") end print()
for i = math.maxinteger - 1, math.maxinteger do io.write(i, " ") end print()
--- base_varargs
local function f(...) return select("#", ...), ... end
print(f()) print(f(nil)) print(f(1, nil, 3)) print((f(1, 2)))
local function g(...) local a, b = ... return a, b end
print(g(1)) print(table.pack(f(1, 2)).n)
--- base_multiple_assignment
local a, b, c = (function() return 1, 2, 3 end)()
local x, y = 1
print(a, b, c, x, y)
local t = {}
t[1], t[2] = 2, 1
print(t[1], t[2])
--- base_closures
local fs = {}
for i = 1, 3 do fs[i] = function() return i end end
print(fs[1](), fs[2](), fs[3]())
local function counter() local n = 0 return function() n = n + 1 return n end end
local c = counter() c() print(c())
--- base_integer_overflow
print(math.maxinteger + 1 == math.mininteger, math.mininteger - 1, -math.mininteger, math.maxinteger * 2)
--- base_string_escapes
print("\65\066\x43\u{44}\u{7FF}\u{FFFF}", "a\z
      b", "tab\tend", '\'', "\\")
print(#"\u{10FFFF}", #"\u{7FFFFFFF}")
--- base_long_strings
print([[
first line
second]], [==[with ]] inside]==])
--- base_comments
--[[ block
comment ]] print("after block")
--[==[ another ]==] print("after level")
--- base_shebang
#!/usr/bin/env lua
print("shebang skipped")
--- base_syntax_error
print("never")
local x = = 1
--- base_syntax_error_eof
local function f()
--- base_syntax_error_string
local s = "unfinished
--- base_goto
for i = 1, 3 do
  for j = 1, 3 do
    if j == 2 then goto continue end
    io.write(i, j, " ")
    ::continue::
  end
end
print()
do goto skip; print("skipped") ::skip:: end
print("end")
--- base_goto_errors
print(load("goto nowhere"))
print(load("do local x ::l1:: end goto l1"))
print(load("::a:: ::a::"))
print(load("goto f; local x; ::f:: print(x)"))
--- base_tbc
do
  local a <close> = setmetatable({}, { __close = function(_, e) print("close a", e) end })
  local b <close> = setmetatable({}, { __close = function(_, e) print("close b", e) end })
  print("in block")
end
print(pcall(function()
  local c <close> = setmetatable({}, { __close = function(_, e) print("close c", e) end })
  error("boom", 0)
end))
--- base_tbc_errors
print(type(load("local x <close> = 1")))
print(pcall(function() local x <close> = 1 end))
print(pcall(function() local x <close> = nil; local y <close> = false; return "ok" end))
print(load("local x <const> = 1; x = 2"))
print(load("local x <foo> = 1"))
--- base_tbc_error_in_close
print(pcall(function()
  local a <close> = setmetatable({}, { __close = function() error("in close", 0) end })
  return 1
end))
--- base_tbc_coroutine
local co = coroutine.wrap(function()
  local x <close> = setmetatable({}, { __close = function() print("closed") end })
  coroutine.yield(1)
  return 2
end)
print(co()) print(co())
--- base_const
local x <const> = 10
print(x * 2)
--- base_integer_for_float_loop
for i = 1, 2, 0.5 do io.write(i, " ") end print()
--- base_string_methods_on_numbers
print((5):type(), ("%d"):format(3))
--- load_env_default
x = 5
print(load("return x")())
--- load_env_explicit
print(load("return x", "c", "t", { x = 7 })())
print(type(load("return x", "c", "t", nil)))
print(pcall(load("return x", "c", "t", nil)))
--- load_chunkname
print(type(load("error('e')", "=mine")))
print(pcall(load("error('e')", "=mine")))
print(pcall(load("error('e')", "@file.lua")))
print(pcall(load("error('e')")))
--- load_syntax
print(load("return +"))
print(load("x ="))
print(load("return 1", "=n", "q"))
--- load_mode_binary
print(load("return 1", "n", "b"))
--- load_mode_binary_reader
local done = false
print(load(function() if not done then done = true return "return 1" end end, "r", "b"))
--- load_reader
local parts = { "return ", "1 ", "+ 41" }
local i = 0
print(load(function() i = i + 1 return parts[i] end)())
print(pcall(load, function() return {} end))
--- load_bad_arguments
print(pcall(load))
print(pcall(load, 5))
print(pcall(load, "x", {}))
print(pcall(loadfile, {}))
print(pcall(dofile, {}))
--- load_binary_chunk
local f = function() return 1 end
local s = string.dump(f)
print(type(s), #s > 0)
print(load(s))
--- load_upvalue_env
local f = load("y = 3; return y")
print(f(), y)
--- loadfile_roundtrip
local fh = assert(io.open("conformance_tmp_lf.lua", "w"))
fh:write("#!shebang\nreturn ..., z")
fh:close()
z = 9
print(loadfile("conformance_tmp_lf.lua")(1))
print(loadfile("conformance_tmp_lf.lua", "t", { z = "env" })(2))
print(loadfile("conformance_tmp_lf.lua", "b"))
print(dofile("conformance_tmp_lf.lua"))
os.remove("conformance_tmp_lf.lua")
--- require_module
local fh = assert(io.open("conformance_mod_a.lua", "w"))
fh:write("local name, path = ... return { name = name, path = path }")
fh:close()
local m = require("conformance_mod_a")
print(m.name, m.path, package.loaded.conformance_mod_a == m, require("conformance_mod_a") == m)
os.remove("conformance_mod_a.lua")
--- require_missing
print(pcall(require, "conformance_no_such_module"))
--- require_error
local fh = assert(io.open("conformance_mod_b.lua", "w"))
fh:write("error('mod fails')")
fh:close()
print(pcall(require, "conformance_mod_b"))
fh = assert(io.open("conformance_mod_c.lua", "w"))
fh:write("return +")
fh:close()
print(pcall(require, "conformance_mod_c"))
os.remove("conformance_mod_b.lua") os.remove("conformance_mod_c.lua")
--- require_stdlib
print(require("string") == string, require("table") == table, package.loaded._G == _G)
--- require_bad
print(pcall(require))
--- coroutine_basic
local co = coroutine.create(function(a, b)
  print("start", a, b)
  local c = coroutine.yield(a + b)
  print("got", c)
  local d, e = coroutine.yield(c * 2)
  return d + e
end)
print(coroutine.resume(co, 1, 2))
print(coroutine.status(co))
print(coroutine.resume(co, 10))
print(coroutine.resume(co, 3, 4))
print(coroutine.status(co), coroutine.resume(co))
--- coroutine_close_states
-- coroutine.close is the shim's (its nesting is bounded): stock's results and messages.
print(pcall(coroutine.close, 1))
print(coroutine.close(coroutine.create(print)))
local dead = coroutine.create(function() error("boom", 0) end)
print(coroutine.resume(dead))
print(coroutine.close(dead))
print(pcall(coroutine.close, coroutine.running()))
local outer
outer = coroutine.create(function()
  local inner = coroutine.create(function() return pcall(coroutine.close, outer) end)
  return coroutine.resume(inner)
end)
print(coroutine.resume(outer))
local y = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function(_, e) print("closing", e) end })
  coroutine.yield(1)
end)
print(coroutine.resume(y))
print(coroutine.close(y), coroutine.status(y))
print(coroutine.close(y))
local z = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() error("in close", 0) end })
  coroutine.yield(1)
end)
coroutine.resume(z)
print(coroutine.close(z))
--- coroutine_close_nested
-- Coroutines closed from the __close of other coroutines' pending variables, 100 deep
-- (below the C-call limit the shim's coroutine.close keeps).
local co, err = false, nil
for i = 1, 100 do
  local prev = co
  co = coroutine.create(function()
    local c <close> = setmetatable({}, { __close = function()
      if prev then local ok, e = coroutine.close(prev) if not ok then err = err or e end end
    end })
    coroutine.yield(i)
  end)
  coroutine.resume(co)
end
print(coroutine.close(co), err)
--- coroutine_close_deep
-- The same, 300 deep: past 200 closes in progress the shim's close raises C stack
-- overflow (the innermost closes are not made); stock 5.4.4 goes on.
local co, err = false, nil
for i = 1, 300 do
  local prev = co
  co = coroutine.create(function()
    local c <close> = setmetatable({}, { __close = function()
      if prev then local ok, e = coroutine.close(prev) if not ok then err = err or e end end
    end })
    coroutine.yield(i)
  end)
  coroutine.resume(co)
end
print(coroutine.close(co), err)
--- coroutine_wrap
local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
print(gen(), gen(), gen(), gen())
print(pcall(gen))
--- coroutine_error
local co = coroutine.create(function() error("in co") end)
print(coroutine.resume(co))
print(coroutine.status(co))
local co2 = coroutine.create(function() error({ 1 }) end)
local ok, e = coroutine.resume(co2)
print(ok, type(e))
--- coroutine_wrap_error
local f = coroutine.wrap(function() error("wrapped") end)
print(pcall(f))
local g = coroutine.wrap(function() local x = nil; return x.y end)
print(pcall(g))
--- coroutine_misc
print(coroutine.isyieldable(), select(2, coroutine.running()))
local co = coroutine.create(function() print(coroutine.isyieldable(), select(2, coroutine.running())) end)
coroutine.resume(co)
print(pcall(coroutine.yield))
--- coroutine_bad_arguments
print(pcall(coroutine.resume))
print(pcall(coroutine.resume, 1))
print(pcall(coroutine.status, nil))
print(pcall(coroutine.create, 1))
print(pcall(coroutine.wrap))
print(pcall(coroutine.close, 1))
--- coroutine_resume_running
local co
co = coroutine.create(function() print(coroutine.resume(co)) end)
coroutine.resume(co)
print(coroutine.resume(coroutine.running()))
--- coroutine_close
local co = coroutine.create(function()
  local x <close> = setmetatable({}, { __close = function() print("closing") end })
  coroutine.yield()
end)
coroutine.resume(co)
print(coroutine.close(co), coroutine.status(co))
local co2 = coroutine.create(function() error("x") end)
coroutine.resume(co2)
print(coroutine.close(co2))
--- coroutine_nesting_depth
local depth = 0
local function nest()
  depth = depth + 1
  local ok, e = coroutine.resume(coroutine.create(nest))
  if not ok then error(e, 0) end
end
print(pcall(nest))
print(depth)
--- coroutine_yield_across_pcall
local co = coroutine.wrap(function()
  print(pcall(function() coroutine.yield(1) error("after") end))
  return "end"
end)
print(co()) print(co())
--- coroutine_yield_in_metamethod
local mt = { __add = function(a, b) return coroutine.yield("add") end, __index = function(t, k) return coroutine.yield("index " .. k) end }
local co = coroutine.wrap(function() local t = setmetatable({}, mt) local v = t + 1 local w = t.key return v, w end)
print(co()) print(co(5)) print(co(6))
--- coroutine_yield_in_sort
local co = coroutine.wrap(function() table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end) end)
print(pcall(co))
--- coroutine_many
local n = 0
for i = 1, 1000 do
  local co = coroutine.wrap(function(x) return x * 2 end)
  n = n + co(i)
end
print(n)
--- errors_stack_overflow_caught
local function f() return f() + 1 end
local ok, e = pcall(f)
print(ok, e)
--- errors_stack_overflow_uncaught
local function f(n) return f(n + 1) + 1 end
f(1)
--- errors_pcall_recursion
local n = 0
local function f() n = n + 1 pcall(f) end
f()
print("escaped", n)
--- errors_error_in_handler
print(xpcall(error, function(e) error("x") end))
print(xpcall(function() error("a") end, function(e) return 1 + nil end))
--- errors_handler_recursion
local function h(e) return 1 + h(e) end
print(xpcall(error, h))
--- errors_xpcall_traceback
print(xpcall(function() error("e") end, debug.traceback))
--- errors_xpcall_getinfo
print(xpcall(function() error("e") end, function(m)
  local a, b, c = debug.getinfo(1, "n"), debug.getinfo(2, "Sn"), debug.getinfo(3, "Sn")
  return m, a.name, b.short_src, b.name, c and c.name
end))
--- errors_xpcall_args
print(xpcall(function(a, b) return a + b end, print, 1, 2))
print(pcall(xpcall))
print(pcall(xpcall, print))
print(xpcall(nil, function(e) return "h: " .. e end))
--- errors_pcall_misc
print(pcall(pcall))
print(pcall(pcall, error, "x"))
print(select("#", pcall(function() return end)))
print(pcall(nil))
--- errors_traceback
print(debug.traceback("msg", 1))
print(debug.traceback())
print(debug.traceback(12))
print(debug.traceback({}) ~= nil)
--- errors_uncaught_string
error("plain message")
--- errors_uncaught_level0
error("no position", 0)
--- errors_uncaught_table
error({ code = 1 })
--- errors_uncaught_tostring_table
error(setmetatable({}, { __tostring = function() return "custom error" end }))
--- errors_uncaught_nil
error()
--- errors_uncaught_number
error(42)
--- errors_uncaught_boolean
error(true)
--- errors_uncaught_fields
error({ name = "N", reason = "R" })
--- errors_uncaught_message_field
error({ message = "looks like an assertion" })
--- errors_uncaught_runtime
local t = nil
print(t.x)
--- errors_uncaught_in_function
local function deep() local a = {} return a.b.c end
local function mid() return deep() end
mid()
--- errors_assert_uncaught
assert(false, "assert message")
--- errors_assert_uncaught_default
assert(1 == 2)
--- errors_tostring_of_error
local ok, e = pcall(error, setmetatable({}, { __tostring = function() return "E!" end }))
print(ok, tostring(e))
--- meta_arith
local mt = {}
for _, op in ipairs({ "add", "sub", "mul", "div", "mod", "pow", "unm", "idiv", "band", "bor", "bxor", "shl", "shr", "bnot", "concat" }) do
  mt["__" .. op] = function(a, b) return op end
end
local t = setmetatable({}, mt)
print(t + 1, 1 - t, t * t, t / 2, t % 2, t ^ 2, -t, t // 2, t & 1, t | 1, t ~ 1, t << 1, t >> 1, ~t, t .. "x", "x" .. t)
--- meta_eq_lt_le
local mt = { __eq = function() return true end, __lt = function() return true end, __le = function() return false end }
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(a == b, a ~= b, a < b, a <= b, a > b, a >= b, a == 1)
--- meta_index_chain
local base = { greet = function() return "hi" end }
local mid = setmetatable({}, { __index = base })
local obj = setmetatable({}, { __index = mid })
print(obj.greet(), obj.missing)
local f = setmetatable({}, { __index = function(t, k) return k .. "!" end })
print(f.x, f[1])
--- meta_newindex
local log = {}
local t = setmetatable({}, { __newindex = function(t, k, v) rawset(t, k, v * 2) end })
t.a = 1
print(t.a)
local proxy = {}
local p = setmetatable({}, { __newindex = proxy })
p.x = 5
print(rawget(p, "x"), proxy.x)
--- meta_call
local c = setmetatable({}, { __call = function(self, a, b) return a + b end })
print(c(1, 2), pcall(setmetatable({}, { __call = 1 })))
--- meta_len_concat
local t = setmetatable({ 1, 2 }, { __len = function() return 10 end })
print(#t, rawlen(t))
print(pcall(function() return {} .. {} end))
--- meta_close
do local x <close> = setmetatable({}, { __close = function() print("closed!") end }) end
--- meta_tostring_name
local t = setmetatable({}, { __name = "Thing" })
print((tostring(t):gsub("0x%x+", "ADDR"):gsub(": [%x]+$", ": ADDR")))
print(pcall(function() return t + 1 end))
print(pcall(function() return #nil end))
--- meta_index_depth
local t = {}
for i = 1, 100 do t = setmetatable({}, { __index = t }) end
print(t.x)
--- meta_index_loop
local t = {}
setmetatable(t, { __index = t })
print(pcall(function() return t.x end))
--- meta_mode_weak
local w = setmetatable({}, { __mode = "k" })
w[{}] = 1
collectgarbage()
print(next(w))
--- meta_string_index
print(("abc"):upper(), ("x"):rep(3), #("abc"))
local mt = getmetatable("")
print(mt.__index.len("abcd"))
--- meta_unm_errors
print(pcall(function() return -{} end))
print(pcall(function() return ~{} end))
print(pcall(function() return ~1.5 end))
--- string_basic
print(string.len("abc"), ("abc"):sub(2), ("abc"):sub(-2, -1), ("abc"):sub(0), ("abc"):sub(5), ("abc"):byte(1, -1))
print(string.char(72, 105), pcall(string.char, 256), pcall(string.char, -1))
--- string_find_match
print(("hello world"):find("o w"), ("hello"):find("l+"), ("hello"):find("x"), ("a.b"):find(".", 1, true))
print(("key=val"):match("(%w+)=(%w+)"), ("2024-01-02"):match("(%d+)-(%d+)-(%d+)"))
print(("abc"):match("()b()"), ("  trim  "):match("^%s*(.-)%s*$"))
--- string_gsub
print(("hello"):gsub("l", "L"), ("hello"):gsub("l", "L", 1), ("abc"):gsub("%w", "%0%0"))
print(("$x $y"):gsub("%$(%w+)", { x = "1", y = false }), ("abc"):gsub("", "-"))
print(pcall(string.gsub, "x", "x", "%2"))
print(("abc"):gsub(".", function(c) return c:byte() end))
--- string_gmatch
for w in ("one two three"):gmatch("%a+") do io.write(w, ";") end print()
for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do io.write(k, v, ";") end print()
for a in ("abc"):gmatch("", 2) do io.write("[", a, "]") end print()
--- string_pattern_errors
print(pcall(string.find, "x", "[a"))
print(pcall(string.find, "x", "%"))
print(pcall(string.match, "x", "(()"))
print(pcall(string.rep, "x", -1))
print(pcall(string.find, "x", "%f"))
--- string_rep_sep
print(("ab"):rep(3, ","), ("ab"):rep(0), ("ab"):rep(1, ","))
--- string_reverse_lower_upper
print(("abc"):reverse(), ("MiXeD"):lower(), ("MiXeD"):upper(), ("\xff"):upper() == "\xff")
--- string_format_q
print(string.format("%q", "line\nnew \"quoted\" \0 \r \\ \xff"))
print(string.format("%q", 1/0), string.format("%q", -1/0), string.format("%q", math.mininteger), string.format("%q", 0.1))
print(pcall(string.format, "%q", {}))
--- string_format_s
print(string.format("%s %s %s", 1, nil, true), string.format("%10s|%-10s|", "a", "b"), string.format("%.2s", "abc"))
print(string.format("%s", setmetatable({}, { __tostring = function() return "T" end })))
print(pcall(string.format, "%d", 1.5), pcall(string.format, "%d", "x"))
print(pcall(string.format, "%"), pcall(string.format, "%y", 1), pcall(string.format, "%d"))
--- string_pack
local s = string.pack("i4 i8 d s1 z", 1, -2, 1.5, "ab", "zz")
print(#s, string.unpack("i4 i8 d s1 z", s))
print(string.packsize("i4 i8"), pcall(string.packsize, "s"))
print(pcall(string.pack, "i17", 1))
print(pcall(string.unpack, "i4", "ab"))
--- string_utf8
print(utf8.char(72, 228, 8364, 128512), utf8.len("häé"), utf8.len("\xff"), utf8.codepoint("ä", 1, -1))
for p, c in utf8.codes("aä€") do io.write(p, ":", c, " ") end print()
print(utf8.offset("aä€", 3), utf8.charpattern)
print(pcall(utf8.codepoint, "\xff"))
print(pcall(function() for _ in utf8.codes("a\xffb") do end end))
--- string_comparison
print("a" < "b", "a" < "B", "" < "a", "abc" < "abd", "Z" < "a", "a\0b" < "a\0c")
--- string_tostring_numbers
print(string.format("%5.1f|%-5d|%05d|%x|%X|%o|%e|%g|%a", 3.14159, 42, 42, 255, 255, 8, 12345.678, 0.0001, 1.0))
print(string.format("%i", 5), string.format("%c%c", 76, 117), string.format("%%"))
--- table_insert_remove
local t = { 1, 2, 3 }
table.insert(t, 4) table.insert(t, 1, 0)
print(table.concat(t, ","), table.remove(t), table.remove(t, 1), table.concat(t, ","))
print(pcall(table.insert, t, 10, 5))
print(pcall(table.insert, t, 1, 2, 3))
print(table.remove({}), #t)
print(pcall(table.remove, t, 7))
--- table_concat
print(table.concat({ 1, 2, 3 }), table.concat({ "a", "b" }, "-", 1, 2), table.concat({}, ","), table.concat({ 1, 2, 3 }, ",", 2, 3))
print(pcall(table.concat, { 1, {}, 3 }))
print(pcall(table.concat, { 1, 2 }, ",", 1, 3))
--- table_sort
local t = { 5, 2, 8, 1, 9, 3 }
table.sort(t) print(table.concat(t, " "))
table.sort(t, function(a, b) return a > b end) print(table.concat(t, " "))
local s = { "banana", "apple", "Cherry" } table.sort(s) print(table.concat(s, " "))
print(pcall(table.sort, { 1, "x", 2 }))
print(pcall(table.sort, { 3, 2, 1 }, function() return true end))
--- table_pack_unpack
local p = table.pack(1, nil, 3)
print(p.n, p[1], p[2], p[3], table.unpack({ 1, 2, 3 }), table.unpack({ 1, 2, 3 }, 2), table.unpack({ 1, 2 }, 1, 3))
print(select("#", table.unpack({}, 1, 0)))
print(pcall(table.unpack, {}, 1, 1e8))
--- table_move
local a = { 1, 2, 3, 4, 5 }
table.move(a, 2, 4, 1) print(table.concat(a, ","))
local b = table.move({ 1, 2, 3 }, 1, 3, 3, {}) print(b[3], b[5], #b)
print(pcall(table.move, {}, 1, math.maxinteger, 2))
--- table_length_border
local t = { 1, 2, 3 } t[5] = 5
print(#t == 3 or #t == 5)
local u = {} for i = 1, 100 do u[i] = i end
print(#u)
--- table_constructors
local t = { [1] = "a", "b", x = 1, ["y"] = 2, [1 + 1] = "c"; "d" }
print(t[1], t[2], t.x, t.y, #t)
local function three() return 1, 2, 3 end
print(#{ three() }, #{ three(), three() }, #{ (three()) })
--- table_nan_key
print(pcall(function() local t = {} t[0/0] = 1 end))
print(pcall(function() local t = {} t[nil] = 1 end))
local t = {} t[1.0] = "float one" print(t[1], math.type(next(t)))
--- math_basic
print(math.floor(3.7), math.ceil(3.2), math.floor(-3.5), math.abs(-4), math.max(1, 5, 3), math.min(2, -1), math.huge, -math.huge, math.pi)
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3), pcall(math.fmod, 1, 0), math.fmod(1, 0.0) ~= math.fmod(1, 0.0))
print(math.modf(3.7), math.modf(-3.7), math.modf(1/0), math.sqrt(16), math.exp(0), math.log(1), math.log(8, 2), math.log(100, 10))
--- math_types
print(math.type(1), math.type(1.0), math.type("1"), math.tointeger(3.0), math.tointeger(3.5), math.tointeger("8"), math.ult(1, -1))
print(pcall(math.type))
--- math_random
math.randomseed(42)
local a = math.random(1, 100)
math.randomseed(42)
print(a == math.random(1, 100), math.random(5, 5))
print(pcall(math.random, 2, 1))
print(pcall(math.random, 1, 2, 3))
local r = math.random() print(r >= 0 and r < 1)
--- math_nan_print
print(math.acos(2), math.asin(2), math.log(-1, 10), math.log(-1), math.log(-1, 2), math.sqrt(-1), 0/0, -(0/0))
--- math_integer_conversion_errors
print(pcall(function() return 2^63 | 0 end))
print(pcall(string.rep, "x", 1.5))
print(pcall(function() return ("x"):sub(1.5) end))
print(math.floor(2^62) == 2^62, math.floor(-0.0), 3 % -2, -3 % 2, 3.5 % -2, 5.0 // -2)
--- math_tostring_precision
print(0.1, 1/3, 100000000000000, 1e14, 2^63, -2^63, 123.456e10, 5e-324, 1.7976931348623157e308)
--- debug_reduced
print(type(debug.traceback), type(debug.getinfo), type(debug.getlocal), type(debug.sethook), type(debug.getregistry), type(debug.getupvalue))
--- debug_gethook
print(debug.gethook())
--- debug_getinfo
local function f() return debug.getinfo(1, "nSl") end
local i = f()
print(i.short_src, i.currentline, i.what, i.source)
print(debug.getinfo(print).what, debug.getinfo(100))
--- debug_getlocal
local function f(a, b) local c = 3 return debug.getlocal(1, 1), debug.getlocal(1, 3) end
print(f(1, 2))
--- os_io_available
print(type(os.time), type(io.write), type(os.getenv), type(io.open))
--- io_write_return
print(io.write("x") == io.stdout)
io.write(1, 2.5, "\n")
print(pcall(io.write, {}))
--- sandbox_removed
print(type(os), type(io), type(load), type(loadfile), type(dofile), type(debug), type(collectgarbage), type(require))
--- limit_memory
local s = string.rep("x", 600 << 20)
print(#s)
--- limit_work
for i = 1, 20000000 do io.write("") end
print("finished")
