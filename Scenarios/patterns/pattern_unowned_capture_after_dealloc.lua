-- Pattern · an unowned capture called after its object is gone (rule 25, docs/rules.md#rule-25)
--
-- To avoid the retain cycle of a stored closure, a screen captured itself `unowned`:
--   NetworkClient.shared.fetch { [unowned self] data in self.show(data) }
-- But the fetch outlives the screen: the user pops it before the response arrives, and the
-- client calls the closure after the screen is deallocated. Swift traps at the first read
-- of the unowned reference — before the body runs — with "Attempted to read an unowned
-- reference but object … was already deallocated". `[weak self]` and a guard are safe.
-- Expected: the unowned form is Swift's fatal error at the callback; the weak form returns
-- quietly; no leaks.
local navApp = require("lib.nav_app")
local shown = 0

local Client = NSObject:subclass("Client", { pending = "strong" })
local client = sim.label(sim.hold(Client()), "client")          -- the app's shared client
function Client:fetch(completion) self.pending = { completion } end
function Client:respond()
  -- A Lua variable keeps nothing alive: the client releases its completions only after
  -- calling them.
  for _, completion in ipairs(self.pending or {}) do completion("data") end
  self.pending = nil
end

local Detail = UIViewController:subclass("Detail", { capture = "assign" })
function Detail:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local captures = { [self.capture] = { self } }
  captures[1] = function(self, data)
    if not self then return end                             -- guard let self (the weak form)
    self:show(data)
  end
  client:fetch(sim.block(captures))
end
function Detail:show(data) shown = shown + 1 end

local nav = navApp.launch()
local unownedDetail = Detail()
unownedDetail.capture = "unowned"
navApp.visit(nav, unownedDetail, 1)
expect(unownedDetail).to.be.deallocated()                    -- unowned: nothing kept it
local ok, e = pcall(function() client:respond() end)
expect(ok).to.equal(false)
expect(e.name).to.equal("Fatal error")
expect(e.reason:find("Attempted to read an unowned reference but object #%d+ was already deallocated") ~= nil).to.be.truthy()
expect(e.reference:find("NSBlock#%d+ capture 1") ~= nil).to.be.truthy()
expect(shown).to.equal(0)
client.pending = nil                                          -- the failed response is dropped

local weakDetail = Detail()
weakDetail.capture = "weak"
navApp.visit(nav, weakDetail, 1)
expect(weakDetail).to.be.deallocated()
client:respond()                                              -- the body sees nil and returns
expect(shown).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
