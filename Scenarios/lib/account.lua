-- Prints a scenario's account as it happens: "[1.000] …", on the virtual clock.
local M = {}

function M.say(format, ...)
  print(string.format("[%.3f] ", sim.now) .. string.format(format, ...))
end

-- How an object died, in one sentence: the last owner it lost and why that owner let go
-- or went (the first line of sim.why), rather than the pool or the transition that held
-- it until the end of the turn.
function M.death(object)
  return (sim.why(object):match("^[^\n]*"))
end

-- "alive" or "deallocated".
function M.state(object)
  return sim.alive(object) and "alive" or "deallocated"
end

return M
