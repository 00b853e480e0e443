-- Pattern · a table's data source that nobody keeps (rules 38, 39: docs/rules.md#rule-38, #rule-39)
--
-- A list screen moves its table's data into a separate object, as apps split a massive
-- view controller, and hands it straight to the table:
--   tableView.dataSource = MessagesDataSource(messages)
-- UITableView holds its data source weakly, so nothing keeps the object: after the first
-- turn it is gone, and when new messages arrive `reloadData()` finds no data source — the
-- list goes blank. (Making the controller the data source is no cycle either: the table
-- does not keep it.) The fix: the screen keeps the data source in a strong property.
-- This is the iOS 9+ story: on iOS 7-8 the property is `assign`, so it does not read nil and
-- `messagesArrived`'s check sends a message to the dead object, the zombie's crash (rule 78;
-- pattern_table_outlives_data_source shows that era).
-- Expected: the lost data source leaves the table empty after the reload; the kept one
-- shows the new rows, reusing the cells that scrolled away; no leaks.
local MessagesDataSource = NSObject:subclass("MessagesDataSource", { count = "assign" })
function MessagesDataSource:tableView_numberOfRowsInSection(tv, section) return self.count end
function MessagesDataSource:tableView_cellForRowAt(tv, indexPath)
  local cell = tv:dequeueReusableCell("Message", indexPath)
  cell.text = "message " .. (indexPath.row + 1)
  return cell
end

local Messages = UIViewController:subclass("Messages", { tableView = "strong", source = "strong", keepsSource = "assign" })
function Messages:viewDidLoad()
  UIViewController.viewDidLoad(self)
  self.tableView = UITableView(self.view.bounds, "plain")
  self.tableView:register(UITableViewCell, "Message")
  local source = MessagesDataSource()
  source.count = 3
  if self.keepsSource then self.source = source end       -- the fix
  self.tableView.dataSource = source
  self.view:addSubview(self.tableView)
end
function Messages:messagesArrived(count)
  if self.tableView.dataSource then self.tableView.dataSource.count = count end
  self.tableView:reloadData()
end

local function show(keepsSource)
  local window = UIWindow(UIScreen.main.bounds)
  UIApplication.shared.delegate.window = window
  local screen = Messages()
  screen.keepsSource = keepsSource
  window.rootViewController = screen
  window:makeKeyAndVisible()
  sim.run(1)
  screen:messagesArrived(40)
  sim.run(1)
  return screen
end

local lost = show(false)
expect(lost.tableView.dataSource).to.equal(nil)             -- weak: gone with the first turn
expect(#lost.tableView.visibleCells).to.equal(0)            -- the reload found nobody: blank
expect(lost.tableView:numberOfRows(0)).to.equal(0)

local kept = show(true)
local cells = kept.tableView.visibleCells
expect(#cells).to.equal(20)                                 -- 844 pt of 44 pt rows
expect(cells[1].text).to.equal("message 1")
kept.tableView.contentOffset = CGPoint(0, 44 * 20)          -- scroll one screen down
sim.run(0)
expect(kept.tableView.visibleCells[1].text).to.equal("message 21")
expect(kept.tableView.visibleCells[1]).to.equal(cells[1])   -- the first cell that left, reused
sim.verify()
expect(sim.leaks()).to.be.empty()
