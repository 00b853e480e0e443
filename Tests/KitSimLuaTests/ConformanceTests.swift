import Testing
import KitSimPlatform
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// Where a script sees stock Lua 5.4 (docs/limits.md, "Differences from stock Lua 5.4"); the
/// differential test `scripts/conformance.sh` compares hundreds of snippets with
/// `lua5.4`, these check the same points through the Swift API.
@Suite struct ConformanceTests {
    static func run(_ code: String) throws -> Outcome {
        try LuaSandbox().run(chunk: code, name: "=c")
    }

    /// Writes `bytes` to a new temporary file and returns its path.
    static func file(_ bytes: [UInt8]) -> String {
        let path = Platform.makeTemporaryFile("kitsim-conformance-", suffix: ".lua")!
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    @Test func loadWithoutAnEnvironmentSeesTheGlobals() throws {
        let o = try Self.run("""
            x = 5
            print(load("return x")())
            print(load(function() return nil end) ~= nil)
            print(load("return x", "c", "t", { x = 7 })())
            print(pcall(load("return x", "c", "t", nil)))
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.output == ["5", "true", "7", "false\t[string \"c\"]:1: attempt to index a nil value (upvalue '_ENV')"])
    }

    @Test func loadRefusesWhatItsModeRefuses() throws {
        let o = try Self.run("""
            print(load("return 1", "n", "b"))
            print(load(string.dump(function() end)))
            print(pcall(load))
            print(pcall(loadfile, {}))
            print(pcall(coroutine.resume))
            """)
        #expect(o.output == ["nil\tattempt to load a text chunk (mode is 'b')",
                             "nil\tattempt to load a binary chunk (mode is 't')",
                             "false\tbad argument #1 to 'load' (function expected, got no value)",
                             "false\tbad argument #1 to 'loadfile' (string expected, got table)",
                             "false\tbad argument #1 to 'coroutine.resume' (thread expected, got no value)"])
    }

    /// A script is bytes: a `#!` line and a byte order mark are skipped, and a string that
    /// is not UTF-8 keeps its length.
    @Test func aScriptFileIsReadAsBytes() throws {
        let path = Self.file(Array("\u{FEFF}#!/usr/bin/env lua\nprint(#\"caf".utf8) + [0xE9] + Array("\", (\"\\xff\"):byte(), ...)\n".utf8))
        defer { unlink(path) }
        let o = try LuaSandbox().run(file: path, arguments: ["a", "b"])
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.output == ["4\t255\ta\tb"])
        let args = Self.file(Array("print(arg[0] ~= nil, arg[1], arg[2], arg[3], #arg, select('#', ...))".utf8))
        defer { unlink(args) }
        #expect(try LuaSandbox().run(file: args, arguments: ["x", "y"]).output == ["true\tx\ty\tnil\t2\t2"])
    }

    /// print writes the bytes Lua made to standard output, not their UTF-8 repair.
    @Test func printWritesBytes() throws {
        let sb = try LuaSandbox()
        sb.echoOutput = true
        let path = Self.file([])
        defer { unlink(path) }
        fflush(nil)
        let saved = dup(1)
        let fd = open(path, O_WRONLY | O_TRUNC)
        dup2(fd, 1)
        let o = sb.run(chunk: #"print("\xff", "caf\xE9")"#, name: "=bytes")
        fflush(nil)
        dup2(saved, 1)
        close(fd)
        close(saved)
        #expect(o.status == .passed)
        let f = fopen(path, "rb")
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = fread(&buffer, 1, 64, f)
        fclose(f)
        #expect(Array(buffer[0..<n]) == [0xFF, 0x09, 0x63, 0x61, 0x66, 0xE9, 0x0A])
    }

    @Test func printIsTheStandardCFunction() throws {
        let o = try Self.run("""
            print(pcall(string.dump, print))
            print(debug.getinfo(print, "S").what)
            table, tostring = nil, nil
            print(1, nil, setmetatable({}, { __tostring = function() return "T" end }))
            """)
        #expect(o.status == .passed, "\(o.message ?? "")")
        #expect(o.output == ["false\tunable to dump given function", "C", "1\tnil\tT"])
    }

    @Test func theBudgetHookIsHidden() throws {
        #expect(try Self.run("print(debug.gethook()) print(select('#', debug.gethook()))").output == ["nil", "1"])
    }

    @Test func domainErrorsPrintAsStockDoes() throws {
        #expect(try Self.run("print(math.acos(2), math.asin(2), math.log(-1, 10), 0/0)").output == ["nan\tnan\tnan\t-nan"])
    }

    @Test func theCollectorIsGenerational() throws {
        #expect(try Self.run("print(collectgarbage('incremental'))").output == ["generational"])
    }

    /// lua.c's rendering of an uncaught error that is not a string, after the place of the
    /// line that raised it (SPEC §5: every headline starts with `file:line:`); a script's
    /// table with a `message` or `name` field is no KitSim value.
    @Test(arguments: [
        ("error({})", "(error object is a table value)"),
        ("error()", "(error object is a nil value)"),
        ("error(true)", "(error object is a boolean value)"),
        ("error(setmetatable({}, { __tostring = function() return 'custom' end }))", "custom"),
        ("error({ message = 'm' })", "(error object is a table value)"),
        ("error({ name = 'N', reason = 'R' })", "(error object is a table value)"),
    ] as [(String, String)])
    func anUncaughtErrorObjectIsDescribedAsLuaDoes(_ c: (code: String, message: String)) throws {
        let o = try Self.run(c.code)
        #expect(o.status == .scriptError)
        #expect(o.message?.split(separator: "\n").first.map(String.init) == "c:1: " + c.message, "\(o.message ?? "")")
        #expect(o.message?.contains("stack traceback:\n\t[C]: in function 'error'") == true)
        #expect(o.crash == nil)
    }
}
