/work/main/build-san/obj/sw/xc_sched_dim.o: xc_sched_dim.c xc_sched_dim.h \
 xc_topo.h xc_status.h xc_bound.h
xc_sched_dim.h:
xc_topo.h:
xc_status.h:
xc_bound.h:
