import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimPlatform

/// Runs every Lua file in Scripts/: each exercises part of the API with `expect` and
/// must pass.
@Suite struct ScriptTests {
    static let directory: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "Scripts"
    }()

    static var files: [String] { (Platform.folderEntries(directory) ?? []).filter { $0.hasSuffix(".lua") } }

    @Test func thereAreScripts() { #expect(Self.files.count >= 4) }

    @Test(arguments: files) func scriptPasses(_ name: String) throws {
        Simulator.checksInvariants = true
        let sandbox = try LuaSandbox()
        let outcome = try sandbox.run(file: Self.directory + "/" + name)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty)
    }
}
