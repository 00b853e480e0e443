// The C side of the Lua bridge (SPEC §1, DEVELOPERS.md rule 1).
//
// Swift cannot import Lua's function-like macros, so they are wrapped here as static
// inline functions. Anything that may raise a Lua error runs in C under lua_pcall:
// Swift never calls lua_error, and a Lua error never unwinds a Swift frame.
#ifndef KITSIM_LUA_H
#define KITSIM_LUA_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline void kitsim_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline int kitsim_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int kitsim_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline const char *kitsim_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline int kitsim_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline void kitsim_newtable(lua_State *L) { lua_newtable(L); }

/// Loads and runs `chunk` under protection with a traceback message handler.
/// Returns a LUA_* status; on error the message (with traceback) is on the stack top.
int kitsim_dostring(lua_State *L, const char *chunk, size_t len, const char *name);

/// Opens a state with the standard libraries, or NULL when out of memory.
lua_State *kitsim_newstate(void);

#endif
