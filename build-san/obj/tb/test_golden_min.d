/work/main/build-san/tb/test_golden_min: test_golden_min.c \
 ../sw/xc_consts.h ../sw/xc_consts.def ../sw/xc_cp_min.h ../sw/xc_hal.h \
 ../sw/xc_latin.h ../sw/xc_big.h ../sw/xc_status.h ../sw/xc_min.h \
 ../sim/xc_lockstep.h ../sim/xc_dut.h ../sw/xc_minhw.h ../sw/xc_flit.h \
 ../sw/xc_consts.h ../sw/xc_golden_min.h ../sw/xc_minhw.h ../sw/xc_hal.h \
 ../sw/xc_score.h
../sw/xc_consts.h:
../sw/xc_consts.def:
../sw/xc_cp_min.h:
../sw/xc_hal.h:
../sw/xc_latin.h:
../sw/xc_big.h:
../sw/xc_status.h:
../sw/xc_min.h:
../sim/xc_lockstep.h:
../sim/xc_dut.h:
../sw/xc_minhw.h:
../sw/xc_flit.h:
../sw/xc_consts.h:
../sw/xc_golden_min.h:
../sw/xc_minhw.h:
../sw/xc_hal.h:
../sw/xc_score.h:
