/work/main/build-san/obj/sw/xc_check.o: xc_check.c xc_check.h xc_status.h \
 xc_topo.h
xc_check.h:
xc_status.h:
xc_topo.h:
