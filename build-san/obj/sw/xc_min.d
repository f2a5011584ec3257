/work/main/build-san/obj/sw/xc_min.o: xc_min.c xc_min.h xc_status.h \
 xc_consts.h xc_consts.def
xc_min.h:
xc_status.h:
xc_consts.h:
xc_consts.def:
