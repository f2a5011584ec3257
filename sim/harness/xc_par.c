/* SPDX-License-Identifier: MIT */
#include "xc_par_int.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>

/* A run starts when the caller raises epoch and ends when every member
 * has raised done. A run of the tiled model lasts a fraction of a
 * millisecond and comes every cycle, so a member waits for the next
 * epoch spinning for about as long as a run (SPIN rounds), then asleep
 * on the condition variable (a wake-up from the kernel costs tens of
 * microseconds in a virtual machine: one a run halved what two threads
 * gained at torus:64x64); the caller waits for the members spinning,
 * yielding its core after SPIN rounds (a member may have lost its core
 * on a loaded machine). The lock guards only the sleep. */
enum { SPIN = 1 << 14 };

struct xc_par {
    unsigned n, started;
    pthread_t *tid;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    atomic_uint epoch, done;
    atomic_int quit;
    void (*fn)(void *ctx, unsigned k, unsigned n);
    void *ctx;
};

typedef struct member {
    xc_par *p;
    unsigned k;
} member;

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Waits until p->epoch is no longer seen; returns it. */
static unsigned next_epoch(xc_par *p, unsigned seen)
{
    unsigned e;
    for (unsigned i = 0; i < SPIN; i++) {
        if ((e = atomic_load_explicit(&p->epoch, memory_order_acquire)) != seen)
            return e;
        relax();
    }
    pthread_mutex_lock(&p->lock);
    while ((e = atomic_load_explicit(&p->epoch, memory_order_acquire)) == seen)
        pthread_cond_wait(&p->wake, &p->lock);
    pthread_mutex_unlock(&p->lock);
    return e;
}

static void *member_main(void *arg)
{
    const member m = *(member *)arg;
    free(arg);
    for (unsigned seen = 0;;) {
        seen = next_epoch(m.p, seen);
        if (atomic_load(&m.p->quit))
            return NULL;
        m.p->fn(m.p->ctx, m.k, m.p->n);
        atomic_fetch_add_explicit(&m.p->done, 1, memory_order_release);
    }
}

/* Raises the epoch and wakes the sleeping members. */
static void start_epoch(xc_par *p)
{
    pthread_mutex_lock(&p->lock);
    atomic_fetch_add_explicit(&p->epoch, 1, memory_order_release);
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

/* Member k, with every signal blocked: stop signals go to the threads
 * that wait for them (sw/cli/xc_main.c), never to one evaluating a block. */
static int start_member(xc_par *p, unsigned k)
{
    member *m = malloc(sizeof *m);
    if (!m)
        return -1;
    *m = (member){p, k};
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    const int rc = pthread_create(&p->tid[k], NULL, member_main, m);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc)
        free(m);
    return rc ? -1 : 0;
}

xc_status xc_par_open(xc_par **out, unsigned n, xc_err *err)
{
    *out = NULL;
    if (n < 1 || n > 64)
        return xc_fail(err, XC_ERANGE, "%u threads: 1 .. 64", n);
    if (n == 1)
        return XC_OK;
    xc_par *p = calloc(1, sizeof *p);
    if (!p || !(p->tid = calloc(n, sizeof *p->tid))) {
        free(p);
        return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    p->n = n;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    for (p->started = 1; p->started < n; p->started++)
        if (start_member(p, p->started)) {
            const unsigned k = p->started;
            xc_par_close(p);
            return xc_fail(err, XC_ENOMEM, "cannot start thread %u of %u", k + 1, n);
        }
    *out = p;
    return XC_OK;
}

void xc_par_run(xc_par *p, void (*fn)(void *ctx, unsigned k, unsigned n), void *ctx)
{
    if (!p) {
        fn(ctx, 0, 1);
        return;
    }
    p->fn = fn;
    p->ctx = ctx;
    atomic_store_explicit(&p->done, 0, memory_order_relaxed);
    start_epoch(p);
    fn(ctx, 0, p->n);
    for (unsigned i = 0; atomic_load_explicit(&p->done, memory_order_acquire) != p->n - 1; i++)
        if (i < SPIN)
            relax();
        else
            sched_yield();
}

unsigned xc_par_size(const xc_par *p) { return p ? p->n : 1; }

void xc_par_close(xc_par *p)
{
    if (!p)
        return;
    atomic_store(&p->quit, 1);
    start_epoch(p); /* every started member sees the epoch and quits */
    for (unsigned k = 1; k < p->started; k++)
        pthread_join(p->tid[k], NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    free(p->tid);
    free(p);
}
