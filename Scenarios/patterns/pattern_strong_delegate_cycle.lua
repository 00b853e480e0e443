-- Pattern · a delegate property declared strong (the ownership model; rule 38, docs/rules.md#rule-38)
--
-- A custom picker view tells its owner about picks through a delegate, and the property
-- was declared `var delegate: PickerDelegate?` — strong — instead of `weak var`. The screen
-- keeps its picker (through its view) and the picker keeps the screen: screen → view →
-- picker → delegate → screen. Popped, the screen never deallocates: MLeaksFinder reports
-- it `abandoned`, and once nothing else reaches them the objects form a retain cycle.
-- UIKit's own delegates and data sources are weak for exactly this reason.
-- Expected: `abandoned`, why: … Picker.delegate (strong) …; the weak declaration fixes it.
local navApp = require("lib.nav_app")

local function screenClass(name, ownership)
  local Picker = UIView:subclass(name .. "Picker", { delegate = ownership })
  local Screen = UIViewController:subclass(name, { picker = "weak" })
  function Screen:viewDidLoad()
    UIViewController.viewDidLoad(self)
    local picker = Picker(CGRect(0, 100, 390, 200))
    picker.delegate = self
    self.view:addSubview(picker)
    self.picker = picker
  end
  return Screen
end

local nav = navApp.launch()
local strong = sim.label(screenClass("StrongScreen", "strong")(), "strong")
navApp.visit(nav, strong, 1)
expect(strong).to.be.alive()
expect(sim.why(strong):find("StrongScreenPicker#%d+%.delegate %(strong%) → StrongScreen#") ~= nil).to.be.truthy()
local leaks = sim.leaks()
expect(#leaks).to.equal(2)
expect(leaks[1].kind).to.equal("cycle")                  -- nothing outside reaches the pair …
expect(leaks[2].kind).to.equal("abandoned")              -- … and MLeaksFinder saw it stay
expect(strong).to.leak()                                 -- the leak this pattern shows: kitsim test expects both reports

local weak = sim.label(screenClass("WeakScreen", "weak")(), "weak")
navApp.visit(nav, weak, 1)
expect(weak).to.be.deallocated()
expect(weak).to_not.leak()
expect(#sim.leaks()).to.equal(2)                          -- still only the strong screen's
sim.verify()
