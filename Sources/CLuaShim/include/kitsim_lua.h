// The C side of the Lua bridge (SPEC §1, DEVELOPERS.md rule 1).
//
// Swift cannot import Lua's function-like macros, so they are wrapped here. Swift
// functions that Lua calls are reached through one trampoline: Swift returns a result
// count, or KITSIM_RAISE with the error value on the stack top, and the trampoline
// raises after the Swift frame has returned. A Lua error never unwinds a Swift frame.
//
// Memory: the allocator enforces a cap only while Lua code runs. While a Swift frame
// is active (`swift_depth > 0`) allocations always succeed, so a push from Swift can
// never raise "not enough memory"; the overshoot is noted and raised as a limit error
// by the trampoline once Swift has returned (EMBEDDING.md, "Out of memory").
#ifndef KITSIM_LUA_H
#define KITSIM_LUA_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#if !defined(LUA_VERSION_NUM) || LUA_VERSION_NUM != 504
#error "KitSim needs the Lua 5.4 headers, and these are another version (LUA_VERSION_NUM is not 504). On macOS Homebrew's lua is 5.5: brew install lua@5.4 and export PKG_CONFIG_PATH=\"$(brew --prefix lua@5.4)/lib/pkgconfig:$PKG_CONFIG_PATH\". On Debian: apt-get install liblua5.4-dev."
#endif
#include <stdint.h>
#include <stddef.h>

#define KITSIM_RAISE (-1)      /* raise the stack top; strings get the caller's position */
#define KITSIM_RAISE_RAW (-2)  /* raise the stack top as it is */
/* Suspend the running coroutine (an `await` in a task): the trampoline yields nothing.
   The host resumes it with kitsim_resume_task: the values it passes become the call's
   results, or its error value is raised at the call. */
#define KITSIM_YIELD (-3)
/* Call the function at index 1 with the values above it as arguments, as a Lua call
   that may yield, and return all its results: the host has made the whole stack that
   call (a Lua method run inside a task, so that it may await). */
#define KITSIM_CALL (-4)
/* A handle starts with this 64-bit tag: not a canonical x86-64 (or AArch64) address, so
   no pointer at the start of another userdata can equal it (see handle_id). */
#define KITSIM_HANDLE_MAGIC 0x4B53494D48444C45ull  /* "KSIMHDLE" */

/* Coroutines resumed inside one another: Lua's C stack limit (LUAI_MAXCCALLS, 200)
   ends the nesting before this. */
#define KITSIM_RUNNING_MAX 256

/// What a handle userdata holds: an object id, never a Swift reference (rule 4).
typedef struct kitsim_handle { uint64_t magic; uint32_t id; uint32_t reserved; } kitsim_handle;

/// Per-state limits and bookkeeping, reachable from the state's extra space.
typedef struct kitsim_limits {
    size_t used;                 /* bytes allocated now */
    size_t cap;                  /* memory cap in bytes (0: none) */
    size_t peak;
    int swift_depth;             /* > 0 while a Swift frame is active */
    int lua_depth;               /* protected calls from the host in progress (kitsim_pcall…) */
    int memory_exceeded;         /* the cap was passed while Swift ran, or refused */
    int64_t instructions_left;   /* the optional instruction budget (INT64_MAX: none, no hook) */
    int hook_step;               /* instructions per count hook */
    int64_t work_left;           /* calls into the host the run may still make */
    int stopping;                /* a limit fired: raise on every instruction until out */
    int interrupted;             /* Ctrl-C (REPL) */
    int timed_out;               /* the watchdog fired: the run has lasted the time limit */
    int locate;                  /* the watchdog asks the running thread where it is stuck */
    unsigned runs;               /* outermost protected calls so far (the watchdog's generation) */
    int running_depth;           /* threads being resumed by coroutine.resume or a wrap, */
    lua_State *running[KITSIM_RUNNING_MAX];   /* innermost last (the first MAX of them) */
    char work_message[192];      /* the work budget's stop message */
    char time_message[192];      /* the time limit's stop message */
    void *watch;                 /* the watchdog's entry for this state (NULL: no time limit) */
    int xpcalls;                 /* xpcalls in progress, on any thread (an upper bound) */
    int closing;                 /* coroutine.close calls in progress (guarded_close) */
    char stop_message[256];      /* the limit's message */
    void *host;                  /* the Swift bridge (unretained) */
    const void *location_function; /* kitsim_current_location's cache: the function, */
    const char *location_source;   /* its source, */
    int location_ref;              /* and the registry slot anchoring it (0: none yet) */
    lua_State *L;                /* the main state, for arming the hook from the allocator */
    struct kitsim_chunk_cache *chunks; /* compiled files shared with other states (NULL: none) */
    struct kitsim_pool *pool;    /* the state's small blocks (kitsim_alloc; NULL: malloc only) */
} kitsim_limits;

/// The Swift entry the trampoline calls: `index` picks the Swift function.
typedef int (*kitsim_swift_entry_fn)(lua_State *L, int index);
void kitsim_set_swift_entry(kitsim_swift_entry_fn fn);

/// The direct Swift entries of the hot paths, called by dedicated C closures
/// without the generic trampoline's table of Swift closures. `host` is the bridge
/// (`kitsim_limits.host`); `id` the receiver's object id read from argument 1 (0 when it
/// is not a handle). Each returns a result count or KITSIM_RAISE / KITSIM_RAISE_RAW, as
/// the generic entry does.
///   method:   `obj:name(...)` for method slot `slot`;
///   get:      `obj.name` for declared property `property` of the object's class;
///   set:      `obj.name = v` (v at index 3);
///   function: a host function (`LuaSandbox.setGlobal(_:function:)`); `fn` is its Swift
///             box (unretained; the bridge keeps it alive as long as the state).
typedef int (*kitsim_method_entry_fn)(lua_State *L, void *host, int slot, uint32_t id);
typedef int (*kitsim_property_entry_fn)(lua_State *L, void *host, uint32_t id, int property);
typedef int (*kitsim_function_entry_fn)(lua_State *L, void *host, void *fn);
void kitsim_set_swift_entries(kitsim_method_entry_fn method, kitsim_property_entry_fn get,
                              kitsim_property_entry_fn set, kitsim_function_entry_fn function);

/// Pushes the C closure of method slot `slot` (calls the method entry).
void kitsim_push_method(lua_State *L, int slot);
/// Pushes the C closure of host function box `fn` (calls the function entry).
void kitsim_push_host_function(lua_State *L, void *fn);

/// Opens a state with the capped allocator and the standard libraries; NULL on failure.
lua_State *kitsim_open(kitsim_limits *limits);
/// Closes a state `kitsim_open` made (`lua_close`), then returns its small-block pool's
/// memory.
void kitsim_close(lua_State *L);
kitsim_limits *kitsim_limits_of(lua_State *L);

/// Pushes a C closure that calls Swift function `index` through the trampoline, with
/// `nup` more upvalues taken from the stack (they become upvalues 2…nup+1).
void kitsim_push_swift_function(lua_State *L, int index, int nup);

/// Pushes the `__index` / `__newindex` closures of a class metatable. Upvalues: the
/// class's members table (property name → integer, method name → function) and the
/// generic Swift function for everything else; declared properties go to the get/set
/// entries.
void kitsim_push_index(lua_State *L, int members, int fallback_index);
void kitsim_push_newindex(lua_State *L, int members, int fallback_index);

/// Calls the function at the stack top's position `nargs` below the top under
/// protection with a traceback handler. Returns the LUA_* status.
int kitsim_pcall(lua_State *L, int nargs, int nresults);

/// Runs a script's main chunk (with `nargs` arguments above it) as lua.c does, from a C
/// function under `kitsim_pcall`, with no results.
int kitsim_pcall_main(lua_State *L, int nargs);

/// Resumes a task's coroutine `co` from thread `L` (KITSIM_YIELD): with `raise` 0 the
/// `narg` values on `co`'s stack top become the results of the call that suspended it; with
/// `raise` 1 the one value there is raised at that call. The first resume (`co` not yet
/// started) passes `narg` arguments to the function below them and `raise` must be 0.
/// Returns lua_resume's status, with the results or the error value on `co`'s stack
/// (`*nres`), tracking `co` for the stop hooks as coroutine.resume does.
int kitsim_resume_task(lua_State *L, lua_State *co, int narg, int raise, int *nres);
/// Pops the `next` method closure on the stack top and pushes the `__call` of an async
/// sequence's handles: `seq(state, control)` from a generic `for` calls `seq:next()` (the
/// for's extra values dropped), a call that may yield.
void kitsim_push_iterator_call(lua_State *L);
/// Pops a table and pushes `f(operation, handler)`: calls `table[enter](handler)` for a
/// token, then `operation()` as a call that may yield, then `table[leave](token)` however
/// the operation ended, and returns its results or raises its error as it was. The two
/// functions are looked up at each call. Argument errors are Lua's (`bad argument #1 to
/// 'f' (function expected, got nil)`).
void kitsim_push_bracket(lua_State *L, const char *enter, const char *leave);
/// Ends a thread that will not be resumed again: its pending to-be-closed variables close
/// (lua_closethread; lua_resetthread before Lua 5.4.6). Its status is left on its stack.
void kitsim_close_thread(lua_State *co, lua_State *from);

/// Pushes the traceback message handler, for `kitsim_pcall_handler`.
void kitsim_push_traceback(lua_State *L);
/// `kitsim_pcall` when the caller pushed the handler (`kitsim_push_traceback`) just
/// below the function: no insertion or removal (the caller resets the top).
int kitsim_pcall_handler(lua_State *L, int nargs, int nresults);

/// Loads a chunk from a buffer (text only). Allocation errors are reported as status.
/* Records where the KitSim error value at idx (an exception or assertion) was raised,
   from `level` of the running thread on, unless it already is: the headline's place and
   the traceback, kept beside the value, not in it. */
void kitsim_note_raise(lua_State *L, int idx, int level);

/* Pushes the table { where =, traceback = } recorded for the error value at idx and
   returns 1, or pushes nothing and returns 0. For an error that is not KitSim's own it
   forgets the record: the report consumes it. */
int kitsim_push_raise_info(lua_State *L, int idx);

/* Writes "short_src:linedefined" of the Lua function at idx into buf (for naming
   override frames in tracebacks); 0 when it is not a Lua function. Raises nothing. */
int kitsim_function_place(lua_State *L, int idx, char *buf, size_t size);

int kitsim_load(lua_State *L, const char *chunk, size_t len, const char *name);

/* Makes `count` class tables, each an empty table with the registry's `meta` as its
   metatable, records each in the registry's `class_of_table` table (table -> ids[i]) and
   as global names[i] (raw sets, in order), and stores a registry reference to each in
   refs[i]. `names` holds the names one after the other, each ended by a NUL. */
void kitsim_make_class_tables(lua_State *L, int meta, int class_of_table, const char *names,
                              const int *ids, int *refs, int count);

/* The bridge's prelude (which 0) and assertion vocabulary (which 1), compiled ahead of time
   (kitsim_prelude.c, made by scripts/prelude-bytecode.sh): loads the bytecode when it was
   made by this Lua release from a source of `len` bytes, else compiles `source`, as
   kitsim_load does. Either way the chunk is named "=prelude". */
int kitsim_load_prelude(lua_State *L, int which, const char *source, size_t len);

/* The compiled chunks, their sizes, the sizes of their sources and the Lua release
   (major * 10000 + minor * 100 + release) that made them. */
extern const int kitsim_prelude_release;
extern const unsigned char *const kitsim_prelude_chunks[2];
extern const size_t kitsim_prelude_chunk_sizes[2];
extern const size_t kitsim_prelude_source_sizes[2];

/// Loads the file at `path` as lua.c does (bytes as they are; a first line starting with
/// `#` and a UTF-8 byte order mark are skipped), text only.
int kitsim_loadfile(lua_State *L, const char *path);

/// Compiled files a host shares between the states it makes one after another for the
/// same scripts (`kitsim explore` runs a scenario once per order). A state whose
/// `kitsim_limits.chunks` points at one loads the files `kitsim_loadfile` and `require`
/// load from it when the file's bytes are those it compiled, and compiles and keeps them
/// otherwise: loading the compiled function gives the same function as compiling the text
/// (its name, lines, constants and upvalue names are kept). A cache is not thread-safe:
/// the states sharing one run on one thread.
typedef struct kitsim_chunk_cache kitsim_chunk_cache;
kitsim_chunk_cache *kitsim_chunk_cache_new(void);
void kitsim_chunk_cache_free(kitsim_chunk_cache *cache);
/// How many loads the cache answered (for tests and benchmarks).
size_t kitsim_chunk_cache_hits(const kitsim_chunk_cache *cache);

/// Sets the global `print` to the C function that writes each line through Swift
/// function `index` (called with the line and `false`).
void kitsim_set_print(lua_State *L, int index);

/// Writes `len` bytes and a newline to standard output (C's stdout, as Lua's io.write).
void kitsim_write_line(const char *bytes, size_t len);

/// Runs `chunk` under protection with a traceback handler.
int kitsim_dostring(lua_State *L, const char *chunk, size_t len, const char *name);

/// A run's budgets: `work` calls into the host (methods, properties, host functions,
/// `print`, `io.write`, run-loop turns; <= 0: none) and, when `instructions` > 0, an
/// instruction budget counted by a hook every `step` instructions (none by default: any
/// count hook makes every Lua instruction about twice as expensive).
void kitsim_set_budget(lua_State *L, int64_t instructions, int step, int64_t work);
/// The stop messages of the work budget and the time limit (rendered by the host, so that
/// each limit's text is written in one place).
void kitsim_set_limit_messages(lua_State *L, const char *work, const char *time);
/// Charges `n` units to the work budget from Swift (a run-loop turn); returns 0 when the
/// budget is used up or the time limit has passed, after arming the stop with that
/// limit's message (`kitsim_timed_out` tells which).
int kitsim_charge_work(lua_State *L, int64_t n);
/// Whether the time limit stopped the current run.
static inline int kitsim_timed_out(lua_State *L) { return kitsim_limits_of(L)->timed_out; }
/// Seconds a run may go on after the time limit's stop before the watchdog ends the
/// process (stage 2 of kitsim_watch).
#define KITSIM_STUCK_GRACE 1.0
/// The watchdog: each run of this state (an outermost protected call) may take `seconds`
/// of wall-clock time. Then it stops the run: the hooks are armed from a signal handler
/// in the running thread, as lua.c's Ctrl-C does, so Lua code stops at its next
/// instruction and the host's run loop at its next turn. A run still going
/// KITSIM_STUCK_GRACE seconds later is inside something that cannot be interrupted (a C
/// function, or a host call that never returns): the process ends with status 4, the
/// time limit's, after a report on standard error that names the function and the
/// script's line. 0 removes the state from the watchdog; so must the host before it
/// closes the state.
void kitsim_watch(lua_State *L, double seconds);
void kitsim_unwatch(kitsim_limits *lim);
/// The outermost protected call of a run begins or ends (the bridge's own calls only).
void kitsim_watch_begin(kitsim_limits *lim);
void kitsim_watch_end(kitsim_limits *lim);
/// Arms the stop hook on every thread of `lim`'s state that may be running: the main
/// thread and the coroutines being resumed (signal-safe).
void kitsim_arm_stop_hooks(kitsim_limits *lim);
/// The hook mask of thread L (0 when no hook is set), for tests of the normal path.
int kitsim_hook_mask(lua_State *L);
/// Makes every running Lua function stop with `message` (the hook raises it at the next
/// instruction, again after any pcall, until the host's own pcall is reached).
void kitsim_stop(lua_State *L, const char *message);
/// Ctrl-C: asks the running Lua code to stop at its next instruction (signal-safe,
/// as lua.c's `laction`). A second one before the first was taken ends the process with
/// status 130 and says where the run was stuck.
void kitsim_interrupt(lua_State *L);
/// Called on the thread running `lim`'s state (a signal handler): writes "file:line:
/// WHAT; the run was inside 'f', a C function …, so ENDING" to standard error and exits
/// with `status`.
void kitsim_end_stuck_here(kitsim_limits *lim, const char *what, const char *ending, int status);

/// Clears a stop (after the host's pcall returned).
void kitsim_clear_stop(lua_State *L);

/// Pushes a new handle cache (the table `cache` below; it keeps an overflow table in the
/// registry). One per state.
void kitsim_push_handle_cache(lua_State *L);
/// Creates a new handle userdata for `id` with the metatable at registry reference `mt`,
/// enters it in the handle cache at registry reference `cache`, and pushes it. `id` must
/// have no handle.
void kitsim_push_new_handle(lua_State *L, int cache, int mt, uint32_t id);
/// The object id of the handle at `idx`, or 0 when the value is not a handle.
uint32_t kitsim_handle_id(lua_State *L, int idx);
/// Pushes the handle of `id` and returns 1: argument 1 of the running C function when
/// it is that handle, else the one in the handle cache at registry reference `cache`;
/// returns 0 (and pushes nothing) when the cache has none.
int kitsim_push_cached_handle(lua_State *L, int cache, uint32_t id);

/// Protected `tostring(v)` of the value at `idx`; pushes the string (or an error
/// description). Never raises.
const char *kitsim_safe_tostring(lua_State *L, int idx, size_t *len);

/// The source and line of the innermost Lua function running, or NULL.
const char *kitsim_current_location(lua_State *L, int *line);

static inline void kitsim_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline int kitsim_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int kitsim_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline const char *kitsim_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline int kitsim_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline void kitsim_newtable(lua_State *L) { lua_newtable(L); }
static inline int kitsim_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline void kitsim_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }

#endif
