import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// Rule 78: scroll, table and collection views' delegates and data sources are `assign`
/// through iOS 8 and weak from iOS 9. One table of cases, each a list, the property the probe
/// is put in, what sends the callback and the callback's Objective-C selector, run on both
/// profiles and with the era's fix (`delegate = nil` in the probe's `deinit`).
@Suite struct ListDelegateRulesTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Makes `list` (in the screen's view after the prelude's layout pass).
        let make: String
        /// `delegate` or `dataSource`.
        let property: String
        /// The probe's methods (`Probe` is declared by the prelude).
        let methods: String
        /// Lua that makes UIKit send the callback to whatever the property holds.
        let trigger: String
        /// The callback as UIKit sends it.
        let selector: String
        var testDescription: String { name }
    }

    /// A key window showing `screen`, a `Probe` class whose `deinit` clears the property it
    /// names when `fix` is set, and a data source (`rows`) a test may keep.
    static let app = RuleScript.keyWindowApp + "\n" + """
        local calls = {}
        local function note(s) calls[#calls + 1] = s end
        local Probe = NSObject:subclass("Probe", { list = "weak", key = "assign", fix = "assign" })
        function Probe:deinit()
          if self.fix then self.list[self.key] = nil end      -- the era's fix
        end
        local Rows = NSObject:subclass("Rows")
        function Rows:tableView_numberOfRowsInSection() return 30 end
        function Rows:tableView_cellForRowAt(tv, ip) return tv:dequeueReusableCell("Cell", ip) end
        function Rows:collectionView_numberOfItemsInSection() return 30 end
        function Rows:collectionView_cellForItemAt(cv, ip) return cv:dequeueReusableCell("Cell", ip) end
        local rows = sim.hold(Rows())
        local function tableView() local tv = UITableView(CGRect(0, 0, 390, 400)) tv:register(UITableViewCell, "Cell") return tv end
        local function collection()
          local cv = UICollectionView(CGRect(0, 0, 390, 400), UICollectionViewFlowLayout())
          cv:register(UICollectionViewCell, "Cell")
          return cv
        end

        """

    static let scrolled = "function Probe:scrollViewDidScroll(sv) note('scrolled') end"
    static let scroll = "list.contentOffset = CGPoint(0, 10)"
    static let reload = "list:reloadData() sim.run(0)"

    static let cases: [Case] = [
        Case(name: "UIScrollView.delegate, scrolling", make: "UIScrollView(CGRect(0, 0, 390, 400))", property: "delegate",
             methods: scrolled, trigger: scroll, selector: "scrollViewDidScroll:"),
        Case(name: "UITableView.delegate, scrolling", make: "tableView()", property: "delegate",
             methods: scrolled, trigger: scroll, selector: "scrollViewDidScroll:"),
        Case(name: "UITableView.delegate, a tap on a row", make: "tableView()", property: "delegate",
             methods: "function Probe:tableView_didSelectRowAt() note('selected') end",
             trigger: "list.dataSource = rows sim.run(0) sim.tap(list, IndexPath(0, 0))",
             selector: "tableView:didSelectRowAtIndexPath:"),
        Case(name: "UITableView.dataSource, a reload's layout pass", make: "tableView()", property: "dataSource",
             methods: "function Probe:tableView_numberOfRowsInSection() note('rows') return 0 end",
             trigger: reload, selector: "tableView:numberOfRowsInSection:"),
        Case(name: "UITableView.dataSource with sections, a reload's layout pass", make: "tableView()", property: "dataSource",
             methods: """
                function Probe:numberOfSections() note('sections') return 1 end
                function Probe:tableView_numberOfRowsInSection() note('rows') return 0 end
                """,
             trigger: reload, selector: "numberOfSectionsInTableView:"),
        Case(name: "UICollectionView.delegate, scrolling", make: "collection()", property: "delegate",
             methods: scrolled, trigger: scroll, selector: "scrollViewDidScroll:"),
        Case(name: "UICollectionView.delegate, a tap on an item", make: "collection()", property: "delegate",
             methods: "function Probe:collectionView_didSelectItemAt() note('selected') end",
             trigger: "list.dataSource = rows sim.run(0) sim.tap(list, IndexPath(0, 0))",
             selector: "collectionView:didSelectItemAtIndexPath:"),
        Case(name: "UICollectionView.dataSource, a reload's layout pass", make: "collection()", property: "dataSource",
             methods: "function Probe:collectionView_numberOfItemsInSection() note('items') return 0 end",
             trigger: reload, selector: "collectionView:numberOfItemsInSection:"),
    ]

    /// The case's chunk: the probe is set, goes at the drain, and the trigger runs under
    /// `pcall`; `expectation` is Lua that checks `ok`, `e`, `id` (the probe's `#N`) and `calls`.
    static func chunk(_ c: Case, fix: Bool, expectation: String) -> String {
        """
        \(c.methods)
        local list = \(c.make)
        screen.view:addSubview(list)
        sim.run(0)
        local probe = Probe()
        probe.list, probe.key, probe.fix = list, "\(c.property)", \(fix)
        list.\(c.property) = probe
        local id = tostring(probe):match("#%d+")
        sim.run(0)                                               -- nothing keeps the probe: gone at the drain
        assert(not sim.alive(probe))
        local ok, e = pcall(function() \(c.trigger) end)
        \(expectation)
        """
    }

    @Test(arguments: cases) func rule78_onIOS8ACallbackToADelegateThatWentIsAZombie(_ c: Case) throws {
        try RuleScript(prelude: Self.app, ios: 8).passes(Self.chunk(c, fix: false, expectation: """
            assert(list.\(c.property) == probe and not sim.alive(list.\(c.property)), "assign: it dangles")
            assert(not ok, "the callback crashes")
            assert(e.name == "EXC_BAD_ACCESS", tostring(e))
            local want = "-[Probe \(c.selector)]: message sent to deallocated instance " .. id
            assert(e.reason == want, tostring(e.reason) .. " ~= " .. want)
            assert(tostring(e) == "EXC_BAD_ACCESS: " .. want, tostring(e))
            assert(#calls == 0, table.concat(calls, ","))
            """))
    }

    @Test(arguments: cases) func rule78_onIOS9ThePropertyReadsNilAndTheCallbackIsSkipped(_ c: Case) throws {
        try RuleScript(prelude: Self.app, ios: 9).passes(Self.chunk(c, fix: false, expectation: """
            assert(ok, tostring(e))
            assert(list.\(c.property) == nil, "weak: zeroed")
            assert(#calls == 0, table.concat(calls, ","))
            """))
    }

    @Test(arguments: cases) func rule78_onIOS8NilInDeinitAvoidsTheCrash(_ c: Case) throws {
        try RuleScript(prelude: Self.app, ios: 8).passes(Self.chunk(c, fix: true, expectation: """
            assert(ok, tostring(e))
            assert(list.\(c.property) == nil, "the probe cleared it as it went")
            assert(#calls == 0, table.concat(calls, ","))
            """))
    }

    /// Uncaught, the crash ends the scenario with the death of the data source explained.
    @Test func rule78_anUncaughtZombieEndsTheScenarioAndSaysHowTheDataSourceWent() throws {
        let outcome = try RuleScript(prelude: Self.app, ios: 8).run("""
            function Probe:tableView_numberOfRowsInSection() return 0 end
            local list = tableView()
            screen.view:addSubview(list)
            local probe = Probe()
            list.dataSource = probe
            sim.run(0)                                             -- asked once, then the probe goes at the drain
            list:reloadData()
            sim.run(0)
            """).outcome
        #expect(outcome.status == .crashed)
        #expect(outcome.crash?.name == "EXC_BAD_ACCESS")
        #expect(outcome.crash?.reason.hasPrefix("-[Probe tableView:numberOfRowsInSection:]: message sent to deallocated instance #") == true,
                "\(outcome.message ?? "")")
        #expect(outcome.message?.contains("was deallocated at") == true, "\(outcome.message ?? "")")
    }

    /// A new row scrolled into view needs a cell: before iOS 9 that asks the data source that
    /// went (the zombie); from iOS 9 the weak data source reads nil, and a table asked for a
    /// cell with no data source raises rule 39's exception.
    @Test(arguments: [8, 9]) func rule78_aCellForANewRowAfterTheDataSourceWent(ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local Source = NSObject:subclass("Source")
            function Source:tableView_numberOfRowsInSection() return 30 end
            function Source:tableView_cellForRowAt(tv, ip) return tv:dequeueReusableCell("Cell", ip) end
            local list = tableView()
            screen.view:addSubview(list)
            local source = sim.hold(Source())
            list.dataSource = source
            sim.run(0)
            local id = tostring(source):match("#%d+")
            sim.release(source)
            assert(not sim.alive(source))
            list.contentOffset = CGPoint(0, 44 * 10)
            local ok, e = pcall(sim.run, 0)
            assert(not ok)
            if \(ios) < 9 then
              assert(e.reason == "-[Source tableView:cellForRowAtIndexPath:]: message sent to deallocated instance " .. id, tostring(e))
            else
              assert(e.name == "NSInternalInconsistencyException" and e.reason:find("failed to obtain a cell from its dataSource ((null))", 1, true), tostring(e))
            end
            """)
    }

    /// `sim.graph` and the references name the kind the profile gives the property, and a
    /// change of profile moves references already held to it.
    @Test func rule78_theGraphShowsTheProfilesKindAndAChangeOfProfileFollows() throws {
        try RuleScript(prelude: Self.app, ios: 8).passes("""
            local list = tableView()
            screen.view:addSubview(list)
            local probe = sim.hold(Rows())
            list.dataSource = probe
            list.delegate = probe
            sim.run(0)
            local from = "o" .. tostring(list):match("#(%d+)")
            local function edges()
              return sim.graph("mermaid"):match(from .. ' %-%.%->|"dataSource %((%a+)%)"|'), sim.graph("dot"):match(from .. ' %-> o%d+ %[label="delegate %((%a+)%)"')
            end
            local ds, d = edges()
            assert(ds == "assign" and d == "assign", tostring(ds) .. " " .. tostring(d))
            sim.configure{ ios = 9 }
            ds, d = edges()
            assert(ds == "weak" and d == "weak", tostring(ds) .. " " .. tostring(d))
            sim.configure{ ios = 8 }
            sim.release(probe)
            assert(list.dataSource == probe and not sim.alive(probe), "assign again: it dangles")
            sim.configure{ ios = 17 }
            assert(list.dataSource == nil and list.delegate == nil, "weak again: a dangling reference reads nil at once")
            list:reloadData()
            sim.run(0)
            """)
    }
}
