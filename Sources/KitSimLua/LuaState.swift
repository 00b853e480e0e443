import CLua
import CLuaShim

/// An owned Lua 5.4 state. Swift reaches Lua only through protected calls in the C
/// shim (DEVELOPERS.md rule 1). The full bridge (SPEC §4) builds on this.
public final class LuaState {
    let L: OpaquePointer

    /// Opens a state with the standard libraries.
    public init() throws {
        guard let L = kitsim_newstate() else { throw SimErrorBox.outOfMemory }
        self.L = L
    }

    deinit { lua_close(L) }

    /// The Lua version this binary links against, e.g. "Lua 5.4".
    public static var version: String { LUA_VERSION_MAJOR + "." + LUA_VERSION_MINOR }

    /// Runs `chunk` and returns its results converted to strings with Lua's rules
    /// (numbers and strings; other values by type name), or the error text with a traceback.
    public func run(_ chunk: String, name: String = "=chunk") -> Result<[String], LuaError> {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = kitsim_dostring(L, chunk, chunk.utf8.count, name)
        if status != LUA_OK {
            let text = kitsim_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
            return .failure(LuaError(message: text))
        }
        var out: [String] = []
        let n = lua_gettop(L)
        if n > top {
            for i in (top + 1)...n {
                if lua_type(L, i) == LUA_TNUMBER || lua_type(L, i) == LUA_TSTRING {
                    out.append(String(cString: kitsim_tostring(L, i)))
                } else {
                    out.append(String(cString: lua_typename(L, lua_type(L, i))))
                }
            }
        }
        return .success(out)
    }
}

/// A Lua error, with its traceback.
public struct LuaError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

enum SimErrorBox: Error { case outOfMemory }
