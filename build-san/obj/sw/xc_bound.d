/work/main/build-san/obj/sw/xc_bound.o: xc_bound.c xc_bound.h xc_topo.h \
 xc_status.h
xc_bound.h:
xc_topo.h:
xc_status.h:
