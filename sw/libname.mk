# SPDX-License-Identifier: MIT
# The C library's name, spelled once: lib$(XC_LIB).so (soname .so.0),
# lib$(XC_LIB).a, -l$(XC_LIB) in xchg.pc. sw/Makefile, the top Makefile,
# tb/Makefile and tb/cocotb/Makefile (whose bench loads the library by file
# name) include this file, so a rename is this one line.
XC_LIB := xchg
