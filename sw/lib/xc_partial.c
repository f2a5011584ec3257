/* SPDX-License-Identifier: MIT */
#include "xc_partial.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS = 64, PATH_CAP = 4096 }; /* a path the kernel takes, whole */

const int xc_stop_signals[XC_STOP_SIGNALS] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU};

const char *xc_signal_name(int sig)
{
    switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGQUIT: return "SIGQUIT";
    case SIGXCPU: return "SIGXCPU";
    case SIGPIPE: return "SIGPIPE";
    case SIGBUS: return "SIGBUS";
    default: return "a signal";
    }
}

static char paths[SLOTS][PATH_CAP];
static volatile sig_atomic_t used[SLOTS]; /* 0 free, 1 a file, 2 a folder */
static char who[32] = "xchg";
static volatile sig_atomic_t quiet; /* no line: the parent says it */

void xc_partial_add(const char *path, int is_dir)
{
    if (!path || strlen(path) >= PATH_CAP)
        return;
    for (int i = 0; i < SLOTS; i++)
        if (!used[i]) {
            memcpy(paths[i], path, strlen(path) + 1);
            atomic_signal_fence(memory_order_seq_cst); /* the path is whole before the flag says so */
            used[i] = is_dir ? 2 : 1;
            return;
        }
}

void xc_partial_done(const char *path)
{
    for (int i = 0; i < SLOTS; i++)
        if (used[i] && !strcmp(paths[i], path))
            used[i] = 0;
}

void xc_partial_clear(void)
{
    for (int i = 0; i < SLOTS; i++)
        used[i] = 0;
}

void xc_partial_remove_all(void)
{
    for (int i = 0; i < SLOTS; i++) /* files first, then the folders they were in */
        if (used[i] == 1)
            unlink(paths[i]);
    for (int i = SLOTS - 1; i >= 0; i--)
        if (used[i] == 2)
            rmdir(paths[i]);
}

static void put(const char *s) { (void)!write(2, s, strlen(s)); }

/* Only async-signal-safe calls: unlink, rmdir, write, _exit. */
static void on_stop(int sig)
{
    int listed = 0;
    for (int i = 0; i < SLOTS; i++)
        listed |= used[i] != 0;
    if (sig == SIGPIPE && !listed) /* `xchg ... | head`: nothing to say, the status a shell shows for it */
        _exit(128 + sig);
    xc_partial_remove_all();
    if (quiet)
        _exit(sig == SIGBUS ? 3 : 128 + sig);
    put("xchg ");
    put(who);
    if (sig == SIGBUS) /* a page of a memory-mapped temporary (the FST writer's) that the file
                        * system could not back: a full disk, an environment failure */
        put(": a write failed (SIGBUS in a memory-mapped file: the disk is full?)");
    else {
        put(": stopped by ");
        put(xc_signal_name(sig));
    }
    put(listed ? "; the unfinished output files were removed\n" : "\n");
    _exit(sig == SIGBUS ? 3 : 128 + sig);
}

void xc_partial_quiet(void) { quiet = 1; }

void xc_partial_catch(const char *cmd)
{
    size_t n = strlen(cmd);
    if (n >= sizeof who)
        n = sizeof who - 1;
    memcpy(who, cmd, n);
    who[n] = '\0';
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU, SIGPIPE, SIGBUS};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaddset(&sa.sa_mask, sigs[i]); /* one handler at a time */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        sigaction(sigs[i], NULL, &old);
        if (old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    }
    /* past a file size limit (ulimit -f) a write fails with EFBIG and the
     * writer reports it, instead of a SIGXFSZ core dump */
    signal(SIGXFSZ, SIG_IGN);
}
