// The floor of the binding benchmark: a plain C binding of a struct with the
// same shape as the benchmark's simulated classes, written directly on the Lua C API as
// a careful C programmer would (no framework, one metatable per type, a name → index
// table for properties, type checks by a tag in the userdata). Bench-only: no KitSim
// code links it.
#ifndef PLAINC_H
#define PLAINC_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdint.h>

/// Opens a plain Lua state with the standard libraries and the plain C types as globals:
/// `PThing()` (get/set/notify, `value`), `PBig()` (50 properties, `value` last),
/// `PLeaf()` (get/set inherited three levels up, flattened), `PSub()` (a subclass
/// whose `viewDidLoad` Lua defines; `notify` calls it from C) and `pf(i)`.
lua_State *plainc_open(void);
void plainc_close(lua_State *L);

/// Runs Lua source under protection (set-up code); returns a malloc'd error or NULL.
char *plainc_dostring(lua_State *L, const char *source);

/// Compiles `source` to a function kept in the registry; returns its reference, or
/// LUA_NOREF with the message in `*error` (malloc'd).
int plainc_compile(lua_State *L, const char *source, const char *name, char **error);

/// Calls the registered function `ref` `times` times, each as a protected call with a
/// message handler (what the KitSim side does), stopping at the first error.
int plainc_call(lua_State *L, int ref, int times);

/// Valgrind client requests (no-ops outside valgrind): zero the callgrind counters, and
/// dump them under `label`.
void bench_callgrind_zero(void);
void bench_callgrind_dump(const char *label);
/// 1 when running under valgrind.
int bench_running_on_valgrind(void);

#endif
