/work/main/build-san/obj/sw/xc_cmd_run.o: xc_cmd_run.c xc_cli.h \
 xc_status.h xc_consts.h xc_consts.def xc_cp_min.h xc_hal.h xc_latin.h \
 xc_big.h xc_min.h xc_fs.h ../sim/xc_gtkw.h xc_min.h ../sim/xc_lockstep.h \
 ../sim/xc_dut.h xc_minhw.h xc_flit.h xc_consts.h xc_min.h \
 xc_golden_min.h xc_minhw.h xc_hal.h xc_score.h xc_status.h
xc_cli.h:
xc_status.h:
xc_consts.h:
xc_consts.def:
xc_cp_min.h:
xc_hal.h:
xc_latin.h:
xc_big.h:
xc_min.h:
xc_fs.h:
../sim/xc_gtkw.h:
xc_min.h:
../sim/xc_lockstep.h:
../sim/xc_dut.h:
xc_minhw.h:
xc_flit.h:
xc_consts.h:
xc_min.h:
xc_golden_min.h:
xc_minhw.h:
xc_hal.h:
xc_score.h:
xc_status.h:
