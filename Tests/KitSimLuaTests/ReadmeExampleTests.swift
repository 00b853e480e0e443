import Foundation
import Testing
@testable import KitSim
import KitSimRuntime
@testable import KitSimBridge
@testable import KitSimLua
import KitSimTesting

/// The README's examples cannot go stale: every Lua block runs, the main command's account
/// is the seed script's output, and every Swift block is code a test compiles and runs
/// (found, line for line, in a file under Tests/).
@Suite struct ReadmeExampleTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }   // Tests/KitSimLuaTests/<file>
        return path
    }()

    /// The fenced blocks of the README with the given info string, each with the line it
    /// starts on.
    static func blocks(_ language: String) throws -> [(line: Int, text: [String])] {
        let lines = try String(contentsOfFile: root + "/README.md", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var out: [(line: Int, text: [String])] = []
        var current: [String]?
        var start = 0
        for (i, l) in lines.enumerated() {
            if current == nil, l == "```" + language { current = []; start = i + 1 }
            else if current != nil, l == "```" { out.append((start, current ?? [])); current = nil }
            else if current != nil { current?.append(String(l)) }
        }
        return out
    }

    @Test func everyLuaBlockRuns() throws {
        let lua = try Self.blocks("lua")
        #expect(!lua.isEmpty)
        for block in lua {
            let outcome = try LuaSandbox().run(chunk: block.text.joined(separator: "\n"), name: "=README.md:\(block.line)")
            #expect(outcome.status == .passed, "README.md:\(block.line): \(outcome.message ?? "")")
        }
    }

    @Test func theMainCommandsAccountIsTheSeedScriptsOutput() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let marker = "The run prints its account on the virtual clock:\n\n```\n"
        let start = try #require(readme.range(of: marker))
        let end = try #require(readme[start.upperBound...].range(of: "\n```"))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let sandbox = try LuaSandbox(sandboxed: true)
        let outcome = try sandbox.run(file: "scripts/seed000_splash_ad_weak_root.lua")   // as kitsim run from the root
        #expect(outcome.output == shown)
    }

    @Test func theFirstScenariosAccountIsWhatItPrints() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let script = try #require(try Self.blocks("lua").first { $0.text.first?.hasPrefix("-- clock.lua") == true })
        let marker = "The account says who keeps the popped screen and what MLeaksFinder would have said:\n\n```\n"
        let start = try #require(readme.range(of: marker))
        let end = try #require(readme[start.upperBound...].range(of: "\n```"))
        let shown = readme[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let outcome = try LuaSandbox(sandboxed: true).run(chunk: script.text.joined(separator: "\n"), name: "@clock.lua")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output.joined(separator: "\n") == shown.joined(separator: "\n"))
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
        #expect(swift.count >= 5)
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
            #expect(found, "README.md:\(block.line): this Swift example is in no test under Tests/; copy it into one, as written")
        }
    }

    // The README's examples, as written there.

    @Test func theSandboxFromSwift() throws {
        let sandbox = try LuaSandbox(configuration: .init())      // Simulator.Configuration: ios, transition
        let outcome = try sandbox.run(file: "scripts/seed000_splash_ad_weak_root.lua")
        #expect(outcome.status == .passed && outcome.crash == nil)
        #expect(outcome.object(labeled: "nav")?.isDeallocated == true)
        #expect(outcome.leaks.isEmpty)
    }

    @Test func theAdGoesAwayAndTakesTheRootWithIt() throws {
        let outcome = try LuaSandbox(configuration: .init()).run(file: "scripts/seed000_splash_ad_weak_root.lua")
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
        let k = sim.uikit
        let window = try sim.make(k.window)                     // UIWindow(frame: UIScreen.main.bounds)
        try sim.heap.set(sim.appDelegate!, "window", .object(window))   // the app delegate owns it (rule 5)
        let nav = try sim.make(k.navigationController, [.object(try sim.make(k.viewController))])
        try sim.heap.set(window, "rootViewController", .object(nav))
        _ = try sim.heap.send(window, "makeKeyAndVisible")
        _ = try sim.heap.send(nav, "pushViewController", [.object(try sim.make(k.viewController)), .bool(true)])
        try sim.run(1)                                          // the virtual clock: 0.35 s transitions, timers, drains
        print(try sim.screen())                                 // windows top-down, covered views, black, key window
        print(sim.heap.leaks())                                 // cycles and `abandoned` controllers (2 s after leaving the UI)
        #expect(try sim.objects(nav, k.navControllers).count == 2)
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
        print(heap.leaks())                        // retain cycles, with the properties that form them
        #expect(heap.state(of: root) == .deallocated)
    }
}
