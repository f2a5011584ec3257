/work/main/build-san/obj/sw/xc_sched_te.o: xc_sched_te.c xc_sched.h \
 xc_topo.h xc_status.h xc_sched_dim.h
xc_sched.h:
xc_topo.h:
xc_status.h:
xc_sched_dim.h:
