# SPDX-License-Identifier: MIT
# Read after a MIN model's own makefile (sim/Makefile `min`, make -f
# Vxchg_min_dv.mk -f vl_unity.mk): the two precompiled headers of the
# groups sim/vl_unity.sh writes, each compiled with its groups' flags
# (a precompiled header is used only by a compile with the same options).
# Why: the model's headers took about 3 CPU-seconds to read at
# butterfly:1024, and a group's own code often less (docs/bench.md, MIN).
# A one-file build (VM_PARALLEL_BUILDS=0, small models) builds neither.
$(VM_PREFIX)__pch_f.h.gch: $(VM_PREFIX)__pch_f.h
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_FAST) -x c++-header -c -o $@ $<
$(VM_PREFIX)__pch_s.h.gch: $(VM_PREFIX)__pch_s.h
	$(CXX) $(CXXFLAGS) $(CPPFLAGS) $(OPT_SLOW) -x c++-header -c -o $@ $<
$(addsuffix .o,$(filter $(VM_PREFIX)__unity_f%,$(VM_CLASSES_FAST))): $(VM_PREFIX)__pch_f.h.gch
$(addsuffix .o,$(filter $(VM_PREFIX)__unity_s%,$(VM_CLASSES_SLOW))): $(VM_PREFIX)__pch_s.h.gch
