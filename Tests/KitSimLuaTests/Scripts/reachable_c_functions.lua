-- Rule 2: the C functions a script can reach from a callback's stack (debug.getinfo and
-- debug.getlocal on the frames of bridge calls), a pairs iterator and a method closure,
-- each called with junk arguments: every call returns or raises a Lua error; the host
-- never crashes and the heap stays consistent.
local found, seen = {}, {}
local function collect()
  for level = 1, 40 do
    local info = debug.getinfo(level, "fS")
    if not info then break end
    if info.what == "C" and info.func and not seen[info.func] then
      seen[info.func] = true
      found[#found + 1] = info.func
    end
    for i = 1, 30 do
      local name, value = debug.getlocal(level, i)
      if not name then break end
      if type(value) == "function" and not seen[value] then seen[value] = true; found[#found + 1] = value end
    end
  end
end
local V = UIViewController:subclass("V")
function V:viewDidLoad() collect() end
local S = UIView:subclass("S")
function S:setBounds(r) collect(); return UIView.setBounds(self, r) end
local win = UIWindow()
UIApplication.shared.delegate.window = win
local nav = UINavigationController(V())
win.rootViewController = nav
win:makeKeyAndVisible()
sim.run(1)
local s = S(); s.bounds = CGRect(0, 0, 1, 1)
local it = pairs({ a = 1 }); found[#found + 1] = it
found[#found + 1] = UIView().addSubview
local junk = { 42, -1, 2^63, 0/0, "x", "", {}, true, false, UIView(), nav, coroutine.create(function() end), io and io.stdout }
local calls, errors = 0, 0
for _, f in ipairs(found) do if f == sim.run or f == print or f == sim.log then goto continue end
  for _, a in ipairs(junk) do
    for _, b in ipairs(junk) do
      calls = calls + 1
      local ok = pcall(f, a, b, a)
      if not ok then errors = errors + 1 end
      ok = pcall(f, a)
      ok = pcall(f); ok = pcall(f, nil, a); ok = pcall(f, a, nil, b)
    end
  end
  ::continue::
end
assert(#found >= 6, "too few functions reached: " .. #found)
assert(calls > 1000 and errors > 0)
sim.verify()
expect(sim.leaks()).to.be.empty()
