/* The watchdog of the time limit (SPEC §5: a wall-clock limit for pure-Lua loops).

   Nothing runs on the normal path: no count hook, no clock read. Every call from Lua into
   the host decrements the state's work budget (kitsim_lua.c), and a process-wide thread
   samples each watched state a few times per limit: a state that has run Lua code for the
   whole limit with neither a call into the host nor a new run in between is in a pure-Lua
   loop. The thread then sends SIGURG to the thread running it, whose handler arms the stop
   hook, as lua.c arms its hook from its SIGINT handler. The stop lands inside that loop,
   between two calls into the host, so the trace up to it is the same on every run.

   SIGURG is ignored by default, so a signal that arrives when no state is running harms
   nothing; a handler that was installed before is still called for signals that are not
   the watchdog's. POSIX only (Linux and macOS): pthreads, sigaction, clock_gettime. */
#include "kitsim_lua.h"
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct watch_entry {
    kitsim_limits *lim;
    double seconds;                  /* the limit */
    pthread_t thread;                /* the thread running the state's current run */
    kitsim_limits *outer;            /* the state that thread ran before this run began */
    unsigned seen_runs;              /* what the last sample saw */
    int64_t seen_work;
    double since;                    /* when the state was last seen making progress */
    struct watch_entry *next;
} watch_entry;

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_wake = PTHREAD_COND_INITIALIZER;
static watch_entry *watched;
static int watchdog_started;
static struct sigaction previous_action;

/* The state whose run this thread is in (read by the signal handler). */
static _Thread_local kitsim_limits *running_here;
/* Whether this thread takes SIGURG: libdispatch's worker threads (where `kitsim test` and
   the test runners run scenarios) start with most signals blocked, and a blocked signal
   would stay pending for ever. Unblocked once per thread, at its first watched run. */
static _Thread_local int takes_signal;

static double monotonic_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void on_signal(int sig, siginfo_t *info, void *context) {
    kitsim_limits *lim = running_here;
    if (lim != NULL && lim->lua_depth > 0 && __atomic_load_n(&lim->timed_out, __ATOMIC_ACQUIRE)) {
        kitsim_arm_stop_hooks(lim);
        return;
    }
    if (previous_action.sa_flags & SA_SIGINFO) {
        if (previous_action.sa_sigaction != NULL) previous_action.sa_sigaction(sig, info, context);
    } else if (previous_action.sa_handler != SIG_IGN && previous_action.sa_handler != SIG_DFL) {
        previous_action.sa_handler(sig);
    }
}

/* One sample of one state, under the lock. */
static void sample(watch_entry *e, double now) {
    kitsim_limits *lim = e->lim;
    unsigned runs = __atomic_load_n(&lim->runs, __ATOMIC_RELAXED);
    int64_t work = __atomic_load_n(&lim->work_left, __ATOMIC_RELAXED);
    int in_lua = lim->lua_depth > 0 && __atomic_load_n(&lim->swift_depth, __ATOMIC_RELAXED) == 0;
    if (!in_lua || runs != e->seen_runs || work != e->seen_work) {
        e->seen_runs = runs;
        e->seen_work = work;
        e->since = now;
        return;
    }
    if (now - e->since < e->seconds || __atomic_load_n(&lim->timed_out, __ATOMIC_RELAXED)) return;
    /* The hook stops only if no call into the host came between this decision and the
       signal's arrival: the stop stays inside the loop that was idle. */
    lim->timed_out_work = work;
    __atomic_store_n(&lim->timed_out, 1, __ATOMIC_RELEASE);
    pthread_kill(e->thread, SIGURG);
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
   thread, and start a new generation so that the idle time of an earlier run is not
   counted. */
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
