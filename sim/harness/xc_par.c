/* SPDX-License-Identifier: MIT */
#include "xc_par_int.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

/* The team meets twice a run at a barrier: at the start (the job is set)
 * and at the end (every part done). A barrier waits in the kernel, not
 * in a spin: a loaded machine's other jobs keep their cores. A member
 * first waits at the gate until all are started (go) or one could not be
 * (go and quit): a barrier of n would never open for fewer. */
struct xc_par {
    unsigned n, started;
    pthread_t *tid;
    pthread_barrier_t start, done;
    pthread_mutex_t lock;
    pthread_cond_t gate;
    int go, quit;
    void (*fn)(void *ctx, unsigned k, unsigned n);
    void *ctx;
};

typedef struct member {
    xc_par *p;
    unsigned k;
} member;

static void *member_main(void *arg)
{
    const member m = *(member *)arg;
    free(arg);
    pthread_mutex_lock(&m.p->lock);
    while (!m.p->go)
        pthread_cond_wait(&m.p->gate, &m.p->lock);
    const int quit = m.p->quit; /* a member could not be started */
    pthread_mutex_unlock(&m.p->lock);
    if (quit)
        return NULL;
    for (;;) {
        pthread_barrier_wait(&m.p->start);
        if (m.p->quit)
            return NULL;
        m.p->fn(m.p->ctx, m.k, m.p->n);
        pthread_barrier_wait(&m.p->done);
    }
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

/* Opens the gate: the members go on to the barriers, or (quit) end. */
static void open_gate(xc_par *p, int quit)
{
    pthread_mutex_lock(&p->lock);
    p->go = 1;
    p->quit = quit;
    pthread_cond_broadcast(&p->gate);
    pthread_mutex_unlock(&p->lock);
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
    pthread_barrier_init(&p->start, NULL, n);
    pthread_barrier_init(&p->done, NULL, n);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->gate, NULL);
    for (p->started = 1; p->started < n; p->started++)
        if (start_member(p, p->started))
            break;
    const int all = p->started == n;
    open_gate(p, !all);
    if (!all) {
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
    pthread_barrier_wait(&p->start);
    fn(ctx, 0, p->n);
    pthread_barrier_wait(&p->done);
}

unsigned xc_par_size(const xc_par *p) { return p ? p->n : 1; }

void xc_par_close(xc_par *p)
{
    if (!p)
        return;
    if (!p->quit) { /* every member waits at the start */
        p->quit = 1;
        pthread_barrier_wait(&p->start);
    }
    for (unsigned k = 1; k < p->started; k++)
        pthread_join(p->tid[k], NULL);
    pthread_barrier_destroy(&p->start);
    pthread_barrier_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->gate);
    free(p->tid);
    free(p);
}
