/work/main/build-san/obj/sw/xc_golden_min.o: xc_golden_min.c \
 xc_golden_min.h xc_minhw.h xc_flit.h xc_consts.h xc_consts.def xc_min.h \
 xc_status.h
xc_golden_min.h:
xc_minhw.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
xc_min.h:
xc_status.h:
