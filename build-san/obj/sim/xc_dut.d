/work/main/build-san/obj/sim/xc_dut.o: ../sim/xc_dut.c ../sim/xc_dut.h \
 xc_minhw.h xc_flit.h xc_consts.h xc_consts.def xc_min.h xc_status.h \
 xc_flit.h xc_fs.h
../sim/xc_dut.h:
xc_minhw.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
xc_min.h:
xc_status.h:
xc_flit.h:
xc_fs.h:
