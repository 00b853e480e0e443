#include "kitsim_lua.h"
#include <stdlib.h>
#include <string.h>

static kitsim_swift_entry_fn swift_entry = NULL;
void kitsim_set_swift_entry(kitsim_swift_entry_fn fn) { swift_entry = fn; }

static kitsim_method_entry_fn method_entry = NULL;
static kitsim_property_entry_fn get_entry = NULL, set_entry = NULL;
static kitsim_function_entry_fn function_entry = NULL;
void kitsim_set_swift_entries(kitsim_method_entry_fn method, kitsim_property_entry_fn get,
                              kitsim_property_entry_fn set, kitsim_function_entry_fn function) {
    method_entry = method;
    get_entry = get;
    set_entry = set;
    function_entry = function;
}

kitsim_limits *kitsim_limits_of(lua_State *L) { return *(kitsim_limits **)lua_getextraspace(L); }

// ---------------------------------------------------------------- allocator

static void limit_hook(lua_State *L, lua_Debug *ar);

static void *kitsim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    kitsim_limits *lim = (kitsim_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        return NULL;
    }
    if (lim->cap && nsize > old && lim->used - old + nsize > lim->cap) {
        if (lim->swift_depth == 0) {
            lim->memory_exceeded = 1;
            /* Lua raises "not enough memory" itself; make sure a pcall cannot swallow it:
               from the next instruction on, the hook raises the limit until the host's
               own pcall is reached. */
            if (lim->L && !lim->stopping) {
                snprintf(lim->stop_message, sizeof lim->stop_message,
                         "limit exceeded: memory cap of %zu bytes reached", lim->cap);
                lim->stopping = 1;
                lua_sethook(lim->L, limit_hook, LUA_MASKCOUNT, 1);
            }
            return NULL;
        }
        lim->memory_exceeded = 1;            /* Swift is running: allow, raise later */
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    lim->used = lim->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return p;
}

// ---------------------------------------------------------------- errors and hooks

/* Whether the value at idx is one of KitSim's error values (a UIKit exception or an
   assertion failure), by its metatable's __name, read raw. */
static int is_kitsim_error(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TTABLE || luaL_getmetafield(L, idx, "__name") != LUA_TSTRING) return 0;
    const char *name = lua_tostring(L, -1);
    int yes = strcmp(name, "NSException") == 0 || strcmp(name, "AssertionFailure") == 0;
    lua_pop(L, 1);
    return yes;
}

static int traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg != NULL) {
        /* An error raised inside an override has its traceback from the override's own
           protected call, where the stack was deepest: the host's outer call keeps it. */
        if (lua_type(L, 1) == LUA_TSTRING && strstr(msg, "\nstack traceback:\n") != NULL) return 1;
        luaL_traceback(L, L, msg, 1);
        return 1;
    }
    if (is_kitsim_error(L, 1)) {
        /* An exception value: keep it, and record where it was first raised. The first
           handler to see it runs where the stack is deepest (inside the override that
           raised it), so outer handlers of nested protected calls keep what it found. */
        lua_pushliteral(L, "traceback");
        if (lua_rawget(L, 1) == LUA_TNIL) {
            lua_pushliteral(L, "traceback");
            luaL_traceback(L, L, NULL, 1);
            lua_rawset(L, 1);
            /* The headline's place: the innermost Lua line, as luaL_where gives it. */
            lua_Debug ar;
            for (int level = 1; lua_getstack(L, level, &ar); level++) {
                lua_getinfo(L, "Sl", &ar);
                if (ar.currentline > 0) {
                    lua_pushliteral(L, "where");
                    lua_pushfstring(L, "%s:%d:", ar.short_src, ar.currentline);
                    lua_rawset(L, 1);
                    break;
                }
            }
        }
    }
    lua_settop(L, 1);
    return 1;
}

static void limit_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    kitsim_limits *lim = kitsim_limits_of(L);
    if (!lim->stopping) {
        lim->instructions_left -= lim->hook_step;
        if (lim->interrupted) {
            snprintf(lim->stop_message, sizeof lim->stop_message, "interrupted");
        } else if (lim->instructions_left <= 0) {
            snprintf(lim->stop_message, sizeof lim->stop_message,
                     "limit exceeded: instruction budget used up (a loop that never ends?)");
        } else if (lim->memory_exceeded) {
            snprintf(lim->stop_message, sizeof lim->stop_message,
                     "limit exceeded: memory cap of %zu bytes reached", lim->cap);
        } else {
            return;
        }
        lim->stopping = 1;
        /* From now on fire on every instruction, so a pcall cannot swallow the stop.
           Hooks are per thread: the main thread too, in case this is a coroutine. */
        lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
        if (lim->L && lim->L != L) lua_sethook(lim->L, limit_hook, LUA_MASKCOUNT, 1);
    }
    luaL_error(L, "%s", lim->stop_message);
}

/* The count hook of the budget; none when there is no budget (instructions <= 0). */
static void arm_budget_hook(lua_State *L, kitsim_limits *lim) {
    if (lim->instructions_left == INT64_MAX) lua_sethook(L, NULL, 0, 0);
    else lua_sethook(L, limit_hook, LUA_MASKCOUNT, lim->hook_step > 0 ? lim->hook_step : 1000);
}

void kitsim_set_budget(lua_State *L, int64_t instructions, int step) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->instructions_left = instructions > 0 ? instructions : INT64_MAX;
    lim->hook_step = step > 0 ? step : 1000;
    arm_budget_hook(L, lim);
}

void kitsim_stop(lua_State *L, const char *message) {
    kitsim_limits *lim = kitsim_limits_of(L);
    if (!lim->stopping) {                      /* the first limit's message stands */
        snprintf(lim->stop_message, sizeof lim->stop_message, "%s", message);
        lim->stopping = 1;
    }
    /* L may be a coroutine: arm its hook and the main thread's. */
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
    if (lim->L && lim->L != L) lua_sethook(lim->L, limit_hook, LUA_MASKCOUNT, 1);
}

void kitsim_interrupt(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->interrupted = 1;
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);   /* lua_sethook is signal-safe */
}

void kitsim_clear_stop(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->stopping = 0;
    lim->interrupted = 0;
    lim->memory_exceeded = 0;
    arm_budget_hook(L, lim);
}

// ---------------------------------------------------------------- the trampoline

/* Raises the value on the stack top. A string gets the position of the Lua code that
   called the failing function, as luaL_error does. Called only from C frames. */
static int raise_top(lua_State *L) {
    if (lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* After a Swift entry returned: a stop armed meanwhile, an error to raise, or the memory
   cap passed while Swift ran. */
static int finish_swift_slow(lua_State *L, kitsim_limits *lim, int n) {
    if (lim->stopping && lim->swift_depth == 0) {
        lua_pushstring(L, lim->stop_message);
        return raise_top(L);                   /* with the calling line, as luaL_error does */
    }
    if (n == KITSIM_RAISE) return raise_top(L);
    if (n == KITSIM_RAISE_RAW) return lua_error(L);
    if (lim->memory_exceeded && lim->swift_depth == 0 && lim->cap && lim->used > lim->cap) {
        snprintf(lim->stop_message, sizeof lim->stop_message,
                 "limit exceeded: memory cap of %zu bytes reached", lim->cap);
        lim->stopping = 1;
        lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
        lua_pushstring(L, lim->stop_message);
        return lua_error(L);
    }
    return n;
}

/* The common case inline: results, no stop, nothing to raise. */
static inline int finish_swift(lua_State *L, kitsim_limits *lim, int n) {
    if (n >= 0 && !(lim->stopping | lim->memory_exceeded)) return n;
    return finish_swift_slow(L, lim, n);
}

static int call_swift(lua_State *L, int index) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->swift_depth++;
    int n = swift_entry(L, index);
    lim->swift_depth--;
    return finish_swift(L, lim, n);
}

/* The object id of a handle, or 0 (inlined in the hot paths). One API call: every
   userdata a script can reach is at least 16 bytes — handles, io's file handles (a FILE*
   first) — and every light userdata points at 16 readable bytes or more (the host
   function boxes, debug.upvalueid's upvalues), so reading the tag is always in bounds,
   and the tag cannot equal the pointer those others start with. Keep it so: a C library
   that added smaller userdata would need the length check back. */
static inline uint32_t handle_id(lua_State *L, int idx) {
    const kitsim_handle *h = (const kitsim_handle *)lua_touserdata(L, idx);
    return h != NULL && h->magic == KITSIM_HANDLE_MAGIC ? h->id : 0;
}

static int method_mm(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    uint32_t id = handle_id(L, 1);
    int slot = (int)lua_tointegerx(L, lua_upvalueindex(1), NULL);
    lim->swift_depth++;
    int n = method_entry(L, lim->host, slot, id);
    lim->swift_depth--;
    return finish_swift(L, lim, n);
}

void kitsim_push_method(lua_State *L, int slot) {
    lua_pushinteger(L, slot);
    lua_pushcclosure(L, method_mm, 1);
}

static int host_function_mm(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    void *fn = lua_touserdata(L, lua_upvalueindex(1));
    lim->swift_depth++;
    int n = function_entry(L, lim->host, fn);
    lim->swift_depth--;
    return finish_swift(L, lim, n);
}

void kitsim_push_host_function(lua_State *L, void *fn) {
    lua_pushlightuserdata(L, fn);
    lua_pushcclosure(L, host_function_mm, 1);
}

static int trampoline(lua_State *L) {
    return call_swift(L, (int)lua_tointeger(L, lua_upvalueindex(1)));
}

void kitsim_push_swift_function(lua_State *L, int index, int nup) {
    lua_pushinteger(L, index);
    lua_insert(L, -(nup + 1));
    lua_pushcclosure(L, trampoline, nup + 1);
}

/* __index: one raw lookup in the class's members table (issue 7: one hash lookup per
   `obj.name` and `obj:name`). A declared property (name → integer) goes to Swift's get
   entry; a method name returns its function straight from the table; anything else
   (undeclared fields, unknown names) goes to Swift's fallback. The VM calls this with
   exactly (object, key); the metatable is protected, so scripts cannot call it. */
static int index_mm(lua_State *L) {
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TFUNCTION) return 1;
    if (t == LUA_TNUMBER) {
        int property = (int)lua_tointegerx(L, -1, NULL);
        kitsim_limits *lim = kitsim_limits_of(L);
        uint32_t id = handle_id(L, 1);
        lim->swift_depth++;
        int n = get_entry(L, lim->host, id, property);
        lim->swift_depth--;
        return finish_swift(L, lim, n);
    }
    lua_settop(L, 2);                                           /* stack: obj key */
    return call_swift(L, (int)lua_tointeger(L, lua_upvalueindex(2)));
}

void kitsim_push_index(lua_State *L, int members, int fallback_index) {
    lua_pushvalue(L, members);
    lua_pushinteger(L, fallback_index);
    lua_pushcclosure(L, index_mm, 2);
}

/* __newindex: a declared property goes to Swift's set entry (the value at index 3);
   methods and unknown names go to the fallback, which explains the refusal. */
static int newindex_mm(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNUMBER) {
        int property = (int)lua_tointegerx(L, -1, NULL);
        kitsim_limits *lim = kitsim_limits_of(L);
        uint32_t id = handle_id(L, 1);
        lim->swift_depth++;
        int n = set_entry(L, lim->host, id, property);       /* stack: obj key value propindex */
        lim->swift_depth--;
        return finish_swift(L, lim, n);
    }
    lua_settop(L, 3);                                           /* stack: obj key value */
    return call_swift(L, (int)lua_tointeger(L, lua_upvalueindex(2)));
}

void kitsim_push_newindex(lua_State *L, int members, int fallback_index) {
    lua_pushvalue(L, members);
    lua_pushinteger(L, fallback_index);
    lua_pushcclosure(L, newindex_mm, 2);
}

// ---------------------------------------------------------------- protected calls

int kitsim_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;          /* the function's index */
    lua_pushcfunction(L, traceback);
    lua_insert(L, base);
    kitsim_limits *lim = kitsim_limits_of(L);
    int saved = lim->swift_depth;
    lim->swift_depth = 0;                      /* Lua code runs: the cap applies */
    lim->lua_depth++;
    int status = lua_pcall(L, nargs, nresults, base);
    lim->lua_depth--;
    lim->swift_depth = saved;
    lua_remove(L, base);
    return status;
}

void kitsim_push_traceback(lua_State *L) { lua_pushcfunction(L, traceback); }

int kitsim_pcall_handler(lua_State *L, int nargs, int nresults) {
    int handler = lua_gettop(L) - nargs - 1;   /* just below the function */
    kitsim_limits *lim = kitsim_limits_of(L);
    int saved = lim->swift_depth;
    lim->swift_depth = 0;
    lim->lua_depth++;
    int status = lua_pcall(L, nargs, nresults, handler);
    lim->lua_depth--;
    lim->swift_depth = saved;
    return status;
}

int kitsim_function_place(lua_State *L, int idx, char *buf, size_t size) {
    lua_Debug ar;
    if (lua_type(L, idx) != LUA_TFUNCTION || size == 0) return 0;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar) || ar.linedefined <= 0) return 0;
    snprintf(buf, size, "%s:%d", ar.short_src, ar.linedefined);
    return 1;
}

int kitsim_load(lua_State *L, const char *chunk, size_t len, const char *name) {
    return luaL_loadbufferx(L, chunk, len, name, "t");
}

int kitsim_dostring(lua_State *L, const char *chunk, size_t len, const char *name) {
    int status = kitsim_load(L, chunk, len, name);
    if (status != LUA_OK) return status;
    return kitsim_pcall(L, 0, LUA_MULTRET);
}

// ---------------------------------------------------------------- guarded base functions

/* Deep recursion is a limit too (issue 8): Lua reports it as an ordinary error ("stack
   overflow", "C stack overflow", or LUA_ERRERR when it happens while handling an error),
   which pcall, xpcall and coroutine.resume would return to the script. These versions
   behave as the standard ones and, on such an error, arm the stop, so that the script
   cannot swallow it and the run ends with a message naming the limit. */
static const char *const overflow_message = "limit exceeded: stack overflow (recursion too deep)";

static void stop_if_overflow(lua_State *L, int status, int idx) {
    if (status == LUA_OK || status == LUA_YIELD) return;
    if (status == LUA_ERRERR
        || (lua_type(L, idx) == LUA_TSTRING && strstr(lua_tostring(L, idx), "stack overflow") != NULL)) {
        kitsim_stop(L, overflow_message);
    }
}

static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        stop_if_overflow(L, status, -1);
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int guarded_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_pcall);
    return finish_pcall(L, status, 0);
}

/* The message handler xpcall installs. Lua calls it before unwinding, and when the
   error was raised by the limit hook, with hooks still switched off (luaD_hook leaves
   allowhook cleared when the hook raises): a handler that never returns would then
   never be stopped. Once a limit has fired, the script's handler is not called; the
   error goes on unchanged (issue 8). */
static int guarded_handler(lua_State *L) {
    if (kitsim_limits_of(L)->stopping) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int guarded_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_pcall);
    return finish_pcall(L, status, 2);
}

static int guarded_resume(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));     /* the standard coroutine.resume */
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    if (lua_gettop(L) >= 2 && lua_type(L, 1) == LUA_TBOOLEAN && !lua_toboolean(L, 1)) {
        stop_if_overflow(L, LUA_ERRRUN, 2);
    }
    return lua_gettop(L);
}

/* setmetatable without finalizers: Lua runs __gc metamethods with hooks switched off,
   so a finalizer escapes the instruction budget (`while true do end` in one hangs the
   host), and when a collection step runs inside a Swift call it escapes the memory cap
   too (issue 8). Scripts have no use for them: the simulated objects' deinit is the
   model's. Otherwise as the standard function. */
static int guarded_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) {
            return luaL_argerror(L, 2, "__gc finalizers are not supported: they would run outside the sandbox's limits");
        }
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* load, loadfile and dofile read text only: Lua 5.4 does not verify precompiled
   chunks, and a malformed one crashes the host (rule 2). Otherwise the standard
   functions (reached through upvalue 1) with the mode argument forced to "t". */
static int call_in_text_mode(lua_State *L, int nargs, int mode) {
    lua_settop(L, nargs);
    lua_pushliteral(L, "t");
    lua_replace(L, mode);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, nargs, LUA_MULTRET);
    return lua_gettop(L);
}

static int guarded_load(lua_State *L) { return call_in_text_mode(L, 4, 3); }          /* load(chunk, name, mode, env) */
static int guarded_loadfile(lua_State *L) { return call_in_text_mode(L, 3, 2); }      /* loadfile(name, mode, env) */

static int dofile_cont(lua_State *L, int status, lua_KContext extra) {
    (void)status; (void)extra;
    return lua_gettop(L) - 1;
}

static int guarded_dofile(lua_State *L) {
    const char *fname = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (luaL_loadfilex(L, fname, "t") != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, dofile_cont);
    return dofile_cont(L, 0, 0);
}

/* Deterministic pairs (DEVELOPERS.md rule 3). Lua's string hash is seeded from the time
   and addresses (luai_makeseed), so `next` visits string keys in a different order on
   every run, and a scenario that builds objects from `pairs` over a table would number
   them differently each time. This `pairs` visits keys in a fixed order: numbers
   ascending, then strings (bytewise), then false, true, then KitSim objects by id, then
   any other keys (tables, functions, other userdata) in `next` order, which Lua does
   not make reproducible. A `__pairs` metamethod is honoured as in the standard
   function. As with `next`, fields may be cleared (assigned nil) during the loop;
   keys added during the loop are not visited. */
typedef struct sorted_key {
    int rank;                   /* 0 number, 1 string, 2 boolean, 3 object, 4 other */
    int isint;
    lua_Integer i;
    lua_Number n;
    const char *s;              /* strings: anchored in the key list while sorting */
    size_t len;
    uint32_t id;
    int pos;                    /* index in the key list (next order) */
} sorted_key;

static int compare_keys(const void *pa, const void *pb) {
    const sorted_key *a = (const sorted_key *)pa, *b = (const sorted_key *)pb;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    switch (a->rank) {
    case 0:
        if (a->isint && b->isint) {
            if (a->i != b->i) return a->i < b->i ? -1 : 1;
        } else {
            lua_Number x = a->isint ? (lua_Number)a->i : a->n, y = b->isint ? (lua_Number)b->i : b->n;
            if (x != y) return x < y ? -1 : 1;
            if (a->isint != b->isint) return a->isint ? 1 : -1;      /* 2^53 (float) before 2^53 + 1 */
            if (a->isint && a->i != b->i) return a->i < b->i ? -1 : 1;
        }
        break;
    case 1: {
        size_t m = a->len < b->len ? a->len : b->len;
        int c = memcmp(a->s, b->s, m);
        if (c != 0) return c < 0 ? -1 : 1;
        if (a->len != b->len) return a->len < b->len ? -1 : 1;
        break;
    }
    case 2:
        if (a->i != b->i) return a->i < b->i ? -1 : 1;
        break;
    case 3:
        if (a->id != b->id) return a->id < b->id ? -1 : 1;
        break;
    }
    return a->pos < b->pos ? -1 : (a->pos > b->pos);
}

/* The iterator: upvalue 1 the sorted keys, upvalue 2 the position, upvalue 3 the table
   (never argument 1: a script may call the iterator with anything, and lua_rawget on a
   non-table is undefined behaviour). Returns k, t[k]. */
static int sorted_next(lua_State *L) {
    lua_Integer i = lua_tointegerx(L, lua_upvalueindex(2), NULL);
    for (;;) {
        i++;
        if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) {
            lua_pushinteger(L, i - 1);
            lua_replace(L, lua_upvalueindex(2));
            return 1;                               /* nil: the end */
        }
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) break;    /* cleared during the loop: skip */
        lua_pop(L, 2);
    }
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(2));
    return 2;
}

static int sorted_pairs(lua_State *L) {
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {      /* as the standard pairs */
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    /* The keys in next order (anchored in a list), then a scratch array to sort. */
    lua_newtable(L);                                            /* 2: key list */
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    sorted_key *keys = (sorted_key *)lua_newuserdatauv(L, (size_t)n * sizeof(sorted_key) + 1, 0);  /* 3 */
    for (int k = 0; k < n; k++) {
        sorted_key *e = &keys[k];
        memset(e, 0, sizeof *e);
        e->pos = k + 1;
        lua_rawgeti(L, 2, k + 1);
        switch (lua_type(L, -1)) {
        case LUA_TNUMBER:
            e->rank = 0;
            e->isint = lua_isinteger(L, -1);
            if (e->isint) e->i = lua_tointegerx(L, -1, NULL); else e->n = lua_tonumberx(L, -1, NULL);
            break;
        case LUA_TSTRING:
            e->rank = 1;
            e->s = lua_tolstring(L, -1, &e->len);
            break;
        case LUA_TBOOLEAN:
            e->rank = 2;
            e->i = lua_toboolean(L, -1);
            break;
        default:
            e->id = handle_id(L, -1);
            e->rank = e->id != 0 ? 3 : 4;
            break;
        }
        lua_pop(L, 1);
    }
    qsort(keys, (size_t)n, sizeof(sorted_key), compare_keys);
    lua_createtable(L, n, 0);                                   /* 4: sorted keys */
    for (int k = 0; k < n; k++) {
        lua_rawgeti(L, 2, keys[k].pos);
        lua_rawseti(L, 4, k + 1);
    }
    lua_pushinteger(L, 0);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, sorted_next, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static void wrap_global(lua_State *L, const char *name, lua_CFunction fn) {
    lua_getglobal(L, name);
    lua_pushcclosure(L, fn, 1);
    lua_setglobal(L, name);
}

static int open_libs(lua_State *L) {
    luaL_openlibs(L);
    lua_pushcfunction(L, sorted_pairs);
    lua_setglobal(L, "pairs");
    lua_pushcfunction(L, guarded_pcall);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
    lua_pushcfunction(L, guarded_setmetatable);
    lua_setglobal(L, "setmetatable");
    wrap_global(L, "load", guarded_load);
    wrap_global(L, "loadfile", guarded_loadfile);
    lua_pushcfunction(L, guarded_dofile);
    lua_setglobal(L, "dofile");
    if (lua_getglobal(L, "coroutine") == LUA_TTABLE) {
        lua_getfield(L, -1, "resume");
        lua_pushcclosure(L, guarded_resume, 1);
        lua_setfield(L, -2, "resume");
    }
    lua_pop(L, 1);
    return 0;
}

lua_State *kitsim_open(kitsim_limits *limits) {
    lua_State *L = lua_newstate(kitsim_alloc, limits);
    if (L == NULL) return NULL;
    *(kitsim_limits **)lua_getextraspace(L) = limits;
    limits->L = L;
    lua_pushcfunction(L, open_libs);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) { lua_close(L); return NULL; }
    return L;
}

// ---------------------------------------------------------------- handles

void kitsim_push_new_handle(lua_State *L, uint32_t id, int mt) {
    mt = lua_absindex(L, mt);
    kitsim_handle *h = (kitsim_handle *)lua_newuserdatauv(L, sizeof(kitsim_handle), 0);
    h->magic = KITSIM_HANDLE_MAGIC;
    h->id = id;
    h->reserved = 0;
    lua_pushvalue(L, mt);
    lua_setmetatable(L, -2);
}

uint32_t kitsim_handle_id(lua_State *L, int idx) { return handle_id(L, idx); }

int kitsim_push_cached_handle(lua_State *L, int cache, uint32_t id) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, cache);
    if (lua_rawgeti(L, -1, (lua_Integer)id) == LUA_TUSERDATA) {
        lua_copy(L, -1, -2);
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 2);
    return 0;
}

// ---------------------------------------------------------------- safe helpers

static int tostring_helper(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

const char *kitsim_safe_tostring(lua_State *L, int idx, size_t *len) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, tostring_helper);
    lua_pushvalue(L, idx);
    kitsim_limits *lim = kitsim_limits_of(L);
    int saved = lim->swift_depth;
    lim->swift_depth = 0;
    lim->lua_depth++;
    int status = lua_pcall(L, 1, 1, 0);
    lim->lua_depth--;
    lim->swift_depth = saved;
    if (status != LUA_OK) {
        lua_pop(L, 1);
        lua_pushstring(L, "(error in __tostring)");
    }
    return lua_tolstring(L, -1, len);
}

const char *kitsim_current_location(lua_State *L, int *line) {
    /* Called for every traced event after the script moved on: `lua_getinfo("S")` formats
       `short_src` each time, so the source is cached per function. The cached function is
       anchored in the registry, so its address cannot be reused while it is cached. */
    kitsim_limits *lim = kitsim_limits_of(L);
    lua_Debug ar;
    if (!lua_checkstack(L, 2)) return NULL;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "lf", &ar)) continue;     /* pushes the function */
        if (ar.currentline <= 0) { lua_pop(L, 1); continue; }
        *line = ar.currentline;
        const void *fn = lua_topointer(L, -1);
        if (fn != lim->location_function || lim->location_source == NULL) {
            if (lim->location_ref == 0) lim->location_ref = luaL_ref(L, LUA_REGISTRYINDEX);
            else lua_rawseti(L, LUA_REGISTRYINDEX, lim->location_ref);
            lua_getinfo(L, "S", &ar);
            lim->location_function = fn;
            lim->location_source = ar.source;
        } else {
            lua_pop(L, 1);
        }
        return lim->location_source;
    }
    return NULL;
}
