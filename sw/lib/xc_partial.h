/* SPDX-License-Identifier: MIT */
/* Files a command is still writing (traces, vectors, a ROM image, their
 * temporaries): if SIGINT or SIGTERM stops the command, the handler of
 * xc_partial_catch removes every file still listed (and every folder the
 * command created, if it is empty), prints one line and exits 128 + the
 * signal, so nothing half-written is left behind. A finished file is taken
 * off the list. The list is fixed-size and lock-free: the handler reads
 * only entries whose flag is set after their path was stored. */
#ifndef XC_PARTIAL_H_
#define XC_PARTIAL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxc */
#endif

/* Lists path (copied) as unfinished; a folder (is_dir) is removed only if
 * empty. Silently ignored when the list (64 entries) is full or path too
 * long: the caller still removes its own files on its own error paths. */
void xc_partial_add(const char *path, int is_dir);

/* Takes path off the list (it is complete, or already removed). */
void xc_partial_done(const char *path);

/* Takes every path off the list. */
void xc_partial_clear(void);

/* Removes every listed file and folder now (async-signal-safe). */
void xc_partial_remove_all(void);

/* Installs the handler for SIGINT and SIGTERM ("xchg CMD: stopped by
 * SIGINT..." on stderr, exit 130 or 143) and SIGBUS (a memory-mapped
 * temporary the disk could not hold: exit 3), and ignores SIGXFSZ (a write
 * past ulimit -f fails with EFBIG, which the writers report). A signal
 * that was ignored when the command started (nohup, a background job)
 * stays ignored. */
void xc_partial_catch(const char *cmd);

/* From now on the handler removes the files and exits without its line: a
 * worker process whose parent reports the stop (xchg sweep's cases). */
void xc_partial_quiet(void);

#ifdef __cplusplus
}
#endif

#endif /* XC_PARTIAL_H_ */
