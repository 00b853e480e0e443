import Foundation
import Testing
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimRepl

/// Where `require` looks (docs/guide.md, "Shared code and `require`"): the scenario's
/// folder, then the folder above it, both written from the path as given. A seed in
/// Scenarios/seeds/ finds Scenarios/lib/; a project with `lib/` beside its scenario too.
@Suite struct RequirePathTests {
    @Test func theFoldersAreTheScriptsAndTheOneAboveIt() {
        #expect(LuaSandbox.requireFolders(of: "Scenarios/seeds/a.lua") == ["Scenarios/seeds", "Scenarios"])
        #expect(LuaSandbox.requireFolders(of: "/r/Scenarios/seeds/a.lua") == ["/r/Scenarios/seeds", "/r/Scenarios"])
        #expect(LuaSandbox.requireFolders(of: "app/a.lua") == ["app", "."])
        #expect(LuaSandbox.requireFolders(of: "a.lua") == [".", ".."])
        #expect(LuaSandbox.requireFolders(of: "./a.lua") == [".", ".."])
        #expect(LuaSandbox.requireFolders(of: "../a.lua") == ["..", "../.."])
        #expect(LuaSandbox.requireFolders(of: "/app/a.lua") == ["/app", ""])      // "/?.lua"
        #expect(LuaSandbox.requireFolders(of: "/a.lua") == [""])                 // the root has no parent
    }

    /// A folder of its own: `project/` with `lib/m.lua`, `my.lua` beside `lib/`, and
    /// `seeds/s.lua` one level down.
    func project() throws -> String {
        let root = NSTemporaryDirectory() + "kitsim-require-\(UUID().uuidString)"
        let fm = FileManager.default
        for dir in ["/project/lib", "/project/seeds", "/project/seeds/lib"] {
            try fm.createDirectory(atPath: root + dir, withIntermediateDirectories: true)
        }
        func write(_ path: String, _ text: String) throws { try text.write(toFile: root + path, atomically: true, encoding: .utf8) }
        try write("/project/lib/m.lua", "return { from = 'project/lib' }\n")
        try write("/project/lib/shared.lua", "return { from = 'project/lib' }\n")
        // A module beside the scenario comes before the one above it.
        try write("/project/seeds/lib/shared.lua", "return { from = 'seeds/lib' }\n")
        try write("/project/my.lua", "print(require('lib.m').from)\n")
        try write("/project/seeds/s.lua", "print(require('lib.m').from, require('lib.shared').from)\nprint(package.path)\n")
        return root
    }

    @Test func aScenarioBesideLibAndOneBelowItBothFindIt() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let own = try LuaSandbox(sandboxed: true).run(file: root + "/project/my.lua")
        #expect(own.status == .passed, "\(own.message ?? "")")
        #expect(own.output == ["project/lib"])
        let seed = try LuaSandbox(sandboxed: true).run(file: root + "/project/seeds/s.lua")
        #expect(seed.status == .passed, "\(seed.message ?? "")")
        #expect(seed.output == ["project/lib\tseeds/lib", "\(root)/project/seeds/?.lua;\(root)/project/?.lua"])
    }

    @Test func aMissingModuleListsBothFolders() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "require('lib.nowhere')\n".write(toFile: root + "/project/seeds/x.lua", atomically: true, encoding: .utf8)
        let outcome = try LuaSandbox(sandboxed: true).run(file: root + "/project/seeds/x.lua")
        #expect(outcome.status == .scriptError)
        let message = outcome.message ?? ""
        #expect(message.contains("no file '\(root)/project/seeds/lib/nowhere.lua'"), "\(message)")
        #expect(message.contains("no file '\(root)/project/lib/nowhere.lua'"), "\(message)")
    }

    /// The REPL's `-i FILE` and `:load FILE` use the same two folders.
    @Test func theReplLoadsWithTheSameFolders() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let r = try ReplSession()
        let reply = r.load(file: root + "/project/seeds/s.lua")
        #expect(reply.error == nil, "\(reply.error ?? "")")
        #expect(r.feed("require('lib.m').from") == "project/lib")
        #expect(r.feed("package.path:match('^[^;]*;[^;]*')") == "\(root)/project/seeds/?.lua;\(root)/project/?.lua")
    }
}
