/work/main/build-san/obj/sw/xc_cp_min.o: xc_cp_min.c xc_cp_min.h xc_hal.h \
 xc_latin.h xc_big.h xc_status.h xc_min.h xc_consts.h xc_consts.def \
 xc_flit.h
xc_cp_min.h:
xc_hal.h:
xc_latin.h:
xc_big.h:
xc_status.h:
xc_min.h:
xc_consts.h:
xc_consts.def:
xc_flit.h:
