/* SPDX-License-Identifier: MIT */
/* Files a command is still writing (traces, vectors, a ROM image, the
 * temporary files of --out, their temporaries): if a signal stops the
 * command (xc_stop_signals), the handler of xc_partial_catch removes every
 * file still listed (and every folder the command created, if it is
 * empty), prints one line naming the signal and exits 128 + the signal, so
 * nothing half-written is left behind. A finished file is taken
 * off the list. The list is fixed-size and lock-free: the handler reads
 * only entries whose flag is set after their path was stored. */
#ifndef XC_PARTIAL_H_
#define XC_PARTIAL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

/* The signals that stop a command: SIGINT, SIGTERM, SIGHUP (a dropped ssh
 * session), SIGQUIT, SIGXCPU (a CI's CPU limit). SIGPIPE (a reader that
 * went away) stops it the same way while files are listed, and otherwise
 * ends it silently, as without a handler. SIGXFSZ is ignored: a write past
 * ulimit -f fails with EFBIG, which the writer reports (exit 3). */
enum { XC_STOP_SIGNALS = 5 };
extern const int xc_stop_signals[XC_STOP_SIGNALS];

/* "SIGINT", "SIGHUP", ... for a signal of xc_stop_signals, SIGPIPE or
 * SIGBUS; "a signal" for another. */
const char *xc_signal_name(int sig);

/* Lists path (copied) as unfinished; a folder (is_dir) is removed only if
 * empty. Silently ignored when the list (64 entries) is full or path
 * longer than a path can be: the caller still removes its own files on its
 * own error paths. */
void xc_partial_add(const char *path, int is_dir);

/* Takes path off the list (it is complete, or already removed). */
void xc_partial_done(const char *path);

/* Takes every path off the list. */
void xc_partial_clear(void);

/* Removes every listed file and folder now (async-signal-safe). */
void xc_partial_remove_all(void);

/* Installs the handler for xc_stop_signals and SIGPIPE ("xchg CMD:
 * stopped by SIGHUP..." on stderr, exit 128 + the signal) and SIGBUS (a
 * memory-mapped temporary the disk could not hold: exit 3), and ignores
 * SIGXFSZ. A signal that was ignored when the command started (nohup, a
 * background job) stays ignored. Every command of xchg runs with it. */
void xc_partial_catch(const char *cmd);

/* From now on the handler removes the files and exits without its line: a
 * worker process whose parent reports the stop (xchg sweep's cases). */
void xc_partial_quiet(void);

#ifdef __cplusplus
}
#endif

#endif /* XC_PARTIAL_H_ */
