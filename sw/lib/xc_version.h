/* SPDX-License-Identifier: MIT */
/* The tool's version, in one place for every layer that writes it: xchg
 * --version, "version" in every JSON report (sw/cli/xc_json.h) and in the
 * functional coverage file (sim/harness/xc_fcov.c). */
#ifndef XC_VERSION_H_
#define XC_VERSION_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxc */
#endif

#define XC_VERSION "0.9.0"

#ifdef __cplusplus
}
#endif

#endif /* XC_VERSION_H_ */
