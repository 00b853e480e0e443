/* The watchdog of the time limit (SPEC §5): a promise about wall time.

   A run (the outermost protected call of the host: a script, a REPL entry, a fuzz call)
   may take `seconds` of wall-clock time. Nothing runs on the normal path: no count hook
   and no clock read but one when a run begins. A process-wide thread samples each
   watched state a few times per limit, and when a run has lasted the limit it ends it
   in two stages:

   1. The stop. The thread sends SIGURG to the thread running the state, whose handler
      arms the stop hook, as lua.c arms its hook from its SIGINT handler. Lua code stops
      at its next instruction, KitSim's run loop at its next turn (kitsim_charge_work),
      and a call into the host raises the stop when it returns.
   2. The end of the process. Lua cannot interrupt a C function (a pattern match that
      backtracks for ever, table.move over a huge range) and nothing can interrupt a
      call that never returns to Lua. A run still going `KITSIM_STUCK_GRACE` seconds
      after the stop is stuck in one: the running thread's handler notes where (the
      function and the script's line), and the process ends with that report and the
      time limit's exit status, as Redis's SHUTDOWN NOSAVE ends a script that SCRIPT KILL
      cannot. A host that must survive it runs scenarios in a child process, as
      `kitsim test` does.

   SIGURG is ignored by default, so a signal that arrives when no state is running harms
   nothing; a handler that was installed before is still called for signals that are not
   the watchdog's. POSIX only (Linux and macOS): pthreads, sigaction, clock_gettime. */
#include "kitsim_lua.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct watch_entry {
    kitsim_limits *lim;
    double seconds;                  /* the limit */
    pthread_t thread;                /* the thread running the state's current run */
    kitsim_limits *outer;            /* the state that thread ran before this run began */
    unsigned seen_runs;              /* the run the last sample saw */
    double started;                  /* when the current run began (monotonic seconds) */
    double stopped;                  /* when the stop was sent (0: not yet) */
    struct watch_entry *next;
} watch_entry;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake = PTHREAD_COND_INITIALIZER;
static watch_entry *watched;
static int watchdog_started;
static struct sigaction previous_action;

/* The state whose run this thread is in (read by the signal handler). */
static _Thread_local kitsim_limits *running_here;
/* Whether this thread takes SIGURG: libdispatch's worker threads (where the test runners
   run scenarios) start with most signals blocked, and a blocked signal would stay
   pending for ever. Unblocked once per thread, at its first watched run. */
static _Thread_local int takes_signal;

/* Where a stuck run is, written by the running thread's signal handler for the watchdog:
   "file:line:" of the innermost Lua line, and the function running there. */
static char stuck_where[256];
static char stuck_function[64];
static volatile sig_atomic_t stuck_located;

static double monotonic_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Notes where the running thread is (stage 2): its innermost Lua line and the function
   running at the top of its stack. Called from the signal handler on that thread while
   it is stuck in a C function or in the host: neither changes Lua's call stack, and
   lua_getstack and lua_getinfo without 'f' or 'L' read it without allocating. */
static void locate(kitsim_limits *lim) {
    int depth = lim->running_depth;
    lua_State *L = depth > 0 && depth <= KITSIM_RUNNING_MAX ? lim->running[depth - 1] : lim->L;
    lua_Debug ar;
    stuck_where[0] = '\0';
    snprintf(stuck_function, sizeof stuck_function, "?");
    if (L == NULL) return;
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "nS", &ar) && ar.name != NULL)
        snprintf(stuck_function, sizeof stuck_function, "%s", ar.name);
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(stuck_where, sizeof stuck_where, "%s:%d:", ar.short_src, ar.currentline);
            break;
        }
    }
}

static void on_signal(int sig, siginfo_t *info, void *context) {
    kitsim_limits *lim = running_here;
    if (lim != NULL && lim->lua_depth > 0 && __atomic_load_n(&lim->timed_out, __ATOMIC_ACQUIRE)) {
        if (__atomic_load_n(&lim->locate, __ATOMIC_ACQUIRE)) {
            locate(lim);
            __atomic_store_n(&lim->locate, 0, __ATOMIC_RELEASE);
            stuck_located = 1;
        }
        kitsim_arm_stop_hooks(lim);
        return;
    }
    if (previous_action.sa_flags & SA_SIGINFO) {
        if (previous_action.sa_sigaction != NULL) previous_action.sa_sigaction(sig, info, context);
    } else if (previous_action.sa_handler != SIG_IGN && previous_action.sa_handler != SIG_DFL) {
        previous_action.sa_handler(sig);
    }
}

/* Writes all of s to fd, as far as it can. */
static void write_all(int fd, const char *s) {
    size_t left = strlen(s);
    while (left > 0) {
        ssize_t n = write(fd, s, left);
        if (n <= 0) return;
        s += n;
        left -= (size_t)n;
    }
}

/* "file:line: WHAT; the run was inside 'f', <what f is>, so ENDING", from what locate
   found (`located`: whether it ran). */
static void stuck_message(char *buf, size_t size, kitsim_limits *lim, int located,
                          const char *what, const char *ending) {
    int placed = located && stuck_where[0] != '\0';
    int in_host = __atomic_load_n(&lim->swift_depth, __ATOMIC_RELAXED) > 0;
    snprintf(buf, size, "%s%s%s; the run was inside '%s', %s, so %s",
             placed ? stuck_where : "", placed ? " " : "", what, located ? stuck_function : "?",
             in_host ? "a call into KitSim that did not return" : "a C function that Lua cannot interrupt",
             ending);
}

/* Ends the process with `message` on standard error after `banner`. What the script
   printed is flushed first when no other thread is in the middle of writing it (a stdout
   blocked on a full pipe must not keep the process alive). */
static void end_process(const char *banner, const char *message, int status) {
    if (ftrylockfile(stdout) == 0) {
        fflush(stdout);
        funlockfile(stdout);
    }
    write_all(2, banner);
    write_all(2, message);
    write_all(2, "\n");
    _exit(status);
}

void kitsim_end_stuck_here(kitsim_limits *lim, const char *what, const char *ending, int status) {
    locate(lim);
    char message[1024];
    stuck_message(message, sizeof message, lim, 1, what, ending);
    end_process("\n", message, status);
}

/* Stage 2 for the entry's run, under the lock: locate the running thread, then end the
   process with the time limit's report and status, unless the run ended meanwhile. */
static void run_is_stuck(watch_entry *e) {
    kitsim_limits *lim = e->lim;
    unsigned run = e->seen_runs;
    stuck_located = 0;
    __atomic_store_n(&lim->locate, 1, __ATOMIC_RELEASE);
    pthread_kill(e->thread, SIGURG);
    /* The handler runs at once unless the thread is blocked in the kernel; a tenth of a
       second is plenty, and the report goes on without the place when it did not run. */
    for (int i = 0; i < 100 && !stuck_located; i++) {
        struct timespec ms = { 0, 1000000L };
        nanosleep(&ms, NULL);
    }
    if (lim->lua_depth == 0 || __atomic_load_n(&lim->runs, __ATOMIC_RELAXED) != run) return;
    char ending[64], message[1024];
    snprintf(ending, sizeof ending, "KitSim ended the process %g s later", KITSIM_STUCK_GRACE);
    stuck_message(message, sizeof message, lim, stuck_located, lim->time_message, ending);
    end_process("\n== LIMIT EXCEEDED ==\n", message, 4);
}

/* One sample of one state, under the lock. */
static void sample(watch_entry *e, double now) {
    kitsim_limits *lim = e->lim;
    if (lim->lua_depth == 0) return;
    unsigned runs = __atomic_load_n(&lim->runs, __ATOMIC_RELAXED);
    if (runs != e->seen_runs) {
        e->seen_runs = runs;
        e->stopped = 0;
    }
    if (now - e->started < e->seconds) return;
    if (e->stopped == 0) {
        e->stopped = now;
        __atomic_store_n(&lim->timed_out, 1, __ATOMIC_RELEASE);
        pthread_kill(e->thread, SIGURG);
    } else if (now - e->stopped >= KITSIM_STUCK_GRACE) {
        run_is_stuck(e);                    /* returns only when the run ended meanwhile */
    } else {
        /* The thread may have been in the host when the first signal came, and a new
           coroutine since: arm again. */
        pthread_kill(e->thread, SIGURG);
    }
}

static void *watchdog_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&watch_lock);
    for (;;) {
        while (watched == NULL) pthread_cond_wait(&watch_wake, &watch_lock);
        double tick = 0.25;
        for (watch_entry *e = watched; e != NULL; e = e->next)
            if (e->seconds / 8 < tick) tick = e->seconds / 8;
        if (tick < 0.001) tick = 0.001;
        double now = monotonic_seconds();
        for (watch_entry *e = watched; e != NULL; e = e->next) sample(e, now);
        /* A timed wait on the realtime clock: a clock change only lengthens or shortens
           one tick, and the limit itself is measured on the monotonic clock. */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long ns = until.tv_nsec + (long)(tick * 1e9);
        until.tv_sec += ns / 1000000000L;
        until.tv_nsec = ns % 1000000000L;
        pthread_cond_timedwait(&watch_wake, &watch_lock, &until);
    }
    return NULL;
}

/* Starts the thread (under the lock), with every signal blocked in it: a process-directed
   signal (the REPL's Ctrl-C) must reach a thread that may be running Lua, never this one. */
static void start_watchdog(void) {
    if (watchdog_started) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGURG, &action, &previous_action) != 0) return;
    sigset_t all, saved;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &saved);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    pthread_t thread;
    if (pthread_create(&thread, &attr, watchdog_main, NULL) == 0) watchdog_started = 1;
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

void kitsim_watch(lua_State *L, double seconds) {
    kitsim_limits *lim = kitsim_limits_of(L);
    if (!(seconds > 0)) {
        kitsim_unwatch(lim);
        return;
    }
    pthread_mutex_lock(&watch_lock);
    watch_entry *e = lim->watch;
    if (e == NULL) {
        e = calloc(1, sizeof *e);
        if (e != NULL) {
            e->lim = lim;
            e->next = watched;
            watched = e;
            lim->watch = e;
        }
    }
    if (e != NULL) {
        e->seconds = seconds;
        start_watchdog();
        pthread_cond_signal(&watch_wake);
    }
    pthread_mutex_unlock(&watch_lock);
}

void kitsim_unwatch(kitsim_limits *lim) {
    pthread_mutex_lock(&watch_lock);
    watch_entry *e = lim->watch;
    if (e != NULL) {
        for (watch_entry **p = &watched; *p != NULL; p = &(*p)->next) {
            if (*p == e) { *p = e->next; break; }
        }
        lim->watch = NULL;
        free(e);
    }
    pthread_mutex_unlock(&watch_lock);
}

/* The outermost protected call of a run begins (kitsim_lua.c's enter_lua): record the
   thread and the time, and start a new generation, so that a stop armed for an earlier
   run does not end this one. */
void kitsim_watch_begin(kitsim_limits *lim) {
    pthread_mutex_lock(&watch_lock);
    if (!takes_signal) {
        sigset_t urg;
        sigemptyset(&urg);
        sigaddset(&urg, SIGURG);
        pthread_sigmask(SIG_UNBLOCK, &urg, NULL);
        takes_signal = 1;
    }
    watch_entry *e = lim->watch;
    if (e != NULL) {
        e->thread = pthread_self();
        e->outer = running_here;
        e->started = monotonic_seconds();
        running_here = lim;
        __atomic_store_n(&lim->timed_out, 0, __ATOMIC_RELEASE);
        __atomic_store_n(&lim->runs, lim->runs + 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&watch_lock);
}

/* The run's outermost protected call returned. Taking the lock waits for a signal the
   watchdog may be sending this thread right now; any later sample sees lua_depth 0. */
void kitsim_watch_end(kitsim_limits *lim) {
    pthread_mutex_lock(&watch_lock);
    watch_entry *e = lim->watch;
    if (e != NULL) running_here = e->outer;
    pthread_mutex_unlock(&watch_lock);
}
