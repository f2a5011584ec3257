/work/main/build-san/obj/sw/xc_score.o: xc_score.c xc_score.h xc_flit.h \
 xc_consts.h xc_consts.def xc_status.h
xc_score.h:
xc_flit.h:
xc_consts.h:
xc_consts.def:
xc_status.h:
