/work/main/build-san/obj/sim/xc_lockstep.o: ../sim/xc_lockstep.c \
 ../sim/xc_lockstep.h ../sim/xc_dut.h xc_minhw.h xc_flit.h xc_consts.h \
 xc_consts.def xc_min.h xc_status.h xc_golden_min.h xc_minhw.h xc_hal.h \
 xc_score.h
../sim/xc_lockstep.h:
../sim/xc_dut.h:
xc_minhw.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
xc_min.h:
xc_status.h:
xc_golden_min.h:
xc_minhw.h:
xc_hal.h:
xc_score.h:
