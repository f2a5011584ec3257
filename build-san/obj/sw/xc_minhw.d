/work/main/build-san/obj/sw/xc_minhw.o: xc_minhw.c xc_minhw.h xc_flit.h \
 xc_consts.h xc_consts.def xc_min.h xc_status.h
xc_minhw.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
xc_min.h:
xc_status.h:
