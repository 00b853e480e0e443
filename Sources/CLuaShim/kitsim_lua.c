#include "kitsim_lua.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdio.h>

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
static void disarm_handlers(lua_State *L);

/* Small blocks come from a pool of the state's own: a free list per 16-byte size class,
   filled from 64 KB chunks that are returned only when the state closes. Most of what
   Lua allocates is small (strings, tables, closures, upvalues), and a host that makes a
   state per run (`kitsim explore` makes one per order) frees and makes tens of thousands
   of them; through malloc each costs a search of its bins, from the pool a pointer pop.
   Lua passes the block's size back on every free and realloc, so a block needs no
   header. Under AddressSanitizer every block is malloc's, so the sanitizer sees each. */
#if defined(__SANITIZE_ADDRESS__)
#define KITSIM_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KITSIM_POOL 0
#endif
#endif
#ifndef KITSIM_POOL
#define KITSIM_POOL 1
#endif

#define POOL_STEP 16
#define POOL_MAX 256
#define POOL_CLASSES (POOL_MAX / POOL_STEP)
#define POOL_CHUNK (64 * 1024)

typedef struct pool_block { struct pool_block *next; } pool_block;

struct kitsim_pool {
    pool_block *free[POOL_CLASSES];
    void *chunks;                    /* each chunk's first block links the previous chunk */
    char *cursor, *end;
};

static inline size_t pool_class(size_t size) { return (size - 1) / POOL_STEP; }

static void *pool_alloc(struct kitsim_pool *pool, size_t size) {
    size_t c = pool_class(size);
    pool_block *b = pool->free[c];
    if (b != NULL) {
        pool->free[c] = b->next;
        return b;
    }
    size_t bytes = (c + 1) * POOL_STEP;
    if ((size_t)(pool->end - pool->cursor) < bytes) {
        /* What is left of the old chunk goes to the free lists of the classes it fits. */
        while ((size_t)(pool->end - pool->cursor) >= POOL_STEP) {
            size_t left = (size_t)(pool->end - pool->cursor);
            size_t k = pool_class(left < POOL_MAX ? left / POOL_STEP * POOL_STEP : POOL_MAX);
            pool_block *rest = (pool_block *)pool->cursor;
            rest->next = pool->free[k];
            pool->free[k] = rest;
            pool->cursor += (k + 1) * POOL_STEP;
        }
        char *chunk = (char *)malloc(POOL_CHUNK);
        if (chunk == NULL) return NULL;
        *(void **)chunk = pool->chunks;
        pool->chunks = chunk;
        pool->cursor = chunk + POOL_STEP;
        pool->end = chunk + POOL_CHUNK;
    }
    void *p = pool->cursor;
    pool->cursor += bytes;
    return p;
}

static inline void pool_free(struct kitsim_pool *pool, void *ptr, size_t size) {
    pool_block *b = (pool_block *)ptr;
    size_t c = pool_class(size);
    b->next = pool->free[c];
    pool->free[c] = b;
}

/* realloc for a state with a pool: blocks up to POOL_MAX bytes are the pool's, larger
   ones malloc's, and a block that changes sides is copied. */
static void *pool_realloc(struct kitsim_pool *pool, void *ptr, size_t old, size_t nsize) {
    if (ptr == NULL) return nsize <= POOL_MAX ? pool_alloc(pool, nsize) : malloc(nsize);
    if (old > POOL_MAX && nsize > POOL_MAX) return realloc(ptr, nsize);
    if (old <= POOL_MAX && nsize <= POOL_MAX && pool_class(old) == pool_class(nsize)) return ptr;
    void *p = nsize <= POOL_MAX ? pool_alloc(pool, nsize) : malloc(nsize);
    if (p == NULL) return NULL;
    memcpy(p, ptr, old < nsize ? old : nsize);
    if (old <= POOL_MAX) pool_free(pool, ptr, old);
    else free(ptr);
    return p;
}

static struct kitsim_pool *pool_new(void) {
#if KITSIM_POOL
    return (struct kitsim_pool *)calloc(1, sizeof(struct kitsim_pool));
#else
    return NULL;
#endif
}

static void pool_release(struct kitsim_pool *pool) {
    if (pool == NULL) return;
    void *chunk = pool->chunks;
    while (chunk != NULL) {
        void *previous = *(void **)chunk;
        free(chunk);
        chunk = previous;
    }
    free(pool);
}

static void *kitsim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    kitsim_limits *lim = (kitsim_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL) {
            if (lim->pool != NULL && old <= POOL_MAX) pool_free(lim->pool, ptr, old);
            else free(ptr);
        }
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
                kitsim_arm_stop_hooks(lim);
            }
            return NULL;
        }
        lim->memory_exceeded = 1;            /* Swift is running: allow, raise later */
    }
    void *p = lim->pool != NULL ? pool_realloc(lim->pool, ptr, old, nsize) : realloc(ptr, nsize);
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

/* Where an error was raised, kept out of the error value itself (a script that catches
   it sees stock Lua's value): for KitSim's error values, in a registry table with weak
   keys (value -> { where, traceback }); for any other value, the last one raised under
   a protected call of the host, compared by value (a string or number has no identity),
   which a script's pcall, xpcall or coroutine.resume forgets when it catches an error. */
static const char *const RAISED_KEY = "kitsim.raised";
static const char *const LAST_ERROR_KEY = "kitsim.lasterror";
static const char *const LAST_INFO_KEY = "kitsim.lastinfo";

/* Pushes { where = "file:line:", traceback = "stack traceback:\n…" } for thread L1 from
   `level` on: `where` is the innermost Lua line, as luaL_where gives it. */
static void push_raise_info(lua_State *L, lua_State *L1, int level) {
    lua_createtable(L, 0, 2);
    lua_Debug ar;
    for (int l = level; lua_getstack(L1, l, &ar); l++) {
        lua_getinfo(L1, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d:", ar.short_src, ar.currentline);
            lua_setfield(L, -2, "where");
            break;
        }
    }
    luaL_traceback(L, L1, NULL, level);
    lua_setfield(L, -2, "traceback");
}

void kitsim_note_raise(lua_State *L, int idx, int level) {
    idx = lua_absindex(L, idx);
    if (!is_kitsim_error(L, idx)) return;
    if (lua_getfield(L, LUA_REGISTRYINDEX, RAISED_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 0);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, RAISED_KEY);
    }
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) == LUA_TNIL) {      /* the first record is the deepest: keep it */
        lua_pop(L, 1);
        lua_pushvalue(L, idx);
        push_raise_info(L, L, level);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
    }
}

/* A script caught an error, or it was reported: what was recorded for the last one no longer applies. */
static void forget_last_error(lua_State *L) {
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LAST_ERROR_KEY);
}

int kitsim_push_raise_info(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (is_kitsim_error(L, idx)) {
        if (lua_getfield(L, LUA_REGISTRYINDEX, RAISED_KEY) == LUA_TTABLE) {
            lua_pushvalue(L, idx);
            lua_rawget(L, -2);
            lua_remove(L, -2);
            if (lua_type(L, -1) == LUA_TTABLE) return 1;
        }
        lua_pop(L, 1);
        return 0;
    }
    /* A report consumes what was recorded: a later error with the same text (a string
       has no identity) must not find this one's place. */
    lua_getfield(L, LUA_REGISTRYINDEX, LAST_ERROR_KEY);
    int same = lua_rawequal(L, -1, idx);
    lua_pop(L, 1);
    forget_last_error(L);
    if (!same) return 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, LAST_INFO_KEY) == LUA_TTABLE) return 1;
    lua_pop(L, 1);
    return 0;
}

/* The message handler of every protected call of the host (the script itself, and each
   override, callback and completion Swift calls). It records where the error was raised
   and leaves the error value as it is, as stock Lua's pcall does: the error may cross
   Swift and be caught by the script's own pcall. The first handler to see an error runs
   where the stack is deepest (inside the override that raised it); outer ones keep what
   it found. */
static int traceback(lua_State *L) {
    if (is_kitsim_error(L, 1)) {
        kitsim_note_raise(L, 1, 1);
    } else {
        lua_getfield(L, LUA_REGISTRYINDEX, LAST_ERROR_KEY);
        int same = lua_rawequal(L, -1, 1) && lua_type(L, 1) != LUA_TNIL;
        lua_pop(L, 1);
        if (!same) {
            lua_pushvalue(L, 1);
            lua_setfield(L, LUA_REGISTRYINDEX, LAST_ERROR_KEY);
            push_raise_info(L, L, 1);
            lua_setfield(L, LUA_REGISTRYINDEX, LAST_INFO_KEY);
        }
    }
    lua_settop(L, 1);
    return 1;
}

/* The hook that stops a run. Without an instruction budget no hook is set on the normal
   path: a limit that fires (the work budget, the memory cap, the watchdog, Ctrl-C, a stop
   from Swift) arms it on every thread that may be running, with a count of 1, so that it
   raises at the next instruction and again after any pcall until the host's own pcall is
   reached. A thread armed for a stop that has since been cleared finds nothing to stop
   and goes back to the budget's hook, or to none. */
static void limit_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    kitsim_limits *lim = kitsim_limits_of(L);
    if (!lim->stopping) {
        int budget = lim->instructions_left != INT64_MAX;
        if (budget) lim->instructions_left -= lua_gethookcount(L);
        int timed = __atomic_load_n(&lim->timed_out, __ATOMIC_ACQUIRE);
        if (lim->interrupted) {
            snprintf(lim->stop_message, sizeof lim->stop_message, "interrupted");
        } else if (timed) {
            snprintf(lim->stop_message, sizeof lim->stop_message, "%s", lim->time_message);
        } else if (budget && lim->instructions_left <= 0) {
            snprintf(lim->stop_message, sizeof lim->stop_message,
                     "limit exceeded: instruction budget used up (a loop that never ends?)");
        } else if (lim->memory_exceeded) {
            snprintf(lim->stop_message, sizeof lim->stop_message,
                     "limit exceeded: memory cap of %zu bytes reached", lim->cap);
        } else {
            if (!budget) lua_sethook(L, NULL, 0, 0);
            else if (lua_gethookcount(L) != lim->hook_step) lua_sethook(L, limit_hook, LUA_MASKCOUNT, lim->hook_step);
            return;
        }
        lim->stopping = 1;
        kitsim_arm_stop_hooks(lim);
        lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
    }
    disarm_handlers(L);
    luaL_error(L, "%s", lim->stop_message);
}

/* Hooks are per thread, and a coroutine copies its creator's when it is made: arming the
   main thread alone would not stop a loop inside a coroutine, so the coroutines being
   resumed are armed too. lua_sethook is signal-safe (lua.c calls it from its SIGINT
   handler), and every thread on the list is alive: it is on the list only while
   coroutine.resume or a wrap is resuming it, and that call holds it. */
void kitsim_arm_stop_hooks(kitsim_limits *lim) {
    int n = lim->running_depth < KITSIM_RUNNING_MAX ? lim->running_depth : KITSIM_RUNNING_MAX;
    for (int i = 0; i < n; i++) lua_sethook(lim->running[i], limit_hook, LUA_MASKCOUNT, 1);
    if (lim->L) lua_sethook(lim->L, limit_hook, LUA_MASKCOUNT, 1);
}

int kitsim_hook_mask(lua_State *L) { return lua_gethookmask(L); }

/* The count hook of the instruction budget; none when there is no budget. */
static void arm_budget_hook(lua_State *L, kitsim_limits *lim) {
    if (lim->instructions_left == INT64_MAX) lua_sethook(L, NULL, 0, 0);
    else lua_sethook(L, limit_hook, LUA_MASKCOUNT, lim->hook_step > 0 ? lim->hook_step : 1000);
}

void kitsim_set_budget(lua_State *L, int64_t instructions, int step, int64_t work) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->instructions_left = instructions > 0 ? instructions : INT64_MAX;
    lim->hook_step = step > 0 ? step : 1000;
    lim->work_left = work > 0 ? work : INT64_MAX;
    arm_budget_hook(L, lim);
}

void kitsim_set_limit_messages(lua_State *L, const char *work, const char *time) {
    kitsim_limits *lim = kitsim_limits_of(L);
    snprintf(lim->work_message, sizeof lim->work_message, "%s", work);
    snprintf(lim->time_message, sizeof lim->time_message, "%s", time);
}

/* Arms a stop with `message` unless one is pending (the first limit's message stands). */
static void arm_stop(lua_State *L, kitsim_limits *lim, const char *message) {
    if (!lim->stopping) {
        snprintf(lim->stop_message, sizeof lim->stop_message, "%s", message);
        lim->stopping = 1;
    }
    kitsim_arm_stop_hooks(lim);
    lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);    /* L may be a coroutine off the list */
}

void kitsim_stop(lua_State *L, const char *message) {
    arm_stop(L, kitsim_limits_of(L), message);
}

int kitsim_charge_work(lua_State *L, int64_t n) {
    kitsim_limits *lim = kitsim_limits_of(L);
    /* The time limit passed while the host ran its run loop: the loop ends at this turn,
       not when the budget does. */
    if (__builtin_expect(__atomic_load_n(&lim->timed_out, __ATOMIC_ACQUIRE), 0)) {
        arm_stop(L, lim, lim->time_message);
        return 0;
    }
    /* So does Ctrl-C. */
    if (__builtin_expect(lim->interrupted, 0)) {
        arm_stop(L, lim, "interrupted");
        return 0;
    }
    if (lim->work_left == INT64_MAX) return 1;
    lim->work_left -= n;
    if (lim->work_left >= 0) return 1;
    arm_stop(L, lim, lim->work_message);
    return 0;
}

void kitsim_interrupt(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    /* A second Ctrl-C before the first one's hook ran: the run is inside a C function that
       Lua cannot interrupt, and the only way out is the end of the process (lua.c's second
       Ctrl-C kills it too), with where it was. */
    if (lim->interrupted && !lim->stopping && lim->lua_depth > 0) {
        kitsim_end_stuck_here(lim, "interrupted", "the session ends (a second Ctrl-C)", 130);
        return;
    }
    lim->interrupted = 1;
    kitsim_arm_stop_hooks(lim);
}

void kitsim_clear_stop(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lim->stopping = 0;
    lim->interrupted = 0;
    lim->memory_exceeded = 0;
    __atomic_store_n(&lim->timed_out, 0, __ATOMIC_RELEASE);
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

/* The key a task's resumption passes first (its address): a coroutine.resume of a
   task's thread by a script cannot pass it, and so cannot end the task's await. */
static const char task_resume_key = 0;

/* An await resumed: by kitsim_resume_task, with (key, false, values...) or (key, true,
   error) above the stack as it was when it yielded (`ctx`). */
static int await_k(lua_State *L, int status, lua_KContext ctx) {
    (void)status;
    int base = (int)ctx;
    if (lua_gettop(L) < base + 2 || lua_touserdata(L, base + 1) != (void *)&task_resume_key) {
        lua_settop(L, base);
        lua_pushliteral(L, "a task is resumed by the simulator, not by coroutine.resume");
        return raise_top(L);
    }
    if (lua_toboolean(L, base + 2)) {              /* raise the error value */
        lua_settop(L, base + 3);
        return lua_error(L);
    }
    return lua_gettop(L) - (base + 2);
}

/* A Lua method called in a task returns its results, whatever yields it made. */
static int call_k(lua_State *L, int status, lua_KContext ctx) {
    (void)status; (void)ctx;
    return lua_gettop(L);
}

/* After a Swift entry returned: a stop armed meanwhile, an error to raise, a suspension,
   a call to make, or the memory cap passed while Swift ran. */
static int finish_swift_slow(lua_State *L, kitsim_limits *lim, int n) {
    if (lim->stopping && lim->swift_depth == 0) {
        lua_pushstring(L, lim->stop_message);
        return raise_top(L);                   /* with the calling line, as luaL_error does */
    }
    if (n == KITSIM_RAISE) return raise_top(L);
    if (n == KITSIM_RAISE_RAW) return lua_error(L);
    if (n == KITSIM_YIELD) {
        /* The host checked lua_isyieldable before it asked: the Swift frame is gone. */
        lua_settop(L, 0);
        return lua_yieldk(L, 0, 0, await_k);
    }
    if (n == KITSIM_CALL) {
        lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, call_k);
        return lua_gettop(L);
    }
    if (lim->memory_exceeded && lim->swift_depth == 0 && lim->cap && lim->used > lim->cap) {
        snprintf(lim->stop_message, sizeof lim->stop_message,
                 "limit exceeded: memory cap of %zu bytes reached", lim->cap);
        lim->stopping = 1;
        arm_stop(L, lim, lim->stop_message);
        lua_pushstring(L, lim->stop_message);
        return lua_error(L);
    }
    return n;
}

/* The common case inline: results, no stop, nothing to raise. */
static inline __attribute__((always_inline)) int finish_swift(lua_State *L, kitsim_limits *lim, int n) {
    if (n >= 0 && !(lim->stopping | lim->memory_exceeded)) return n;
    return finish_swift_slow(L, lim, n);
}

/* The work budget ran out: the stop is armed, and raised here with the script's line
   that made the call: the prelude's functions (sim.log, the assertion vocabulary) call
   the host for the script, so their frames are skipped. */
static int work_used_up(lua_State *L, kitsim_limits *lim) {
    lim->work_left = 0;
    arm_stop(L, lim, lim->work_message);
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, "=prelude") != 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, lim->stop_message);
            return lua_error(L);
        }
    }
    lua_pushstring(L, lim->stop_message);
    return lua_error(L);
}

/* Every call from Lua into the host counts against the work budget: one decrement and
   one compare, where the count hook it replaces cost about 50 instructions for every Lua
   instruction. The count is also what tells the watchdog that the script still calls
   the host (so it is not a pure-Lua loop). */
#define CHARGE_WORK(L, lim) \
    do { if (__builtin_expect(--(lim)->work_left < 0, 0)) return work_used_up(L, lim); } while (0)

static int call_swift(lua_State *L, int index) {
    kitsim_limits *lim = kitsim_limits_of(L);
    CHARGE_WORK(L, lim);
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
    CHARGE_WORK(L, lim);
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
    CHARGE_WORK(L, lim);
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

/* __index: one raw lookup in the class's members table (one hash lookup per
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
        CHARGE_WORK(L, lim);
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
        CHARGE_WORK(L, lim);
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

/* Around every protected call of the host: Lua code runs, so the memory cap applies
   (swift_depth 0), and the outermost call of a run tells the watchdog which thread runs
   it. */
static inline int enter_lua(kitsim_limits *lim) {
    int saved = lim->swift_depth;
    if (lim->lua_depth == 0 && lim->watch) kitsim_watch_begin(lim);
    lim->lua_depth++;
    __atomic_store_n(&lim->swift_depth, 0, __ATOMIC_RELAXED);
    return saved;
}

static inline void leave_lua(kitsim_limits *lim, int saved) {
    lim->lua_depth--;
    __atomic_store_n(&lim->swift_depth, saved, __ATOMIC_RELAXED);
    if (lim->lua_depth == 0 && lim->watch) kitsim_watch_end(lim);
}

int kitsim_pcall(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;          /* the function's index */
    lua_pushcfunction(L, traceback);
    lua_insert(L, base);
    kitsim_limits *lim = kitsim_limits_of(L);
    int saved = enter_lua(lim);
    int status = lua_pcall(L, nargs, nresults, base);
    leave_lua(lim, saved);
    lua_remove(L, base);
    return status;
}

/* lua.c runs the script from a C function (pmain) under lua_pcall. So does this: the
   script's traceback ends in the same "[C]: in ?" frame, and its C stack (the
   coroutine.resume nesting, pcall recursion) starts at the same depth. */
static int call_main(lua_State *L) {
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}

int kitsim_pcall_main(lua_State *L, int nargs) {
    lua_pushcfunction(L, call_main);
    lua_insert(L, -(nargs + 2));
    return kitsim_pcall(L, nargs + 1, 0);
}

void kitsim_push_traceback(lua_State *L) { lua_pushcfunction(L, traceback); }

int kitsim_pcall_handler(lua_State *L, int nargs, int nresults) {
    int handler = lua_gettop(L) - nargs - 1;   /* just below the function */
    kitsim_limits *lim = kitsim_limits_of(L);
    int saved = enter_lua(lim);
    int status = lua_pcall(L, nargs, nresults, handler);
    leave_lua(lim, saved);
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

void kitsim_make_class_tables(lua_State *L, int meta, int class_of_table, const char *names,
                              const int *ids, int *refs, int count) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_rawgeti(L, LUA_REGISTRYINDEX, class_of_table);
    for (int i = 0; i < count; i++) {
        size_t len = strlen(names);
        lua_createtable(L, 0, 0);
        lua_rawgeti(L, LUA_REGISTRYINDEX, meta);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, ids[i]);
        lua_rawset(L, -4);                      /* class_of_table[t] = id */
        lua_pushlstring(L, names, len);
        lua_pushvalue(L, -2);
        lua_rawset(L, -5);                      /* globals[name] = t */
        refs[i] = luaL_ref(L, LUA_REGISTRYINDEX);
        names += len + 1;
    }
    lua_pop(L, 2);
}

int kitsim_load_prelude(lua_State *L, int which, const char *source, size_t len) {
    /* Bytecode is only valid for the release that made it; the source's size guards
       against a prelude edited without regenerating (PreludeBytecodeTests checks the rest). */
    if (which >= 0 && which < 2 && kitsim_prelude_release == LUA_VERSION_RELEASE_NUM
        && kitsim_prelude_source_sizes[which] == len) {
        return luaL_loadbufferx(L, (const char *)kitsim_prelude_chunks[which],
                                kitsim_prelude_chunk_sizes[which], "=prelude", "b");
    }
    return kitsim_load(L, source, len, "=prelude");
}

void kitsim_write_line(const char *bytes, size_t len) {
    fwrite(bytes, 1, len, stdout);
    fputc('\n', stdout);
}

/* ---------------------------------------------------------------- compiled files

   A file's compiled function is kept with the bytes it was compiled from and reused only
   for the same path and the same bytes, so an edited file is compiled again. The dump
   keeps debug information, so errors, tracebacks and debug.getinfo read as for the text.
   Bounded: files above CHUNK_FILE_MAX bytes are not kept, nor more than CHUNK_ENTRIES_MAX
   files (a cache that is full compiles the rest as usual). */

#define CHUNK_FILE_MAX (1u << 20)
#define CHUNK_ENTRIES_MAX 32

typedef struct kitsim_chunk {
    char *path;
    char *source; size_t source_len;
    char *code; size_t code_len;
} kitsim_chunk;

struct kitsim_chunk_cache {
    kitsim_chunk entries[CHUNK_ENTRIES_MAX];
    int count;
    size_t hits;
};

kitsim_chunk_cache *kitsim_chunk_cache_new(void) {
    return (kitsim_chunk_cache *)calloc(1, sizeof(kitsim_chunk_cache));
}

void kitsim_chunk_cache_free(kitsim_chunk_cache *cache) {
    if (cache == NULL) return;
    for (int i = 0; i < cache->count; i++) {
        free(cache->entries[i].path);
        free(cache->entries[i].source);
        free(cache->entries[i].code);
    }
    free(cache);
}

size_t kitsim_chunk_cache_hits(const kitsim_chunk_cache *cache) { return cache ? cache->hits : 0; }

/* The whole file, or NULL (unreadable, or larger than CHUNK_FILE_MAX). */
static char *read_small_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t cap = 8192, n = 0;
    char *buf = (char *)malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        if (cap >= CHUNK_FILE_MAX) { free(buf); buf = NULL; break; }
        char *bigger = (char *)realloc(buf, cap * 2);
        if (bigger == NULL) { free(buf); buf = NULL; break; }
        buf = bigger;
        cap *= 2;
    }
    if (buf != NULL && ferror(f)) { free(buf); buf = NULL; }
    fclose(f);
    *len = n;
    return buf;
}

typedef struct { char *bytes; size_t len, cap; int failed; } dump_buffer;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    dump_buffer *b = (dump_buffer *)ud;
    if (b->failed) return 1;
    if (b->len + size > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + size) cap *= 2;
        char *bigger = (char *)realloc(b->bytes, cap);
        if (bigger == NULL) { b->failed = 1; return 1; }
        b->bytes = bigger;
        b->cap = cap;
    }
    memcpy(b->bytes + b->len, p, size);
    b->len += size;
    return 0;
}

static char *copy_string(const char *s) {
    size_t n = strlen(s) + 1;
    char *c = (char *)malloc(n);
    if (c != NULL) memcpy(c, s, n);
    return c;
}

/* Keeps the function on the stack top, compiled from `source`, as `path`'s entry. */
static void keep_chunk(lua_State *L, kitsim_chunk_cache *cache, const char *path, char *source, size_t source_len) {
    int slot = -1;
    for (int i = 0; i < cache->count; i++)
        if (strcmp(cache->entries[i].path, path) == 0) { slot = i; break; }
    if (slot < 0 && cache->count == CHUNK_ENTRIES_MAX) { free(source); return; }
    dump_buffer b = { NULL, 0, 0, 0 };
    if (lua_dump(L, dump_writer, &b, 0) != 0 || b.failed) { free(b.bytes); free(source); return; }
    char *name = slot < 0 ? copy_string(path) : cache->entries[slot].path;
    if (name == NULL) { free(b.bytes); free(source); return; }
    if (slot < 0) slot = cache->count++;
    else { free(cache->entries[slot].source); free(cache->entries[slot].code); }
    cache->entries[slot] = (kitsim_chunk){ name, source, source_len, b.bytes, b.len };
}

int kitsim_loadfile(lua_State *L, const char *path) {
    kitsim_chunk_cache *cache = kitsim_limits_of(L)->chunks;
    if (cache == NULL) return luaL_loadfilex(L, path, "t");
    size_t len = 0;
    char *source = read_small_file(path, &len);
    if (source != NULL) {
        for (int i = 0; i < cache->count; i++) {
            kitsim_chunk *c = &cache->entries[i];
            if (strcmp(c->path, path) == 0 && c->source_len == len && memcmp(c->source, source, len) == 0) {
                free(source);
                /* The name is the dump's own ("@path"), as compiling the text names it. */
                int status = luaL_loadbufferx(L, c->code, c->code_len, path, "b");
                if (status == LUA_OK) cache->hits++;
                return status;
            }
        }
    }
    /* Compiled from the file itself, as without a cache (its messages included). */
    int status = luaL_loadfilex(L, path, "t");
    if (status == LUA_OK && source != NULL) keep_chunk(L, cache, path, source, len);
    else free(source);
    return status;
}

int kitsim_dostring(lua_State *L, const char *chunk, size_t len, const char *name) {
    int status = kitsim_load(L, chunk, len, name);
    if (status != LUA_OK) return status;
    return kitsim_pcall(L, 0, LUA_MULTRET);
}

// ---------------------------------------------------------------- guarded base functions

/* KitSim's own limit stops (the instruction budget, the memory cap, the object cap, the
   limits Swift enforces, Ctrl-C) set `stopping` in the state's kitsim_limits before they
   raise. That flag, and never the text of a message, is what tells them from the
   ordinary Lua errors a script may catch: a recursion's "stack overflow", "C stack
   overflow" and "error in error handling" are returned by pcall, xpcall and
   coroutine.resume exactly as stock Lua returns them. While a stop is pending these
   functions raise the error again instead of returning it, so that no script can
   swallow the stop. Each is the standard function's code plus that check, so their
   argument errors name them and their C stack use is stock's. */

static int finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        if (kitsim_limits_of(L)->stopping) return lua_error(L);      /* the stop goes on */
        forget_last_error(L);
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

/* The script's message handler stays in the slot stock xpcall gives it (index 2), so
   that debug.traceback and debug.getinfo see the stack stock Lua shows. See
   disarm_handlers for the one case the limit hook has to take care of. */
static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    kitsim_limits *lim = kitsim_limits_of(L);
    if (lim->xpcalls > 0) lim->xpcalls--;
    return finish_pcall(L, status, extra);
}

static int guarded_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    kitsim_limits_of(L)->xpcalls++;
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

static int passthrough_handler(lua_State *L) {
    lua_settop(L, 1);
    return 1;
}

/* Lua calls a message handler before unwinding, and when the error is raised by a hook
   it calls it with hooks still switched off (luaD_hook leaves allowhook cleared when the
   hook raises): a handler that never returns would never be stopped. So before the limit
   hook raises, every xpcall on this thread's stack gets a pass-through handler in place
   of the script's one. Other threads need nothing: the stop reaches their xpcalls only
   when it is raised again there, by the hook or by finish_pcall, with hooks on.
   lua_getstack costs time in proportion to the level, so a walk of the whole stack is
   quadratic in its depth: the count of xpcalls in progress ends it early, and skips it
   when there are none (a coroutine abandoned inside an xpcall leaves the count high,
   which costs only time). */
static void disarm_handlers(lua_State *L) {
    lua_Debug ar;
    int left = kitsim_limits_of(L)->xpcalls;
    if (left <= 0 || !lua_checkstack(L, 2)) return;
    for (int level = 0; left > 0 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "f", &ar)) continue;
        int is_xpcall = lua_tocfunction(L, -1) == guarded_xpcall;
        lua_pop(L, 1);
        if (!is_xpcall) continue;
        left--;
        lua_pushcfunction(L, passthrough_handler);
        if (lua_setlocal(L, &ar, 2) == NULL) lua_pop(L, 1);
    }
}

/* lua_resume with `co` on the state's list of running threads meanwhile, so that a stop
   (the watchdog's, Ctrl-C) arms the coroutine actually running. The list's entry is
   written before its depth, for a signal handler that reads them in between. */
static int tracked_resume(lua_State *L, lua_State *co, int narg, int *nres) {
    kitsim_limits *lim = kitsim_limits_of(L);
    int depth = lim->running_depth;
    if (depth < KITSIM_RUNNING_MAX) lim->running[depth] = co;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    lim->running_depth = depth + 1;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    int status = lua_resume(co, L, narg, nres);
    lim->running_depth = depth;
    /* A stop armed while co ran armed the threads on the list; this one is on it, or is
       the main thread, but a stop from Swift may have armed only co. */
    if (lim->stopping) lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
    return status;
}

int kitsim_resume_task(lua_State *L, lua_State *co, int narg, int raise, int *nres) {
    kitsim_limits *lim = kitsim_limits_of(L);
    if (lua_status(co) == LUA_YIELD) {
        if (!lua_checkstack(co, 2)) return LUA_ERRMEM;
        lua_pushlightuserdata(co, (void *)&task_resume_key);
        lua_pushboolean(co, raise);
        lua_rotate(co, -(narg + 2), 2);        /* key and flag below the values */
        narg += 2;
    }
    int saved = enter_lua(lim);
    int status = tracked_resume(L, co, narg, nres);
    leave_lua(lim, saved);
    return status;
}

static int iterator_call_k(lua_State *L, int status, lua_KContext ctx) {
    (void)status; (void)ctx;
    return 1;
}

static int iterator_call(lua_State *L) {
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, 1, 1, 0, iterator_call_k);
    return 1;
}

void kitsim_push_iterator_call(lua_State *L) {
    lua_pushcclosure(L, iterator_call, 1);
}

/* The bracket's leave function, looked up by name in the table of upvalue 1. */
static void push_bracket_function(lua_State *L, int name) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_getfield(L, -1, lua_tostring(L, lua_upvalueindex(name)));
    lua_remove(L, -2);
}

/* After the operation, however it ended: leave(token) (index `ctx`), then its results or
   its error. */
static int bracket_k(lua_State *L, int status, lua_KContext ctx) {
    int token = (int)ctx;
    push_bracket_function(L, 3);
    lua_pushvalue(L, token);
    lua_call(L, 1, 0);
    if (status != LUA_OK && status != LUA_YIELD) return lua_error(L);   /* the error, as it was */
    return lua_gettop(L) - token;
}

static int bracket(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    push_bracket_function(L, 2);
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);                              /* the token, at 3 */
    lua_pushvalue(L, 1);
    return bracket_k(L, lua_pcallk(L, 0, LUA_MULTRET, 0, 3, bracket_k), 3);
}

void kitsim_push_bracket(lua_State *L, const char *enter, const char *leave) {
    lua_pushstring(L, enter);
    lua_pushstring(L, leave);
    lua_pushcclosure(L, bracket, 3);
}

void kitsim_close_thread(lua_State *co, lua_State *from) {
#if LUA_VERSION_RELEASE_NUM >= 50406
    (void)lua_closethread(co, from);
#else
    (void)from;
    (void)lua_resetthread(co);
#endif
}

/* coroutine.resume as lcorolib's auxresume and luaB_coresume. */
static int guarded_resume(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTHREAD);
    lua_State *co = lua_tothread(L, 1);
    int narg = lua_gettop(L) - 1, nres;
    if (!lua_checkstack(co, narg)) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "too many arguments to resume");
        return 2;
    }
    lua_xmove(L, co, narg);
    int status = tracked_resume(L, co, narg, &nres);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushboolean(L, 0);
            lua_pushliteral(L, "too many results to resume");
            return 2;
        }
        lua_pushboolean(L, 1);
        lua_xmove(co, L, nres);
        return nres + 1;
    }
    lua_xmove(co, L, 1);                        /* the error */
    if (kitsim_limits_of(L)->stopping) return lua_error(L);
    forget_last_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* The function coroutine.wrap returns, as lcorolib's auxwrap (upvalue 1: the coroutine),
   resuming through tracked_resume. */
static int guarded_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int narg = lua_gettop(L), nres = 0, r;
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        r = -1;
    } else {
        lua_xmove(L, co, narg);
        int status = tracked_resume(L, co, narg, &nres);
        if (status == LUA_OK || status == LUA_YIELD) {
            if (!lua_checkstack(L, nres + 1)) {
                lua_pop(co, nres);
                lua_pushliteral(L, "too many results to resume");
                r = -1;
            } else {
                lua_xmove(co, L, nres);
                r = nres;
            }
        } else {
            lua_xmove(co, L, 1);                /* the error */
            r = -1;
        }
    }
    if (r >= 0) return r;
    int stat = lua_status(co);
    if (stat != LUA_OK && stat != LUA_YIELD) {  /* an error in the coroutine: close it */
#if LUA_VERSION_RELEASE_NUM >= 50406
        stat = lua_closethread(co, L);
#else
        stat = lua_resetthread(co);
#endif
        lua_xmove(co, L, 1);
    }
    /* A stop's message has its place already (the hook's or the trampoline's): only Lua's
       own errors get the caller's in front, as stock's auxwrap gives every string. */
    if (stat != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING && !kitsim_limits_of(L)->stopping) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap as lcorolib's luaB_cowrap (luaB_cocreate, then the closure). */
static int guarded_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, guarded_auxwrap, 1);
    return 1;
}

/* coroutine.close as lcorolib's luaB_close, its nesting bounded. Lua 5.4.4's
   lua_resetthread runs a coroutine's pending __close metamethods without counting them
   as C calls, so a __close that closes another coroutine, nested twenty thousand deep,
   overflows the C stack and crashes the host (Lua 5.4.6's lua_closethread gives the
   closed thread its caller's count instead). Closes and resumes in progress together stay
   under Lua's own limit of C calls (LUAI_MAXCCALLS, 200): past it a close raises
   "C stack overflow", as a resume does. A stop raised while a __close ran goes on, as
   from the guarded pcall. */
#define KITSIM_MAX_NESTED_CLOSES 200

enum { COS_RUN, COS_DEAD, COS_YIELD, COS_NORM };
static const char *const coroutine_status_names[] = { "running", "dead", "suspended", "normal" };

/* lcorolib's auxstatus. */
static int coroutine_status(lua_State *L, lua_State *co) {
    if (L == co) return COS_RUN;
    switch (lua_status(co)) {
    case LUA_YIELD: return COS_YIELD;
    case LUA_OK: {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar)) return COS_NORM;      /* it has frames: it is running */
        return lua_gettop(co) == 0 ? COS_DEAD : COS_YIELD;  /* else dead, or not started */
    }
    default: return COS_DEAD;                               /* an error ended it */
    }
}

static int guarded_close(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTHREAD);
    lua_State *co = lua_tothread(L, 1);
    int status = coroutine_status(L, co);
    if (status != COS_DEAD && status != COS_YIELD)
        return luaL_error(L, "cannot close a %s coroutine", coroutine_status_names[status]);
    kitsim_limits *lim = kitsim_limits_of(L);
    if (lim->closing + lim->running_depth >= KITSIM_MAX_NESTED_CLOSES) return luaL_error(L, "C stack overflow");
    lim->closing++;
#if LUA_VERSION_RELEASE_NUM >= 50406
    status = lua_closethread(co, L);
#else
    status = lua_resetthread(co);
#endif
    lim->closing--;
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_xmove(co, L, 1);                        /* the error */
    if (lim->stopping) return lua_error(L);
    forget_last_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* io.write and a file's write method produce output, so they count against the work
   budget as print does (a loop that writes is stopped at the same call on every run, not
   by the watchdog). Each calls the standard function in its own frame, so argument
   errors name it exactly as stock's do. Neither reads upvalues of its own, so it runs
   with the counting closure's (upvalue 1: the standard function). */
static int counted_write(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    CHARGE_WORK(L, lim);
    return lua_tocfunction(L, lua_upvalueindex(1))(L);    /* the standard function */
}

/* Replaces the C function at t[name] (the table on the stack top) by counted_write. */
static void count_write(lua_State *L, const char *name) {
    if (lua_getfield(L, -1, name) == LUA_TFUNCTION && lua_tocfunction(L, -1) != NULL) {
        lua_pushcclosure(L, counted_write, 1);
        lua_setfield(L, -2, name);
    } else {
        lua_pop(L, 1);
    }
}

static void count_writes(lua_State *L) {
    if (lua_getglobal(L, "io") == LUA_TTABLE) count_write(L, "write");
    lua_settop(L, 0);
    if (luaL_getmetatable(L, LUA_FILEHANDLE) == LUA_TTABLE && lua_getfield(L, -1, "__index") == LUA_TTABLE)
        count_write(L, "write");
    lua_settop(L, 0);
}

/* A full collection visits every live Lua object, so collectgarbage counts against the
   work budget as 1,000 calls into the host (a timer firing every nanosecond of virtual
   time whose block collects would otherwise run for minutes before the budget stopped
   it). Every option but the queries counts so (a step may finish a cycle, a switch to
   generational mode collects fully); "count" and "isrunning" count as one call, as
   print does. The standard function then runs in this frame, with stock's arguments and
   messages. */
#define KITSIM_COLLECT_WORK 1000

static int counted_collectgarbage(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    int64_t cost = KITSIM_COLLECT_WORK;
    if (lua_type(L, 1) == LUA_TSTRING) {
        const char *option = lua_tostring(L, 1);
        if (strcmp(option, "count") == 0 || strcmp(option, "isrunning") == 0) cost = 1;
    }
    if (__builtin_expect((lim->work_left -= cost) < 0, 0)) return work_used_up(L, lim);
    return lua_tocfunction(L, lua_upvalueindex(1))(L);    /* the standard function */
}

static void count_collections(lua_State *L) {
    if (lua_getglobal(L, "collectgarbage") == LUA_TFUNCTION && lua_tocfunction(L, -1) != NULL) {
        lua_pushcclosure(L, counted_collectgarbage, 1);
        lua_setglobal(L, "collectgarbage");
    } else {
        lua_pop(L, 1);
    }
}

/* setmetatable without finalizers: Lua runs __gc metamethods with hooks switched off,
   so a finalizer escapes the instruction budget (`while true do end` in one hangs the
   host), and when a collection step runs inside a Swift call it escapes the memory cap
   too. Scripts have no use for them: the simulated objects' deinit is the model's.
   Otherwise as the standard function. */
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
   chunks, and a malformed one crashes the host. They are lbaselib's functions with the
   chunk always loaded in mode "t" (a binary chunk gets Lua's own "attempt to load a
   binary chunk (mode is 't')"); a mode without 't' refuses a text chunk with stock's
   message, so every chunk such a mode names is refused. */
#define LOAD_RESERVED_SLOT 5

static const char *load_reader(lua_State *L, void *ud, size_t *size) {
    (void)ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, LOAD_RESERVED_SLOT);
    return lua_tolstring(L, LOAD_RESERVED_SLOT, size);
}

/* The status of a load in a mode without 't' that found a text chunk. */
static int refuse_text_chunk(lua_State *L, int status, const char *mode) {
    if (status != LUA_OK) return status;
    lua_pop(L, 1);
    lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
    return LUA_ERRSYNTAX;
}

static int finish_load(lua_State *L, int status, int env) {
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

static int guarded_load(lua_State *L) {
    int status;
    size_t l;
    const char *s = lua_tolstring(L, 1, &l);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    int text = strchr(mode, 't') != NULL;
    if (s != NULL) {
        const char *chunkname = luaL_optstring(L, 2, s);
        if (!text && (l == 0 || s[0] != LUA_SIGNATURE[0])) {
            lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
            status = LUA_ERRSYNTAX;
        } else {
            status = luaL_loadbufferx(L, s, l, chunkname, "t");
        }
    } else {
        const char *chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, LOAD_RESERVED_SLOT);
        status = lua_load(L, load_reader, NULL, chunkname, "t");
        if (!text) status = refuse_text_chunk(L, status, mode);
    }
    return finish_load(L, status, env);
}

static int guarded_loadfile(lua_State *L) {
    const char *fname = luaL_optstring(L, 1, NULL);
    const char *mode = luaL_optstring(L, 2, "bt");
    int env = !lua_isnone(L, 3) ? 3 : 0;
    int status = luaL_loadfilex(L, fname, "t");
    if (strchr(mode, 't') == NULL) status = refuse_text_chunk(L, status, mode);
    return finish_load(L, status, env);
}

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

/* package.searchers[2] (Lua files on package.path) as loadlib's searcher_Lua, loading
   text only for the same reason as loadfile. Upvalues: the package table and
   package.searchpath, as found when the state opened. */
static int text_searcher(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    if (lua_tostring(L, -1) == NULL) return luaL_error(L, "'package.path' must be a string");
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushstring(L, name);
    lua_pushvalue(L, -3);
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 1;                 /* the "no file" message */
    lua_pop(L, 1);
    const char *filename = lua_tostring(L, -1);
    if (filename == NULL) return 1;
    if (kitsim_loadfile(L, filename) != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s",
                          lua_tostring(L, 1), filename, lua_tostring(L, -1));
    lua_pushstring(L, filename);
    return 2;
}

/* debug.gethook without the budget's count hook: scripts cannot set hooks
   (debug.sethook is removed), so what stock returns when there is no hook. */
static int hidden_gethook(lua_State *L) {
    luaL_pushfail(L);
    return 1;
}

/* math.acos, math.asin and math.log as lmathlib's, except that a domain error gives a
   positive NaN. The distribution's lua5.4 links the libm wrappers that return +NaN
   (printed "nan"); the statically linked kitsim gets the ones that return the
   processor's default NaN, which is negative ("-nan"). */
static lua_Number domain_nan(lua_Number r, lua_Number x) {
    return (isnan(r) && !isnan(x)) ? fabs(r) : r;
}

static int conformant_acos(lua_State *L) {
    lua_Number x = luaL_checknumber(L, 1);
    lua_pushnumber(L, domain_nan(acos(x), x));
    return 1;
}

static int conformant_asin(lua_State *L) {
    lua_Number x = luaL_checknumber(L, 1);
    lua_pushnumber(L, domain_nan(asin(x), x));
    return 1;
}

static int conformant_log(lua_State *L) {
    lua_Number x = luaL_checknumber(L, 1);
    lua_Number res;
    if (lua_isnoneornil(L, 2)) {
        res = log(x);
    } else {
        lua_Number base = luaL_checknumber(L, 2);
        if (base == 2.0) res = log2(x);
        else if (base == 10.0) res = domain_nan(log10(x), x);
        else res = log(x) / log(base);
    }
    lua_pushnumber(L, res);
    return 1;
}

/* print as lbaselib's (luaL_tolstring of each argument, tabs between), writing through
   the host's output function (upvalue 1, a Swift function index) with the line's bytes
   as they are. The separator goes in before the value is pushed: a luaL_Buffer owns the
   stack top between its calls, and luaL_addchar with a value above the buffer's box
   grows the wrong slot (a heap overwrite once a tab lands where the buffer is full). */
static int kitsim_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    lua_insert(L, 1);
    lua_settop(L, 1);                            /* the line */
    lua_pushboolean(L, 0);                       /* not a sim.log line */
    return call_swift(L, (int)lua_tointeger(L, lua_upvalueindex(1)));
}

void kitsim_set_print(lua_State *L, int index) {
    lua_pushinteger(L, index);
    lua_pushcclosure(L, kitsim_print, 1);
    lua_setglobal(L, "print");
}

/* warn as lauxlib's warning functions, which luaL_newstate installs and lua.c relies on:
   off at first, "@on" / "@off" switch, messages to stderr as "Lua warning: ...". */
static void warn_off(void *ud, const char *message, int tocont);
static void warn_on(void *ud, const char *message, int tocont);

static int warn_control(lua_State *L, const char *message, int tocont) {
    if (tocont || *(message++) != '@') return 0;
    if (strcmp(message, "off") == 0) lua_setwarnf(L, warn_off, L);
    else if (strcmp(message, "on") == 0) lua_setwarnf(L, warn_on, L);
    return 1;
}

static void warn_off(void *ud, const char *message, int tocont) {
    warn_control((lua_State *)ud, message, tocont);
}

static void warn_continue(void *ud, const char *message, int tocont) {
    lua_State *L = (lua_State *)ud;
    fprintf(stderr, "%s", message);
    if (tocont) {
        lua_setwarnf(L, warn_continue, L);
    } else {
        fprintf(stderr, "\n");
        lua_setwarnf(L, warn_on, L);
    }
    fflush(stderr);
}

static void warn_on(void *ud, const char *message, int tocont) {
    if (warn_control((lua_State *)ud, message, tocont)) return;
    fprintf(stderr, "Lua warning: ");
    warn_continue(ud, message, tocont);
}

/* Deterministic pairs (DEVELOPERS.md rule 3). Lua's string hash is seeded from the time
   and addresses (luai_makeseed), so `next` visits string keys in a different order on
   every run, and a scenario that builds objects from `pairs` over a table would number
   them differently each time. This `pairs` visits keys in a fixed order: numbers
   ascending, then strings (bytewise), then false, true, then KitSim objects by id, then
   any other keys (tables, functions, other userdata) in `next` order, which Lua does
   not make reproducible. Otherwise it is stock's: `pairs()` and a `__pairs` metamethod
   (called with lua_callk, so it may yield) behave as there, a value without `__pairs`
   that is not a table gives `next` and fails on the first step with stock's message,
   and when `next` already visits the table in the fixed order (an empty table, an
   array) pairs returns `next` itself. Otherwise the iterator is a function over a
   snapshot of the keys that honours its arguments as `next` does: called with the
   table and a key, it returns the key after that one. As with `next`, fields may be
   cleared (assigned nil) during the loop; keys added during a loop over the snapshot
   are not visited. */
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

/* The iterator over a snapshot: upvalue 1 the sorted keys, upvalue 2 key -> position in
   them. Called as next is, with the table and the previous key (nil to start); returns
   the next key still present in the table and its value, or nil at the end. */
static int sorted_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    lua_Integer i = 0;
    if (!lua_isnil(L, 2)) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNUMBER) return luaL_error(L, "invalid key to 'next'");
        i = lua_tointegerx(L, -1, NULL);
        lua_pop(L, 1);
    }
    for (;;) {
        i++;
        if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) return 1;     /* nil: the end */
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) return 2;    /* cleared during the loop: skipped */
        lua_pop(L, 2);
    }
}

static int pairs_cont(lua_State *L, int status, lua_KContext extra) {
    (void)status; (void)extra;
    return 3;
}

static int sorted_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {      /* as the standard pairs */
        lua_pushvalue(L, 1);
        lua_callk(L, 1, 3, 0, pairs_cont);
        return 3;
    }
    lua_settop(L, 1);
    if (lua_type(L, 1) != LUA_TTABLE) {
        lua_pushvalue(L, lua_upvalueindex(1));     /* next, which reports the type */
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
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
    int in_order = 1;
    for (int k = 0; k < n && in_order; k++) in_order = keys[k].pos == k + 1;
    if (in_order) {
        lua_pushvalue(L, lua_upvalueindex(1));     /* next visits them in this order */
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
    lua_createtable(L, n, 0);                                   /* 4: sorted keys */
    lua_createtable(L, 0, n);                                   /* 5: key -> position */
    for (int k = 0; k < n; k++) {
        lua_rawgeti(L, 2, keys[k].pos);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 4, k + 1);
        lua_pushinteger(L, k + 1);
        lua_rawset(L, 5);
    }
    lua_pushcclosure(L, sorted_next, 2);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

static void set_field(lua_State *L, const char *table, const char *name, lua_CFunction fn) {
    if (lua_getglobal(L, table) == LUA_TTABLE) {
        lua_pushcfunction(L, fn);
        lua_setfield(L, -2, name);
    }
    lua_pop(L, 1);
}

static int open_libs(lua_State *L) {
    luaL_openlibs(L);
    lua_getglobal(L, "next");
    lua_pushcclosure(L, sorted_pairs, 1);
    lua_setglobal(L, "pairs");
    lua_pushcfunction(L, guarded_pcall);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
    lua_pushcfunction(L, guarded_setmetatable);
    lua_setglobal(L, "setmetatable");
    lua_pushcfunction(L, guarded_load);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, guarded_loadfile);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, guarded_dofile);
    lua_setglobal(L, "dofile");
    set_field(L, "coroutine", "resume", guarded_resume);
    set_field(L, "coroutine", "wrap", guarded_wrap);
    set_field(L, "coroutine", "close", guarded_close);
    count_writes(L);
    count_collections(L);
    set_field(L, "debug", "gethook", hidden_gethook);
    set_field(L, "math", "acos", conformant_acos);
    set_field(L, "math", "asin", conformant_asin);
    set_field(L, "math", "log", conformant_log);
    if (lua_getglobal(L, "package") == LUA_TTABLE) {
        if (lua_getfield(L, -1, "searchers") == LUA_TTABLE) {
            lua_pushvalue(L, -2);
            lua_getfield(L, -3, "searchpath");
            lua_pushcclosure(L, text_searcher, 2);
            lua_rawseti(L, -2, 2);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_setwarnf(L, warn_off, L);
    /* lua.c switches the collector to generational mode. */
    lua_gc(L, LUA_GCGEN, 0, 0);
    return 0;
}

lua_State *kitsim_open(kitsim_limits *limits) {
    limits->pool = pool_new();
    lua_State *L = lua_newstate(kitsim_alloc, limits);
    if (L == NULL) {
        pool_release(limits->pool);
        limits->pool = NULL;
        return NULL;
    }
    *(kitsim_limits **)lua_getextraspace(L) = limits;
    limits->L = L;
    /* No budget until the host sets one (the host's own start-up calls are not counted). */
    limits->work_left = INT64_MAX;
    limits->instructions_left = INT64_MAX;
    lua_pushcfunction(L, open_libs);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) { kitsim_close(L); return NULL; }
    return L;
}

void kitsim_close(lua_State *L) {
    kitsim_limits *lim = kitsim_limits_of(L);
    lua_close(L);
    /* Every block is back in the pool now: its chunks go at once. */
    pool_release(lim->pool);
    lim->pool = NULL;
}

// ---------------------------------------------------------------- handles

/* The handle cache, id -> handle with weak values (rule 4: one object, one handle; a
   handle nothing else refers to may be collected). Object ids only grow, so a hash keyed
   by them churns: dead keys pile up and the table rehashes every few hundred handles.
   Handles live in an array part instead, in slot id % HANDLE_SLOTS + 1, which never
   rehashes; a handle still alive when a newer object takes its slot moves to the
   overflow table (a weak hash by id, anchored in the registry), where lookups find it. */
#define HANDLE_SLOTS 1024
static const char handle_overflow_key = 0;     /* its address keys the overflow table */

static inline lua_Integer handle_slot(uint32_t id) { return (lua_Integer)(id % HANDLE_SLOTS) + 1; }

static void push_weak_valued_table(lua_State *L, int narr) {
    lua_createtable(L, narr, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

void kitsim_push_handle_cache(lua_State *L) {
    push_weak_valued_table(L, 0);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &handle_overflow_key);
    push_weak_valued_table(L, HANDLE_SLOTS);
}

void kitsim_push_new_handle(lua_State *L, int cache, int mt, uint32_t id) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, cache);                   /* slots */
    lua_Integer slot = handle_slot(id);
    if (lua_rawgeti(L, -1, slot) == LUA_TUSERDATA) {            /* slots occupant */
        uint32_t other = handle_id(L, -1);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &handle_overflow_key);
        lua_insert(L, -2);                                      /* slots overflow occupant */
        lua_rawseti(L, -2, (lua_Integer)other);
    }
    lua_pop(L, 1);                                              /* slots */
    kitsim_handle *h = (kitsim_handle *)lua_newuserdatauv(L, sizeof(kitsim_handle), 0);
    h->magic = KITSIM_HANDLE_MAGIC;
    h->id = id;
    h->reserved = 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mt);                      /* slots handle mt */
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, slot);                                   /* slots handle */
    lua_copy(L, -1, -2);
    lua_pop(L, 1);                                              /* handle */
}

uint32_t kitsim_handle_id(lua_State *L, int idx) { return handle_id(L, idx); }

int kitsim_push_cached_handle(lua_State *L, int cache, uint32_t id) {
    /* The receiver of the running call is usually the object asked for (an override
       called on it, a method returning self), and one object has one handle. */
    if (id != 0 && handle_id(L, 1) == id) {
        lua_pushvalue(L, 1);
        return 1;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, cache);
    if (lua_rawgeti(L, -1, handle_slot(id)) == LUA_TUSERDATA && handle_id(L, -1) == id) {
        lua_copy(L, -1, -2);
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 2);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &handle_overflow_key);
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
    int saved = enter_lua(lim);
    int status = lua_pcall(L, 1, 1, 0);
    leave_lua(lim, saved);
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
    /* While Swift runs (swift_depth > 0) the innermost frame, if there is one, is the C
       function that called into Swift, which has no line: the search starts above it. */
    for (int level = lim->swift_depth > 0 ? 1 : 0; lua_getstack(L, level, &ar); level++) {
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
