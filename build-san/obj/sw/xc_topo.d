/work/main/build-san/obj/sw/xc_topo.o: xc_topo.c xc_topo.h xc_status.h
xc_topo.h:
xc_status.h:
