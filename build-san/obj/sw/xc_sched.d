/work/main/build-san/obj/sw/xc_sched.o: xc_sched.c xc_sched.h xc_topo.h \
 xc_status.h xc_bound.h xc_sched_dim.h
xc_sched.h:
xc_topo.h:
xc_status.h:
xc_bound.h:
xc_sched_dim.h:
