/* SPDX-License-Identifier: MIT */
/* Trace files as a whole: the format a name asks for, and the check that
 * a finished trace is complete. The FST writer (fstapi) reports no write
 * errors, so a trace is read back after it is closed: a disk that filled
 * up, a file size limit or a device that refuses writes leaves a file
 * GTKWave's own reader cannot open, and the run exits 3 instead of PASS. */
#ifndef XC_WAVE_FILE_H_
#define XC_WAVE_FILE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_status.h"

typedef enum xc_wave_fmt { XC_WAVE_NONE = -1, XC_WAVE_FST = 0, XC_WAVE_VCD = 1 } xc_wave_fmt;

/* FST for a name ending in .fst, VCD for .vcd, XC_WAVE_NONE otherwise. */
xc_wave_fmt xc_wave_format(const char *path);

/* XC_OK when path is a complete trace (FST: GTKWave's reader opens it and
 * finds its signals; VCD: it ends with a whole line after the header);
 * XC_EWRITE naming the file otherwise. */
xc_status xc_wave_verify(const char *path, xc_err *err);
/* The same, naming the file shown (the trace's final name, for a
 * temporary file path that is renamed to it once whole). */
xc_status xc_wave_verify_as(const char *path, const char *shown, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_WAVE_FILE_H_ */
