/work/main/build-san/obj/sw/xc_flit.o: xc_flit.c xc_flit.h xc_consts.h \
 xc_consts.def
xc_flit.h:
xc_consts.h:
xc_consts.def:
