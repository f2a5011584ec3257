// SPDX-License-Identifier: MIT
// `XCHG_VERBOSE(NOTE), in a simulation shell's module body: the level
// +xchg_verbose[=LEVEL] asks for (xchg run --plusarg; 1 without a level,
// 0 without the plusarg) in the integer verbose, read at time 0, and then
// the statement NOTE (the shell's line of parameters, on stderr) when
// the level is 1 or more. The shell's later notes test verbose.
`ifndef XCHG_VERBOSE_VH
`define XCHG_VERBOSE_VH
`define XCHG_VERBOSE(NOTE) \
  integer verbose = 0, verbose_arg; \
  initial begin \
    if ($test$plusargs("xchg_verbose")) verbose = 1; \
    if ($value$plusargs("xchg_verbose=%d", verbose_arg)) verbose = verbose_arg; \
    if (verbose > 0) NOTE; \
  end
`endif
