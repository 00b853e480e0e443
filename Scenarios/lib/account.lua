-- Prints a scenario's account as it happens: "[1.000] …", on the virtual clock.
local M = {}

function M.say(format, ...)
  print(string.format("[%.3f] ", sim.now) .. string.format(format, ...))
end

-- The line of an object's history that says why it died: the last owner that let go
-- (a property, a container), rather than the pool or the transition that held it until
-- the end of the turn.
function M.death(object)
  local owner, last
  for line in sim.history(object):gmatch("[^\n]+") do
    line = line:match("^%s*(.-)%s*$")
    if line:find("release", 1, true) then
      last = line
      if not line:find("(autorelease pool", 1, true) and not line:find("(hold: transition in flight)", 1, true) then owner = line end
    end
  end
  return owner or last or "(no release recorded)"
end

-- "alive" or "deallocated".
function M.state(object)
  return sim.alive(object) and "alive" or "deallocated"
end

return M
