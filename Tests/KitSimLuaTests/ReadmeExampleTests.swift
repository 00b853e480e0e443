import Foundation
import Testing
@testable import KitSim
import KitSimRuntime
@testable import KitSimBridge
@testable import KitSimLua
import KitSimTesting
import KitSimReport
import KitSimExplore

/// The examples of the README and of the pages under docs/ cannot go stale: every Lua block
/// runs, the main command's account is the seed script's output, every Swift block is code a
/// test compiles and runs (found, line for line, in a file under Tests/), and every link
/// between the pages reaches a file and a heading. A failure names the page and the line
/// (`docs/guide.md:64: …`).
@Suite struct ReadmeExampleTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }   // Tests/KitSimLuaTests/<file>
        return path
    }()

    /// The pages whose examples are checked: README.md and every docs/*.md but the generated
    /// API reference, by their paths from the repository's root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
            .filter { $0.hasSuffix(".md") && $0 != "API.md" }.sorted()
        return ["README.md"] + docs.map { "docs/" + $0 }
    }

    static func text(_ page: String) throws -> String {
        try String(contentsOfFile: root + "/" + page, encoding: .utf8)
    }

    /// The fenced blocks of every page with the given info string, each with its page and the
    /// line it starts on.
    static func blocks(_ language: String) throws -> [(page: String, line: Int, text: [String])] {
        var out: [(page: String, line: Int, text: [String])] = []
        for page in try pages() {
            let lines = try text(page).split(separator: "\n", omittingEmptySubsequences: false)
            var current: [String]?
            var start = 0
            for (i, l) in lines.enumerated() {
                if current == nil, l == "```" + language { current = []; start = i + 1 }
                else if current != nil, l == "```" { out.append((page, start, current ?? [])); current = nil }
                else if current != nil { current?.append(String(l)) }
            }
        }
        return out
    }

    /// The lines of the fenced block that follows `marker` on whichever page has it, with the
    /// page's name.
    static func shownAfter(_ marker: String) throws -> (page: String, lines: [String])? {
        for page in try pages() {
            let text = try text(page)
            guard let start = text.range(of: marker), let end = text[start.upperBound...].range(of: "\n```") else { continue }
            return (page, text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init))
        }
        return nil
    }

    /// The pages hold two Lua and seven Swift examples: one lost in a move (a page left out, a
    /// fence changed) fails here rather than going untested.
    @Test func theExamplesAreAllFound() throws {
        #expect(try Self.blocks("lua").count >= 2)
        #expect(try Self.blocks("swift").count >= 7)
    }

    @Test func everyLuaBlockRuns() throws {
        let lua = try Self.blocks("lua")
        #expect(!lua.isEmpty)
        for block in lua {
            let outcome = try LuaSandbox().run(chunk: block.text.joined(separator: "\n"), name: "=\(block.page):\(block.line)")
            #expect(outcome.status == .passed, "\(block.page):\(block.line): \(outcome.message ?? "")")
        }
    }

    @Test func theMainCommandsAccountIsTheSeedScriptsOutput() throws {
        let shown = try #require(try Self.shownAfter("The run prints its account on the virtual clock:\n\n```\n"))
        let sandbox = try LuaSandbox(sandboxed: true)
        let outcome = try sandbox.run(file: "Scenarios/seeds/seed000_splash_ad_weak_root.lua")   // as kitsim run from the root
        #expect(outcome.output == shown.lines, "\(shown.page): the main command's account is not what the seed script prints")
    }

    @Test func theFirstScenariosAccountIsWhatItPrints() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- clock.lua") == true })
        let shown = try #require(try Self.shownAfter("The account says who keeps the popped screen and what MLeaksFinder would have said:\n\n```\n"))
        let outcome = try LuaSandbox(sandboxed: true).run(chunk: script.text.joined(separator: "\n"), name: "@clock.lua")
        #expect(outcome.status == .passed, "\(script.page):\(script.line): \(outcome.message ?? "")")
        #expect(outcome.output.joined(separator: "\n") == shown.lines.joined(separator: "\n"), "\(shown.page): the first scenario's account is not what clock.lua prints")
    }

    @Test func theReadmesFixRunIsWhatFixPrints() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- profile.lua") == true })
        let shown = try #require(try Self.shownAfter("that change made, to check it:\n\n```\n"))
        let report = try LeakFixer().find(.source(script.text.joined(separator: "\n"), name: "@profile.lua"))
        let printed = report.text(file: "profile.lua").split(separator: "\n").map(String.init)
        // The README leaves the traces out: every line it shows is printed, in order.
        var rest = printed[...]
        for line in shown.lines {
            let found = rest.firstIndex(of: line)
            #expect(found != nil, "\(shown.page): '\(line)' is not what kitsim fix prints")
            if let found { rest = rest[(found + 1)...] }
        }
        #expect(report.groups.count == 1 && report.groups[0].verdict.isVerified)
    }

    @Test func theProfileScenariosAccountShowsBothCaptures() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- profile.lua") == true })
        let shown = try #require(try Self.shownAfter("of the second:\n\n```\n"))
        let outcome = try LuaSandbox(sandboxed: true).run(chunk: script.text.joined(separator: "\n"), name: "@profile.lua")
        #expect(outcome.status == .passed, "\(script.page):\(script.line): \(outcome.message ?? "")")
        #expect(outcome.output.joined(separator: "\n") == shown.lines.joined(separator: "\n"), "\(shown.page): profile.lua's account is not what it prints")
        #expect(shown.lines.filter { $0.contains("captures 'self' (strong)") }.count == 4)
    }

    /// The guide's account of how an object died: what swap.lua prints, and the headline of
    /// a message sent to the controller after it.
    @Test func theDeathExampleIsWhatSwapLuaPrints() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- swap.lua") == true })
        let shown = try #require(try Self.shownAfter("`kitsim run swap.lua` prints:\n\n```\n"))
        let outcome = try LuaSandbox(sandboxed: true).run(chunk: script.text.joined(separator: "\n"), name: "@swap.lua")
        #expect(outcome.status == .passed, "\(script.page):\(script.line): \(outcome.message ?? "")")
        // A history ends with a newline, which print adds to.
        #expect(outcome.output.joined(separator: "\n").split(separator: "\n").map(String.init) == shown.lines, "\(shown.page): swap.lua's account is not what it prints")
        let crash = try #require(try Self.shownAfter("owner let go of it or went itself.\n\n```\n"))
        let crashed = try LuaSandbox(sandboxed: true).run(chunk: script.text.joined(separator: "\n") + "\nlocal top = nav.topViewController", name: "@swap.lua")
        #expect(crashed.status == .crashed)
        #expect(Array((crashed.message ?? "").split(separator: "\n").prefix(2).map(String.init)) == crash.lines, "\(crash.page): the headline shown is not swap.lua's")
    }

    /// The guide's weakening: picker.lua leaks with its strong delegate and frees the popped
    /// screen with `--weaken Picker.delegate`, as the page shows.
    @Test func theWeakeningExampleIsWhatPickerLuaPrints() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- picker.lua") == true })
        let shown = try #require(try Self.shownAfter("`kitsim run picker.lua --weaken Picker.delegate` prints:\n\n```\n"))
        let source = script.text.joined(separator: "\n")
        let leaking = try LuaSandbox(sandboxed: true).run(chunk: source, name: "@picker.lua")
        #expect(leaking.output == ["the popped screen is alive\t2"], "\(script.page):\(script.line): \(leaking.message ?? "")")
        var configuration = Simulator.Configuration()
        configuration.weakened = [try #require(Weakening(parsing: "Picker.delegate"))]
        let fixed = try LuaSandbox(configuration: configuration, sandboxed: true).run(chunk: source, name: "@picker.lua")
        #expect(fixed.output == shown.lines, "\(shown.page): picker.lua with the weakening does not print what is shown")
    }

    /// The guide's heap generations: what generations.lua prints, `sim.since` and
    /// `sim.growth` naming the screen each visit leaves behind; with the closure's capture
    /// weak, both reports are empty, as the guide says.
    @Test func theGenerationsExampleIsWhatItPrints() throws {
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- generations.lua") == true })
        let shown = try #require(try Self.shownAfter("`kitsim run generations.lua` prints what each visit left behind and what grows:\n\n```\n"))
        let source = script.text.joined(separator: "\n")
        let outcome = try LuaSandbox(sandboxed: true).run(chunk: source, name: "@generations.lua")
        #expect(outcome.status == .passed, "\(script.page):\(script.line): \(outcome.message ?? "")")
        #expect(outcome.output.joined(separator: "\n").split(separator: "\n").map(String.init) == shown.lines, "\(shown.page): generations.lua's account is not what it prints")
        #expect(shown.lines.contains("  3 ProfileViewController (generations.lua:14)"))
        #expect(shown.lines.contains("  ProfileViewController +1 each round (4, 5, 6), made at generations.lua:14"))
        let weak = source.replacingOccurrences(of: "sim.block{ strong = { self }", with: "sim.block{ weak = { self }")
        #expect(weak != source)
        let fixed = try LuaSandbox(sandboxed: true).run(chunk: weak, name: "@generations.lua")
        #expect(fixed.output == ["since mark 'visits': no object allocated since then is alive", "growth over 3 rounds: nothing grows in every round"])
    }

    /// The README's explore run is what `kitsim explore` prints for seed 003's swipe back,
    /// up to the run's report.
    @Test func theReadmesExploreRunIsWhatExplorePrints() throws {
        let shown = try #require(try Self.shownAfter("`kitsim explore` runs it in every order its uncertain moments allow:\n\n```\n"))
        let file = "Scenarios/explore/seed003_swipe_back_bug.lua"
        // Run from the package root, as the README's command is: Lua shortens a long chunk
        // name from its start, so an absolute path would print differently per checkout.
        let result = try Explorer(Explorer.Options(file: file)).explore()
        let text = ExploreText.render(result)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let upToReport = Array(lines.prefix { $0 != "  the run's report:" }).filter { !$0.isEmpty }
        #expect(upToReport == shown.lines, "\(shown.page): the explore run shown is not what kitsim explore prints")
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation but `-` and `_` dropped,
    /// spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { c -> Character? in
            if c == " " { return "-" }
            return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
        })
    }

    /// Every relative link of the pages reaches a file, and a link with `#anchor` into a
    /// Markdown file reaches one of its headings: moving a section to another page must move
    /// the links to it.
    @Test func everyLinkBetweenThePagesResolves() throws {
        func anchors(_ page: String) throws -> Set<String> {
            var out: Set<String> = []
            var fenced = false
            for line in try Self.text(page).split(separator: "\n") {
                if line.hasPrefix("```") { fenced.toggle(); continue }
                guard !fenced else { continue }
                // An explicit anchor, `<a id="rule-47"></a>`, as GitHub renders it.
                if line.hasPrefix("<a id=\""), let end = line.dropFirst(7).firstIndex(of: "\"") {
                    out.insert(String(line[line.index(line.startIndex, offsetBy: 7)..<end]))
                    continue
                }
                guard line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { continue }
                out.insert(Self.anchor(String(line[line.index(after: space)...])))
            }
            return out
        }
        /// The targets of the `[text](target)` links on a line.
        func targets(_ line: Substring) -> [String] {
            var out: [String] = []
            var rest = line[...]
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(where: { $0 == ")" || $0 == " " }), after[close] == ")" else {
                    rest = after
                    continue
                }
                out.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
            return out
        }
        var checked = 0
        // The generated API reference too: its rule citations link to docs/rules.md.
        for page in try Self.pages() + ["docs/API.md"] {
            let folder = page.contains("/") ? String(page[..<page.lastIndex(of: "/")!]) : ""
            var fenced = false
            for (n, line) in try Self.text(page).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") { fenced.toggle(); continue }
                if fenced { continue }
                for target in targets(line) {
                    if target.hasPrefix("http://") || target.hasPrefix("https://") { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    var file = parts[0].isEmpty ? page : (folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                    // `a/../b` as a path from the root.
                    var components: [String] = []
                    for c in file.split(separator: "/") { if c == ".." { _ = components.popLast() } else if c != "." { components.append(String(c)) } }
                    file = components.joined(separator: "/")
                    // SPEC.md is kept beside the repository, not in it.
                    if parts[0].hasSuffix("shared/SPEC.md") { continue }
                    let exists = FileManager.default.fileExists(atPath: Self.root + "/" + file)
                    #expect(exists, "\(page):\(n + 1): the link \(target) names no file")
                    if exists, parts.count == 2, file.hasSuffix(".md") {
                        #expect(try anchors(file).contains(parts[1]), "\(page):\(n + 1): the link \(target) names no heading of \(file)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    /// A line of Swift as the comparison sees it: trimmed, without a trailing `// …` comment.
    static func code(_ line: Substring) -> String {
        var l = line.trimmingCharacters(in: .whitespaces)
        if let r = l.range(of: #"\s+//\s.*$"#, options: .regularExpression) { l.removeSubrange(r) }
        return l.hasPrefix("//") ? "" : l
    }

    @Test func everySwiftBlockIsCompiledInATest() throws {
        var sources: [(name: String, lines: [String])] = []
        for dir in ["Tests/KitSimTests", "Tests/KitSimTests/UIKit", "Tests/KitSimLuaTests", "Tests/KitSimTestingTests"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: Self.root + "/" + dir).sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOfFile: Self.root + "/" + dir + "/" + name, encoding: .utf8)
                sources.append((name, text.split(separator: "\n").map(Self.code).filter { !$0.isEmpty }))
            }
        }
        let swift = try Self.blocks("swift")
        #expect(swift.count >= 7)
        // A package manifest is built, not found in a test: scripts/test-dependency.sh makes
        // a package of it.
        for block in swift where block.text.first?.hasPrefix("// swift-tools-version") != true {
            let lines = block.text.map { Self.code(Substring($0)) }.filter { !$0.isEmpty }
            // Imports may sit anywhere in the test's file; the code must be there line for line.
            let imports = lines.filter { $0.hasPrefix("import ") }
            let wanted = lines.filter { !$0.hasPrefix("import ") }
            let found = sources.contains { _, file in
                guard imports.allSatisfy({ i in file.contains(i) || file.contains("@testable " + i) }) else { return false }
                guard let first = wanted.first else { return true }
                return file.indices.contains { i in file[i] == first && Array(file[i...].prefix(wanted.count)) == wanted }
            }
            #expect(found, "\(block.page):\(block.line): this Swift example is in no test under Tests/; copy it into one, as written")
        }
    }

    // The examples of the README and docs/swift-api.md, as written there.

    @Test func theSandboxFromSwift() throws {
        let sandbox = try LuaSandbox(configuration: .init())      // Simulator.Configuration: ios, transition
        let outcome = try sandbox.run(file: "Scenarios/seeds/seed000_splash_ad_weak_root.lua")
        #expect(outcome.status == .passed && outcome.crash == nil)
        #expect(outcome.object(labeled: "nav")?.isDeallocated == true)
        #expect(outcome.leaks.isEmpty)
    }

    @Test func theAdGoesAwayAndTakesTheRootWithIt() throws {
        let outcome = try LuaSandbox(configuration: .init()).run(file: "Scenarios/seeds/seed000_splash_ad_weak_root.lua")
        expectPassed(outcome)
        expectDeallocated(outcome, "ad")       // on failure: "ad" (DJWelcomeViewController#12) is alive,
                                               // expected deallocated, retain count 1, then sim.why and sim.history
        expectNoLeaks(outcome)                 // on failure: each cycle or abandoned controller with its path
        // Exhaustive, as TCA's TestStore: every labelled object's fate; a wrong, missing or
        // unlisted one fails with a diff (expected −, actual +).
        expectFates(outcome, ["nav": .deallocated, "ad": .deallocated, "flutterViewController": .alive])
    }

    @Test func theUIKitModelFromSwift() throws {
        let sim = Simulator()                                   // iOS 17 profile; Simulator(configuration:) for others
        let window = try sim.make("UIWindow")                   // UIWindow(frame: UIScreen.main.bounds)
        try sim.heap.set(sim.appDelegate!, "window", .object(window))   // the app delegate owns it (rule 5)
        let nav = try sim.make("UINavigationController", [.object(try sim.make("UIViewController"))])
        try sim.heap.set(window, "rootViewController", .object(nav))
        _ = try sim.heap.send(window, "makeKeyAndVisible")
        _ = try sim.heap.send(nav, "pushViewController", [.object(try sim.make("UIViewController")), .bool(true)])
        try sim.run(1)                                          // the virtual clock: 0.35 s transitions, timers, drains
        print(try sim.screen())                                 // windows top-down, covered views, black, key window
        print(sim.heap.leakText())                              // cycles and `abandoned` controllers (2 s after leaving the UI)
        guard case .array(let stack) = try sim.heap.get(nav, "viewControllers") else { Issue.record("no stack"); return }
        #expect(stack.count == 2)
        #expect(throws: SimError.misuse(.unregisteredClass("UIWidget"))) { try sim.make("UIWidget") }
        #expect(sim.heap.leaks().isEmpty)
    }

    @Test func theOwnershipModelFromSwift() throws {
        let heap = Heap()
        let vc = try heap.defineClass("UIViewController", superclass: heap.rootClass)
        let window = try heap.defineClass("UIWindow", superclass: heap.rootClass, properties: [
            Property("rootViewController", .strong, type: .object(vc)),
        ])
        let w = heap.alloc(window)                 // owned by the autorelease pool (rc 1)
        try heap.hold(w, heap.holdReason("on screen"))
        let root = heap.alloc(vc)
        try heap.set(w, "rootViewController", .object(root))
        try heap.drain()                           // end of the run-loop turn
        print(heap.why(root))                      // [on screen] UIWindow#1.rootViewController (strong) → UIViewController#2
        try heap.set(w, "rootViewController", .nil)
        print(heap.history(root))                  // every retain and release, with cause and source line
        try heap.verify()                          // retain count == strong references + holds + pools
        print(heap.leakText())                     // retain cycles, with the properties that form them
        #expect(heap.state(of: root) == .deallocated)
    }
}
