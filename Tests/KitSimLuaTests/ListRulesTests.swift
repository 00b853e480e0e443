import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 38–40: weak data sources and delegates, reloads in the layout pass, visible
/// cells as subviews, the reuse pool, dequeue exceptions, collection and page views.
@Suite struct ListRulesTests {
    /// A key window showing `screen`; `show(view)` puts a view in it.
    static let app = RuleScript.keyWindowApp + "\n" + """
        local function show(v) screen.view:addSubview(v) sim.run(0) return v end
        local log = {}
        local function seen() return table.concat(log, ",") end
        local Source = NSObject:subclass("Source", { rows = "assign" })
        function Source:tableView_numberOfRowsInSection(tv, s) log[#log + 1] = "count" return self.rows or 3 end
        function Source:tableView_cellForRowAt(tv, ip)
          log[#log + 1] = "cell" .. ip.row
          local cell = tv:dequeueReusableCell("Cell", ip)
          cell.text = "row " .. ip.row
          return cell
        end

        """

    func passes(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RuleScript(prelude: Self.app).passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule38_dataSourcesAndDelegatesAreWeak() throws {
        try passes("""
            -- A controller that owns its table and is its data source: no cycle.
            local List = UIViewController:subclass("List", { table = "strong" })
            function List:tableView_numberOfRowsInSection() return 0 end
            local list = List()
            list.table = UITableView(CGRect(0, 0, 100, 100))
            list.table.dataSource = list
            list.table.delegate = list
            sim.drain()
            assert(not sim.alive(list), "weak: the table does not keep its controller")
            -- A data source nobody owns is gone at the drain, and the table shows no rows.
            local tv = sim.hold(UITableView(CGRect(0, 0, 390, 400), "grouped"))
            tv:register(UITableViewCell, "Cell")
            tv.dataSource = Source()
            sim.drain()
            show(tv)
            assert(tv.dataSource == nil and #tv.visibleCells == 0 and tv:numberOfRows(0) == 0 and seen() == "", seen())
            assert(tv.style == "grouped")
            -- contentOffset tells the delegate.
            local D = NSObject:subclass("D")
            function D:scrollViewDidScroll(sv) log[#log + 1] = "scrolled " .. sv.contentOffset.y end
            local d = sim.hold(D())
            local sv = UIScrollView(CGRect(0, 0, 10, 10))
            sv.delegate = d
            sv.contentOffset = CGPoint(0, 30)
            assert(seen() == "scrolled 30", seen())
            sim.release(d)
            sim.release(tv)
            """)
    }

    @Test func rule39_aTableReloadsInTheLayoutPassOnceInAWindow() throws {
        try passes("""
            local source = sim.hold(Source())
            local tv = sim.hold(UITableView(CGRect(0, 0, 390, 100)))  -- room for three rows of 44
            tv:register(UITableViewCell, "Cell")
            tv.dataSource = source
            sim.run(0)
            assert(seen() == "", "not in a window: no reload")
            screen.view:addSubview(tv)
            assert(seen() == "", "not before the layout pass")
            sim.run(0)
            assert(seen() == "count,cell0,cell1,cell2", seen())
            local cells = tv.visibleCells
            assert(#cells == 3 and cells[1].text == "row 0" and cells[3].frame.y == 88)
            assert(tv.subviews[1] == cells[1], "its cells are its subviews")
            assert(tv:cellForRow(IndexPath(1, 0)) == cells[2] and tv:cellForRow(IndexPath(0, 1)) == nil)
            -- Scrolling: rows that leave go to the reuse pool, new rows reuse them.
            source.rows = 10
            tv:reloadData()
            assert(tv:numberOfRows(0) == 10, "asked at once while a reload is pending")
            log = {}
            sim.run(0)
            assert(seen() == "count,cell0,cell1,cell2", seen())
            tv.contentOffset = CGPoint(0, 132)                         -- rows 3, 4, 5
            sim.run(0)
            assert(seen() == "count,cell0,cell1,cell2,cell3,cell4,cell5", seen())
            assert(#tv.visibleCells == 3 and tv.visibleCells[1] == cells[1], "the first pooled cell is reused first")
            tv.contentOffset = CGPoint(0, 0)
            sim.run(0)
            local why = sim.why(cells[1])
            assert(why:find("UITableView#", 1, true), why)
            -- A cell without a reuse identifier is released when it leaves.
            function Source:tableView_cellForRowAt(tv, ip) return UITableViewCell("default", nil) end
            tv:reloadData()
            sim.run(0)
            local plain = tv.visibleCells[1]
            tv.contentOffset = CGPoint(0, 200)
            sim.run(0)
            assert(not sim.alive(plain), "no reuse identifier: released")
            sim.release(source)
            sim.release(tv)
            """)
    }

    @Test func rule39_dequeueAndDataSourceErrorsAreUIKits() throws {
        try passes("""
            local tv = UITableView(CGRect(0, 0, 390, 100))
            local ok, e = pcall(tv.dequeueReusableCell, tv, "Cell", IndexPath(0, 0))
            assert(not ok and tostring(e) == "NSInternalInconsistencyException: unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard", tostring(e))
            assert(tv:dequeueReusableCell("Cell") == nil, "without an index path: nil")
            local Bad = NSObject:subclass("ListDataSource")
            function Bad:tableView_numberOfRowsInSection() return 1 end
            function Bad:tableView_cellForRowAt() return UIView() end
            local bad = sim.hold(Bad())
            tv.dataSource = bad
            screen.view:addSubview(tv)
            ok, e = pcall(sim.run, 0)
            assert(not ok and tostring(e):find("NSInternalInconsistencyException: UITableView (<UITableView #", 1, true)
                   and tostring(e):find(">) failed to obtain a cell from its dataSource (<ListDataSource #", 1, true), tostring(e))
            local cases = {
              { function() tv:register(UIView, "X") end, "bad argument #1 to 'register' (UITableViewCell class expected, got class UIView)" },
              { function() tv:register("UITableViewCell", "X") end, "bad argument #1 to 'register' (class expected, got string)" },
              { function() tv:cellForRow(3) end, "bad argument #1 to 'cellForRow' (IndexPath expected, got number)" },
              { function() IndexPath(-1, 0) end, "bad argument #1 to 'IndexPath' (whole number from 0 expected, got -1)" },
              { function() sim.tap(tv, 1) end, "bad argument #2 to 'tap' (IndexPath expected, got number)" },
            }
            for i, c in ipairs(cases) do
              local ok, e = pcall(c[1])
              assert(not ok and tostring(e):find(c[2], 1, true), i .. ": " .. tostring(e))
            end
            assert(IndexPath(2, 1) == IndexPath(2, 1) and IndexPath(2).section == 0 and IndexPath(2, 1).item == 2)
            assert(tostring(IndexPath(2, 1)) == "IndexPath(row: 2, section: 1)")
            sim.release(bad)
            """)
    }

    @Test func rule39_tappingARowTellsTheDelegate() throws {
        try passes("""
            local D = NSObject:subclass("D")
            function D:tableView_didSelectRowAt(tv, ip) log[#log + 1] = "selected " .. ip.row .. ":" .. ip.section end
            local d = sim.hold(D())
            local tv = show(UITableView(CGRect(0, 0, 390, 100)))
            assert(not sim.tap(tv, IndexPath(1, 0)), "no delegate")
            tv.delegate = d
            assert(sim.tap(tv, IndexPath(1, 0)) and seen() == "selected 1:0", seen())
            sim.release(d)
            """)
    }

    /// SPEC rule 40's flow layout in a width a script made infinite, NaN or huge: one item
    /// a row when the columns cannot be counted, at most 10^9 a row otherwise, and never a
    /// trap converting the count to an Int (DEVELOPERS.md rule 2).
    @Test(arguments: [
        ("math.huge", "2 0,0 0,60"),
        ("0/0", "2 0,0 0,60"),
        ("1e300", "9 0,0 100,0 200,0 300,0 400,0 500,0 600,0 700,0 800,0"),
        ("390", "6 0,0 100,0 200,0 0,60 100,60 200,60"),
    ])
    func rule40_aFlowLayoutInAnUnboundedWidth(width: String, cells: String) throws {
        try passes("""
            local Items = NSObject:subclass("Items")
            function Items:collectionView_numberOfItemsInSection(cv, s) return 9 end
            function Items:collectionView_cellForItemAt(cv, ip) return cv:dequeueReusableCell("Item", ip) end
            local items = sim.hold(Items())
            local layout = UICollectionViewFlowLayout()
            layout.itemSize = CGRect(0, 0, 100, 60)
            local cv = UICollectionView(CGRect(0, 0, \(width), 120), layout)
            cv:register(UICollectionViewCell, "Item")
            cv.dataSource = items
            show(cv)
            local t = { #cv.visibleCells }
            for _, c in ipairs(cv.visibleCells) do t[#t + 1] = c.frame.x .. "," .. c.frame.y end
            assert(table.concat(t, " ") == "\(cells)", table.concat(t, " "))
            sim.release(items)
            """)
    }

    @Test func rule40_collectionViewsAndPageViewControllers() throws {
        try passes("""
            local Items = NSObject:subclass("Items")
            function Items:numberOfSections(cv) return 2 end
            function Items:collectionView_numberOfItemsInSection(cv, s) return s == 0 and 9 or 1 end
            function Items:collectionView_cellForItemAt(cv, ip) return cv:dequeueReusableCell("Item", ip) end
            local items = sim.hold(Items())
            local layout = UICollectionViewFlowLayout()
            layout.itemSize = CGRect(0, 0, 100, 60)
            local cv = UICollectionView(CGRect(0, 0, 390, 120), layout)      -- 3 a row, 2 rows shown
            cv:register(UICollectionViewCell, "Item")
            cv.dataSource = items
            show(cv)
            assert(cv.collectionViewLayout == layout and #cv.visibleCells == 6, #cv.visibleCells)
            assert(cv.visibleCells[5].frame.x == 100 and cv.visibleCells[5].frame.y == 60)
            assert(cv:numberOfItems(0) == 9 and cv:numberOfItems(1) == 1 and cv:cellForItem(IndexPath(4, 0)) == cv.visibleCells[5])
            local ok, e = pcall(cv.dequeueReusableCell, cv, "Nope", IndexPath(0))
            assert(not ok and tostring(e):find("unable to dequeue a cell with identifier Nope", 1, true), tostring(e))
            sim.release(items)
            -- A page view controller's pages are its children; new pages release the old.
            local pvc = UIPageViewController("pageCurl", "vertical")
            screen:addChild(pvc)
            local a = UIViewController()
            local done
            pvc:setViewControllers({ a }, "forward", false, function(finished) done = finished end)
            assert(pvc.viewControllers[1] == a and a.parent == pvc and pvc.transitionStyle == "pageCurl")
            sim.run(0)
            assert(done == true)
            local b = UIViewController()
            pvc:setViewControllers({ b }, "reverse", true, nil)
            sim.drain()
            assert(not sim.alive(a) and b.parent == pvc and #pvc.children == 1)
            """)
    }
}
