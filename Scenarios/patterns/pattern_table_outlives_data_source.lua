-- Pattern · a table view that outlives its data source (rule 78, docs/rules.md#rule-78)
--
-- A search screen shows its suggestions in a drop-down table that it adds to the window, so
-- that the list floats above everything, and it is the table's data source and delegate:
--   view.window?.addSubview(suggestions)     // [self.view.window addSubview:_suggestions];
--   suggestions.dataSource = self            // _suggestions.dataSource = self;
--   suggestions.delegate = self              // _suggestions.delegate = self;
-- The screen never takes the drop-down out of the window, so when it is popped and
-- deallocates the window keeps the table. Through iOS 8 UIKit declared both properties
-- `@property(nonatomic, assign)`: they go on pointing at the dead screen, and the table's next
-- callback — its reload in the layout pass when new suggestions arrive — is the zombie's crash
-- `-[SearchScreen tableView:numberOfRowsInSection:]: message sent to deallocated instance`.
-- From iOS 9 they are `weak`: they read nil, and the forgotten drop-down only shows no rows.
-- The era's fix, in the screen's dealloc (Swift's deinit):
--   - (void)dealloc { _suggestions.dataSource = nil; _suggestions.delegate = nil; }
-- (Taking the drop-down out of the window when the screen leaves fixes the cause.)
-- Expected: on iOS 8 the reload after the pop crashes with that message; on iOS 9 both
-- properties read nil and the reload shows nothing; with the fix, iOS 8 is as quiet; no leaks.
local navApp = require("lib.nav_app")

local SearchScreen = UIViewController:subclass("SearchScreen", { suggestions = "strong", clearsInDeinit = "assign" })
function SearchScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.suggestions = UITableView(CGRect(0, 100, 390, 300), "plain")
  self.suggestions:register(UITableViewCell, "Suggestion")
  self.suggestions.dataSource = self
  self.suggestions.delegate = self
end
function SearchScreen:viewDidAppear(animated)
  UIViewController.viewDidAppear(self, animated)
  self.view.window:addSubview(self.suggestions)                 -- never removed: the bug
end
function SearchScreen:tableView_numberOfRowsInSection(tv, section) return 3 end
function SearchScreen:tableView_cellForRowAt(tv, indexPath)
  local cell = tv:dequeueReusableCell("Suggestion", indexPath)
  cell.text = "suggestion " .. (indexPath.row + 1)
  return cell
end
function SearchScreen:deinit()
  if self.clearsInDeinit then                                   -- the fix
    self.suggestions.dataSource = nil
    self.suggestions.delegate = nil
  end
end

-- Shows the screen, pops it, and returns its drop-down (still in the window) and the
-- screen's id.
local function searchAndLeave(clearsInDeinit)
  local nav = navApp.launch()
  local search = SearchScreen()
  search.clearsInDeinit = clearsInDeinit
  nav:pushViewController(search, false)
  sim.run(1)
  local suggestions, id = search.suggestions, tostring(search):match("#%d+")
  nav:popViewController(false)
  sim.run(3)
  expect(search).to.be.deallocated()                            -- popped: nothing keeps it
  expect(suggestions).to.be.alive()                             -- the window does
  return suggestions, id
end

-- iOS 8: the properties dangle, and the reload is a message to the dead screen.
sim.configure{ ios = 8 }
local dropDown, screenID = searchAndLeave(false)
expect(#dropDown.visibleCells).to.equal(3)                      -- still on screen
expect(dropDown.dataSource).to_not.equal(nil)                   -- assign: not zeroed …
expect(sim.alive(dropDown.dataSource)).to.equal(false)          -- … and the object is gone
dropDown:reloadData()                                           -- new suggestions arrive
local err = expect(function() sim.run(0) end).to.fail_with("EXC_BAD_ACCESS")
expect(err.reason).to.equal("-[SearchScreen tableView:numberOfRowsInSection:]: message sent to deallocated instance " .. screenID)

-- iOS 9: the same code; the properties are weak and read nil, the reload shows no rows.
sim.configure{ ios = 9 }
dropDown = searchAndLeave(false)
expect(dropDown.dataSource).to.equal(nil)
expect(dropDown.delegate).to.equal(nil)
dropDown:reloadData()
sim.run(0)
expect(#dropDown.visibleCells).to.equal(0)

-- iOS 8 with the fix: the screen clears both properties as it goes.
sim.configure{ ios = 8 }
dropDown = searchAndLeave(true)
expect(dropDown.dataSource).to.equal(nil)
dropDown:reloadData()
dropDown.contentOffset = CGPoint(0, 44)                          -- a scroll tells no delegate either
sim.run(0)
expect(#dropDown.visibleCells).to.equal(0)
sim.verify()
expect(sim.leaks()).to.be.empty()
